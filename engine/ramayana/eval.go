package ramayana

import "github.com/ashtapada/ashtapada/engine"

// pieceValues are rough material values in pawns (an Untouchable is one): leapers by the number
// of their targets on an open board. Royals are not material.
var pieceValues = [kinds]float64{brahmin: 3, swami: 3.5, devapala: 3.5, yavana: 2.5, muni: 2,
	singh: 3, shikari: 3, untouchable: 1, dropped: 0.5, buddha: 5}

// maharajahBonus is what the Maharajah's alfil leaps are worth over a Rajah, in pawns.
const maharajahBonus = 1.0

// weights of the positional terms, in pawns; a variable so that tuning tests can swap them.
type weights struct {
	reach   float64 // per existing target square of a piece's leaps (centrality on this board)
	advance float64 // per rank an Untouchable has advanced
	control float64 // per Rakshasa a player has a piece next to (he may move it)
	royal   float64 // more when that piece is the royal, who pays nothing
	exposed float64 // per Rakshasa on a diagonal of one's own royal
}

// Matches of depth-2 searches (TestTuneWeights, 80 games each, both seatings of 40 openings, games
// still going at 200 plies judged by material): with reach 0.03 the evaluation lost to material
// alone (0.406 against 0.594) and to reach 0.06 (0.356); with reach 0.06 it scores 0.537 against
// material alone and 0.463 against lighter Rakshasa terms (0.1, 0, 0.1), both within the noise
// (about ±0.055). Most of those games do not end: the Rakshasa terms are guesses kept small.
var evalWeights = weights{reach: 0.06, advance: 0.05, control: 0.3, royal: 0.3, exposed: 0.2}

// reachKinds are the kinds whose reach counts: the leaping pieces. The Untouchables move by
// other tables, the Buddha reaches its whole rank and file anywhere, and royals are not material.
var reachKinds = [kinds]bool{brahmin: true, swami: true, devapala: true, yavana: true, muni: true,
	singh: true, shikari: true}

// evalTerms are the parts of the evaluation, yellow's value less red's.
type evalTerms struct{ material, maharajah, reach, advance, control, exposed float64 }

func (p *Position) evalTerms() evalTerms {
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
			t.addPiece(sq, c)
		}
	}
	for _, r := range raks[:nr] {
		t.addRakshasa(p, r, royals)
	}
	return t
}

// addPiece adds what a player's piece on sq is worth: its material, a Maharajah's leaps, an
// Untouchable's advance and a leaper's reach.
func (t *evalTerms) addPiece(sq int, c cell) {
	w := &evalWeights
	o, k := cellOwner(c), cellKind(c)
	sign := sideSign(o)
	switch k {
	case maharajah:
		t.maharajah += sign * maharajahBonus
	case untouchable:
		adv := sq/files - 2 // 0 on the start rank, 3 or 14
		if o == red {
			adv = ranks - 3 - sq/files
		}
		t.advance += sign * w.advance * float64(adv)
	}
	t.material += sign * pieceValues[k]
	if reachKinds[k] {
		// The existing squares its leaps reach: low on the islands and India's edges.
		t.reach += sign * w.reach * float64(len(targets[k][sq]))
	}
}

// addRakshasa adds the terms of the Rakshasa on r: who controls it (has a piece beside it, more
// when the royal), and which royals stand on its diagonals.
func (t *evalTerms) addRakshasa(p *Position, r int, royals [2]int) {
	w := &evalWeights
	var near [2]bool
	for _, a := range targets[rajah][r] {
		if c := p.board[a]; c != 0 && cellOwner(c) < 2 {
			o := cellOwner(c)
			if !near[o] {
				near[o] = true
				t.control += sideSign(o) * w.control
			}
			if int(a) == royals[o] {
				t.control += sideSign(o) * w.royal
			}
		}
	}
	for pl, rs := range royals {
		if rs >= 0 && rs != r && onDiagonal(rs, r) {
			t.exposed -= sideSign(pl) * w.exposed
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
