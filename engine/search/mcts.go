package search

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/ashtapada/ashtapada/engine"
)

// Monte Carlo tree search (UCT, Kocsis and Szepesvári 2006). Every node keeps the sum of the
// values every player got through it; the mover picks the child best for its side (the mean of
// its side's players' values) plus an exploration bonus, as in max^n; a chance node takes the
// outcome furthest behind its share of the visits. A node's first visit is scored by a greedy
// playout cut off after a few actions and valued by the static evaluation (by chances of first
// place, the mean of the leaf's and the playout's end's); its second expands it. The tree lives
// in a pool of nodes kept from search to search.

// mctsPoolNodes is the size of the node pool: a search whose tree fills it goes on scoring the
// leaves it has without growing.
const mctsPoolNodes = 1 << 18

// mctsSettings shape MCTS; mctsDefaults were chosen by matches (docs/measurements.md).
type mctsSettings struct {
	// explore is UCT's exploration constant for values in [-1, 1].
	explore float64
	// playout is how many actions (rolls not counted) a playout makes before the static
	// evaluation scores it; 0 plays to the end.
	playout int
	// scale is the evaluation, in pawns, worth tanh(1) = 0.76 of a win: values in [-1, 1] are
	// tanh(pawns/scale), and reported values are mapped back.
	scale float64
	// lead values a cut-off playout by each player's lead over the best of the other sides
	// instead of over their mean.
	lead bool
}

var mctsDefaults = mctsSettings{explore: 1, playout: 8, scale: 3, lead: true}

// mctsNode is one node of the tree. Its children are contiguous in the pool.
type mctsNode struct {
	sum    [engine.MaxPlayers]float64 // values through the node, per player
	visits uint32
	move   engine.Move // the action that leads here from the parent
	first  int32       // the first child; valid when count > 0
	count  uint16      // children; 0 until expanded
	mover  int8        // the player who chooses here; chanceMover at a roll
	flags  uint8
	proof  uint8 // when proven: actions from here to the end of the game (at most 255)
	// prob is a roll outcome's probability; for an action, the material it wins
	// (engine.Tactics.Gain), which MCTSGreedy's model of the other sides picks by.
	prob float32
}

const chanceMover = -1

// Node flags.
const (
	// visited marks a node whose position has been looked at: its mover and flags are set.
	visited = 1 << iota
	// terminal marks a finished game, or a draw by repetition.
	terminal
	// proven marks a node whose value is exact: a finished game, or a choice with a child that
	// gives the mover the best result there is.
	proven
	// finishes marks a node of a modelled player whose first child ends the game with him first:
	// he takes it (Ender).
	finishes
)

// mctsTree is the storage of MCTS: the node pool, a position per ply of the descent and two for
// playouts. A Searcher makes it on its first MCTS search and keeps it.
type mctsTree struct {
	pool []mctsNode
	used int
	root int32 // the root's node

	variant engine.Variant
	pos     []engine.Position // the descent's positions by ply; pos[0] is the root
	play    [2]engine.Position
	path    []int32
	moves   [engine.MaxMoves]engine.Move
	// finishMoves holds the second actions finishFirst tries.
	finishMoves [engine.MaxMoves]engine.Move
	gains       [engine.MaxMoves]float64

	pcg  rand.PCG
	rng  *rand.Rand
	seed uint64

	players    int
	sideOf     [engine.MaxPlayers]int
	mates      [engine.MaxPlayers][engine.MaxPlayers]int8 // the players of each player's side
	nMates     [engine.MaxPlayers]int
	sides      int
	chance     bool
	maxDepth   int     // the tree's depth in actions; 0 for none
	playoutLen int     // this game's set.playout (SideHints.Playout), or firstChancePlayout
	explore    float64 // set.explore, or firstChanceExplore

	rep  int
	keys []uint64 // History, then the keys of the descent
	base int

	nodes, nodeLimit, nextPoll uint64
	deadline                   time.Time
	done                       <-chan struct{}
	pause                      engine.Pause
	paused                     time.Duration // blocked in pause, since the search began
	stop                       bool
	selDepth                   int

	u, e, v [engine.MaxPlayers]float64
	leaf    [engine.MaxPlayers]float64 // the leaf's own value (playout)
	pv      [maxPly]engine.Move
	set     mctsSettings
	// greedy makes every side but the root mover's choose as GreedyBot (MCTSGreedy).
	greedy   bool
	rootSide int
	// firstChance values cut-off playouts by FirstChancer (MCTSGreedy, more than two sides).
	firstChance bool
	// finish makes the modelled players take an action that ends the game with them first
	// (Ender; MCTSGreedy, more than two sides).
	finish bool
	fit    firstTable // the variant's table, which firstFit points to
	// firstFit reads chances of first place from the means (SideHints.FirstPlace); nil where the means
	// are chances themselves or none are given.
	firstFit *firstTable
}

// firstChancePlayout is the playout length of MCTSGreedy where the game is a FirstChancer: in
// four-player Martian Coaster Chaturanga, 8 actions took more first places against greedy
// players than 4, 16 or playing to the end (docs/measurements.md).
const firstChancePlayout = 8

// firstChanceLeaf is the weight of the leaf's own chances of first place in the value of a
// playout valued by them; the rest is the chances where the playout stops. The two estimates err
// differently, and in four-player Martian Coaster Chaturanga their mean took more first places
// against greedy players at 20 ms than either alone (docs/measurements.md).
const firstChanceLeaf = 0.5

// firstChanceExplore is the exploration constant of a search valued by chances of first place:
// in four-player Martian Coaster Chaturanga 0.5 took more first places against greedy players
// at 20 ms than 1 (docs/measurements.md).
const firstChanceExplore = 0.5

// SetSeed seeds the playouts of MCTS: searches with the same seed, root and node limit give the
// same result. Every search seeds its generator from the seed and the root's key.
func (s *Searcher) SetSeed(seed uint64) { s.mctsTree().seed = seed }

func (s *Searcher) mctsTree() *mctsTree {
	if s.mcts == nil {
		t := &mctsTree{pool: make([]mctsNode, mctsPoolNodes), set: mctsDefaults}
		t.rng = rand.New(&t.pcg)
		s.mcts = t
	}
	return s.mcts
}

// searchMCTS runs MCTS from root until a limit or ctx stops it, or the root is solved.
func (s *Searcher) searchMCTS(ctx context.Context, root engine.Position, opts Options, report func(Result)) (Result, error) {
	start := time.Now()
	t := s.mctsTree()
	threads := max(1, opts.Threads)
	if threads > 1 && opts.Nodes > 0 {
		// A node budget is the threads' together.
		opts.Nodes = max(1, opts.Nodes/uint64(threads))
	}
	if err := t.setup(ctx, root, opts, start); err != nil {
		return Result{}, err
	}
	var join func()
	if threads > 1 {
		runs, cancel, wait := s.startHelpers(ctx, root, opts)
		join = func() {
			// The helpers end at the same limits as this thread; a proven root needs no more.
			if t.pool[t.root].flags&proven != 0 {
				cancel()
			}
			wait()
			cancel()
			t.mergeRoots(runs)
		}
	}
	k := max(opts.MultiPV, 1)
	nextReport := uint64(1024)
	for iterations := uint64(1); !t.stop; iterations++ {
		t.iterate()
		if t.pool[t.root].flags&proven != 0 {
			break
		}
		if t.nodes >= t.nextPoll {
			t.poll()
		}
		if report != nil && iterations == nextReport && !t.stop {
			nextReport *= 2
			report(t.result(k, start))
		}
	}
	if join != nil {
		// Intermediate reports are the main tree's; the answer is every tree's.
		join()
	}
	return t.result(k, start), nil
}

// setup checks the input and empties the tree.
func (t *mctsTree) setup(ctx context.Context, root engine.Position, opts Options, start time.Time) error {
	if err := checkRoot(root, opts); err != nil {
		return err
	}
	if opts.Time == 0 && opts.Nodes == 0 && ctx.Done() == nil {
		return errors.New("search: mcts needs a time or node limit, or a context that ends")
	}
	t.players = engine.Players(root)
	if t.players < 1 || t.players > engine.MaxPlayers {
		return fmt.Errorf("search: %d players, want 1..%d", t.players, engine.MaxPlayers)
	}
	sides, err := sidesOf(root, t.players)
	if err != nil {
		return err
	}
	t.sides = distinctSides(sides, t.players)
	for p := range t.players {
		t.nMates[p] = 0
		for q := range t.players {
			if sides[q] == sides[p] {
				t.mates[p][t.nMates[p]] = int8(q)
				t.nMates[p]++
			}
		}
	}
	t.chance = len(root.Variant().Describe().Dice) > 0
	if v := root.Variant(); v != t.variant {
		// Storage nodes belong to one variant.
		t.pos, t.play = t.pos[:0], [2]engine.Position{root.NewNode(), root.NewNode()}
		t.variant = v
	}
	t.maxDepth = opts.Depth
	t.playoutLen = t.set.playout
	hint := hints(root, t.sides)
	switch {
	case hint.Playout > 0:
		t.playoutLen = hint.Playout
	case hint.Playout < 0:
		t.playoutLen = 0 // to the end
	}
	t.greedy, t.rootSide = opts.Algorithm == MCTSGreedy, sides[root.ToMove()]
	_, chancer := root.(FirstChancer)
	t.firstChance = chancer && t.greedy && t.sides > 2
	_, ender := root.(Ender)
	t.finish = ender && t.greedy && t.sides > 2
	t.explore = t.set.explore
	if t.firstChance {
		t.playoutLen, t.explore = firstChancePlayout, firstChanceExplore
	}
	t.firstFit = nil
	if t.greedy && !t.firstChance && len(hint.FirstPlace) == len(t.fit) {
		copy(t.fit[:], hint.FirstPlace)
		t.firstFit = &t.fit
	}
	t.sideOf = sides
	t.rep, t.base = opts.Repetition, len(opts.History)
	t.keys = append(t.keys[:0], opts.History...)
	t.pcg.Seed(t.seed, root.Key())

	t.nodes, t.nodeLimit, t.stop, t.selDepth = 0, opts.Nodes, false, 0
	t.nextPoll = min(pollEvery, max(t.nodeLimit, 1))
	if t.nodeLimit == 0 {
		t.nextPoll = pollEvery
	}
	t.deadline = time.Time{}
	if opts.Time > 0 {
		t.deadline = start.Add(opts.Time)
	}
	t.done = ctx.Done()
	t.pause, t.paused = opts.Pause, 0

	t.position(0, root)
	t.root, t.used = 0, 1
	t.pool[0] = mctsNode{}
	t.look(0, root, 0)
	return nil
}

// sidesOf numbers the sides of root's players: its Sides, or one side per player.
func sidesOf(root engine.Position, players int) ([engine.MaxPlayers]int, error) {
	var sides [engine.MaxPlayers]int
	for p := range sides {
		sides[p] = p
	}
	if sider, ok := root.(Sider); ok {
		got := sider.Sides()
		if len(got) != players {
			return sides, fmt.Errorf("search: Sides gave %d sides for %d players", len(got), players)
		}
		for p, side := range got {
			if side < 0 || side >= players {
				return sides, fmt.Errorf("search: Sides gave player %d the side %d", p, side)
			}
			sides[p] = side
		}
	}
	return sides, nil
}

// distinctSides counts the sides among the first players entries of sides.
func distinctSides(sides [engine.MaxPlayers]int, players int) int {
	n := 0
	for p := range players {
		if !slices.Contains(sides[:p], sides[p]) {
			n++
		}
	}
	return n
}

// position stores n as the descent's position at ply (the root), or returns the storage of ply.
func (t *mctsTree) position(ply int, root engine.Position) engine.Position {
	if ply == 0 {
		if len(t.pos) == 0 {
			t.pos = append(t.pos, nil)
		}
		t.pos[0] = root
		return root
	}
	for len(t.pos) <= ply {
		t.pos = append(t.pos, t.play[0].NewNode())
	}
	return t.pos[ply]
}

// poll checks the limits.
func (t *mctsTree) poll() {
	t.nextPoll = t.nodes + pollEvery
	if t.nodeLimit > 0 {
		if t.nodes >= t.nodeLimit {
			t.stop = true
		}
		t.nextPoll = min(t.nextPoll, t.nodeLimit)
	}
	if t.pause != nil {
		if d := t.pause(); d > 0 {
			t.paused += d
			if !t.deadline.IsZero() {
				t.deadline = t.deadline.Add(d)
			}
		}
	}
	select {
	case <-t.done:
		t.stop = true
	default:
	}
	if !t.deadline.IsZero() && time.Now().After(t.deadline) {
		t.stop = true
	}
}

// look sets up the node i on the first visit to its position n at ply: who moves, whether the
// game is over there, and whether it repeats a position on the path.
func (t *mctsTree) look(i int32, n engine.Position, ply int) {
	node := &t.pool[i]
	node.flags |= visited
	node.mover = int8(n.ToMove())
	if t.chance && n.Phase() == engine.PhaseRoll {
		node.mover = chanceMover
	}
	if n.Utility(t.u[:t.players]) {
		node.flags |= terminal | proven
		return
	}
	if t.rep > 0 {
		key := n.Key()
		for len(t.keys) <= t.base+ply {
			t.keys = append(t.keys, 0)
		}
		t.keys[t.base+ply] = key
		if ply > 0 {
			seen := 0
			for _, k := range t.keys[:t.base+ply] {
				if k == key {
					seen++
				}
			}
			if seen >= t.rep-1 {
				node.flags |= terminal // a draw that depends on the path, which is fixed in a tree
			}
		}
	}
}

// iterate runs one descent from the root: select down the tree, score the leaf, back up.
func (t *mctsTree) iterate() {
	v := &t.v
	*v = [engine.MaxPlayers]float64{}
	i, ply, actions := t.root, 0, 0
	pos := t.pos[0]
	t.path = append(t.path[:0], t.root)
	for {
		node := &t.pool[i]
		if node.flags&terminal != 0 {
			if node.flags&proven != 0 {
				t.terminal(pos, v)
			} // else a repetition: a draw, zero for everyone
			break
		}
		if node.count == 0 {
			if node.visits == 0 && i != t.root || t.maxDepth > 0 && actions >= t.maxDepth || !t.expand(i, pos) {
				t.playout(pos, v)
				break
			}
		}
		c := t.selectChild(node)
		if node.mover != chanceMover {
			actions++
		}
		ply++
		next := t.position(ply, nil)
		pos.PlayInto(t.pool[c].move, next)
		t.nodes++
		pos, i = next, c
		t.path = append(t.path, c)
		if t.pool[c].flags&visited == 0 {
			t.look(c, pos, ply)
		} else if t.rep > 0 {
			t.keys[t.base+ply] = pos.Key()
		}
	}
	t.selDepth = max(t.selDepth, ply)
	t.backup(v)
}

// backup adds v to every node of the path and marks the choices a proven win decides.
func (t *mctsTree) backup(v *[engine.MaxPlayers]float64) {
	for k := len(t.path) - 1; k >= 0; k-- {
		node := &t.pool[t.path[k]]
		node.visits++
		for p := range t.players {
			node.sum[p] += v[p]
		}
		if k+1 < len(t.path) && node.flags&proven == 0 && node.mover != chanceMover && !t.modelled(node.mover) {
			c := &t.pool[t.path[k+1]]
			if c.flags&proven != 0 && t.sideMean(c, int(node.mover)) >= 1 {
				node.flags |= proven
				node.proof = c.proof + 1
				if node.proof == 0 {
					node.proof = math.MaxUint8
				}
			}
		}
	}
}

// sideMean is the mean value of a child for the side of player p.
func (t *mctsTree) sideMean(c *mctsNode, p int) float64 {
	if c.visits == 0 {
		return 0
	}
	var sum float64
	for _, q := range t.mates[p][:t.nMates[p]] {
		sum += c.sum[q]
	}
	return sum / float64(c.visits) / float64(t.nMates[p])
}

// expand gives node i, whose position is n, its children, unless the pool is full.
func (t *mctsTree) expand(i int32, n engine.Position) bool {
	moves := n.Moves(t.moves[:0])
	if len(moves) == 0 || t.used+len(moves) > len(t.pool) {
		return false
	}
	node := &t.pool[i]
	node.first, node.count = int32(t.used), uint16(len(moves))
	children := t.pool[t.used : t.used+len(moves)]
	t.used += len(moves)
	if node.mover == chanceMover {
		for k, m := range moves {
			children[k] = mctsNode{move: m, prob: float32(n.Probability(m))}
		}
		return true
	}
	// Children in greedy order, most material won first, so that the first visits go to the
	// captures.
	tac, _ := n.(engine.Tactics)
	for k, m := range moves {
		g := 0.0
		if tac != nil {
			g = tac.Gain(m)
		}
		j := k
		for j > 0 && t.gains[j-1] < g {
			t.gains[j], moves[j] = t.gains[j-1], moves[j-1]
			j--
		}
		t.gains[j], moves[j] = g, m
	}
	for k, m := range moves {
		children[k] = mctsNode{move: m, prob: float32(t.gains[k])}
	}
	if t.finish && t.modelled(node.mover) && n.(Ender).MayEnd() {
		t.finishFirst(node, n, children)
	}
	return true
}

// finishFirst puts first among the children of a modelled player's node an action that ends the
// game with him first, or after which one more action of his turn does, if he has one, and marks
// the node: he takes it. Against searching players, who finish the game when they lead, that
// decides many of these games (docs/measurements.md).
func (t *mctsTree) finishFirst(node *mctsNode, n engine.Position, children []mctsNode) {
	mover := int(node.mover)
	next, after := t.play[0], t.play[1]
	pick := -1 // the first action that lets a second one finish, while none finishes at once
	for k := range children {
		n.PlayInto(children[k].move, next)
		if t.wins(next, mover) {
			pick = k
			break
		}
		if pick >= 0 || next.Phase() != engine.PhaseAction || next.ToMove() != mover {
			continue
		}
		for _, m := range next.Moves(t.finishMoves[:0]) {
			next.PlayInto(m, after)
			if t.wins(after, mover) {
				pick = k
				break
			}
		}
	}
	if pick >= 0 {
		children[0], children[pick] = children[pick], children[0]
		node.flags |= finishes
	}
}

// wins reports whether the game is over at n with player p first.
func (t *mctsTree) wins(n engine.Position, p int) bool {
	return n.Utility(t.u[:t.players]) && t.u[p] >= 1
}

// modelled says whether the mover of a node plays by the greedy model rather than choosing in the
// tree: then no child's value decides the node's.
func (t *mctsTree) modelled(mover int8) bool {
	return t.greedy && mover != chanceMover && t.sideOf[mover] != t.rootSide
}

// greedyChild picks, as GreedyBot would, among the children first..first+count (in greedy
// order) one of those that win the most material, at random.
func (t *mctsTree) greedyChild(first, count int32) int32 {
	top, pick := t.pool[first].prob, first
	n := 1
	for c := first + 1; c < first+count && t.pool[c].prob == top; c++ {
		n++
		if t.rng.IntN(n) == 0 {
			pick = c
		}
	}
	return pick
}

// selectChild picks the child of an expanded node to descend to.
func (t *mctsTree) selectChild(node *mctsNode) int32 {
	first, count := node.first, int32(node.count)
	if node.mover == chanceMover {
		// The outcome furthest behind its share of the visits: sampling by the probabilities
		// without the sampling noise.
		best, pick := math.Inf(-1), first
		n := float64(node.visits + 1)
		for c := first; c < first+count; c++ {
			ch := &t.pool[c]
			if d := float64(ch.prob)*n - float64(ch.visits); d > best {
				best, pick = d, c
			}
		}
		return pick
	}
	if t.modelled(node.mover) {
		if node.flags&finishes != 0 {
			return first
		}
		return t.greedyChild(first, count)
	}
	p := int(node.mover)
	if node.flags&proven != 0 {
		for c := first; c < first+count; c++ {
			if ch := &t.pool[c]; ch.flags&proven != 0 && t.sideMean(ch, p) >= 1 {
				return c
			}
		}
	}
	logN := math.Log(float64(max(node.visits, 1)))
	best, pick := math.Inf(-1), first
	for c := first; c < first+count; c++ {
		ch := &t.pool[c]
		if ch.visits == 0 {
			return c // every child once, in greedy order
		}
		n := float64(ch.visits)
		if u := t.sideMean(ch, p) + t.explore*math.Sqrt(logN/n); u > best {
			best, pick = u, c
		}
	}
	return pick
}

// playout scores the leaf position n into v: the value where a greedy game from n stops (walk);
// valued by chances of first place, averaged with the leaf's own (firstChanceLeaf).
func (t *mctsTree) playout(n engine.Position, v *[engine.MaxPlayers]float64) {
	t.walk(n, v)
	if t.firstChance {
		t.static(n, &t.leaf)
		for p := range t.players {
			v[p] = firstChanceLeaf*t.leaf[p] + (1-firstChanceLeaf)*v[p]
		}
	}
}

// walk plays a greedy game from n, cut off after playoutLen actions and valued by the evaluation
// (static), or played to the end, and writes its value into v.
func (t *mctsTree) walk(n engine.Position, v *[engine.MaxPlayers]float64) {
	cur, decisions := n, 0
	for range DefaultMaxActions {
		moves := cur.Moves(t.moves[:0])
		if len(moves) == 0 {
			break
		}
		var m engine.Move
		if t.chance && cur.Phase() == engine.PhaseRoll {
			m = engine.SampleRoll(cur, moves, t.rng)
		} else {
			if t.playoutLen > 0 && decisions >= t.playoutLen {
				break
			}
			decisions++
			m = t.greedyPick(cur, moves)
		}
		next := t.play[0]
		if cur == next {
			next = t.play[1]
		}
		cur.PlayInto(m, next)
		cur = next
		t.nodes++
	}
	if !t.terminal(cur, v) {
		t.static(cur, v)
	}
}

// greedyPick picks as greedyMove does, with one random number however many actions tie (it
// reorders moves). GreedyBot keeps greedyMove, whose draws recorded matches replay.
func (t *mctsTree) greedyPick(n engine.Position, moves []engine.Move) engine.Move {
	tac, ok := n.(engine.Tactics)
	if !ok {
		return moves[t.rng.IntN(len(moves))]
	}
	best, ties := math.Inf(-1), 0
	for _, m := range moves {
		switch g := tac.Gain(m); {
		case g > best:
			best, moves[0], ties = g, m, 1
		case g == best:
			moves[ties] = m
			ties++
		}
	}
	return moves[t.rng.IntN(ties)]
}

// static writes the values of the evaluation of n into v, or with firstChance each player's
// expected utility by its chance of first place (1 first, -1/(players-1) otherwise, as
// finished games give).
func (t *mctsTree) static(n engine.Position, v *[engine.MaxPlayers]float64) {
	if t.firstChance {
		n.(FirstChancer).FirstChances(t.e[:t.players])
		other := -1 / float64(t.players-1)
		for p, c := range t.e[:t.players] {
			v[p] = c + (1-c)*other
		}
		return
	}
	n.Evaluate(t.e[:t.players])
	for p := range t.players {
		x := t.e[p]
		if t.set.lead && t.sides > 2 {
			rival := math.Inf(-1)
			for q := range t.players {
				if !t.sameSide(p, q) {
					rival = max(rival, t.e[q])
				}
			}
			if !math.IsInf(rival, -1) {
				x -= rival
			}
		}
		v[p] = math.Tanh(x / t.set.scale)
	}
}

// sameSide reports whether players p and q play on one side.
func (t *mctsTree) sameSide(p, q int) bool {
	for _, m := range t.mates[p][:t.nMates[p]] {
		if int(m) == q {
			return true
		}
	}
	return false
}

// terminal writes the values of a finished game at n into v and reports whether it is one.
func (t *mctsTree) terminal(n engine.Position, v *[engine.MaxPlayers]float64) bool {
	return n.Utility(v[:t.players])
}
