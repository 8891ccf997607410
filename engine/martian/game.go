package martian

import (
	"slices"
	"strconv"
	"strings"

	"github.com/ashtapada/ashtapada/engine"
)

func (p *Position) Variant() engine.Variant { return Variant }
func (p *Position) ToMove() int             { return int(p.side) }

func (p *Position) Phase() engine.Phase {
	switch {
	case p.finished():
		return engine.PhaseFinished
	case !p.rolled():
		return engine.PhaseRoll
	}
	return engine.PhaseAction
}

// Moves appends the legal actions: in the roll phase, the ten distinct rolls.
func (p *Position) Moves(buf []engine.Move) []engine.Move {
	switch p.Phase() {
	case engine.PhaseRoll:
		return append(buf, rollOutcomes...)
	case engine.PhaseAction:
		return p.generate(buf)
	}
	return buf
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

func (p *Position) Action(m engine.Move) engine.Action {
	a := engine.Action{Player: playerNames[p.side], Die: -1}
	switch moveAct(m) {
	case actRoll:
		x, y := rollValues(m)
		a.Kind, a.Name, a.Dice = engine.ActionRoll, "roll", []int{x, y}
	case actEnd:
		a.Kind, a.Name = engine.ActionEndTurn, "end_turn"
	case actGarrison:
		a.Kind, a.Name, a.Piece, a.From, a.To = engine.ActionVariant, "garrison", "monarch", squareName(moveFrom(m)), squareName(moveTo(m))
	default:
		from, to := moveFrom(m), moveTo(m)
		kind := cellKind(p.board[from])
		a.Kind, a.Name, a.Piece, a.From, a.To = engine.ActionMove, "move", kindNames[kind], squareName(from), squareName(to)
		if c := p.board[to]; c != 0 {
			a.Captured = kindNames[cellKind(c)]
		}
		if pr := movePromo(m); pr != 0 {
			a.Promotion = kindNames[pr]
		}
		for i, d := range p.dice {
			if !d.used && int(d.means) == kind && (a.Die < 0 || d.rolled < p.dice[a.Die].rolled) {
				a.Die = i
			}
		}
	}
	return a
}

func (p *Position) Notation(m engine.Move) string {
	switch moveAct(m) {
	case actRoll:
		a, b := rollValues(m)
		return "roll " + strconv.Itoa(a) + " " + strconv.Itoa(b)
	case actEnd:
		return "end"
	}
	s := squareName(moveFrom(m)) + squareName(moveTo(m))
	if pr := movePromo(m); pr != 0 {
		s += "=" + string(letters[pr])
	}
	return s
}

func (p *Position) ParseMove(text string) (engine.Move, error) {
	return engine.ParseLegal(p, text, p.parseAction, p.whyIllegal)
}

// parseAction reads the notation into the move it would be, without checking legality.
func (p *Position) parseAction(s, text string) (engine.Move, error) {
	syntax := func(reason string) error { return &engine.SyntaxError{Text: text, Reason: reason} }
	if s == "end" {
		return endMove, nil
	}
	if rest, ok := strings.CutPrefix(s, "roll "); ok {
		f := strings.Fields(rest)
		if len(f) != 2 || len(f[0]) != 1 || len(f[1]) != 1 || f[0][0] < '1' || f[0][0] > '4' || f[1][0] < '1' || f[1][0] > '4' {
			return 0, syntax("want two die values from 1 to 4, such as roll 1 3")
		}
		a, b := int(f[0][0]-'0'), int(f[1][0]-'0')
		return rollMove(min(a, b), max(a, b)), nil
	}
	body, promo, hasPromo := strings.Cut(s, "=")
	if len(body) != 4 {
		return 0, syntax("want a move such as b1c3 or b4b5=r, end, or roll 1 3")
	}
	ff, fr, err1 := engine.ParseSquareName(body[:2], size, size)
	tf, tr, err2 := engine.ParseSquareName(body[2:], size, size)
	if err1 != nil || err2 != nil {
		return 0, syntax("squares run from a1 to e5")
	}
	from, to := fr*size+ff, tr*size+tf
	pr := 0
	if hasPromo {
		pr = strings.IndexByte("mpr", promo[0]) + 1
		if len(promo) != 1 || pr == 0 {
			return 0, syntax("a squire promotes to m, p or r")
		}
	}
	m := newMove(from, to, pr)
	if c := p.board[from]; c != 0 && cellKind(c) == monarch && !hasPromo {
		for side := 0; side < 2; side++ {
			r, _, mq := garrisonSquares(cellPlayer(c), side)
			if mq == from && r == to && p.board[to] == pieceCell(raven, cellPlayer(c)) {
				m |= actGarrison << 13
			}
		}
	}
	return m, nil
}

// whyIllegal explains why a well-formed action is not legal here.
func (p *Position) whyIllegal(m engine.Move) string {
	us := int(p.side)
	switch moveAct(m) {
	case actRoll:
		return "the dice are already rolled this turn"
	case actEnd:
		return "the dice must be rolled before the turn can end"
	}
	if !p.rolled() {
		return "roll the dice first"
	}
	from, to := moveFrom(m), moveTo(m)
	c := p.board[from]
	switch {
	case c == 0:
		return "there is no piece on " + squareName(from)
	case cellPlayer(c) != us:
		return "the piece on " + squareName(from) + " belongs to " + playerNames[cellPlayer(c)]
	case cellKind(c) == keep:
		return "keeps never move"
	case moveAct(m) == actGarrison:
		return "the garrison needs a rolled 1 and 3 both unused, an unmoved monarch and raven, and an empty square between them"
	}
	kind := cellKind(c)
	allowed := false
	for _, d := range p.dice {
		allowed = allowed || (!d.used && int(d.means) == kind)
	}
	if !allowed {
		return "no unused die allows the " + kindNames[kind] + " to move"
	}
	if pr := movePromo(m); pr != 0 {
		if kind != squire || to/size != lastRank(us) {
			return "only a squire reaching the opponent's home row promotes"
		}
		return "a squire promotes only to a piece the player has had captured, and " + kindNames[pr] + " is not among them"
	}
	if t := p.board[to]; t != 0 && cellKind(t) == keep {
		return "no piece may land on a keep"
	}
	return "a " + kindNames[kind] + " on " + squareName(from) + " cannot move to " + squareName(to)
}

// Dice lists the two D4 of every turn.
func (p *Position) Dice() []engine.DieInfo { return Variant.Describe().Dice }

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

func (p *Position) Outcome() engine.Outcome {
	if g := p.monarchGone(); g >= 0 {
		return engine.Decided(2, "monarch_captured", g^1)
	}
	if p.maxTurns > 0 && p.quiet >= p.maxTurns {
		return engine.Decided(2, "move_limit")
	}
	return engine.Outcome{}
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

func (p *Position) Setup() *engine.Setup {
	s := &engine.Setup{Variant: Name, ToMove: playerNames[p.side], Phase: p.Phase(),
		Options:  engine.Options{maxTurnsOption: {Kind: engine.OptionInt, Int: int64(p.maxTurns)}},
		Counters: engine.TurnCounters{Quiet: p.quiet, Turn: p.turn, Captured: p.capturedThisTurn}.Counters()}
	for sq, c := range p.board {
		if c != 0 {
			s.Pieces = append(s.Pieces, engine.PieceSetup{Square: squareName(sq), Kind: kindNames[cellKind(c)], Player: playerNames[cellPlayer(c)]})
		}
	}
	if p.rolled() {
		for _, d := range p.dice {
			s.Dice = append(s.Dice, engine.DieSetup{Kind: "d4", Value: int(d.rolled), Means: kindNames[d.means], Used: d.used})
		}
	}
	for pl, name := range playerNames {
		ps := engine.PlayerSetup{Name: name}
		for k := monarch; k <= squire; k++ {
			for i := 0; i < int(p.lost[pl][k]); i++ {
				ps.Lost = append(ps.Lost, kindNames[k])
			}
		}
		if p.rights[pl]&rightA != 0 {
			ps.Rights = append(ps.Rights, "garrison_a")
		}
		if p.rights[pl]&rightE != 0 {
			ps.Rights = append(ps.Rights, "garrison_e")
		}
		s.Players = append(s.Players, ps)
	}
	return s
}

func (v *variant) FromSetup(s *engine.Setup) (engine.Position, error) {
	o, err := engine.ResolveOptions(v.desc.Options, s.Options)
	if err != nil {
		return nil, err
	}
	var p Position
	p.maxTurns = uint32(o[maxTurnsOption].Int)
	for i, pc := range s.Pieces {
		field := "pieces[" + strconv.Itoa(i) + "]"
		f, r, err := engine.ParseSquareName(pc.Square, size, size)
		if err != nil {
			return nil, engine.Positionf(field+".square", "%v", err)
		}
		k := slices.Index(kindNames[1:], pc.Kind) + 1
		if k == 0 {
			return nil, engine.Positionf(field+".kind", "unknown piece kind %q, want monarch, paladin, raven, squire or keep", pc.Kind)
		}
		pl := slices.Index(playerNames[:], pc.Player)
		if pl < 0 {
			return nil, engine.Positionf(field+".player", "unknown player %q, want light or dark", pc.Player)
		}
		if p.board[r*size+f] != 0 {
			return nil, engine.Positionf(field+".square", "%s holds two pieces", pc.Square)
		}
		p.board[r*size+f] = pieceCell(k, pl)
	}
	side := slices.Index(playerNames[:], s.ToMove)
	if side < 0 {
		return nil, engine.Positionf("to_move", "want light or dark, got %q", s.ToMove)
	}
	p.side = uint8(side)
	switch len(s.Dice) {
	case 0:
	case 2:
		for i, d := range s.Dice {
			if d.Value < 1 || d.Value > 4 || (d.Kind != "" && d.Kind != "d4") {
				return nil, engine.Positionf("dice["+strconv.Itoa(i)+"]", "want a d4 showing 1 to 4")
			}
			means := 0
			if d.Means != "" {
				means = slices.Index(kindNames[1:squire+1], d.Means) + 1
				if means == 0 {
					return nil, engine.Positionf("dice["+strconv.Itoa(i)+"].means", "unknown piece kind %q", d.Means)
				}
			}
			p.dice[i] = die{rolled: uint8(d.Value), means: uint8(means), used: d.Used}
		}
	default:
		return nil, engine.Positionf("dice", "want no dice (before the roll) or two, got %d", len(s.Dice))
	}
	if len(s.Players) != 0 && len(s.Players) != 2 {
		return nil, engine.Positionf("players", "want light and dark, got %d players", len(s.Players))
	}
	for i, ps := range s.Players {
		if ps.Name != playerNames[i] {
			return nil, engine.Positionf("players["+strconv.Itoa(i)+"].name", "want %s, got %q", playerNames[i], ps.Name)
		}
		for _, k := range ps.Lost {
			kk := slices.Index(kindNames[1:squire+1], k) + 1
			if kk == 0 || p.lost[i][kk] >= 9 {
				return nil, engine.Positionf("players["+strconv.Itoa(i)+"].lost", "bad captured piece %q", k)
			}
			p.lost[i][kk]++
		}
		for _, r := range ps.Rights {
			switch r {
			case "garrison_a":
				p.rights[i] |= rightA
			case "garrison_e":
				p.rights[i] |= rightE
			default:
				return nil, engine.Positionf("players["+strconv.Itoa(i)+"].rights", "unknown right %q, want garrison_a or garrison_e", r)
			}
		}
	}
	tc, err := engine.ReadTurnCounters(s.Counters)
	if err != nil {
		return nil, err
	}
	p.quiet, p.turn, p.capturedThisTurn = tc.Quiet, tc.Turn, tc.Captured

	if err := p.validate(); err != nil {
		return nil, err
	}
	return &p, nil
}
