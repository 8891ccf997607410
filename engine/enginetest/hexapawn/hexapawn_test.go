package hexapawn_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/enginetest"
	"github.com/ashtapada/ashtapada/engine/enginetest/hexapawn"
)

func start(t testing.TB) engine.Position {
	t.Helper()
	p, err := hexapawn.Variant.Start(nil)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func parse(t testing.TB, text string) engine.Position {
	t.Helper()
	p, err := hexapawn.Variant.Parse(text)
	if err != nil {
		t.Fatalf("Parse(%q): %v", text, err)
	}
	return p
}

// reachable returns every position play reaches from the start, by text: 135 of them.
func reachable(t testing.TB) map[string]engine.Position {
	t.Helper()
	seen := map[string]engine.Position{}
	var walk func(p engine.Position)
	walk = func(p engine.Position) {
		if _, ok := seen[p.String()]; ok {
			return
		}
		seen[p.String()] = p
		for _, m := range p.Moves(nil) {
			c, _ := p.Play(m)
			walk(c)
		}
	}
	walk(start(t))
	return seen
}

// The variant is registered under its name by the package's init alone.
func TestHexapawnRegistered(t *testing.T) {
	v, ok := engine.Lookup(hexapawn.Name)
	if !ok || v != hexapawn.Variant {
		t.Fatalf("Lookup(%q) = %v, %v", hexapawn.Name, v, ok)
	}
	if !slices.Contains(enginetest.Registered(t), v) {
		t.Error("engine.Variants does not list hexapawn")
	}
	d := v.Describe()
	if d.Board.Files != 3 || d.Board.Ranks != 3 || len(d.Board.Squares) != 9 || len(d.Players) != 2 || len(d.Pieces) != 1 ||
		d.Search.Selective || d.Search.BySides[2].Algorithm != "alphabeta" {
		t.Errorf("description: %+v", d)
	}
}

// The engine's contracts (enginetest) hold in every position play reaches, and perft agrees
// with an independent count (a Python walk of the rules: 3, 10, 28, 56, 70, 64, 20, then none:
// every game is over by the 7th ply).
func TestHexapawnContract(t *testing.T) {
	p := start(t)
	enginetest.CheckNode(t, p, 50, 20, 1, nil)
	enginetest.CheckPerft(t, p, 8)
	for d, want := range []uint64{1, 3, 10, 28, 56, 70, 64, 20, 0} {
		r, err := engine.Perft(context.Background(), p, d, engine.PerftOptions{})
		if err != nil || r.Nodes != want {
			t.Errorf("perft %d = %d, %v; want %d", d, r.Nodes, err, want)
		}
	}
	all := reachable(t)
	if len(all) != 135 {
		t.Errorf("%d positions reachable, want 135", len(all))
	}
	keys := map[uint64]string{}
	for text, p := range all {
		enginetest.CheckRoundTrips(t, p, nil)
		if other, dup := keys[p.Key()]; dup {
			t.Errorf("%s and %s share key %x", text, other, p.Key())
		}
		keys[p.Key()] = text
		for _, bad := range []string{"", "a1", "a1a", "a1a4", "d1d2", "a1a2a3", "xx", "a0a1"} {
			enginetest.CheckParseMove(t, p, bad)
		}
	}
}

func TestHexapawnRules(t *testing.T) {
	p := start(t)
	if p.String() != hexapawn.StartText || p.ToMove() != 0 || p.Phase() != engine.PhaseAction {
		t.Fatalf("start: %s, %d to move, %s", p, p.ToMove(), p.Phase())
	}
	var notes []string
	for _, m := range p.Moves(nil) {
		notes = append(notes, p.Notation(m))
	}
	if strings.Join(notes, " ") != "a1a2 b1b2 c1c2" {
		t.Errorf("start moves %v", notes)
	}
	// Illegal moves say why; malformed ones are syntax errors.
	for _, c := range []struct{ pos, move, why string }{
		{hexapawn.StartText, "a1b2", "diagonally only to capture"},
		{hexapawn.StartText, "a1a3", "one step forward"},
		{hexapawn.StartText, "a3a2", "belongs to black"},
		{hexapawn.StartText, "b2b3", "no pawn on b2"},
		{"ppp/P2/1PP b", "a3a2", "not empty"},
	} {
		_, err := parse(t, c.pos).ParseMove(c.move)
		var illegal *engine.IllegalError
		if !errors.As(err, &illegal) || !strings.Contains(illegal.Reason, c.why) {
			t.Errorf("%s %s: %v, want illegal: %s", c.pos, c.move, err, c.why)
		}
	}
	var syntax *engine.SyntaxError
	if _, err := p.ParseMove("a1-a2"); !errors.As(err, &syntax) {
		t.Errorf("a1-a2: %v, want a syntax error", err)
	}
	// A capture reports its event and its structured form.
	q := parse(t, "ppp/P2/1PP b")
	m, err := q.ParseMove("b3a2")
	if err != nil {
		t.Fatal(err)
	}
	if a := q.Action(m); a.Captured != "pawn" || a.From != "b3" || a.To != "a2" || a.Player != "black" {
		t.Errorf("action %+v", a)
	}
	if _, ev := q.Play(m); len(ev) != 1 || ev[0].Kind != engine.EventCapture || ev[0].Square != "a2" {
		t.Errorf("events %+v", ev)
	}
	// Each way a game ends, with its winner.
	for _, c := range []struct {
		pos, reason string
		winner      int
	}{
		{"P2/2p/3 b", hexapawn.ReasonFarRank, 0},
		{"1p1/3/3 w", hexapawn.ReasonAllCaptured, 1},
		{"p2/P2/3 b", hexapawn.ReasonNoMove, 0},
		{"p2/P2/3 w", hexapawn.ReasonNoMove, 1},
	} {
		o := parse(t, c.pos).Outcome()
		if !o.Finished || o.Reason != c.reason || !slices.Equal(o.Winners, []int{c.winner}) || len(parse(t, c.pos).Moves(nil)) != 0 {
			t.Errorf("%s: outcome %+v, want %s won by %d", c.pos, o, c.reason, c.winner)
		}
	}
	// Playing to the far rank ends the game with a game_over event.
	end, ev := parse(t, "1pp/p2/1P1 b").Play(mustMove(t, parse(t, "1pp/p2/1P1 b"), "a2a1"))
	if o := end.Outcome(); o.Reason != hexapawn.ReasonFarRank || o.Winners[0] != 1 || len(ev) != 1 || ev[0].Kind != engine.EventGameOver {
		t.Errorf("a2a1: %+v %+v", o, ev)
	}
	// Positions play cannot reach are refused, naming the field at fault.
	for _, c := range []struct{ text, field string }{
		{"ppp/3/PPP", "text"},
		{"ppp/3/PPP x", "side"},
		{"pppp/3/PP w", "board"},
		{"ppp/3 w", "board"},
		{"ppk/3/PPP w", "board"},
		{"3/3/3 w", "board"},
		{"P2/3/p2 w", "board"},
		{"P2/2p/3 w", "side"},
		{"3/3/PPP w", "side"},
	} {
		_, err := hexapawn.Variant.Parse(c.text)
		var pe *engine.PositionError
		if !errors.As(err, &pe) || pe.Field != c.field {
			t.Errorf("Parse(%q) = %v, want an error in %s", c.text, err, c.field)
		}
	}
	s := p.Setup()
	s.Pieces = append(s.Pieces, engine.PieceSetup{Square: "d4", Kind: "pawn", Player: "white"})
	var pe *engine.PositionError
	if _, err := hexapawn.Variant.FromSetup(s); !errors.As(err, &pe) || pe.Field != "pieces[6].square" {
		t.Errorf("FromSetup with d4: %v", err)
	}
}

func mustMove(t testing.TB, p engine.Position, text string) engine.Move {
	t.Helper()
	m, err := p.ParseMove(text)
	if err != nil {
		t.Fatalf("%s %s: %v", p, text, err)
	}
	return m
}

// FuzzHexapawnParse: any text is read as a position that round-trips, or refused.
func FuzzHexapawnParse(f *testing.F) {
	for _, s := range []string{hexapawn.StartText, "ppp/P2/1PP b", "P2/3/2p b", "3/3/3 w", "p2/P2/3 w"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		p, err := hexapawn.Variant.Parse(text)
		if err != nil {
			return
		}
		enginetest.CheckRoundTrips(t, p, nil)
	})
}
