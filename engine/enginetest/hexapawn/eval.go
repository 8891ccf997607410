package hexapawn

import "github.com/ashtapada/ashtapada/engine"

// advanceValue is what a pawn's step toward the far rank is worth, in pawns.
const advanceValue = 0.25

// terms returns white's material and advancement less black's.
func (p *Position) terms() (material, advance float64) {
	for sq, c := range p.board {
		if c == empty {
			continue
		}
		steps := sq / size // white's ranks from its own
		sign := 1.0
		if c == black {
			steps, sign = size-1-steps, -1
		}
		material += sign
		advance += sign * advanceValue * float64(steps)
	}
	return material, advance
}

// Evaluate is white's material and advancement less black's, for white, and its negation for
// black; a finished game is its Utility times engine.WinValue.
func (p *Position) Evaluate(e []float64) {
	if p.Utility(e) {
		e[white] *= engine.WinValue
		e[black] *= engine.WinValue
		return
	}
	m, a := p.terms()
	e[white], e[black] = m+a, -(m + a)
}

// Terms explains Evaluate: material and advancement.
func (p *Position) Terms() []engine.EvalTerm {
	var e [2]float64
	if p.Utility(e[:]) {
		return []engine.EvalTerm{{Name: "result", Values: []float64{e[white] * engine.WinValue, e[black] * engine.WinValue}}}
	}
	m, a := p.terms()
	return []engine.EvalTerm{{Name: "material", Values: []float64{m, -m}}, {Name: "advancement", Values: []float64{a, -a}}}
}
