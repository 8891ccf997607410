package search

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/ashtapada/ashtapada/engine"
)

// maxPly bounds the search stack: MaxDepth actions, the rolls between them and quiescence.
const maxPly = 4 * MaxDepth

// Values beyond ±winBound are wins and losses, adjusted for their distance from the root; static
// evaluations are clamped inside it.
const winBound = engine.WinValue - 2*maxPly

// mode is the algorithm a search runs once Auto is resolved.
type mode int

const (
	modeAlphaBeta mode = iota
	modeParanoid
	modeMaxN
)

// autoMany is what Auto runs for more than two sides (docs/measurements.md has the matches).
const autoMany = modeParanoid

// frame is the storage of one ply of the search stack.
type frame struct {
	pos     engine.Position
	tac     engine.Tactics   // nil when the variant offers none
	see     engine.Exchanger // nil when the variant offers none
	moves   [engine.MaxMoves]engine.Move
	score   [engine.MaxMoves]int32
	prob    [engine.MaxMoves]float64
	pv      [maxPly]engine.Move
	pvLen   int
	killers [2]engine.Move
	vals    [engine.MaxPlayers]float64 // max^n values
	// move is the action being searched from this ply; counter the counter-move to the action
	// before it, for ordering.
	move, counter engine.Move
	// excluded is the action a singular-extension search leaves out, or noMove.
	excluded engine.Move
	// static is the static value of the selective search's nodes out of check, for staticOK.
	static   float64
	staticOK bool
	// quiets holds the quiet actions searched so far, which lose history if a later one cuts off.
	quiets [64]engine.Move
}

// rootMove is one action of the root with what the last iteration found for it.
type rootMove struct {
	move  engine.Move
	value float64                    // for the root side; for max^n, the root mover's component
	vals  [engine.MaxPlayers]float64 // max^n only
	exact bool
	pv    [maxPly]engine.Move
	pvLen int
}

// searchStats counts what BenchmarkEffort (measure_test.go) reports.
type searchStats struct {
	cutoffs, firstCutoffs        uint64 // beta cut-offs, and those on the first action
	aspirations, aspirationFails uint64 // aspiration searches at the root, and their re-searches
}

// histSize is the number of history counters per player; moves are hashed onto them. Few enough
// that halving them all at every search costs next to nothing.
const (
	histBits = 12
	histSize = 1 << histBits
)

// Searcher runs searches. It keeps the transposition table, the history counters and the search
// stack between searches, so that searching allocates only the Result. It is not safe for
// concurrent use.
type Searcher struct {
	tt      table
	mcts    *mctsTree   // made by the first MCTS search
	helpers []*Searcher // the other threads of a search on several (MCTS)
	frames  []*frame
	variant engine.Variant
	history *[engine.MaxPlayers][histSize]int32
	counter *[engine.MaxPlayers][histSize]engine.Move

	rootMoves []*rootMove
	rootPool  []*rootMove
	best      []*rootMove // the last completed iteration's lines
	bestPool  []*rootMove

	// The current search.
	mode     mode
	players  int
	sideOf   [engine.MaxPlayers]int // 0 for the root's side, 1 for the others
	realSide [engine.MaxPlayers]int
	sideSize [2]float64
	salt     uint64
	chance   bool
	plain    bool // two sides, no dice, a selective game (SearchHints), not FullWidth: prune.go applies
	multiPV  int
	// iterDepth is the depth of the current iteration; prev is the root value the last one
	// found, for the aspiration window.
	iterDepth int
	prev      float64

	rep       int
	keys      []uint64            // History, then the keys of the path
	base      int                 // len(History)
	repFilter [repMask + 1]uint16 // path and history keys by their low bits, to skip most scans

	nodes, nodeLimit, nextPoll uint64
	deadline                   time.Time
	done                       <-chan struct{}
	pause                      engine.Pause
	paused                     time.Duration // blocked in pause, since the search began
	stop                       bool
	selDepth                   int
	unsolved                   uint64 // horizon leaves met: none means the tree was solved

	u, e [engine.MaxPlayers]float64

	stats searchStats

	// Switches for tests and measurements.
	noStar1 bool
	noTT    bool
	noPVS   bool
}

// NewSearcher returns a Searcher with a transposition table of about ttBytes (a default of
// 16 MiB when ttBytes <= 0).
func NewSearcher(ttBytes int) *Searcher {
	return &Searcher{tt: newTable(ttBytes), history: new([engine.MaxPlayers][histSize]int32),
		counter: new([engine.MaxPlayers][histSize]engine.Move)}
}

// ClearTable forgets every stored position, for searches that must not depend on earlier ones.
func (s *Searcher) ClearTable() {
	s.tt.clear()
	clear(s.history[:])
	clear(s.counter[:])
}

// Search runs iterative deepening from root, which must wait for an action (PhaseAction or
// PhaseResponse). report, if non-nil, receives the result of every completed iteration. Search
// returns when a limit is reached, the tree is solved, or ctx is done; it then returns the best
// result found and a nil error. It fails only for bad input.
func (s *Searcher) Search(ctx context.Context, root engine.Position, opts Options, report func(Result)) (Result, error) {
	if opts.Level > 0 && opts.Level < MaxLevel {
		if err := checkRoot(root, opts); err != nil {
			return Result{}, err
		}
		return s.searchLevel(ctx, root, opts, report)
	}
	if opts.Algorithm = autoAlgorithm(root, opts); opts.Algorithm.IsMCTS() {
		// Playouts have no iterations to stop between: on a clock, the move takes its share.
		if opts.SoftTime > 0 && opts.SoftTime < opts.Time {
			opts.Time = opts.SoftTime
		}
		return s.searchMCTS(ctx, root, opts, report)
	}
	start := time.Now()
	if err := s.setup(ctx, root, opts, start); err != nil {
		return Result{}, err
	}
	maxIter := opts.Depth
	if maxIter == 0 {
		maxIter = MaxDepth
	}
	completed, solved := 0, false
	instability := 0.0 // recent changes of the best action, halved every iteration
	for d := 1; d <= maxIter && !solved; d++ {
		s.unsolved = 0
		s.iterDepth = d
		if s.mode == modeMaxN {
			s.rootMaxN(d)
		} else {
			s.rootAlphaBeta(d)
		}
		if s.stop {
			s.keepInterrupted()
			break
		}
		completed, solved = d, s.unsolved == 0
		var last engine.Move
		if len(s.best) > 0 {
			last = s.best[0].move
		}
		s.keepBest()
		if len(s.best) > 0 {
			s.prev = s.best[0].value
			if instability /= 2; d > 1 && s.best[0].move != last {
				instability++
			}
		}
		if report != nil {
			report(s.result(completed, start, d == maxIter || solved))
		}
		if opts.SoftTime > 0 && !solved && d < maxIter && s.outOfTime(start, opts.SoftTime, instability) {
			s.stop = true
			break
		}
	}
	if completed == 0 {
		s.keepPartial()
	}
	return s.result(completed, start, !s.stop), nil
}

// setup checks the input and prepares the search state.
func (s *Searcher) setup(ctx context.Context, root engine.Position, opts Options, start time.Time) error {
	if err := checkRoot(root, opts); err != nil {
		return err
	}
	desc := root.Variant().Describe()
	s.players = engine.Players(root)
	if s.players < 1 || s.players > engine.MaxPlayers {
		return fmt.Errorf("search: %d players, want 1..%d", s.players, engine.MaxPlayers)
	}
	if err := s.setSides(root, opts.Algorithm); err != nil {
		return err
	}
	s.chance = len(desc.Dice) > 0
	s.plain = s.mode == modeAlphaBeta && !s.chance && desc.Search.Selective && !opts.FullWidth
	if v := root.Variant(); v != s.variant {
		// Storage nodes belong to one variant.
		for _, f := range s.frames {
			f.pos, f.tac, f.see = nil, nil, nil
		}
		s.variant = v
	}
	s.frame(0).pos = root
	s.frames[0].tac, _ = root.(engine.Tactics)
	s.frames[0].see, _ = root.(engine.Exchanger)

	s.rep = opts.Repetition
	s.keys = append(s.keys[:0], opts.History...)
	s.base = len(opts.History)
	clear(s.repFilter[:])
	if s.rep > 0 {
		for _, k := range opts.History {
			s.repFilter[k&repMask]++
		}
	}
	for len(s.keys) < s.base+maxPly+1 {
		s.keys = append(s.keys, 0)
	}

	s.nodes, s.nodeLimit, s.stop, s.selDepth = 0, opts.Nodes, false, 0
	s.nextPoll = pollEvery
	if s.nodeLimit > 0 && s.nodeLimit < s.nextPoll {
		s.nextPoll = s.nodeLimit
	}
	s.deadline = time.Time{}
	if opts.Time > 0 {
		s.deadline = start.Add(opts.Time)
	}
	s.done = ctx.Done()
	s.pause, s.paused = opts.Pause, 0
	s.tt.gen++
	for p := range s.history {
		for i := range s.history[p] {
			s.history[p][i] /= 2
		}
	}
	for _, f := range s.frames {
		f.killers = [2]engine.Move{noMove, noMove}
		f.move, f.counter, f.excluded, f.staticOK = noMove, noMove, noMove, false
	}

	s.multiPV = max(opts.MultiPV, 1)
	f := s.frames[0]
	moves := root.Moves(f.moves[:0])
	if len(moves) == 0 {
		return errors.New("search: the root has no legal actions")
	}
	s.multiPV = min(s.multiPV, len(moves))
	// The table may hold the best action from an earlier search of this position.
	ttMove := noMove
	if e, ok := s.tt.probe(s.tableKey(root.Key(), 0)); ok && !s.noTT {
		ttMove = e.move
	}
	s.order(f, moves, ttMove, root.ToMove())
	s.rootMoves = s.rootMoves[:0]
	for i := range moves {
		m := pick(f, moves, i)
		if len(s.rootPool) <= i {
			s.rootPool = append(s.rootPool, new(rootMove))
		}
		rm := s.rootPool[i]
		*rm = rootMove{move: m, value: math.Inf(-1)}
		s.rootMoves = append(s.rootMoves, rm)
	}
	s.best = s.best[:0]
	return nil
}

// setSides works out who plays with whom and which algorithm runs.
func (s *Searcher) setSides(root engine.Position, alg Algorithm) error {
	sides, err := sidesOf(root, s.players)
	if err != nil {
		return err
	}
	s.realSide = sides
	distinct := distinctSides(sides, s.players)
	rootSide := s.realSide[root.ToMove()]
	s.sideSize = [2]float64{}
	for p := 0; p < s.players; p++ {
		s.sideOf[p] = 0
		if s.realSide[p] != rootSide {
			s.sideOf[p] = 1
		}
		s.sideSize[s.sideOf[p]]++
	}
	switch {
	case alg == MaxN:
		s.mode = modeMaxN
	case alg == Paranoid:
		s.mode = modeParanoid
	case distinct <= 2:
		s.mode = modeAlphaBeta
	case alg == AlphaBeta:
		s.mode = modeParanoid
	default:
		s.mode = autoMany
	}
	// Stored values depend on the algorithm, and paranoid ones on the root's side too.
	s.salt = 0
	switch s.mode {
	case modeParanoid:
		s.salt = mix(uint64(1+rootSide) * 0x9E3779B97F4A7C15)
	case modeMaxN:
		s.salt = mix(0xA5A5A5A5A5A5A5A5)
	}
	return nil
}

// plyKeys set apart the table entries of a variant with chance nodes by their distance from the
// root. A value there may average wins and losses at several distances, and no adjustment would
// carry it to another ply exactly; positions that recur at the same ply share entries exactly.
var plyKeys = func() (k [maxPly + 1]uint64) {
	for i := range k {
		k[i] = mix(uint64(i+1) * 0xD1B54A32D192ED03)
	}
	return k
}()

// tableKey is the key under which the position with key at ply is stored.
func (s *Searcher) tableKey(key uint64, ply int) uint64 {
	if s.chance {
		return key ^ s.salt ^ plyKeys[ply]
	}
	return key ^ s.salt
}

func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xBF58476D1CE4E5B9
	x ^= x >> 27
	x *= 0x94D049BB133111EB
	return x ^ x>>31
}

// frame returns the storage of ply, creating it on first use.
func (s *Searcher) frame(ply int) *frame {
	for len(s.frames) <= ply {
		s.frames = append(s.frames, &frame{killers: [2]engine.Move{noMove, noMove}, move: noMove, counter: noMove, excluded: noMove})
	}
	f := s.frames[ply]
	if f.pos == nil && ply > 0 {
		f.pos = s.frames[0].pos.NewNode()
		f.tac, _ = f.pos.(engine.Tactics)
		f.see, _ = f.pos.(engine.Exchanger)
	}
	return f
}

const repMask = 1<<12 - 1

// pollEvery is how many nodes pass between checks of the clock and the context.
const pollEvery = 1024

// visit counts a node and checks the limits now and then.
func (s *Searcher) visit(ply int) {
	s.nodes++
	if ply > s.selDepth {
		s.selDepth = ply
	}
	if s.nodes >= s.nextPoll {
		s.poll()
	}
}

func (s *Searcher) poll() {
	s.nextPoll = s.nodes + pollEvery
	if s.nodeLimit > 0 {
		if s.nodes >= s.nodeLimit {
			s.stop = true
		}
		s.nextPoll = min(s.nextPoll, s.nodeLimit)
	}
	if s.pause != nil {
		if d := s.pause(); d > 0 {
			s.paused += d
			if !s.deadline.IsZero() {
				s.deadline = s.deadline.Add(d)
			}
		}
	}
	select {
	case <-s.done:
		s.stop = true
	default:
	}
	if !s.deadline.IsZero() && time.Now().After(s.deadline) {
		s.stop = true
	}
}

// repeated reports whether the position with key, at ply, is a draw by repetition; it records
// the key on the path either way.
func (s *Searcher) repeated(key uint64, ply int) bool {
	i := s.base + ply
	s.keys[i] = key
	slot := &s.repFilter[key&repMask]
	if ply > 0 && int(*slot) >= s.rep-1 {
		seen := 0
		for _, k := range s.keys[:i] {
			if k == key {
				seen++
			}
		}
		if seen >= s.rep-1 {
			return true
		}
	}
	*slot++
	return false
}

// leave takes the key of the position at ply off the path.
func (s *Searcher) leave(key uint64) {
	s.repFilter[key&repMask]--
}

// rootAlphaBeta runs one iteration of the scalar searches. With MultiPV k, a move is searched
// against the k-th best exact value so far, so the top k values come out exact.
func (s *Searcher) rootAlphaBeta(depth int) {
	f := s.frames[0]
	root := f.pos
	s.visit(0)
	key := root.Key()
	if s.rep > 0 {
		s.repeated(key, 0)
		defer s.leave(key)
	}
	mySide := s.sideOf[root.ToMove()]
	k := s.multiPV
	var topVals [engine.MaxMoves]float64
	nTop := 0
	for _, rm := range s.rootMoves {
		rm.exact = false
		rm.value = math.Inf(-1)
	}
	for _, rm := range s.rootMoves {
		bound := math.Inf(-1)
		if nTop >= k {
			bound = topVals[k-1]
		}
		child := s.frame(1)
		f.move = rm.move
		root.PlayInto(rm.move, child.pos)
		same := s.sideOf[child.pos.ToMove()] == mySide
		var v float64
		exact := false
		if math.IsInf(bound, -1) && s.aspire(depth) {
			v = s.aspiration(depth, same)
			exact = true
		} else if math.IsInf(bound, -1) || s.noPVS {
			v = s.child(1, depth-1, bound, math.Inf(1), same, true)
			exact = v > bound
		} else {
			v = s.child(1, depth-1, bound, math.Nextafter(bound, math.Inf(1)), same, false)
			if v > bound && !s.stop {
				v = s.child(1, depth-1, bound, math.Inf(1), same, true)
				exact = v > bound
			}
		}
		if s.stop {
			return
		}
		rm.value, rm.exact = v, exact
		if exact {
			rm.pv[0] = rm.move
			rm.pvLen = 1 + copy(rm.pv[1:], child.pv[:child.pvLen])
			// Insert v into the sorted top values.
			i := min(nTop, k-1)
			for i > 0 && topVals[i-1] < v {
				topVals[i] = topVals[i-1]
				i--
			}
			topVals[i] = v
			nTop = min(nTop+1, k)
		}
	}
	s.sortRoot()
	s.storeRoot(key, depth)
}

// aspire reports whether the first root action of an iteration is searched in a window around
// the last iteration's value: a narrow window cuts more, and the value rarely moves far.
func (s *Searcher) aspire(depth int) bool {
	return s.plain && s.multiPV == 1 && depth >= 5 && math.Abs(s.prev) < winBound
}

// aspiration searches the first root action, already played into ply 1, in a window around
// s.prev, widening it on the side that fails until the value falls inside.
func (s *Searcher) aspiration(depth int, same bool) float64 {
	delta := aspirationDelta
	lo, hi := s.prev-delta, s.prev+delta
	s.stats.aspirations++
	for {
		v := s.child(1, depth-1, lo, hi, same, true)
		if s.stop {
			return v
		}
		if v <= lo || v >= hi {
			s.stats.aspirationFails++
		}
		delta *= 2
		switch {
		case v <= lo:
			lo = s.prev - delta
		case v >= hi:
			hi = s.prev + delta
		default:
			return v
		}
		if delta > aspirationWide {
			lo, hi = math.Inf(-1), math.Inf(1)
		}
	}
}

// storeRoot records the root's best action and value, for a later search of the same position.
func (s *Searcher) storeRoot(key uint64, depth int) {
	best := s.rootMoves[0]
	if s.noTT || !best.exact {
		return
	}
	if e := s.tt.store(s.tableKey(key, 0), depth, boundExact, s.unsolved == 0, best.move); e != nil {
		e.vals = best.vals
		if s.mode != modeMaxN {
			e.vals[0] = best.value
		}
	}
}

// sortRoot puts the exact root moves first, best first, keeping the order of the others.
func (s *Searcher) sortRoot() {
	slices.SortStableFunc(s.rootMoves, func(a, b *rootMove) int {
		switch {
		case a.exact && !b.exact:
			return -1
		case !a.exact && b.exact:
			return 1
		case !a.exact:
			return 0
		case a.value > b.value:
			return -1
		case a.value < b.value:
			return 1
		}
		return 0
	})
}

// keepBest copies the top lines of a completed iteration, which the next one overwrites.
func (s *Searcher) keepBest() {
	s.best = s.best[:0]
	for i := 0; i < s.multiPV && i < len(s.rootMoves) && s.rootMoves[i].exact; i++ {
		if len(s.bestPool) <= i {
			s.bestPool = append(s.bestPool, new(rootMove))
		}
		*s.bestPool[i] = *s.rootMoves[i]
		s.best = append(s.best, s.bestPool[i])
	}
}

// outOfTime reports whether a search on a clock should stop after an iteration: the next one
// takes about as long as all before it, so it would end past the soft limit, which stretches
// while the best action keeps changing.
func (s *Searcher) outOfTime(start time.Time, soft time.Duration, instability float64) bool {
	limit := time.Duration(float64(soft) * min(1+instability, 2.5))
	return time.Since(start)-s.paused > limit/2
}

// keepInterrupted keeps what an iteration cut short found, when it is sure: the first root
// action, last iteration's best, completed, and a later one beat it (only a better action gets
// an exact value after it), so the deeper iteration has found a better action.
func (s *Searcher) keepInterrupted() {
	if s.mode == modeMaxN || s.multiPV != 1 || len(s.best) == 0 || !s.rootMoves[0].exact {
		return
	}
	s.sortRoot()
	if s.rootMoves[0].move != s.best[0].move {
		s.keepBest()
	}
}

// keepPartial makes the lines of a first iteration that was cut short: the moves it valued, or
// failing that the first move in search order with the root's static value.
func (s *Searcher) keepPartial() {
	s.sortRoot()
	s.keepBest()
	if len(s.best) > 0 {
		return
	}
	if len(s.bestPool) == 0 {
		s.bestPool = append(s.bestPool, new(rootMove))
	}
	rm := s.bestPool[0]
	*rm = rootMove{move: s.rootMoves[0].move, exact: true, pvLen: 1}
	rm.pv[0] = rm.move
	root := s.frames[0].pos
	root.Evaluate(s.e[:s.players])
	clampEval(s.e[:s.players])
	rm.vals = s.e
	rm.value = s.scalar(s.e[:s.players], 0)
	s.best = append(s.best, rm)
}

// result builds the Result of the kept lines. It is the only part of a search that allocates.
func (s *Searcher) result(depth int, start time.Time, complete bool) Result {
	r := Result{Depth: depth, SelDepth: s.selDepth, Nodes: s.nodes, Elapsed: time.Since(start) - s.paused, Complete: complete}
	r.Lines = make([]Line, len(s.best))
	for i, rm := range s.best {
		l := Line{Move: rm.move, Values: make([]float64, s.players), PV: slices.Clone(rm.pv[:rm.pvLen])}
		for p := range l.Values {
			// Adding zero turns the -0 that negating a draw leaves into 0.
			switch {
			case s.mode == modeMaxN:
				l.Values[p] = rm.vals[p] + 0
			case s.sideOf[p] == 0:
				l.Values[p] = rm.value + 0
			default:
				l.Values[p] = 0 - rm.value
			}
		}
		r.Lines[i] = l
	}
	if len(r.Lines) > 0 {
		r.Best = r.Lines[0].Move
	}
	return r
}
