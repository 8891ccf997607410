package search

import (
	"context"
	"slices"
	"testing"
	"time"
)

// Root parallelisation: a node-bounded search on two threads is reproducible (every tree is
// seeded and bounded), spends the node budget across the threads, and plays an action its
// merged root values rank best by visits.
func TestMCTSThreads(t *testing.T) {
	root := mcc(t, nil)
	search := func(threads int) Result {
		s := NewSearcher(0)
		s.SetSeed(1)
		r := mustSearch(t, s, root, Options{Algorithm: MCTS, Threads: threads, Limits: Limits{Nodes: 30000, MultiPV: 3}})
		r.Elapsed = 0
		return r
	}
	one, a, b := search(1), search(2), search(2)
	if !resultsEqual(a, b) {
		t.Errorf("two threads twice:\n%+v\n%+v", a, b)
	}
	if resultsEqual(one, a) {
		t.Errorf("two threads gave one thread's result: the helper added nothing")
	}
	if a.Nodes < 29000 || a.Nodes > 31000 {
		t.Errorf("two threads visited %d nodes of a budget of 30000", a.Nodes)
	}
	if !slices.Contains(allMoves(root), a.Best) || a.Lines[0].Move != a.Best {
		t.Errorf("best %v, first line %v", a.Best, a.Lines[0].Move)
	}
	if _, err := NewSearcher(0).Search(context.Background(), root, Options{Algorithm: MCTS, Threads: MaxThreads + 1, Limits: Limits{Nodes: 100}}, nil); err == nil {
		t.Errorf("%d threads were accepted", MaxThreads+1)
	}
}

// A timed search on two threads runs both for the whole time.
func BenchmarkMCTSThreads(b *testing.B) {
	root := mcc(b, nil)
	for _, threads := range []int{1, 2} {
		b.Run(map[int]string{1: "threads=1", 2: "threads=2"}[threads], func(b *testing.B) {
			s := NewSearcher(0)
			var nodes uint64
			for b.Loop() {
				r, err := s.Search(context.Background(), root, Options{Algorithm: MCTS, Threads: threads, Limits: Limits{Time: 200 * time.Millisecond}}, nil)
				if err != nil {
					b.Fatal(err)
				}
				nodes += r.Nodes
			}
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/search")
		})
	}
}
