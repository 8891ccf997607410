package search

import (
	"math"

	"github.com/ashtapada/ashtapada/engine"
)

// Reference searches: plain minimax, expectimax and max^n over the whole tree, without pruning,
// table, ordering or shared storage, following the horizon rules the package documents. Values
// are for the root's side.

type reference struct {
	players  int
	side     []int // 0 for the root's side, 1 for the others
	paranoid bool
}

func newReference(root engine.Position, sides []int, paranoid bool) *reference {
	players := engine.Players(root)
	if sides == nil {
		sides = make([]int, players)
		for p := range sides {
			sides[p] = p
		}
	}
	r := &reference{players: players, side: make([]int, players), paranoid: paranoid}
	for p := range r.side {
		if sides[p] != sides[root.ToMove()] {
			r.side[p] = 1
		}
	}
	return r
}

// value turns per-player values into the root side's value.
func (r *reference) value(x []float64) float64 {
	var a, b, na, nb float64
	for p := range r.players {
		if r.side[p] == 0 {
			a, na = a+x[p], na+1
		} else {
			b, nb = b+x[p], nb+1
		}
	}
	v := a / na
	if !r.paranoid && nb > 0 {
		v = (v - b/nb) / 2
	}
	return v
}

// static is the horizon's value vector: the result of a finished game, wins sooner worth more,
// or the evaluation.
func (r *reference) static(n engine.Position, ply int) (x []float64, finished bool) {
	x = make([]float64, r.players)
	u := make([]float64, r.players)
	if n.Utility(u) {
		for p, v := range u {
			switch {
			case v > 0:
				x[p] = v*engine.WinValue - float64(ply)
			case v < 0:
				x[p] = v*engine.WinValue + float64(ply)
			}
		}
		return x, true
	}
	n.Evaluate(x)
	return x, false
}

func play(n engine.Position, m engine.Move) engine.Position {
	c := n.NewNode()
	n.PlayInto(m, c)
	return c
}

// minimax is the value of n searched depth actions deep: chance nodes average, the root's side
// maximises, the others minimise.
func (r *reference) minimax(n engine.Position, depth, ply int) float64 {
	if depth <= 0 {
		return r.quiesce(n, ply)
	}
	moves := n.Moves(nil)
	if n.Phase() == engine.PhaseRoll {
		var sum float64
		for _, m := range moves {
			sum += n.Probability(m) * r.minimax(play(n, m), depth, ply+1)
		}
		return sum
	}
	if len(moves) == 0 {
		x, _ := r.static(n, ply)
		return r.value(x)
	}
	maximise := r.side[n.ToMove()] == 0
	best := math.Inf(1)
	if maximise {
		best = math.Inf(-1)
	}
	for _, m := range moves {
		v := r.minimax(play(n, m), depth-1, ply+1)
		if maximise {
			best = max(best, v)
		} else {
			best = min(best, v)
		}
	}
	return best
}

// quiesce stands pat or follows the noisy moves (every move in check) when n offers Tactics.
func (r *reference) quiesce(n engine.Position, ply int) float64 {
	x, finished := r.static(n, ply)
	tac, ok := n.(engine.Tactics)
	if finished || !ok || n.Phase() == engine.PhaseRoll {
		return r.value(x)
	}
	maximise := r.side[n.ToMove()] == 0
	var moves []engine.Move
	var best float64
	if tac.InCheck() {
		moves = n.Moves(nil)
		if len(moves) == 0 {
			return r.value(x)
		}
		best = math.Inf(1)
		if maximise {
			best = math.Inf(-1)
		}
	} else {
		best = r.value(x)
		moves = tac.Noisy(nil)
	}
	for _, m := range moves {
		v := r.quiesce(play(n, m), ply+1)
		if maximise {
			best = max(best, v)
		} else {
			best = min(best, v)
		}
	}
	return best
}

// maxn is the max^n value vector of n: the mover takes the first child best for itself.
func (r *reference) maxn(n engine.Position, depth, ply int) []float64 {
	moves := n.Moves(nil)
	if depth <= 0 || len(moves) == 0 {
		x, _ := r.static(n, ply)
		return x
	}
	if n.Phase() == engine.PhaseRoll {
		sum := make([]float64, r.players)
		for _, m := range moves {
			p := n.Probability(m)
			for q, v := range r.maxn(play(n, m), depth, ply+1) {
				sum[q] += p * v
			}
		}
		return sum
	}
	var best []float64
	for _, m := range moves {
		x := r.maxn(play(n, m), depth-1, ply+1)
		if best == nil || x[n.ToMove()] > best[n.ToMove()] {
			best = x
		}
	}
	return best
}
