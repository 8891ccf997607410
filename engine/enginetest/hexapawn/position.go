package hexapawn

import "github.com/ashtapada/ashtapada/engine"

// Colours, and the contents of a square.
const (
	white = 0
	black = 1
	empty = 2
)

const size = 3 // files and ranks

// Position is a Hexapawn position: a plain value, which copying copies.
type Position struct {
	engine.Diceless
	board [size * size]uint8 // square rank*3+file: white, black or empty
	side  uint8
	// key is the Zobrist hash of board and side, kept up to date by play.
	key uint64
}

// Zobrist keys by colour and square, and for black to move.
var (
	zobristPawn  [2][size * size]uint64
	zobristBlack [1]uint64
)

func init() { engine.FillKeys(0x6865786170617776, &zobristPawn, &zobristBlack) }

func (p *Position) Variant() engine.Variant { return Variant }

func (p *Position) ToMove() int { return int(p.side) }

// Key is the Zobrist hash of the board and the side to move.
func (p *Position) Key() uint64 { return p.key }

func (p *Position) put(sq int, color uint8) {
	p.board[sq] = color
	p.key ^= zobristPawn[color][sq]
}

func (p *Position) clear() {
	for i := range p.board {
		p.board[i] = empty
	}
}

// A Move packs from (bits 0-3) and to (bits 4-7).
func newMove(from, to int) engine.Move { return engine.Move(from | to<<4) }

func moveFrom(m engine.Move) int { return int(m & 15) }

func moveTo(m engine.Move) int { return int(m>>4) & 15 }

func squareName(sq int) string { return engine.SquareName(sq%size, sq/size) }

// forward is the rank step of a colour's pawns; lastRank the rank its pawns win on.
func forward(color uint8) int {
	if color == white {
		return 1
	}
	return -1
}

func lastRank(color uint8) int {
	if color == white {
		return size - 1
	}
	return 0
}

// count returns the pawns of a colour.
func (p *Position) count(color uint8) int {
	n := 0
	for _, c := range p.board {
		if c == color {
			n++
		}
	}
	return n
}

// onLastRank reports whether a pawn of color stands on its far rank.
func (p *Position) onLastRank(color uint8) bool {
	r := lastRank(color)
	for f := 0; f < size; f++ {
		if p.board[r*size+f] == color {
			return true
		}
	}
	return false
}

// validate checks what a text or structured position cannot guarantee: a position play could
// reach from some start of at most three pawns a side.
func (p *Position) validate() error {
	for c := uint8(white); c <= black; c++ {
		if n := p.count(c); n > size {
			return engine.Positionf("board", "%s has %d pawns, at most %d", playerNames[c], n, size)
		}
	}
	switch {
	case p.count(white) == 0 && p.count(black) == 0:
		return engine.Positionf("board", "no pawn is left: the game ended when the last pawn of one side was captured")
	case p.onLastRank(white) && p.onLastRank(black):
		return engine.Positionf("board", "pawns of both sides stand on their far ranks: the game ended when the first got there")
	case p.onLastRank(p.side):
		return engine.Positionf("side", "%s is to move, but one of its pawns already stands on the far rank: the game ended before", playerNames[p.side])
	case p.count(p.side^1) == 0:
		return engine.Positionf("side", "%s is to move, but %s, who moved last, has no pawn", playerNames[p.side], playerNames[p.side^1])
	}
	return nil
}
