package ramayana

import "github.com/ashtapada/ashtapada/engine"

// Outcome reports the end of the game, checked in the rules' order: the side to move has no
// legal action (checkmate or stalemate: the other side wins); bare Rajah (both bare: the side
// that just moved wins); 100 plies without capture or Untouchable move (draw).
func (p *Position) Outcome() engine.Outcome {
	var buf [engine.MaxMoves]engine.Move
	side := int(p.side)
	if len(p.legal(buf[:0])) == 0 {
		reason := "stalemate"
		if p.inCheck(side) {
			reason = "checkmate"
		}
		return engine.Decided(2, reason, 1-side)
	}
	n := p.material()
	switch {
	case n[0] == 0 && n[1] == 0:
		return engine.Decided(2, "bare_rajah", 1-side)
	case n[0] == 0:
		return engine.Decided(2, "bare_rajah", red)
	case n[1] == 0:
		return engine.Decided(2, "bare_rajah", yellow)
	case p.quiet >= 100:
		return engine.Decided(2, "move_limit")
	}
	return engine.Outcome{}
}
