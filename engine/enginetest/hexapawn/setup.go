package hexapawn

import "github.com/ashtapada/ashtapada/engine"

func (p *Position) Setup() *engine.Setup {
	s := &engine.Setup{Variant: Name, Options: engine.Options{}, ToMove: playerNames[p.side], Phase: p.Phase(),
		Players: []engine.PlayerSetup{{Name: playerNames[white]}, {Name: playerNames[black]}}}
	for sq, c := range p.board {
		if c != empty {
			s.Pieces = append(s.Pieces, engine.PieceSetup{Square: squareName(sq), Kind: "pawn", Player: playerNames[c]})
		}
	}
	return s
}

func (v *variant) FromSetup(s *engine.Setup) (engine.Position, error) {
	if _, err := engine.ResolveOptions(v.desc.Options, s.Options); err != nil {
		return nil, err
	}
	if err := engine.CheckState(v.desc, s); err != nil {
		return nil, err
	}
	pieces, err := engine.ReadPieces(v.desc, v.desc.Players, v.desc.Board, size, size, s.Pieces)
	if err != nil {
		return nil, err
	}
	var p Position
	p.clear()
	for _, pc := range pieces {
		if pc.Color != pc.Player {
			return nil, engine.Positionf("pieces", "a pawn on %s has the colour of another player", pc.Setup.Square)
		}
		p.put(pc.Rank*size+pc.File, uint8(pc.Player))
	}
	side := engine.SeatIndex(v.desc.Players, s.ToMove)
	if side < 0 {
		return nil, engine.Positionf("to_move", "want white or black, got %q", s.ToMove)
	}
	if side == black {
		p.side = black
		p.key ^= zobristBlack[0]
	}
	if len(s.Counters) > 0 {
		return nil, engine.Positionf("counters."+s.Counters[0].Name, "hexapawn has no counters")
	}
	if err := p.validate(); err != nil {
		return nil, err
	}
	return &p, nil
}
