package search

import (
	"context"
	"sync"
	"time"

	"github.com/ashtapada/ashtapada/engine"
)

// MCTS on several threads is root parallelisation (Chaslot, Winands and van den Herik, "Parallel
// Monte-Carlo Tree Search", 2008): every thread grows a tree of its own from the root, seeded
// apart, for the whole time (or its share of the nodes); at the end the root's children's visits
// and value sums are added up over the trees and the most visited action is played. The trees
// share nothing, so no thread waits for another and no lock is taken per node.

// helperSearchers returns n-1 Searchers for the other threads, made once and kept. MCTS uses
// no transposition table: theirs is one entry.
func (s *Searcher) helperSearchers(n int) []*Searcher {
	for len(s.helpers) < n-1 {
		s.helpers = append(s.helpers, NewSearcher(1))
	}
	return s.helpers[:n-1]
}

// DropHelpers forgets the other threads' searchers and their trees, for a Searcher kept in a
// pool that should not hold several threads' memory between searches.
func (s *Searcher) DropHelpers() { s.helpers = nil }

// helperRun is one helper thread's search.
type helperRun struct {
	s   *Searcher
	err error
}

// startHelpers starts the other threads of a search of opts.Threads threads on copies of root;
// wait stops them (cancel) and waits for them to end.
func (s *Searcher) startHelpers(ctx context.Context, root engine.Position, opts Options) (runs []*helperRun, cancel func(), wait func()) {
	ctx, cancel = context.WithCancel(ctx)
	var wg sync.WaitGroup
	opts.Pause = nil
	for i, h := range s.helperSearchers(opts.Threads) {
		// A copy of its own: a position may keep caches that searching writes.
		own, err := root.Variant().Parse(root.String())
		run := &helperRun{s: h, err: err}
		runs = append(runs, run)
		if err != nil {
			continue
		}
		t := h.mctsTree()
		t.seed = s.mctsTree().seed ^ (uint64(i+1) * 0x9e3779b97f4a7c15)
		wg.Add(1)
		go func() {
			defer wg.Done()
			t := h.mctsTree()
			if run.err = t.setup(ctx, own, opts, time.Now()); run.err != nil {
				return
			}
			for !t.stop {
				t.iterate()
				if t.pool[t.root].flags&proven != 0 {
					break
				}
				if t.nodes >= t.nextPoll {
					t.poll()
				}
			}
		}()
	}
	return runs, cancel, wg.Wait
}

// mergeRoots adds the helpers' root children's visits and values to t's root children.
func (t *mctsTree) mergeRoots(runs []*helperRun) {
	root := &t.pool[t.root]
	for _, run := range runs {
		if run.err != nil {
			continue
		}
		h := run.s.mctsTree()
		hr := &h.pool[h.root]
		t.nodes += h.nodes
		t.selDepth = max(t.selDepth, h.selDepth)
		if root.count == 0 || hr.count != root.count {
			continue
		}
		for c := int32(0); c < int32(root.count); c++ {
			mine, theirs := &t.pool[root.first+c], &h.pool[hr.first+c]
			if mine.move != theirs.move {
				continue
			}
			mine.visits += theirs.visits
			for p := range t.players {
				mine.sum[p] += theirs.sum[p]
			}
		}
		root.visits += hr.visits
	}
}
