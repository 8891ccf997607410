package chaturanga

import (
	"slices"
	"strconv"
	"strings"

	"github.com/ashtapada/ashtapada/engine"
)

func (p *Position) Setup() *engine.Setup {
	s := &engine.Setup{Variant: Name, Options: engine.Options{}, ToMove: playerNames[p.side], Phase: p.Phase(),
		Counters: []engine.Counter{{Name: "halfmove_clock", Value: int64(p.halfmove)}, {Name: "fullmove_number", Value: int64(p.fullmove)}}}
	s.Players = make([]engine.PlayerSetup, 0, len(playerNames))
	for _, n := range playerNames {
		s.Players = append(s.Players, engine.PlayerSetup{Name: n})
	}
	s.Pieces = make([]engine.PieceSetup, 0, popcount(p.occupied()))
	for sq := 0; sq < 64; sq++ {
		if typ, color, ok := p.pieceAt(sq); ok {
			s.Pieces = append(s.Pieces, engine.PieceSetup{Square: squareName(sq), Kind: kindNames[typ], Player: playerNames[color]})
		}
	}
	return s
}

func (v *variant) FromSetup(s *engine.Setup) (engine.Position, error) {
	if _, err := engine.ResolveOptions(v.desc.Options, s.Options); err != nil {
		return nil, err
	}
	p := Position{v: v}
	for i := range p.board {
		p.board[i] = empty
	}
	for i, pc := range s.Pieces {
		field := "pieces[" + strconv.Itoa(i) + "]"
		f, r, err := engine.ParseSquareName(pc.Square, 8, 8)
		if err != nil {
			return nil, engine.Positionf(field+".square", "%v", err)
		}
		typ := slices.Index(kindNames[:], pc.Kind)
		if typ < 0 {
			return nil, engine.Positionf(field+".kind", "unknown piece kind %q, want one of %s", pc.Kind, strings.Join(kindNames[:], ", "))
		}
		color := slices.Index(playerNames[:], pc.Player)
		if color < 0 {
			return nil, engine.Positionf(field+".player", "unknown player %q, want white or black", pc.Player)
		}
		if p.board[r*8+f] != empty {
			return nil, engine.Positionf(field+".square", "%s holds two pieces", pc.Square)
		}
		p.put(r*8+f, typ, color)
	}
	side := slices.Index(playerNames[:], s.ToMove)
	if side < 0 {
		return nil, engine.Positionf("to_move", "want white or black, got %q", s.ToMove)
	}
	p.side = uint8(side)
	if p.side == black {
		p.key ^= zobristBlack
	}
	p.fullmove = 1
	for _, c := range s.Counters {
		var lo, hi int64
		switch c.Name {
		case "halfmove_clock":
			lo, hi = 0, drawPlies
			p.halfmove = uint16(c.Value)
		case "fullmove_number":
			lo, hi = 1, engine.MaxCounter
			p.fullmove = uint32(c.Value)
		default:
			return nil, engine.Positionf("counters."+c.Name, "unknown counter, want halfmove_clock or fullmove_number")
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
