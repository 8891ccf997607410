package chaturanga

import (
	"math/bits"

	"github.com/ashtapada/ashtapada/engine"
)

var _ engine.SANWriter = (*Position)(nil)

// SAN writes a legal move in standard algebraic notation as Fairy-Stockfish writes it for
// chaturanga: piece letters N B R Q K (horse, gaja, ratha, mantri, king), the origin's file, rank
// or square where another piece of the kind could reach the same square, x for a capture, =Q for a
// promotion, + for check and # for checkmate. A pawn names its file when it captures.
func (p *Position) SAN(m engine.Move) string {
	from, to := moveFrom(m), moveTo(m)
	typ, _, _ := p.pieceAt(from)
	_, _, capture := p.pieceAt(to)
	buf := make([]byte, 0, 8)
	if typ == pawn {
		if capture {
			buf = append(buf, byte('a'+from%8))
		}
	} else {
		buf = append(buf, fenLetters[typ]-0x20)
		buf = p.disambiguate(buf, typ, from, to)
	}
	if capture {
		buf = append(buf, 'x')
	}
	buf = append(buf, squareName(to)...)
	if m&promoteFlag != 0 {
		buf = append(buf, '=', fenLetters[mantri]-0x20)
	}
	var child Position
	p.play(m, &child)
	if child.inCheck() {
		// Mate is check without a legal reply, as Fairy-Stockfish marks it: the 70-move rule and
		// stalemate (which also wins here) do not count.
		if child.countLegal() == 0 {
			buf = append(buf, '#')
		} else {
			buf = append(buf, '+')
		}
	}
	return string(buf)
}

// disambiguate appends what tells the piece on from apart from the other pieces of its kind that
// may legally move to the same square: its file if that is enough, else its rank, else both.
func (p *Position) disambiguate(buf []byte, typ, from, to int) []byte {
	// Attacks are symmetric, so these are the pieces of the kind that see the target square; most
	// moves have none, and need no move generation.
	rivals := pieceAttacks(typ, to, p.occupied()) & p.byType[typ] & p.byColor[p.side] &^ (1 << from)
	if rivals == 0 {
		return buf
	}
	var others bitboard
	var moves [engine.MaxMoves]engine.Move
	for _, o := range p.generate(moves[:0]) {
		if f := moveFrom(o); f != from && moveTo(o) == to && int(p.board[f]&7) == typ {
			others |= 1 << f
		}
	}
	if others == 0 {
		return buf
	}
	sameFile, sameRank := false, false
	for s := others; s != 0; s &= s - 1 {
		sq := bits.TrailingZeros64(s)
		sameFile = sameFile || sq%8 == from%8
		sameRank = sameRank || sq/8 == from/8
	}
	switch {
	case !sameFile:
		return append(buf, byte('a'+from%8))
	case !sameRank:
		return append(buf, byte('1'+from/8))
	}
	return append(buf, squareName(from)...)
}
