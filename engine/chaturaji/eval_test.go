package chaturaji

import (
	"math"
	"testing"
)

// A piece that an enemy may take on his next roll is worth less than a safe one: by a quarter
// of its value when the attacker still has to roll, by all of it when he holds the die.
func TestEvaluateThreats(t *testing.T) {
	threatened := board(thronedRajas+"c3=bH c7=gE") + " b - - 0,0,0,0 0 1"
	safe := board(thronedRajas+"c3=bH b7=gE") + " b - - 0,0,0,0 0 1"
	et, es := evaluate(mustParse(t, threatened)), evaluate(mustParse(t, safe))
	if et[black] >= es[black] || et[green] <= es[green] {
		t.Errorf("black's horse attacked by green's elephant: %v, safe: %v; want black lower and green higher", et, es)
	}
	if math.Abs(sum(et)) > 1e-9 {
		t.Errorf("%v does not sum to 0", et)
	}
	// Green to act with a 4 in hand: the capture is certain, worth more than on a later roll;
	// with a 2 in hand it waits for a round in which black moves first.
	inHand := evaluate(mustParse(t, board(thronedRajas+"c3=bH c7=gE")+" g 4 - 0,0,0,0 0 1"))
	missed := evaluate(mustParse(t, board(thronedRajas+"c3=bH c7=gE")+" g 2 - 0,0,0,0 0 1"))
	if inHand[green] <= et[green] || !approx(missed, es) {
		t.Errorf("green holding a 4: %v, a 2: %v; black to roll: %v, not attacking: %v", inHand, missed, et, es)
	}
	// Threats are in the terms, and the terms add up to Evaluate.
	for _, text := range []string{threatened, safe, board(thronedRajas+"c3=bH c7=gE") + " g 4 - 0,0,0,0 0 1 teams"} {
		p := mustParse(t, text)
		total := make([]float64, players)
		found := false
		for _, term := range p.Terms() {
			found = found || term.Name == "threats"
			for pl, v := range term.Values {
				total[pl] += v
			}
		}
		if e := evaluate(p); !found || !approx(total, e) {
			t.Errorf("%s: terms add up to %v (a threats term: %v), Evaluate gives %v", text, total, found, e)
		}
	}
}

func BenchmarkEvaluate(b *testing.B) {
	p, err := Parse(StartText)
	if err != nil {
		b.Fatal(err)
	}
	e := make([]float64, players)
	b.ReportAllocs()
	for b.Loop() {
		p.Evaluate(e)
	}
}
