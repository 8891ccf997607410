package chaturaji

import (
	"slices"
	"strconv"
	"strings"

	"github.com/ashtapada/ashtapada/engine"
)

func (p *Position) Variant() engine.Variant { return Variant }
func (p *Position) Phase() engine.Phase     { return p.phase() }

// ToMove is the player who chooses the next action: the commander of the player whose turn it
// is, the player answering an exchange, or the owner of a returning raja.
func (p *Position) ToMove() int { return p.actor() }

// Moves appends the legal actions: in the roll phase, the distinct rolls.
func (p *Position) Moves(buf []engine.Move) []engine.Move {
	switch p.phase() {
	case engine.PhaseRoll:
		return append(buf, rollOutcomes[p.rules.dice]...)
	case engine.PhaseFinished:
		return buf
	}
	return p.generate(buf)
}

func (p *Position) Play(m engine.Move) (engine.Position, []engine.Event) {
	child := new(Position)
	rec := &recorder{}
	p.play(m, child, rec)
	return child, rec.events
}

func (p *Position) Action(m engine.Move) engine.Action {
	a := engine.Action{Player: playerNames[p.actor()], Die: -1}
	switch moveAct(m) {
	case actRoll:
		x, y := rollValues(m)
		a.Kind, a.Name, a.Dice = engine.ActionRoll, "roll", []int{x}
		if y != 0 {
			a.Dice = append(a.Dice, y)
		}
	case actPass:
		a.Kind, a.Name = engine.ActionPass, "pass"
	case actEnd:
		a.Kind, a.Name = engine.ActionEndTurn, "end_turn"
	case actResign:
		a.Kind, a.Name, a.Piece = engine.ActionResign, "resign", "raja"
	case actPropose:
		a.Kind, a.Name = engine.ActionVariant, "propose_exchange"
	case actAccept:
		a.Kind, a.Name = engine.ActionVariant, "accept_exchange"
	case actDecline:
		a.Kind, a.Name = engine.ActionVariant, "decline_exchange"
	case actReturn:
		a.Kind, a.Name, a.Piece, a.To = engine.ActionVariant, "return_raja", "raja", squareName(moveTo(m))
	default:
		from, to := moveFrom(m), moveTo(m)
		c := p.board[from]
		a.Kind, a.Name, a.Piece, a.From, a.To = engine.ActionMove, "move", kindNames[cellKind(c)], squareName(from), squareName(to)
		if moveAct(m) == actPromote {
			a.Kind, a.Name = engine.ActionVariant, "promote"
		} else if t := p.board[to]; t != 0 {
			a.Captured = kindNames[cellKind(t)]
		}
		if pr := movePromo(m); pr != 0 {
			a.Promotion = kindNames[pr]
		}
		a.Die = p.dieFor(cellKind(c))
	}
	return a
}

func (p *Position) Notation(m engine.Move) string {
	switch moveAct(m) {
	case actRoll:
		a, b := rollValues(m)
		s := "roll " + strconv.Itoa(a)
		if b != 0 {
			s += " " + strconv.Itoa(b)
		}
		return s
	case actPromote:
		return squareName(moveFrom(m)) + "=" + string(kindLetters[movePromo(m)])
	case actReturn:
		return "return_raja " + squareName(moveTo(m))
	case actMove:
		s := squareName(moveFrom(m)) + squareName(moveTo(m))
		if pr := movePromo(m); pr != 0 {
			s += "=" + string(kindLetters[pr])
		}
		return s
	}
	return wordActions[moveAct(m)]
}

var wordActions = [...]string{actPass: "pass", actEnd: "end", actResign: "resign", actPropose: "propose_exchange",
	actAccept: "accept_exchange", actDecline: "decline_exchange"}

func (p *Position) ParseMove(text string) (engine.Move, error) {
	return engine.ParseLegal(p, text, p.parseAction, p.whyIllegal)
}

// parseAction reads the notation into the move it would be, without checking legality.
func (p *Position) parseAction(s, text string) (engine.Move, error) {
	syntax := func(reason string) error { return &engine.SyntaxError{Text: text, Reason: reason} }
	for act, word := range wordActions {
		if word != "" && s == word {
			return actionMove(act), nil
		}
	}
	square := func(name string) (int, bool) {
		f, r, err := engine.ParseSquareName(name, size, size)
		return r*size + f, err == nil
	}
	if rest, ok := strings.CutPrefix(s, "return_raja "); ok {
		sq, ok := square(rest)
		if !ok {
			return 0, syntax("want return_raja and a square from a1 to h8")
		}
		return returnMove(sq), nil
	}
	if rest, ok := strings.CutPrefix(s, "roll "); ok {
		f := strings.Fields(rest)
		var v [2]int
		for i, x := range f {
			if len(f) > 2 || len(x) != 1 || x[0] < '1' || x[0] > '6' {
				return 0, syntax("want one or two die values from 2 to 5, such as roll 3 or roll 2 5")
			}
			v[i] = int(x[0] - '0')
		}
		if v[1] != 0 && v[1] < v[0] {
			v[0], v[1] = v[1], v[0]
		}
		return rollMove(v[0], v[1]), nil
	}
	body, promo, hasPromo := strings.Cut(s, "=")
	pr := 0
	if hasPromo {
		if len(promo) == 1 {
			pr = slices.Index(kindLetters[:], promo[0])
		}
		if pr < boat {
			return 0, syntax("a pawn promotes to k, e, h or b")
		}
	}
	switch len(body) {
	case 2:
		sq, ok := square(body)
		if !ok || !hasPromo {
			return 0, syntax("want a waiting pawn's promotion such as a8=b")
		}
		return promoteMove(sq, pr), nil
	case 4:
		from, ok1 := square(body[:2])
		to, ok2 := square(body[2:])
		if !ok1 || !ok2 {
			return 0, syntax("squares run from a1 to h8")
		}
		return newMove(from, to, pr), nil
	}
	return 0, syntax("want a move such as b1c3 or a7a8=b, a8=b, pass, end, resign, an exchange action, or roll 3")
}

// whyIllegal explains why a well-formed action is not legal here.
func (p *Position) whyIllegal(m engine.Move) string {
	switch p.ex.stage {
	case exProposed:
		return playerNames[p.ex.responder] + " must first accept_exchange or decline_exchange"
	case exReturning:
		return playerNames[p.ex.rajas[0]] + " must first choose an empty square with return_raja"
	}
	act := moveAct(m)
	if act == actRoll {
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
	if p.phase() == engine.PhaseRoll {
		return "roll the die first"
	}
	switch act {
	case actPass:
		return "a player may pass only when the die allows no move"
	case actEnd:
		return "end is for two dice, or to let an exchange offer go"
	case actResign:
		return "only a player left with a raja alone may resign it, after the roll"
	case actPropose:
		return "an exchange may be proposed only right after a team that has lost a raja kills an enemy raja"
	case actAccept, actDecline:
		return "no exchange has been proposed"
	case actReturn:
		return "no raja is waiting to return"
	}
	if p.ex.stage == exAvailable && p.rules.dice != 2 {
		return "the turn's move is made: propose_exchange or end"
	}
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
	if pr := movePromo(m); pr != 0 || act == actPromote {
		switch {
		case kind != pawn:
			return "only pawns promote"
		case pr != cellTarget(c):
			return "this pawn promotes only to the " + kindNames[cellTarget(c)] + " it stood in front of"
		case p.count[cellOwner(c)][pr] != 0:
			return "a pawn promotes only once its player has lost the " + kindNames[pr]
		}
		return "the pawn does not reach its last line"
	}
	if kind == pawn && lastLine[cellOwner(c)][to] && p.count[cellOwner(c)][cellTarget(c)] == 0 {
		return "promotion is compulsory: write " + squareName(from) + squareName(to) + "=" + string(kindLetters[cellTarget(c)])
	}
	if t := p.board[to]; t != 0 {
		switch {
		case cellOwner(t) == cellOwner(c) || (p.rules.teams && !enemies(cellOwner(t), cellOwner(c))):
			return "a piece never captures its own side's pieces"
		case kind == boat && cellKind(t) == boat:
			return "a boat never lands on a boat; boats capture boats only by the boat triumph"
		case p.rules.rankRule && weak(kind) && !weak(cellKind(t)):
			return "under the rank rule a " + kindNames[kind] + " may not capture a " + kindNames[cellKind(t)]
		}
	}
	return "a " + kindNames[kind] + " on " + squareName(from) + " cannot move to " + squareName(to)
}

// Dice lists the dice the next roll throws.
func (p *Position) Dice() []engine.DieInfo {
	if p.rules.diceless {
		return nil
	}
	d := Variant.Describe().Dice[0]
	d.Count = int(p.rules.dice)
	return []engine.DieInfo{d}
}

// Roll applies rolled values. A d6 showing 1 or 6 does not count: the position is returned
// unchanged with an EventRollAgain, and every die of the roll is thrown again.
func (p *Position) Roll(values []int) (engine.Position, []engine.Event, error) {
	if p.phase() != engine.PhaseRoll {
		if p.finished() {
			return nil, nil, engine.ErrGameOver
		}
		return nil, nil, engine.ErrNotRollPhase
	}
	if len(values) != int(p.rules.dice) {
		return nil, nil, &engine.SyntaxError{Text: "dice", Reason: "want " + strconv.Itoa(int(p.rules.dice)) + " values, got " + strconv.Itoa(len(values))}
	}
	for _, v := range values {
		if v < 1 || v > 6 {
			return nil, nil, &engine.SyntaxError{Text: "dice", Reason: "a die shows 1 to 6, got " + strconv.Itoa(v)}
		}
	}
	for _, v := range values {
		if v == 1 || v == 6 {
			return p, []engine.Event{{Kind: engine.EventRollAgain, Name: "roll_again", Player: playerNames[p.side],
				Text: "a " + strconv.Itoa(v) + " does not count: roll again"}}, nil
		}
	}
	a, b := values[0], 0
	if len(values) == 2 {
		b = values[1]
	}
	// The dice keep the order they were thrown in.
	child, ev := p.Play(rollMove(a, b))
	return child, ev, nil
}

// Outcome reports scores at any time, and when the game is over the ranking and the reason.
func (p *Position) Outcome() engine.Outcome {
	var o engine.Outcome
	totals := p.totals()
	o.Scores = totals[:]
	if p.rules.teams {
		for t := 0; t < 2; t++ {
			tr := engine.TeamResult{Name: teamNames[t], Players: []int{t, t + 2}, Score: totals[t] + totals[t+2]}
			for src := fromCaptures; src < sources; src++ {
				tr.Parts = append(tr.Parts, engine.ScorePart{Source: sourceNames[src], Points: int(p.score[t][src] + p.score[t+2][src])})
			}
			o.Teams = append(o.Teams, tr)
		}
	}
	finished, reason := p.status()
	if !finished {
		return o
	}
	o.Finished, o.Reason = true, reason
	o.Ranking = make([]int, players)
	if !p.rules.teams {
		for pl := range o.Ranking {
			o.Ranking[pl] = 1
			for other := range o.Ranking {
				if totals[other] > totals[pl] {
					o.Ranking[pl]++
				}
			}
			if o.Ranking[pl] == 1 {
				o.Winners = append(o.Winners, pl)
			}
		}
		return o
	}
	winner := p.winningTeam(reason, totals)
	for t := 0; t < 2; t++ {
		place := 1
		if winner >= 0 && winner != t {
			place = 2
		}
		o.Teams[t].Place = place
		o.Ranking[t], o.Ranking[t+2] = place, place
	}
	if winner >= 0 {
		o.Winners = []int{winner, winner + 2}
	}
	return o
}

// totals returns each player's points from every source.
func (p *Position) totals() [players]int {
	var t [players]int
	for pl := range t {
		for src := fromCaptures; src < sources; src++ {
			t[pl] += int(p.score[pl][src])
		}
	}
	return t
}

// winningTeam returns the team that won a team game that ended for reason, or -1 for a draw.
func (p *Position) winningTeam(reason string, totals [players]int) int {
	byPoints := !p.rules.diceless && !p.rules.lastStanding
	higher := -1
	switch a, b := totals[0]+totals[2], totals[1]+totals[3]; {
	case a > b:
		higher = 0
	case b > a:
		higher = 1
	}
	switch reason {
	case "team_eliminated":
		if byPoints {
			return higher
		}
		if p.count[1][0] == 0 && p.count[3][0] == 0 {
			return 0
		}
		return 1
	case "rajas_killed":
		if p.count[0][raja] == 0 && p.count[2][raja] == 0 {
			return 1
		}
		return 0
	case "move_limit":
		if byPoints {
			return higher
		}
	}
	return -1
}
