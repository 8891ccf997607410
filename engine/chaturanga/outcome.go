package chaturanga

import "github.com/ashtapada/ashtapada/engine"

// drawPlies is the 70-move rule in plies.
const drawPlies = 140

// result reports whether the game is over and who won (-1 for a draw), without allocating: the
// side to move loses when it has no move (checkmate or stalemate), even on the 140th ply.
func (p *Position) result() (over bool, winner int) {
	if !p.hasLegal() {
		return true, int(p.side) ^ 1
	}
	if p.halfmove >= drawPlies {
		return true, -1
	}
	return false, -1
}

func (p *Position) Phase() engine.Phase {
	if over, _ := p.result(); over {
		return engine.PhaseFinished
	}
	return engine.PhaseAction
}

func (p *Position) Outcome() engine.Outcome {
	over, winner := p.result()
	switch {
	case !over:
		return engine.Outcome{}
	case winner < 0:
		return engine.Decided(2, "move_limit")
	case p.inCheck():
		return engine.Decided(2, "checkmate", winner)
	}
	return engine.Decided(2, "stalemate", winner)
}

// Utility is +1 for the winner and -1 for the loser, 0 each for a draw.
func (p *Position) Utility(u []float64) bool {
	over, winner := p.result()
	if !over {
		return false
	}
	u[white], u[black] = 0, 0
	if winner >= 0 {
		u[winner], u[winner^1] = 1, -1
	}
	return true
}
