package martianchess

import (
	"slices"
	"strconv"

	"github.com/ashtapada/ashtapada/engine"
)

// Setup is the structured form. A piece's player is the seat whose zone it stands in (pieces have
// no colour); a seat's Held lists its pile; counter clock appears once the clock is called;
// LastMove is the last move when it crossed a canal and bars the way back.
func (p *Position) Setup() *engine.Setup {
	g := p.rules.geo
	s := &engine.Setup{Variant: p.rules.variant.desc.Name, Options: p.rules.options(), ToMove: p.rules.seats[p.side].Name,
		Phase: p.Phase()}
	for sq := 0; sq < g.squares(); sq++ {
		if k := p.kindAt(sq); k != 0 {
			s.Pieces = append(s.Pieces, engine.PieceSetup{Square: squareName(g, sq), Kind: kindNames[k], Player: p.rules.seats[g.zoneOf[sq]].Name})
		}
	}
	for seat, info := range p.rules.seats {
		ps := engine.PlayerSetup{Name: info.Name, Score: p.score(seat)}
		for k := queen; k >= pawn; k-- {
			for range p.pile[seat][k] {
				ps.Held = append(ps.Held, kindNames[k])
			}
		}
		s.Players = append(s.Players, ps)
	}
	if p.clock >= 0 {
		s.Counters = append(s.Counters, engine.Counter{Name: "clock", Value: int64(p.clock)})
	}
	s.Counters = append(s.Counters, engine.Counter{Name: "move_number", Value: int64(p.move)})
	if p.rejectTo >= 0 {
		s.LastMove = squareName(g, int(p.rejectFrom)) + squareName(g, int(p.rejectTo))
	}
	return s
}

func (v *variant) FromSetup(s *engine.Setup) (engine.Position, error) {
	r, err := v.rulesFromOptions(s.Options)
	if err != nil {
		return nil, err
	}
	p := &Position{rules: r, clock: -1, rejectFrom: -1, rejectTo: -1, move: 1}
	g := r.geo
	for i, pc := range s.Pieces {
		field := "pieces[" + strconv.Itoa(i) + "]"
		sq, ok := p.parseSquare(pc.Square)
		if !ok {
			return nil, engine.Positionf(field+".square", "%q is not a square of the %dx%d board", pc.Square, g.files, g.ranks)
		}
		k := slices.Index(kindNames[:], pc.Kind)
		if k <= 0 {
			return nil, engine.Positionf(field+".kind", "unknown piece kind %q, want pawn, drone or queen", pc.Kind)
		}
		if owner := r.seats[g.zoneOf[sq]].Name; pc.Player != "" && pc.Player != owner {
			return nil, engine.Positionf(field+".player", "%s lies in the zone of %s, who controls whatever stands there, not %s", pc.Square, owner, pc.Player)
		}
		if p.occupied()&(1<<sq) != 0 {
			return nil, engine.Positionf(field+".square", "%s holds two pieces", pc.Square)
		}
		p.pieces[k] |= 1 << sq
	}
	side := slices.IndexFunc(r.seats, func(i engine.PlayerInfo) bool { return i.Name == s.ToMove })
	if side < 0 {
		return nil, engine.Positionf("to_move", "unknown seat %q for %d players", s.ToMove, r.players)
	}
	p.side = uint8(side)
	for i, ps := range s.Players {
		field := "players[" + strconv.Itoa(i) + "]"
		seat := slices.IndexFunc(r.seats, func(info engine.PlayerInfo) bool { return info.Name == ps.Name })
		if seat < 0 {
			return nil, engine.Positionf(field+".name", "unknown seat %q for %d players", ps.Name, r.players)
		}
		if slices.ContainsFunc(s.Players[:i], func(o engine.PlayerSetup) bool { return o.Name == ps.Name }) {
			return nil, engine.Positionf(field+".name", "%s is listed twice", ps.Name)
		}
		if len(ps.Held) > maxPile {
			return nil, engine.Positionf(field+".held", "%d pieces, more than %d", len(ps.Held), maxPile)
		}
		for j, h := range ps.Held {
			k := slices.Index(kindNames[:], h)
			if k <= 0 {
				return nil, engine.Positionf(field+".held["+strconv.Itoa(j)+"]", "unknown piece kind %q, want pawn, drone or queen", h)
			}
			p.pile[seat][k]++
		}
		if ps.Score != 0 && ps.Score != p.score(seat) {
			return nil, engine.Positionf(field+".score", "%d, but the pieces held are worth %d", ps.Score, p.score(seat))
		}
	}
	for _, c := range s.Counters {
		switch c.Name {
		case "clock":
			if c.Value < 0 || c.Value > clockEnd {
				return nil, engine.Positionf("counters.clock", "want 0 to %d moves since the call, got %d", clockEnd, c.Value)
			}
			p.clock = int8(c.Value)
		case "move_number":
			if c.Value < 1 || c.Value > engine.MaxCounter {
				return nil, engine.Positionf("counters.move_number", "want 1 to %d, got %d", engine.MaxCounter, c.Value)
			}
			p.move = uint32(c.Value)
		default:
			return nil, engine.Positionf("counters."+c.Name, "unknown counter, want clock or move_number")
		}
	}
	if s.LastMove != "" {
		if err := p.setCrossing(s.LastMove); err != nil {
			return nil, err
		}
	}
	return p, nil
}
