package martian

import (
	"slices"
	"strconv"

	"github.com/ashtapada/ashtapada/engine"
)

func (p *Position) Setup() *engine.Setup {
	s := &engine.Setup{Variant: Name, ToMove: playerNames[p.side], Phase: p.Phase(),
		Options:  engine.Options{maxTurnsOption: {Kind: engine.OptionInt, Int: int64(p.maxTurns)}},
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
		p.set(r*size+f, pieceCell(k, pl))
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

	p.key = p.computeKey()
	if err := p.validate(); err != nil {
		return nil, err
	}
	return &p, nil
}
