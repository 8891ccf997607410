package coasterchaturanga

import "github.com/ashtapada/ashtapada/engine"

// evalTerms are each seat's parts of the evaluation before they are made relative.
type evalTerms struct{ score, own, end [seats]float64 }

func (p *Position) evalTerms(t *evalTerms) {
	w := p.v.weights
	var st [seats]standing
	p.standings(&st)
	on := p.onBoard()
	fewest := min(on[0], on[1], on[2], on[3])
	nearEnd := 0.0
	if fewest < len(w.NearEnd) {
		nearEnd = w.NearEnd[fewest]
	}
	for s := 0; s < seats; s++ {
		t.score[s] = float64(st[s].plus) - w.HeldOwn*float64(st[s].minus)
		t.own[s] = w.Own*float64(st[s].pips) + w.OwnPiece*float64(st[s].count)
		t.end[s] = nearEnd * t.score[s]
	}
}

// onBoard counts the pieces of each colour on the board. The seats' colours are the four
// colours in some order, so the fewest of a colour is the fewest of any seat's own.
func (p *Position) onBoard() (n [4]int) {
	for pc, l := range p.loc {
		if l < squares {
			n[pieceColour(pc)]++
		}
	}
	return n
}

// relative writes each seat's value less the mean of its opponents' (the other side's with
// partners).
func (p *Position) relative(v *[seats]float64, e []float64) {
	for s := 0; s < seats; s++ {
		if p.rules.partnership {
			e[s] = v[s] - v[(s+1)%seats]
			continue
		}
		e[s] = v[s] - (v[0]+v[1]+v[2]+v[3]-v[s])/3
	}
}

// Evaluate is each seat's score (own-colour pips held weighted by Weights.HeldOwn), its pieces
// on the board and the score's weight near the end (Weights), less the mean of its opponents'
// (the other side's with partners); a finished game is its Utility times WinValue.
func (p *Position) Evaluate(e []float64) {
	if p.Utility(e) {
		for s := 0; s < seats; s++ {
			e[s] *= engine.WinValue
		}
		return
	}
	var t evalTerms
	p.evalTerms(&t)
	var v [seats]float64
	for s := 0; s < seats; s++ {
		v[s] = t.score[s] + t.own[s] + t.end[s]
	}
	p.relative(&v, e)
}

// Terms explains Evaluate.
func (p *Position) Terms() []engine.EvalTerm {
	e := make([]float64, seats)
	if p.Utility(e) {
		for s := range e {
			e[s] *= engine.WinValue
		}
		return []engine.EvalTerm{{Name: "result", Values: e}}
	}
	var t evalTerms
	p.evalTerms(&t)
	score, own, end := make([]float64, seats), make([]float64, seats), make([]float64, seats)
	p.relative(&t.score, score)
	p.relative(&t.own, own)
	p.relative(&t.end, end)
	return []engine.EvalTerm{{Name: "score", Values: score}, {Name: "own_pieces", Values: own}, {Name: "near_end", Values: end}}
}

// Sides gives search the side of every seat: with partners, bl and tr are side 0, br and tl side
// 1; otherwise every seat is its own side.
func (p *Position) Sides() []int {
	if p.rules.partnership {
		return []int{0, 1, 0, 1}
	}
	return []int{0, 1, 2, 3}
}
