package martian

import (
	"slices"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
)

// after parses text and plays the actions, failing the test on any error.
func after(t *testing.T, text string, actions ...string) *Position {
	t.Helper()
	pos, err := Variant.Parse(text)
	if err != nil {
		t.Fatalf("Parse(%q): %v", text, err)
	}
	for _, a := range actions {
		m, err := pos.ParseMove(a)
		if err != nil {
			t.Fatalf("after %v: ParseMove(%q) in %q: %v", actions, a, pos, err)
		}
		pos, _ = pos.Play(m)
	}
	return pos.(*Position)
}

func legal(p *Position) []string {
	var out []string
	for _, m := range p.Moves(nil) {
		out = append(out, p.Notation(m))
	}
	slices.Sort(out)
	return out
}

func TestStartPosition(t *testing.T) {
	pos, err := Variant.Start(nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := pos.String(); got != StartText {
		t.Errorf("start = %q, want %q", got, StartText)
	}
	s := pos.Setup()
	want := map[string]string{"a1": "raven", "b1": "paladin", "c1": "monarch", "d1": "paladin", "e1": "raven",
		"a2": "keep", "b2": "squire", "c2": "keep", "d2": "squire", "e2": "keep"}
	for _, pc := range s.Pieces {
		sq := pc.Square
		if pc.Player == "dark" {
			sq = sq[:1] + string('6'-sq[1]+'0') // mirror rank r to 6-r
		}
		if want[sq] != pc.Kind {
			t.Errorf("%s's %s on %s, want %s there", pc.Player, pc.Kind, pc.Square, want[sq])
		}
	}
	if len(s.Pieces) != 20 {
		t.Errorf("%d pieces, want 20", len(s.Pieces))
	}
	if pos.Phase() != engine.PhaseRoll || pos.ToMove() != light {
		t.Errorf("phase %v, to move %d; want roll, light", pos.Phase(), pos.ToMove())
	}
}

func TestMovesFromStart(t *testing.T) {
	tests := []struct {
		roll string
		want []string
	}{
		// Paladins leap to a3, c3, e3 (their diagonals are blocked by keeps); squires step.
		{"roll 2 4", []string{"b1a3", "b1c3", "b2b3", "d1c3", "d1e3", "d2d3", "end"}},
		// The monarch is boxed in by its own pieces and keeps: only end.
		{"roll 1 1", []string{"end"}},
		// Ravens fly over their own squires; a double lists each move once.
		{"roll 3 3", []string{"a1c3", "e1c3", "end"}},
		// 1 and 3 rolled, but the paladins still stand between: no garrison yet.
		{"roll 1 3", []string{"a1c3", "e1c3", "end"}},
	}
	for _, tt := range tests {
		t.Run(tt.roll, func(t *testing.T) {
			if got := legal(after(t, StartText, tt.roll)); !slices.Equal(got, tt.want) {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}

func TestMovement(t *testing.T) {
	tests := []struct {
		name, pos string
		want      []string
	}{
		{"monarch slides like a queen, stopped by a keep, capturing", "4m/5/2k1s/5/2M2 l 1m,4- - Ps 0 9",
			[]string{"c1a1", "c1a3", "c1b1", "c1b2", "c1c2", "c1d1", "c1d2", "c1e1", "c1e3", "end"}},
		{"paladin leaps past its keep; the keep blocks its slide", "4m/5/5/1K3/P3M l 2p,4- - PSSRR 0 9",
			[]string{"a1b3", "a1c2", "end"}},
		{"raven flies over its own keep, never over an enemy keep", "4m/5/5/1K1k1/R1M1R l 3r,3r - PPSS 0 9",
			[]string{"a1a2", "a1a3", "a1a4", "a1a5", "a1b1", "a1c3", "e1d1", "e1e2", "e1e3", "e1e4", "e1e5", "end"}},
		{"squire steps forward, captures diagonally, never straight", "m4/5/1ps2/1S3/2M2 l 4s,4s - PPRR 0 9",
			[]string{"b2c3", "end"}},
		{"dark squire moves down", "m4/5/1s3/2S2/2M2 d 4s,4s - PPRR 0 9",
			[]string{"b3b2", "b3c2", "end"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := legal(after(t, tt.pos)); !slices.Equal(got, tt.want) {
				t.Errorf("got  %v\nwant %v", got, tt.want)
			}
		})
	}
}

func TestDiceCountUpward(t *testing.T) {
	// Light has no paladin: a 2 counts up to raven. No squire either: a 4 is void.
	p := after(t, "2m2/5/5/5/R1M2 l - - PPSS 0 9", "roll 2 4")
	if p.dice[0].means != raven || p.dice[1].means != 0 {
		t.Fatalf("dice mean %v, %v; want raven, void", p.dice[0].means, p.dice[1].means)
	}
	if !strings.Contains(p.String(), " 2r,4- ") {
		t.Errorf("text %q does not show the substitution 2r,4-", p)
	}
	// Counting never wraps from 4 to 1: with only a monarch left, a 4 can move nothing.
	p = after(t, "2m2/5/5/5/2M2 l - - PPRRSS 0 9", "roll 4 4")
	if got := legal(p); !slices.Equal(got, []string{"end"}) {
		t.Errorf("only end should be legal, got %v", got)
	}
	// A 1 with the monarch present stays 1.
	p = after(t, "2m2/5/5/5/2M2 l - - PPRRSS 0 9", "roll 1 4")
	if p.dice[0].means != monarch {
		t.Errorf("die 1 means %d, want monarch", p.dice[0].means)
	}
}

func TestTwoActionsPerTurn(t *testing.T) {
	// 2 and 3 with no paladin: both mean raven. The first raven move uses the lower die (2).
	p := after(t, "2m2/5/5/5/R1M2 l - - PPSS 0 9", "roll 3 2", "a1a2")
	for _, d := range p.dice {
		if d.used != (d.rolled == 2) {
			t.Fatalf("dice after the first move: %+v; want only the rolled 2 used", p.dice)
		}
	}
	if p.side != light {
		t.Fatalf("turn passed after one action")
	}
	// The same piece may take the second move; then the turn passes by itself.
	p2 := after(t, p.String(), "a2a4")
	if p2.side != dark || p2.rolled() || p2.turn != 10 {
		t.Errorf("after both dice: side %d rolled %v turn %d; want dark, not rolled, 10", p2.side, p2.rolled(), p2.turn)
	}
	// End turn forfeits the unused die.
	p3 := after(t, p.String(), "end")
	if p3.side != dark || p3.rolled() {
		t.Errorf("end did not pass the turn: %s", p3)
	}
	// No end action once both dice are used: the turn has already passed.
	for _, m := range legal(p2) {
		if m == "end" {
			t.Errorf("end offered in the roll phase")
		}
	}
}

// The seed's example: light opened 2+4 moving the b1 paladin away, dark followed with 2+3, and
// light's 1+3 on the second turn allows the garrison behind the a2 keep.
func TestGarrisonSeedExample(t *testing.T) {
	p := after(t, StartText, "roll 2 4", "b1a3", "b2b3", "roll 2 3", "d5e3", "a5c3")
	if p.side != light || p.turn != 3 {
		t.Fatalf("light's second turn expected, got %s", p)
	}
	p = after(t, p.String(), "roll 1 3")
	if got := legal(p); !slices.Contains(got, "c1a1") {
		t.Fatalf("garrison c1a1 not offered: %v", got)
	}
	if slices.Contains(legal(p), "c1e1") {
		t.Errorf("garrison on the e side offered with the d1 paladin in between")
	}
	g := after(t, p.String(), "c1a1")
	if g.board[0] != pieceCell(monarch, light) || g.board[1] != pieceCell(raven, light) || g.board[2] != 0 {
		t.Errorf("after the garrison: %s; want monarch a1, raven b1, c1 empty", g)
	}
	if g.side != dark || g.rights[light] != 0 {
		t.Errorf("garrison must use both dice and end the rights: %s", g)
	}
	a := p.Action(mustMove(t, p, "c1a1"))
	if a.Kind != engine.ActionVariant || a.Name != "garrison" {
		t.Errorf("c1a1 is a %v named %q, want the variant action garrison", a.Kind, a.Name)
	}
}

func TestGarrisonConditions(t *testing.T) {
	base := "rpmpr/ksksk/5/KSKSK/R1MPR l - AEae - 0 1"
	tests := []struct {
		name, pos string
		actions   []string
		want      bool
	}{
		{"rolled 1 and 3, both unused", base, []string{"roll 3 1"}, true},
		{"a 2 counted up to 3 is not a thrown 3", "rpmpr/ksksk/5/KSKSK/R1M1R l - AEae PP 0 1", []string{"roll 1 2"}, false},
		{"one die already used", base, []string{"roll 1 3", "a1b1"}, false},
		{"the raven has moved", "rpmpr/ksksk/5/KSKSK/R1MPR l - Eae - 0 1", []string{"roll 1 3"}, false},
		{"the monarch has moved", "rpmpr/ksksk/5/KSKSK/R1MPR l - ae - 0 1", []string{"roll 1 3"}, false},
		{"the square between is occupied", "rpmpr/ksksk/5/KSKSK/RPMPR l - AEae - 0 1", []string{"roll 1 3"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := after(t, tt.pos, tt.actions...)
			if got := slices.Contains(legal(p), "c1a1"); got != tt.want {
				t.Errorf("garrison legal = %v, want %v (moves %v)", got, tt.want, legal(p))
			}
		})
	}
	// Dark garrisons on rank 5, on either side.
	d := after(t, "r1m1r/ksksk/5/KSKSK/RPMPR d - AEae - 0 2", "roll 3 1")
	if got := legal(d); !slices.Contains(got, "c5a5") || !slices.Contains(got, "c5e5") {
		t.Fatalf("dark garrisons missing: %v", got)
	}
	d = after(t, d.String(), "c5e5")
	if d.board[24] != pieceCell(monarch, dark) || d.board[23] != pieceCell(raven, dark) || d.side != light || d.rights[dark] != 0 {
		t.Errorf("after c5e5: %s; want the dark monarch on e5, raven d5, light to roll", d)
	}
	// Moving the raven or the monarch removes the right for good.
	p := after(t, "rpmpr/ksksk/5/KSKSK/R1MPR l - AEae - 0 1", "roll 3 4", "a1b1")
	if p.rights[light]&rightA != 0 {
		t.Errorf("raven moved but right A kept: %s", p)
	}
}

func TestPromotion(t *testing.T) {
	// Light has lost a raven and a paladin: the squire may promote to either, or stay a squire.
	p := after(t, "4m/1S3/5/5/2M2 l - - PRp 0 9", "roll 4 1")
	want := []string{"b4b5", "b4b5=p", "b4b5=r", "c1a1", "c1a3", "c1b1", "c1b2", "c1c2", "c1c3", "c1c4", "c1c5", "c1d1", "c1d2", "c1e1", "c1e3", "end"}
	if got := legal(p); !slices.Equal(got, want) {
		t.Errorf("got  %v\nwant %v", got, want)
	}
	q := after(t, p.String(), "b4b5=r")
	if q.board[21] != pieceCell(raven, light) || q.lost[light][raven] != 0 || q.lost[light][paladin] != 1 {
		t.Errorf("after b4b5=r: %s; want a light raven on b5 taken back from the captured pieces", q)
	}
	// With nothing captured, the squire arrives and stays a squire.
	p = after(t, "4m/1S3/5/5/2M2 l - - - 0 9", "roll 4 1")
	for _, m := range legal(p) {
		if strings.Contains(m, "=") {
			t.Errorf("promotion %s offered with nothing captured", m)
		}
	}
	// A promotion to a kind never captured is illegal, with the reason.
	_, err := p.ParseMove("b4b5=r")
	if ie, ok := err.(*engine.IllegalError); !ok || !strings.Contains(ie.Reason, "captured") {
		t.Errorf("b4b5=r: err %v, want an IllegalError about captured pieces", err)
	}
}

func TestMonarchCaptureEndsTheGame(t *testing.T) {
	p := after(t, "2m2/5/5/5/2R1M l - - PPSS 0 9", "roll 3 4", "c1c5")
	o := p.Outcome()
	if !o.Finished || len(o.Winners) != 1 || o.Winners[0] != light || o.Reason != "monarch_captured" {
		t.Fatalf("outcome %+v, want light wins by monarch_captured", o)
	}
	if p.Phase() != engine.PhaseFinished || len(p.Moves(nil)) != 0 {
		t.Errorf("finished game still offers moves")
	}
	if _, err := p.ParseMove("end"); err != engine.ErrGameOver {
		t.Errorf("action on a finished game: %v, want ErrGameOver", err)
	}
	if back := after(t, p.String()); back.String() != p.String() {
		t.Errorf("finished position does not round-trip: %s", p)
	}
}

func TestMaxTurnsDraw(t *testing.T) {
	p, _ := Variant.Start(engine.Options{"max_turns": {Kind: engine.OptionInt, Int: 2}})
	if !strings.HasSuffix(p.String(), " max_turns=2") {
		t.Fatalf("option not in the text: %s", p)
	}
	q := after(t, p.String(), "roll 1 1", "end", "roll 1 1")
	if q.Outcome().Finished {
		t.Fatalf("finished after one turn")
	}
	q = after(t, q.String(), "end")
	if o := q.Outcome(); !o.Finished || len(o.Winners) != 0 || o.Reason != "move_limit" {
		t.Errorf("outcome %+v, want a draw by move_limit", o)
	}
}

func mustMove(t *testing.T, p *Position, text string) engine.Move {
	t.Helper()
	m, err := p.ParseMove(text)
	if err != nil {
		t.Fatal(err)
	}
	return m
}
