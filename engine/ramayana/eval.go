package ramayana

import "github.com/ashtapada/ashtapada/engine"

// pieceValues are rough material values in pawns (an Untouchable is one) for Gain, which orders
// the search's captures; the evaluation's own values are in Weights. Leapers by the number of
// their targets on an open board; royals are not material.
var pieceValues = [kinds]float64{brahmin: 3, swami: 3.5, devapala: 3.5, yavana: 2.5, muni: 2,
	singh: 3, shikari: 3, untouchable: 1, dropped: 0.5, buddha: 5}

// maharajahBonus is what Gain counts for the Maharajah's alfil leaps over a Rajah, in pawns.
const maharajahBonus = 1.0

// reachKinds are the kinds whose reach counts: the leaping pieces. The Untouchables move by
// other tables, the Buddha reaches its whole rank and file anywhere, and royals are not material.
var reachKinds = [kinds]bool{brahmin: true, swami: true, devapala: true, yavana: true, muni: true,
	singh: true, shikari: true}

// evalTerms are the parts of the evaluation, yellow's value less red's.
type evalTerms struct{ material, maharajah, reach, advance, control, exposed float64 }

func (p *Position) evalTerms() evalTerms {
	w := p.v.weights
	material := w.material()
	var t evalTerms
	royals := [2]int{-1, -1}
	var raks [4]int // at most two Rakshasas stand; a spare slot keeps bad input in bounds
	nr := 0
	for _, s8 := range existing {
		sq := int(s8)
		c := p.board[sq]
		switch k := cellKind(c); {
		case c == 0:
		case cellOwner(c) == neutral:
			if nr < len(raks) {
				raks[nr] = sq
				nr++
			}
		default:
			if k == rajah || k == maharajah {
				royals[cellOwner(c)] = sq
			}
			t.addPiece(w, &material, sq, c)
		}
	}
	for _, r := range raks[:nr] {
		t.addRakshasa(w, p, r, royals)
	}
	return t
}

// addPiece adds what a player's piece on sq is worth: its material, a Maharajah's leaps, an
// Untouchable's advance and a leaper's reach.
func (t *evalTerms) addPiece(w *Weights, material *[kinds]float64, sq int, c cell) {
	o, k := cellOwner(c), cellKind(c)
	sign := sideSign(o)
	switch k {
	case maharajah:
		t.maharajah += sign * w.Maharajah
	case untouchable:
		adv := sq/files - 2 // 0 on the start rank, 3 or 14
		if o == red {
			adv = ranks - 3 - sq/files
		}
		t.advance += sign * w.Advance * float64(adv)
	}
	t.material += sign * material[k]
	if reachKinds[k] {
		// The existing squares its leaps reach: low on the islands and India's edges.
		t.reach += sign * w.Reach * float64(len(targets[k][sq]))
	}
}

// addRakshasa adds the terms of the Rakshasa on r: who controls it (has a piece beside it, more
// when the royal), and which royals stand on its diagonals.
func (t *evalTerms) addRakshasa(w *Weights, p *Position, r int, royals [2]int) {
	var near [2]bool
	for _, a := range targets[rajah][r] {
		if c := p.board[a]; c != 0 && cellOwner(c) < 2 {
			o := cellOwner(c)
			if !near[o] {
				near[o] = true
				t.control += sideSign(o) * w.Control
			}
			if int(a) == royals[o] {
				t.control += sideSign(o) * w.Royal
			}
		}
	}
	for pl, rs := range royals {
		if rs >= 0 && rs != r && onDiagonal(rs, r) {
			t.exposed -= sideSign(pl) * w.Exposed
		}
	}
}

func sideSign(pl int) float64 { return float64(1 - 2*pl) }

func onDiagonal(a, b int) bool {
	df, dr := a%files-b%files, a/files-b/files
	return df == dr || df == -dr
}

// Evaluate is the sum of the terms Terms names, or the result times WinValue once the game is
// over.
func (p *Position) Evaluate(e []float64) {
	var u [2]float64
	if p.Utility(u[:]) {
		e[yellow], e[red] = u[yellow]*engine.WinValue, u[red]*engine.WinValue
		return
	}
	t := p.evalTerms()
	v := t.material + t.maharajah + t.reach + t.advance + t.control + t.exposed
	e[yellow], e[red] = v, -v
}

// Terms explains Evaluate.
func (p *Position) Terms() []engine.EvalTerm {
	var u [2]float64
	if p.Utility(u[:]) {
		return []engine.EvalTerm{{Name: "result", Values: []float64{u[yellow] * engine.WinValue, u[red] * engine.WinValue}}}
	}
	t := p.evalTerms()
	term := func(name string, v float64) engine.EvalTerm {
		return engine.EvalTerm{Name: name, Values: []float64{v, -v}}
	}
	return []engine.EvalTerm{
		term("material", t.material),
		term("maharajah", t.maharajah),
		term("reach", t.reach),                 // squares the leapers reach from where they stand
		term("untouchable_advance", t.advance), // ranks the Untouchables have advanced
		term("rakshasa_control", t.control),    // Rakshasas a player can move, more with the royal beside
		term("rakshasa_exposure", t.exposed),   // Rakshasas on a diagonal of one's own royal
	}
}
