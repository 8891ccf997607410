package search

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/chaturanga"
)

func parseChaturanga(t testing.TB, fen string) *chaturanga.Position {
	t.Helper()
	p, err := chaturanga.Parse(fen)
	if err != nil {
		t.Fatalf("Parse(%q): %v", fen, err)
	}
	return &p
}

// winsWithin reports whether the side to move at n can force a win within moves of its own
// actions, trying everything: checkmate and stalemate both win in chaturanga.
func winsWithin(n engine.Position, moves int) bool {
	if moves <= 0 {
		return false
	}
	var u [2]float64
	us := n.ToMove()
	for _, m := range allMoves(n) {
		c := play(n, m)
		if c.Utility(u[:]) {
			if u[us] > 0 {
				return true
			}
			continue
		}
		if moves == 1 {
			continue
		}
		replies := allMoves(c)
		if !slices.ContainsFunc(replies, func(r engine.Move) bool { return !winsWithin(play(c, r), moves-1) }) {
			return true
		}
	}
	return false
}

// TestChaturangaMates checks hand-made positions whose mates the brute force confirms: the search
// must play a mating move and value it as a win in exactly 2n-1 plies.
func TestChaturangaMates(t *testing.T) {
	for _, c := range []struct {
		name, fen string
		n         int
	}{
		// The back rank: the pawns on g7 and h7 wall in their own king.
		{"back rank", "7k/6pp/8/8/8/8/8/R5K1 w - - 0 1", 1},
		{"back rank for black", "r5k1/8/8/8/8/8/6PP/7K b - - 0 1", 1},
		// A horse mates a king smothered by its own ratha and pawns.
		{"smothered", "6rk/6pp/8/6N1/8/8/8/6K1 w - - 0 1", 1},
		// Two rathas: one cuts off the seventh rank, the other mates on the eighth.
		{"ladder", "7k/8/8/8/8/8/1R6/R5K1 w - - 0 1", 2},
		// The king steps up to cover the seventh rank; then the ratha mates on the eighth or the h-file.
		{"ratha and king", "7k/8/5K2/8/8/8/8/1R6 w - - 0 1", 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			root := parseChaturanga(t, c.fen)
			if winsWithin(root, c.n-1) || !winsWithin(root, c.n) {
				t.Fatalf("%s is not a mate in exactly %d", c.fen, c.n)
			}
			r := mustSearch(t, NewSearcher(1<<20), root, Options{Limits: Limits{Depth: 2*c.n + 1}})
			us := root.ToMove()
			want := float64(engine.WinValue - (2*c.n - 1))
			if got := r.Lines[0].Values[us]; got != want {
				t.Errorf("value %v, want %v (mate in %d); PV %v", got, want, c.n, notation(root, r.Lines[0].PV))
			}
			child := play(root, r.Best)
			var u [2]float64
			if c.n == 1 {
				if !child.Utility(u[:]) || u[us] != 1 {
					t.Errorf("%s does not mate", root.Notation(r.Best))
				}
			} else if slices.ContainsFunc(allMoves(child), func(m engine.Move) bool { return !winsWithin(play(child, m), c.n-1) }) {
				t.Errorf("%s does not force mate in %d", root.Notation(r.Best), c.n)
			}
			if len(r.Lines[0].PV) != 2*c.n-1 {
				t.Errorf("PV %v, want the %d plies of the mate", notation(root, r.Lines[0].PV), 2*c.n-1)
			}
		})
	}
}

// notation writes a line in the variant's notation.
func notation(root engine.Position, pv []engine.Move) []string {
	var out []string
	cur := root
	for _, m := range pv {
		out = append(out, cur.Notation(m))
		cur = play(cur, m)
	}
	return out
}

// TestChaturangaMultiPV checks that the lines MultiPV reports have exact values: each equals
// what a search of the position after its move finds one ply less deep.
func TestChaturangaMultiPV(t *testing.T) {
	root := parseChaturanga(t, "r1b1k2r/1pp2ppp/p1n1pn2/3p4/3P1B2/2N1PN2/PPP2PPP/R3KB1R w - - 0 8")
	const depth = 3
	s := NewSearcher(1 << 22)
	r := mustSearch(t, s, root, Options{Limits: Limits{Depth: depth, MultiPV: 4}})
	if len(r.Lines) != 4 {
		t.Fatalf("%d lines, want 4", len(r.Lines))
	}
	for i, l := range r.Lines {
		s.ClearTable()
		c := mustSearch(t, s, play(root, l.Move), Options{Limits: Limits{Depth: depth - 1}})
		if want := c.Lines[0].Values[0]; !close(l.Values[0], want) {
			t.Errorf("line %d %s: %v, but the position after it is worth %v", i, root.Notation(l.Move), l.Values[0], want)
		}
	}
}

func BenchmarkSearchChaturanga(b *testing.B) {
	for _, pos := range []struct{ name, fen string }{
		{"start", chaturanga.StartFEN},
		{"middlegame", "r1b1k2r/1pp2ppp/p1n1pn2/3p4/3P1B2/2N1PN2/PPP2PPP/R3KB1R w - - 0 8"},
	} {
		root := parseChaturanga(b, pos.fen)
		for _, depth := range []int{4, 6} {
			b.Run(fmt.Sprintf("%s/depth=%d", pos.name, depth), func(b *testing.B) {
				benchmarkSearch(b, root, Options{Limits: Limits{Depth: depth}})
			})
		}
	}
}

// benchmarkSearch measures searches from an empty table; the stack is grown before the clock
// starts, as a reused Searcher has it.
func benchmarkSearch(b *testing.B, root engine.Position, opts Options) {
	s := NewSearcher(16 << 20)
	ctx := context.Background()
	s.Search(ctx, root, opts, nil)
	var nodes uint64
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		s.ClearTable()
		b.StartTimer()
		r, err := s.Search(ctx, root, opts, nil)
		if err != nil {
			b.Fatal(err)
		}
		nodes += r.Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

// TestSelectiveSearch checks that the selective search is on in chaturanga (it visits far
// fewer nodes than the full-width search to the same depth).
func TestSelectiveSearch(t *testing.T) {
	root := parseChaturanga(t, "r1b1k2r/1pp2ppp/p1n1pn2/3p4/3P1B2/2N1PN2/PPP2PPP/R3KB1R w - - 0 8")
	nodes := func(full bool) uint64 {
		r, err := NewSearcher(1<<20).Search(context.Background(), root, Options{Limits: Limits{Depth: 6}, FullWidth: full}, nil)
		if err != nil {
			t.Fatal(err)
		}
		return r.Nodes
	}
	sel, full := nodes(false), nodes(true)
	if sel*2 > full {
		t.Errorf("depth 6: selective %d nodes, full width %d: want under half", sel, full)
	}
}
