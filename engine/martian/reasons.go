package martian

import "github.com/ashtapada/ashtapada/engine"

// whyIllegal explains why a well-formed action is not legal here.
func (p *Position) whyIllegal(m engine.Move) string {
	us := int(p.side)
	switch moveAct(m) {
	case actRoll:
		return "the dice are already rolled this turn"
	case actEnd:
		return "the dice must be rolled before the turn can end"
	}
	if !p.rolled() {
		return "roll the dice first"
	}
	g := p.g
	from, to := moveFrom(m), moveTo(m)
	c := p.board[from]
	switch {
	case c == 0:
		return "there is no piece on " + g.squareName(from)
	case cellPlayer(c) != us:
		return "the piece on " + g.squareName(from) + " belongs to " + g.names[cellPlayer(c)]
	case cellKind(c) == keep:
		return g.keepName + "s never move"
	case moveAct(m) == actGarrison:
		return "the garrison needs a rolled 1 and 3 both unused, an unmoved monarch and raven, and an empty square between them"
	}
	kind := cellKind(c)
	allowed := false
	for _, d := range p.dice {
		allowed = allowed || (!d.used && int(d.means) == kind)
	}
	if !allowed {
		return "no unused die allows the " + kindNames[kind] + " to move"
	}
	if pr := movePromo(m); pr != 0 {
		if kind != squire || g.farEdge[us]&(1<<to) == 0 {
			return "only a squire reaching its far edge promotes"
		}
		if pr == monarch {
			return "a squire never promotes to a monarch"
		}
		return "a squire promotes only to a piece the player has had captured, and " + kindNames[pr] + " is not among them"
	}
	if t := p.board[to]; t != 0 && cellKind(t) == keep {
		return "no piece may land on a " + g.keepName
	}
	if t := p.board[to]; t != 0 && g.team[cellPlayer(t)] == g.team[us] && cellPlayer(t) != us {
		return "the piece on " + g.squareName(to) + " is your partner's"
	}
	return "a " + kindNames[kind] + " on " + g.squareName(from) + " cannot move to " + g.squareName(to)
}
