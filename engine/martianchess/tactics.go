package martianchess

import "github.com/ashtapada/ashtapada/engine"

// Noisy appends the legal captures, the actions that change the score, without their clock-calling
// twins: quiescence follows the capture itself.
func (p *Position) Noisy(buf []engine.Move) []engine.Move {
	start := len(buf)
	buf = p.Moves(buf)
	out := buf[:start]
	for _, m := range buf[start:] {
		if m&clockFlag == 0 && p.Gain(m) > 0 {
			out = append(out, m)
		}
	}
	return out
}

// Gain is the pips an action captures.
func (p *Position) Gain(m engine.Move) float64 {
	if m == passMove {
		return 0
	}
	to := moveTo(m)
	if p.rules.geo.zoneOf[to] == int8(p.side) {
		return 0
	}
	return float64(p.kindAt(to))
}

// InCheck is always false: nothing is royal.
func (p *Position) InCheck() bool { return false }
