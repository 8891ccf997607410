package martianchess

import (
	"math/bits"
	"sync"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/coaster"
)

// rules are what an option set fixes for a whole game: the board and the seats.
type rules struct {
	variant *variant
	geo     *geometry
	players int
	teams   bool
	seats   []engine.PlayerInfo

	chainsOnce sync.Once
	chains     *chainTable
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

func buildChains(g *geometry) *chainTable {
	t := new(chainTable)
	for k := pawn; k <= queen; k++ {
		for sq := 0; sq < g.squares(); sq++ {
			paths := g.paths[k][sq]
			steps := make([]chainStep, len(paths))
			for i, path := range paths {
				steps[i] = chainStep{via: path.Via, to: path.To}
			}
			for i := len(paths) - 1; i >= 0; i-- {
				steps[i].next = uint16(len(paths))
				if i+1 < len(paths) {
					if continues(paths[i], paths[i+1]) {
						steps[i].next = steps[i+1].next
					} else {
						steps[i].next = uint16(i + 1)
					}
				}
			}
			t[k][sq] = steps
		}
	}
	return t
}

// continues tells whether path b passes exactly a's squares and a's end.
func continues(a, b coaster.Path) bool { return b.Via == a.Via|1<<a.To }

func (r *rules) chainTable() *chainTable {
	r.chainsOnce.Do(func() { r.chains = buildChains(r.geo) })
	return r.chains
}

// reach is the set of squares the piece of kind k on sq can end on.
func (p *Position) reach(k, sq int, occ uint64) uint64 {
	return p.reachIn(&p.rules.chainTable()[k][sq], sq, occ)
}

func (p *Position) reachIn(steps *[]chainStep, sq int, occ uint64) uint64 {
	var out uint64
	s := *steps
	for i := 0; i < len(s); {
		if s[i].via&occ != 0 {
			i = int(s[i].next)
			continue
		}
		end := int(s[i].next)
		for ; i < end; i++ {
			out |= 1 << s[i].to
			if occ&(1<<s[i].to) != 0 {
				break
			}
		}
		i = end
	}
	if int(p.rejectTo) == sq {
		out &^= 1 << p.rejectFrom
	}
	return out
}

// Moves appends every legal action. It allocates nothing when buf has room.
func (p *Position) Moves(buf []engine.Move) []engine.Move {
	side := int(p.side)
	geo := p.rules.geo
	occ := p.occupied()
	if p.over(occ) {
		return buf
	}
	start := len(buf)
	own := occ & geo.zone[side]
	hasQueen, hasDrone := p.pieces[queen]&own != 0, p.pieces[drone]&own != 0
	tab := p.rules.chainTable()
	for k := pawn; k <= queen; k++ {
		for s := own & p.pieces[k]; s != 0; s &= s - 1 {
			from := bits.TrailingZeros64(s)
			for t := p.reachIn(&tab[k][from], from, occ); t != 0; t &= t - 1 {
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
	}
	if len(buf) == start {
		buf = append(buf, passMove)
	}
	return buf
}

// CountMoves counts the legal actions without listing them, for perft's last ply: the same
// count as len(Moves(nil)).
func (p *Position) CountMoves() uint64 {
	side := int(p.side)
	geo := p.rules.geo
	occ := p.occupied()
	if p.over(occ) {
		return 0
	}
	own := occ & geo.zone[side]
	hasQueen, hasDrone := p.pieces[queen]&own != 0, p.pieces[drone]&own != 0
	tab := p.rules.chainTable()
	n := 0
	for k := pawn; k <= queen; k++ {
		for s := own & p.pieces[k]; s != 0; s &= s - 1 {
			from := bits.TrailingZeros64(s)
			t := p.reachIn(&tab[k][from], from, occ)
			n += bits.OnesCount64(t &^ own)
			for m := t & own; m != 0; m &= m - 1 {
				if merged(k, p.kindAt(bits.TrailingZeros64(m)), hasQueen, hasDrone) != 0 {
					n++
				}
			}
		}
	}
	if n == 0 {
		return 1 // pass
	}
	if p.clock < 0 {
		n *= 2
	}
	return uint64(n)
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

// over is status without the reason, given the occupied squares.
func (p *Position) over(occ uint64) bool {
	z := &p.rules.geo.zone
	if occ&z[0] == 0 || occ&z[1] == 0 || p.rules.players == 4 && (occ&z[2] == 0 || occ&z[3] == 0) {
		return true
	}
	return p.clock >= clockEnd
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
