package martianchess

import (
	"context"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/search"
)

// Gain is the pips a capture takes; moves and merges gain nothing; Noisy lists exactly the
// captures, without their clock-calling twins.
func TestGainAndNoisy(t *testing.T) {
	// South: queen b2, pawns a1 and c1; north: queen b6, drone d7. The queen takes b6 (3 pips);
	// the pawns merge on b2? No: a pawn onto a queen never merges. Nothing else reaches north.
	p := parse(t, MartianChessVariant, "4/3d/1q2/4/4/4/1q2/p1p1 s -,- - - 1")
	noisy := map[string]float64{}
	for _, m := range p.Noisy(nil) {
		noisy[p.Notation(m)] = p.Gain(m)
	}
	if len(noisy) != 1 || noisy["b2b6"] != 3 {
		t.Errorf("noisy actions %v, want b2b6 gaining 3", noisy)
	}
	for _, m := range p.Moves(nil) {
		if g := p.Gain(m); (g > 0) != (p.Action(m).Captured != "") {
			t.Errorf("%s gains %v, captured %q", p.Notation(m), g, p.Action(m).Captured)
		}
	}
	if p.InCheck() {
		t.Error("nothing is royal, yet InCheck")
	}
}

// The same position seen from the other side (a half turn, seats swapped) evaluates the other way.
func TestEvaluateMirror(t *testing.T) {
	a := parse(t, MartianChessVariant, "qd2/p3/4/4/4/1d2/4/3q s p,- - - 1")
	b := parse(t, MartianChessVariant, "q3/4/2d1/4/4/4/3p/2dq n -,p - - 1")
	var ea, eb [2]float64
	a.Evaluate(ea[:])
	b.Evaluate(eb[:])
	if ea[0] != eb[1] || ea[1] != eb[0] || ea[0] != -ea[1] {
		t.Errorf("evaluations %v and %v of mirrored positions", ea, eb)
	}
	var buf [engine.MaxMoves]engine.Move
	if allocs := testing.AllocsPerRun(100, func() { a.Evaluate(ea[:]); a.Noisy(buf[:0]) }); allocs != 0 {
		t.Errorf("Evaluate and Noisy allocate %v times", allocs)
	}
}

// The search takes a win at once: capturing north's last piece (south ahead), and emptying its
// own zone when level, since the last mover wins a tie.
func TestSearchFindsWins(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"4/4/1p2/4/4/4/1q2/4 s -,- - - 1", "b2b6"},     // north's last piece
		{"3p/4/4/4/1p2/4/4/4 s p,p - - 1", "b4a5 b4c5"}, // out of its own zone, 1-1
	} {
		p := parse(t, MartianChessVariant, c.text)
		res, err := search.NewSearcher(1<<16).Search(context.Background(), p, search.Options{Limits: search.Limits{Depth: 3}}, nil)
		if err != nil {
			t.Fatal(err)
		}
		next, _ := p.Play(res.Best)
		var u [2]float64
		if !next.(*Position).Utility(u[:]) || u[0] != 1 {
			t.Errorf("%s: the search plays %s, which does not win at once", c.text, p.Notation(res.Best))
		}
		if n := p.Notation(res.Best); !strings.Contains(c.want, strings.TrimSuffix(n, "+clock")) {
			t.Errorf("%s: best %s, want one of %s", c.text, n, c.want)
		}
	}
}
