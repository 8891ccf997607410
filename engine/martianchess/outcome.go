package martianchess

import (
	"math/bits"

	"github.com/ashtapada/ashtapada/engine"
)

// Utility: in two-player games +1 to the winner and -1 to the loser, 0 each in a draw; with four
// players, by place (1 first, -1 last, shared places averaged), and in team play +1 and -1 by team.
func (p *Position) Utility(u []float64) bool {
	if over, _ := p.status(); !over {
		return false
	}
	n := p.rules.players
	var points, place [4]int
	winners, leaders := p.standings(&points)
	p.places(&points, leaders, &place)
	if n == 2 || p.rules.teams {
		for s := 0; s < n; s++ {
			switch {
			case winners == 0:
				u[s] = 0
			case winners&(1<<s) != 0:
				u[s] = 1
			default:
				u[s] = -1
			}
		}
		return true
	}
	for s := 0; s < n; s++ {
		above, level := 0, 0
		for o := 0; o < n; o++ {
			switch {
			case o == s:
			case place[o] < place[s]:
				above++
			case place[o] == place[s]:
				level++
			}
		}
		u[s] = 1 - (2*float64(above)+float64(level))/float64(n-1)
	}
	return true
}

func (p *Position) Phase() engine.Phase {
	if over, _ := p.status(); over {
		return engine.PhaseFinished
	}
	return engine.PhaseAction
}

// Outcome reports the scores and, in team play, the team totals at any time; at the end (an empty
// zone or the clock) also the winners and places, and the teams' places.
func (p *Position) Outcome() engine.Outcome {
	over, reason := p.status()
	n := p.rules.players
	o := engine.Outcome{Finished: over, Reason: reason, Scores: make([]int, n)}
	for s := 0; s < n; s++ {
		o.Scores[s] = p.score(s)
	}
	if p.rules.teams {
		// Partners sit opposite: seats t and t+2 make team t.
		for t := 0; t < 2; t++ {
			o.Teams = append(o.Teams, engine.TeamResult{Name: teamNames[t], Players: []int{t, t + 2}, Score: o.Scores[t] + o.Scores[t+2]})
		}
	}
	if !over {
		return o
	}
	o.DecidedBy = engine.DecidedByScore
	var points, place [4]int
	winners, leaders := p.standings(&points)
	p.places(&points, leaders, &place)
	o.Ranking = place[:n:n]
	for s := 0; s < n; s++ {
		if winners&(1<<s) != 0 {
			o.Winners = append(o.Winners, s)
		}
	}
	for t := range o.Teams {
		// Two teams: the winning team is first, the other second; a draw puts both first.
		o.Teams[t].Place = 1
		if winners != 0 && winners&(1<<t) == 0 {
			o.Teams[t].Place = 2
		}
	}
	return o
}

// status reports whether the game is over: a zone is empty, or the clock has run out.
func (p *Position) status() (over bool, reason string) {
	occ := p.occupied()
	for z := 0; z < p.rules.players; z++ {
		if occ&p.rules.geo.zone[z] == 0 {
			return true, "zone_empty"
		}
	}
	if p.clock >= clockEnd {
		return true, "clock"
	}
	return false, ""
}

// over is status without the reason, given the occupied squares.
func (p *Position) over(occ uint64) bool {
	z := &p.rules.geo.zone
	if occ&z[0] == 0 || occ&z[1] == 0 || p.rules.players == 4 && (occ&z[2] == 0 || occ&z[3] == 0) {
		return true
	}
	return p.clock >= clockEnd
}

// standings writes each seat's (or, in team play, each seat's team's) points, and returns the
// winners and the leaders as sets of seats. The leaders are those on the best points, narrowed to
// the last mover (or his team) when the game ended by an empty zone and he is among them; they
// share first place. They win unless all are level, or several are level at the clock's end: a
// draw, with no winners.
func (p *Position) standings(points *[4]int) (winners, leaders uint8) {
	n := p.rules.players
	for s := 0; s < n; s++ {
		points[s] = p.score(s)
	}
	if p.rules.teams {
		t0, t1 := points[0]+points[2], points[1]+points[3]
		points[0], points[2], points[1], points[3] = t0, t0, t1, t1
	}
	best := points[0]
	for s := 1; s < n; s++ {
		best = max(best, points[s])
	}
	for s := 0; s < n; s++ {
		if points[s] == best {
			leaders |= 1 << s
		}
	}
	_, reason := p.status()
	last := p.lastMover()
	if reason == "zone_empty" && leaders&(1<<last) != 0 {
		leaders = 1 << last
		if p.rules.teams {
			leaders |= 1 << ((last + 2) % 4)
		}
	}
	if leaders == 1<<n-1 || reason == "clock" && !p.rules.teams && bits.OnesCount8(leaders) > 1 {
		return 0, leaders
	}
	return leaders, leaders
}

// places writes each seat's place (1 first, shared on equal results) given the leaders.
func (p *Position) places(points *[4]int, leaders uint8, place *[4]int) {
	n := p.rules.players
	for s := 0; s < n; s++ {
		if leaders&(1<<s) != 0 {
			place[s] = 1
			continue
		}
		place[s] = 1 + bits.OnesCount8(leaders)
		for o := 0; o < n; o++ {
			if leaders&(1<<o) == 0 && points[o] > points[s] {
				place[s]++
			}
		}
	}
}
