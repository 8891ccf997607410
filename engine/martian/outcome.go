package martian

import (
	"strconv"

	"github.com/ashtapada/ashtapada/engine"
)

func (p *Position) Phase() engine.Phase {
	switch {
	case p.finished():
		return engine.PhaseFinished
	case !p.rolled():
		return engine.PhaseRoll
	}
	return engine.PhaseAction
}

func (p *Position) Outcome() engine.Outcome {
	if g := p.monarchGone(); g >= 0 {
		return engine.Decided(2, "monarch_captured", g^1)
	}
	if p.maxTurns > 0 && p.quiet >= p.maxTurns {
		return engine.Decided(2, "move_limit")
	}
	return engine.Outcome{}
}

// Utility is +1 for the player who captured the other's monarch and -1 for him; a game drawn by
// the turn limit is 0 for both.
func (p *Position) Utility(u []float64) bool {
	if !p.finished() {
		return false
	}
	u[light], u[dark] = 0, 0
	if g := p.monarchGone(); g >= 0 {
		u[g], u[g^1] = -1, 1
	}
	return true
}

// rollOutcomes are the ten unordered results of two D4, lower value first.
var rollOutcomes = func() (out [10]engine.Move) {
	i := 0
	for a := 1; a <= 4; a++ {
		for b := a; b <= 4; b++ {
			out[i] = rollMove(a, b)
			i++
		}
	}
	return out
}()

// Probability is the chance of a roll outcome: 1/16 for a double, 2/16 for two different values
// (thrown in either order); 1 for an action that is not a roll.
func (p *Position) Probability(m engine.Move) float64 {
	if moveAct(m) != actRoll {
		return 1
	}
	if a, b := rollValues(m); a == b {
		return 1.0 / 16
	}
	return 2.0 / 16
}

// RollMove returns the roll outcome of two D4 showing values, in either order. Every pair of
// values from 1 to 4 counts; a die whose kind is gone counts upward when the roll is played.
func (p *Position) RollMove(values []int) (engine.Move, error) {
	if len(values) != 2 {
		return 0, &engine.SyntaxError{Text: "dice", Reason: "want two values, got " + strconv.Itoa(len(values))}
	}
	for _, v := range values {
		if v < 1 || v > 4 {
			return 0, &engine.SyntaxError{Text: "dice", Reason: "a D4 shows 1 to 4, got " + strconv.Itoa(v)}
		}
	}
	return rollMove(min(values[0], values[1]), max(values[0], values[1])), nil
}
