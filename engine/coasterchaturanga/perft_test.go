package coasterchaturanga

import (
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
)

// perft counts leaves depth actions deep; rolls are not actions (they sum over the six faces).
func perft(p *Position, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var buf [engine.MaxMoves]engine.Move
	var n uint64
	var next Position
	roll := p.face == faceNone && !p.over
	for _, m := range p.Moves(buf[:0]) {
		p.apply(m, &next)
		if roll {
			n += perft(&next, depth)
		} else {
			n += perft(&next, depth-1)
		}
	}
	return n
}

// The rules file's start counts: 4 players 164, 5919, 583192; 2 players 164, 5834, 555468. They
// agree since a rolled DIG, when possible, comes before the normal move (the seed: "This must be
// done before the normal move"); offering the move first as well counted 583788 and 556061 at
// depth 3 (38 nodes, e.g. roll dig, a2e2, roll dig, e2e1, roll dig: tr may only `dig rd`). The
// independent reference in ref_test.go, walked alongside, agrees node for node.
func TestStartPerft(t *testing.T) {
	four := start(defaultRules)
	two := start(&rules{players: 2, partnership: true, colours: defaultColours})
	for _, c := range []struct {
		name string
		p    *Position
		want []uint64
	}{{"4 players", four, []uint64{164, 5919, 583192}}, {"2 players", two, []uint64{164, 5834, 555468}}} {
		for d, want := range c.want {
			if got := perft(c.p, d+1); got != want {
				t.Errorf("%s: perft %d = %d, want %d", c.name, d+1, got, want)
			}
		}
	}
}

// playLabels plays actions written as pkgLabel writes them.
func playLabels(t *testing.T, p *Position, labels ...string) *Position {
	t.Helper()
	for _, l := range labels {
		var buf [engine.MaxMoves]engine.Move
		found := false
		for _, m := range p.Moves(buf[:0]) {
			if pkgLabel(p, m) == l {
				next := new(Position)
				p.apply(m, next)
				p, found = next, true
				break
			}
		}
		if !found {
			t.Fatalf("%s is not legal in %s", l, pkgDescribe(p))
		}
	}
	return p
}

func labelsOf(p *Position) string {
	var buf [engine.MaxMoves]engine.Move
	var out []string
	for _, m := range p.Moves(buf[:0]) {
		out = append(out, pkgLabel(p, m))
	}
	return strings.Join(out, ",")
}

// A rolled DIG that is possible comes before the normal move; a compulsory clearing at the start
// of the turn comes first, and the DIG is still owed after it.
func TestRolledDigBeforeMove(t *testing.T) {
	// bl puts bd on br's portal, br clears it taking rd: tr (red) may dig rd back from br.
	p := playLabels(t, start(defaultRules), "roll dig", "a2e2", "roll dig", "e2e1")
	q := playLabels(t, p, "roll dig")
	if got := labelsOf(q); got != "dig rd" {
		t.Errorf("tr after rolling DIG: %s, want only dig rd", got)
	}
	if got := labelsOf(playLabels(t, q, "dig rd")); got != "enter rd" {
		t.Errorf("tr after dig rd: %s, want only enter rd", got)
	}
	// The same with yp on tr's portal at the start of the turn: clear first, then dig, no end.
	c := *p
	e6, e5 := mustSquare("e6"), mustSquare("e5")
	yp := pieceOf(yellow, pawn)
	c.board[e6], c.board[e5], c.loc[yp] = 0, int8(yp+1), int8(e5)
	q = playLabels(t, &c, "roll dig")
	for _, l := range strings.Split(labelsOf(q), ",") {
		if !strings.HasPrefix(l, "e5") {
			t.Fatalf("tr with yp on its portal: %s, want only clearing moves", labelsOf(q))
		}
	}
	q = playLabels(t, q, "e5e4")
	if got := labelsOf(q); got != "dig rd" {
		t.Errorf("tr after clearing its portal: %s, want only dig rd", got)
	}
	if r := playLabels(t, q, "dig rd"); r.seat == q.seat {
		t.Errorf("tr's turn goes on after the clearing and the DIG: %s", labelsOf(r))
	}
}
