package search

import (
	"math"
	"slices"

	"github.com/ashtapada/ashtapada/engine"
)

// chanceOf is the chance of winning a side's mean utility m stands for: by firstFit where there
// is one, else where a won game is 1 and each of the k sides that do not win gets -1/(k-1),
// m = c - (1-c)/(k-1).
func (t *mctsTree) chanceOf(m float64) float64 {
	if t.firstFit != nil {
		return t.firstFit.at(m)
	}
	k := float64(t.sides)
	return min(1, max(0, (m*(k-1)+1)/k))
}

// FinishedChances writes into c (one per player) the chances of winning of the finished game
// pos, whose utilities are u: the sides with the best result share 1 (partners each show their
// side's), everyone else 0. A search line that ends the game gives the same.
func FinishedChances(pos engine.Position, u, c []float64) error {
	sides, err := sidesOf(pos, len(u))
	if err != nil {
		return err
	}
	shareFinished(c, u, sides)
	return nil
}

// shareFinished is FinishedChances with the players' sides.
func shareFinished(c, u []float64, sides [engine.MaxPlayers]int) {
	best := slices.Max(u)
	var first [engine.MaxPlayers]bool // the sides that share first place
	n := 0.0
	for p, v := range u {
		if v == best && !first[sides[p]] {
			first[sides[p]] = true
			n++
		}
	}
	for p, v := range u {
		c[p] = 0
		if v == best {
			c[p] = 1 / n
		}
	}
}

// MCTSMean is the mean utility, in [-1, 1] with a won game 1, that the value v of an MCTS line
// (Line.Values, in pawns) stands for: MCTS scores positions by tanh(pawns / 3) and reports its
// means back in pawns. A SideHints.FirstPlace table is read at these means; it is exported for
// fitting one (go run ./cmd/experiments first-chances).
func MCTSMean(v float64) float64 { return math.Tanh(v / mctsDefaults.scale) }

// firstTable is a chance of first place read from a side's mean, interpolated between its
// values at the means -1, -0.8, ..., 1.
type firstTable [11]float64

func (f *firstTable) at(m float64) float64 {
	x := (max(-1, min(1, m)) + 1) * float64(len(f)-1) / 2
	k := min(int(x), len(f)-2)
	return f[k] + (x-float64(k))*(f[k+1]-f[k])
}

// shareFirst makes the chances of a line valued by chances of first place (or read from the
// means by firstFit) add up. The root side's chance comes from the search's own games, so it is
// read as it is; the other sides share the rest in proportion to theirs.
func (t *mctsTree) shareFirst(l *Line) {
	var root, others float64
	rivals := 0
	for p := range t.players {
		switch {
		case int(t.mates[p][0]) != p: // every side once: its first player stands for it
		case t.sideOf[p] == t.rootSide:
			root = l.Chances[p]
		default:
			others += l.Chances[p]
			rivals++
		}
	}
	for p := range t.players {
		switch {
		case t.sideOf[p] == t.rootSide:
		case others > 0:
			l.Chances[p] *= (1 - root) / others
		default:
			l.Chances[p] = (1 - root) / float64(rivals)
		}
	}
}

// expectedValues makes the values of a line valued by chances of first place the expected
// results times engine.WinValue, as expectimax reports an average over rolls.
func (t *mctsTree) expectedValues(l *Line) {
	k := float64(t.sides)
	for p := range t.players {
		l.Values[p] = engine.WinValue * (k*l.Chances[p] - 1) / (k - 1)
	}
	clampEval(l.Values)
}

// Sides gives every player of pos the index of its side: partners share one (Sider), and
// without teams every player is a side of its own.
func Sides(pos engine.Position) ([]int, error) {
	n := engine.Players(pos)
	sides, err := sidesOf(pos, n)
	return sides[:n], err
}

// WinScale is lichess's model of a value's chance: a side that leads another by v pawns wins
// with chance 1 / (1 + exp(-WinScale × v)).
const WinScale = 0.368208

// ValueChances writes into c (one per player) every player's chance of winning read from values
// in pawns, for a position whose search estimates none: lichess's model, which for any number of
// sides is the softmax of WinScale/2 × each side's value, so that two sides get lichess's figure
// exactly and the sides' chances add up to 1 (partners each show their side's). sides gives each
// player's side, as Sides does.
func ValueChances(sides []int, values, c []float64) {
	k := WinScale / 2
	// Exponents relative to the largest, so that a won game's value overflows nothing.
	top := math.Inf(-1)
	for p, side := range sides {
		if side == p {
			top = max(top, values[p])
		}
	}
	var bySide [engine.MaxPlayers]float64
	total := 0.0
	for p, side := range sides {
		if side == p {
			bySide[side] = math.Exp(k * (values[p] - top))
			total += bySide[side]
		}
	}
	for p, side := range sides {
		c[p] = bySide[side] / total
	}
}
