package coasterchaturanga

import "github.com/ashtapada/ashtapada/engine"

// Tactics: captures are the noisy actions, and a capture gains the taken piece's pips, which the
// capturer holds (never of its own colour: such captures are not legal). There is no check.

// Noisy appends the legal captures.
func (p *Position) Noisy(buf []engine.Move) []engine.Move {
	start := len(buf)
	buf = p.Moves(buf)
	out := buf[:start]
	for _, m := range buf[start:] {
		if p.Gain(m) > 0 {
			out = append(out, m)
		}
	}
	return out
}

// Gain is the pips of the piece a move takes.
func (p *Position) Gain(m engine.Move) float64 {
	if mvAct(m) != actMove {
		return 0
	}
	if pc := p.pieceOn(mvB(m)); pc >= 0 {
		return float64(pieceKind(pc))
	}
	return 0
}

// InCheck is false: the game has no check.
func (p *Position) InCheck() bool { return false }

var _ engine.Tactics = (*Position)(nil)
