package coasterchaturanga

import (
	"strconv"

	"github.com/ashtapada/ashtapada/engine"
)

// whyIllegal explains, in a player's words, why a well-formed action is not legal.
func (p *Position) whyIllegal(m engine.Move) string {
	if why := p.whyOutOfOrder(m); why != "" {
		return why
	}
	switch mvAct(m) {
	case actMove, actHop:
		return p.whyNoMoveOrHop(m)
	case actEnter:
		return p.whyNoEntry(mvA(m))
	case actAim, actTip, actSwap, actDig:
		return p.whyNoDieAction(m)
	case actEnd:
		return p.whyNoEnd()
	case actPass:
		return "pass only when neither a move nor the die action is possible"
	}
	return noReason
}

// noReason is the last resort of whyIllegal, never wanted: the checks explain every illegal
// action of the positions play reaches (the tests hold them to it).
const noReason = "not a legal action in this position"

// whyOutOfOrder explains an action the order of the turn rules out: the roll comes first and
// once, a compulsory move pending comes before anything else, and a rolled DIG before all but
// ending the turn. It says nothing of an action in its turn.
func (p *Position) whyOutOfOrder(m engine.Move) string {
	if p.face == faceNone {
		if mvAct(m) == actRoll {
			return "not a roll of this position"
		}
		return "roll the Treehouse die first"
	}
	if mvAct(m) == actRoll {
		return "the die is rolled already this turn"
	}
	if p.must != mustNone && !p.moveDone {
		var buf [engine.MaxMoves]engine.Move
		if len(p.compulsory(buf[:0])) > 0 {
			return p.whyNotCompulsory(m)
		}
	}
	if p.digOwed() && mvAct(m) != actDig && mvAct(m) != actEnd {
		return "DIG is compulsory: take back a piece of " + colourNames[p.colourOf(int(p.seat))] + " held by another seat first"
	}
	return ""
}

// whyNoMoveOrHop explains a move or a HOP that is not legal.
func (p *Position) whyNoMoveOrHop(m engine.Move) string {
	seat, from, to := int(p.seat), mvA(m), mvB(m)
	pc := p.pieceOn(from)
	if why := p.whyNotMovable(m, pc, from); why != "" {
		return why
	}
	switch {
	case mvAct(m) == actHop:
		return p.whyNoHop(seat, pc, from, to)
	case p.moveUsed():
		return p.moveMade()
	case from == to:
		return "a move must leave its square: the " + describePiece(pc) + " stays on " + squareName(from)
	}
	return p.whyNoMove(seat, pc, from, to)
}

// whyNotMovable explains a piece the mover may neither move nor hop: there is none, it was
// re-entered this turn, it is the partner's colour, or it is neither the mover's colour nor on
// the mover's coaster. It says nothing of a piece the mover may move.
func (p *Position) whyNotMovable(m engine.Move, pc, from int) string {
	seat := int(p.seat)
	switch {
	case pc < 0:
		return "there is no piece on " + squareName(from)
	case pc == int(p.entered) && mvAct(m) == actHop:
		return "the " + describePiece(pc) + " was re-entered this turn and may neither move nor hop again"
	case pc == int(p.entered):
		return "the " + describePiece(pc) + " was re-entered this turn and may not move again"
	case p.rules.partnership && pieceColour(pc) == p.partnerColour(seat):
		return "the " + describePiece(pc) + " on " + squareName(from) + " is your partner's colour: you may not move it"
	case !p.mayMove(seat, pc):
		own := colourNames[p.colourOf(seat)]
		return seatNames[seat] + " moves pieces of " + own + " and pieces on the " + own +
			" coaster, not the " + describePiece(pc) + " on " + squareName(from)
	}
	return ""
}

// moveUsed reports whether the turn has no move left: it is made, and no unused WILD gives
// another.
func (p *Position) moveUsed() bool { return p.moveDone && (p.face != faceWild || p.dieDone) }

// whyNoEntry explains a re-entry of the piece pc that is not legal.
func (p *Position) whyNoEntry(pc int) string {
	seat := int(p.seat)
	portal := p.portalOf(seat)
	if p.moveUsed() {
		return p.moveMade()
	}
	if int(p.loc[pc]) != heldBy+seat {
		return seatNames[seat] + " does not hold the " + describePiece(pc)
	}
	if occ := p.pieceOn(portal); occ >= 0 {
		return "your portal " + squareName(portal) + " is occupied by the " + describePiece(occ) + ": a re-entry needs it empty"
	}
	return noReason
}

// whyNoDieAction explains an AIM, TIP, SWAP or DIG that is not legal.
func (p *Position) whyNoDieAction(m engine.Move) string {
	if p.dieDone {
		return "the die action of this turn is done"
	}
	if int(p.face) != faceOf[mvAct(m)] && p.face != faceWild {
		return "the die shows " + faceNames[p.face] + ", not " + actionNames[mvAct(m)]
	}
	if mvAct(m) == actDig {
		return p.whyNoDig(mvA(m))
	}
	return noReason
}

// whyNoDig explains a DIG of the piece pc, the die allowing one, that is not legal.
func (p *Position) whyNoDig(pc int) string {
	seat := int(p.seat)
	switch l := int(p.loc[pc]); {
	case p.face == faceWild && p.moveDone:
		return "DIG through WILD comes only before the move"
	case pieceColour(pc) != p.colourOf(seat):
		return "you may dig only pieces of your colour, " + colourNames[p.colourOf(seat)] + ", not the " + describePiece(pc)
	case l == heldBy+seat:
		return "you hold the " + describePiece(pc) + " already"
	case l < squares:
		return "the " + describePiece(pc) + " stands on " + squareName(l) + ", no one holds it"
	}
	return noReason
}

// whyNoEnd explains ending a turn that may not end yet.
func (p *Position) whyNoEnd() string {
	if !p.moveDone && !p.dieDone {
		return "make the move or the die action before ending the turn"
	}
	if p.digOwed() {
		return "DIG is compulsory while a piece of your colour is held by another seat"
	}
	return noReason
}

// moveMade explains a second move: only an unused WILD gives one.
func (p *Position) moveMade() string {
	if p.face == faceWild {
		return "the move of this turn is made, and WILD is used already"
	}
	return "the move of this turn is made"
}

// whyNotCompulsory explains an action that is not the compulsory move pending: clearing the
// portal, or re-entering a piece of the mover's colour (after DIG, the dug piece).
func (p *Position) whyNotCompulsory(m engine.Move) string {
	seat := int(p.seat)
	portal := p.portalOf(seat)
	if p.must == mustClear {
		pc := p.pieceOn(portal)
		if mvAct(m) == actMove && mvA(m) == portal && mvB(m) != portal {
			return p.whyNoMove(seat, pc, portal, mvB(m))
		}
		return "your portal is occupied: move the " + describePiece(pc) + " off " + squareName(portal) + " first"
	}
	if mvAct(m) == actEnter {
		pc := mvA(m)
		switch {
		case int(p.loc[pc]) != heldBy+seat:
			return seatNames[seat] + " does not hold the " + describePiece(pc)
		case p.mustPiece >= 0:
			return "the dug " + describePiece(int(p.mustPiece)) + " must be re-entered first, not the " + describePiece(pc)
		default:
			return "the compulsory re-entry is of a piece of your colour, " + colourNames[p.colourOf(seat)] + ", not the " + describePiece(pc)
		}
	}
	if p.mustPiece >= 0 {
		return "re-enter the dug " + describePiece(int(p.mustPiece)) + " on your portal " + squareName(portal) + " first"
	}
	return "you hold a piece of your colour and your portal " + squareName(portal) + " is empty: re-enter it first"
}

var faceOf = [...]int{actAim: faceAim, actTip: faceTip, actSwap: faceSwap, actDig: faceDig, actHop: faceHop, actRoll: 0, actEnd: 0, actPass: 0}

func describePiece(pc int) string {
	return colourNames[pieceColour(pc)] + " " + kindNames[pieceKind(pc)]
}

// whyNoMove explains a move the seat's piece pc cannot make from one square to another.
func (p *Position) whyNoMove(seat, pc, from, to int) string {
	if t := p.pieceOn(to); t >= 0 {
		switch tc := pieceColour(t); {
		case tc == p.colourOf(seat):
			return "you may not take a piece of your own colour, the " + describePiece(t) + " on " + squareName(to)
		case tc == pieceColour(pc):
			return "the " + describePiece(pc) + " may not take a piece of its own colour, the " + describePiece(t) + " on " + squareName(to)
		case p.rules.partnership && tc == p.partnerColour(seat):
			return "you may not take your partner's " + describePiece(t) + " on " + squareName(to)
		}
	}
	what := "the " + describePiece(pc) + " on " + squareName(from)
	steps := " within " + strconv.Itoa(pieceKind(pc)) + " steps"
	if pieceKind(pc) == 1 {
		steps = " in one step"
	}
	if p.reach(seat, pc, 0)&(1<<to) != 0 {
		return what + " cannot reach " + squareName(to) + steps + ": the way is blocked (a move passes only empty squares, and a jump from a portal with pips left must go on)"
	}
	return what + " cannot reach " + squareName(to) + steps + " along the arrows and portal jumps"
}

// whyNoHop explains a HOP of the seat's piece pc that is not possible.
func (p *Position) whyNoHop(seat, pc, from, to int) string {
	switch {
	case p.dieDone:
		return "the die action of this turn is done"
	case p.face != faceHop && p.face != faceWild:
		return "the die shows " + faceNames[p.face] + ", not hop"
	case !isPortal(to):
		return squareName(to) + " is not a portal"
	case to == from:
		return "the " + describePiece(pc) + " stands on the portal " + squareName(to) + " already"
	case p.board[to] != 0:
		return "the portal " + squareName(to) + " is occupied: HOP never captures"
	case p.reach(seat, pc, p.occupied()) == 0:
		return "the " + describePiece(pc) + " on " + squareName(from) + " has no legal move, so it may not hop"
	}
	return noReason
}
