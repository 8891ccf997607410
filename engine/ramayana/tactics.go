package ramayana

import "github.com/ashtapada/ashtapada/engine"

// Tactics for search: which actions quiescence follows and how much an action wins at once.
//
// Noisy holds every legal capture (a Rakshasa captured, a capture by a Rakshasa move), every
// drop or Buddha and every Rajah arriving on the Maharajah square. A paid Rakshasa move to an
// empty square is left out although its payer leaves the board: it only gives material away,
// quiescence would stand pat rather than play it, and following the dozens of them in every
// position would swamp the quiescence search. Its point (a check, a mate, a stalemate) is for
// the full-width search to find; in check quiescence tries every action anyway.

var _ engine.Tactics = (*Position)(nil)

// Noisy appends the legal actions that change material or promote. It allocates nothing when
// buf has room.
func (p *Position) Noisy(buf []engine.Move) []engine.Move {
	if p.over() {
		return buf // Moves gives nothing then either
	}
	start := len(buf)
	buf = p.actions(buf, true)
	// Keep the legal ones, judged after the whole action as Moves judges them.
	side := int(p.side)
	out := buf[:start]
	var next Position
	for _, m := range buf[start:] {
		p.apply(m, &next)
		if !next.inCheck(side) {
			out = append(out, m)
		}
	}
	return out
}

// Gain is the material the action wins at once, in pawns: the piece captured, less the payer of
// a Rakshasa move (a royal payer stays), plus what a drop, a Buddha or a Maharajah is worth over
// the piece it was. A captured Rakshasa is worth nothing: it belongs to no one and comes back.
func (p *Position) Gain(m engine.Move) float64 {
	from, to := moveFrom(m), moveTo(m)
	g := 0.0
	if c := p.board[to]; c != 0 && cellOwner(c) != neutral {
		g = pieceValues[cellKind(c)]
	}
	switch moveAct(m) {
	case actMove:
		if cellKind(p.board[from]) == rajah && to == maharajahSq[p.side] {
			g += maharajahBonus
		}
	case actDrop:
		g += pieceValues[dropped] - pieceValues[untouchable]
	case actBuddha:
		g += pieceValues[buddha] - pieceValues[untouchable]
	case actRakshasa:
		g -= pieceValues[cellKind(p.board[moveExtra(m)])] // royals are worth 0
	}
	return g
}

// InCheck reports whether the player to move is in check, by a piece or a Rakshasa.
func (p *Position) InCheck() bool { return p.inCheck(int(p.side)) }
