package martian

import (
	"math/bits"

	"github.com/ashtapada/ashtapada/engine"
)

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
func (p *Position) movable() uint64 {
	var kindsAllowed uint64
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
	occ, foes := p.occupied(), p.foes(us)
	for pieces := p.movable(); pieces != 0; pieces &= pieces - 1 {
		from := bits.TrailingZeros64(pieces)
		kind := cellKind(p.board[from])
		t := p.targetsAmong(from, kind, us, occ, foes)
		for ts := t; ts != 0; ts &= ts - 1 {
			buf = append(buf, newMove(from, bits.TrailingZeros64(ts), 0))
		}
		if kind == squire {
			// A squire reaching the far edge may instead come back as a piece its player lost.
			for ts := t & p.g.farEdge[us]; ts != 0; ts &= ts - 1 {
				for k := paladin; k <= raven; k++ {
					if p.lost[us][k] > 0 {
						buf = append(buf, newMove(from, bits.TrailingZeros64(ts), k))
					}
				}
			}
		}
	}
	for sides := p.garrisonSides(); sides != 0; sides &= sides - 1 {
		gs := p.g.garrisons[us][bits.TrailingZeros8(sides)]
		buf = append(buf, garrisonMove(gs.monarch, gs.raven))
	}
	return append(buf, endMove)
}

// countActions is len(generate(nil)) without the list.
func (p *Position) countActions() uint64 {
	us := int(p.side)
	n := 1 + bits.OnesCount8(p.garrisonSides()) // end, garrisons
	occ, foes := p.occupied(), p.foes(us)
	for pieces := p.movable(); pieces != 0; pieces &= pieces - 1 {
		from := bits.TrailingZeros64(pieces)
		kind := cellKind(p.board[from])
		t := p.targetsAmong(from, kind, us, occ, foes)
		n += bits.OnesCount64(t)
		if kind == squire {
			n += bits.OnesCount64(t&p.g.farEdge[us]) * p.promotions(us)
		}
	}
	return uint64(n)
}

// targets returns the squares a piece of player us of the given kind on from may move to: empty
// squares and the pieces of the other side other than keeps, reached by the kind's movement.
func (p *Position) targets(from, kind, us int) uint64 {
	return p.targetsAmong(from, kind, us, p.occupied(), p.foes(us))
}

// targetsAmong is targets given every piece's squares (occ) and those of us's opponents (foes).
func (p *Position) targetsAmong(from, kind, us int, occ, foes uint64) uint64 {
	g := p.g
	land := g.boardMask &^ (occ&^foes | p.byKind[keep])
	switch kind {
	case monarch:
		return p.slides(from, 0, 8, occ) & land
	case paladin:
		return (g.knight[from] | p.slides(from, 4, 8, occ)) & land
	case raven:
		t := p.slides(from, 0, 4, occ)
		enemyKeeps := p.byKind[keep] & foes
		for _, fl := range g.flights[from] {
			if enemyKeeps&(1<<fl.over) == 0 { // never over an enemy keep
				t |= 1 << fl.to
			}
		}
		return t & land
	case squire:
		return g.squireStep[us][from]&^occ | g.squireTakes[us][from]&foes&land
	}
	return 0
}

// slides returns the squares along rays firstDir to lastDir-1 from from, each up to and including
// the first occupied square: the ray, less the ray beyond its nearest blocker.
func (p *Position) slides(from, firstDir, lastDir int, occ uint64) uint64 {
	var t uint64
	rays := &p.g.rays
	for d := firstDir; d < lastDir; d++ {
		ray := rays[from][d]
		if blockers := ray & occ; blockers != 0 {
			nearest := bits.TrailingZeros64(blockers)
			if rayUp&(1<<d) == 0 {
				nearest = 63 - bits.LeadingZeros64(blockers)
			}
			ray &^= rays[nearest][d]
		}
		t |= ray
	}
	return t
}

// garrisonSides returns the garrisons (bit i: geometry.garrisons[mover][i]) the mover may make:
// a rolled 1 and 3 both unused, the right kept, the monarch and raven home and the square between
// them empty.
func (p *Position) garrisonSides() uint8 {
	d := p.dice
	if d[0].used || d[1].used || d[0].rolled+d[1].rolled != 4 || d[0].rolled == 2 {
		return 0
	}
	us := int(p.side)
	var sides uint8
	for side, gs := range p.g.garrisons[us] {
		if p.rights&(1<<(us*2+side)) == 0 {
			continue
		}
		if p.board[gs.between] == 0 && p.board[gs.raven] == pieceCell(raven, us) && p.board[gs.monarch] == pieceCell(monarch, us) {
			sides |= 1 << side
		}
	}
	return sides
}
