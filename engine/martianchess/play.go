package martianchess

import (
	"strconv"

	"github.com/ashtapada/ashtapada/engine"
)

// Play applies a legal action and reports its events.
func (p *Position) Play(m engine.Move) (engine.Position, []engine.Event) {
	next := new(Position)
	p.apply(m, next)
	me := p.rules.seats[p.side].Name
	var ev []engine.Event
	if m == passMove {
		ev = append(ev, engine.NewEvent(engine.EventTurnPassed, me, "", "", ""))
	} else {
		g := p.rules.geo
		from, to := moveFrom(m), moveTo(m)
		a := p.Action(m)
		if a.Captured != "" {
			ev = append(ev, engine.NewEvent(engine.EventCapture, me, a.To, a.Captured, ""))
			pts := engine.NewEvent(engine.EventPoints, me, a.To, a.Captured, "")
			pts.Points = p.kindAt(to)
			ev = append(ev, pts)
		}
		if a.Promotion != "" {
			ev = append(ev, engine.NewEvent(engine.EventPromotion, me, a.To, a.Promotion, ""))
		}
		if g.zoneOf[from] != g.zoneOf[to] {
			e := engine.NewEvent(engine.EventVariant, p.rules.seats[g.zoneOf[to]].Name, a.To, a.Piece, "now controlled by "+p.rules.seats[g.zoneOf[to]].Name)
			e.Name = "handed_over"
			ev = append(ev, e)
		}
		if m&clockFlag != 0 {
			e := engine.NewEvent(engine.EventVariant, me, "", "", "the game ends after "+strconv.Itoa(clockEnd)+" moves in a row without a capture")
			e.Name = "clock_called"
			ev = append(ev, e)
		}
	}
	if o := next.Outcome(); o.Finished {
		ev = append(ev, engine.NewEvent(engine.EventGameOver, "", "", "", o.Reason))
	}
	return next, ev
}

func (p *Position) NewNode() engine.Position { return new(Position) }

func (p *Position) PlayInto(m engine.Move, dst engine.Position) { p.apply(m, dst.(*Position)) }

// apply writes into dst the position after the legal action m.
func (p *Position) apply(m engine.Move, dst *Position) {
	*dst = *p
	side := int(p.side)
	dst.rejectFrom, dst.rejectTo = -1, -1
	capture := false
	if m != passMove {
		geo := p.rules.geo
		from, to := moveFrom(m), moveTo(m)
		k, t := p.kindAt(from), p.kindAt(to)
		dst.pieces[k] &^= 1 << from
		landing := k
		if t != 0 {
			dst.pieces[t] &^= 1 << to
			if geo.zoneOf[to] == int8(side) {
				own := p.occupied() & geo.zone[side]
				landing = merged(k, t, p.pieces[queen]&own != 0, p.pieces[drone]&own != 0)
			} else {
				capture = true
				dst.pile[side][t]++
			}
		}
		dst.pieces[landing] |= 1 << to
		if p.rules.players == 2 && geo.zoneOf[from] != geo.zoneOf[to] {
			dst.rejectFrom, dst.rejectTo = int8(from), int8(to)
		}
	}
	switch {
	case m&clockFlag != 0 || p.clock >= 0 && capture:
		dst.clock = 1
		if capture {
			dst.clock = 0
		}
	case p.clock >= 0 && dst.clock < clockEnd:
		dst.clock++
	}
	dst.side = uint8((side + 1) % p.rules.players)
	if dst.side == 0 && dst.move < engine.MaxCounter {
		dst.move++
	}
}
