package chaturanga

import "github.com/ashtapada/ashtapada/engine"

// play writes into child the position after the legal move m.
func (p *Position) play(m engine.Move, child *Position) {
	p.copyTo(child)
	from, to := moveFrom(m), moveTo(m)
	us := int(p.side)
	typ := int(p.board[from] & 7)
	fromBit, toBit := bitboard(1)<<from, bitboard(1)<<to
	child.halfmove++
	if v := p.board[to]; v != empty {
		child.byType[v&7] &^= toBit
		child.byColor[us^1] &^= toBit
		child.halfmove = 0
		child.key ^= zobristPiece[v][to]
		child.psq.place(int(v&7), us^1, to, -1)
	}
	child.byType[typ] &^= fromBit
	child.byColor[us] ^= fromBit | toBit
	child.board[from] = empty
	child.key ^= zobristPiece[p.board[from]][from]
	child.psq.place(typ, us, from, -1)
	if typ == pawn {
		child.halfmove = 0
		if m&promoteFlag != 0 {
			typ = mantri
		}
	}
	child.byType[typ] |= toBit
	child.psq.place(typ, us, to, 1)
	child.board[to] = uint8(typ | us<<3)
	child.key ^= zobristPiece[child.board[to]][to] ^ zobristBlack
	if us == black {
		child.fullmove = engine.CountOn(child.fullmove)
	}
	child.side ^= 1
}

var _ engine.Position = (*Position)(nil)

// NewNode returns storage for PlayInto.
func (p *Position) NewNode() engine.Position { return new(Position) }

// PlayInto writes the position after m into dst, which must be a *Position.
func (p *Position) PlayInto(m engine.Move, dst engine.Position) { p.play(m, dst.(*Position)) }

func (p *Position) Play(m engine.Move) (engine.Position, []engine.Event) {
	child := new(Position)
	p.play(m, child)
	var events []engine.Event
	mover := playerNames[p.side]
	if typ, color, ok := p.pieceAt(moveTo(m)); ok {
		events = append(events, engine.NewEvent(engine.EventCapture, mover, squareName(moveTo(m)), kindNames[typ],
			mover+" captures "+playerNames[color]+"'s "+kindNames[typ]))
	}
	if m&promoteFlag != 0 {
		events = append(events, engine.NewEvent(engine.EventPromotion, mover, squareName(moveTo(m)), "mantri", "pawn promotes to mantri"))
	}
	if o := child.Outcome(); o.Finished {
		events = append(events, engine.NewEvent(engine.EventGameOver, "", "", "", o.Reason))
	}
	return child, events
}
