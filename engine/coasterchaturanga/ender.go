package coasterchaturanga

// MayEnd reports whether some action of the seat to move might end the game (search.Ender): a
// game ends when a seat begins its turn with no piece of its colour on the board, and one action
// takes at most one piece off the board or gives the seats other colours, so some colour must be
// down to one piece on the board or none; or the turn limit is one turn away.
func (p *Position) MayEnd() bool {
	if p.over {
		return false
	}
	if p.rules.maxTurns > 0 && p.turns+1 >= uint32(seats*p.rules.maxTurns) {
		return true
	}
	on := p.onBoard()
	return min(on[0], on[1], on[2], on[3]) <= 1
}
