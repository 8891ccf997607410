package martian

import (
	"math/bits"

	"github.com/ashtapada/ashtapada/engine"
)

// Precomputed geometry. Masks have bit sq for square sq (rank*5 + file).
var (
	knightMask [size * size]uint32
	rays       [size * size][8][]int8 // 0-3 orthogonal, 4-7 diagonal, nearest square first
	flights    [size * size][]flight  // the raven's two-square diagonal flights
	// squireStep is the square straight ahead of a player's squire, squireTakes the two forward
	// diagonals it captures on.
	squireStep  [2][size * size]uint32
	squireTakes [2][size * size]uint32
	// rankMask holds the squares of each rank.
	rankMask    [size]uint32
	rightsMask  [size * size]uint8 // rights lost by a move from or to a square, per player
	rightsOwner [size * size]int8
)

type flight struct{ over, to int8 }

func init() {
	dirs := [8][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, 1}, {-1, -1}, {1, -1}}
	on := func(f, r int) bool { return f >= 0 && f < size && r >= 0 && r < size }
	bit := func(f, r int) uint32 { return 1 << (r*size + f) }
	for sq := 0; sq < size*size; sq++ {
		f, r := sq%size, sq/size
		rankMask[r] |= bit(f, r)
		for _, d := range [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
			if on(f+d[0], r+d[1]) {
				knightMask[sq] |= bit(f+d[0], r+d[1])
			}
		}
		for i, d := range dirs {
			for nf, nr := f+d[0], r+d[1]; on(nf, nr); nf, nr = nf+d[0], nr+d[1] {
				rays[sq][i] = append(rays[sq][i], int8(nr*size+nf))
			}
			if i >= 4 && on(f+2*d[0], r+2*d[1]) {
				flights[sq] = append(flights[sq], flight{int8((r+d[1])*size + f + d[0]), int8((r+2*d[1])*size + f + 2*d[0])})
			}
		}
		for pl, dr := range [2]int{1, -1} {
			if on(f, r+dr) {
				squireStep[pl][sq] = bit(f, r+dr)
			}
			for _, df := range [2]int{-1, 1} {
				if on(f+df, r+dr) {
					squireTakes[pl][sq] |= bit(f+df, r+dr)
				}
			}
		}
		rightsOwner[sq] = -1
	}
	for pl, rank := range []int{0, size - 1} {
		rightsOwner[rank*size] = int8(pl)
		rightsMask[rank*size] = rightA
		rightsOwner[rank*size+4] = int8(pl)
		rightsMask[rank*size+4] = rightE
		rightsOwner[rank*size+2] = int8(pl)
		rightsMask[rank*size+2] = rightA | rightE
	}
}

// Moves appends the legal actions: in the roll phase, the ten distinct rolls.
func (p *Position) Moves(buf []engine.Move) []engine.Move {
	switch p.Phase() {
	case engine.PhaseRoll:
		return append(buf, rollOutcomes[:]...)
	case engine.PhaseAction:
		return p.generate(buf)
	}
	return buf
}

// CountMoves is the number of legal actions, counted without listing them (perft's last ply).
func (p *Position) CountMoves() uint64 {
	switch p.Phase() {
	case engine.PhaseRoll:
		return uint64(len(rollOutcomes))
	case engine.PhaseAction:
		return p.countActions()
	}
	return 0
}

// movable returns the squares of the mover's pieces that an unused die allows to move.
func (p *Position) movable() uint32 {
	var kindsAllowed uint32
	for _, d := range p.dice {
		if !d.used && d.means != 0 {
			kindsAllowed |= p.byKind[d.means]
		}
	}
	return kindsAllowed & p.occ[p.side]
}

// promotions counts the kinds a squire of player us may promote to: the ones he has lost.
func (p *Position) promotions(us int) int {
	n := 0
	for k := paladin; k <= raven; k++ {
		if p.lost[us][k] > 0 {
			n++
		}
	}
	return n
}

// generate appends the legal actions of an action-phase position. An action does not name its
// die, so a double lists each move once.
func (p *Position) generate(buf []engine.Move) []engine.Move {
	us := int(p.side)
	for pieces := p.movable(); pieces != 0; pieces &= pieces - 1 {
		from := bits.TrailingZeros32(pieces)
		kind := cellKind(p.board[from])
		t := p.targets(from, kind, us)
		for ts := t; ts != 0; ts &= ts - 1 {
			buf = append(buf, newMove(from, bits.TrailingZeros32(ts), 0))
		}
		if kind == squire {
			// A squire reaching the far row may instead come back as a piece its player lost.
			for ts := t & rankMask[lastRank(us)]; ts != 0; ts &= ts - 1 {
				for k := paladin; k <= raven; k++ {
					if p.lost[us][k] > 0 {
						buf = append(buf, newMove(from, bits.TrailingZeros32(ts), k))
					}
				}
			}
		}
	}
	for sides := p.garrisonSides(); sides != 0; sides &= sides - 1 {
		r, _, m := garrisonSquares(us, bits.TrailingZeros8(sides))
		buf = append(buf, garrisonMove(m, r))
	}
	return append(buf, endMove)
}

// countActions is len(generate(nil)) without the list.
func (p *Position) countActions() uint64 {
	us := int(p.side)
	n := 1 + bits.OnesCount8(p.garrisonSides()) // end, garrisons
	for pieces := p.movable(); pieces != 0; pieces &= pieces - 1 {
		from := bits.TrailingZeros32(pieces)
		kind := cellKind(p.board[from])
		t := p.targets(from, kind, us)
		n += bits.OnesCount32(t)
		if kind == squire {
			n += bits.OnesCount32(t&rankMask[lastRank(us)]) * p.promotions(us)
		}
	}
	return uint64(n)
}

// targets returns the squares a piece of player us of the given kind on from may move to: empty
// squares and enemy pieces other than keeps, reached by the kind's movement.
func (p *Position) targets(from, kind, us int) uint32 {
	occ := p.occ[light] | p.occ[dark]
	land := boardMask &^ (p.occ[us] | p.byKind[keep])
	switch kind {
	case monarch:
		return p.slides(from, 0, 8, occ) & land
	case paladin:
		return (knightMask[from] | p.slides(from, 4, 8, occ)) & land
	case raven:
		t := p.slides(from, 0, 4, occ)
		enemyKeeps := p.byKind[keep] & p.occ[us^1]
		for _, fl := range flights[from] {
			if enemyKeeps&(1<<fl.over) == 0 { // never over an enemy keep
				t |= 1 << fl.to
			}
		}
		return t & land
	case squire:
		return squireStep[us][from]&^occ | squireTakes[us][from]&p.occ[us^1]&land
	}
	return 0
}

// slides returns the squares along rays firstDir to lastDir-1 from from, each up to and including
// the first occupied square.
func (p *Position) slides(from, firstDir, lastDir int, occ uint32) uint32 {
	var t uint32
	for d := firstDir; d < lastDir; d++ {
		for _, to := range rays[from][d] {
			t |= 1 << to
			if occ&(1<<to) != 0 {
				break
			}
		}
	}
	return t
}

// garrisonSides returns the sides (bit 0: a-file, bit 1: e-file) on which the mover may garrison:
// a rolled 1 and 3 both unused, the right kept, the monarch and raven home and the square between
// them empty.
func (p *Position) garrisonSides() uint8 {
	d := p.dice
	if d[0].used || d[1].used || d[0].rolled+d[1].rolled != 4 || d[0].rolled == 2 {
		return 0
	}
	us := int(p.side)
	var sides uint8
	for side := 0; side < 2; side++ {
		if p.rights[us]&(1<<side) == 0 {
			continue
		}
		r, between, m := garrisonSquares(us, side)
		if p.board[between] == 0 && p.board[r] == pieceCell(raven, us) && p.board[m] == pieceCell(monarch, us) {
			sides |= 1 << side
		}
	}
	return sides
}
