package chaturanga

import (
	"math/bits"

	"github.com/ashtapada/ashtapada/engine"
)

// pieceValues are material values in pawns for Gain, which orders the search's captures and
// guides the greedy bot; the evaluation's own values are in Weights. The mantri and gaja, a
// ferz and an alfil, are weak short-range pieces; the ratha is the strongest.
var pieceValues = [pieceTypes]float64{pawn: 1, horse: 3.2, gaja: 1.3, ratha: 5, mantri: 1.6, king: 0}

// centrality counts steps from the board's edge ring: 0 on the edge, 3 in the four centre squares.
var centrality = func() (t [64]float64) {
	for sq := range t {
		f, r := sq%8, sq/8
		t[sq] = float64(min(f, 7-f, r, 7-r))
	}
	return t
}()

// fullPieces is the number of pieces other than pawns and kings at the start.
const fullPieces = 14

// evalTerms are the parts of the evaluation from white's point of view.
type evalTerms struct{ material, advance, centre, mobility, king, mopUp, tempo float64 }

func (t *evalTerms) sum() float64 {
	return t.material + t.advance + t.centre + t.mobility + t.king + t.mopUp + t.tempo
}

func (p *Position) evalTerms() evalTerms {
	w := &weights
	var t evalTerms
	occ := p.occupied()
	pieces := bits.OnesCount64(p.byType[horse] | p.byType[gaja] | p.byType[ratha] | p.byType[mantri])
	full := min(float64(pieces)/fullPieces, 1)
	kingCentre := full*w.KingCentreFull + (1-full)*w.KingCentreBare
	var kings [2]int
	for color := white; color <= black; color++ {
		sign := 1.0
		if color == black {
			sign = -1
		}
		own := p.byColor[color]
		t.material += sign * (w.Horse*float64(bits.OnesCount64(p.byType[horse]&own)) +
			w.Gaja*float64(bits.OnesCount64(p.byType[gaja]&own)) +
			w.Ratha*float64(bits.OnesCount64(p.byType[ratha]&own)) +
			w.Mantri*float64(bits.OnesCount64(p.byType[mantri]&own)) +
			float64(bits.OnesCount64(p.byType[pawn]&own)))
		advance, flank := 0, 0
		for s := p.byType[pawn] & own; s != 0; s &= s - 1 {
			sq := bits.TrailingZeros64(s)
			rank := sq / 8
			if color == black {
				rank = 7 - rank
			}
			if f := sq % 8; f < 2 || f > 5 {
				flank += rank - 1
			} else {
				advance += rank - 1
			}
		}
		flankWeight := full*w.FlankPawnAdvance + (1-full)*w.PawnAdvance
		t.advance += sign * (w.PawnAdvance*float64(advance) + flankWeight*float64(flank))
		t.centre += sign * (w.HorseCentre*centre(p.byType[horse]&own) + w.MantriCentre*centre(p.byType[mantri]&own) +
			w.GajaCentre*centre(p.byType[gaja]&own))
		reach := 0
		for s := p.byType[ratha] & own; s != 0; s &= s - 1 {
			reach += bits.OnesCount64(rookAttacks(bits.TrailingZeros64(s), occ) &^ own)
		}
		t.mobility += sign * w.RathaMobility * float64(reach)
		kings[color] = bits.TrailingZeros64(p.byType[king] & own)
		t.king += sign * kingCentre * centrality[kings[color]]
	}
	if lead := t.material; lead >= mopUpLead || lead <= -mopUpLead {
		winner, sign := white, 1.0
		if lead < 0 {
			winner, sign = black, -1
		}
		loser := kings[winner^1]
		t.mopUp = sign * (w.MopUpEdge*(3-centrality[loser]) + w.MopUpNear*float64(7-kingDistance(kings[winner], loser)))
	}
	t.tempo = w.Tempo
	if p.side == black {
		t.tempo = -w.Tempo
	}
	return t
}

// centre sums the centrality of the squares of s.
func centre(s bitboard) float64 {
	c := 0.0
	for ; s != 0; s &= s - 1 {
		c += centrality[bits.TrailingZeros64(s)]
	}
	return c
}

// kingDistance is the number of king steps between two squares.
func kingDistance(a, b int) int {
	df, dr := a%8-b%8, a/8-b/8
	return max(df, -df, dr, -dr)
}

// Evaluate is material plus pawn advance, centralised pieces, ratha mobility, the king's place,
// a mop-up of a bare defence and the move, in pawns (Weights); a finished game is worth
// engine.WinValue to the winner.
func (p *Position) Evaluate(e []float64) {
	if p.Utility(e) {
		e[white] *= engine.WinValue
		e[black] *= engine.WinValue
		return
	}
	t := p.evalTerms()
	v := t.sum()
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
		term("centre", t.centre), term("ratha_mobility", t.mobility), term("king_centre", t.king),
		term("mop_up", t.mopUp), term("tempo", t.tempo)}
}
