package martianchess

import (
	"math/bits"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/coaster"
)

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
