package coasterchaturanga

import (
	"math/bits"

	"github.com/ashtapada/ashtapada/engine"
)

// Moves appends every legal action: the six faces at a roll, else the turn's choices. It
// allocates nothing when buf has room.
func (p *Position) Moves(buf []engine.Move) []engine.Move {
	if p.over {
		return buf
	}
	if p.face == faceNone {
		for f := faceAim; f <= faceWild; f++ {
			buf = append(buf, mv(actRoll, f, 0))
		}
		return buf
	}
	start := len(buf)
	if p.must != mustNone && !p.moveDone {
		if buf = p.compulsory(buf); len(buf) > start {
			return buf
		}
	}
	buf = p.choices(buf)
	switch {
	case len(buf) == start && !p.moveDone && !p.dieDone:
		buf = append(buf, mv(actPass, 0, 0))
	case len(buf) == start:
		buf = append(buf, mv(actEnd, 0, 0))
	case (p.moveDone || p.dieDone) && !p.digOwed():
		buf = append(buf, mv(actEnd, 0, 0))
	}
	return buf
}

// choices appends the moves and die actions still open, without end or pass.
func (p *Position) choices(buf []engine.Move) []engine.Move {
	seat := int(p.seat)
	if p.face == faceDig && !p.dieDone && !p.moveDone {
		// A rolled DIG, when possible, comes before the normal move (the seed: "This must be done
		// before the normal move"); only a compulsory clearing or re-entry at the start of the
		// turn precedes it, and then the DIG is still owed after that move.
		if dug := p.digs(buf, seat); len(dug) > len(buf) {
			return dug
		}
	}
	if !p.moveDone {
		buf = p.moves(buf, seat)
	}
	if p.dieDone {
		return buf
	}
	switch p.face {
	case faceAim:
		buf = turns(buf, actAim)
	case faceTip:
		buf = turns(buf, actTip)
	case faceSwap:
		buf = swaps(buf)
	case faceHop:
		buf = p.hops(buf, seat)
	case faceDig:
		buf = p.digs(buf, seat)
	case faceWild:
		buf = turns(buf, actAim)
		buf = turns(buf, actTip)
		buf = swaps(buf)
		buf = p.hops(buf, seat)
		if p.moveDone {
			buf = p.moves(buf, seat)
		} else {
			buf = p.digs(buf, seat)
		}
	}
	return buf
}

// digOwed reports a rolled DIG still to be made: it is compulsory when possible.
func (p *Position) digOwed() bool {
	return p.face == faceDig && !p.dieDone && p.hasDig(int(p.seat))
}

func turns(buf []engine.Move, act int) []engine.Move {
	for k := 1; k <= 3; k++ {
		buf = append(buf, mv(act, k, 0))
	}
	return buf
}

func swaps(buf []engine.Move) []engine.Move {
	for a := 0; a < 4; a++ {
		for b := a + 1; b < 4; b++ {
			buf = append(buf, mv(actSwap, a|b<<2, 0))
		}
	}
	return buf
}

// moves appends the seat's moves along the arrows and its re-entries.
func (p *Position) moves(buf []engine.Move, seat int) []engine.Move {
	occ := p.occupied()
	for pc := 0; pc < pieces; pc++ {
		from := int(p.loc[pc])
		if from >= squares || !p.mayMove(seat, pc) {
			continue
		}
		for t := p.reach(seat, pc, occ); t != 0; t &= t - 1 {
			buf = append(buf, mv(actMove, from, bits.TrailingZeros64(t)))
		}
	}
	if p.board[p.portalOf(seat)] == 0 {
		for pc := 0; pc < pieces; pc++ {
			if int(p.loc[pc]) == heldBy+seat {
				buf = append(buf, mv(actEnter, pc, 0))
			}
		}
	}
	return buf
}

// compulsory appends the compulsory moves of the turn: clearing the portal, or re-entering.
func (p *Position) compulsory(buf []engine.Move) []engine.Move {
	seat := int(p.seat)
	portal := p.portalOf(seat)
	switch p.must {
	case mustClear:
		pc := p.pieceOn(portal)
		if pc < 0 || !p.mayMove(seat, pc) {
			return buf
		}
		for t := p.reach(seat, pc, p.occupied()); t != 0; t &= t - 1 {
			buf = append(buf, mv(actMove, portal, bits.TrailingZeros64(t)))
		}
	case mustEnter:
		if p.board[portal] != 0 {
			return buf
		}
		for pc := 0; pc < pieces; pc++ {
			if int(p.loc[pc]) != heldBy+seat {
				continue
			}
			if p.mustPiece >= 0 && pc == int(p.mustPiece) || p.mustPiece < 0 && pieceColour(pc) == p.colourOf(seat) {
				buf = append(buf, mv(actEnter, pc, 0))
			}
		}
	}
	return buf
}

// hops appends HOP: a piece the seat may move, with a legal move now, onto an empty portal.
func (p *Position) hops(buf []engine.Move, seat int) []engine.Move {
	occ := p.occupied()
	for pc := 0; pc < pieces; pc++ {
		if !p.hopper(seat, pc) || !p.canReach(seat, pc, occ) {
			continue
		}
		from := int(p.loc[pc])
		for _, t := range portals {
			if t != from && p.board[t] == 0 {
				buf = append(buf, mv(actHop, from, t))
			}
		}
	}
	return buf
}

// hopper reports whether HOP may take piece pc, if it has a legal move now (canReach): it stands
// on the board and the seat may move it.
func (p *Position) hopper(seat, pc int) bool {
	return int(p.loc[pc]) < squares && p.mayMove(seat, pc)
}

// digs appends DIG: a piece of the seat's colour held by another seat.
func (p *Position) digs(buf []engine.Move, seat int) []engine.Move {
	own := p.colourOf(seat)
	for pc := own * 3; pc < own*3+3; pc++ {
		if l := int(p.loc[pc]); l >= heldBy && l != heldBy+seat {
			buf = append(buf, mv(actDig, pc, 0))
		}
	}
	return buf
}

// apply writes into dst the position after the legal action m.
func (p *Position) apply(m engine.Move, dst *Position) {
	*dst = *p
	seat := int(p.seat)
	switch mvAct(m) {
	case actRoll:
		dst.face = int8(mvA(m))
		dst.must, dst.mustPiece = p.mustAtRoll(seat), -1
		return
	case actEnd, actPass:
		dst.endTurn()
		return
	}
	// Any other action satisfies a pending compulsory move or finds it lapsed; DIG and HOP may
	// set a new one below.
	dst.must, dst.mustPiece = mustNone, -1
	switch mvAct(m) {
	case actMove:
		from, to := mvA(m), mvB(m)
		pc := p.pieceOn(from)
		if t := p.pieceOn(to); t >= 0 {
			dst.loc[t] = int8(heldBy + seat)
		}
		dst.board[from], dst.board[to] = 0, int8(pc+1)
		dst.loc[pc] = int8(to)
		dst.markMove()
	case actEnter:
		pc, portal := mvA(m), p.portalOf(seat)
		dst.board[portal], dst.loc[pc] = int8(pc+1), int8(portal)
		dst.entered = int8(pc)
		dst.markMove()
	case actAim:
		k := mvA(m)
		for pl := 0; pl < 4; pl++ {
			dst.coasterAt[(pl+k)&3] = p.coasterAt[pl]
		}
		dst.remap(&boardTurn[k])
		dst.dieDone = true
	case actTip:
		k := mvA(m)
		dst.tip = int8((int(p.tip) + k) & 3)
		dst.remap(&coasterTurn[k])
		dst.dieDone = true
	case actSwap:
		a, b := mvA(m)&3, mvA(m)>>2
		dst.coasterAt[a], dst.coasterAt[b] = p.coasterAt[b], p.coasterAt[a]
		var to [squares]int8
		swapMap(&to, a, b)
		dst.remap(&to)
		dst.dieDone = true
	case actDig:
		pc := mvA(m)
		dst.loc[pc] = int8(heldBy + seat)
		dst.dieDone = true
		if !p.moveDone {
			dst.must, dst.mustPiece = p.mustAfterDig(seat, pc)
		}
	case actHop:
		from, to := mvA(m), mvB(m)
		pc := p.pieceOn(from)
		dst.board[from], dst.board[to] = 0, int8(pc+1)
		dst.loc[pc] = int8(to)
		dst.dieDone = true
		if !p.moveDone && to == p.portalOf(seat) {
			dst.must, dst.mustPiece = mustClear, -1
		}
	}
	if !dst.actionsLeft() {
		dst.endTurn()
	}
}

// mustAtRoll is the compulsory move the turn of seat starts with: clearing its portal if a piece
// stands on it, else re-entering if it holds a piece of its colour.
func (p *Position) mustAtRoll(seat int) int8 {
	if p.board[p.portalOf(seat)] != 0 {
		return mustClear
	}
	own := p.colourOf(seat)
	for pc := own * 3; pc < own*3+3; pc++ {
		if int(p.loc[pc]) == heldBy+seat {
			return mustEnter
		}
	}
	return mustNone
}

// mustAfterDig is the compulsory move a DIG of pc before the move leaves: re-entering the dug
// piece on the seat's portal, or first clearing the portal.
func (p *Position) mustAfterDig(seat, pc int) (must, mustPiece int8) {
	if p.board[p.portalOf(seat)] == 0 {
		return mustEnter, int8(pc)
	}
	return mustClear, -1
}

// swapMap writes where every square goes when the coasters at places a and b change places.
func swapMap(to *[squares]int8, a, b int) {
	for sq := range to {
		switch placeOfSquare[sq] {
		case a:
			to[sq] = moveCoaster[a][b][sq]
		case b:
			to[sq] = moveCoaster[b][a][sq]
		default:
			to[sq] = int8(sq)
		}
	}
}

// markMove records a move: the turn's move, or WILD's second move once the move is done.
func (p *Position) markMove() {
	if p.moveDone {
		p.dieDone = true
	}
	p.moveDone = true
}

// remap moves every piece on the board by a square map.
func (p *Position) remap(to *[squares]int8) {
	var board [squares]int8
	for sq, v := range p.board {
		if v != 0 {
			t := to[sq]
			board[t] = v
			p.loc[v-1] = t
		}
	}
	p.board = board
}

// actionsLeft reports whether the turn has anything left to do besides ending it.
func (p *Position) actionsLeft() bool {
	if p.moveDone && p.dieDone {
		return false
	}
	// AIM, TIP and SWAP are always possible, and WILD offers them.
	if !p.dieDone && (p.face == faceAim || p.face == faceTip || p.face == faceSwap || p.face == faceWild) {
		return true
	}
	var buf [engine.MaxMoves]engine.Move
	if p.must != mustNone && !p.moveDone && len(p.compulsory(buf[:0])) > 0 {
		return true
	}
	return p.hasChoice()
}

// hasChoice reports whether choices would append anything, stopping at the first action found:
// every action but the last of a turn asks it.
func (p *Position) hasChoice() bool {
	seat := int(p.seat)
	if p.face == faceDig && !p.dieDone && !p.moveDone && p.hasDig(seat) {
		return true
	}
	if !p.moveDone && p.hasMove(seat) {
		return true
	}
	if p.dieDone {
		return false
	}
	switch p.face {
	case faceAim, faceTip, faceSwap, faceWild:
		return true
	case faceHop:
		return p.hasHop(seat)
	case faceDig:
		return p.hasDig(seat)
	}
	return false
}

// hasMove reports whether moves would append anything.
func (p *Position) hasMove(seat int) bool {
	occ := p.occupied()
	for pc := 0; pc < pieces; pc++ {
		if int(p.loc[pc]) < squares && p.mayMove(seat, pc) && p.canReach(seat, pc, occ) {
			return true
		}
	}
	if p.board[p.portalOf(seat)] == 0 {
		for pc := 0; pc < pieces; pc++ {
			if int(p.loc[pc]) == heldBy+seat {
				return true
			}
		}
	}
	return false
}

// hasHop reports whether hops would append anything: some portal is empty (a hopper's own square
// is not, so any empty one will do) and some piece is a hopper.
func (p *Position) hasHop(seat int) bool {
	empty := false
	for _, t := range portals {
		empty = empty || p.board[t] == 0
	}
	if !empty {
		return false
	}
	occ := p.occupied()
	for pc := range pieces {
		if p.hopper(seat, pc) && p.canReach(seat, pc, occ) {
			return true
		}
	}
	return false
}

// hasDig reports whether digs would append anything.
func (p *Position) hasDig(seat int) bool {
	var buf [3]engine.Move
	return len(p.digs(buf[:0], seat)) > 0
}

// endTurn passes the turn to the next seat, and ends the game when the turn limit is reached or
// the new seat has no piece of its colour on the board.
func (p *Position) endTurn() {
	p.turns++
	p.seat = int8((int(p.seat) + 1) % seats)
	p.face, p.moveDone, p.dieDone, p.must, p.mustPiece, p.entered = faceNone, false, false, mustNone, -1, -1
	p.over = p.endsHere()
}
