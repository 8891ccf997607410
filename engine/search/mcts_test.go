package search

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/chaturaji"
	"github.com/ashtapada/ashtapada/engine/chaturanga"
	"github.com/ashtapada/ashtapada/engine/coasterchaturanga"
	"github.com/ashtapada/ashtapada/engine/martian"
	"github.com/ashtapada/ashtapada/engine/martianchess"
)

func mctsOptions(nodes uint64) Options {
	return Options{Algorithm: MCTS, Limits: Limits{Nodes: nodes}}
}

// TestMCTSMateInOne checks that MCTS plays a mate in one at once, values it as a win in one
// action and stops: the root is solved.
func TestMCTSMateInOne(t *testing.T) {
	for _, fen := range []string{
		"7k/6pp/8/8/8/8/8/R5K1 w - - 0 1",
		"r5k1/8/8/8/8/8/6PP/7K b - - 0 1",
		"6rk/6pp/8/6N1/8/8/8/6K1 w - - 0 1",
	} {
		root := parseChaturanga(t, fen)
		r := mustSearch(t, NewSearcher(0), root, mctsOptions(200000))
		us := root.ToMove()
		var u [2]float64
		if !play(root, r.Best).Utility(u[:]) || u[us] != 1 {
			t.Errorf("%s: %s does not mate", fen, root.Notation(r.Best))
		}
		if got := r.Lines[0].Values[us]; got != engine.WinValue-1 || r.Lines[0].Values[1-us] != -got {
			t.Errorf("%s: values %v, want a win in one", fen, r.Lines[0].Values)
		}
		if !r.Complete || r.Nodes >= 200000 || len(r.Lines[0].PV) != 1 {
			t.Errorf("%s: complete %v after %d nodes, PV %v; want the solved root", fen, r.Complete, r.Nodes, r.Lines[0].PV)
		}
	}
}

// TestMCTSWinsMaterial checks that MCTS takes a piece left hanging, in chaturanga and in four-
// player Martian Chess.
func TestMCTSWinsMaterial(t *testing.T) {
	// The black ratha on a4 is undefended; taking it leaves a ratha against a bare king.
	root := parseChaturanga(t, "4k3/8/8/8/r7/8/8/R3K3 w - - 0 1")
	r := mustSearch(t, NewSearcher(0), root, mctsOptions(50000))
	if got := root.Notation(r.Best); got != "a1a4" {
		t.Errorf("chaturanga: %s, want a1a4; lines %+v", got, r.Lines)
	}
	if r.Lines[0].Values[0] < 1 {
		t.Errorf("chaturanga: value %v after winning a ratha", r.Lines[0].Values[0])
	}

	// South-west's queen on d4 may take the queen on e5 in north-east's zone, which nothing
	// defends.
	mc, err := martianchess.MartianChessVariant.Parse("p7/8/8/4q3/3q4/8/8/p6p sw -,-,-,- - - 1")
	if err != nil {
		t.Fatal(err)
	}
	r = mustSearch(t, NewSearcher(0), mc, mctsOptions(50000))
	if g := mc.(engine.Tactics).Gain(r.Best); g != 3 {
		t.Errorf("martian chess: %s, which wins %v; want the queen; lines %+v", mc.Notation(r.Best), g, r.Lines)
	}
}

// TestMCTSNim checks the lines MCTS finds in nim, where the mover wins by leaving a multiple
// of four.
func TestMCTSNim(t *testing.T) {
	for pile := 1; pile <= 7; pile++ {
		if pile%4 == 0 {
			continue
		}
		r := mustSearch(t, NewSearcher(0), &nim{pile: pile}, mctsOptions(20000))
		if r.Best != engine.Move(pile%4) {
			t.Errorf("nim %d: best %d, want %d", pile, r.Best, pile%4)
		}
		if v := r.Lines[0].Values[0]; v <= 0 {
			t.Errorf("nim %d: value %v for the winner", pile, v)
		}
		if pile <= 3 && !r.Complete {
			t.Errorf("nim %d: taking the pile did not solve the root", pile)
		}
	}
}

// TestMCTSDeterministic checks that a seed and a node limit decide the result, in a game with
// dice and four players.
func TestMCTSDeterministic(t *testing.T) {
	root := mcc(t, nil)
	search := func(seed uint64) Result {
		s := NewSearcher(0)
		s.SetSeed(seed)
		r := mustSearch(t, s, root, Options{Algorithm: MCTS, Limits: Limits{Nodes: 30000, MultiPV: 3}})
		r.Elapsed = 0
		return r
	}
	a, b := search(1), search(1)
	if !resultsEqual(a, b) {
		t.Errorf("seed 1 twice:\n%+v\n%+v", a, b)
	}
	// The same searcher again: nothing of the earlier search remains.
	s := NewSearcher(0)
	s.SetSeed(1)
	mustSearch(t, s, chaturajiStart(t, nil, 3), mctsOptions(5000))
	c := mustSearch(t, s, root, Options{Algorithm: MCTS, Limits: Limits{Nodes: 30000, MultiPV: 3}})
	c.Elapsed = 0
	if !resultsEqual(a, c) {
		t.Errorf("a searcher used before:\n%+v\n%+v", a, c)
	}
	if d := search(2); resultsEqual(a, d) {
		t.Errorf("seeds 1 and 2 gave the same result %+v", d)
	}
}

func resultsEqual(a, b Result) bool {
	if a.Best != b.Best || a.Nodes != b.Nodes || a.Depth != b.Depth || a.SelDepth != b.SelDepth || len(a.Lines) != len(b.Lines) {
		return false
	}
	for i := range a.Lines {
		x, y := a.Lines[i], b.Lines[i]
		if x.Move != y.Move || !slices.Equal(x.Values, y.Values) || !slices.Equal(x.PV, y.PV) {
			return false
		}
	}
	return true
}

// mcc returns Martian Coaster Chaturanga after its first roll.
func mcc(t testing.TB, opts engine.Options) engine.Position {
	t.Helper()
	p, err := coasterchaturanga.Variant.Start(opts)
	if err != nil {
		t.Fatal(err)
	}
	return play(p, allMoves(p)[0])
}

// mccNearEnd is a position of a four-player Martian Coaster Chaturanga game in which one action
// might end the game (Ender), waiting for a player's action.
func mccNearEnd(t testing.TB) engine.Position {
	t.Helper()
	var near engine.Position
	walkMCC(t, func(step int, pos engine.Position, moves []engine.Move) bool {
		if pos.Phase() == engine.PhaseAction && pos.(Ender).MayEnd() {
			near = pos
		}
		return near != nil
	})
	return near
}

// walkMCC plays four-player Martian Coaster Chaturanga games, a new one whenever one ends, the
// action at each step picked from the step's number, and shows visit every position with its
// actions until visit says it has seen enough; after 20,000 actions the test fails.
func walkMCC(t testing.TB, visit func(step int, pos engine.Position, moves []engine.Move) (enough bool)) {
	t.Helper()
	pos := mcc(t, nil)
	for step := range 20000 {
		moves := allMoves(pos)
		if len(moves) == 0 {
			pos = mcc(t, nil)
			continue
		}
		if visit(step, pos, moves) {
			return
		}
		pos = play(pos, moves[step*7919%len(moves)])
	}
	t.Fatal("20,000 actions of random games did not show what the test looks for")
}

// TestMCTSAllocations checks that a search allocates the same whatever its size: the result,
// nothing per node.
func TestMCTSAllocations(t *testing.T) {
	roots := []engine.Position{chaturajiStart(t, nil, 1), mcc(t, nil), mccNearEnd(t), mccNearEnd(t)}
	for i, root := range roots {
		alg := MCTS
		if i == len(roots)-1 {
			alg = MCTSGreedy // its model of the other players looks for finishing actions
		}
		s := NewSearcher(1 << 16)
		allocs := func(nodes uint64) (float64, uint64) {
			var visited uint64
			a := testing.AllocsPerRun(3, func() {
				r, _ := s.Search(context.Background(), root, Options{Algorithm: alg, Limits: Limits{Nodes: nodes, MultiPV: 2}}, nil)
				visited = r.Nodes
			})
			return a, visited
		}
		allocs(300000) // the descent's positions are made once
		small, n1 := allocs(2000)
		large, n2 := allocs(100000)
		t.Logf("%s, %v: %v allocations for %d nodes, %v for %d", root.Variant().Describe().Name, alg, small, n1, large, n2)
		if large > small+4 || n2 < 20*n1 {
			t.Errorf("%s, %v: %v allocations for %d nodes, %v for %d", root.Variant().Describe().Name, alg, small, n1, large, n2)
		}
	}
}

// TestMCTSLimits checks the node, time, context and depth limits, and that a search without a
// limit that ends is refused.
func TestMCTSLimits(t *testing.T) {
	root := chaturajiStart(t, nil, 2)
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
		r, err := NewSearcher(0).Search(context.Background(), root, mctsOptions(20000), nil)
		check(t, r, err)
		// A limit is checked between descents; one descent adds a few actions of playout.
		if r.Nodes < 20000 || r.Nodes > 20000+200 {
			t.Errorf("%d nodes with a budget of 20000", r.Nodes)
		}
	})
	t.Run("one node", func(t *testing.T) {
		r, err := NewSearcher(0).Search(context.Background(), root, Options{Algorithm: MCTS, Limits: Limits{Nodes: 1, MultiPV: 3}}, nil)
		check(t, r, err)
	})
	t.Run("time", func(t *testing.T) {
		start := time.Now()
		r, err := NewSearcher(0).Search(context.Background(), root, Options{Algorithm: MCTS, Limits: Limits{Time: 50 * time.Millisecond}}, nil)
		check(t, r, err)
		if d := time.Since(start); d < 50*time.Millisecond || d > 500*time.Millisecond {
			t.Errorf("a 50ms search took %v", d)
		}
	})
	t.Run("cancel", func(t *testing.T) {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
		defer cancel()
		start := time.Now()
		r, err := NewSearcher(0).Search(ctx, root, Options{Algorithm: MCTS}, nil)
		check(t, r, err)
		if d := time.Since(start); d > 500*time.Millisecond {
			t.Errorf("a search cancelled after 30ms took %v", d)
		}
	})
	t.Run("cancelled before", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		r, err := NewSearcher(0).Search(ctx, root, Options{Algorithm: MCTS}, nil)
		check(t, r, err)
	})
	t.Run("depth", func(t *testing.T) {
		s := NewSearcher(0)
		r, err := s.Search(context.Background(), root, Options{Algorithm: MCTS, Limits: Limits{Depth: 2, Nodes: 50000}}, nil)
		check(t, r, err)
		if r.Depth > 2 || s.mcts.selDepth > 3 { // two actions and the roll between them
			t.Errorf("depth 2: a line of %d actions, the tree %d plies deep", r.Depth, s.mcts.selDepth)
		}
	})
	t.Run("no limit", func(t *testing.T) {
		if _, err := NewSearcher(0).Search(context.Background(), root, Options{Algorithm: MCTS}, nil); err == nil {
			t.Error("a search without a limit that ends: no error")
		}
	})
	t.Run("errors", func(t *testing.T) {
		for _, opts := range []Options{
			{Limits: Limits{Depth: -1, Nodes: 10}},
			{Limits: Limits{MultiPV: -1, Nodes: 10}},
			{Limits: Limits{Time: -1}},
			{Limits: Limits{Nodes: 10}, Repetition: 1},
		} {
			opts.Algorithm = MCTS
			if _, err := NewSearcher(0).Search(context.Background(), root, opts, nil); err == nil {
				t.Errorf("%+v: no error", opts)
			}
		}
		for _, n := range []engine.Position{nil, newRace(2, 5, false), &nim{}} {
			if _, err := NewSearcher(0).Search(context.Background(), n, mctsOptions(10), nil); err == nil {
				t.Errorf("%v: no error", n)
			}
		}
	})
}

// TestMCTSLines checks MultiPV, the lines' legality, team values and the reports.
func TestMCTSLines(t *testing.T) {
	for _, root := range []engine.Position{chaturajiStart(t, nil, 1), chaturajiStart(t, teamPlay, 1), mcc(t, nil),
		newTree(6, 3, 4, 20, 1<<30, true, true)} {
		name := root.Variant().Describe().Name
		var reports []Result
		r, err := NewSearcher(0).Search(context.Background(), root, Options{Algorithm: MCTS, Limits: Limits{Nodes: 300000, MultiPV: 3}},
			func(r Result) { reports = append(reports, r) })
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Lines) != min(3, len(allMoves(root))) || r.Best != r.Lines[0].Move || r.Depth < 2 {
			t.Errorf("%s: %+v", name, r)
		}
		if len(reports) < 2 {
			t.Errorf("%s: %d reports", name, len(reports))
		}
		players := engine.Players(root)
		seen := map[engine.Move]bool{}
		for _, l := range r.Lines {
			if seen[l.Move] || len(l.Values) != players || l.PV[0] != l.Move {
				t.Errorf("%s: line %+v", name, l)
			}
			seen[l.Move] = true
			cur := root
			for i, m := range l.PV {
				if !slices.Contains(allMoves(cur), m) {
					t.Fatalf("%s: PV %v: move %d is illegal", name, l.PV, i)
				}
				cur = play(cur, m)
			}
			for _, v := range l.Values {
				if math.IsNaN(v) || math.Abs(v) >= winBound {
					t.Errorf("%s: values %v", name, l.Values)
				}
			}
			if sider, ok := root.(Sider); ok && sider.Sides()[0] == sider.Sides()[2] && (l.Values[0] != l.Values[2] || l.Values[1] != l.Values[3]) {
				t.Errorf("%s: partners valued apart: %v", name, l.Values)
			}
		}
	}
}

// TestMCTSRepetition checks that a repeated position is a draw: in shuttle, passing back to the
// start is a draw, which player 1 takes over resigning.
func TestMCTSRepetition(t *testing.T) {
	r := mustSearch(t, NewSearcher(0), &shuttle{toMove: 1}, Options{Algorithm: MCTS, Limits: Limits{Nodes: 5000}, Repetition: 2})
	if r.Best != 0 {
		t.Errorf("best %d, want the pass", r.Best)
	}
	if v := r.Lines[0].Values[1]; v < -0.5 {
		t.Errorf("player 1's value %v, want about a draw", v)
	}
}

func TestAutoAlgorithm(t *testing.T) {
	four := engine.Options{"players": {Kind: engine.OptionInt, Int: 4}}
	for _, c := range []struct {
		v    engine.Variant
		opts engine.Options
		want Algorithm
	}{
		{coasterchaturanga.Variant, nil, MCTSGreedy},
		{chaturaji.Variant, nil, MCTSGreedy},
		{chaturaji.Variant, engine.Options{"teams": {Kind: engine.OptionBool, Bool: true}}, Auto}, // two sides: alpha-beta
		{martianchess.MartianChessVariant, four, MCTSGreedy},
		{martianchess.CoasterChessVariant, four, MCTS},
		{martianchess.MartianChessVariant, nil, Auto}, // two players: alpha-beta
		{martian.Variant, nil, MCTS},
		{martian.ChaturajiVariant, nil, MCTS},
		{coasterchaturanga.Variant, engine.Options{"players": {Kind: engine.OptionInt, Int: 2}}, Auto},
	} {
		root, err := c.v.Start(c.opts)
		if err != nil {
			t.Fatal(err)
		}
		for root.Phase() == engine.PhaseRoll {
			root = play(root, allMoves(root)[0])
		}
		if got := autoAlgorithm(root, Options{Limits: Limits{Time: time.Second}}); got != c.want {
			t.Errorf("%s %v: %v, want %v", c.v.Describe().Name, c.opts, got, c.want)
		}
	}
	// A depth keeps the depth-first algorithms.
	if got := autoAlgorithm(mcc(t, nil), Options{Limits: Limits{Depth: 3}}); got != Auto {
		t.Errorf("with a depth: %v, want auto", got)
	}
	if got := autoAlgorithm(&nim{pile: 3}, Options{Limits: Limits{Nodes: 3}}); got != Auto {
		t.Errorf("nim: %v, want auto", got)
	}
	if got := autoAlgorithm(mcc(t, nil), Options{Algorithm: Paranoid}); got != Paranoid {
		t.Errorf("paranoid asked for: %v", got)
	}
}

// TestPartnersShareValues checks that every algorithm values the partners of Martian Coaster
// Chaturanga's partnership game alike, and the two sides oppositely: the position's Sides puts
// them together, so none searches a partner as an opponent.
func TestPartnersShareValues(t *testing.T) {
	root := mcc(t, engine.Options{"players": {Kind: engine.OptionInt, Int: 2}})
	for _, alg := range []Algorithm{Auto, Paranoid, MaxN, MCTS, MCTSGreedy} {
		r := mustSearch(t, NewSearcher(0), root, Options{Algorithm: alg, Limits: Limits{Depth: 3, Nodes: 20000}})
		v := r.Lines[0].Values
		if v[0] != v[2] || v[1] != v[3] || v[0] != -v[1] {
			t.Errorf("%v: values %v, want partners alike and sides opposite", alg, v)
		}
	}
}

// TestPlayoutLength checks that a search takes its game's playout length from its search hints, and
// mctsDefaults' elsewhere; and that MCTSGreedy in a FirstChancer of more than two sides cuts its
// playouts at firstChancePlayout and values them by the chance of first place, and in an Ender of
// more than two sides models the other players as finishing the game when they can.
func TestPlayoutLength(t *testing.T) {
	four := engine.Options{"players": {Kind: engine.OptionInt, Int: 4}}
	two := engine.Options{"players": {Kind: engine.OptionInt, Int: 2}}
	martianChess, err := martianchess.MartianChessVariant.Start(four)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		root        engine.Position
		alg         Algorithm
		want        int
		firstChance bool
		finish      bool // the model's players finish the game (Ender)
	}{
		{chaturajiStart(t, nil, 1), MCTSGreedy, 30, false, false},
		{chaturajiStart(t, teamPlay, 1), MCTSGreedy, mctsDefaults.playout, false, false}, // two sides
		{mcc(t, nil), MCTSGreedy, firstChancePlayout, true, true},
		{mcc(t, nil), MCTS, 0, false, false},
		{mcc(t, two), MCTSGreedy, mctsDefaults.playout, false, false}, // two sides
		{martianChess, MCTSGreedy, mctsDefaults.playout, false, false},
	} {
		s := NewSearcher(0)
		mustSearch(t, s, c.root, Options{Algorithm: c.alg, Limits: Limits{Nodes: 1000}})
		name := c.root.Variant().Describe().Name
		if got := s.mcts.playoutLen; got != c.want {
			t.Errorf("%s, %v: playout %d, want %d", name, c.alg, got, c.want)
		}
		if got := s.mcts.firstChance; got != c.firstChance {
			t.Errorf("%s, %v: first chance %v, want %v", name, c.alg, got, c.firstChance)
		}
		if got := s.mcts.finish; got != c.finish {
			t.Errorf("%s, %v: finishing opponents %v, want %v", name, c.alg, got, c.finish)
		}
	}
}

// TestFirstChanceValues checks that a playout cut off in a FirstChancer is worth each player's
// expected utility by its chance of first place: 1 first, -1/3 otherwise with four players.
func TestFirstChanceValues(t *testing.T) {
	root := mcc(t, nil)
	s := NewSearcher(0)
	mustSearch(t, s, root, Options{Algorithm: MCTSGreedy, Limits: Limits{Nodes: 1000}})
	var v [engine.MaxPlayers]float64
	s.mcts.static(root, &v)
	chances := make([]float64, 4)
	root.(FirstChancer).FirstChances(chances)
	for p, c := range chances {
		if want := c - (1-c)/3; math.Abs(v[p]-want) > 1e-12 || c <= 0 || c >= 1 {
			t.Errorf("player %d: value %v, want %v from first chance %v", p, v[p], want, c)
		}
	}
}

// TestFirstChancePlayout checks that a playout valued by chances of first place is worth the
// mean of the leaf's own chances and those where its greedy game stops (firstChanceLeaf).
func TestFirstChancePlayout(t *testing.T) {
	root := mcc(t, nil)
	s := NewSearcher(0)
	mustSearch(t, s, root, Options{Algorithm: MCTSGreedy, Limits: Limits{Nodes: 1000}})
	tr := s.mcts
	var got, end, leaf [engine.MaxPlayers]float64
	tr.pcg.Seed(7, 8)
	tr.playout(root, &got)
	tr.pcg.Seed(7, 8)
	tr.walk(root, &end)
	tr.static(root, &leaf)
	differ := false
	for p := range tr.players {
		want := firstChanceLeaf*leaf[p] + (1-firstChanceLeaf)*end[p]
		if math.Abs(got[p]-want) > 1e-12 {
			t.Errorf("player %d: playout %v, want %v from the leaf's %v and the end's %v", p, got[p], want, leaf[p], end[p])
		}
		differ = differ || math.Abs(leaf[p]-end[p]) > 1e-9
	}
	if !differ {
		t.Errorf("the leaf and the end of its playout have the same values %v: the test shows nothing", leaf[:tr.players])
	}
}

// TestMCTSGreedyOpponents checks MCTSGreedy's model: below the root, every other side's player
// tries only the actions that win the most material (GreedyBot's choices), while the root's
// side, and plain MCTS everywhere, try the others too.
func TestMCTSGreedyOpponents(t *testing.T) {
	root, err := martianchess.MartianChessVariant.Start(engine.Options{"players": {Kind: engine.OptionInt, Int: 4}})
	if err != nil {
		t.Fatal(err)
	}
	for _, alg := range []Algorithm{MCTSGreedy, MCTS} {
		s := NewSearcher(0)
		r := mustSearch(t, s, root, Options{Algorithm: alg, Limits: Limits{Nodes: 30000}})
		if !slices.Contains(allMoves(root), r.Best) {
			t.Fatalf("%v: best action %d is not legal", alg, r.Best)
		}
		tr := s.mcts
		us := tr.pool[tr.root].mover
		// Nodes of another player with a capture worth more than some other action of theirs,
		// and how many of those tried an action outside the greedy choices.
		var choices, strayed int
		for i := range tr.pool[:tr.used] {
			node := &tr.pool[i]
			if node.count < 2 || node.mover == chanceMover || node.mover == us || node.visits < 8 {
				continue
			}
			first, last := node.first, node.first+int32(node.count)-1
			top := tr.pool[first].prob
			if top == tr.pool[last].prob {
				continue
			}
			choices++
			for c := first; c <= last; c++ {
				if ch := &tr.pool[c]; ch.prob != top && ch.visits > 0 {
					strayed++
					break
				}
			}
		}
		if choices < 10 {
			t.Fatalf("%v: only %d opponent nodes with a capture to choose", alg, choices)
		}
		if alg == MCTSGreedy && strayed != 0 {
			t.Errorf("%v: %d of %d opponent nodes tried an action that wins less than their best", alg, strayed, choices)
		}
		if alg == MCTS && strayed == 0 {
			t.Errorf("%v: no opponent node of %d tried an action that wins less than its best", alg, choices)
		}
		// The root's player chooses among all its actions.
		if rn := &tr.pool[tr.root]; alg == MCTSGreedy {
			tried := 0
			for c := rn.first; c < rn.first+int32(rn.count); c++ {
				if tr.pool[c].visits > 0 {
					tried++
				}
			}
			if tried != int(rn.count) {
				t.Errorf("%v: the root tried %d of its %d actions", alg, tried, rn.count)
			}
		}
	}
}

// finishing is whether action m of n's player ends the game with him first (1), or lets one more
// action of his turn do so (2), or neither (0).
func finishing(n engine.Position, m engine.Move) int {
	mover := n.ToMove()
	u := make([]float64, engine.Players(n))
	next := play(n, m)
	if next.Utility(u) {
		if u[mover] >= 1 {
			return 1
		}
		return 0
	}
	if next.Phase() != engine.PhaseAction || next.ToMove() != mover {
		return 0
	}
	for _, m2 := range allMoves(next) {
		if play(next, m2).Utility(u) && u[mover] >= 1 {
			return 2
		}
	}
	return 0
}

// TestMCTSGreedyFinishes checks that MCTSGreedy's model of another side's player takes an action
// that ends the game with him first, or else one after which another action of his turn does
// (Ender), in positions of random games of Martian Coaster Chaturanga where he has one, and keeps
// the greedy choice where he has none.
func TestMCTSGreedyFinishes(t *testing.T) {
	var with, without int
	walkMCC(t, func(_ int, pos engine.Position, moves []engine.Move) bool {
		if pos.Phase() == engine.PhaseAction {
			best := 0 // the fewest actions to a finish: 1, 2, or 0 for none
			for _, m := range moves {
				if f := finishing(pos, m); f > 0 && (best == 0 || f < best) {
					best = f
				}
			}
			has := best > 0
			near := pos.(Ender).MayEnd()
			if has || near {
				s := NewSearcher(0)
				tr := s.mctsTree()
				if err := tr.setup(context.Background(), pos, Options{Algorithm: MCTSGreedy, Limits: Limits{Nodes: 1}}, time.Now()); err != nil {
					t.Fatal(err)
				}
				if !tr.finish {
					t.Fatal("MCTSGreedy in four-player Martian Coaster Chaturanga does not look for finishing actions")
				}
				tr.rootSide = (tr.sideOf[pos.ToMove()] + 1) % 4 // the player to move is modelled
				if !tr.expand(tr.root, pos) {
					t.Fatal("no room to expand")
				}
				node := &tr.pool[tr.root]
				pick := tr.selectChild(node)
				switch {
				case has:
					with++
					if node.flags&finishes == 0 || pick != node.first || finishing(pos, tr.pool[pick].move) != best {
						t.Fatalf("%v: the modelled player does not take his finishing action", pos)
					}
				default:
					without++
					if node.flags&finishes != 0 || tr.pool[pick].prob != tr.pool[node.first].prob {
						t.Fatalf("%v: without a finishing action the model did not choose greedily", pos)
					}
				}
			}
		}
		return with >= 5 && without >= 5
	})
}

// TestMCTSGreedyChances checks the lines of MCTSGreedy in four-player Martian Coaster Chaturanga,
// which values positions by chances of first place: every player's chance is in [0, 1] and they
// add up to 1, the root player's is read off his mean utility (1 first, -1/3 otherwise), the
// others share the rest in proportion to their means, the values are the expected utilities
// times WinValue, and a won game found is a chance of 1. Searches that value positions otherwise
// give no chances.
func TestMCTSGreedyChances(t *testing.T) {
	var searched, won int
	walkMCC(t, func(step int, pos engine.Position, moves []engine.Move) bool {
		wins := false
		for _, m := range moves {
			wins = wins || pos.Phase() == engine.PhaseAction && finishing(pos, m) == 1
		}
		if pos.Phase() == engine.PhaseAction && (step%5 == 0 || wins) {
			s := NewSearcher(0)
			res, err := s.Search(context.Background(), pos, Options{Algorithm: MCTSGreedy, Limits: Limits{Nodes: 4000, MultiPV: 3}}, nil)
			if err != nil {
				t.Fatal(err)
			}
			searched++
			mover := pos.ToMove()
			tr := s.mcts
			for _, l := range res.Lines {
				if len(l.Chances) != 4 {
					t.Fatalf("%v, line %v: chances %v, want 4", pos, l.Move, l.Chances)
				}
				node := rootChild(tr, l.Move)
				proved := node.flags&proven != 0 || node.visits == 0 && play(pos, l.Move).Utility(make([]float64, 4))
				sum := 0.0
				for p, c := range l.Chances {
					if c < 0 || c > 1 || proved && c != 0 && c != 1 {
						t.Fatalf("%v, line %v: player %d's chance %v", pos, l.Move, p, c)
					}
					want := min(max(engine.WinValue*(4*c-1)/3, 1-winBound), winBound-1)
					if proved && (c == 1) != (l.Values[p] > winBound) || !proved && l.Values[p] != want {
						t.Errorf("%v, line %v: player %d's value %v for chance %v (proven %v)", pos, l.Move, p, l.Values[p], c, proved)
					}
					sum += c
				}
				if math.Abs(sum-1) > 1e-9 {
					t.Errorf("%v, line %v: chances %v add up to %v", pos, l.Move, l.Chances, sum)
				}
				if proved || node.visits == 0 {
					continue
				}
				if want := min(1, max(0, (3*tr.sideMean(node, mover)+1)/4)); math.Abs(l.Chances[mover]-want) > 1e-9 {
					t.Errorf("%v, line %v: the mover's chance %v, want %v from his mean", pos, l.Move, l.Chances[mover], want)
				}
				a, b := (mover+1)%4, (mover+2)%4
				ca, cb := (3*tr.sideMean(node, a)+1)/4, (3*tr.sideMean(node, b)+1)/4
				if ca > 0 && cb > 0 && ca < 1 && cb < 1 && math.Abs(l.Chances[a]*cb-l.Chances[b]*ca) > 1e-9 {
					t.Errorf("%v, line %v: chances %v not in proportion to the means' %v and %v", pos, l.Move, l.Chances, ca, cb)
				}
			}
			if wins {
				won++
				if l := res.Lines[0]; l.Chances[mover] != 1 || l.Values[mover] < winBound {
					t.Errorf("%v: a winning action at hand, but the best line %v has chances %v, values %v", pos, l.Move, l.Chances, l.Values)
				}
			}
			if step%10 == 0 {
				for _, alg := range []Algorithm{MCTS, Paranoid} {
					r, err := NewSearcher(0).Search(context.Background(), pos, Options{Algorithm: alg, Limits: Limits{Nodes: 2000}}, nil)
					if err != nil {
						t.Fatal(err)
					}
					if r.Lines[0].Chances != nil {
						t.Errorf("%v: %v gives chances %v", pos, alg, r.Lines[0].Chances)
					}
				}
			}
		}
		return searched >= 12 && won >= 2
	})
}

// TestMCTSChancesTwoSides checks that MCTS in a game with dice and two sides gives every player
// the chance of winning his side's mean reads, (1 + mean) / 2, adding up to 1 over the sides; 1
// or 0 for a game found won or lost; for an action not yet tried, what its playout's cut-off
// would say, (1 + tanh(evaluation / 3)) / 2; and that MCTS with greedy opponents, MCTS without
// dice and alpha-beta give none.
func TestMCTSChancesTwoSides(t *testing.T) {
	for _, v := range []engine.Variant{martian.Variant, martian.ChaturajiVariant} {
		pos, err := v.Start(nil)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(3, 5))
		searched, unvisited := 0, 0
		for step := 0; searched < 10 && step < 2000; step++ {
			moves := allMoves(pos)
			if len(moves) == 0 {
				pos, _ = v.Start(nil)
				continue
			}
			if pos.Phase() == engine.PhaseAction && step%3 == 0 {
				searched++
				for _, limits := range []Limits{{Nodes: 3000, MultiPV: 2}, {Nodes: 30, MultiPV: 40}} {
					s := NewSearcher(0)
					res, err := s.Search(context.Background(), pos, Options{Algorithm: MCTS, Limits: limits}, nil)
					if err != nil {
						t.Fatal(err)
					}
					tr := s.mcts
					for _, l := range res.Lines {
						node := rootChild(tr, l.Move)
						if len(l.Chances) != engine.Players(pos) {
							t.Fatalf("%s %v, line %v: chances %v", v.Describe().Name, pos, l.Move, l.Chances)
						}
						after := play(pos, l.Move)
						u := make([]float64, engine.Players(pos))
						over := after.Utility(u)
						e := make([]float64, engine.Players(pos))
						after.Evaluate(e)
						if node.visits == 0 {
							unvisited++
						}
						mover, other := pos.ToMove(), -1
						for p := range l.Chances {
							if tr.sideOf[p] != tr.sideOf[mover] {
								other = p
							}
							var want float64
							switch {
							case node.flags&proven != 0:
								want = 0
								if l.Values[p] > 0 {
									want = 1
								}
							case node.visits == 0 && over:
								want = (1 + u[p]) / 2
							case node.visits == 0:
								var sum float64
								for _, q := range tr.mates[p][:tr.nMates[p]] {
									sum += math.Tanh(e[q] / 3)
								}
								want = (1 + sum/float64(tr.nMates[p])) / 2
							default:
								want = (1 + tr.sideMean(node, p)) / 2
							}
							if math.Abs(l.Chances[p]-want) > 1e-9 {
								t.Errorf("%s %v, line %v (%d visits): player %d's chance %v, want %v", v.Describe().Name, pos, l.Move, node.visits, p, l.Chances[p], want)
							}
						}
						if sum := l.Chances[mover] + l.Chances[other]; math.Abs(sum-1) > 1e-9 {
							t.Errorf("%s %v, line %v: the sides' chances add up to %v", v.Describe().Name, pos, l.Move, sum)
						}
					}
				}
				for _, alg := range []Algorithm{AlphaBeta, MCTSGreedy} {
					r, err := NewSearcher(0).Search(context.Background(), pos, Options{Algorithm: alg, Limits: Limits{Depth: 2, Nodes: 2000}}, nil)
					if err != nil || r.Lines[0].Chances != nil {
						t.Errorf("%s %v: %v gives chances %v (%v)", v.Describe().Name, pos, alg, r.Lines[0].Chances, err)
					}
				}
			}
			var m engine.Move
			if pos.Phase() == engine.PhaseRoll {
				m = engine.SampleRoll(pos, moves, rng)
			} else {
				m = moves[rng.IntN(len(moves))]
			}
			pos = play(pos, m)
		}
		if searched < 10 || unvisited == 0 {
			t.Fatalf("%s: %d positions searched, %d lines of actions not tried", v.Describe().Name, searched, unvisited)
		}
	}
	r, err := NewSearcher(0).Search(context.Background(), parseChaturanga(t, chaturanga.StartFEN), Options{Algorithm: MCTS, Limits: Limits{Nodes: 2000}}, nil)
	if err != nil || r.Lines[0].Chances != nil {
		t.Errorf("chaturanga (no dice): MCTS gives chances %v (%v)", r.Lines[0].Chances, err)
	}
}

// rootChild is the root's child of a finished search reached by m.
func rootChild(tr *mctsTree, m engine.Move) *mctsNode {
	c := tr.pool[tr.root].first
	for tr.pool[c].move != m {
		c++
	}
	return &tr.pool[c]
}

// TestMCTSGreedyChancesFit checks the chances four-player chaturaji's default search reports:
// its values stay in pawns, the mover's chance is firstFit's reading of his mean, the others share
// the rest in proportion to theirs, and a line that ends the game gives first place its share.
func TestMCTSGreedyChancesFit(t *testing.T) {
	var fit firstTable
	if n := copy(fit[:], chaturaji.Variant.Describe().Search.BySides[4].FirstPlace); n != len(fit) {
		t.Fatal("no fitted chances for four-player chaturaji")
	}
	rng := rand.New(rand.NewPCG(5, 6))
	lines, overs := 0, 0
	for g := range 6 {
		pos := chaturajiStart(t, nil, uint64(g))
		for n := 0; n < 3000 && len(allMoves(pos)) > 0; n++ {
			moves := allMoves(pos)
			ends := false
			for _, m := range moves {
				ends = ends || pos.Phase() != engine.PhaseRoll && play(pos, m).Utility(make([]float64, 4))
			}
			if pos.Phase() == engine.PhaseRoll || n%25 != 0 && !ends {
				pos = play(pos, moves[rng.IntN(len(moves))])
				continue
			}
			s := NewSearcher(0)
			res, err := s.Search(context.Background(), pos, Options{Limits: Limits{Nodes: 3000, MultiPV: 40}}, nil)
			if err != nil {
				t.Fatal(err)
			}
			tr, mover := s.mcts, pos.ToMove()
			for _, l := range res.Lines {
				node := rootChild(tr, l.Move)
				var u [4]float64
				over := node.visits == 0 && play(pos, l.Move).Utility(u[:]) || node.flags&terminal != 0 && node.flags&proven != 0
				sum := 0.0
				for _, c := range l.Chances {
					sum += c
				}
				if len(l.Chances) != 4 || math.Abs(sum-1) > 1e-9 {
					t.Fatalf("%v, line %v: chances %v", pos, l.Move, l.Chances)
				}
				lines++
				if over {
					overs++
					play(pos, l.Move).Utility(u[:])
					for p, c := range l.Chances {
						if first := u[p] == slices.Max(u[:]); first != (c > 0) {
							t.Errorf("%v, line %v ends the game with %v: chances %v", pos, l.Move, u, l.Chances)
						}
					}
					continue
				}
				if node.visits == 0 || node.flags&proven != 0 {
					continue // proven lines read their chances off the game's end
				}
				m := tr.sideMean(node, mover)
				if want := fit.at(m); math.Abs(l.Chances[mover]-want) > 1e-9 {
					t.Errorf("%v, line %v: the mover's chance %v, want %v from his mean %v", pos, l.Move, l.Chances[mover], want, m)
				}
				if v := l.Values[mover]; math.Abs(v-mctsDefaults.scale*math.Atanh(max(-mctsMaxMean, min(mctsMaxMean, m)))) > 1e-9 {
					t.Errorf("%v, line %v: the mover's value %v is not his mean %v in pawns", pos, l.Move, v, m)
				}
				a, b := (mover+1)%4, (mover+2)%4
				ca, cb := fit.at(tr.sideMean(node, a)), fit.at(tr.sideMean(node, b))
				if math.Abs(l.Chances[a]*cb-l.Chances[b]*ca) > 1e-9 {
					t.Errorf("%v, line %v: chances %v not in proportion to %v and %v", pos, l.Move, l.Chances, ca, cb)
				}
			}
			pos = play(pos, res.Best)
		}
	}
	if lines < 100 {
		t.Errorf("only %d lines checked", lines)
	}
	t.Logf("%d lines, %d of them ending the game", lines, overs)
}

// TestShareFinished checks the chances of finished games: the sides with the best result share 1.
func TestShareFinished(t *testing.T) {
	solo := [engine.MaxPlayers]int{0, 1, 2, 3}
	partners := [engine.MaxPlayers]int{0, 1, 0, 1}
	for _, c := range []struct {
		u     []float64
		sides [engine.MaxPlayers]int
		want  []float64
	}{
		{[]float64{1, -1.0 / 3, -1.0 / 3, -1.0 / 3}, solo, []float64{1, 0, 0, 0}},
		{[]float64{-1, 1.0 / 3, -1.0 / 3, 1}, solo, []float64{0, 0, 0, 1}},                 // ranks: second gets nothing
		{[]float64{2.0 / 3, 2.0 / 3, -2.0 / 3, -2.0 / 3}, solo, []float64{0.5, 0.5, 0, 0}}, // a shared first place
		{[]float64{-1, 1, -1, 1}, partners, []float64{0, 1, 0, 1}},                         // partners show their side's
		{[]float64{0, 0}, solo, []float64{0.5, 0.5}},                                       // a draw
	} {
		got := make([]float64, len(c.u))
		shareFinished(got, c.u, c.sides)
		if !slices.Equal(got, c.want) {
			t.Errorf("utilities %v, sides %v: chances %v, want %v", c.u, c.sides, got, c.want)
		}
	}
}
