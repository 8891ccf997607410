package martianchess

import (
	"math/bits"

	"github.com/ashtapada/ashtapada/engine"
)

// terms are the parts of the evaluation per seat, before they are made relative.
type terms struct {
	points, hand, threat, end [4]float64
}

// parts writes each seat's points, pieces at hand, threat and near-end terms, summed by team.
func (p *Position) parts(t *terms) {
	w := p.weightsOf()
	n := p.rules.players
	geo := p.rules.geo
	occ := p.occupied()
	scale := 1.0
	if w.Clock && p.clock >= 0 {
		scale = float64(clockEnd-int(p.clock)) / clockEnd
	}
	var count [4]int
	fewest := 64
	for s := 0; s < n; s++ {
		zone := geo.zone[s]
		pips := 0
		for k := pawn; k <= queen; k++ {
			pips += k * bits.OnesCount64(p.pieces[k]&zone)
		}
		count[s] = bits.OnesCount64(occ & zone)
		fewest = min(fewest, count[s])
		t.points[s] = float64(p.score(s))
		t.hand[s] = scale * (w.Zone*float64(pips) + w.ZonePiece*float64(count[s]))
	}
	if w.Threat != 0 {
		var threat [4]float64
		p.threats(&threat, w.Zone)
		for s := 0; s < n; s++ {
			if w.ThreatAll || s == int(p.side) {
				t.threat[s] = -scale * w.Threat * threat[s]
			}
		}
	}
	standing := t.points
	if p.rules.teams {
		t0, t1 := standing[0]+standing[2], standing[1]+standing[3]
		standing = [4]float64{t0, t1, t0, t1}
	}
	for s := 0; s < n; s++ {
		if c := count[s]; c >= 1 && c <= len(w.OwnEnd) && ahead(&standing, n, p.rules.teams, s) {
			t.end[s] = w.OwnEnd[c-1]
		}
	}
	if p.rules.teams {
		for _, v := range []*[4]float64{&t.points, &t.hand, &t.threat, &t.end} {
			t0, t1 := v[0]+v[2], v[1]+v[3]
			v[0], v[2], v[1], v[3] = t0, t0, t1, t1
		}
	}
	if fewest >= 1 && fewest <= len(w.NearEnd) {
		for s := 0; s < n; s++ {
			t.end[s] += w.NearEnd[fewest-1] * t.points[s]
		}
	}
}

// ahead reports whether seat s (its team in team play) has more points than any opponent.
func ahead(points *[4]float64, n int, teams bool, s int) bool {
	for o := 0; o < n; o++ {
		if o != s && !(teams && team(o) == team(s)) && points[o] >= points[s] {
			return false
		}
	}
	return true
}

// threats writes for each seat the most an opponent's capture would win against it: the pips
// taken and their weight at hand, less twice the cheapest attacker's at-hand weight (the
// attacker leaves its owner's zone for the victim's). Partners do not count as attackers.
func (p *Position) threats(threat *[4]float64, zoneWeight float64) {
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
			g := (1+zoneWeight)*float64(p.kindAt(sq)) - 2*zoneWeight*float64(a)
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
		v[s] = t.points[s] + t.hand[s] + t.threat[s] + t.end[s]
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

// Terms explains Evaluate: captured points, pieces at hand, threats and the near end, each
// relative to the opponents.
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
	a, b, c, d := make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n)
	relative(&t.points, n, p.rules.teams, a)
	relative(&t.hand, n, p.rules.teams, b)
	relative(&t.threat, n, p.rules.teams, c)
	relative(&t.end, n, p.rules.teams, d)
	return []engine.EvalTerm{{Name: "points", Values: a}, {Name: "pieces_at_hand", Values: b}, {Name: "threats", Values: c},
		{Name: "near_end", Values: d}}
}
