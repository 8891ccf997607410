package martian

import (
	"slices"
	"strconv"

	"github.com/ashtapada/ashtapada/engine"
)

func (p *Position) Setup() *engine.Setup {
	s := &engine.Setup{Variant: Name, ToMove: playerNames[p.side], Phase: p.Phase(), Options: p.options(),
		Counters: engine.TurnCounters{Quiet: p.quiet, Turn: p.turn, Captured: p.capturedThisTurn}.Counters()}
	n := 0
	for _, c := range p.board {
		if c != 0 {
			n++
		}
	}
	s.Pieces = make([]engine.PieceSetup, 0, n)
	s.Players = make([]engine.PlayerSetup, 0, len(playerNames))
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
		var rights []string
		if p.rights[pl]&rightA != 0 {
			rights = append(rights, "garrison_a")
		}
		if p.rights[pl]&rightE != 0 {
			rights = append(rights, "garrison_e")
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
	p := Position{maxTurns: uint32(o[maxTurnsOption].Int)}
	if err := p.piecesFromSetup(v.desc, s.Pieces); err != nil {
		return nil, err
	}
	side := slices.Index(playerNames[:], s.ToMove)
	if side < 0 {
		return nil, engine.Positionf("to_move", "want light or dark, got %q", s.ToMove)
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
	if len(list) != 0 && len(list) != 2 {
		return engine.Positionf("players", "want light and dark, got %d players", len(list))
	}
	for i, ps := range list {
		field := "players[" + strconv.Itoa(i) + "]"
		if ps.Name != playerNames[i] {
			return engine.Positionf(field+".name", "want %s, got %q", playerNames[i], ps.Name)
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
	for _, r := range rights {
		switch r {
		case "garrison_a":
			p.rights[pl] |= rightA
		case "garrison_e":
			p.rights[pl] |= rightE
		default:
			return engine.Positionf(field+".state."+stateRights, "unknown right %q, want garrison_a or garrison_e", r)
		}
	}
	return nil
}
