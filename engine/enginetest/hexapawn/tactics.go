package hexapawn

import "github.com/ashtapada/ashtapada/engine"

// Noisy appends the legal captures and the steps onto the far rank, which win at once: what a
// quiescence search must follow before it stands pat.
func (p *Position) Noisy(buf []engine.Move) []engine.Move {
	start := len(buf)
	buf = p.Moves(buf)
	n := start
	for _, m := range buf[start:] {
		if p.board[moveTo(m)] != empty || moveTo(m)/size == lastRank(p.side) {
			buf[n] = m
			n++
		}
	}
	return buf[:n]
}

// Gain is the pawn a capture wins.
func (p *Position) Gain(m engine.Move) float64 {
	if p.board[moveTo(m)] != empty {
		return 1
	}
	return 0
}

// InCheck is always false: Hexapawn has no check.
func (p *Position) InCheck() bool { return false }
