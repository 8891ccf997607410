package chaturaji

import (
	"errors"
	"fmt"
	"slices"
	"strconv"

	"github.com/ashtapada/ashtapada/engine"
)

var stageNames = [...]string{exAvailable: "available", exProposed: "proposed", exReturning: "returning"}

// Setup returns the structured form of the position.
func (p *Position) Setup() *engine.Setup {
	s := &engine.Setup{Variant: Name, Options: p.rules.options(), ToMove: playerNames[p.side], Phase: p.phase(),
		Counters: engine.TurnCounters{Quiet: p.quiet, Turn: p.turn, Captured: p.captured}.Counters()}
	n := 0
	for _, c := range p.board {
		if c != 0 {
			n++
		}
	}
	s.Pieces = make([]engine.PieceSetup, 0, n)
	s.Players = make([]engine.PlayerSetup, 0, len(playerNames))
	for sq, c := range p.board {
		if c == 0 {
			continue
		}
		pc := engine.PieceSetup{Square: squareName(sq), Kind: kindNames[cellKind(c)], Player: playerNames[cellOwner(c)]}
		if cellColour(c) != cellOwner(c) {
			pc.Color = playerNames[cellColour(c)]
		}
		if cellKind(c) == pawn {
			pc.PromotesTo = kindNames[cellTarget(c)]
		}
		s.Pieces = append(s.Pieces, pc)
	}
	for i := 0; i < 2 && p.dice[i].value != 0; i++ {
		s.Dice = append(s.Dice, engine.DieSetup{Kind: "d6_reroll", Value: int(p.dice[i].value), Means: dieMeanings[p.dice[i].value], Used: p.dice[i].used})
	}
	for pl, name := range playerNames {
		ps := engine.PlayerSetup{Name: name, Out: !p.active(pl)}
		for src := fromCaptures; src < sources; src++ {
			ps.Score += int(p.score[pl][src])
			ps.ScoreParts = append(ps.ScoreParts, engine.ScorePart{Source: sourceNames[src], Points: int(p.score[pl][src])})
		}
		var commands []string
		for x, c := range p.commander {
			if c == int8(pl) {
				commands = append(commands, playerNames[x])
			}
		}
		engine.SetState(&ps.State, stateCommands, engine.ListState(commands))
		s.Players = append(s.Players, ps)
	}
	if p.ex.stage != exNone {
		prop := &engine.ProposalSetup{Kind: "raja_exchange", Stage: stageNames[p.ex.stage]}
		for _, pl := range p.ex.rajas {
			if pl >= 0 {
				prop.Players = append(prop.Players, playerNames[pl])
			}
		}
		if p.ex.stage == exProposed {
			prop.Responder = playerNames[p.ex.responder]
		}
		s.Proposal = prop
	}
	return s
}

// stateCommands names, in the structured form's state, the partners a player commands.
const stateCommands = "commands"

// FromSetup builds a position from its structured form.
func (v *variant) FromSetup(s *engine.Setup) (engine.Position, error) {
	if err := engine.CheckState(Variant.Describe(), s); err != nil {
		return nil, err
	}
	r, err := rulesFromOptions(s.Options)
	if err != nil {
		return nil, err
	}
	p := Position{v: v, game: game{rules: r, commander: [players]int8{-1, -1, -1, -1}}}
	if err := p.piecesFromSetup(v.desc, s.Pieces); err != nil {
		return nil, err
	}
	side := slices.Index(playerNames[:], s.ToMove)
	if side < 0 {
		return nil, engine.Positionf("to_move", "want black, green, red or yellow, got %q", s.ToMove)
	}
	p.side = uint8(side)
	if err := p.diceFromSetup(s.Dice); err != nil {
		return nil, err
	}
	if err := p.playersFromSetup(s.Players); err != nil {
		return nil, err
	}
	if err := p.proposalFromSetup(s.Proposal); err != nil {
		return nil, err
	}
	tc, err := engine.ReadTurnCounters(s.Counters)
	if err != nil {
		return nil, err
	}
	p.quiet, p.turn, p.captured = tc.Quiet, tc.Turn, tc.Captured

	if err := p.validate(); err != nil {
		return nil, err
	}
	if err := p.checkOut(s.Players); err != nil {
		return nil, err
	}
	return &p, nil
}

// piecesFromSetup places the pieces, a pawn with the piece it promotes to.
func (p *Position) piecesFromSetup(d *engine.Description, pieces []engine.PieceSetup) error {
	placed, err := engine.ReadPieces(d, d.Players, d.Board, size, size, pieces)
	if err != nil {
		return err
	}
	for i, pc := range placed {
		kind := slices.Index(kindNames[:], d.Pieces[pc.Kind].Kind)
		target, err := promotionTarget(kind, pc.Setup.PromotesTo)
		if err != nil {
			return engine.Positionf("pieces["+strconv.Itoa(i)+"].promotes_to", "%v", err)
		}
		p.set(pc.Rank*size+pc.File, newCell(kind, pc.Player, target, pc.Color))
	}
	return nil
}

// promotionTarget reads the piece a pawn promotes to: one of those that stand behind the pawns
// at the start. Other pieces name none.
func promotionTarget(kind int, name string) (int, error) {
	if kind != pawn {
		if name != "" {
			return 0, errors.New("only pawns promote")
		}
		return 0, nil
	}
	target := slices.Index(kindNames[:], name)
	if target < boat {
		return 0, fmt.Errorf("a pawn promotes to the raja, elephant, horse or boat it stood in front of, got %q", engine.Text(name))
	}
	return target, nil
}

func (p *Position) diceFromSetup(dice []engine.DieSetup) error {
	if len(dice) > 2 {
		return engine.Positionf("dice", "at most two dice, got %d", len(dice))
	}
	for i, d := range dice {
		if d.Value < 2 || d.Value > 5 || (d.Kind != "" && d.Kind != "d6_reroll") {
			return engine.Positionf("dice["+strconv.Itoa(i)+"]", "want a d6_reroll die showing 2 to 5 (1 and 6 are rolled again)")
		}
		if d.Means != "" && d.Means != dieMeanings[d.Value] {
			return engine.Positionf("dice["+strconv.Itoa(i)+"].means", "%d means %s, not %q", d.Value, dieMeanings[d.Value], d.Means)
		}
		p.dice[i] = die{value: uint8(d.Value), used: d.Used}
	}
	return nil
}

func (p *Position) playersFromSetup(list []engine.PlayerSetup) error {
	if len(list) != 0 && len(list) != players {
		return engine.Positionf("players", "want black, green, red and yellow in that order, got %d players", len(list))
	}
	for i, ps := range list {
		field := "players[" + strconv.Itoa(i) + "]"
		if ps.Name != playerNames[i] {
			return engine.Positionf(field+".name", "want %s, got %q", playerNames[i], ps.Name)
		}
		if err := p.scoreFromSetup(i, field, &ps); err != nil {
			return err
		}
		if len(ps.Held) > 0 || len(ps.Lost) > 0 {
			return engine.Positionf(field, "chaturaji positions have no held pieces or lost lists")
		}
		if err := p.commandsFromSetup(i, field, ps.State[stateCommands].List); err != nil {
			return err
		}
	}
	return nil
}

// scoreFromSetup reads a player's points: all from captures, or by source in score_parts, which
// then add up to the score.
func (p *Position) scoreFromSetup(pl int, field string, ps *engine.PlayerSetup) error {
	if ps.Score < 0 || ps.Score > maxScore {
		return engine.Positionf(field+".score", "%d is out of range", ps.Score)
	}
	if len(ps.ScoreParts) == 0 {
		p.score[pl][fromCaptures] = int32(ps.Score)
		return nil
	}
	sum := 0
	for j, part := range ps.ScoreParts {
		partField := field + ".score_parts[" + strconv.Itoa(j) + "]"
		src := slices.Index(sourceNames[:], part.Source)
		if src < 0 {
			return engine.Positionf(partField+".source", "unknown source %q, want captures, throne or empire", part.Source)
		}
		if part.Points < 0 || part.Points > maxScore {
			return engine.Positionf(partField+".points", "%d is out of range", part.Points)
		}
		p.score[pl][src] += int32(part.Points)
		sum += part.Points
	}
	if sum != ps.Score {
		return engine.Positionf(field+".score", "%d is not the sum of its parts, %d", ps.Score, sum)
	}
	return nil
}

// commandsFromSetup reads the players whom player pl commands.
func (p *Position) commandsFromSetup(pl int, field string, commands []string) error {
	for _, name := range commands {
		x := slices.Index(playerNames[:], name)
		if x < 0 {
			return engine.Positionf(field+".state."+stateCommands, "unknown player %q", name)
		}
		if p.commander[x] >= 0 {
			return engine.Positionf(field+".state."+stateCommands, "%s has two commanders", name)
		}
		p.commander[x] = int8(pl)
	}
	return nil
}

// checkOut checks that the players said to be out have no pieces that move.
func (p *Position) checkOut(list []engine.PlayerSetup) error {
	for i, ps := range list {
		if ps.Out && p.active(i) {
			return engine.Positionf("players["+strconv.Itoa(i)+"].out", "%s still has pieces that move", ps.Name)
		}
	}
	return nil
}

func (p *Position) proposalFromSetup(s *engine.ProposalSetup) error {
	if s == nil {
		return nil
	}
	if s.Kind != "raja_exchange" {
		return engine.Positionf("proposal.kind", "want raja_exchange, got %q", s.Kind)
	}
	stage := slices.Index(stageNames[:], s.Stage)
	if stage <= 0 {
		return engine.Positionf("proposal.stage", "want available, proposed or returning, got %q", s.Stage)
	}
	lo, hi := 2, 2
	if stage == exReturning {
		lo = 1
	}
	if len(s.Players) < lo || len(s.Players) > hi {
		return engine.Positionf("proposal.players", "want %d to %d players, got %d", lo, hi, len(s.Players))
	}
	p.ex = exchange{stage: uint8(stage), rajas: [2]int8{-1, -1}, responder: -1}
	for i, name := range s.Players {
		pl := slices.Index(playerNames[:], name)
		if pl < 0 {
			return engine.Positionf("proposal.players", "unknown player %q", name)
		}
		p.ex.rajas[i] = int8(pl)
	}
	if stage == exProposed {
		r := slices.Index(playerNames[:], s.Responder)
		if r < 0 {
			return engine.Positionf("proposal.responder", "unknown player %q", s.Responder)
		}
		p.ex.responder = int8(r)
	} else if s.Responder != "" {
		return engine.Positionf("proposal.responder", "only a proposed exchange has a responder")
	}
	return nil
}
