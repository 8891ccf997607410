package martianchess

import (
	"slices"
	"strconv"

	"github.com/ashtapada/ashtapada/engine"
)

// Setup is the structured form. A piece's player is the seat whose zone it stands in (pieces have
// no colour); a seat's Held lists its pile; counter clock appears once the clock is called;
// state last_move is the last move when it crossed a canal and bars the way back.
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
		engine.SetState(&s.State, stateLastMove, engine.StateValue{Kind: engine.StateString,
			String: squareName(g, int(p.rejectFrom)) + squareName(g, int(p.rejectTo))})
	}
	return s
}

// stateLastMove names, in the structured form's state, the last move when it crossed a canal.
const stateLastMove = "last_move"

// FromSetup builds a position from its structured form.
func (v *variant) FromSetup(s *engine.Setup) (engine.Position, error) {
	if err := engine.CheckState(v.Describe(), s); err != nil {
		return nil, err
	}
	r, err := v.rulesFromOptions(s.Options)
	if err != nil {
		return nil, err
	}
	p := &Position{rules: r, clock: -1, rejectFrom: -1, rejectTo: -1, move: 1}
	if err := p.placePieces(s.Pieces); err != nil {
		return nil, err
	}
	side := engine.SeatIndex(r.seats, s.ToMove)
	if side < 0 {
		return nil, engine.Positionf("to_move", "unknown seat %q for %d players", s.ToMove, r.players)
	}
	p.side = uint8(side)
	if err := p.readPlayers(s.Players); err != nil {
		return nil, err
	}
	if err := p.readCounters(s.Counters); err != nil {
		return nil, err
	}
	if last := s.State[stateLastMove].String; last != "" {
		if err := p.setCrossing(last); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// describedKinds are the kinds of the description's pieces, in its order.
var describedKinds = [...]int{pawn, drone, queen}

// ownerless describes the pieces to engine.ReadPieces as neutral, so that a set-up may leave a
// piece's player out: pieces have no colour, and whoever owns a square's zone controls its piece.
var ownerless = func() *engine.Description {
	d := &engine.Description{Pieces: slices.Clone(pieceInfo)}
	for i := range d.Pieces {
		d.Pieces[i].Neutral = true
	}
	return d
}()

// placePieces puts the pieces on the board; a piece's player, when given, must own its zone.
func (p *Position) placePieces(pieces []engine.PieceSetup) error {
	for i, pc := range pieces {
		if pc.Color != "" {
			return engine.Positionf("pieces["+strconv.Itoa(i)+"].color", "pieces have no colour: whoever owns a zone controls its pieces, got %q", pc.Color)
		}
	}
	g := p.rules.geo
	placed, err := engine.ReadPieces(ownerless, p.rules.seats, g.board, g.files, g.ranks, pieces)
	if err != nil {
		return err
	}
	for i, pc := range placed {
		sq := pc.Rank*g.files + pc.File
		if owner := int(g.zoneOf[sq]); pc.Player >= 0 && pc.Player != owner {
			return engine.Positionf("pieces["+strconv.Itoa(i)+"].player", "%s lies in the zone of %s, who controls whatever stands there, not %s",
				pc.Setup.Square, p.rules.seats[owner].Name, pc.Setup.Player)
		}
		p.pieces[describedKinds[pc.Kind]] |= 1 << sq
	}
	return nil
}

// readPlayers reads each seat's pile and checks its score, when given, against it.
func (p *Position) readPlayers(players []engine.PlayerSetup) error {
	for i, ps := range players {
		field := "players[" + strconv.Itoa(i) + "]"
		seat := engine.SeatIndex(p.rules.seats, ps.Name)
		if seat < 0 {
			return engine.Positionf(field+".name", "unknown seat %q for %d players", ps.Name, p.rules.players)
		}
		if slices.ContainsFunc(players[:i], func(o engine.PlayerSetup) bool { return o.Name == ps.Name }) {
			return engine.Positionf(field+".name", "%s is listed twice", ps.Name)
		}
		if err := p.readPile(seat, field+".held", ps.Held); err != nil {
			return err
		}
		if ps.Score != 0 && ps.Score != p.score(seat) {
			return engine.Positionf(field+".score", "%d, but the pieces held are worth %d", ps.Score, p.score(seat))
		}
	}
	return nil
}

// readPile reads the pieces a seat has captured, by kind name.
func (p *Position) readPile(seat int, field string, held []string) error {
	if len(held) > maxPile {
		return engine.Positionf(field, "%d pieces, more than %d", len(held), maxPile)
	}
	for j, h := range held {
		k := slices.Index(kindNames[:], h)
		if k <= 0 {
			return engine.Positionf(field+"["+strconv.Itoa(j)+"]", "unknown piece kind %q, want pawn, drone or queen", h)
		}
		p.pile[seat][k]++
	}
	return nil
}

// readCounters reads the clock, once called, and the move number.
func (p *Position) readCounters(counters []engine.Counter) error {
	for _, c := range counters {
		switch c.Name {
		case "clock":
			if c.Value < 0 || c.Value > clockEnd {
				return engine.Positionf("counters.clock", "want 0 to %d moves since the call, got %d", clockEnd, c.Value)
			}
			p.clock = int8(c.Value)
		case "move_number":
			if c.Value < 1 || c.Value > engine.MaxCounter {
				return engine.Positionf("counters.move_number", "want 1 to %d, got %d", engine.MaxCounter, c.Value)
			}
			p.move = uint32(c.Value)
		default:
			return engine.Positionf("counters."+c.Name, "unknown counter, want clock or move_number")
		}
	}
	return nil
}
