package ramayana

import "github.com/ashtapada/ashtapada/engine"

// pieceValues are rough material values in pawns (an Untouchable is one): leapers by the number
// of their targets on an open board. Royals are not material.
var pieceValues = [kinds]float64{brahmin: 3, swami: 3.5, devapala: 3.5, yavana: 2.5, muni: 2,
	singh: 3, shikari: 3, untouchable: 1, dropped: 0.5, buddha: 5}

// Utility is +1 for the winner and -1 for the loser; a draw is 0 for both.
func (p *Position) Utility(u []float64) bool {
	finished, w, _ := p.result()
	if !finished {
		return false
	}
	u[yellow], u[red] = 0, 0
	if w >= 0 {
		u[w], u[1-w] = 1, -1
	}
	return true
}

// Evaluate is the material balance, or the result times WinValue once the game is over.
func (p *Position) Evaluate(e []float64) {
	var u [2]float64
	if p.Utility(u[:]) {
		e[yellow], e[red] = u[yellow]*engine.WinValue, u[red]*engine.WinValue
		return
	}
	v := p.balance()
	e[yellow], e[red] = v, -v
}

// balance is yellow's material less red's.
func (p *Position) balance() float64 {
	v := 0.0
	for _, sq := range existing {
		c := p.board[sq]
		switch cellOwner(c) {
		case yellow:
			if c != 0 {
				v += pieceValues[cellKind(c)]
			}
		case red:
			v -= pieceValues[cellKind(c)]
		}
	}
	return v
}

func (p *Position) Terms() []engine.EvalTerm {
	e := make([]float64, 2)
	p.Evaluate(e)
	name := "material"
	if p.Phase() == engine.PhaseFinished {
		name = "result"
	}
	return []engine.EvalTerm{{Name: name, Values: e}}
}
