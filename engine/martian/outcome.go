package martian

import (
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
