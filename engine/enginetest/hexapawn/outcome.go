package hexapawn

import "github.com/ashtapada/ashtapada/engine"

// The reasons a game ends, in Outcome.Reason.
const (
	ReasonFarRank     = "far_rank"
	ReasonAllCaptured = "all_captured"
	ReasonNoMove      = "no_move"
)

// result reports whether the game is over, who won and why, without allocating. Only the player
// who just moved can have reached the far rank or taken the last enemy pawn; the player to move
// loses when he has no move. A draw is impossible.
func (p *Position) result() (over bool, winner uint8, reason string) {
	them := p.side ^ 1
	switch {
	case p.onLastRank(them):
		return true, them, ReasonFarRank
	case p.count(p.side) == 0:
		return true, them, ReasonAllCaptured
	case !p.hasMove():
		return true, them, ReasonNoMove
	}
	return false, 0, ""
}

func (p *Position) over() bool {
	over, _, _ := p.result()
	return over
}

func (p *Position) Phase() engine.Phase {
	if p.over() {
		return engine.PhaseFinished
	}
	return engine.PhaseAction
}

func (p *Position) Outcome() engine.Outcome {
	over, winner, reason := p.result()
	if !over {
		return engine.Outcome{}
	}
	return engine.Decided(2, reason, int(winner))
}

// Utility is +1 for the winner and -1 for the loser.
func (p *Position) Utility(u []float64) bool {
	over, winner, _ := p.result()
	if !over {
		return false
	}
	u[winner], u[winner^1] = 1, -1
	return true
}
