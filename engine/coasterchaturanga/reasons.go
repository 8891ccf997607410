package coasterchaturanga

import "github.com/ashtapada/ashtapada/engine"

// whyIllegal explains, in a player's words, why a well-formed action is not legal.
func (p *Position) whyIllegal(m engine.Move) string {
	seat := int(p.seat)
	me := seatNames[seat]
	if p.face == faceNone {
		if mvAct(m) == actRoll {
			return "not a roll of this position"
		}
		return "roll the Treehouse die first"
	}
	if mvAct(m) == actRoll {
		return "the die is rolled already this turn"
	}
	portal := p.portalOf(seat)
	if p.must != mustNone && !p.moveDone {
		var buf [engine.MaxMoves]engine.Move
		if len(p.compulsory(buf[:0])) > 0 {
			if p.must == mustClear {
				pc := p.pieceOn(portal)
				return "your portal is occupied: move the " + colourNames[pieceColour(pc)] + " " + kindNames[pieceKind(pc)] + " off " + squareName(portal) + " first"
			}
			return "you hold a piece of your colour and your portal " + squareName(portal) + " is empty: re-enter it first"
		}
	}
	switch mvAct(m) {
	case actMove, actHop:
		pc := p.pieceOn(mvA(m))
		switch {
		case pc < 0:
			return "there is no piece on " + squareName(mvA(m))
		case !p.mayMove(seat, pc):
			return me + " moves pieces of " + colourNames[p.colourOf(seat)] + " and pieces on the " + colourNames[p.colourOf(seat)] +
				" coaster, not the " + colourNames[pieceColour(pc)] + " " + kindNames[pieceKind(pc)] + " on " + squareName(mvA(m))
		case mvAct(m) == actMove && p.moveDone && (p.face != faceWild || p.dieDone):
			return "the move of this turn is made"
		case mvAct(m) == actHop && (p.face != faceHop && p.face != faceWild || p.dieDone):
			return "HOP needs the die to show HOP or WILD, unused"
		}
	case actEnter:
		if int(p.loc[mvA(m)]) != heldBy+seat {
			return me + " does not hold the " + pieceNames[mvA(m)]
		}
		if p.board[portal] != 0 {
			return "your portal " + squareName(portal) + " is occupied"
		}
	case actAim, actTip, actSwap, actDig:
		name := actionNames[mvAct(m)]
		if p.dieDone {
			return "the die action of this turn is done"
		}
		if int(p.face) != faceOf[mvAct(m)] && p.face != faceWild {
			return "the die shows " + faceNames[p.face] + ", not " + name
		}
		if mvAct(m) == actDig {
			return "there is no " + pieceNames[mvA(m)] + " of your colour held by another seat to dig"
		}
	case actEnd:
		if !p.moveDone && !p.dieDone {
			return "make the move or the die action before ending the turn"
		}
		return "DIG is compulsory while a piece of your colour is held by another seat"
	case actPass:
		return "pass only when neither a move nor the die action is possible"
	}
	return "not a legal action in this position"
}

var faceOf = [...]int{actAim: faceAim, actTip: faceTip, actSwap: faceSwap, actDig: faceDig, actHop: faceHop, actRoll: 0, actEnd: 0, actPass: 0}
