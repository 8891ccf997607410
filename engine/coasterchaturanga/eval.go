package coasterchaturanga

import "github.com/ashtapada/ashtapada/engine"

// Evaluate is each seat's score plus ownWeight times its own pips on the board, less the mean of
// its opponents' (the other side's with partners); a finished game is its Utility times WinValue.
func (p *Position) Evaluate(e []float64) {
	if p.Utility(e) {
		for s := 0; s < seats; s++ {
			e[s] *= engine.WinValue
		}
		return
	}
	var st [seats]standing
	p.standings(&st)
	var v [seats]float64
	for s := 0; s < seats; s++ {
		v[s] = float64(st[s].score()) + ownWeight*float64(st[s].pips)
	}
	for s := 0; s < seats; s++ {
		if p.rules.partnership {
			e[s] = v[s] - v[(s+1)%seats]
			continue
		}
		e[s] = v[s] - (v[0]+v[1]+v[2]+v[3]-v[s])/3
	}
}

// Terms explains Evaluate.
func (p *Position) Terms() []engine.EvalTerm {
	e := make([]float64, seats)
	p.Evaluate(e)
	name := "score_and_pieces"
	if p.over {
		name = "result"
	}
	return []engine.EvalTerm{{Name: name, Values: e}}
}
