package ramayana

import "github.com/ashtapada/ashtapada/engine"

// result decides the end of the game, checked in the rules' order: the side to move has no legal
// action (checkmate or stalemate: the other side wins); bare Rajah (both bare: the side that just
// moved wins); 100 plies without capture or Untouchable move (a draw, winner -1). It allocates
// nothing.
func (p *Position) result() (finished bool, winner int, reason string) {
	side := int(p.side)
	if !p.hasLegal() {
		if p.inCheck(side) {
			return true, 1 - side, "checkmate"
		}
		return true, 1 - side, "stalemate"
	}
	n := p.material()
	switch {
	case n[0] == 0 && n[1] == 0:
		return true, 1 - side, "bare_rajah"
	case n[0] == 0:
		return true, red, "bare_rajah"
	case n[1] == 0:
		return true, yellow, "bare_rajah"
	case p.quiet >= 100:
		return true, -1, "move_limit"
	}
	return false, -1, ""
}

// Outcome reports whether the game is over, and how.
func (p *Position) Outcome() engine.Outcome {
	finished, winner, reason := p.result()
	switch {
	case !finished:
		return engine.Outcome{}
	case winner < 0:
		return engine.Decided(2, reason)
	}
	return engine.Decided(2, reason, winner)
}

// Utility is +1 for the winner and -1 for the loser; a draw is 0 for both.
func (p *Position) Utility(u []float64) bool {
	finished, w, _ := p.result()
	if !finished {
		return false
	}
	u[yellow], u[red] = 0, 0
	if w >= 0 {
		u[w], u[1-w] = 1, -1
	}
	return true
}

func (p *Position) Phase() engine.Phase {
	if p.over() || !p.hasLegal() {
		return engine.PhaseFinished
	}
	return engine.PhaseAction
}
