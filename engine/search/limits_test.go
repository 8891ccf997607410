package search

import (
	"context"
	"math"
	"slices"
	"testing"
	"time"

	"github.com/ashtapada/ashtapada/engine"
)

// bigTree is a game too large to finish searching.
func bigTree() engine.Position { return newTree(99, 2, 8, 60, 1<<40, true, true) }

func TestRepetition(t *testing.T) {
	root := &shuttle{}
	for _, c := range []struct {
		name string
		opts Options
		want float64
	}{
		{"off", Options{Limits: Limits{Depth: 6}}, 5},
		// Passing twice brings the root back: a draw, which player 1 takes over resigning.
		{"path", Options{Limits: Limits{Depth: 6}, Repetition: 2}, 0},
		{"threefold on the path", Options{Limits: Limits{Depth: 6}, Repetition: 3}, 0},
		{"threefold out of reach", Options{Limits: Limits{Depth: 3}, Repetition: 3}, 5},
		// History holds the position after player 0 passes twice already: passing once is a draw.
		{"history", Options{Limits: Limits{Depth: 2}, Repetition: 3, History: []uint64{(&shuttle{toMove: 1}).Key(), 7, (&shuttle{toMove: 1}).Key()}}, 0},
		{"history once", Options{Limits: Limits{Depth: 2}, Repetition: 3, History: []uint64{(&shuttle{toMove: 1}).Key()}}, 5},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := mustSearch(t, NewSearcher(1<<16), root, c.opts)
			if got := r.Lines[0].Values[0]; got != c.want || r.Best != 0 {
				t.Errorf("best %d value %v, want pass with %v", r.Best, got, c.want)
			}
		})
	}
	// Nim has no cycles, but a history can make a winning move lead to a repeated position.
	r := mustSearch(t, NewSearcher(1<<16), &nim{pile: 5}, Options{Repetition: 2, History: []uint64{(&nim{pile: 4, toMove: 1}).Key()}})
	if r.Best != 1 || r.Lines[0].Values[0] != 0 {
		t.Errorf("nim 5 with pile 4 in history: best %d value %v, want 1 with a draw", r.Best, r.Lines[0].Values[0])
	}
}

func TestLimits(t *testing.T) {
	root := bigTree()
	legal := allMoves(root)
	check := func(t *testing.T, r Result, err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		if r.Complete || len(r.Lines) == 0 || !slices.Contains(legal, r.Best) || r.Lines[0].PV[0] != r.Best {
			t.Errorf("got %+v, want an incomplete result with a legal best action", r)
		}
	}
	t.Run("nodes", func(t *testing.T) {
		r, err := NewSearcher(0).Search(context.Background(), root, Options{Limits: Limits{Nodes: 20000}}, nil)
		check(t, r, err)
		if r.Nodes < 20000 || r.Nodes > 20000+MaxDepth*4 || r.Depth < 2 {
			t.Errorf("%d nodes to depth %d with a budget of 20000", r.Nodes, r.Depth)
		}
	})
	t.Run("time", func(t *testing.T) {
		start := time.Now()
		r, err := NewSearcher(0).Search(context.Background(), root, Options{Limits: Limits{Time: 50 * time.Millisecond}}, nil)
		check(t, r, err)
		if d := time.Since(start); d > 500*time.Millisecond || r.Depth < 2 {
			t.Errorf("a 50ms search took %v and reached depth %d", d, r.Depth)
		}
	})
	t.Run("soft time", func(t *testing.T) {
		// The hard limit is far: the search stops between iterations, past half the soft time.
		start := time.Now()
		r, err := NewSearcher(0).Search(context.Background(), root, Options{Limits: Limits{Time: time.Minute, SoftTime: 40 * time.Millisecond}}, nil)
		check(t, r, err)
		if d := time.Since(start); d < 20*time.Millisecond || d > 10*time.Second || r.Depth < 2 {
			t.Errorf("a search with 40ms soft time took %v and reached depth %d", d, r.Depth)
		}
	})
	t.Run("cancel", func(t *testing.T) {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
		defer cancel()
		start := time.Now()
		r, err := NewSearcher(0).Search(ctx, root, Options{}, nil)
		check(t, r, err)
		if d := time.Since(start); d > 500*time.Millisecond {
			t.Errorf("a search cancelled after 30ms took %v", d)
		}
	})
	t.Run("cancelled before", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		r, err := NewSearcher(0).Search(ctx, root, Options{}, nil)
		check(t, r, err)
		if r.Depth < 1 {
			t.Errorf("depth 1 did not complete: %+v", r)
		}
	})
	t.Run("partial", func(t *testing.T) {
		r, err := NewSearcher(0).Search(context.Background(), root, Options{Limits: Limits{Nodes: 1, MultiPV: 3}}, nil)
		check(t, r, err)
		if r.Depth != 0 || len(r.Lines) != 1 {
			t.Errorf("a budget of one node: depth %d with %d lines, want 0 and 1", r.Depth, len(r.Lines))
		}
	})
}

func TestClockLimits(t *testing.T) {
	for _, c := range []struct {
		left, inc time.Duration
		togo      int
	}{
		{time.Minute, 0, 0}, {time.Minute, time.Second, 0}, {10 * time.Second, 100 * time.Millisecond, 0},
		{time.Second, 2 * time.Second, 0}, {5 * time.Minute, 0, 40}, {90 * time.Second, 0, 1},
		{time.Millisecond, 0, 0}, {0, 0, 0},
	} {
		soft, hard := ClockLimits(c.left, c.inc, c.togo)
		if soft <= 0 || soft > hard || (c.left > time.Millisecond && hard >= c.left) {
			t.Errorf("left %v inc %v moves %d: soft %v hard %v, want 0 < soft <= hard < left", c.left, c.inc, c.togo, soft, hard)
		}
		// More on the clock, more added per move, or fewer moves to make: never less time.
		if s2, h2 := ClockLimits(2*c.left, c.inc, c.togo); s2 < soft || h2 < hard {
			t.Errorf("left %v: doubling the clock gives soft %v hard %v, less than %v %v", c.left, s2, h2, soft, hard)
		}
		if s2, h2 := ClockLimits(c.left, c.inc+time.Second, c.togo); s2 < soft || h2 < hard {
			t.Errorf("inc %v: a larger increment gives soft %v hard %v, less than %v %v", c.inc, s2, h2, soft, hard)
		}
	}
	// A whole minute for 30 moves gives about two seconds a move.
	if soft, _ := ClockLimits(time.Minute, 0, 30); soft < time.Second || soft > 3*time.Second {
		t.Errorf("a minute for 30 moves: soft %v", soft)
	}
}

func TestReport(t *testing.T) {
	var reports []Result
	r, err := NewSearcher(0).Search(context.Background(), bigTree(), Options{Limits: Limits{Depth: 5, MultiPV: 2}},
		func(r Result) { reports = append(reports, r) })
	if err != nil {
		t.Fatal(err)
	}
	if len(reports) != 5 || !r.Complete || r.Depth != 5 {
		t.Fatalf("%d reports, result depth %d complete %v; want 5 reports to a complete depth 5", len(reports), r.Depth, r.Complete)
	}
	for i, rep := range reports {
		if rep.Depth != i+1 || len(rep.Lines) != 2 || rep.Complete != (i == 4) {
			t.Errorf("report %d: depth %d, %d lines, complete %v", i, rep.Depth, len(rep.Lines), rep.Complete)
		}
		for _, l := range rep.Lines {
			if l.PV[0] != l.Move || len(l.Values) != 2 {
				t.Errorf("report %d: line %+v", i, l)
			}
		}
	}
	if last := reports[4]; last.Best != r.Best || last.Lines[0].Values[0] != r.Lines[0].Values[0] {
		t.Errorf("last report %+v differs from the result %+v", last, r)
	}
}

// TestPVIsPlayable walks every reported line from the root: each move must be legal where it
// is played, and a line stops early only at the end of the game.
func TestPVIsPlayable(t *testing.T) {
	for _, c := range []struct {
		root engine.Position
		alg  Algorithm
	}{
		{newTacticalTree(5, 5, 20, 1<<30, true), AlphaBeta},
		{newTree(6, 3, 4, 20, 1<<30, true, true), MaxN},
		{newTree(6, 3, 4, 20, 1<<30, true, true), Paranoid},
		{newRace(2, 30, false), AlphaBeta},
	} {
		root := c.root
		if r, ok := root.(*race); ok {
			r.roll = 3
		}
		const depth = 4
		r := mustSearch(t, NewSearcher(0), root, Options{Algorithm: c.alg, Limits: Limits{Depth: depth, MultiPV: 2}})
		for _, l := range r.Lines {
			cur, actions := root, 0
			for i, m := range l.PV {
				if !slices.Contains(allMoves(cur), m) {
					t.Fatalf("%v %v: PV %v: move %d is illegal", c.alg, root, l.PV, i)
				}
				if cur.Phase() != engine.PhaseRoll {
					actions++
				}
				cur = play(cur, m)
			}
			if actions < depth && cur.Phase() != engine.PhaseFinished {
				t.Errorf("%v %v: PV %v holds %d actions, want %d", c.alg, root, l.PV, actions, depth)
			}
		}
	}
}

func TestSearchErrors(t *testing.T) {
	rolling := newRace(2, 5, false)
	for _, c := range []struct {
		name string
		root engine.Position
		opts Options
	}{
		{"nil", nil, Options{}},
		{"roll", rolling, Options{}},
		{"finished", &nim{}, Options{}},
		{"depth", &nim{pile: 3}, Options{Limits: Limits{Depth: -1}}},
		{"too deep", &nim{pile: 3}, Options{Limits: Limits{Depth: MaxDepth + 1}}},
		{"multipv", &nim{pile: 3}, Options{Limits: Limits{MultiPV: -1}}},
		{"repetition", &nim{pile: 3}, Options{Repetition: 1}},
		{"algorithm", &nim{pile: 3}, Options{Algorithm: 9}},
		{"time", &nim{pile: 3}, Options{Limits: Limits{Time: -1}}},
	} {
		if _, err := NewSearcher(0).Search(context.Background(), c.root, c.opts, nil); err == nil {
			t.Errorf("%s: no error", c.name)
		}
	}
}

func TestParseAlgorithm(t *testing.T) {
	for _, a := range []Algorithm{Auto, AlphaBeta, Paranoid, MaxN, MCTS} {
		if got, err := ParseAlgorithm(a.String()); got != a || err != nil {
			t.Errorf("ParseAlgorithm(%q) = %v, %v", a.String(), got, err)
		}
	}
	if _, err := ParseAlgorithm("uct"); err == nil {
		t.Error("ParseAlgorithm(uct) gave no error")
	}
}

// TestSearchAllocations checks that a search allocates the same whatever its depth: nothing per
// node, only the result.
func TestSearchAllocations(t *testing.T) {
	for _, alg := range []Algorithm{AlphaBeta, MaxN} {
		root := newTacticalTree(8, 6, 40, 1<<30, true)
		root.g.noEnd = true
		s := NewSearcher(1 << 20)
		allocs := func(depth int) (float64, uint64) {
			var nodes uint64
			a := testing.AllocsPerRun(3, func() {
				s.ClearTable() // else the table answers from the previous run
				r, _ := s.Search(context.Background(), root, Options{Algorithm: alg, Limits: Limits{Depth: depth}}, nil)
				nodes = r.Nodes
			})
			return a, nodes
		}
		allocs(7) // the stack grows once
		shallow, n1 := allocs(2)
		deep, n2 := allocs(6)
		t.Logf("%v: %v allocations for %d nodes, %v for %d", alg, shallow, n1, deep, n2)
		if deep != shallow || n2 < 20*n1 {
			t.Errorf("%v: %v allocations for %d nodes, %v for %d", alg, shallow, n1, deep, n2)
		}
	}
}

// TestDrawIsPositiveZero checks that a drawn line reads 0 for both players, not -0.
func TestDrawIsPositiveZero(t *testing.T) {
	r := mustSearch(t, NewSearcher(0), &shuttle{}, Options{Limits: Limits{Depth: 4}, Repetition: 2})
	for p, v := range r.Lines[0].Values {
		if v != 0 || math.Signbit(v) {
			t.Errorf("player %d: value %v, want +0", p, v)
		}
	}
}

// A search lent its processor in slices (Pause blocking now and then) finds the same result at a
// fixed node budget, and its time budget does not count the time it was paused.
func TestPause(t *testing.T) {
	for _, algo := range []Algorithm{AlphaBeta, MCTS} {
		t.Run(algo.String(), func(t *testing.T) {
			root := bigTree()
			opts := Options{Limits: Limits{Nodes: 30000}, Algorithm: algo}
			alone := mustSearch(t, NewSearcher(1<<16), root, opts)
			calls := 0
			opts.Pause = func() time.Duration {
				calls++
				time.Sleep(100 * time.Microsecond)
				return 100 * time.Microsecond
			}
			sliced := mustSearch(t, NewSearcher(1<<16), root, opts)
			if calls == 0 || sliced.Best != alone.Best || sliced.Nodes != alone.Nodes || sliced.Depth != alone.Depth ||
				!slices.EqualFunc(sliced.Lines, alone.Lines, func(a, b Line) bool { return slices.Equal(a.Values, b.Values) && slices.Equal(a.PV, b.PV) }) {
				t.Errorf("paused %d times: %+v, alone %+v", calls, sliced, alone)
			}

			// Time 20 ms, and a first pause of 200 ms: the search goes on after it.
			var atPause uint64
			s := NewSearcher(1 << 16)
			opts = Options{Limits: Limits{Time: 20 * time.Millisecond}, Algorithm: algo}
			opts.Pause = func() time.Duration {
				if atPause != 0 {
					return 0
				}
				atPause = 1
				time.Sleep(200 * time.Millisecond)
				return 200 * time.Millisecond
			}
			began := time.Now()
			r := mustSearch(t, s, root, opts)
			wall := time.Since(began)
			// Without the extension the search would stop at once after the pause, its 20 ms long
			// gone; with it, it runs its 20 ms, and Elapsed does not count the pause.
			if r.Elapsed < 15*time.Millisecond || wall < 215*time.Millisecond || r.Elapsed > wall-190*time.Millisecond {
				t.Errorf("a 20 ms search paused 200 ms: elapsed %v, wall %v, %d nodes; want about 20 ms of search after the pause", r.Elapsed, wall, r.Nodes)
			}
		})
	}
}

// Both searches refuse the same bad options, with one check.
func TestBadOptionsRefusedAlike(t *testing.T) {
	root := bigTree()
	for _, bad := range []Options{
		{Limits: Limits{Depth: -1}}, {Limits: Limits{Depth: MaxDepth + 1}}, {Limits: Limits{MultiPV: -1}},
		{Repetition: 1}, {Repetition: -2}, {Limits: Limits{Time: -time.Second}}, {Algorithm: Algorithm(99)},
	} {
		for _, algo := range []Algorithm{AlphaBeta, MCTS} {
			opts := bad
			if opts.Algorithm == Auto {
				opts.Algorithm = algo
			}
			opts.Nodes = 1000
			if _, err := NewSearcher(1<<16).Search(context.Background(), root, opts, nil); err == nil {
				t.Errorf("%v with %+v: no error", algo, bad)
			}
		}
	}
}
