package hexapawn

// whyIllegal explains why from-to is not among the legal moves.
func (p *Position) whyIllegal(from, to int) string {
	us := p.side
	switch c := p.board[from]; {
	case c == empty:
		return "there is no pawn on " + squareName(from)
	case c != us:
		return "the pawn on " + squareName(from) + " belongs to " + playerNames[c] + ", and " + playerNames[us] + " is to move"
	}
	df, dr := to%size-from%size, to/size-from/size
	switch {
	case dr != forward(us) || df < -1 || df > 1:
		return "a pawn moves one step forward, or one step diagonally forward to capture"
	case df == 0:
		return squareName(to) + " is not empty: a pawn captures diagonally, not straight ahead"
	case p.board[to] == us:
		return squareName(to) + " holds a pawn of " + playerNames[us] + "'s own"
	}
	return "a pawn moves diagonally only to capture, and " + squareName(to) + " is empty"
}
