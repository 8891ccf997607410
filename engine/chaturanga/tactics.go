package chaturanga

import "github.com/ashtapada/ashtapada/engine"

// Noisy appends the legal captures and promotions.
func (p *Position) Noisy(buf []engine.Move) []engine.Move {
	start := len(buf)
	buf = p.Moves(buf)
	them := p.byColor[p.side^1]
	n := start
	for _, m := range buf[start:] {
		if m&promoteFlag != 0 || them&(1<<moveTo(m)) != 0 {
			buf[n] = m
			n++
		}
	}
	return buf[:n]
}

// Gain is the value of the piece captured plus a promotion's gain.
func (p *Position) Gain(m engine.Move) float64 {
	g := 0.0
	if v := p.board[moveTo(m)]; v != empty {
		g = pieceValues[v&7]
	}
	if m&promoteFlag != 0 {
		g += pieceValues[mantri] - pieceValues[pawn]
	}
	return g
}

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool { return p.inCheck() }
