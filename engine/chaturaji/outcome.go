package chaturaji

import (
	"github.com/ashtapada/ashtapada/engine"
)

func (p *Position) Phase() engine.Phase { return p.phase() }

func (p *Position) phase() engine.Phase {
	switch {
	case p.finished():
		return engine.PhaseFinished
	case p.ex.stage == exProposed:
		return engine.PhaseResponse
	case p.ex.stage == exNone && !p.rules.diceless && !p.rolled():
		return engine.PhaseRoll
	}
	return engine.PhaseAction
}

func (p *Position) finished() bool {
	ok, _ := p.status()
	return ok
}

// status reports whether the game is over and why.
func (p *Position) status() (bool, string) {
	if p.ex.stage != exNone {
		return false, ""
	}
	total, rajas, with, active := 0, 0, 0, 0
	for pl := 0; pl < players; pl++ {
		n := int(p.count[pl][0])
		total += n
		rajas += int(p.count[pl][raja])
		if n > 0 {
			with++
		}
		if p.active(pl) {
			active++
		}
	}
	if p.rules.teams {
		for t := 0; t < 2; t++ {
			rajasDead := p.count[t][raja] == 0 && p.count[t+2][raja] == 0
			if p.rules.diceless && rajasDead {
				return true, "rajas_killed"
			}
			if p.count[t][0] == 0 && p.count[t+2][0] == 0 {
				return true, "team_eliminated"
			}
			if rajasDead {
				return true, "rajas_killed"
			}
		}
	} else if with <= 1 {
		return true, "last_player_standing"
	}
	if total == rajas {
		return true, "honourable_peace"
	}
	// A turn that captured resets the count when it ends, so it never reaches the limit.
	if p.rules.maxRounds > 0 && !p.captured && uint64(p.quiet) >= uint64(p.rules.maxRounds)*uint64(active) {
		return true, "move_limit"
	}
	return false, ""
}

// Outcome reports scores at any time, and when the game is over the ranking and the reason.
func (p *Position) Outcome() engine.Outcome {
	var o engine.Outcome
	totals := p.totals()
	o.Scores = totals[:]
	if p.rules.teams {
		for t := 0; t < 2; t++ {
			tr := engine.TeamResult{Name: teamNames[t], Players: []int{t, t + 2}, Score: totals[t] + totals[t+2]}
			for src := fromCaptures; src < sources; src++ {
				tr.Parts = append(tr.Parts, engine.ScorePart{Source: sourceNames[src], Points: int(p.score[t][src] + p.score[t+2][src])})
			}
			o.Teams = append(o.Teams, tr)
		}
	}
	finished, reason := p.status()
	if !finished {
		return o
	}
	o.Finished, o.Reason, o.DecidedBy = true, reason, engine.DecidedByScore
	o.Ranking = make([]int, players)
	if !p.rules.teams {
		for pl := range o.Ranking {
			o.Ranking[pl] = 1
			for other := range o.Ranking {
				if totals[other] > totals[pl] {
					o.Ranking[pl]++
				}
			}
			if o.Ranking[pl] == 1 {
				o.Winners = append(o.Winners, pl)
			}
		}
		return o
	}
	winner := p.winningTeam(reason, totals)
	if !p.byPoints(reason) {
		o.DecidedBy = engine.DecidedByReason
	}
	for t := 0; t < 2; t++ {
		// The team's place among teams; its players' place among players, behind the two winners.
		o.Teams[t].Place, o.Ranking[t], o.Ranking[t+2] = 1, 1, 1
		if winner >= 0 && winner != t {
			o.Teams[t].Place, o.Ranking[t], o.Ranking[t+2] = 2, 3, 3
		}
	}
	if winner >= 0 {
		o.Winners = []int{winner, winner + 2}
	}
	return o
}

// totals returns each player's points from every source.
func (p *Position) totals() [players]int {
	var t [players]int
	for pl := range t {
		for src := fromCaptures; src < sources; src++ {
			t[pl] += int(p.score[pl][src])
		}
	}
	return t
}

// byPoints reports whether the points order the teams of a team game that ended for reason: under
// goal points they do whatever ended it, but honourable peace, which is always a draw.
func (p *Position) byPoints(reason string) bool {
	return !p.rules.diceless && !p.rules.lastStanding && reason != "honourable_peace"
}

// winningTeam returns the team that won a team game that ended for reason, or -1 for a draw.
func (p *Position) winningTeam(reason string, totals [players]int) int {
	byPoints := p.byPoints(reason)
	higher := -1
	switch a, b := totals[0]+totals[2], totals[1]+totals[3]; {
	case a > b:
		higher = 0
	case b > a:
		higher = 1
	}
	if byPoints {
		return higher
	}
	switch reason {
	case "team_eliminated":
		if p.count[1][0] == 0 && p.count[3][0] == 0 {
			return 0
		}
		return 1
	case "rajas_killed":
		if p.count[0][raja] == 0 && p.count[2][raja] == 0 {
			return 1
		}
		return 0
	}
	return -1
}

// Utility rates a finished game. Individual play is linear in the place by score: first +1, last
// -1, the second and third +1/3 and -1/3; players on equal scores share the average of the places
// they cover (10, 5, 5, 0 give +1, 0, 0, -1), so the utilities always sum to 0. Team play: the
// winning team's players +1 and the others -1, 0 for everyone in a draw.
func (p *Position) Utility(u []float64) bool {
	over, reason := p.status()
	if !over {
		return false
	}
	totals := p.totals()
	if p.rules.teams {
		w := p.winningTeam(reason, totals)
		for pl := 0; pl < players; pl++ {
			switch {
			case w < 0:
				u[pl] = 0
			case team(pl) == w:
				u[pl] = 1
			default:
				u[pl] = -1
			}
		}
		return true
	}
	for pl := 0; pl < players; pl++ {
		above, level := 0, 0
		for other := 0; other < players; other++ {
			switch {
			case other == pl:
			case totals[other] > totals[pl]:
				above++
			case totals[other] == totals[pl]:
				level++
			}
		}
		// Places counted from 0: the shared ones run from above to above+level.
		u[pl] = 1 - (2*float64(above)+float64(level))/(players-1)
	}
	return true
}
