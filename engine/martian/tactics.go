package martian

import "github.com/ashtapada/ashtapada/engine"

// Noisy appends the legal captures and promotions.
func (p *Position) Noisy(buf []engine.Move) []engine.Move {
	start := len(buf)
	buf = p.Moves(buf)
	n := start
	for _, m := range buf[start:] {
		if moveAct(m) == actMove && (p.board[moveTo(m)] != 0 || movePromo(m) != 0) {
			buf[n] = m
			n++
		}
	}
	return buf[:n]
}

// Gain is the value of the piece captured (a monarch wins the game) plus a promotion's gain.
func (p *Position) Gain(m engine.Move) float64 {
	if moveAct(m) != actMove {
		return 0
	}
	g := 0.0
	if c := p.board[moveTo(m)]; c != 0 {
		if cellKind(c) == monarch {
			if p.lastMonarch(cellPlayer(c)) {
				return engine.WinValue
			}
			return fallenMonarchValue
		}
		g = pieceValues[cellKind(c)]
	}
	if pr := movePromo(m); pr != 0 {
		g += pieceValues[pr] - pieceValues[squire]
	}
	return g
}

// fallenMonarchValue is what taking a monarch whose partner still has his is worth: the game goes
// on, but that side is one capture from losing.
const fallenMonarchValue = 10

// lastMonarch reports whether pl's monarch is the last of his side.
func (p *Position) lastMonarch(pl int) bool {
	pair := p.g.teamPair[p.g.team[pl]]
	partner := pair[0]
	if int(partner) == pl {
		partner = pair[1]
	}
	return int(partner) == pl || p.lost[partner][monarch] != 0
}

// InCheck is false: the game has no check, a monarch is simply captured.
func (p *Position) InCheck() bool { return false }
