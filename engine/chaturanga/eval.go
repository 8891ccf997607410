package chaturanga

import (
	"math/bits"

	"github.com/ashtapada/ashtapada/engine"
)

// pieceValues are material values in pawns. The mantri and gaja, a ferz and an alfil, are weak
// short-range pieces; the ratha is the strongest.
var pieceValues = [pieceTypes]float64{pawn: 1, horse: 3.2, gaja: 1.3, ratha: 5, mantri: 1.6, king: 0}

// centrality counts steps from the board's edge ring: 0 on the edge, 3 in the four centre squares.
var centrality = func() (t [64]float64) {
	for sq := range t {
		f, r := sq%8, sq/8
		t[sq] = float64(min(f, 7-f, r, 7-r))
	}
	return t
}()

// Evaluation weights, in pawns.
const (
	advanceWeight  = 0.08 // per rank a pawn has advanced
	centreWeight   = 0.08 // per step from the edge, for horses, mantris and gajas
	mobilityWeight = 0.04 // per square a ratha reaches
)

// evalTerms are the parts of the evaluation from white's point of view.
type evalTerms struct{ material, advance, centre, mobility float64 }

func (p *Position) evalTerms() evalTerms {
	var t evalTerms
	occ := p.occupied()
	for color := white; color <= black; color++ {
		sign := 1.0
		if color == black {
			sign = -1
		}
		own := p.byColor[color]
		for typ := pawn; typ < king; typ++ {
			t.material += sign * pieceValues[typ] * float64(bits.OnesCount64(p.byType[typ]&own))
		}
		for s := p.byType[pawn] & own; s != 0; s &= s - 1 {
			rank := bits.TrailingZeros64(s) / 8
			if color == black {
				rank = 7 - rank
			}
			t.advance += sign * advanceWeight * float64(rank-1)
		}
		for s := (p.byType[horse] | p.byType[mantri] | p.byType[gaja]) & own; s != 0; s &= s - 1 {
			t.centre += sign * centreWeight * centrality[bits.TrailingZeros64(s)]
		}
		for s := p.byType[ratha] & own; s != 0; s &= s - 1 {
			t.mobility += sign * mobilityWeight * float64(bits.OnesCount64(rookAttacks(bits.TrailingZeros64(s), occ)&^own))
		}
	}
	return t
}

// Evaluate is material plus pawn advance, centralised minor pieces and ratha mobility, in pawns;
// a finished game is worth engine.WinValue to the winner.
func (p *Position) Evaluate(e []float64) {
	if p.Utility(e) {
		e[white] *= engine.WinValue
		e[black] *= engine.WinValue
		return
	}
	t := p.evalTerms()
	v := t.material + t.advance + t.centre + t.mobility
	e[white], e[black] = v, -v
}

// Terms explains Evaluate.
func (p *Position) Terms() []engine.EvalTerm {
	var u [2]float64
	if p.Utility(u[:]) {
		return []engine.EvalTerm{{Name: "result", Values: []float64{u[white] * engine.WinValue, u[black] * engine.WinValue}}}
	}
	t := p.evalTerms()
	term := func(name string, v float64) engine.EvalTerm {
		return engine.EvalTerm{Name: name, Values: []float64{v, -v}}
	}
	return []engine.EvalTerm{term("material", t.material), term("pawn_advance", t.advance),
		term("centre", t.centre), term("ratha_mobility", t.mobility)}
}
