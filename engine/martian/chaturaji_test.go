package martian

import (
	"slices"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/enginetest"
)

// cjBoard writes a Martian Chaturaji board holding the four thrones and the pieces given as
// player letter, kind capital and square ("bMf1").
func cjBoard(pieces ...string) string {
	var board [8][8]string
	for _, pc := range append([]string{"bTh2", "rTb1", "gTa7", "yTg8"}, pieces...) {
		f, r := int(pc[2]-'a'), int(pc[3]-'1')
		board[r][f] = pc[:2]
	}
	var sb strings.Builder
	for r := 7; r >= 0; r-- {
		gap := 0
		for f := 0; f < 8; f++ {
			if board[r][f] == "" {
				gap++
				continue
			}
			if gap > 0 {
				sb.WriteByte(byte('0' + gap))
				gap = 0
			}
			sb.WriteString(board[r][f])
		}
		if gap > 0 {
			sb.WriteByte(byte('0' + gap))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	return sb.String()
}

// cj plays actions from a Martian Chaturaji position text.
func cj(t *testing.T, text string, actions ...string) *Position {
	t.Helper()
	pos, err := ChaturajiVariant.Parse(text)
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

// The monarchs of every player, at home: each player's monarch and raven on their garrison
// squares.
var homeMonarchs = []string{"bMf1", "bRh1", "rMa3", "rRa1", "gMc8", "gRa8", "yMh6", "yRh8"}

func TestChaturajiStart(t *testing.T) {
	p, err := ChaturajiVariant.Start(nil)
	if err != nil {
		t.Fatal(err)
	}
	if p.String() != ChaturajiStartText {
		t.Errorf("start %s, want %s", p, ChaturajiStartText)
	}
	// A quarter turn of the board takes each player's set onto the next player's: (f, r) goes to
	// (r, 7-f), blue's h1 raven to red's a1.
	pos := p.(*Position)
	for sq, c := range pos.board[:64] {
		if c == 0 {
			continue
		}
		f, r := sq%8, sq/8
		turned := (7-f)*8 + r
		if want := pieceCell(cellKind(c), (cellPlayer(c)+1)%4); pos.board[turned] != want {
			t.Errorf("%s holds %v; a quarter turn of %s's %s should be there", chaturaji.squareName(turned), pos.board[turned],
				chaturaji.names[cellPlayer(c)], chaturaji.kindName(cellKind(c)))
		}
	}
	s := p.Setup()
	if len(s.Pieces) != 28 || s.ToMove != "blue" || s.Players[2].State[stateRights].List[0] != "garrison" {
		t.Errorf("start setup: %d pieces, %s to move, %v", len(s.Pieces), s.ToMove, s.Players)
	}
	d := ChaturajiVariant.Describe()
	if d.Players[0].Team != "blue_green" || d.Players[1].Team != "red_yellow" || d.Players[3].Seat != "east" {
		t.Errorf("seats: %+v", d.Players)
	}
	if slices.IndexFunc(d.Board.Marks, func(m engine.Mark) bool {
		return m.Name == "throne" && m.Player == "red" && slices.Equal(m.Squares, []string{"b1"})
	}) < 0 {
		t.Errorf("no mark of red's throne on b1: %+v", d.Board.Marks)
	}
	if slices.IndexFunc(d.Board.Marks, func(m engine.Mark) bool {
		return m.Name == "far_edge" && m.Player == "yellow" && len(m.Squares) == 8 && m.Squares[0] == "a1"
	}) < 0 {
		t.Errorf("no mark of yellow's far edge, file a: %+v", d.Board.Marks)
	}
}

// Every seat garrisons toward his corner with a rolled 1 and 3: the raven steps toward the
// monarch, the monarch jumps into the corner, and the turn passes.
func TestChaturajiGarrisonEverySeat(t *testing.T) {
	board := cjBoard(homeMonarchs...)
	for _, tt := range []struct {
		side, move, corner, ravenTo, next string
	}{
		{"b", "f1h1", "h1", "g1", "red"},
		{"r", "a3a1", "a1", "a2", "green"},
		{"g", "c8a8", "a8", "b8", "yellow"},
		{"y", "h6h8", "h8", "h7", "blue"},
	} {
		t.Run(tt.side, func(t *testing.T) {
			p := cj(t, board+" "+tt.side+" - brgy - 0 1", "roll 3 1")
			if !slices.Contains(legal(p), tt.move) {
				t.Fatalf("garrison %s not offered: %v", tt.move, legal(p))
			}
			if a := p.Action(mustMove(t, p, tt.move)); a.Name != "garrison" || a.Piece != "monarch" {
				t.Errorf("%s is %+v, want the garrison", tt.move, a)
			}
			after := cj(t, p.String(), tt.move)
			s := after.Setup()
			at := map[string]string{}
			for _, pc := range s.Pieces {
				at[pc.Square] = pc.Player + " " + pc.Kind
			}
			who := after.g.names[strings.Index("brgy", tt.side)]
			if at[tt.corner] != who+" monarch" || at[tt.ravenTo] != who+" raven" || at[tt.move[:2]] != "" {
				t.Errorf("after %s: %s; want the monarch on %s, the raven on %s", tt.move, after, tt.corner, tt.ravenTo)
			}
			if s.ToMove != tt.next || strings.Contains(strings.Fields(after.String())[3], tt.side) {
				t.Errorf("after %s: %s; want %s to roll and %s's right gone", tt.move, after, tt.next, who)
			}
		})
	}
	// Not with a 2 counted up to 3, not with a piece between, not once the monarch has moved.
	p := cj(t, board+" b - brgy - 0 1", "roll 1 2")
	if slices.Contains(legal(p), "f1h1") {
		t.Errorf("garrison with a 1 and a 2")
	}
	between := cjBoard(append([]string{"rSg1"}, homeMonarchs...)...)
	if p := cj(t, between+" b - brgy - 0 1", "roll 1 3"); slices.Contains(legal(p), "f1h1") {
		t.Errorf("garrison over red's squire on g1")
	}
	p = cj(t, board+" b - brgy - 0 1", "roll 1 2", "f1e1")
	if strings.Contains(strings.Fields(p.String())[3], "b") {
		t.Errorf("blue's monarch moved but the right stays: %s", p)
	}
}

// Thrones stop slides, take no piece, and never stand where a raven flies over them: each is on
// the board's edge.
func TestChaturajiThrones(t *testing.T) {
	for sq := 0; sq < 64; sq++ {
		for _, fl := range chaturaji.flights[sq] {
			if chaturaji.allThrones()&(1<<fl.over) != 0 {
				t.Errorf("a flight from %s passes over the throne on %s", chaturaji.squareName(sq), chaturaji.squareName(int(fl.over)))
			}
		}
	}
	// Blue's raven on h4 slides down to h3 and no further (his own throne on h2); red's paladin on
	// f3 may not leap onto blue's throne on h2.
	p := cj(t, cjBoard("bMa5", "bRh4", "rMd8", "rPf3", "gMc8", "yMe8")+" b 3r,3r - - 0 1")
	if got := legal(p); slices.Contains(got, "h4h2") || !slices.Contains(got, "h4h3") {
		t.Errorf("blue's raven: %v", got)
	}
	if _, err := p.ParseMove("h4h2"); err == nil || !strings.Contains(err.Error(), "throne") {
		t.Errorf("h4h2: %v, want a reason naming the throne", err)
	}
	q := cj(t, cjBoard("bMa5", "bRh4", "rMd8", "rPf3", "gMc8", "yMe8")+" r 2p,2p - - 0 1")
	if got := legal(q); slices.Contains(got, "f3h2") || !slices.Contains(got, "f3h4") {
		t.Errorf("red's paladin: %v", got)
	}
}

// Partners block each other like own pieces and never capture each other; the other side's
// pieces are taken.
func TestChaturajiPartners(t *testing.T) {
	p := cj(t, cjBoard("bMa5", "bRd4", "gSd6", "rSd2", "rMa3", "gMc8", "yMh6")+" b 3r,3r - - 0 1")
	got := legal(p)
	for _, want := range []string{"d4d5", "d4d2"} {
		if !slices.Contains(got, want) {
			t.Errorf("%s missing: %v", want, got)
		}
	}
	for _, not := range []string{"d4d6", "d4d7", "d4d1"} {
		if slices.Contains(got, not) {
			t.Errorf("%s offered: %v", not, got)
		}
	}
	if _, err := p.ParseMove("d4d6"); err == nil || !strings.Contains(err.Error(), "partner") {
		t.Errorf("d4d6 onto green's squire: %v, want a reason naming the partner", err)
	}
}

// A player whose monarch has fallen plays on, his 1 counting up; a player with only his throne is
// skipped, and his skipped turns do not count for max_turns.
func TestChaturajiSkippedAndCountingUp(t *testing.T) {
	text := cjBoard("bPd4", "gMc8", "yMh6") + " b - - bMrM 0 1 max_turns=2"
	p := cj(t, text, "roll 1 4")
	if p.dice[0].means != paladin || p.dice[1].means != 0 {
		t.Errorf("blue's dice after 1 and 4: %+v; want paladin and void", p.dice)
	}
	m := mustMove(t, p, "end")
	next, events := p.Play(m)
	p = next.(*Position)
	if p.Setup().ToMove != "green" || p.quiet != 1 || p.Outcome().Finished {
		t.Errorf("after blue's end: %s; red has only his throne and is skipped, one quiet turn", p)
	}
	if len(events) != 2 || events[0].Name != "player_skipped" || events[0].Player != "red" || events[1].Name != "turn_passed" || events[1].Player != "green" {
		t.Errorf("events of blue's end: %+v, want red skipped and the turn passed to green", events)
	}
	p = cj(t, p.String(), "roll 1 1", "end")
	if o := p.Outcome(); !o.Finished || o.Reason != "move_limit" || len(o.Winners) != 0 {
		t.Errorf("two quiet turns under max_turns=2: %+v", o)
	}
	if _, err := ChaturajiVariant.Parse(cjBoard("bPd4", "gMc8", "yMh6") + " r - - bMrM 0 1"); err == nil ||
		!strings.Contains(err.Error(), "skipped") {
		t.Errorf("red to move with only his throne: %v, want an error saying he is skipped", err)
	}
}

// Promotion on the far edge to a paladin or raven the player has lost, never to a monarch; each
// player's far edge is his own.
func TestChaturajiPromotion(t *testing.T) {
	p := cj(t, cjBoard("bSe7", "bMf1", "rMd1", "rSg4", "gMc8", "yMh6")+" b 4s,4s - bRrP 0 1")
	if got := legal(p); !slices.Equal(got, []string{"e7e8", "e7e8=r", "end"}) {
		t.Errorf("blue's squire on e7: %v", got)
	}
	if _, err := p.ParseMove("e7e8=m"); err == nil || !strings.Contains(err.Error(), "never promotes to a monarch") {
		t.Errorf("e7e8=m: %v", err)
	}
	r := cj(t, cjBoard("bSe7", "bMf1", "rMd1", "rSg4", "gMc8", "yMh6")+" r 4s,4s - bRrP 0 1")
	if got := legal(r); !slices.Equal(got, []string{"end", "g4h4", "g4h4=p"}) {
		t.Errorf("red's squire on g4, moving east: %v", got)
	}
	after := cj(t, r.String(), "g4h4=p")
	if after.board[3*8+7] != pieceCell(paladin, 1) || after.lost[1][paladin] != 0 {
		t.Errorf("after g4h4=p: %s", after)
	}
}

// The first monarch of a side taken, the game goes on and the player keeps playing; the second
// ends it at once for the capturing side.
func TestChaturajiEnd(t *testing.T) {
	first := cj(t, cjBoard("bRh5", "bMd1", "rMa3", "gMa8", "yMh6", "yPh7")+" b 3r,4- - - 0 1", "h5h6")
	if first.Outcome().Finished || first.lost[3][monarch] != 1 {
		t.Fatalf("after yellow's monarch falls: %s %+v", first, first.Outcome())
	}
	// The partnerships are known while the game goes on, unplaced, so that every standing names
	// its team.
	if tm := first.Outcome().Teams; len(tm) != 2 || tm[0].Name != "blue_green" || !slices.Equal(tm[0].Players, []int{0, 2}) || tm[0].Place != 0 ||
		tm[1].Name != "red_yellow" || !slices.Equal(tm[1].Players, []int{1, 3}) || tm[1].Place != 0 {
		t.Errorf("teams during the game: %+v", tm)
	}
	before := cj(t, cjBoard("bRh5", "bMd1", "rMa3", "gMa8", "yMh6", "yPh7")+" b 3r,4- - - 0 1")
	if g := before.Gain(mustMove(t, before, "h5h6")); g != fallenMonarchValue {
		t.Errorf("taking the first monarch of a side gains %v, want %v", g, fallenMonarchValue)
	}
	last := cj(t, cjBoard("bRh5", "bMd1", "gMa8", "yMh6")+" b 3r,4- - rM 0 1")
	if g := last.Gain(mustMove(t, last, "h5h6")); g != engine.WinValue {
		t.Errorf("taking the last monarch of a side gains %v, want the win", g)
	}
	second := cj(t, cjBoard("bRh5", "bMd1", "gMa8", "yMh6")+" b 3r,4- - rM 0 1", "h5h6")
	o := second.Outcome()
	if !o.Finished || o.Reason != "monarchs_captured" || o.DecidedBy != engine.DecidedByReason || !slices.Equal(o.Winners, []int{0, 2}) ||
		!slices.Equal(o.Ranking, []int{1, 3, 1, 3}) || len(o.Teams) != 2 || o.Teams[0].Name != "blue_green" || o.Teams[0].Place != 1 || o.Teams[1].Place != 2 {
		t.Errorf("after red's and yellow's monarchs: %+v", o)
	}
	var u [4]float64
	if !second.Utility(u[:]) || u != [4]float64{1, -1, 1, -1} {
		t.Errorf("utility %v", u)
	}
	if second.Phase() != engine.PhaseFinished || second.rolled() || len(second.Moves(nil)) != 0 {
		t.Errorf("the finished game still plays: %s", second)
	}
}

// Every position a few actions from the start round-trips through text and structured form, and
// every action through its notation.
func TestChaturajiRoundTrips(t *testing.T) {
	var walk func(p engine.Position, depth int)
	walk = func(p engine.Position, depth int) {
		enginetest.CheckRoundTrips(t, p, nil)
		if depth == 0 {
			return
		}
		for _, m := range p.Moves(nil) {
			c, _ := p.Play(m)
			walk(c, depth-1)
		}
	}
	start, _ := ChaturajiVariant.Start(nil)
	walk(start, 2)
	for _, text := range []string{
		cjBoard("bRh6", "bMd1", "gMa8") + " r - - rMyM 0 9",
		cjBoard("bSe8", "bMf1", "rMd1", "gMc8", "yMh6") + " b 4s*,3s+ - bRrP 3 40 max_turns=5",
		cjBoard(homeMonarchs...) + " y 1m,3r brgy - 7 12",
	} {
		p, err := ChaturajiVariant.Parse(text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		walk(p, 1)
	}
}

func TestChaturajiNodeContract(t *testing.T) {
	sameState := func(a, b string) bool { return stateOf(t, chaturaji, a) == stateOf(t, chaturaji, b) }
	for _, opts := range []engine.Options{nil, {maxTurnsOption: {Kind: engine.OptionInt, Int: 8}}} {
		start, err := ChaturajiVariant.Start(opts)
		if err != nil {
			t.Fatal(err)
		}
		for seed := uint64(1); seed <= 3; seed++ {
			enginetest.CheckNode(t, start, 20, 600, seed, sameState)
		}
		enginetest.CheckPerft(t, start, 3)
	}
}

// FuzzParseChaturaji: any text is refused or reads back the same, with a key, a move count and
// children that agree with the position.
func FuzzParseChaturaji(f *testing.F) {
	f.Add(ChaturajiStartText)
	f.Add(cjBoard("bSe7", "bMf1", "rMd1", "rSg4", "gMc8", "yMh6") + " r 4s,4s* - bRrP 0 1 max_turns=3")
	f.Add(cjBoard("bRh6", "bMd1", "gMa8") + " b - - rMyM 0 9")
	f.Fuzz(func(t *testing.T, text string) {
		p, err := ParseChaturaji(text)
		if err != nil {
			return
		}
		checkParsed(t, &p)
	})
}

// FuzzParseMoveChaturaji: any action text is refused with an error or names a legal move, which
// the notation writes back as a text naming the same move.
func FuzzParseMoveChaturaji(f *testing.F) {
	for _, pos := range []string{ChaturajiStartText, cjBoard("bSe7", "bMf1", "rMd1", "rSg4", "gMc8", "yMh6") + " b 4s,4s - bRrP 0 1"} {
		for _, action := range []string{"e7e8=r", "end", "roll 4 2", "f1h1", "h9h1"} {
			f.Add(pos, action)
		}
	}
	f.Fuzz(func(t *testing.T, text, action string) {
		p, err := ParseChaturaji(text)
		if err != nil {
			return
		}
		enginetest.CheckParseMove(t, &p, action)
	})
}
