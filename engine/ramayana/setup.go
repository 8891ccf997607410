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
	p := Position{v: v, game: game{move: 1}}
	if err := p.piecesFromSetup(v.desc, s.Pieces); err != nil {
		return nil, err
	}
	side := slices.Index(playerNames[:], s.ToMove)
	if side < 0 {
		return nil, engine.Positionf("to_move", "want yellow or red, got %q", s.ToMove)
	}
	p.side = uint8(side)
	if err := p.countersFromSetup(s.Counters); err != nil {
		return nil, err
	}
	if err := p.validate(); err != nil {
		return nil, err
	}
	return &p, nil
}

// piecesFromSetup places the pieces. The description lists the kinds in the order of their
// numbers, from the Rajah; the Rakshasas belong to no player.
func (p *Position) piecesFromSetup(d *engine.Description, pieces []engine.PieceSetup) error {
	placed, err := engine.ReadPieces(d, d.Players, d.Board, files, ranks, pieces)
	if err != nil {
		return err
	}
	for i, pc := range placed {
		kind, owner := rajah+pc.Kind, pc.Player
		if kind == rakshasa {
			if owner >= 0 {
				return engine.Positionf("pieces["+strconv.Itoa(i)+"].player", "a Rakshasa belongs to no player")
			}
			owner = neutral
		}
		p.board[pc.Rank*files+pc.File] = pieceCell(kind, owner)
	}
	return nil
}

func (p *Position) countersFromSetup(counters []engine.Counter) error {
	for _, c := range counters {
		var lo, hi int64
		switch c.Name {
		case "quiet_plies":
			lo, hi = 0, 100
			p.quiet = uint32(c.Value)
		case "move_number":
			lo, hi = 1, engine.MaxCounter
			p.move = uint32(c.Value)
		default:
			return engine.Positionf("counters."+c.Name, "unknown counter, want quiet_plies or move_number")
		}
		if c.Value < lo || c.Value > hi {
			return engine.Positionf("counters."+c.Name, "want a value from %d to %d, got %d", lo, hi, c.Value)
		}
	}
	return nil
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
