package ramayana

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
)

// mirror is the half-turn image of p with the colours swapped: the board is symmetric under the
// half turn, which takes square sq to squares-1-sq.
func mirror(p *Position) *Position {
	q := *p
	for sq := range p.board {
		c := p.board[sq]
		if c != 0 && cellOwner(c) < 2 {
			c = pieceCell(cellKind(c), 1-cellOwner(c))
		}
		q.board[squares-1-sq] = c
	}
	q.side = 1 - p.side
	return &q
}

func eval(p *Position) float64 {
	var e [2]float64
	p.Evaluate(e[:])
	if e[red] != -e[yellow] {
		panic("not zero-sum")
	}
	return e[yellow]
}

// The mirror image evaluates to the negation, on positions of random games; the terms add up to
// the evaluation.
func TestEvaluateSymmetric(t *testing.T) {
	start, _ := Parse(StartText)
	if v := eval(&start); math.Abs(v) > 1e-9 {
		t.Errorf("the start evaluates to %v", v)
	}
	rng := rand.New(rand.NewPCG(3, 1))
	asymmetric := 0
	for g := range 20 {
		text := StartText
		if g%2 == 1 {
			text = advanced
		}
		p, _ := Parse(text)
		for range 200 {
			v, w := eval(&p), eval(mirror(&p))
			if math.Abs(v+w) > 1e-9 {
				t.Fatalf("%s evaluates to %v, its mirror %s to %v", p.String(), v, mirror(&p).String(), w)
			}
			if math.Abs(v) > 1e-9 {
				asymmetric++
			}
			sum := 0.0
			for _, term := range p.Terms() {
				sum += term.Values[yellow]
				if term.Values[red] != -term.Values[yellow] {
					t.Fatalf("%s: term %s is not zero-sum", p.String(), term.Name)
				}
			}
			if math.Abs(sum-v) > 1e-9 {
				t.Fatalf("%s: terms add up to %v, Evaluate gives %v", p.String(), sum, v)
			}
			moves := p.Moves(nil)
			if len(moves) == 0 {
				break
			}
			p.apply(moves[rng.IntN(len(moves))], &p)
		}
	}
	if asymmetric == 0 {
		t.Errorf("every position evaluated to 0")
	}
}

func terms(p *Position) map[string]float64 {
	out := map[string]float64{}
	for _, term := range p.Terms() {
		out[term.Name] = term.Values[yellow]
	}
	return out
}

// Hand-checked terms: yellow's Muni next to the Rakshasa on i8 lets him move it; red's royal
// stands on the Rakshasa b9's diagonal; yellow's Rajah, next to b9, moves it for free.
func TestEvaluateTerms(t *testing.T) {
	p := build(t, "r", map[string]string{"e2": "R", "j9": "M", "f15": "r", "e6": "u", "i8": "K", "b9": "K"})
	got := terms(p)
	w := evalWeights
	want := map[string]float64{
		"material":            2 - 1,
		"maharajah":           0,
		"reach":               w.reach * float64(len(targets[muni][mustSquare("j9")])),
		"untouchable_advance": -w.advance * 8, // e6 is eight ranks from e14
		"rakshasa_control":    w.control,
		"rakshasa_exposure":   0,
	}
	for name, v := range want {
		if math.Abs(got[name]-v) > 1e-9 {
			t.Errorf("%s = %v, want %v (all: %v)", name, got[name], v, got)
		}
	}
	// The red royal on e12 is on b9's diagonal, next to yellow's Muni: red is in check.
	q := build(t, "r", map[string]string{"g2": "+R", "a8": "M", "e12": "r", "i8": "K", "b9": "K", "g10": "i"})
	got = terms(q)
	if g := got["maharajah"]; g != maharajahBonus {
		t.Errorf("maharajah %v", g)
	}
	// Yellow controls b9 (a8); red's Singh on g10 is next to no Rakshasa (i8 is two files away).
	if g := got["rakshasa_control"]; g != w.control {
		t.Errorf("control %v, want %v", g, w.control)
	}
	// Only red is exposed, to both Rakshasas (e12 lies on b9's and i8's diagonals); g2 lies on
	// neither one's.
	if g := got["rakshasa_exposure"]; g != 2*w.exposed {
		t.Errorf("exposure %v, want %v", g, 2*w.exposed)
	}
}

func TestEvaluateAllocatesNothing(t *testing.T) {
	p, _ := Parse(advanced)
	var e [2]float64
	if a := testing.AllocsPerRun(20, func() { p.Evaluate(e[:]) }); a != 0 {
		t.Errorf("Evaluate allocated %v times", a)
	}
	var _ engine.Judge = &p
}
