package martianchess

import (
	"math/bits"

	"github.com/ashtapada/ashtapada/engine"
)

// whyIllegal explains why a well-formed action is not legal here, in a player's words.
func (p *Position) whyIllegal(m engine.Move) string {
	g := p.rules.geo
	side := int(p.side)
	me := p.rules.seats[side].Name
	if m == passMove {
		return me + " has a move, and may pass only without one"
	}
	from, to := moveFrom(m), moveTo(m)
	name := func(sq int) string { return squareName(g, sq) }
	occ := p.occupied()
	k := p.kindAt(from)
	switch {
	case k == 0:
		return "there is no piece on " + name(from)
	case int(g.zoneOf[from]) != side:
		return "the " + kindNames[k] + " on " + name(from) + " stands in the zone of " + p.rules.seats[g.zoneOf[from]].Name +
			": " + me + " moves only the pieces in " + me + "'s zone"
	case m&clockFlag != 0 && p.clock >= 0:
		return "the clock has been called already; write the move without +clock"
	case from == to:
		return "a move must leave its square"
	}
	if from == int(p.rejectTo) && to == int(p.rejectFrom) {
		return "the " + kindNames[k] + " just crossed from " + name(to) + " to " + name(from) + " and may not go straight back"
	}
	if p.reach(k, from, occ)&(1<<to) == 0 {
		if p.reach(k, from, 0)&(1<<to) != 0 {
			return "the " + kindNames[k] + " on " + name(from) + " cannot get to " + name(to) + " without passing " + p.blocker(k, from, to, occ)
		}
		if g.board.Connections != nil {
			return "the " + kindNames[k] + " on " + name(from) + " cannot reach " + name(to) + " along the arrows in " + stepsText[k]
		}
		return "a " + kindNames[k] + " cannot move from " + name(from) + " to " + name(to) + ": it " + movesText[k]
	}
	t := p.kindAt(to)
	own := occ & g.zone[side]
	switch {
	case t == 0 || own&(1<<to) == 0:
		return "not a legal action in this position"
	case k+t == pawn+drone && p.pieces[queen]&own != 0:
		return "a " + kindNames[k] + " and a " + kindNames[t] + " merge into a queen only when " + me + " has no queen"
	case k == pawn && t == pawn && p.pieces[drone]&own != 0:
		return "two pawns merge into a drone only when " + me + " has no drone"
	}
	return "the " + kindNames[t] + " on " + name(to) + " is in " + me + "'s own zone: only a field promotion (pawn and drone into a queen, two pawns into a drone) may land there"
}

var (
	movesText = [kinds]string{pawn: "steps one square diagonally", drone: "slides one or two squares orthogonally",
		queen: "slides any distance orthogonally or diagonally"}
	stepsText = [kinds]string{pawn: "one step", drone: "up to two steps", queen: "up to three steps"}
)

// blocker names the occupied squares that stand on every way from from to to.
func (p *Position) blocker(k, from, to int, occ uint64) string {
	common := ^uint64(0)
	for _, path := range p.rules.geo.paths[k][from] {
		if int(path.To) == to {
			common &= path.Via & occ
		}
	}
	if common == 0 {
		return "occupied squares"
	}
	return squareName(p.rules.geo, bits.TrailingZeros64(common))
}
