package chaturaji

import (
	"strconv"

	"github.com/ashtapada/ashtapada/engine"
)

// recorder collects events while a move is applied. Perft and playouts pass nil, and callers
// check for it before building an event, so that no text is formatted for nobody.
type recorder struct{ events []engine.Event }

func (r *recorder) add(e engine.Event) { r.events = append(r.events, e) }

// points records points scored for a throne or an empire; the caller builds why only for a
// recorder, so that play without events formats nothing.
func (r *recorder) points(pl, points int, why string) {
	r.add(engine.Event{Kind: engine.EventPoints, Name: "points", Player: playerNames[pl], Points: points, Text: playerNames[pl] + " " + why})
}

// play writes into child the position after the legal action m.
func (p *Position) play(m engine.Move, child *Position, rec *recorder) {
	p.copyTo(child)
	c := child
	us := int(p.side)
	switch moveAct(m) {
	case actRoll:
		a, b := rollValues(m)
		c.dice = [2]die{{value: uint8(a)}, {value: uint8(b)}}
		if rec != nil {
			text := "rolled " + strconv.Itoa(a)
			if b != 0 {
				text += " and " + strconv.Itoa(b)
			}
			rec.add(engine.Event{Kind: engine.EventDiceRolled, Name: "dice_rolled", Player: playerNames[us], Text: text})
		}
		return
	case actPass:
		c.endTurn(rec)
		return
	case actEnd:
		c.ex = exchange{}
		c.endTurn(rec)
		return
	case actResign:
		for sq, x := range c.board {
			if x != 0 && cellOwner(x) == us && cellKind(x) == raja {
				c.set(sq, 0)
				c.count[us][raja]--
				c.count[us][0]--
			}
		}
		if rec != nil {
			rec.add(engine.Event{Kind: engine.EventVariant, Name: "resignation", Player: playerNames[us], Piece: "raja",
				Text: playerNames[us] + " resigns the raja; nobody scores it"})
		}
		c.endTurn(rec)
		return
	case actPropose:
		c.ex.stage = exProposed
		c.ex.responder = int8(c.responder())
		if rec != nil {
			rec.add(engine.Event{Kind: engine.EventVariant, Name: "exchange", Player: playerNames[p.actor()],
				Text: playerNames[p.actor()] + " proposes a raja exchange; " + playerNames[c.ex.responder] + " answers"})
		}
		c.endTurn(rec)
		return
	case actAccept:
		c.acceptExchange(rec)
		return
	case actDecline:
		c.ex = exchange{}
		if rec != nil {
			rec.add(engine.Event{Kind: engine.EventVariant, Name: "exchange", Player: playerNames[p.ex.responder],
				Text: playerNames[p.ex.responder] + " declines the raja exchange"})
		}
		c.gameOverEvent(rec)
		return
	case actReturn:
		owner, to := int(c.ex.rajas[0]), moveTo(m)
		c.placeRaja(owner, to, rec)
		c.ex.rajas = [2]int8{c.ex.rajas[1], -1}
		if c.ex.rajas[0] < 0 {
			c.ex = exchange{}
		}
		return
	}
	c.movePiece(m, rec)
}

// movePiece applies a piece's move or in-place promotion and what follows from it.
func (c *Position) movePiece(m engine.Move, rec *recorder) {
	from, to, promo := moveFrom(m), moveTo(m), movePromo(m)
	moving := c.board[from]
	us, kind := cellOwner(moving), cellKind(moving)
	if c.ex.stage == exAvailable {
		c.ex = exchange{} // moving on forfeits the chance to propose
	}
	if d := c.dieFor(kind); d >= 0 {
		c.dice[d].used = true
	}
	// A raja entering its partner's throne takes command before the capture there is counted:
	// the effects of one move apply together, so that capture may create the empire.
	if c.rules.teams && kind == raja && int(throneOwner[to]) == partner(us) {
		c.takeCommand(us, to, rec)
	}
	if victim := c.board[to]; victim != 0 && from != to {
		c.capture(to, us, victim, rec)
	}
	c.set(from, 0)
	if promo != 0 {
		moving = newCell(promo, us, 0, cellColour(moving))
		c.count[us][pawn]--
		c.count[us][promo]++
		if rec != nil {
			rec.add(engine.Event{Kind: engine.EventPromotion, Name: "promotion", Player: playerNames[us], Square: squareName(to), Piece: kindNames[promo],
				Text: playerNames[us] + "'s pawn promotes to " + kindNames[promo]})
		}
	}
	c.set(to, moving)
	if o := throneOwner[to]; c.rules.teams && kind == raja && o >= 0 && enemies(us, int(o)) {
		points := c.addPoints(us, fromThrone, 1)
		if rec != nil {
			rec.points(us, points, "entered "+playerNames[o]+"'s throne")
		}
	}
	if kind == boat && promo == 0 {
		c.boatTriumph(us, to, rec)
	}
	switch {
	case c.finished():
		c.dice, c.captured = [2]die{}, false
		c.gameOverEvent(rec)
	case c.ex.stage == exAvailable:
	case c.rules.dice == 2 && !(c.dice[0].used && c.dice[1].used):
	default:
		c.endTurn(rec)
	}
}

// capture removes the piece victim on sq, taken by a piece of player us, and scores it.
func (c *Position) capture(sq, us int, victim cell, rec *recorder) {
	kind, them := cellKind(victim), cellOwner(victim)
	c.count[them][kind]--
	c.count[them][0]--
	c.set(sq, 0)
	c.captured = true
	points := c.addPoints(us, fromCaptures, kind)
	if rec != nil {
		rec.add(engine.Event{Kind: engine.EventCapture, Name: "capture", Player: playerNames[us], Square: squareName(sq), Piece: kindNames[kind], Points: points,
			Text: playerNames[us] + " captures " + playerNames[them] + "'s " + kindNames[kind]})
	}
	if kind != raja || !c.rules.teams {
		return
	}
	if thrones[them] == sq {
		points := c.addPoints(us, fromThrone, 2)
		if rec != nil {
			rec.points(us, points, "killed "+playerNames[them]+"'s raja on its throne")
		}
	}
	if pa := partner(them); !c.rules.diceless && c.commander[them] != int8(pa) {
		c.commander[them] = int8(pa)
		if c.commander[pa] == int8(them) {
			c.commander[pa] = -1
		}
		if rec != nil {
			rec.add(engine.Event{Kind: engine.EventVariant, Name: "command", Player: playerNames[pa],
				Text: playerNames[pa] + " takes command of " + playerNames[them] + "'s pieces"})
		}
	}
	if c.count[them][raja] == 0 && c.count[partner(them)][raja] == 0 {
		c.empire(us, sq, rec)
	}
	// A team that has lost a raja may offer an exchange after killing one, while the other team
	// still has someone to answer.
	dead := -1
	switch {
	case c.count[us][raja] == 0:
		dead = us
	case c.count[partner(us)][raja] == 0:
		dead = partner(us)
	}
	if dead >= 0 && c.responder() >= 0 {
		c.ex = exchange{stage: exAvailable, rajas: [2]int8{int8(dead), int8(them)}, responder: -1}
	}
}

// addPoints scores n points from a source for player pl and returns the points counted: a
// player's points stop at maxScore, so that a position played on from the maximum still reads
// back.
func (c *Position) addPoints(pl, src, n int) int {
	s := &c.score[pl]
	n = min(n, maxScore-int(s[fromCaptures]+s[fromThrone]+s[fromEmpire]))
	s[src] += int32(n)
	return n
}

// empire awards the empire bonus to the capturing team's commander, once per team: +1, +2 when
// he killed the last enemy raja himself, +4 when he did so on a throne square.
func (c *Position) empire(killer, sq int, rec *recorder) {
	for _, x := range [2]int{killer, partner(killer)} {
		if c.commander[partner(x)] != int8(x) || c.score[x][fromEmpire]+c.score[partner(x)][fromEmpire] != 0 {
			continue
		}
		bonus, why := 1, "created the empire"
		if x == killer {
			bonus, why = 2, "created the empire and killed the last enemy raja"
			if throneOwner[sq] >= 0 {
				bonus, why = 4, "created the empire, killing the last enemy raja on a throne square"
			}
		}
		points := c.addPoints(x, fromEmpire, bonus)
		if rec != nil {
			rec.points(x, points, why)
		}
	}
}

// takeCommand gives player us, whose raja has entered his partner's throne square sq, command
// of the partner's pieces, unless one already commands the other.
func (c *Position) takeCommand(us, sq int, rec *recorder) {
	owner := partner(us)
	if c.commander[owner] == int8(us) || c.commander[us] == int8(owner) {
		return
	}
	c.commander[owner] = int8(us)
	if rec != nil {
		rec.add(engine.Event{Kind: engine.EventVariant, Name: "command", Player: playerNames[us], Square: squareName(sq),
			Text: playerNames[us] + " enters " + playerNames[owner] + "'s throne and takes command of " + playerNames[owner] + "'s pieces"})
	}
}

// boatTriumph applies the boat triumph after a boat of player us moved to sq: when a 2x2 block
// holding sq is all boats, the other players' boats there are captured (in team play the
// partner's boat passes under the mover's command instead).
func (c *Position) boatTriumph(us, sq int, rec *recorder) {
	for _, corner := range blocks[sq] {
		b := int(corner)
		block := [4]int{b, b + 1, b + size, b + size + 1}
		full := true
		for _, s := range block {
			full = full && c.board[s] != 0 && cellKind(c.board[s]) == boat
		}
		if !full {
			continue
		}
		if rec != nil {
			rec.add(engine.Event{Kind: engine.EventVariant, Name: "boat_triumph", Player: playerNames[us], Square: squareName(sq),
				Text: playerNames[us] + " completes a boat triumph"})
		}
		for _, s := range block {
			bc := c.board[s]
			switch owner := cellOwner(bc); {
			case owner == us:
			case c.rules.teams && owner == partner(us):
				c.set(s, newCell(boat, us, 0, cellColour(bc)))
				c.count[owner][boat]--
				c.count[owner][0]--
				c.count[us][boat]++
				c.count[us][0]++
				if rec != nil {
					rec.add(engine.Event{Kind: engine.EventVariant, Name: "command", Player: playerNames[us], Square: squareName(s), Piece: "boat",
						Text: playerNames[us] + " takes command of " + playerNames[owner] + "'s boat"})
				}
			default:
				c.capture(s, us, bc, rec)
			}
		}
	}
}

func (c *Position) acceptExchange(rec *recorder) {
	if rec != nil {
		rec.add(engine.Event{Kind: engine.EventVariant, Name: "exchange", Player: playerNames[c.ex.responder],
			Text: playerNames[c.ex.responder] + " accepts the raja exchange"})
	}
	pending := [2]int8{-1, -1}
	n := 0
	for _, pl := range c.ex.rajas {
		if c.board[thrones[pl]] == 0 {
			c.placeRaja(int(pl), thrones[pl], rec)
		} else {
			pending[n] = pl
			n++
		}
	}
	c.ex = exchange{}
	if n > 0 {
		c.ex = exchange{stage: exReturning, rajas: pending, responder: -1}
	}
}

func (c *Position) placeRaja(pl, sq int, rec *recorder) {
	c.set(sq, newCell(raja, pl, 0, pl))
	c.count[pl][raja]++
	c.count[pl][0]++
	if rec != nil {
		rec.add(engine.Event{Kind: engine.EventVariant, Name: "exchange", Player: playerNames[pl], Square: squareName(sq), Piece: "raja",
			Text: playerNames[pl] + "'s raja returns on " + squareName(sq)})
	}
}

// responder is the next player after the side, in turn order, of the other team who still takes
// turns; -1 when there is none.
func (c *Position) responder() int {
	us := int(c.side)
	for i := 1; i < players; i++ {
		pl := (us + i) % players
		if enemies(us, pl) && c.active(pl) {
			return pl
		}
	}
	return -1
}

// endTurn passes the turn to the next player who still takes turns.
func (c *Position) endTurn(rec *recorder) {
	if c.captured {
		c.quiet = 0
	} else {
		c.quiet = engine.CountOn(c.quiet)
	}
	c.captured = false
	c.dice = [2]die{}
	c.turn = engine.CountOn(c.turn)
	for i := 1; i <= players; i++ {
		if pl := (int(c.side) + i) % players; c.active(pl) {
			c.side = uint8(pl)
			break
		}
	}
	if rec == nil {
		return
	}
	if c.finished() {
		c.gameOverEvent(rec)
		return
	}
	if c.ex.stage != exProposed {
		rec.add(engine.Event{Kind: engine.EventTurnPassed, Name: "turn_passed", Player: playerNames[c.side], Text: "turn passes to " + playerNames[c.side]})
	}
}

func (c *Position) gameOverEvent(rec *recorder) {
	if rec == nil {
		return
	}
	if ok, reason := c.status(); ok {
		rec.add(engine.Event{Kind: engine.EventGameOver, Name: "game_over", Text: reason})
	}
}

var _ engine.Position = (*Position)(nil)

// NewNode returns storage for PlayInto.
func (p *Position) NewNode() engine.Position { return new(Position) }

// PlayInto writes the position after m into dst, which must be a *Position, without events.
func (p *Position) PlayInto(m engine.Move, dst engine.Position) { p.play(m, dst.(*Position), nil) }

func (p *Position) Play(m engine.Move) (engine.Position, []engine.Event) {
	child := new(Position)
	rec := &recorder{}
	p.play(m, child, rec)
	return child, rec.events
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

// Dice lists the dice the next roll throws.
func (p *Position) Dice() []engine.DieInfo {
	if p.rules.diceless {
		return nil
	}
	d := Variant.Describe().Dice[0]
	d.Count = int(p.rules.dice)
	return []engine.DieInfo{d}
}

// Probability is the chance of a roll once 1s and 6s are thrown again: 1/4 for each face of one
// die; with two dice, whose outcomes are unordered pairs, 1/16 for a double and 2/16 for two
// different faces. Any other action has probability 1.
func (p *Position) Probability(m engine.Move) float64 {
	if moveAct(m) != actRoll {
		return 1
	}
	a, b := rollValues(m)
	switch {
	case b == 0:
		return 0.25
	case a == b:
		return 1.0 / 16
	}
	return 2.0 / 16
}

// RollMove returns the roll with these face values: as many values as the game rolls dice, each
// from 2 to 5 (a 1 or a 6 is thrown again and is no roll), in any order.
func (p *Position) RollMove(values []int) (engine.Move, error) {
	if p.rules.diceless {
		return 0, &engine.SyntaxError{Text: "dice", Reason: "this game is played without dice"}
	}
	if len(values) != int(p.rules.dice) {
		return 0, &engine.SyntaxError{Text: "dice", Reason: "want " + strconv.Itoa(int(p.rules.dice)) + " values, got " + strconv.Itoa(len(values))}
	}
	var v [2]int
	for i, x := range values {
		if x == 1 || x == 6 {
			return 0, &engine.SyntaxError{Text: "dice", Reason: "a 1 or a 6 does not count: it is thrown again"}
		}
		if x < 2 || x > 5 {
			return 0, &engine.SyntaxError{Text: "dice", Reason: "a die shows 2 to 5 once 1 and 6 are thrown again, got " + strconv.Itoa(x)}
		}
		v[i] = x
	}
	if v[1] != 0 && v[1] < v[0] {
		v[0], v[1] = v[1], v[0]
	}
	return rollMove(v[0], v[1]), nil
}
