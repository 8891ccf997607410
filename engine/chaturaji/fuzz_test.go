package chaturaji

import (
	"context"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
)

// FuzzParse: any accepted text formats back to a text that parses to the same position, and
// generation, notation and move parsing run on it without failing.
func FuzzParse(f *testing.F) {
	for _, e := range readPerft(f) {
		f.Add(e.text, "a2a3")
	}
	f.Add(StartText+" teams dice=2 rank_rule max_rounds=9", "roll 2 5")
	f.Add("8/4,rPk,3/2,gPh,5/bPb,7/7,yK/8/bE,7/3,bK,4 b 4* b>r,offer=rg 5,0,0,0 0 1 teams", "propose_exchange")
	f.Add("8/8/8/bB:r,7/8/8/8/3,bK,4 g - ask=rgy,b>r 1t2e4,0,0,0 0 1 teams", "return_raja d4")
	f.Fuzz(func(t *testing.T, text, action string) {
		p, err := Parse(text)
		if err != nil {
			return
		}
		back, err := Parse(p.String())
		if err != nil || back != p {
			t.Fatalf("%q formats as %q, which reads back as %v", text, p.String(), err)
		}
		var buf [engine.MaxMoves]engine.Move
		for _, m := range p.Moves(buf[:0]) {
			if got, err := p.ParseMove(p.Notation(m)); err != nil || got != m {
				t.Fatalf("%q: %q reads back as %v, %v", text, p.Notation(m), got, err)
			}
			p.Play(m)
		}
		if m, err := p.ParseMove(action); err == nil {
			p.Play(m)
		}
		p.Outcome()
		if _, err := engine.Perft(context.Background(), &p, 2, engine.PerftOptions{Budget: 100_000}); err != nil && err != engine.ErrBudget {
			t.Fatal(err)
		}
	})
}
