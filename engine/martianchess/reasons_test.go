package martianchess

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
)

// Reasons, word for word, for hand-built positions.
func TestReasons(t *testing.T) {
	const (
		grid   = "4/4/4/1p2/4/p1d1/1q2/4 s -,- - - 1"
		drones = "4/4/4/3p/4/1d2/1p2/1d1d s -,- - - 1"
		arrows = "5p/6/6/6/6/1pd3 s -,- - - 1"
	)
	for _, c := range []struct {
		v            engine.Variant
		text, action string
		reason       string
	}{
		{MartianChessVariant, grid, "b2d4", "the queen cannot jump over c3 to reach d4"},
		{MartianChessVariant, drones, "b1b3", "the drone cannot jump over b2 to reach b3"},
		{MartianChessVariant, "3p/4/4/4/q3/4/2p1/q3 s -,- - - 1", "a1a8", "the queen cannot jump over a4 to reach a8"},
		{MartianChessVariant, grid, "c3a3", "a drone and a pawn merge into a queen only when south has no queen"},
		{MartianChessVariant, grid, "b2a3", "the queen may not land on the pawn on a3 in south's own zone: a queen never merges"},
		{MartianChessVariant, drones, "d1b1", "the drone may not land on the drone on b1 in south's own zone: two drones never merge"},
		{MartianChessVariant, "4/4/4/3p/4/3d/1p2/p3 s -,- - - 1", "a1b2", "two pawns merge into a drone only when south has no drone"},
		{MartianChessVariant, grid, "b5a4", "the pawn on b5 stands in the zone of north: south moves only the pieces in south's zone"},
		{MartianChessVariant, grid, "a3a4", "a pawn cannot move from a3 to a4: it steps one square diagonally"},
		{MartianChessVariant, grid, "c3d4", "a drone cannot move from c3 to d4: it slides one or two squares orthogonally"},
		{MartianChessVariant, grid, "b2c4", "a queen cannot move from b2 to c4: it slides any distance orthogonally or diagonally"},
		{MartianChessVariant, grid, "a1a2", "there is no piece on a1"},
		{MartianChessVariant, grid, "b2b2", "a move must leave its square"},
		{MartianChessVariant, grid, "pass", "south has a move, and may pass only without one"},
		{MartianChessVariant, "4/4/4/1p2/4/p1d1/1q2/4 s -,- 2 - 1", "b2b3+clock", "the clock has been called already; write the move without +clock"},
		{MartianChessVariant, "3p/4/4/1d2/4/p3/4/p1p1 n -,- - b4b5 3", "b5b4", "the drone just crossed from b4 to b5 and may not go straight back"},
		{MartianChessVariant, "p6p/1p4d1/8/8/8/8/1d4p1/p6p sw -,-,-,- - - 1 teams", "g7f6", "the drone on g7 stands in the zone of north_east: south_west moves only the pieces in south_west's zone"},
		{CoasterChessVariant, arrows, "b1c1", "no arrow leads from b1 to c1, and the pawn cannot reach c1 along the arrows in one step"},
		{CoasterChessVariant, arrows, "c1b1", "no arrow leads from c1 to b1, and the drone cannot reach b1 along the arrows in up to two steps"},
		{CoasterChessVariant, "5p/6/6/6/1p4/6 s -,- - - 1", "b2b1", "no arrow leads from b2 to b1, and the pawn cannot reach b1 along the arrows in one step"},
		{CoasterChessVariant, "5p/6/6/6/d5/q5 s -,- - - 1", "a1a3", "the queen cannot jump over a2 to reach a3"},
		{CoasterChessVariant, "5p/6/6/6/d5/qp4 s -,- - - 1", "a1b2", "the queen cannot jump over b1 or a2: every way from a1 to b2 passes one of them"},
		{CoasterChessVariant, "5p/6/6/6/6/q5 s -,- - - 1", "a1d6", "the queen on a1 cannot reach d6 along the arrows in up to three steps"},
		{CoasterChessVariant, "5p/6/6/6/6/q5 s -,- - - 1", "a1c1", "the queen on a1 cannot reach c1 along the arrows in up to three steps"},
	} {
		p := parse(t, c.v, c.text)
		_, err := p.ParseMove(c.action)
		var ie *engine.IllegalError
		if !errors.As(err, &ie) {
			t.Errorf("%s in %s: %v, want an illegal action", c.action, c.text, err)
			continue
		}
		if ie.Reason != c.reason {
			t.Errorf("%s in %s:\n got %q\nwant %q", c.action, c.text, ie.Reason, c.reason)
		}
	}
}

// TestReasonsOfRandomPositions: in positions of random games, every well-formed illegal action
// (every pair of squares, with and without +clock, and pass) gets a specific reason, and a piece
// a reason says cannot be jumped over stands where it says.
func TestReasonsOfRandomPositions(t *testing.T) {
	games, every := 4, 5
	if testing.Short() {
		games, every = 1, 25
	}
	rng := rand.New(rand.NewPCG(4, 4))
	checked := 0
	for _, v := range variants {
		for _, opts := range []engine.Options{nil, fourPlayers(false), fourPlayers(true)} {
			start, err := v.Start(opts)
			if err != nil {
				t.Fatal(err)
			}
			for range games {
				p := start.(*Position)
				for ply := 0; ply < 150 && p.Phase() != engine.PhaseFinished; ply++ {
					if ply%every == 0 {
						checked += checkReasons(t, p)
					}
					moves := p.Moves(nil)
					m := moves[rng.IntN(len(moves))]
					if ply < 40 {
						m &^= clockFlag
					}
					next, _ := p.Play(m)
					p = next.(*Position)
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no illegal action checked")
	}
}

func checkReasons(t *testing.T, p *Position) int {
	t.Helper()
	legal := p.Moves(nil)
	n := p.rules.geo.squares()
	candidates := []engine.Move{passMove}
	for from := 0; from < n; from++ {
		for to := 0; to < n; to++ {
			candidates = append(candidates, newMove(from, to), newMove(from, to)|clockFlag)
		}
	}
	checked := 0
	for _, m := range candidates {
		if slices.Contains(legal, m) {
			continue
		}
		text := p.Notation(m)
		_, err := p.ParseMove(text)
		var ie *engine.IllegalError
		if !errors.As(err, &ie) {
			t.Fatalf("%s: %s: %v, want an illegal action", p, text, err)
		}
		if ie.Reason == "" || ie.Reason == fallbackReason {
			t.Fatalf("%s: %s gets the reason %q", p, text, ie.Reason)
		}
		if _, rest, ok := strings.Cut(ie.Reason, "jump over "); ok {
			squares, _, _ := strings.Cut(rest, ":")
			squares, _, _ = strings.Cut(squares, " to reach ")
			for _, name := range strings.Split(squares, " or ") {
				if sq, ok := p.parseSquare(name); !ok || p.kindAt(sq) == 0 {
					t.Fatalf("%s: %s: %q names %s, where no piece stands", p, text, ie.Reason, name)
				}
			}
		}
		checked++
	}
	return checked
}
