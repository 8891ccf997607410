package martianchess

import (
	"context"
	"strconv"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/enginetest"
)

var variants = []engine.Variant{MartianChessVariant, CoasterChessVariant}

// checkAccepted checks a position a parser accepted: its text and its structured form read back
// as the same position, every legal action's notation reads back, action is an error or a legal
// action, and perft 2 runs within a budget.
func checkAccepted(t *testing.T, v engine.Variant, p *Position, action string) {
	t.Helper()
	text := p.String()
	again, err := v.Parse(text)
	if err != nil || *again.(*Position) != *p {
		t.Fatalf("%q does not read back the same: %v", text, err)
	}
	back, err := v.FromSetup(p.Setup())
	if err != nil || *back.(*Position) != *p {
		t.Fatalf("%q: the structured form reads back as %v, %v", text, back, err)
	}
	var buf [engine.MaxMoves]engine.Move
	for _, m := range p.Moves(buf[:0]) {
		if back, err := p.ParseMove(p.Notation(m)); err != nil || back != m {
			t.Fatalf("%s: %q reads back as %v, %v", text, p.Notation(m), back, err)
		}
	}
	enginetest.CheckParseMove(t, p, action)
	if m, err := p.ParseMove(action); err == nil {
		p.Play(m)
	}
	if _, err := engine.Perft(context.Background(), p, 2, engine.PerftOptions{Budget: 20_000}); err != nil && err != engine.ErrBudget {
		t.Fatal(err)
	}
}

// FuzzParse: any text either game accepts writes back to a text that reads as the same position,
// and any action text is an error or a legal action there.
func FuzzParse(f *testing.F) {
	for _, texts := range startTexts {
		for _, s := range texts {
			f.Add(s, "b2c3")
			f.Add(s+" teams", "a1b1+clock")
		}
	}
	f.Add("4/4/4/1p2/4/4/1q2/4 s p,dq 6 - 9", "b2b5")
	f.Add("3p/4/4/4/1d2/4/4/p3 n -,- - b4b5 3", "b5b4")
	f.Add("5p/6/6/2q3/2d3/6 s -,- 3 - 1", "c3d3+clock")
	f.Add("7p/8/8/3p4/8/8/8/p6p nw p,-,-,p - - 1 teams", "pass")
	f.Fuzz(func(t *testing.T, text, action string) {
		for _, v := range variants {
			p, err := v.Parse(text)
			if err != nil {
				continue
			}
			checkAccepted(t, v, p.(*Position), action)
		}
	})
}

// FuzzParseMove: from every start and a few middle-game positions, any action text is an error or
// a legal action, and an illegal well-formed action gets a reason that is not the fallback.
func FuzzParseMove(f *testing.F) {
	for _, a := range []string{"b2c3", "b2c3+clock", "pass", "a1a1", "B2 C3", "h8a1+CLOCK", "a10b1", "c1b1"} {
		f.Add(uint8(0), a)
	}
	f.Fuzz(func(t *testing.T, which uint8, action string) {
		v := variants[which&1]
		opts := [3]engine.Options{nil, fourPlayers(false), fourPlayers(true)}[int(which>>1)%3]
		p, err := v.Start(opts)
		if err != nil {
			t.Fatal(err)
		}
		enginetest.CheckParseMove(t, p, action)
		if _, err := p.ParseMove(action); err != nil {
			if ie, ok := err.(*engine.IllegalError); ok && ie.Reason == fallbackReason {
				t.Fatalf("%s: %q gets the fallback reason", p, action)
			}
		}
	})
}

func fourPlayers(teams bool) engine.Options {
	return engine.Options{optPlayers: {Kind: engine.OptionInt, Int: 4}, optTeams: {Kind: engine.OptionBool, Bool: teams}}
}

// FuzzFromSetup builds structured positions from fuzzed bytes: any one FromSetup accepts reads
// back the same from its own structured form and from its text.
func FuzzFromSetup(f *testing.F) {
	f.Add([]byte{0, 0, 3, 0, 0, 1, 3, 7, 1, 0, 2, 9, 1, 2, 3})
	f.Add([]byte{1, 3, 1, 5, 5, 5, 2, 2, 2, 3, 1, 4, 4, 0, 0, 9, 9})
	f.Add([]byte{2, 1, 0, 0, 1, 1, 2, 7, 7, 3, 0, 7, 2, 6, 1, 1, 1, 1})
	f.Fuzz(func(t *testing.T, data []byte) {
		v, s := setupFromBytes(data)
		p, err := v.FromSetup(s)
		if err != nil {
			return
		}
		checkAccepted(t, v, p.(*Position), "a1a2")
	})
}

// setupFromBytes reads a variant and a structured position from bytes, mostly well-formed so that
// FromSetup gets past its first checks: each byte read picks among valid values and a few bad ones.
func setupFromBytes(data []byte) (engine.Variant, *engine.Setup) {
	next := func() int {
		if len(data) == 0 {
			return 0
		}
		b := int(data[0])
		data = data[1:]
		return b
	}
	v := variants[next()&1]
	s := &engine.Setup{Variant: v.Describe().Name}
	o := next()
	players := []int64{2, 4, 4, 3}[o&3]
	s.Options = engine.Options{optPlayers: {Kind: engine.OptionInt, Int: players}}
	if o&4 != 0 {
		s.Options[optTeams] = engine.OptionValue{Kind: engine.OptionBool, Bool: true}
	}
	seats := append(append([]string{}, twoSeats...), fourSeats...)
	seats = append(seats, "", "nobody")
	kinds := []string{"pawn", "drone", "queen", "pawn", "drone", "queen", "king", ""}
	s.ToMove = seats[next()%len(seats)]
	for n := next() % 40; n > 0 && len(data) > 0; n-- {
		f, r, k := next(), next(), next()
		sq := string(rune('a'+f%9)) + strconv.Itoa(1+r%9)
		player := ""
		if k&8 != 0 {
			player = seats[(k>>4)%len(seats)]
		}
		s.Pieces = append(s.Pieces, engine.PieceSetup{Square: sq, Kind: kinds[k%len(kinds)], Player: player})
	}
	for n := next() % 6; n > 0 && len(data) > 0; n-- {
		ps := engine.PlayerSetup{Name: seats[next()%len(seats)]}
		for h := next() % 8; h > 0; h-- {
			ps.Held = append(ps.Held, kinds[next()%len(kinds)])
		}
		if c := next(); c&1 != 0 {
			ps.Score = c >> 1
		}
		s.Players = append(s.Players, ps)
	}
	if c := next(); c&1 != 0 {
		s.Counters = append(s.Counters, engine.Counter{Name: "clock", Value: int64(c>>1) - 2})
	}
	if c := next(); c&1 != 0 {
		s.Counters = append(s.Counters, engine.Counter{Name: "move_number", Value: int64(c>>1) - 1})
	}
	if c := next(); c&1 != 0 {
		a, b, d, e := next(), next(), next(), next()
		engine.SetState(&s.State, stateLastMove, engine.StateValue{Kind: engine.StateString,
			String: string(rune('a'+a%9)) + strconv.Itoa(1+b%9) + string(rune('a'+d%9)) + strconv.Itoa(1+e%9)})
	}
	return v, s
}

// Texts and set-ups that once read without complaint: a piece past a rank's last file was
// dropped, and a seat listed twice added its piles up.
func TestParseRefuses(t *testing.T) {
	for _, text := range []string{
		"3p4q/4/4/4/4/4/4/1q2 s -,- - - 1",
		"3p/4/4/4/4/4/4/1q2p s -,- - - 1",
		"5p/6/6/6/6/q5pq s -,- - - 1",
	} {
		for _, v := range variants {
			if p, err := v.Parse(text); err == nil {
				t.Errorf("%s reads as %s", text, p)
			}
		}
	}
	p, err := MartianChessVariant.Start(nil)
	if err != nil {
		t.Fatal(err)
	}
	s := p.Setup()
	s.Players = append(s.Players, engine.PlayerSetup{Name: "south", Held: []string{"queen"}})
	if q, err := MartianChessVariant.FromSetup(s); err == nil {
		t.Errorf("a set-up listing south twice reads as %s", q)
	}
	s.Players = s.Players[:2]
	if _, err := MartianChessVariant.FromSetup(s); err != nil {
		t.Errorf("the start's set-up: %v", err)
	}
}
