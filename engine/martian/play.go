package martian

import (
	"strconv"

	"github.com/ashtapada/ashtapada/engine"
)

// setDice resolves rolled values: each die counts upward to the first kind the player still has.
func (p *Position) setDice(a, b int) {
	p.key ^= p.diceKey()
	have := p.ownKinds(int(p.side))
	p.dice[0] = die{rolled: uint8(a), means: countUp(a, have)}
	p.dice[1] = die{rolled: uint8(b), means: countUp(b, have)}
	p.key ^= p.diceKey()
}

// dieFor returns the die an action of a piece of the given kind uses: the unused die with the
// lower rolled value among those that mean the kind, or -1.
func (p *Position) dieFor(kind int) int {
	best := -1
	for i, d := range p.dice {
		if !d.used && int(d.means) == kind && (best < 0 || d.rolled < p.dice[best].rolled) {
			best = i
		}
	}
	return best
}

// play writes into child the position after the legal action m.
func (p *Position) play(m engine.Move, child *Position) {
	*child = *p
	us := int(p.side)
	switch moveAct(m) {
	case actRoll:
		a, b := rollValues(m)
		child.setDice(a, b)
		return
	case actEnd:
		child.endTurn()
		return
	case actGarrison:
		monarchSq, ravenSq := moveFrom(m), moveTo(m)
		child.set((monarchSq+ravenSq)/2, pieceCell(raven, us))
		child.set(ravenSq, pieceCell(monarch, us))
		child.set(monarchSq, 0)
		child.setRights(child.rights &^ (3 << (us * 2)))
		child.endTurn()
		return
	}
	from, to := moveFrom(m), moveTo(m)
	kind := cellKind(p.board[from])
	if c := p.board[to]; c != 0 {
		child.setLost(cellPlayer(c), cellKind(c), child.lost[cellPlayer(c)][cellKind(c)]+1)
		child.capturedThisTurn = true
	}
	child.key ^= child.diceKey()
	child.dice[p.dieFor(kind)].used = true
	child.key ^= child.diceKey()
	if pr := movePromo(m); pr != 0 {
		child.setLost(us, pr, child.lost[us][pr]-1)
		kind = pr
	}
	child.set(to, pieceCell(kind, us))
	child.set(from, 0)
	if child.rights != 0 {
		child.setRights(child.rights &^ (p.g.rightsLost[from] | p.g.rightsLost[to]))
	}
	switch {
	case child.finished(): // the last monarch of a side captured ends the game at once
		child.key ^= child.diceKey()
		child.dice, child.capturedThisTurn = [2]die{}, false
	case child.dice[0].used && child.dice[1].used:
		child.endTurn()
	}
}

// setRights and setLost change the garrison rights and a player's lost pieces, keeping the key.
func (p *Position) setRights(r uint8) {
	p.key ^= zobristRights[p.rights] ^ zobristRights[r]
	p.rights = r
}

func (p *Position) setLost(player, kind int, n uint8) {
	p.key ^= zobristLost[player][kind][p.lost[player][kind]] ^ zobristLost[player][kind][n]
	p.lost[player][kind] = n
}

// endTurn passes the turn to the next player who has a piece to move (a player left with only
// his throne is skipped): the quiet-turn clock runs or resets, the dice are cleared.
func (p *Position) endTurn() {
	if p.capturedThisTurn {
		p.quiet = 0
	} else {
		p.quiet = engine.CountOn(p.quiet)
	}
	p.capturedThisTurn = false
	p.key ^= p.diceKey() ^ zobristSide[p.side]
	p.dice = [2]die{}
	next := p.nextPlayer(int(p.side))
	p.side = uint8(next)
	p.key ^= zobristSide[next]
	p.turn = engine.CountOn(p.turn)
}

// nextPlayer returns the player after pl in turn order who is not skipped. Someone always has a
// piece while the game goes on: his partnership still has a monarch.
func (p *Position) nextPlayer(pl int) int {
	n := p.g.players
	for i := 1; i < n; i++ {
		if next := (pl + i) % n; p.hasPieces(next) {
			return next
		}
	}
	return pl
}

var _ engine.Position = (*Position)(nil)

// NewNode returns storage for PlayInto.
func (p *Position) NewNode() engine.Position { return new(Position) }

// PlayInto writes the position after m into dst, which must be a *Position.
func (p *Position) PlayInto(m engine.Move, dst engine.Position) { p.play(m, dst.(*Position)) }

func (p *Position) Play(m engine.Move) (engine.Position, []engine.Event) {
	child := new(Position)
	p.play(m, child)
	return child, p.events(m, child)
}

func (p *Position) events(m engine.Move, child *Position) []engine.Event {
	var ev []engine.Event
	mover := p.g.names[p.side]
	switch moveAct(m) {
	case actRoll:
		// The dice as they lie in child: Roll keeps the order they were thrown in.
		a, b := int(child.dice[0].rolled), int(child.dice[1].rolled)
		ev = append(ev, engine.Event{Kind: engine.EventDiceRolled, Name: "dice_rolled", Player: mover, Text: "rolled " + strconv.Itoa(a) + " and " + strconv.Itoa(b)})
		for _, d := range child.dice {
			if int(d.means) != int(d.rolled) {
				ev = append(ev, engine.Event{Kind: engine.EventVariant, Name: "die_substituted", Player: mover, Piece: kindNames[d.means],
					Text: "die " + strconv.Itoa(int(d.rolled)) + " counts upward to " + meaningName(d.means)})
			}
		}
		return ev
	case actMove:
		if c := p.board[moveTo(m)]; c != 0 {
			ev = append(ev, engine.Event{Kind: engine.EventCapture, Name: "capture", Player: mover, Square: p.squareName(moveTo(m)),
				Piece: kindNames[cellKind(c)], Text: mover + " captures " + p.g.names[cellPlayer(c)] + "'s " + kindNames[cellKind(c)]})
		}
		if pr := movePromo(m); pr != 0 {
			ev = append(ev, engine.Event{Kind: engine.EventPromotion, Name: "promotion", Player: mover, Square: p.squareName(moveTo(m)),
				Piece: kindNames[pr], Text: "squire promotes to " + kindNames[pr]})
		}
	}
	if o := child.Outcome(); o.Finished {
		ev = append(ev, engine.Event{Kind: engine.EventGameOver, Name: "game_over", Text: o.Reason})
	} else if child.side != p.side {
		// Players passed over between the mover and the next are skipped: they have no piece.
		for pl := (int(p.side) + 1) % p.g.players; pl != int(child.side); pl = (pl + 1) % p.g.players {
			ev = append(ev, engine.Event{Kind: engine.EventVariant, Name: "player_skipped", Player: p.g.names[pl],
				Text: p.g.names[pl] + " has no piece left to move and is skipped"})
		}
		ev = append(ev, engine.Event{Kind: engine.EventTurnPassed, Name: "turn_passed", Player: p.g.names[child.side], Text: "turn passes to " + p.g.names[child.side]})
	}
	return ev
}

// Roll resolves the dice with the values thrown, keeping their order so the dice read as thrown.
func (p *Position) Roll(values []int) (engine.Position, []engine.Event, error) {
	if p.Phase() != engine.PhaseRoll {
		if p.finished() {
			return nil, nil, engine.ErrGameOver
		}
		return nil, nil, engine.ErrNotRollPhase
	}
	m, err := p.RollMove(values)
	if err != nil {
		return nil, nil, err
	}
	child := new(Position)
	p.play(m, child)
	if values[0] > values[1] {
		child.dice[0], child.dice[1] = child.dice[1], child.dice[0] // the key does not depend on the order
	}
	return child, p.events(m, child), nil
}

// Dice lists the two D4 of every turn.
func (p *Position) Dice() []engine.DieInfo { return p.g.variant.Describe().Dice }

// Probability is the chance of a roll outcome: 1/16 for a double, 2/16 for two different values
// (thrown in either order); 1 for an action that is not a roll.
func (p *Position) Probability(m engine.Move) float64 {
	if moveAct(m) != actRoll {
		return 1
	}
	if a, b := rollValues(m); a == b {
		return 1.0 / 16
	}
	return 2.0 / 16
}

// RollMove returns the roll outcome of two D4 showing values, in either order. Every pair of
// values from 1 to 4 counts; a die whose kind is gone counts upward when the roll is played.
func (p *Position) RollMove(values []int) (engine.Move, error) {
	if len(values) != 2 {
		return 0, &engine.SyntaxError{Text: "dice", Reason: "want two values, got " + strconv.Itoa(len(values))}
	}
	for _, v := range values {
		if v < 1 || v > 4 {
			return 0, &engine.SyntaxError{Text: "dice", Reason: "a D4 shows 1 to 4, got " + strconv.Itoa(v)}
		}
	}
	return rollMove(min(values[0], values[1]), max(values[0], values[1])), nil
}
