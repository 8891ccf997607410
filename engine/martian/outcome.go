package martian

import (
	"github.com/ashtapada/ashtapada/engine"
)

func (p *Position) Phase() engine.Phase {
	switch {
	case p.finished():
		return engine.PhaseFinished
	case !p.rolled():
		return engine.PhaseRoll
	}
	return engine.PhaseAction
}

// Outcome: the capture of a side's last monarch wins for the other side (both partners in
// Martian Chaturaji); the turn limit draws. Martian Chaturaji's partnerships are reported while
// the game goes on too, so that every standing names its team.
func (p *Position) Outcome() engine.Outcome {
	g := p.g
	var o engine.Outcome
	switch lost := p.losingTeam(); {
	case lost >= 0:
		var winners []int
		for pl := 0; pl < g.players; pl++ {
			if g.team[pl] != lost {
				winners = append(winners, pl)
			}
		}
		reason := "monarch_captured"
		if g.players > 2 {
			reason = "monarchs_captured"
		}
		o = engine.Decided(g.players, reason, winners...)
	case p.maxTurns > 0 && p.quiet >= p.maxTurns:
		o = engine.Decided(g.players, "move_limit")
	}
	if g.players > 2 {
		for t := 0; t < 2; t++ {
			place := 0
			switch {
			case !o.Finished:
			case len(o.Winners) > 0 && g.team[o.Winners[0]] != t:
				place = 2
			default:
				place = 1
			}
			o.Teams = append(o.Teams, engine.TeamResult{Name: g.teamNames[t], Players: []int{t, t + 2}, Place: place})
		}
	}
	return o
}

// Utility is +1 for the side that captured the other's last monarch and -1 for the other; a
// game drawn by the turn limit is 0 for everyone.
func (p *Position) Utility(u []float64) bool {
	if !p.finished() {
		return false
	}
	lost := p.losingTeam()
	for pl := 0; pl < p.g.players; pl++ {
		switch {
		case lost < 0:
			u[pl] = 0
		case p.g.team[pl] == lost:
			u[pl] = -1
		default:
			u[pl] = 1
		}
	}
	return true
}

// rollOutcomes are the ten unordered results of two D4, lower value first.
var rollOutcomes = func() (out [10]engine.Move) {
	i := 0
	for a := 1; a <= 4; a++ {
		for b := a; b <= 4; b++ {
			out[i] = rollMove(a, b)
			i++
		}
	}
	return out
}()
