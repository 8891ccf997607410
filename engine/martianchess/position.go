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

func (p *Position) kindAt(sq int) int {
	for k := pawn; k <= queen; k++ {
		if p.pieces[k]&(1<<sq) != 0 {
			return k
		}
	}
	return 0
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

// merged is the piece a field promotion of a mover of kind k onto an own piece of kind t makes,
// or 0 when they may not merge: a queen from a drone and a pawn when the player has no queen, a
// drone from two pawns when he has no drone.
func merged(k, t int, hasQueen, hasDrone bool) int {
	switch {
	case k+t == pawn+drone && !hasQueen:
		return queen
	case k == pawn && t == pawn && !hasDrone:
		return drone
	}
	return 0
}

// reach is the set of squares the piece of kind k on sq can end on.
func (p *Position) reach(k, sq int, occ uint64) uint64 {
	var out uint64
	for _, path := range p.rules.geo.paths[k][sq] {
		if path.Via&occ == 0 {
			out |= 1 << path.To
		}
	}
	if int(p.rejectTo) == sq {
		out &^= 1 << p.rejectFrom
	}
	return out
}

// Moves appends every legal action. It allocates nothing when buf has room.
func (p *Position) Moves(buf []engine.Move) []engine.Move {
	if over, _ := p.status(); over {
		return buf
	}
	start := len(buf)
	side := int(p.side)
	geo := p.rules.geo
	occ := p.occupied()
	own := occ & geo.zone[side]
	hasQueen, hasDrone := p.pieces[queen]&own != 0, p.pieces[drone]&own != 0
	for s := own; s != 0; s &= s - 1 {
		from := bits.TrailingZeros64(s)
		k := p.kindAt(from)
		for t := p.reach(k, from, occ); t != 0; t &= t - 1 {
			to := bits.TrailingZeros64(t)
			if own&(1<<to) != 0 && merged(k, p.kindAt(to), hasQueen, hasDrone) == 0 {
				continue
			}
			buf = append(buf, newMove(from, to))
			if p.clock < 0 {
				buf = append(buf, newMove(from, to)|clockFlag)
			}
		}
	}
	if len(buf) == start {
		buf = append(buf, passMove)
	}
	return buf
}

// apply writes into dst the position after the legal action m.
func (p *Position) apply(m engine.Move, dst *Position) {
	*dst = *p
	side := int(p.side)
	dst.rejectFrom, dst.rejectTo = -1, -1
	capture := false
	if m != passMove {
		geo := p.rules.geo
		from, to := moveFrom(m), moveTo(m)
		k, t := p.kindAt(from), p.kindAt(to)
		dst.pieces[k] &^= 1 << from
		landing := k
		if t != 0 {
			dst.pieces[t] &^= 1 << to
			if geo.zoneOf[to] == int8(side) {
				own := p.occupied() & geo.zone[side]
				landing = merged(k, t, p.pieces[queen]&own != 0, p.pieces[drone]&own != 0)
			} else {
				capture = true
				dst.pile[side][t]++
			}
		}
		dst.pieces[landing] |= 1 << to
		if p.rules.players == 2 && geo.zoneOf[from] != geo.zoneOf[to] {
			dst.rejectFrom, dst.rejectTo = int8(from), int8(to)
		}
	}
	switch {
	case m&clockFlag != 0 || p.clock >= 0 && capture:
		dst.clock = 1
		if capture {
			dst.clock = 0
		}
	case p.clock >= 0 && dst.clock < clockEnd:
		dst.clock++
	}
	dst.side = uint8((side + 1) % p.rules.players)
	if dst.side == 0 && dst.move < engine.MaxCounter {
		dst.move++
	}
}

// status reports whether the game is over: a zone is empty, or the clock has run out.
func (p *Position) status() (over bool, reason string) {
	occ := p.occupied()
	for z := 0; z < p.rules.players; z++ {
		if occ&p.rules.geo.zone[z] == 0 {
			return true, "zone_empty"
		}
	}
	if p.clock >= clockEnd {
		return true, "clock"
	}
	return false, ""
}

// standings writes each seat's (or, in team play, each seat's team's) points, and returns the
// winners as a set of seats: the leaders, narrowed to the last mover (or his team) when the game
// ended by an empty zone and he is among them. No winners is a draw.
func (p *Position) standings(points *[4]int) (winners uint8) {
	n := p.rules.players
	for s := 0; s < n; s++ {
		points[s] = p.score(s)
	}
	if p.rules.teams {
		t0, t1 := points[0]+points[2], points[1]+points[3]
		points[0], points[2], points[1], points[3] = t0, t0, t1, t1
	}
	best := points[0]
	for s := 1; s < n; s++ {
		best = max(best, points[s])
	}
	var leaders uint8
	for s := 0; s < n; s++ {
		if points[s] == best {
			leaders |= 1 << s
		}
	}
	_, reason := p.status()
	last := p.lastMover()
	if reason == "zone_empty" && leaders&(1<<last) != 0 {
		leaders = 1 << last
		if p.rules.teams {
			leaders |= 1 << ((last + 2) % 4)
		}
	}
	if leaders == 1<<n-1 {
		return 0
	}
	return leaders
}

// places writes each seat's place (1 first, shared on equal results) given the winners.
func (p *Position) places(points *[4]int, winners uint8, place *[4]int) {
	n := p.rules.players
	for s := 0; s < n; s++ {
		if winners == 0 || winners&(1<<s) != 0 {
			place[s] = 1
			continue
		}
		place[s] = 1 + bits.OnesCount8(winners)
		for o := 0; o < n; o++ {
			if winners&(1<<o) == 0 && points[o] > points[s] {
				place[s]++
			}
		}
	}
}
