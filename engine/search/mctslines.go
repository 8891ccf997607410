package search

import (
	"math"
	"slices"
	"time"

	"github.com/ashtapada/ashtapada/engine"
)

// result builds the Result: the root's children with the most visits, their lines following
// the most visited children (the most likely roll at a chance node).
func (t *mctsTree) result(multiPV int, start time.Time) Result {
	root := &t.pool[t.root]
	r := Result{Nodes: t.nodes, Elapsed: time.Since(start) - t.paused, SelDepth: t.selDepth, Complete: root.flags&proven != 0}
	count := int(root.count)
	if count == 0 {
		// Stopped before the first expansion: the first action, valued by the evaluation.
		moves := t.pos[0].Moves(t.moves[:0])
		t.pos[0].Evaluate(t.e[:t.players])
		clampEval(t.e[:t.players])
		r.Best = moves[0]
		r.Lines = []Line{{Move: moves[0], Values: append([]float64(nil), t.e[:t.players]...), PV: []engine.Move{moves[0]}}}
		return r
	}
	k := min(multiPV, count)
	var top [engine.MaxMoves]int32
	n := 0
	for c := root.first; c < root.first+int32(count); c++ {
		top[n] = c
		for j := n; j > 0 && t.better(top[j], top[j-1], int(root.mover)); j-- {
			top[j], top[j-1] = top[j-1], top[j]
		}
		n++
	}
	r.Lines = make([]Line, k)
	for l := range k {
		r.Lines[l] = t.line(top[l])
	}
	r.Best = r.Lines[0].Move
	r.Depth = t.lineDepth(r.Lines[0].PV)
	return r
}

// better orders the root's children: a proven win first, then by visits, then by value.
func (t *mctsTree) better(a, b int32, p int) bool {
	x, y := &t.pool[a], &t.pool[b]
	xw := x.flags&proven != 0 && t.sideMean(x, p) >= 1
	yw := y.flags&proven != 0 && t.sideMean(y, p) >= 1
	switch {
	case xw != yw:
		return xw
	case x.visits != y.visits:
		return x.visits > y.visits
	}
	return t.sideMean(x, p) > t.sideMean(y, p)
}

// line is the Line of the root's child c.
func (t *mctsTree) line(c int32) Line {
	l := Line{Move: t.pool[c].move, Values: make([]float64, t.players)}
	ply := 0
	cur := t.pos[0]
	exact := t.pool[c].flags&proven != 0
	for i := c; ply < len(t.pv); {
		node := &t.pool[i]
		t.pv[ply] = node.move
		ply++
		next := t.position(ply, nil)
		cur.PlayInto(node.move, next)
		cur = next
		if node.count == 0 {
			break
		}
		j := t.follow(node)
		if j < 0 {
			break
		}
		i = j
	}
	l.PV = slices.Clone(t.pv[:ply])
	node := &t.pool[c]
	over := (exact || node.visits == 0) && cur.Utility(t.u[:t.players])
	// With dice and two sides a side's mean, in [-1, 1] with a won game 1, reads as a chance of
	// winning, and self-play results follow it (go run ./cmd/experiments chances). With greedy
	// opponents it is a chance against them, which was not measured.
	chances := t.firstChance || t.firstFit != nil || t.chance && t.sides == 2 && !t.greedy
	var means [engine.MaxPlayers]float64 // each player's side's mean, which Chances read
	switch {
	case over:
		terminalValues(l.Values, t.u[:t.players], ply)
		copy(means[:], t.u[:t.players])
	case node.visits == 0:
		cur.Evaluate(l.Values)
		clampEval(l.Values)
		if chances {
			var v [engine.MaxPlayers]float64
			t.static(cur, &v) // what a playout cut off here would give
			for p := range t.players {
				for _, q := range t.mates[p][:t.nMates[p]] {
					means[p] += v[q] / float64(t.nMates[p])
				}
			}
		}
	default:
		for p := range t.players {
			means[p] = t.sideMean(node, p)
			l.Values[p] = t.set.scale*math.Atanh(max(-mctsMaxMean, min(mctsMaxMean, means[p]))) + 0
		}
	}
	if chances {
		l.Chances = make([]float64, t.players)
		switch {
		case over:
			shareFinished(l.Chances, means[:t.players], t.sideOf)
		default:
			for p := range t.players {
				l.Chances[p] = t.chanceOf(means[p])
			}
			if t.firstChance || t.firstFit != nil {
				t.shareFirst(&l)
			}
			if t.firstChance {
				t.expectedValues(&l)
			}
		}
	}
	return l
}

// mctsMaxMean bounds the means mapped back to pawns, where atanh grows without bound.
const mctsMaxMean = 0.9999

// follow is the child a line goes on to: a proven win, else the most visited (the first on a
// tie), or at a chance node the most likely outcome; -1 when it has no visits.
func (t *mctsTree) follow(node *mctsNode) int32 {
	first, count := node.first, int32(node.count)
	pick := int32(-1)
	if node.mover == chanceMover {
		best := float32(-1)
		for c := first; c < first+count; c++ {
			if ch := &t.pool[c]; ch.prob > best {
				best, pick = ch.prob, c
			}
		}
	} else {
		p := int(node.mover)
		var most uint32
		for c := first; c < first+count; c++ {
			ch := &t.pool[c]
			if ch.flags&proven != 0 && t.sideMean(ch, p) >= 1 {
				return c
			}
			if ch.visits > most {
				most, pick = ch.visits, c
			}
		}
	}
	if pick < 0 || t.pool[pick].visits == 0 {
		return -1
	}
	return pick
}

// lineDepth counts the actions of a line, rolls not counted.
func (t *mctsTree) lineDepth(pv []engine.Move) int {
	if !t.chance {
		return len(pv)
	}
	d, cur := 0, t.pos[0]
	for ply, m := range pv {
		if cur.Phase() != engine.PhaseRoll {
			d++
		}
		next := t.position(ply+1, nil)
		cur.PlayInto(m, next)
		cur = next
	}
	return d
}
