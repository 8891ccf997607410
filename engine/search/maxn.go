package search

import (
	"math"
	"slices"

	"github.com/ashtapada/ashtapada/engine"
)

// Max^n (Luckhardt and Irani 1986) values a node by a vector, one component per player: the mover
// picks the child best for its side (the mean of its side's components), a chance node averages
// its children. Nothing is pruned, so every value is exact; the table saves transpositions.

// rootMaxN runs one max^n iteration.
func (s *Searcher) rootMaxN(depth int) {
	root := s.frames[0].pos
	s.visit(0)
	key := root.Key()
	if s.rep > 0 {
		s.repeated(key, 0)
		defer s.leave(key)
	}
	side := s.realSide[root.ToMove()]
	for i, rm := range s.rootMoves {
		child := s.frame(1)
		root.PlayInto(rm.move, child.pos)
		s.maxn(1, depth-1, i == 0)
		if s.stop {
			return
		}
		rm.vals, rm.value, rm.exact = child.vals, s.sideMean(child.vals[:], side), true
		rm.pv[0] = rm.move
		rm.pvLen = 1 + copy(rm.pv[1:], child.pv[:child.pvLen])
	}
	s.sortRoot()
	s.storeRoot(key, depth)
	for _, rm := range s.rootMoves[:s.multiPV] {
		s.extendPV(rm, depth)
	}
}

func (s *Searcher) maxn(ply, depth int, pv bool) {
	s.visit(ply)
	f := s.frames[ply]
	f.pvLen = 0
	if s.stop {
		return
	}
	key := f.pos.Key()
	if s.rep == 0 {
		s.maxnNode(f, ply, depth, pv, s.tableKey(key, ply))
		return
	}
	if s.repeated(key, ply) {
		s.unsolved++
		f.vals = [engine.MaxPlayers]float64{}
		return
	}
	s.maxnNode(f, ply, depth, pv, s.tableKey(key, ply))
	s.leave(key)
}

func (s *Searcher) maxnNode(f *frame, ply, depth int, pv bool, key uint64) {
	n := f.pos
	if depth <= 0 || ply >= maxPly-2 {
		s.leafVector(f, ply)
		return
	}
	ttMove := noMove
	if !s.noTT {
		if e, ok := s.tt.probe(key); ok {
			ttMove = e.move
			if !pv && e.bound == boundExact && (e.solved || int(e.depth) >= depth) {
				for p := range s.players {
					f.vals[p] = fromTable(e.vals[p], ply)
				}
				if !e.solved {
					s.unsolved++
				}
				return
			}
		}
	}
	moves := n.Moves(f.moves[:0])
	if len(moves) == 0 {
		s.leafVector(f, ply)
		return
	}
	unsolved0 := s.unsolved
	bestMove := noMove
	child := s.frame(ply + 1)
	if s.chance && n.Phase() == engine.PhaseRoll {
		s.orderChance(f, moves)
		var sum [engine.MaxPlayers]float64
		for i, m := range moves {
			p := f.prob[i]
			if p <= 0 {
				continue
			}
			n.PlayInto(m, child.pos)
			s.maxn(ply+1, depth, pv && i == 0)
			if s.stop {
				return
			}
			for q := range s.players {
				sum[q] += p * child.vals[q]
			}
			if i == 0 {
				f.pv[0] = m
				f.pvLen = 1 + copy(f.pv[1:], child.pv[:child.pvLen])
			}
		}
		f.vals = sum
	} else {
		mover := n.ToMove()
		side := s.realSide[uint(mover)%engine.MaxPlayers]
		s.order(f, moves, ttMove, mover)
		best := math.Inf(-1)
		for i := range moves {
			m := pick(f, moves, i)
			n.PlayInto(m, child.pos)
			s.maxn(ply+1, depth-1, pv && i == 0)
			if s.stop {
				return
			}
			if v := s.sideMean(child.vals[:], side); v > best {
				best, bestMove, f.vals = v, m, child.vals
				f.pv[0] = m
				f.pvLen = 1 + copy(f.pv[1:], child.pv[:child.pvLen])
			}
		}
	}
	if s.noTT {
		return
	}
	if e := s.tt.store(key, depth, boundExact, s.unsolved == unsolved0, bestMove); e != nil {
		for p := range s.players {
			e.vals[p] = toTable(f.vals[p], ply)
		}
	}
}

// leafVector writes the value vector of a finished game or of the horizon into f.vals.
func (s *Searcher) leafVector(f *frame, ply int) {
	n := f.pos
	f.vals = [engine.MaxPlayers]float64{}
	if n.Utility(s.u[:s.players]) {
		terminalValues(f.vals[:s.players], s.u[:s.players], ply)
		return
	}
	s.unsolved++
	n.Evaluate(f.vals[:s.players])
	clampEval(f.vals[:s.players])
}

// sideMean is a side's value in a vector: the mean of its players' components.
func (s *Searcher) sideMean(x []float64, side int) float64 {
	var sum, count float64
	for p := range s.players {
		if s.realSide[p] == side {
			sum += x[p]
			count++
		}
	}
	return sum / count
}

// extendPV continues a root line whose end a table cut-off hid, following the table's moves (and
// the most likely roll) until the iteration's depth.
func (s *Searcher) extendPV(rm *rootMove, depth int) {
	cur := s.frames[0].pos
	actions := 0
	for i := range rm.pvLen {
		if !s.chance || cur.Phase() != engine.PhaseRoll {
			actions++
		}
		next := s.frame(i + 1).pos
		cur.PlayInto(rm.pv[i], next)
		cur = next
	}
	for ply := rm.pvLen; ply < maxPly-2 && actions < depth; ply++ {
		f := s.frames[ply]
		moves := cur.Moves(f.moves[:0])
		if len(moves) == 0 {
			return
		}
		var m engine.Move
		if s.chance && cur.Phase() == engine.PhaseRoll {
			s.orderChance(f, moves)
			m = moves[0]
		} else {
			e, ok := s.tt.probe(s.tableKey(cur.Key(), ply))
			if !ok || !slices.Contains(moves, e.move) {
				return
			}
			m = e.move
			actions++
		}
		next := s.frame(ply + 1).pos
		cur.PlayInto(m, next)
		cur = next
		rm.pv[rm.pvLen] = m
		rm.pvLen++
	}
}
