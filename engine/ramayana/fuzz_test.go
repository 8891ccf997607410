package ramayana

import (
	"context"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/enginetest"
)

// FuzzParse: any accepted text writes back to a text that reads as the same position, every legal
// action's notation reads back as that action, and any action text is an error or a legal action.
func FuzzParse(f *testing.F) {
	f.Add(StartText, "d3d4")
	f.Add(StartText, "b9e12^a8")
	f.Add(StartText, "d15d16=buddha")
	f.Fuzz(func(t *testing.T, text, action string) {
		p, err := Parse(text)
		if err != nil {
			return
		}
		again, err := Parse(p.String())
		if err != nil || again != p {
			t.Fatalf("%q -> %q does not read back the same: %v", text, p.String(), err)
		}
		var buf [engine.MaxMoves]engine.Move
		for _, m := range p.Moves(buf[:0]) {
			if back, err := p.ParseMove(p.Notation(m)); err != nil || back != m {
				t.Fatalf("%s: %q reads back as %v, %v", text, p.Notation(m), back, err)
			}
		}
		enginetest.CheckParseMove(t, &p, action)
		if m, err := p.ParseMove(action); err == nil {
			p.Play(m)
		}
		if _, err := engine.Perft(context.Background(), &p, 2, engine.PerftOptions{Budget: 50_000}); err != nil && err != engine.ErrBudget {
			t.Fatal(err)
		}
	})
}
