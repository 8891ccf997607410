package martianchess

import (
	"math/bits"

	"github.com/ashtapada/ashtapada/engine"
)

// rules are what an option set fixes for a whole game: the board and the seats.
type rules struct {
	variant *variant
	geo     *geometry
	players int
	teams   bool
	seats   []engine.PlayerInfo
}

// team is the team of a seat in team play: opposite corners (seats 0 and 2, 1 and 3) are partners.
func team(seat int) int { return seat & 1 }

var teamNames = [2]string{"south_west_north_east", "north_west_south_east"}

// clockEnd is the number of consecutive moves without a capture that ends a game once the clock
// is called.
const clockEnd = 7

// Position is a Martian Chess or Coaster Chess position, a plain value: copying it copies the game.
type Position struct {
	engine.Diceless
	rules *rules
	// pieces holds the squares of each kind; pieces have no colour.
	pieces [kinds]uint64
	// pile counts the pieces of each kind each seat has captured.
	pile [4][kinds]uint8
	side uint8
	// clock is -1 until someone calls the clock, then the moves without a capture since the call
	// or the last capture (the calling move counts).
	clock int8
	// The last move crossed a canal from rejectFrom to rejectTo (two players only): that piece
	// may not go straight back. -1 when there is no such move.
	rejectFrom, rejectTo int8
	move                 uint32
}

func (p *Position) occupied() uint64 { return p.pieces[pawn] | p.pieces[drone] | p.pieces[queen] }

// kindAt reads the kind on sq without branching: at most one of the bits is set, and the kinds
// are 1, 2 and 3.
func (p *Position) kindAt(sq int) int {
	return int(p.pieces[pawn]>>sq&1) | int(p.pieces[drone]>>sq&1)<<1 | int(p.pieces[queen]>>sq&1)*queen
}

// score is the pips a seat has captured.
func (p *Position) score(seat int) int {
	s := 0
	for k := pawn; k <= queen; k++ {
		s += k * int(p.pile[seat][k])
	}
	return s
}

// lastMover is the seat that moved last: the one before the side to move.
func (p *Position) lastMover() int {
	return (int(p.side) + p.rules.players - 1) % p.rules.players
}

// Move layout: from (bits 0-5), to (6-11), a clock call (bit 12), a pass (bit 13).
const (
	clockFlag = 1 << 12
	passMove  = engine.Move(1 << 13)
)

func newMove(from, to int) engine.Move { return engine.Move(from | to<<6) }
func moveFrom(m engine.Move) int       { return int(m & 63) }
func moveTo(m engine.Move) int         { return int(m>>6) & 63 }

// chainStep is one path of a geometry, grouped into chains: a path continues the chain of the
// path before it when it passes the same squares and that path's end too (one more square of a
// ray, say). Then it is open exactly when the one before is open and ends on an empty square, so a
// chain is walked until its first occupied end, and skipped whole when its first path is blocked.
type chainStep struct {
	via  uint64
	to   uint8
	next uint16 // the first path of the next chain
}

// chainTable holds every (kind, square)'s paths as chains, derived once from the geometry.
type chainTable [kinds][64][]chainStep

func (r *rules) chainTable() *chainTable {
	g := r.geo
	g.chainsOnce.Do(func() { g.chains = buildChains(g) })
	return g.chains
}

// Zobrist keys: pieces by kind and square, pile counts by seat and kind, the side to move, the
// clock, the barred way back, and the option set.
var (
	zobristPiece [kinds][64]uint64
	zobristPile  [4][kinds]uint64
	zobristSide  [4]uint64
	zobristClock [clockEnd + 2]uint64
	zobristBar   [64]uint64
	zobristRules [3]uint64
)

func init() {
	engine.FillKeys(0x6d61727469616e, // "martian"
		&zobristPiece, &zobristPile, &zobristSide, &zobristClock, &zobristBar, &zobristRules)
}

func (p *Position) Variant() engine.Variant { return p.rules.variant }

// Seats lists the position's players: two or four, by its options.
func (p *Position) Seats() []engine.PlayerInfo { return p.rules.seats }

// Key hashes everything that decides the legal actions and the outcome; the move number is left out.
func (p *Position) Key() uint64 {
	k := zobristSide[p.side] ^ zobristClock[p.clock+1]
	if p.rules.players == 4 {
		k ^= zobristRules[1]
		if p.rules.teams {
			k ^= zobristRules[2]
		}
	}
	for kind := pawn; kind <= queen; kind++ {
		for s := p.pieces[kind]; s != 0; s &= s - 1 {
			k ^= zobristPiece[kind][bits.TrailingZeros64(s)]
		}
	}
	for s := 0; s < p.rules.players; s++ {
		for kind := pawn; kind <= queen; kind++ {
			if c := p.pile[s][kind]; c != 0 {
				k ^= engine.Mix64(zobristPile[s][kind] + uint64(c))
			}
		}
	}
	if p.rejectTo >= 0 {
		k ^= zobristBar[p.rejectFrom] ^ engine.Mix64(zobristBar[p.rejectTo])
	}
	return k
}

func (p *Position) ToMove() int { return int(p.side) }
