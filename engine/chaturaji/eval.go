package chaturaji

import (
	"math/bits"

	"github.com/ashtapada/ashtapada/engine"
)

// materialValue is what a piece is worth in pawns, a point being a pawn, for Gain, which orders
// the search's captures and guides the greedy bot; the evaluation's own values are in Weights: its
// capture points and a fifth more for what it may still capture, the raja more than its 5 points.
var materialValue = [kinds]float64{pawn: 1.2, boat: 2.4, horse: 3.6, elephant: 4.8, raja: 8}

// evalParts returns each player's points, material and threats (the points he may score less
// the material he may lose over the next round of turns, threats), all relative to the other players: in
// individual play his own minus the mean of the other three; in team play his team's sum minus the
// other team's. Points count only where they decide the game (not under last_standing, nor in
// diceless play).
func (p *Position) evalParts() (points, material, threats [players]float64) {
	var pts, mat [players]float64
	byPoints := !p.rules.teams || (!p.rules.lastStanding && !p.rules.diceless)
	for pl := 0; pl < players; pl++ {
		if byPoints {
			for src := fromCaptures; src < sources; src++ {
				pts[pl] += float64(p.score[pl][src])
			}
		}
		for k := pawn; k <= raja; k++ {
			mat[pl] += p.pieceValue(k) * float64(p.count[pl][k])
		}
	}
	gain, loss := p.threats()
	w := p.v.weights
	var thr [players]float64
	for pl := 0; pl < players; pl++ {
		thr[pl] = -w.ThreatLoss * loss[pl]
		if byPoints {
			thr[pl] += w.ThreatGain * gain[pl]
		}
	}
	return p.relative(pts), p.relative(mat), p.relative(thr)
}

// threats returns each player's expected captures over the next round of turns, from the side
// to move on, each player taking his next turn once: the points he would score and the material
// the victims would lose, both in pawns. A player's roll (the die he holds if he has rolled)
// decides which of his pieces may capture; with each die value he takes the most valuable enemy
// piece his pieces of that value attack, as far as earlier turns have not taken it already. A
// victim whose owner moves before the attacker counts by Weights.Flee. Diceless play and the raja
// exchange have no threats.
func (p *Position) threats() (gain, loss [players]float64) {
	if p.rules.diceless || p.ex.stage != exNone {
		return
	}
	attacks := p.attacksByDie()
	// surv is each square's chance that its piece is still there.
	var surv [size * size]float64
	for sq := range surv {
		surv[sq] = 1
	}
	side := int(p.side)
	// order[pl] is when pl takes his next turn: 0 for the side, then 1, 2, 3.
	var order [players]int
	for i := 0; i < players; i++ {
		order[(side+i)%players] = i
	}
	for i := 0; i < players; i++ {
		o := (side + i) % players
		chance := p.dieChances(i == 0)
		for v := boat; v <= raja; v++ {
			t := attacks[o][v]
			if t == 0 || chance[v] == 0 {
				continue
			}
			best, factor := p.bestVictim(t, &surv, &order, i)
			if best < 0 {
				continue
			}
			q := chance[v] * factor
			c := p.board[best]
			gain[o] += q * float64(cellKind(c))
			loss[cellOwner(c)] += q * p.pieceValue(cellKind(c))
			surv[best] -= chance[v] * surv[best]
		}
	}
	return
}

// attacksByDie returns, for each player and die value, the enemy squares his pieces that value
// moves attack.
func (p *Position) attacksByDie() (attacks [players][6]uint64) {
	for sq, c := range p.board {
		if c == 0 {
			continue
		}
		v := cellKind(c)
		if v == pawn {
			v = raja
		}
		attacks[cellOwner(c)][v] |= p.attacked(sq, c)
	}
	return attacks
}

// dieChances returns the chance of each die value on a player's next turn: the values of the
// unused dice the side to move holds, else each value's share of a roll.
func (p *Position) dieChances(sideToMove bool) (chance [6]float64) {
	if sideToMove && p.rolled() {
		for d := 0; d < int(p.rules.dice); d++ {
			if !p.dice[d].used {
				chance[p.dice[d].value] = 1
			}
		}
		return chance
	}
	per := 0.25
	if p.rules.dice == 2 {
		per = 7.0 / 16
	}
	for v := boat; v <= raja; v++ {
		chance[v] = per
	}
	return chance
}

// bestVictim returns the most valuable piece among the squares t that the i-th player to move
// attacks, as far as it survives earlier turns and does not flee (its owner moving first), and
// that factor; -1 when there is none.
func (p *Position) bestVictim(t uint64, surv *[size * size]float64, order *[players]int, i int) (best int, bestFactor float64) {
	best, bestValue := -1, 0.0
	for ; t != 0; t &= t - 1 {
		sq := bits.TrailingZeros64(t)
		c := p.board[sq]
		factor := surv[sq]
		if order[cellOwner(c)] < i {
			factor *= p.v.weights.Flee
		}
		if val := factor * p.pieceValue(cellKind(c)); val > bestValue {
			best, bestValue, bestFactor = sq, val, factor
		}
	}
	return best, bestFactor
}

// pieceValue is a piece's material value.
func (p *Position) pieceValue(kind int) float64 {
	w := p.v.weights
	switch kind {
	case pawn:
		return w.Pawn
	case boat:
		return w.Boat
	case horse:
		return w.Horse
	case elephant:
		return w.Elephant
	case raja:
		if p.rules.teams {
			return w.RajaTeam
		}
		return w.Raja
	}
	return 0
}

// attacked returns the enemy squares the piece c on sq could capture, as bits.
func (p *Position) attacked(sq int, c cell) uint64 {
	us, kind := cellOwner(c), cellKind(c)
	var t uint64
	try := func(to int) {
		if x := p.board[to]; x != 0 && p.landable(to, us, kind) {
			t |= 1 << to
		}
	}
	switch kind {
	case raja, horse, boat:
		for _, to := range leapTargets[kind][sq] {
			try(int(to))
		}
	case elephant:
		for d := 0; d < 4; d++ {
			for _, to := range rays[sq][d] {
				if p.board[to] != 0 {
					try(int(to))
					break
				}
			}
		}
	case pawn:
		if !lastLine[us][sq] {
			for _, to := range pawnCaptures[us][sq] {
				if to >= 0 {
					try(int(to))
				}
			}
		}
	}
	return t
}

// relative turns per-player values into each player's standing against the others.
func (p *Position) relative(v [players]float64) [players]float64 {
	var out [players]float64
	if p.rules.teams {
		d := v[black] + v[red] - v[green] - v[yellow]
		out = [players]float64{d, -d, d, -d}
		return out
	}
	sum := v[0] + v[1] + v[2] + v[3]
	for pl := 0; pl < players; pl++ {
		out[pl] = v[pl] - (sum-v[pl])/(players-1)
	}
	return out
}

// Evaluate is each player's points, material and threats against the others' (evalParts), in
// pawns; a finished game is its Utility times engine.WinValue. The values sum to 0.
func (p *Position) Evaluate(e []float64) {
	if p.Utility(e) {
		for pl := 0; pl < players; pl++ {
			e[pl] *= engine.WinValue
		}
		return
	}
	pts, mat, thr := p.evalParts()
	for pl := 0; pl < players; pl++ {
		e[pl] = pts[pl] + mat[pl] + thr[pl]
	}
}

// Terms explains Evaluate.
func (p *Position) Terms() []engine.EvalTerm {
	u := make([]float64, players)
	if p.Utility(u) {
		for pl := range u {
			u[pl] *= engine.WinValue
		}
		return []engine.EvalTerm{{Name: "result", Values: u}}
	}
	pts, mat, thr := p.evalParts()
	return []engine.EvalTerm{{Name: "points", Values: pts[:]}, {Name: "material", Values: mat[:]}, {Name: "threats", Values: thr[:]}}
}

func (p *Position) noisy(m engine.Move) bool {
	switch moveAct(m) {
	case actPromote:
		return true
	case actMove:
		from, to := moveFrom(m), moveTo(m)
		return movePromo(m) != 0 || p.board[to] != 0 ||
			(cellKind(p.board[from]) == boat && p.triumphPoints(from, to) > 0)
	}
	return false
}

// triumphPoints is what the boat on from scores by a boat triumph on moving to to: 2 for each
// boat of another player (in team play an enemy) that it captures. The blocks holding to are
// taken in the order boatTriumph takes them, a boat captured in one no longer filling the next.
func (p *Position) triumphPoints(from, to int) int {
	us := cellOwner(p.board[from])
	var gone uint64
	points := 0
	for _, corner := range blocks[to] {
		b := int(corner)
		block := [4]int{b, b + 1, b + size, b + size + 1}
		full := true
		for _, s := range block {
			c := p.board[s]
			full = full && (s == to || (c != 0 && cellKind(c) == boat && gone&(1<<s) == 0))
		}
		if !full {
			continue
		}
		for _, s := range block {
			if s == to {
				continue
			}
			if owner := cellOwner(p.board[s]); owner != us && !(p.rules.teams && owner == partner(us)) {
				gone |= 1 << s
				points += boat
			}
		}
	}
	return points
}

// Sides gives search the side of every player: in team play black and red are side 0, green and
// yellow side 1; in individual play every player is his own side.
func (p *Position) Sides() []int {
	if p.rules.teams {
		return []int{0, 1, 0, 1}
	}
	return []int{0, 1, 2, 3}
}
