package coasterchaturanga

import (
	"github.com/ashtapada/ashtapada/engine"
)

// standing is one seat's (or, with partners, one side's) score and tie-breaks, colours as they
// are now.
type standing struct {
	plus, minus int // pips held of other colours; of the seat's own colour
	pips        int // own-colour pips on the board
	largest     int // the largest own-colour piece on the board (pips), 0 for none
	count       int // own-colour pieces on the board
	order       int // place in turn order counted from the first seat
}

func (s standing) score() int { return s.plus - s.minus }

// parts splits the score: pieces held of other colours, and of one's own.
func (s standing) parts() []engine.ScorePart {
	return []engine.ScorePart{{Source: "held_other_colours", Points: s.plus}, {Source: "held_own_colour", Points: -s.minus}}
}

// tieBreaks are the values that order equal scores, in the order the rules apply them.
func (s standing) tieBreaks() []engine.ScorePart {
	return []engine.ScorePart{{Source: "own_pips_on_board", Points: s.pips}, {Source: "largest_own_piece", Points: s.largest},
		{Source: "own_pieces_on_board", Points: s.count}, {Source: "turn_order", Points: s.order + 1}}
}

// better reports whether a ranks above b: score, own pips on the board, largest own piece, own
// pieces, then the earlier seat.
func better(a, b standing) bool {
	switch {
	case a.score() != b.score():
		return a.score() > b.score()
	case a.pips != b.pips:
		return a.pips > b.pips
	case a.largest != b.largest:
		return a.largest > b.largest
	case a.count != b.count:
		return a.count > b.count
	}
	return a.order < b.order
}

// seatStandings writes every seat's own standing, colours as they are now, from one pass over the
// pieces.
func (p *Position) seatStandings(out *[seats]standing) {
	var seatOf [4]int // the seat whose colour each colour is
	for s := range seats {
		out[s] = standing{order: (s - p.rules.first + seats) % seats}
		seatOf[p.colourOf(s)] = s
	}
	for pc := range pieces {
		l, k := int(p.loc[pc]), pieceKind(pc)
		c := pieceColour(pc)
		switch {
		case l >= heldBy && l < heldBy+seats:
			if st := &out[l-heldBy]; seatOf[c] == l-heldBy {
				st.minus += k
			} else {
				st.plus += k
			}
		case l >= 0 && l < squares:
			st := &out[seatOf[c]]
			st.pips += k
			st.count++
			st.largest = max(st.largest, k)
		}
	}
}

// standings writes each seat's standing; with partners both seats of a side get the side's: sums,
// the larger of the largest pieces, the earlier seat.
func (p *Position) standings(out *[seats]standing) {
	p.seatStandings(out)
	if !p.rules.partnership {
		return
	}
	for s := 0; s < 2; s++ {
		a, b := out[s], out[s+2]
		side := standing{plus: a.plus + b.plus, minus: a.minus + b.minus, pips: a.pips + b.pips,
			largest: max(a.largest, b.largest), count: a.count + b.count, order: min(a.order, b.order)}
		out[s], out[s+2] = side, side
	}
}

// places writes each seat's place, 1 first; partners share their side's.
func (p *Position) places(place *[seats]int) {
	var st [seats]standing
	p.standings(&st)
	for s := 0; s < seats; s++ {
		place[s] = 1
		for o := 0; o < seats; o++ {
			if o != s && (!p.rules.partnership || o != partner(s)) && better(st[o], st[s]) {
				place[s]++
			}
		}
	}
	if p.rules.partnership {
		for s := 0; s < seats; s++ {
			if place[s] > 1 {
				place[s] = 3 // behind the two winners
			}
		}
	}
}

// endsHere reports whether the game is over at this point: only at the start of a turn, before the
// roll, when the turn limit is reached or the seat has no piece of its colour on the board.
func (p *Position) endsHere() bool {
	if p.face != faceNone {
		return false
	}
	if p.rules.maxTurns > 0 && p.turns >= uint32(seats*p.rules.maxTurns) {
		return true
	}
	own := p.colourOf(int(p.seat))
	for pc := own * 3; pc < own*3+3; pc++ {
		if p.loc[pc] < squares {
			return false
		}
	}
	return true
}

// reason says why the game ended.
func (p *Position) reason() string {
	if p.rules.maxTurns > 0 && p.turns >= uint32(seats*p.rules.maxTurns) {
		return "turn_limit"
	}
	return "colour_gone"
}

// Outcome: the game ends at the start of a turn when the seat has no piece of its colour on the
// board, or after max_turns rounds; places by score and the tie-breaks.
func (p *Position) Outcome() engine.Outcome {
	o := engine.Outcome{Scores: make([]int, seats)}
	var own, st [seats]standing
	// Each seat's own score, as ScorePosition's standings give it; with partners the teams carry
	// the sums that rank them.
	p.seatStandings(&own)
	for s := 0; s < seats; s++ {
		o.Scores[s] = own[s].score()
	}
	p.standings(&st)
	if p.rules.partnership {
		for t := 0; t < 2; t++ {
			o.Teams = append(o.Teams, engine.TeamResult{Name: teamNames[t], Players: []int{t, t + 2}, Score: st[t].score(),
				Parts: st[t].parts(), TieBreaks: st[t].tieBreaks()})
		}
	}
	if !p.over {
		return o
	}
	o.Finished, o.Reason, o.DecidedBy = true, p.reason(), engine.DecidedByScore
	var place [seats]int
	p.places(&place)
	o.Ranking = place[:]
	for s := 0; s < seats; s++ {
		if place[s] == 1 {
			o.Winners = append(o.Winners, s)
		}
	}
	for t := range o.Teams {
		o.Teams[t].Place = 1
		if place[t] != 1 {
			o.Teams[t].Place = 2
		}
	}
	return o
}

// Utility: 1 for first place and -1/3 for every other (the sum is zero); with partners +1 and
// -1 by side. Only first place wins: a utility graded by place (1, 1/3, -1/3, -1) made the
// search end games in second place rather than play on for first, and took fewer first places
// against greedy players (docs/measurements.md).
func (p *Position) Utility(u []float64) bool {
	if !p.over {
		return false
	}
	var place [seats]int
	p.places(&place)
	for s := 0; s < seats; s++ {
		switch {
		case place[s] == 1:
			u[s] = 1
		case p.rules.partnership:
			u[s] = -1
		default:
			u[s] = -1.0 / (seats - 1)
		}
	}
	return true
}

func (p *Position) Phase() engine.Phase {
	switch {
	case p.over:
		return engine.PhaseFinished
	case p.face == faceNone:
		return engine.PhaseRoll
	}
	return engine.PhaseAction
}
