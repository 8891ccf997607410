package search

import (
	"math"

	"github.com/ashtapada/ashtapada/engine"
)

// The scalar searches (alpha-beta and paranoid) value a node for its own side: the root's side is
// 0 and everyone else 1. The side to move may act several times in a row, so a child's value is
// negated only when the child belongs to the other side.

// child searches the position already played into ply and returns its value for the side of the
// parent, given the parent's window; same says whether the child's side is the parent's.
func (s *Searcher) child(ply, depth int, alpha, beta float64, same, pv bool) float64 {
	if same {
		return s.ab(ply, depth, alpha, beta, pv)
	}
	return -s.ab(ply, depth, -beta, -alpha, pv)
}

// ab returns the value of the position at ply searched depth actions deep (fail-soft). pv marks
// the nodes of the principal variation, which take no cut-offs from the table so that their
// lines reach the horizon.
func (s *Searcher) ab(ply, depth int, alpha, beta float64, pv bool) float64 {
	s.visit(ply)
	f := s.frames[ply]
	f.pvLen = 0
	if s.stop {
		return 0
	}
	key := f.pos.Key()
	if s.rep == 0 {
		return s.abNode(f, ply, depth, alpha, beta, pv, s.tableKey(key, ply))
	}
	if s.repeated(key, ply) {
		s.unsolved++ // a draw that depends on the path
		return 0
	}
	v := s.abNode(f, ply, depth, alpha, beta, pv, s.tableKey(key, ply))
	s.leave(key)
	return v
}

func (s *Searcher) abNode(f *frame, ply, depth int, alpha, beta float64, pv bool, key uint64) float64 {
	n := f.pos
	if depth <= 0 || ply >= maxPly-2 {
		return s.quiesce(f, ply, alpha, beta)
	}
	ttMove, ttValue, ttDepth, ttBound := noMove, 0.0, 0, uint8(0)
	excluded := f.excluded
	if !s.noTT && excluded == noMove {
		if e, ok := s.tt.probe(key); ok {
			ttMove, ttDepth, ttBound = e.move, int(e.depth), e.bound
			ttValue = fromTable(e.vals[0], ply)
			if !pv && (e.solved || int(e.depth) >= depth) {
				v := ttValue
				if e.bound == boundExact || e.bound == boundLower && v >= beta || e.bound == boundUpper && v <= alpha {
					if !e.solved {
						s.unsolved++
					}
					return v
				}
			}
		}
	}
	if s.chance && n.Phase() == engine.PhaseRoll {
		return s.chanceNode(f, ply, depth, alpha, beta, pv, key)
	}
	mover := n.ToMove()
	side := s.sideAt(mover)
	child := s.frame(ply + 1)
	// The selective search needs tactics to tell quiet actions from noisy ones and checks;
	// without it no check is looked at here, since nothing else uses one.
	selective := s.plain && f.tac != nil
	inCheck := selective && f.tac.InCheck()
	// Pruning by the static value also needs a window clear of the win range.
	prune := selective && !pv && !inCheck && math.Abs(alpha) < winBound && math.Abs(beta) < winBound
	static := 0.0
	f.staticOK = selective && !inCheck
	if f.staticOK {
		static = s.static(n, side)
		f.static = static
		// The table's bound, where it lies on the right side, is a better guess than the
		// evaluation for pruning.
		if ttBound != 0 && math.Abs(ttValue) < winBound &&
			(ttBound == boundLower && ttValue > static || ttBound == boundUpper && ttValue < static) {
			static = ttValue
		}
	}
	// improving: the side's static value rose since its last turn, so cut-offs are likelier and
	// the late actions matter less.
	improving := f.staticOK && ply >= 2 && (!s.frames[ply-2].staticOK || static > s.frames[ply-2].static)
	if prune {
		// Reverse futility: far enough above beta that no quiet line of a few actions falls back.
		if depth <= rfpDepth && static-rfpMargin*float64(depth) >= beta {
			return static
		}
		// Null move: if passing still holds beta at a reduced depth, so will acting.
		if depth >= 3 && static >= beta && excluded == noMove {
			if passer, ok := n.(engine.Passer); ok && passer.PassInto(child.pos) {
				r := 3 + depth/4 + min(int((static-beta)/nullMarginPerPly), 3)
				f.move = noMove
				v := s.child(ply+1, depth-1-r, math.Nextafter(beta, math.Inf(-1)), beta, false, false)
				if s.stop {
					return 0
				}
				if v >= beta {
					return min(v, winBound-1)
				}
			}
		}
	}
	// Internal iterative reduction: a node the table knows no move for was rarely searched,
	// and is likelier than not unimportant.
	if selective && ttMove == noMove && depth >= iirDepth {
		depth--
	}
	// Singular extension: when the table's move holds its value and every other action falls
	// clearly short of it at half the depth, the node hangs on that move, which is searched a
	// ply deeper. When even the others reach beta, the node cuts off at once.
	singular := false
	if selective && ply > 0 && excluded == noMove && ttMove != noMove && depth >= seDepth &&
		ttBound != boundUpper && ttDepth >= depth-3 && math.Abs(ttValue) < winBound {
		sBeta := ttValue - seMargin*float64(depth)
		f.excluded = ttMove
		v := s.abNode(f, ply, (depth-1)/2, math.Nextafter(sBeta, math.Inf(-1)), sBeta, false, key)
		f.excluded, f.pvLen = noMove, 0
		if s.stop {
			return 0
		}
		if v < sBeta {
			singular = true
		} else if sBeta >= beta && !pv {
			return sBeta
		}
	}
	moves := n.Moves(f.moves[:0])
	if len(moves) == 0 {
		return s.leaf(f, ply)
	}
	f.counter = noMove
	prev := noMove
	if ply > 0 {
		prev = s.frames[ply-1].move
		if prev != noMove {
			f.counter = s.counter[uint(mover)%engine.MaxPlayers][histIndex(prev)]
		}
	}
	s.order(f, moves, ttMove, mover)
	hist := &s.history[uint(mover)%engine.MaxPlayers]
	alpha0, unsolved0 := alpha, s.unsolved
	best, bestMove := math.Inf(-1), noMove
	nQuiets := 0
	lmpLimit := 3 + depth*depth
	if improving {
		lmpLimit *= 2
	}
	for i := range moves {
		m := pick(f, moves, i)
		if m == excluded {
			continue
		}
		sc := f.score[i]
		// Ordering scored captures and promotions at scoreGain and above, losing ones far below
		// zero; the rest are quiet.
		quiet := selective && sc < scoreGain && sc > scoreBad/2
		badCapture := selective && sc <= scoreBad/2
		refutation := sc >= scoreCounter && sc < scoreGain // killers and the counter-move
		// Shallow pruning once a move has been searched and a loss is not all there is.
		shallow := prune && i > 0 && best > -winBound
		n.PlayInto(m, child.pos)
		same := s.sideAt(child.pos.ToMove()) == side
		gives := selective && !same && child.tac.InCheck()
		// Late-move pruning: near the horizon, the quiet actions ordered late rarely matter;
		// checks may mate, and stay.
		if shallow && quiet && !gives && !refutation && depth <= lmpDepth && i >= lmpLimit {
			continue
		}
		next := depth - 1
		if (gives || singular && m == ttMove) && ply < 2*s.iterDepth {
			next++
		}
		// Futility: a quiet action near the horizon cannot lift a position far below alpha.
		if prune && quiet && i > 0 && !gives && depth <= futDepth &&
			static+futMargin*float64(depth) <= alpha {
			best = max(best, static+futMargin*float64(depth))
			continue
		}
		// Exchange pruning: near the horizon, an action that loses material where it lands.
		// Not a check: the exchange counts the king's captures, legal or not, and a
		// protected piece next to the king mates.
		if shallow && !gives && f.see != nil && depth <= seeDepth && (quiet || badCapture) {
			margin := seeCaptureMargin * float64(depth)
			if quiet {
				margin = seeQuietMargin * float64(depth*depth)
			}
			if f.see.SEE(m) < -margin {
				continue
			}
		}
		f.move = m
		var v float64
		if i == 0 || s.noPVS {
			v = s.child(ply+1, next, alpha, beta, same, pv && i == 0)
		} else {
			// Late quiet actions are searched shallower first, and again in full only when
			// they beat alpha.
			r := 0
			if quiet && !inCheck && !gives && depth >= 3 {
				r = lmrReduction(depth, i)
				if pv {
					r--
				}
				if !improving {
					r++
				}
				if refutation {
					r--
				}
				r -= int(hist[histIndex(m)]) / historyPerPly
				r = max(min(r, next-1), 0)
			}
			// A null window: nothing lies strictly between alpha and its successor.
			up := math.Nextafter(alpha, math.Inf(1))
			v = s.child(ply+1, next-r, alpha, up, same, false)
			if r > 0 && v > alpha && !s.stop {
				v = s.child(ply+1, next, alpha, up, same, false)
			}
			if v > alpha && v < beta && !s.stop {
				v = s.child(ply+1, next, alpha, beta, same, pv)
			}
		}
		if s.stop {
			return 0
		}
		if v > best {
			best = v
			if v > alpha {
				alpha, bestMove = v, m
				f.pv[0] = m
				f.pvLen = 1 + copy(f.pv[1:], child.pv[:child.pvLen])
				if v >= beta {
					s.stats.cutoffs++
					if i == 0 {
						s.stats.firstCutoffs++
					}
					s.cutoff(f, m, mover, depth, prev, f.quiets[:nQuiets])
					break
				}
			}
		}
		if quiet && nQuiets < len(f.quiets) {
			f.quiets[nQuiets] = m
			nQuiets++
		}
	}
	if excluded == noMove {
		s.storeScalar(key, ply, depth, best, alpha0, beta, s.unsolved == unsolved0, bestMove)
	}
	return best
}

// storeScalar records a node's fail-soft value with the bound its window gives it; solved says
// that no horizon was met below the node.
func (s *Searcher) storeScalar(key uint64, ply, depth int, v, alpha, beta float64, solved bool, move engine.Move) {
	if s.noTT {
		return
	}
	bound := uint8(boundExact)
	switch {
	case v <= alpha:
		bound = boundUpper
	case v >= beta:
		bound = boundLower
	}
	if e := s.tt.store(key, depth, bound, solved, move); e != nil {
		e.vals[0] = toTable(v, ply)
	}
}

// chanceNode is expectimax with Star1 pruning (Ballard 1983): every value lies in
// [-WinValue, WinValue], so after some outcomes the node's value is bounded, and each outcome is
// searched with the window that would decide the node whatever the rest give.
func (s *Searcher) chanceNode(f *frame, ply, depth int, alpha, beta float64, pv bool, key uint64) float64 {
	const lo, hi = -engine.WinValue, engine.WinValue
	n := f.pos
	moves := n.Moves(f.moves[:0])
	if len(moves) == 0 {
		return s.leaf(f, ply)
	}
	side := s.sideAt(n.ToMove())
	s.orderChance(f, moves)
	f.move = noMove
	alpha0, unsolved0 := alpha, s.unsolved
	sum, rem := 0.0, 1.0
	child := s.frame(ply + 1)
	for i, m := range moves {
		p := f.prob[i]
		if p <= 0 {
			continue
		}
		rest := max(rem-p, 0)
		a, b := float64(lo), float64(hi)
		if !s.noStar1 {
			a = (alpha - sum - rest*hi) / p
			b = (beta - sum - rest*lo) / p
			if a >= hi { // even the best result cannot lift the node above alpha
				v := min(sum+rem*hi, alpha)
				s.storeScalar(key, ply, depth, v, alpha0, beta, s.unsolved == unsolved0, noMove)
				return v
			}
			if b <= lo {
				v := max(sum+rem*lo, beta)
				s.storeScalar(key, ply, depth, v, alpha0, beta, s.unsolved == unsolved0, noMove)
				return v
			}
			a, b = max(a, lo), min(b, hi)
		}
		n.PlayInto(m, child.pos)
		v := s.child(ply+1, depth, a, b, s.sideAt(child.pos.ToMove()) == side, pv && i == 0)
		if s.stop {
			return 0
		}
		if !s.noStar1 {
			if v <= a && a > lo {
				v = min(sum+p*v+rest*hi, alpha)
				s.storeScalar(key, ply, depth, v, alpha0, beta, s.unsolved == unsolved0, noMove)
				return v
			}
			if v >= b && b < hi {
				v = max(sum+p*v+rest*lo, beta)
				s.storeScalar(key, ply, depth, v, alpha0, beta, s.unsolved == unsolved0, noMove)
				return v
			}
		}
		if i == 0 {
			f.pv[0] = m
			f.pvLen = 1 + copy(f.pv[1:], child.pv[:child.pvLen])
		}
		sum += p * v
		rem = rest
	}
	s.storeScalar(key, ply, depth, sum, alpha0, beta, s.unsolved == unsolved0, noMove)
	return sum
}

// quiesce values the position at ply, at or beyond the horizon: a finished game by its result,
// otherwise the static value, or with engine.Tactics the best of standing pat and following the
// noisy actions (every action when in check).
func (s *Searcher) quiesce(f *frame, ply int, alpha, beta float64) float64 {
	n := f.pos
	side := s.sideAt(n.ToMove())
	if n.Utility(s.u[:s.players]) {
		return s.terminal(ply, side)
	}
	s.unsolved++
	if f.tac == nil || ply >= maxPly-2 || s.chance && n.Phase() == engine.PhaseRoll {
		return s.static(n, side)
	}
	// The selective search keeps quiescence in the table too, at depth 0.
	useTable := s.plain && !s.noTT
	key, ttMove := uint64(0), noMove
	if useTable {
		key = s.tableKey(n.Key(), ply)
		if e, ok := s.tt.probe(key); ok {
			ttMove = e.move
			v := fromTable(e.vals[0], ply)
			if e.bound == boundExact || e.bound == boundLower && v >= beta || e.bound == boundUpper && v <= alpha {
				return v
			}
		}
	}
	var moves []engine.Move
	best := math.Inf(-1)
	inCheck := f.tac.InCheck()
	static := 0.0
	if inCheck {
		moves = n.Moves(f.moves[:0])
		if len(moves) == 0 {
			return s.static(n, side)
		}
	} else {
		static = s.static(n, side)
		best = static
		if best >= beta {
			return best
		}
		alpha = max(alpha, best)
		moves = f.tac.Noisy(f.moves[:0])
	}
	alpha0 := alpha
	f.counter = noMove
	s.order(f, moves, ttMove, n.ToMove())
	child := s.frame(ply + 1)
	bestMove := noMove
	for i := range moves {
		m := pick(f, moves, i)
		if f.score[i] <= scoreBad/2 && !inCheck {
			break // the rest lose material in exchange: standing pat is better
		}
		// Delta pruning: even winning the piece taken with a margin to spare stays below alpha.
		if s.plain && !inCheck && static+f.tac.Gain(m)+deltaMargin <= alpha && math.Abs(alpha) < winBound {
			continue
		}
		n.PlayInto(m, child.pos)
		var v float64
		if s.sideAt(child.pos.ToMove()) == side {
			v = s.qs(ply+1, alpha, beta)
		} else {
			v = -s.qs(ply+1, -beta, -alpha)
		}
		if s.stop {
			return 0
		}
		if v > best {
			best = v
			if v > alpha {
				alpha, bestMove = v, m
				if v >= beta {
					break
				}
			}
		}
	}
	if useTable {
		// No quiescence value is solved: standing pat is a horizon.
		s.storeScalar(key, ply, 0, best, alpha0, beta, false, bestMove)
	}
	return best
}

func (s *Searcher) qs(ply int, alpha, beta float64) float64 {
	s.visit(ply)
	f := s.frames[ply]
	f.pvLen = 0
	if s.stop {
		return 0
	}
	return s.quiesce(f, ply, alpha, beta)
}

// leaf values a position without actions: finished, or (for a variant that leaves a player
// stuck without ending the game) by its static value.
func (s *Searcher) leaf(f *frame, ply int) float64 {
	n := f.pos
	side := s.sideAt(n.ToMove())
	if n.Utility(s.u[:s.players]) {
		return s.terminal(ply, side)
	}
	s.unsolved++
	return s.static(n, side)
}

// sideAt is the scalar side of a player; a finished position's ToMove may be anything.
func (s *Searcher) sideAt(p int) int {
	if uint(p) < uint(s.players) {
		return s.sideOf[p]
	}
	return 0
}

// terminal values a finished game from s.u for side: a win sooner is worth more, a loss later
// costs less.
func (s *Searcher) terminal(ply int, side int) float64 {
	terminalValues(s.e[:s.players], s.u[:s.players], ply)
	return s.scalar(s.e[:s.players], side)
}

func terminalValues(x, u []float64, ply int) {
	for p, v := range u {
		switch {
		case v > 0:
			x[p] = v*engine.WinValue - float64(ply)
		case v < 0:
			x[p] = v*engine.WinValue + float64(ply)
		default:
			x[p] = 0
		}
	}
}

// static is the evaluation of n for side.
func (s *Searcher) static(n engine.Position, side int) float64 {
	n.Evaluate(s.e[:s.players])
	clampEval(s.e[:s.players])
	return s.scalar(s.e[:s.players], side)
}

// clampEval keeps static values clear of the win range.
func clampEval(x []float64) {
	for p, v := range x {
		x[p] = min(max(v, 1-winBound), winBound-1)
	}
}

// scalar turns per-player values into the value for side. Alpha-beta takes half the difference
// between the sides' mean values, which is zero-sum whatever the evaluation; paranoid takes the
// root side's mean, which the others minimise together.
func (s *Searcher) scalar(x []float64, side int) float64 {
	var a, b float64
	for p, v := range x {
		if s.sideOf[p] == 0 {
			a += v
		} else {
			b += v
		}
	}
	v := a / s.sideSize[0]
	if s.mode == modeAlphaBeta && s.sideSize[1] > 0 {
		v = (v - b/s.sideSize[1]) / 2
	}
	if side != 0 {
		return -v
	}
	return v
}
