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

// PassInto writes the position with the other side to move, for null-move pruning. It refuses
// in check and when the side to move has only its king and pawns, where zugzwang is common
// (and a stalemate loses).
func (p *Position) PassInto(dst engine.Position) bool {
	us := p.byColor[p.side]
	if us&^(p.byType[pawn]|p.byType[king]) == 0 || p.inCheck() {
		return false
	}
	c := dst.(*Position)
	p.copyTo(c)
	c.side ^= 1
	c.key ^= zobristBlack
	return true
}

// seeValues are pieceValues with a king worth more than everything else, so that an exchange
// never ends by taking it.
var seeValues = [pieceTypes]float64{pawn: 1, horse: 3.2, gaja: 1.3, ratha: 5, mantri: 1.6, king: 100}

// cheapestFirst orders the piece types by seeValues.
var cheapestFirst = [...]int{pawn, gaja, mantri, horse, ratha, king}

// SEE is the material the side to move wins, in pawns, by the exchange m starts on its target
// square when both sides go on taking there with their least valuable piece while it pays:
// static exchange evaluation. Pins and the promotions of recapturing pawns are not seen.
func (p *Position) SEE(m engine.Move) float64 {
	from, to := moveFrom(m), moveTo(m)
	var gain [32]float64
	if v := p.board[to]; v != empty {
		gain[0] = seeValues[v&7]
	}
	onSquare := seeValues[p.board[from]&7]
	if m&promoteFlag != 0 {
		gain[0] += seeValues[mantri] - seeValues[pawn]
		onSquare = seeValues[mantri]
	}
	occ := p.occupied() &^ (1 << from)
	side := int(p.side)
	d := 0
	for d < len(gain)-1 {
		side ^= 1
		att := p.attackers(to, side, occ) & occ
		if att == 0 {
			break
		}
		typ := king
		for _, t := range cheapestFirst {
			if att&p.byType[t] != 0 {
				typ = t
				break
			}
		}
		d++
		gain[d] = onSquare - gain[d-1]
		if max(-gain[d-1], gain[d]) < 0 {
			break // the side to take loses whether it takes or not: the exchange is decided
		}
		onSquare = seeValues[typ]
		occ &^= 1 << trailing(att&p.byType[typ])
	}
	for ; d > 0; d-- {
		gain[d-1] = -max(-gain[d-1], gain[d])
	}
	return gain[0]
}
