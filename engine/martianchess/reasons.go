package martianchess

import (
	"strings"

	"github.com/ashtapada/ashtapada/engine"
)

// fallbackReason is said only if the rules and this file disagree: every illegal well-formed
// action should get a specific reason (reasons_test.go checks it).
const fallbackReason = "not a legal action in this position"

// whyIllegal explains why a well-formed action is not legal here, in a player's words.
func (p *Position) whyIllegal(m engine.Move) string {
	if m == passMove {
		return p.rules.seats[p.side].Name + " has a move, and may pass only without one"
	}
	from, to := moveFrom(m), moveTo(m)
	if why := p.whyNotThisPiece(m, from, to); why != "" {
		return why
	}
	g := p.rules.geo
	k, occ := p.kindAt(from), p.occupied()
	if from == int(p.rejectTo) && to == int(p.rejectFrom) {
		return "the " + kindNames[k] + " just crossed from " + squareName(g, to) + " to " + squareName(g, from) + " and may not go straight back"
	}
	if p.reach(k, from, occ)&(1<<to) == 0 {
		return p.whyUnreachable(k, from, to, occ)
	}
	return p.whyNoMerge(k, to, occ)
}

// whyNotThisPiece explains a move the mover may not make whatever the board: no piece, another
// seat's piece, a second clock call, a move that stays; or it says nothing.
func (p *Position) whyNotThisPiece(m engine.Move, from, to int) string {
	g := p.rules.geo
	side := int(p.side)
	me := p.rules.seats[side].Name
	k := p.kindAt(from)
	switch {
	case k == 0:
		return "there is no piece on " + squareName(g, from)
	case int(g.zoneOf[from]) != side:
		return "the " + kindNames[k] + " on " + squareName(g, from) + " stands in the zone of " + p.rules.seats[g.zoneOf[from]].Name +
			": " + me + " moves only the pieces in " + me + "'s zone"
	case m&clockFlag != 0 && p.clock >= 0:
		return "the clock has been called already; write the move without +clock"
	case from == to:
		return "a move must leave its square"
	}
	return ""
}

// whyUnreachable explains a move the piece's kind cannot make from its square: blocked, or not
// its way of moving at all.
func (p *Position) whyUnreachable(k, from, to int, occ uint64) string {
	g := p.rules.geo
	name := func(sq int) string { return squareName(g, sq) }
	if p.reach(k, from, 0)&(1<<to) != 0 {
		return p.blocked(k, from, to, occ)
	}
	if g.board.Connections == nil {
		return "a " + kindNames[k] + " cannot move from " + name(from) + " to " + name(to) + ": it " + movesText[k]
	}
	// Coasters: a neighbour the arrows do not lead to is the usual surprise, so say so.
	if df, dr := abs(from%g.files-to%g.files), abs(from/g.files-to/g.files); df+dr == 1 {
		return "no arrow leads from " + name(from) + " to " + name(to) + ", and the " + kindNames[k] +
			" cannot reach " + name(to) + " along the arrows in " + stepsText[k]
	}
	return "the " + kindNames[k] + " on " + name(from) + " cannot reach " + name(to) + " along the arrows in " + stepsText[k]
}

// whyNoMerge explains a piece of kind k that reaches an own piece on to and may not merge with it.
func (p *Position) whyNoMerge(k, to int, occ uint64) string {
	side := int(p.side)
	me := p.rules.seats[side].Name
	t := p.kindAt(to)
	if t == 0 || occ&p.rules.geo.zone[side]&(1<<to) == 0 {
		return fallbackReason
	}
	here := "the " + kindNames[t] + " on " + squareName(p.rules.geo, to) + " in " + me + "'s own zone"
	switch {
	case k == queen || t == queen:
		return "the " + kindNames[k] + " may not land on " + here + ": a queen never merges"
	case k == drone && t == drone:
		return "the drone may not land on " + here + ": two drones never merge"
	case k+t == pawn+drone:
		return "a " + kindNames[k] + " and a " + kindNames[t] + " merge into a queen only when " + me + " has no queen"
	case k == pawn && t == pawn:
		return "two pawns merge into a drone only when " + me + " has no drone"
	}
	return fallbackReason
}

var (
	movesText = [kinds]string{pawn: "steps one square diagonally", drone: "slides one or two squares orthogonally",
		queen: "slides any distance orthogonally or diagonally"}
	stepsText = [kinds]string{pawn: "one step", drone: "up to two steps", queen: "up to three steps"}
)

// blocked explains a move that the piece could make on an empty board: it names the pieces in
// the way, the nearest first. On the grid there is one way; on the coasters the squares named
// are those on every way, or else every square blocking some way.
func (p *Position) blocked(k, from, to int, occ uint64) string {
	g := p.rules.geo
	common, any := ^uint64(0), uint64(0)
	for _, path := range g.paths[k][from] {
		if int(path.To) == to {
			common &= path.Via & occ
			any |= path.Via & occ
		}
	}
	what, toName := "the "+kindNames[k], squareName(g, to)
	if common != 0 {
		sq := p.nearest(from, common)
		return what + " cannot jump over " + squareName(g, sq) + " to reach " + toName
	}
	var names []string
	for rest := any; rest != 0; {
		sq := p.nearest(from, rest)
		rest &^= 1 << sq
		names = append(names, squareName(g, sq))
	}
	return what + " cannot jump over " + strings.Join(names, " or ") + ": every way from " + squareName(g, from) +
		" to " + toName + " passes one of them"
}

// nearest returns the square of set closest to from (fewest files plus ranks away, then lowest).
func (p *Position) nearest(from int, set uint64) int {
	g := p.rules.geo
	best, bestD := -1, 0
	for sq := 0; sq < g.squares(); sq++ {
		if set&(1<<sq) == 0 {
			continue
		}
		d := abs(sq%g.files-from%g.files) + abs(sq/g.files-from/g.files)
		if best < 0 || d < bestD {
			best, bestD = sq, d
		}
	}
	return best
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
