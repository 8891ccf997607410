package chaturanga

// whyIllegal explains why from-to is not among the legal moves.
func (p *Position) whyIllegal(from, to int) string {
	us := int(p.side)
	typ, color, ok := p.pieceAt(from)
	switch {
	case !ok:
		return "there is no piece on " + squareName(from)
	case color != us:
		return "the " + kindNames[typ] + " on " + squareName(from) + " belongs to " + playerNames[color] + ", and " + playerNames[us] + " is to move"
	}
	if _, c, ok := p.pieceAt(to); ok && c == us {
		return squareName(to) + " holds a piece of " + playerNames[us] + "'s own"
	}
	occ := p.occupied()
	reach := pieceAttacks(typ, from, occ)
	if typ == pawn {
		reach = pawnAttacks[us][from] & p.byColor[us^1]
		if us == white {
			reach |= (1 << from << 8) &^ occ
		} else {
			reach |= (1 << from >> 8) &^ occ
		}
	}
	if reach&(1<<to) == 0 {
		return "a " + kindNames[typ] + " on " + squareName(from) + " cannot move to " + squareName(to)
	}
	return "it would leave " + playerNames[us] + "'s king in check"
}
