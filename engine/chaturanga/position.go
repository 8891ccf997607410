package chaturanga

import (
	"math/bits"

	"github.com/ashtapada/ashtapada/engine"
)

// Colors.
const (
	white = 0
	black = 1
)

// Piece types. The FEN letters are Fairy-Stockfish's: p n b r q k.
const (
	pawn = iota
	horse
	gaja   // alfil: jumps two squares diagonally
	ratha  // rook
	mantri // ferz: one step diagonally
	king
	pieceTypes
	noPiece = 0xF
)

// Position is a Chaturanga position. It is a plain value: copying it copies the game.
type Position struct {
	game
	// v is the variant the position belongs to, whose weights Evaluate uses.
	v *variant
}

// game is the position without its variant: a value with no pointer, which play copies as plain
// memory (a struct holding a pointer is copied through the garbage collector's write barrier,
// 7% of perft's time).
type game struct {
	engine.Diceless
	byType   [pieceTypes]bitboard
	byColor  [2]bitboard
	board    [64]uint8 // type | color<<3 for an occupied square, empty otherwise
	side     uint8
	halfmove uint16 // plies since the last capture or pawn move
	fullmove uint32
	// key is the Zobrist hash of board and side, kept up to date by put and play. The clocks are
	// left out so that repeated positions have equal keys.
	key uint64
	// psq is white's piece-square values less black's (psqMg, psqEg), kept up to date by put
	// and play so that the evaluation need not add them up at every node.
	psq taper
}

// copyTo copies the position into c, its variant only where it differs (nodes of one search
// share it), so that the copy is plain memory.
func (p *Position) copyTo(c *Position) {
	c.game = p.game
	if c.v != p.v {
		c.v = p.v
	}
}

const empty = 0xFF

func (p *Position) pieceAt(sq int) (typ, color int, ok bool) {
	v := p.board[sq]
	if v == empty {
		return 0, 0, false
	}
	return int(v & 7), int(v >> 3), true
}

func (p *Position) put(sq, typ, color int) {
	bit := bitboard(1) << sq
	p.byType[typ] |= bit
	p.byColor[color] |= bit
	p.board[sq] = uint8(typ | color<<3)
	p.key ^= zobristPiece[p.board[sq]][sq]
	p.psq.place(typ, color, sq, 1)
}

// Zobrist keys, indexed by board value (type | color<<3) and square, from a fixed seed.
var (
	zobristPiece [16][64]uint64
	zobristBlack uint64
)

func init() {
	keys := engine.KeySource(0x2545F4914F6CDD1D)
	for v := range zobristPiece {
		for sq := range zobristPiece[v] {
			zobristPiece[v][sq] = keys.Next()
		}
	}
	zobristBlack = keys.Next()
}

// Key is the Zobrist hash of the board and the side to move.
func (p *Position) Key() uint64 { return p.key }

func (p *Position) occupied() bitboard { return p.byColor[white] | p.byColor[black] }

func (p *Position) kingSquare(color int) int {
	return bits.TrailingZeros64(p.byType[king] & p.byColor[color])
}

// attackers returns the pieces of color by that attack sq, given the occupancy occ.
func (p *Position) attackers(sq int, by int, occ bitboard) bitboard {
	return p.byColor[by] & (knightAttacks[sq]&p.byType[horse] |
		kingAttacks[sq]&p.byType[king] |
		ferzAttacks[sq]&p.byType[mantri] |
		alfilAttacks[sq]&p.byType[gaja] |
		pawnAttacks[by^1][sq]&p.byType[pawn] |
		rookAttacks(sq, occ)&p.byType[ratha])
}

func (p *Position) inCheck() bool {
	us := int(p.side)
	return p.attackers(p.kingSquare(us), us^1, p.occupied()) != 0
}

// A Move packs from (bits 0-5), to (bits 6-11) and a promotion flag (bit 12).
const promoteFlag = 1 << 12

func newMove(from, to int) engine.Move { return engine.Move(from | to<<6) }

func moveFrom(m engine.Move) int { return int(m & 63) }

func moveTo(m engine.Move) int { return int(m>>6) & 63 }

func (p *Position) Variant() engine.Variant { return p.v }

func (p *Position) ToMove() int { return int(p.side) }

func squareName(sq int) string { return engine.SquareName(sq%8, sq/8) }

// validate checks what a FEN or setup cannot guarantee: one king each, pawns that could exist,
// and a side not to move that is not in check.
func (p *Position) validate() error {
	for c := white; c <= black; c++ {
		if n := popcount(p.byType[king] & p.byColor[c]); n != 1 {
			return engine.Positionf("board", "%s has %d kings, want 1", playerNames[c], n)
		}
	}
	if b := p.byType[pawn] & p.byColor[white] & rank8; b != 0 {
		return engine.Positionf("square "+squareName(trailing(b)), "a white pawn on rank 8 would have promoted")
	}
	if b := p.byType[pawn] & p.byColor[black] & rank1; b != 0 {
		return engine.Positionf("square "+squareName(trailing(b)), "a black pawn on rank 1 would have promoted")
	}
	them := int(p.side) ^ 1
	if p.attackers(p.kingSquare(them), them^1, p.occupied()) != 0 {
		return engine.Positionf("side", "%s is to move but %s's king is already in check", playerNames[p.side], playerNames[them])
	}
	return nil
}
