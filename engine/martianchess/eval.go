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
	winners := p.standings(&points)
	p.places(&points, winners, &place)
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

// zoneWeight values a pip standing in one's zone against a pip in one's pile: pieces at hand are
// what captures, but they can be taken.
const zoneWeight = 0.25

// values writes each seat's points plus zoneWeight times the pips in its zone, summed by team.
func (p *Position) values(v *[4]float64) {
	n := p.rules.players
	for s := 0; s < n; s++ {
		zone := p.rules.geo.zone[s]
		pips := 0
		for k := pawn; k <= queen; k++ {
			pips += k * bits.OnesCount64(p.pieces[k]&zone)
		}
		v[s] = float64(p.score(s)) + zoneWeight*float64(pips)
	}
	if p.rules.teams {
		t0, t1 := v[0]+v[2], v[1]+v[3]
		v[0], v[2], v[1], v[3] = t0, t0, t1, t1
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
	var v [4]float64
	p.values(&v)
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

// Terms explains Evaluate: captured points and pips at hand, each relative to the opponents.
func (p *Position) Terms() []engine.EvalTerm {
	n := p.rules.players
	e := make([]float64, n)
	if p.Utility(e) {
		for s := range e {
			e[s] *= engine.WinValue
		}
		return []engine.EvalTerm{{Name: "result", Values: e}}
	}
	var pts, zone [4]float64
	for s := 0; s < n; s++ {
		pts[s] = float64(p.score(s))
	}
	p.values(&zone)
	if p.rules.teams {
		pts[0], pts[1] = pts[0]+pts[2], pts[1]+pts[3]
		pts[2], pts[3] = pts[0], pts[1]
	}
	for s := 0; s < n; s++ {
		zone[s] -= pts[s]
	}
	a, b := make([]float64, n), make([]float64, n)
	relative(&pts, n, p.rules.teams, a)
	relative(&zone, n, p.rules.teams, b)
	return []engine.EvalTerm{{Name: "points", Values: a}, {Name: "pieces_at_hand", Values: b}}
}

// Zobrist keys: pieces by kind and square, pile counts by seat and kind, the side to move, the
// clock, the barred way back, and the option set.
var (
	zobristPiece [kinds][64]uint64
	zobristPile  [4][kinds]uint64
	zobristSide  [4]uint64
	zobristClock [clockEnd + 2]uint64
	zobristBar   [64]uint64
	zobristRules [3]uint64
)

func init() {
	keys := engine.KeySource(0x6d61727469616e) // "martian"
	for k := range zobristPiece {
		for sq := range zobristPiece[k] {
			zobristPiece[k][sq] = keys.Next()
		}
	}
	for s := range zobristPile {
		for k := range zobristPile[s] {
			zobristPile[s][k] = keys.Next()
		}
	}
	for i := range zobristSide {
		zobristSide[i] = keys.Next()
	}
	for i := range zobristClock {
		zobristClock[i] = keys.Next()
	}
	for i := range zobristBar {
		zobristBar[i] = keys.Next()
	}
	for i := range zobristRules {
		zobristRules[i] = keys.Next()
	}
}

// Key hashes everything that decides the legal actions and the outcome; the move number is left out.
func (p *Position) Key() uint64 {
	k := zobristSide[p.side] ^ zobristClock[p.clock+1]
	if p.rules.players == 4 {
		k ^= zobristRules[1]
		if p.rules.teams {
			k ^= zobristRules[2]
		}
	}
	for kind := pawn; kind <= queen; kind++ {
		for s := p.pieces[kind]; s != 0; s &= s - 1 {
			k ^= zobristPiece[kind][bits.TrailingZeros64(s)]
		}
	}
	for s := 0; s < p.rules.players; s++ {
		for kind := pawn; kind <= queen; kind++ {
			if c := p.pile[s][kind]; c != 0 {
				k ^= engine.Mix64(zobristPile[s][kind] + uint64(c))
			}
		}
	}
	if p.rejectTo >= 0 {
		k ^= zobristBar[p.rejectFrom] ^ engine.Mix64(zobristBar[p.rejectTo])
	}
	return k
}

// Noisy appends the legal captures, the actions that change the score, without their clock-calling
// twins: quiescence follows the capture itself.
func (p *Position) Noisy(buf []engine.Move) []engine.Move {
	start := len(buf)
	buf = p.Moves(buf)
	out := buf[:start]
	for _, m := range buf[start:] {
		if m&clockFlag == 0 && p.Gain(m) > 0 {
			out = append(out, m)
		}
	}
	return out
}

// Gain is the pips an action captures.
func (p *Position) Gain(m engine.Move) float64 {
	if m == passMove {
		return 0
	}
	to := moveTo(m)
	if p.rules.geo.zoneOf[to] == int8(p.side) {
		return 0
	}
	return float64(p.kindAt(to))
}

// InCheck is always false: nothing is royal.
func (p *Position) InCheck() bool { return false }
