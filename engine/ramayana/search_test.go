package ramayana

import (
	"context"
	"slices"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/search"
)

func child(p *Position, m engine.Move) *Position {
	var next Position
	p.apply(m, &next)
	return &next
}

// winsWithin reports whether the side to move can force a win within moves of its own actions,
// trying everything: checkmate, stalemate and bare Rajah all win.
func winsWithin(p *Position, moves int) bool {
	if moves <= 0 {
		return false
	}
	var u [2]float64
	us := int(p.side)
	for _, m := range p.Moves(nil) {
		c := child(p, m)
		if c.Utility(u[:]) {
			if u[us] > 0 {
				return true
			}
			continue
		}
		if moves == 1 {
			continue
		}
		if !slices.ContainsFunc(c.Moves(nil), func(r engine.Move) bool { return !winsWithin(child(c, r), moves-1) }) {
			return true
		}
	}
	return false
}

// The positions: red's Rajah in the corner d16, walled in by his own Yavana and Muni or kept
// alive by a dropped Untouchable on j5 that can never move (no ferz target exists there), so
// that red is not bare.
func TestSearchFindsWins(t *testing.T) {
	for _, c := range []struct {
		name   string
		side   string
		pieces map[string]string
		n      int
		reason string   // how the game ends after the search's first action, for n == 1
		moves  []string // the first actions that win at once, for n == 1
	}{
		// The Singh leaps to e14 and checks by its knight leap; the Muni's dabbaba leap covers
		// the one flight, e15.
		{"singh mate", "y", map[string]string{"e2": "R", "e13": "M", "g13": "I", "d16": "r", "e16": "y", "d15": "m",
			"i8": "K", "b9": "K"}, 1, "checkmate", nil},
		// The Muni steps next to the Rakshasa on g13, whose diagonal holds the Rajah and his
		// flight e15: nothing of red's reaches g12 or g13.
		{"rakshasa mate", "y", map[string]string{"e2": "R", "g10": "M", "d16": "r", "e16": "y", "d15": "m",
			"g13": "K", "i8": "K"}, 1, "checkmate", []string{"g10g12"}},
		// The Brahmin takes d15 from d13 (dabbaba) or f13 (alfil); the Muni holds e15 and e16;
		// d16 is not attacked: stalemate, which wins.
		{"stalemate", "y", map[string]string{"e2": "R", "e14": "M", "d11": "B", "d16": "r", "j5": "=u",
			"i8": "K", "b9": "K"}, 1, "stalemate", []string{"d11d13", "d11f13"}},
		// Red to move wins the same way on the other side of the board.
		{"red rakshasa mate", "r", map[string]string{"f15": "r", "d7": "m", "g1": "R", "f1": "Y", "g2": "M",
			"d4": "K", "b9": "K"}, 1, "checkmate", []string{"d7d5"}},
		// The same with the Brahmin on d12, a leap too close to d13 and f13: a win in two.
		{"win in 2", "y", map[string]string{"e2": "R", "e14": "M", "d12": "B", "d16": "r", "j5": "=u",
			"i8": "K", "b9": "K"}, 2, "", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			root := build(t, c.side, c.pieces)
			if winsWithin(root, c.n-1) || !winsWithin(root, c.n) {
				t.Fatalf("%s is not a win in exactly %d", root, c.n)
			}
			if c.moves != nil {
				var wins []string
				for _, m := range root.Moves(nil) {
					if o := child(root, m).Outcome(); o.Finished && slices.Equal(o.Winners, []int{int(root.side)}) {
						wins = append(wins, root.Notation(m))
					}
				}
				slices.Sort(wins)
				if !slices.Equal(wins, c.moves) {
					t.Fatalf("winning first actions %v, want %v", wins, c.moves)
				}
			}
			r, err := search.NewSearcher(1<<20).Search(context.Background(), root, search.Options{Limits: search.Limits{Depth: 2*c.n + 1}}, nil)
			if err != nil {
				t.Fatal(err)
			}
			us := int(root.side)
			want := float64(engine.WinValue - (2*c.n - 1))
			if got := r.Lines[0].Values[us]; got != want {
				t.Errorf("value %v, want %v (a win in %d)", got, want, c.n)
			}
			next := child(root, r.Best)
			if c.n == 1 {
				if o := next.Outcome(); !o.Finished || o.Reason != c.reason || !slices.Equal(o.Winners, []int{us}) {
					t.Errorf("%s ends %+v, want a %s by %s", root.Notation(r.Best), o, c.reason, playerNames[us])
				}
			} else if slices.ContainsFunc(next.Moves(nil), func(m engine.Move) bool { return !winsWithin(child(next, m), c.n-1) }) {
				t.Errorf("%s does not force a win in %d", root.Notation(r.Best), c.n)
			}
			if c.moves != nil && !slices.Contains(c.moves, root.Notation(r.Best)) {
				t.Errorf("plays %s, want one of %v", root.Notation(r.Best), c.moves)
			}
		})
	}
}

// BenchmarkSearchStart searches the start position from an empty table and reports nodes per
// second; allocs/op is per search (its Result), not per node.
func BenchmarkSearchStart(b *testing.B) {
	root, err := Parse(StartText)
	if err != nil {
		b.Fatal(err)
	}
	for _, depth := range []int{4, 5} {
		b.Run("depth="+string(rune('0'+depth)), func(b *testing.B) {
			s := search.NewSearcher(16 << 20)
			ctx := context.Background()
			opts := search.Options{Limits: search.Limits{Depth: depth}}
			if _, err := s.Search(ctx, &root, opts, nil); err != nil {
				b.Fatal(err)
			}
			var nodes uint64
			b.ReportAllocs()
			for b.Loop() {
				b.StopTimer()
				s.ClearTable()
				b.StartTimer()
				r, err := s.Search(ctx, &root, opts, nil)
				if err != nil {
					b.Fatal(err)
				}
				nodes += r.Nodes
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
		})
	}
}
