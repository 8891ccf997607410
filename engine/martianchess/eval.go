package martianchess

import (
	"math/bits"

	"github.com/ashtapada/ashtapada/engine"
)

// weights of the evaluation, in pips; a variable so that the tuning harness (search_test.go) can
// play one setting against another.
type weights struct {
	// zone values a pip standing in one's zone against a pip in one's pile: pieces at hand are
	// what captures, but they can be taken.
	zone float64
	// threat scales the best capture the opponents threaten against a seat: the net pips of
	// the capture, less the attacker, which lands in the victim's zone and changes hands.
	threat float64
	// threatAll applies the threat to every seat; otherwise only to the side to move, since the
	// mover's own captures are quiescence's business.
	threatAll bool
	// clock scales what may still change hands (pieces at hand, threats) by the share of the
	// clock left once it is called: near its end the piles decide.
	clock bool
}

// weight was chosen by tuning matches at depth 4 (TestTune): against greedy players and against
// the earlier {zone 0.25, no threat, no clock}, which it beat 106-11 (83 draws) in martian_chess
// and 62-22 (116 draws) in coaster_chess over 200 games each.
var weight = weights{zone: 0.1, threat: 0.5, threatAll: false, clock: true}

// terms are the parts of the evaluation per seat, before they are made relative.
type terms struct {
	points, hand, threat [4]float64
}

// parts writes each seat's points, pieces at hand and threat terms, summed by team.
func (p *Position) parts(t *terms) {
	n := p.rules.players
	geo := p.rules.geo
	scale := 1.0
	if weight.clock && p.clock >= 0 {
		scale = float64(clockEnd-int(p.clock)) / clockEnd
	}
	for s := 0; s < n; s++ {
		zone := geo.zone[s]
		pips := 0
		for k := pawn; k <= queen; k++ {
			pips += k * bits.OnesCount64(p.pieces[k]&zone)
		}
		t.points[s] = float64(p.score(s))
		t.hand[s] = scale * weight.zone * float64(pips)
	}
	if weight.threat != 0 {
		var threat [4]float64
		p.threats(&threat)
		for s := 0; s < n; s++ {
			if weight.threatAll || s == int(p.side) {
				t.threat[s] = -scale * weight.threat * threat[s]
			}
		}
	}
	if p.rules.teams {
		for _, v := range []*[4]float64{&t.points, &t.hand, &t.threat} {
			t0, t1 := v[0]+v[2], v[1]+v[3]
			v[0], v[2], v[1], v[3] = t0, t0, t1, t1
		}
	}
}

// threats writes for each seat the most an opponent's capture would win against it: the pips
// taken and their weight at hand, less twice the cheapest attacker's at-hand weight (the
// attacker leaves its owner's zone for the victim's). Partners do not count as attackers.
func (p *Position) threats(threat *[4]float64) {
	n := p.rules.players
	geo := p.rules.geo
	occ := p.occupied()
	// attacked[s][k]: squares an opponent of s reaches with a piece of kind k.
	var attacked [4][kinds]uint64
	for o := 0; o < n; o++ {
		own := occ & geo.zone[o]
		for s := own; s != 0; s &= s - 1 {
			sq := bits.TrailingZeros64(s)
			k := p.kindAt(sq)
			r := p.reach(k, sq, occ) &^ own
			for v := 0; v < n; v++ {
				if v != o && !(p.rules.teams && team(v) == team(o)) {
					attacked[v][k] |= r & geo.zone[v]
				}
			}
		}
	}
	for v := 0; v < n; v++ {
		best := 0.0
		for s := occ & geo.zone[v] & (attacked[v][pawn] | attacked[v][drone] | attacked[v][queen]); s != 0; s &= s - 1 {
			sq := bits.TrailingZeros64(s)
			a := pawn
			for attacked[v][a]&(1<<sq) == 0 {
				a++
			}
			g := (1+weight.zone)*float64(p.kindAt(sq)) - 2*weight.zone*float64(a)
			best = max(best, g)
		}
		threat[v] = best
	}
}

// Evaluate is each seat's value less the mean of its opponents' (the other team's in team play),
// in pips; a finished game is its Utility times engine.WinValue.
func (p *Position) Evaluate(e []float64) {
	n := p.rules.players
	if p.Utility(e) {
		for s := 0; s < n; s++ {
			e[s] *= engine.WinValue
		}
		return
	}
	var t terms
	p.parts(&t)
	var v [4]float64
	for s := 0; s < n; s++ {
		v[s] = t.points[s] + t.hand[s] + t.threat[s]
	}
	relative(&v, n, p.rules.teams, e)
}

// relative writes each seat's value less its opponents' mean.
func relative(v *[4]float64, n int, teams bool, e []float64) {
	for s := 0; s < n; s++ {
		if teams {
			e[s] = v[s] - v[(s+1)%4]
			continue
		}
		others := 0.0
		for o := 0; o < n; o++ {
			if o != s {
				others += v[o]
			}
		}
		e[s] = v[s] - others/float64(n-1)
	}
}

// Terms explains Evaluate: captured points, pieces at hand and threats, each relative to the
// opponents.
func (p *Position) Terms() []engine.EvalTerm {
	n := p.rules.players
	e := make([]float64, n)
	if p.Utility(e) {
		for s := range e {
			e[s] *= engine.WinValue
		}
		return []engine.EvalTerm{{Name: "result", Values: e}}
	}
	var t terms
	p.parts(&t)
	a, b, c := make([]float64, n), make([]float64, n), make([]float64, n)
	relative(&t.points, n, p.rules.teams, a)
	relative(&t.hand, n, p.rules.teams, b)
	relative(&t.threat, n, p.rules.teams, c)
	return []engine.EvalTerm{{Name: "points", Values: a}, {Name: "pieces_at_hand", Values: b}, {Name: "threats", Values: c}}
}
