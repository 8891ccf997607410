package chaturaji

import (
	"strconv"

	"github.com/ashtapada/ashtapada/engine"
)

// whyIllegal explains why a well-formed action is not legal here.
func (p *Position) whyIllegal(m engine.Move) string {
	if why := p.whyWaiting(); why != "" {
		return why
	}
	act := moveAct(m)
	if act == actRoll {
		return p.whyNoRoll(m)
	}
	if p.phase() == engine.PhaseRoll {
		return "roll the die first"
	}
	if why := wordReasons[act]; why != "" {
		return why
	}
	if p.ex.stage == exAvailable && p.rules.dice != 2 {
		return "the turn's move is made: propose_exchange or end"
	}
	return p.whyPieceCannot(m)
}

// whyWaiting names the player an exchange waits for, if it waits for one.
func (p *Position) whyWaiting() string {
	switch p.ex.stage {
	case exProposed:
		return playerNames[p.ex.responder] + " must first accept_exchange or decline_exchange"
	case exReturning:
		return playerNames[p.ex.rajas[0]] + " must first choose an empty square with return_raja"
	}
	return ""
}

func (p *Position) whyNoRoll(m engine.Move) string {
	if a, b := rollValues(m); a == 1 || a == 6 || b == 6 {
		return "a 1 or a 6 does not count: roll again"
	}
	if p.rules.diceless {
		return "this game is played without dice"
	}
	if p.phase() == engine.PhaseRoll {
		return "this game rolls " + strconv.Itoa(int(p.rules.dice)) + " dice"
	}
	return "the dice are already rolled this turn"
}

// wordReasons says when each action other than a roll or a piece's move is legal, for when it is
// not.
var wordReasons = [...]string{
	actPass:    "a player may pass only when the die allows no move",
	actEnd:     "end is for two dice, or to let an exchange offer go",
	actResign:  "only a player left with a raja alone may resign it, after the roll",
	actPropose: "an exchange may be proposed only right after a team that has lost a raja kills an enemy raja",
	actAccept:  "no exchange has been proposed",
	actDecline: "no exchange has been proposed",
	actReturn:  "no raja is waiting to return",
}

// whyPieceCannot explains why a piece's move or promotion is not legal.
func (p *Position) whyPieceCannot(m engine.Move) string {
	from, to := moveFrom(m), moveTo(m)
	c := p.board[from]
	switch {
	case c == 0:
		return "there is no piece on " + squareName(from)
	case p.movers()&(1<<cellOwner(c)) == 0:
		return "the piece on " + squareName(from) + " belongs to " + playerNames[cellOwner(c)] + ", who is not under " + playerNames[p.actor()] + "'s command this turn"
	}
	kind := cellKind(c)
	if allowed, _ := p.allowedKinds(); allowed&(1<<kind) == 0 {
		return "the dice do not allow the " + kindNames[kind] + " to move"
	}
	if pr := movePromo(m); pr != 0 || moveAct(m) == actPromote {
		return p.whyNoPromotion(c, pr)
	}
	if kind == pawn && lastLine[cellOwner(c)][to] && p.count[cellOwner(c)][cellTarget(c)] == 0 {
		return "promotion is compulsory: write " + squareName(from) + squareName(to) + "=" + string(kindLetters[cellTarget(c)])
	}
	if t := p.board[to]; t != 0 {
		if why := p.whyNoCapture(c, t); why != "" {
			return why
		}
	}
	return "a " + kindNames[kind] + " on " + squareName(from) + " cannot move to " + squareName(to)
}

// whyNoPromotion explains why the piece c does not promote to pr.
func (p *Position) whyNoPromotion(c cell, pr int) string {
	switch {
	case cellKind(c) != pawn:
		return "only pawns promote"
	case pr != cellTarget(c):
		return "this pawn promotes only to the " + kindNames[cellTarget(c)] + " it stood in front of"
	case p.count[cellOwner(c)][pr] != 0:
		return "a pawn promotes only once its player has lost the " + kindNames[pr]
	}
	return "the pawn does not reach its last line"
}

// whyNoCapture explains why the piece c may not capture the piece t, if a rule forbids it.
func (p *Position) whyNoCapture(c, t cell) string {
	kind := cellKind(c)
	switch {
	case cellOwner(t) == cellOwner(c) || (p.rules.teams && !enemies(cellOwner(t), cellOwner(c))):
		return "a piece never captures its own side's pieces"
	case kind == boat && cellKind(t) == boat:
		return "a boat never lands on a boat; boats capture boats only by the boat triumph"
	case p.rules.rankRule && weak(kind) && !weak(cellKind(t)):
		return "under the rank rule a " + kindNames[kind] + " may not capture a " + kindNames[cellKind(t)]
	}
	return ""
}
