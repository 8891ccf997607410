package martianchess

import (
	"strconv"

	"github.com/ashtapada/ashtapada/engine"
)

func (p *Position) Phase() engine.Phase {
	if over, _ := p.status(); over {
		return engine.PhaseFinished
	}
	return engine.PhaseAction
}

func (p *Position) ToMove() int { return int(p.side) }

// Action describes a move in structured form; Player is the mover, who controls the piece.
func (p *Position) Action(m engine.Move) engine.Action {
	me := p.rules.seats[p.side].Name
	if m == passMove {
		return engine.Action{Kind: engine.ActionPass, Name: "pass", Player: me, Die: -1}
	}
	g := p.rules.geo
	from, to := moveFrom(m), moveTo(m)
	a := engine.Action{Kind: engine.ActionMove, Name: "move", Player: me, Piece: kindNames[p.kindAt(from)],
		From: squareName(g, from), To: squareName(g, to), Die: -1}
	if m&clockFlag != 0 {
		a.Kind, a.Name = engine.ActionVariant, "call_clock"
	}
	if t := p.kindAt(to); t != 0 {
		if g.zoneOf[to] == int8(p.side) {
			own := p.occupied() & g.zone[p.side]
			a.Promotion = kindNames[merged(p.kindAt(from), t, p.pieces[queen]&own != 0, p.pieces[drone]&own != 0)]
		} else {
			a.Captured = kindNames[t]
		}
	}
	return a
}

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

// Outcome reports the end: an empty zone or the clock, the scores, winners, places and teams.
func (p *Position) Outcome() engine.Outcome {
	over, reason := p.status()
	n := p.rules.players
	o := engine.Outcome{Finished: over, Reason: reason, Scores: make([]int, n)}
	for s := 0; s < n; s++ {
		o.Scores[s] = p.score(s)
	}
	if !over {
		return o
	}
	var points, place [4]int
	winners := p.standings(&points)
	p.places(&points, winners, &place)
	o.Ranking = place[:n:n]
	for s := 0; s < n; s++ {
		if winners&(1<<s) != 0 {
			o.Winners = append(o.Winners, s)
		}
	}
	if p.rules.teams {
		for t := 0; t < 2; t++ {
			// Two teams: the winning team is first, the other second; a draw puts both first.
			teamPlace := 1
			if winners != 0 && winners&(1<<t) == 0 {
				teamPlace = 2
			}
			o.Teams = append(o.Teams, engine.TeamResult{Name: teamNames[t], Players: []int{t, t + 2}, Score: points[t], Place: teamPlace})
		}
	}
	return o
}
