package coasterchaturanga

import (
	"context"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/enginetest"
)

// FuzzParse: any accepted text writes back to a text that reads as the same position, every legal
// action's notation reads back as that action, any action text is an error or a legal action, and
// a short perft never fails.
func FuzzParse(f *testing.F) {
	f.Add(startText, "roll aim")
	f.Add("y0r1b2g3 gqgd3yq/gp4yd/6/6/bdyp3rp/bqbp2rdrq -,-,-,- bl aim!clear 0", "b2a2")
	f.Add("y0r1b2g3 gqgd2ypyq/5yd/6/6/bd4rp/bqbp2rdrq -,gp,-,- bl dig:d!enter=gp 0 players=2 max_turns=9", "enter gp")
	f.Add("b1r2y3g0 gqgd2ypyq/gp4yd/6/6/bd4rp/bqbp2rdrq -,-,-,- tr wild:m^gp 7 first=br", "swap tl br")
	f.Fuzz(func(t *testing.T, text, action string) {
		p, err := Parse(text)
		if err != nil {
			return
		}
		again, err := Parse(p.String())
		if err != nil || again.String() != p.String() {
			t.Fatalf("%q -> %q does not read back the same: %v", text, p.String(), err)
		}
		var buf [engine.MaxMoves]engine.Move
		for _, m := range p.Moves(buf[:0]) {
			if back, err := p.ParseMove(p.Notation(m)); err != nil || back != m {
				t.Fatalf("%s: %q reads back as %v, %v", text, p.Notation(m), back, err)
			}
		}
		enginetest.CheckParseMove(t, p, action)
		if _, err := engine.Perft(context.Background(), p, 2, engine.PerftOptions{Budget: 20_000}); err != nil && err != engine.ErrBudget {
			t.Fatal(err)
		}
	})
}
