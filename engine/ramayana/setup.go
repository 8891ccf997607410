package ramayana

import (
	"slices"
	"strconv"

	"github.com/ashtapada/ashtapada/engine"
)

func (v *variant) FromSetup(s *engine.Setup) (engine.Position, error) {
	if _, err := engine.ResolveOptions(v.desc.Options, s.Options); err != nil {
		return nil, err
	}
	p := Position{move: 1}
	for i, pc := range s.Pieces {
		field := "pieces[" + strconv.Itoa(i) + "]"
		sq, ok := parseSquare(pc.Square)
		if !ok {
			return nil, engine.Positionf(field+".square", "%q is not a square of the board", pc.Square)
		}
		k := slices.Index(kindNames[:], pc.Kind)
		if k <= 0 {
			return nil, engine.Positionf(field+".kind", "unknown piece kind %q", pc.Kind)
		}
		owner := slices.Index(playerNames[:], pc.Player)
		if k == rakshasa {
			if pc.Player != "" {
				return nil, engine.Positionf(field+".player", "a Rakshasa belongs to no player")
			}
			owner = neutral
		} else if owner < 0 {
			return nil, engine.Positionf(field+".player", "unknown player %q, want yellow or red", pc.Player)
		}
		if p.board[sq] != 0 {
			return nil, engine.Positionf(field+".square", "%s holds two pieces", pc.Square)
		}
		p.board[sq] = pieceCell(k, owner)
	}
	side := slices.Index(playerNames[:], s.ToMove)
	if side < 0 {
		return nil, engine.Positionf("to_move", "want yellow or red, got %q", s.ToMove)
	}
	p.side = uint8(side)
	for _, c := range s.Counters {
		var lo, hi int64
		switch c.Name {
		case "quiet_plies":
			lo, hi = 0, 100
			p.quiet = uint32(c.Value)
		case "move_number":
			lo, hi = 1, engine.MaxCounter
			p.move = uint32(c.Value)
		default:
			return nil, engine.Positionf("counters."+c.Name, "unknown counter, want quiet_plies or move_number")
		}
		if c.Value < lo || c.Value > hi {
			return nil, engine.Positionf("counters."+c.Name, "want a value from %d to %d, got %d", lo, hi, c.Value)
		}
	}
	if err := p.validate(); err != nil {
		return nil, err
	}
	return &p, nil
}

func (p *Position) Setup() *engine.Setup {
	s := &engine.Setup{Variant: Name, Options: engine.Options{}, ToMove: playerNames[p.side], Phase: p.Phase(),
		Counters: []engine.Counter{{Name: "quiet_plies", Value: int64(p.quiet)}, {Name: "move_number", Value: int64(p.move)}}}
	for _, n := range playerNames {
		s.Players = append(s.Players, engine.PlayerSetup{Name: n})
	}
	for _, sq := range existing {
		if c := p.board[sq]; c != 0 {
			ps := engine.PieceSetup{Square: squareName(int(sq)), Kind: kindNames[cellKind(c)]}
			if cellOwner(c) < 2 {
				ps.Player = playerNames[cellOwner(c)]
			}
			s.Pieces = append(s.Pieces, ps)
		}
	}
	return s
}
