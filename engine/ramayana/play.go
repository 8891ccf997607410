package ramayana

import "github.com/ashtapada/ashtapada/engine"

// hasLegal reports whether the side to move has a legal action. It allocates nothing.
func (p *Position) hasLegal() bool {
	c := p.census()
	side := int(p.side)
	// As in legalWith: out of check with two Rakshasas standing, any step or leap of a piece other
	// than the royal that does not take a Rakshasa is legal, so one found ends the search.
	if king := c.royal[side]; king >= 0 && c.rakshasas == 2 && !p.attacked(king, 1-side) {
		for _, s8 := range existing {
			s := int(s8)
			v := p.board[s]
			if v == 0 || cellOwner(v) != side || s == king {
				continue
			}
			switch k := cellKind(v); k {
			case untouchable:
				if t := pawnStep[side][s]; t >= 0 && p.board[t] == 0 {
					return true
				}
			case dropped:
			default:
				for _, t := range targets[k][s] {
					if tc := p.board[t]; tc == 0 || cellOwner(tc) == 1-side {
						return true
					}
				}
			}
		}
	}
	var buf [engine.MaxMoves]engine.Move
	return len(p.legalWith(buf[:0], &c, true)) > 0
}

// Play applies a legal action and reports its events.
func (p *Position) Play(m engine.Move) (engine.Position, []engine.Event) {
	next := new(Position)
	p.apply(m, next)
	me := playerNames[p.side]
	var ev []engine.Event
	from, to := moveFrom(m), moveTo(m)
	if c := p.board[to]; c != 0 {
		ev = append(ev, engine.NewEvent(engine.EventCapture, me, squareName(to), kindNames[cellKind(c)], ""))
	}
	if moveAct(m) == actRakshasa && next.board[moveExtra(m)] == 0 {
		ev = append(ev, engine.NewEvent(engine.EventCapture, me, squareName(moveExtra(m)), kindNames[cellKind(p.board[moveExtra(m)])], "pays for the Rakshasa move"))
	}
	if a := p.Action(m); a.Promotion != "" {
		sq := to
		if moveAct(m) == actDrop {
			sq = moveExtra(m)
		}
		ev = append(ev, engine.NewEvent(engine.EventPromotion, me, squareName(sq), a.Promotion, ""))
	}
	for _, h := range rakshasaHome {
		if next.board[h] != 0 && cellKind(next.board[h]) == rakshasa && (p.board[h] == 0 || h == from) {
			e := engine.NewEvent(engine.EventVariant, "", squareName(h), kindNames[rakshasa], "")
			e.Name = "respawn"
			if !(moveAct(m) == actRakshasa && h == to) {
				ev = append(ev, e)
			}
		}
	}
	if o := next.Outcome(); o.Finished {
		ev = append(ev, engine.NewEvent(engine.EventGameOver, "", "", "", o.Reason))
	}
	return next, ev
}

func (p *Position) NewNode() engine.Position { return new(Position) }

func (p *Position) PlayInto(m engine.Move, dst engine.Position) { p.apply(m, dst.(*Position)) }
