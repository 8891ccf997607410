package martian

import (
	"math/bits"

	"github.com/ashtapada/ashtapada/engine"
)

// pieceValues are material values in pawns (a squire is one) for Gain, which orders the search's
// captures and guides the greedy bot; the evaluation's own values are in Weights. A die moves
// only a piece of its kind, so every kind earns its turns: paladins (knight leap or bishop slide)
// and ravens (rook slide or a flight over two squares) are the strong pieces. The monarch is not
// material: losing it loses the game. Keeps are not material either: they never move and are
// never taken.
var pieceValues = [kinds]float64{paladin: 3.5, raven: 3, squire: 1}

// chanceOfKind is the chance that two D4 show a given value at least once: 1 - (3/4)^2.
const chanceOfKind = 7.0 / 16

// evalTerms are the parts of the evaluation from the first side's point of view (light, or blue
// and green).
type evalTerms struct{ material, mobility, advance, promotion, voidDice, safety float64 }

func (t evalTerms) sum() float64 {
	return t.material + t.mobility + t.advance + t.promotion + t.voidDice + t.safety
}

func (p *Position) evalTerms() evalTerms {
	w := p.g.variant.weights
	material := [kinds]float64{paladin: w.Paladin, raven: w.Raven, squire: 1}
	mobility := [kinds]float64{monarch: w.MonarchMobility, paladin: w.PaladinMobility, raven: w.RavenMobility,
		squire: w.SquireMobility}
	var t evalTerms
	g := p.g
	for pl := 0; pl < g.players; pl++ {
		sign := 1.0
		if g.team[pl] == 1 {
			sign = -1
		}
		own := p.occ[pl]
		if own&^p.byKind[keep] == 0 {
			continue
		}
		enemyMonarch := p.byKind[monarch] & p.foes(pl)
		// The best piece a promotion could bring back, over a squire.
		best := 0.0
		for k := paladin; k <= raven; k++ {
			if p.lost[pl][k] > 0 {
				best = max(best, material[k]-1)
			}
		}
		for s := own &^ p.byKind[keep]; s != 0; s &= s - 1 {
			sq := bits.TrailingZeros64(s)
			kind := cellKind(p.board[sq])
			t.material += sign * material[kind]
			targets := p.targets(sq, kind, pl)
			t.mobility += sign * mobility[kind] * float64(bits.OnesCount64(targets))
			if targets&enemyMonarch != 0 {
				t.safety += sign * w.Threat * p.threatChance(pl, kind)
			}
			if kind == squire {
				togo := int(g.togo[pl][sq])
				if togo > 0 {
					t.advance += sign * w.SquireAdvance * float64(g.size-2-togo)
					t.promotion += sign * w.Promotion * best / float64(togo*togo)
				}
			}
		}
		for v := paladin; v <= squire; v++ {
			var have uint64
			for k := v; k <= squire; k++ {
				have |= p.byKind[k]
			}
			if have&own == 0 {
				t.voidDice -= sign * w.VoidDie
			}
		}
	}
	return t
}

// threatChance is the chance that player pl may move a piece of the kind before the opponent
// can answer: 1 when pl is to move and an unused die allows it, else that of the next roll
// showing its value.
func (p *Position) threatChance(pl, kind int) float64 {
	if int(p.side) == pl && p.rolled() {
		if p.dieFor(kind) >= 0 {
			return 1
		}
	}
	return chanceOfKind
}

// Evaluate is material plus mobility, squire advance and promotion prospects, dice that would
// move nothing, and threats to the monarchs, in pawns from each player's side; a finished game
// is worth engine.WinValue to the winner.
func (p *Position) Evaluate(e []float64) {
	g := p.g
	if p.Utility(e) {
		for pl := 0; pl < g.players; pl++ {
			e[pl] *= engine.WinValue
		}
		return
	}
	v := p.evalTerms().sum()
	for pl := 0; pl < g.players; pl++ {
		e[pl] = v
		if g.team[pl] == 1 {
			e[pl] = -v
		}
	}
}

// Terms explains Evaluate.
func (p *Position) Terms() []engine.EvalTerm {
	g := p.g
	var u [maxPlayers]float64
	if p.Utility(u[:]) {
		values := make([]float64, g.players)
		for pl := range values {
			values[pl] = u[pl] * engine.WinValue
		}
		return []engine.EvalTerm{{Name: "result", Values: values}}
	}
	t := p.evalTerms()
	term := func(name string, v float64) engine.EvalTerm {
		values := make([]float64, g.players)
		for pl := range values {
			values[pl] = v
			if g.team[pl] == 1 {
				values[pl] = -v
			}
		}
		return engine.EvalTerm{Name: name, Values: values}
	}
	return []engine.EvalTerm{term("material", t.material), term("mobility", t.mobility),
		term("squire_advance", t.advance), term("promotion", t.promotion), term("void_dice", t.voidDice),
		term("monarch_safety", t.safety)}
}
