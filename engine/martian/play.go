package martian

import (
	"strconv"

	"github.com/ashtapada/ashtapada/engine"
)

// setDice resolves rolled values: each die counts upward to the first kind the player still has.
func (p *Position) setDice(a, b int) {
	var have [kinds]bool
	for _, c := range p.board {
		if c != 0 && cellPlayer(c) == int(p.side) {
			have[cellKind(c)] = true
		}
	}
	for i, v := range [2]int{a, b} {
		p.dice[i] = die{rolled: uint8(v)}
		for k := v; k <= squire; k++ {
			if have[k] {
				p.dice[i].means = uint8(k)
				break
			}
		}
	}
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
		child.board[(monarchSq+ravenSq)/2] = pieceCell(raven, us)
		child.board[ravenSq] = pieceCell(monarch, us)
		child.board[monarchSq] = 0
		child.rights[us] = 0
		child.endTurn()
		return
	}
	from, to := moveFrom(m), moveTo(m)
	kind := cellKind(p.board[from])
	if c := p.board[to]; c != 0 {
		child.lost[cellPlayer(c)][cellKind(c)]++
		child.capturedThisTurn = true
	}
	if pr := movePromo(m); pr != 0 {
		child.lost[us][pr]--
		kind = pr
	}
	child.board[to] = pieceCell(kind, us)
	child.board[from] = 0
	for _, sq := range [2]int{from, to} {
		if o := rightsOwner[sq]; o >= 0 {
			child.rights[o] &^= rightsMask[sq]
		}
	}
	// The die used is the lowest-rolled unused die that allows this piece.
	best := -1
	for i, d := range p.dice {
		if !d.used && int(d.means) == cellKind(p.board[from]) && (best < 0 || d.rolled < p.dice[best].rolled) {
			best = i
		}
	}
	child.dice[best].used = true
	switch {
	case child.finished(): // a captured monarch ends the game at once
		child.dice, child.capturedThisTurn = [2]die{}, false
	case child.dice[0].used && child.dice[1].used:
		child.endTurn()
	}
}

func (p *Position) endTurn() {
	if p.capturedThisTurn {
		p.quiet = 0
	} else {
		p.quiet++
	}
	p.capturedThisTurn = false
	p.dice = [2]die{}
	p.side ^= 1
	p.turn++
}

func (p *Position) Play(m engine.Move) (engine.Position, []engine.Event) {
	child := new(Position)
	p.play(m, child)
	return child, p.events(m, child)
}

func (p *Position) events(m engine.Move, child *Position) []engine.Event {
	var ev []engine.Event
	mover := playerNames[p.side]
	switch moveAct(m) {
	case actRoll:
		a, b := rollValues(m)
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
			ev = append(ev, engine.Event{Kind: engine.EventCapture, Name: "capture", Player: mover, Square: squareName(moveTo(m)),
				Piece: kindNames[cellKind(c)], Text: mover + " captures " + playerNames[cellPlayer(c)] + "'s " + kindNames[cellKind(c)]})
		}
		if pr := movePromo(m); pr != 0 {
			ev = append(ev, engine.Event{Kind: engine.EventPromotion, Name: "promotion", Player: mover, Square: squareName(moveTo(m)),
				Piece: kindNames[pr], Text: "squire promotes to " + kindNames[pr]})
		}
	}
	if o := child.Outcome(); o.Finished {
		ev = append(ev, engine.Event{Kind: engine.EventGameOver, Name: "game_over", Text: o.Reason})
	} else if child.side != p.side {
		ev = append(ev, engine.Event{Kind: engine.EventTurnPassed, Name: "turn_passed", Player: playerNames[child.side], Text: "turn passes to " + playerNames[child.side]})
	}
	return ev
}

func (p *Position) Roll(values []int) (engine.Position, []engine.Event, error) {
	if p.Phase() != engine.PhaseRoll {
		if p.finished() {
			return nil, nil, engine.ErrGameOver
		}
		return nil, nil, engine.ErrNotRollPhase
	}
	if len(values) != 2 {
		return nil, nil, &engine.SyntaxError{Text: "dice", Reason: "want two values, got " + strconv.Itoa(len(values))}
	}
	for _, v := range values {
		if v < 1 || v > 4 {
			return nil, nil, &engine.SyntaxError{Text: "dice", Reason: "a D4 shows 1 to 4, got " + strconv.Itoa(v)}
		}
	}
	m := rollMove(min(values[0], values[1]), max(values[0], values[1]))
	child, ev := p.Play(m)
	// Keep the order the client rolled in, so the dice read as thrown.
	c := child.(*Position)
	if values[0] > values[1] {
		c.dice[0], c.dice[1] = c.dice[1], c.dice[0]
	}
	return c, ev, nil
}

func (p *Position) Perft(depth int, rolls [][]int) uint64 {
	fixed := make([][2]int, 0, len(rolls))
	for _, r := range rolls {
		if len(r) != 2 {
			break
		}
		fixed = append(fixed, [2]int{min(r[0], r[1]), max(r[0], r[1])})
	}
	return p.perft(depth, fixed)
}

// perft counts leaves depth actions deep; rolls are not plies.
func (p *Position) perft(depth int, rolls [][2]int) uint64 {
	if depth == 0 {
		return 1
	}
	if p.finished() {
		return 0
	}
	var child Position
	if !p.rolled() {
		if len(rolls) > 0 {
			p.play(rollMove(rolls[0][0], rolls[0][1]), &child)
			return child.perft(depth, rolls[1:])
		}
		var n uint64
		for _, m := range rollOutcomes {
			p.play(m, &child)
			n += child.perft(depth, nil)
		}
		return n
	}
	var buf [engine.MaxMoves]engine.Move
	moves := p.generate(buf[:0])
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		p.play(m, &child)
		n += child.perft(depth-1, rolls)
	}
	return n
}
