package martian

import (
	"slices"
	"strconv"

	"github.com/ashtapada/ashtapada/engine"
)

func (p *Position) Setup() *engine.Setup {
	g := p.g
	s := &engine.Setup{Variant: g.name, ToMove: g.names[p.side], Phase: p.Phase(), Options: p.options(),
		Counters: engine.TurnCounters{Quiet: p.quiet, Turn: p.turn, Captured: p.capturedThisTurn}.Counters()}
	n := 0
	for _, c := range p.board[:g.squares] {
		if c != 0 {
			n++
		}
	}
	s.Pieces = make([]engine.PieceSetup, 0, n)
	s.Players = make([]engine.PlayerSetup, 0, g.players)
	for sq, c := range p.board[:g.squares] {
		if c != 0 {
			s.Pieces = append(s.Pieces, engine.PieceSetup{Square: g.squareName(sq), Kind: g.kindName(cellKind(c)), Player: g.names[cellPlayer(c)]})
		}
	}
	if p.rolled() {
		for _, d := range p.dice {
			s.Dice = append(s.Dice, engine.DieSetup{Kind: "d4", Value: int(d.rolled), Means: kindNames[d.means], Used: d.used})
		}
	}
	for pl := 0; pl < g.players; pl++ {
		ps := engine.PlayerSetup{Name: g.names[pl]}
		for k := monarch; k <= squire; k++ {
			for range p.lost[pl][k] {
				ps.Lost = append(ps.Lost, kindNames[k])
			}
		}
		var rights []string
		for side := range g.garrisons[pl] {
			if p.rights&(1<<(pl*2+side)) != 0 {
				rights = append(rights, g.rightName(pl, side))
			}
		}
		engine.SetState(&ps.State, stateRights, engine.ListState(rights))
		s.Players = append(s.Players, ps)
	}
	return s
}

// stateRights names a player's garrison rights in the structured form's state.
const stateRights = "rights"

func (v *variant) FromSetup(s *engine.Setup) (engine.Position, error) {
	if err := engine.CheckState(v.desc, s); err != nil {
		return nil, err
	}
	o, err := engine.ResolveOptions(v.desc.Options, s.Options)
	if err != nil {
		return nil, err
	}
	g := v.g
	p := Position{g: g, maxTurns: uint32(o[maxTurnsOption].Int)}
	if err := p.piecesFromSetup(v.desc, s.Pieces); err != nil {
		return nil, err
	}
	side := slices.Index(g.names[:g.players], s.ToMove)
	if side < 0 {
		return nil, engine.Positionf("to_move", "want one of %v, got %q", g.names[:g.players], s.ToMove)
	}
	p.side = uint8(side)
	if err := p.diceFromSetup(s.Dice); err != nil {
		return nil, err
	}
	if err := p.playersFromSetup(s.Players); err != nil {
		return nil, err
	}
	tc, err := engine.ReadTurnCounters(s.Counters)
	if err != nil {
		return nil, err
	}
	p.quiet, p.turn, p.capturedThisTurn = tc.Quiet, tc.Turn, tc.Captured

	p.key = p.computeKey()
	if err := p.validate(); err != nil {
		return nil, err
	}
	return &p, nil
}

// piecesFromSetup places the pieces. The description lists the kinds in the order of their
// numbers, from the monarch.
func (p *Position) piecesFromSetup(d *engine.Description, pieces []engine.PieceSetup) error {
	size := p.g.size
	placed, err := engine.ReadPieces(d, d.Players, d.Board, size, size, pieces)
	if err != nil {
		return err
	}
	for _, pc := range placed {
		p.set(pc.Rank*size+pc.File, pieceCell(monarch+pc.Kind, pc.Player))
	}
	return nil
}

func (p *Position) diceFromSetup(dice []engine.DieSetup) error {
	if len(dice) != 0 && len(dice) != 2 {
		return engine.Positionf("dice", "want no dice (before the roll) or two, got %d", len(dice))
	}
	for i, d := range dice {
		field := "dice[" + strconv.Itoa(i) + "]"
		if d.Value < 1 || d.Value > 4 || (d.Kind != "" && d.Kind != "d4") {
			return engine.Positionf(field, "want a d4 showing 1 to 4")
		}
		means := 0
		if d.Means != "" {
			if means = mobileKind(d.Means); means == 0 {
				return engine.Positionf(field+".means", "unknown piece kind %q", d.Means)
			}
		}
		p.dice[i] = die{rolled: uint8(d.Value), means: uint8(means), used: d.Used}
	}
	return nil
}

// mobileKind returns the kind named, if it is one a die names or a squire promotes to, else 0.
func mobileKind(name string) int { return slices.Index(kindNames[1:squire+1], name) + 1 }

func (p *Position) playersFromSetup(list []engine.PlayerSetup) error {
	g := p.g
	if len(list) != 0 && len(list) != g.players {
		return engine.Positionf("players", "want %d players (%v), got %d", g.players, g.names[:g.players], len(list))
	}
	for i, ps := range list {
		field := "players[" + strconv.Itoa(i) + "]"
		if ps.Name != g.names[i] {
			return engine.Positionf(field+".name", "want %s, got %q", g.names[i], ps.Name)
		}
		for _, k := range ps.Lost {
			kind := mobileKind(k)
			if kind == 0 || p.lost[i][kind] >= 9 {
				return engine.Positionf(field+".lost", "bad captured piece %q", k)
			}
			p.lost[i][kind]++
		}
		if err := p.rightsFromSetup(i, field, ps.State[stateRights].List); err != nil {
			return err
		}
	}
	return nil
}

func (p *Position) rightsFromSetup(pl int, field string, rights []string) error {
	g := p.g
	var known []string
	for side := range g.garrisons[pl] {
		known = append(known, g.rightName(pl, side))
	}
	for _, r := range rights {
		side := slices.Index(known, r)
		if side < 0 {
			return engine.Positionf(field+".state."+stateRights, "unknown right %q, want %s", r, joinOr(known))
		}
		p.rights |= 1 << (pl*2 + side)
	}
	return nil
}

// joinOr lists names as "a or b".
func joinOr(names []string) string {
	out := ""
	for i, n := range names {
		switch {
		case i == 0:
		case i == len(names)-1:
			out += " or "
		default:
			out += ", "
		}
		out += n
	}
	return out
}
