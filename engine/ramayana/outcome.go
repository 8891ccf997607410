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
