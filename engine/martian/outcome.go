package martian

import "github.com/ashtapada/ashtapada/engine"

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

// rollOutcomes are the ten unordered results of two D4.
var rollOutcomes = func() (out []engine.Move) {
	for a := 1; a <= 4; a++ {
		for b := a; b <= 4; b++ {
			out = append(out, rollMove(a, b))
		}
	}
	return out
}()
