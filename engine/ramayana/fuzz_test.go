package ramayana

import (
	"context"
	"slices"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
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
		moves := p.Moves(buf[:0])
		for _, m := range moves {
			if back, err := p.ParseMove(p.Notation(m)); err != nil || back != m {
				t.Fatalf("%s: %q reads back as %v, %v", text, p.Notation(m), back, err)
			}
		}
		if m, err := p.ParseMove(action); err == nil {
			if !slices.Contains(moves, m) {
				t.Fatalf("%s: %q reads as an action that is not legal", text, action)
			}
			p.Play(m)
		}
		if _, err := engine.Perft(context.Background(), &p, 2, engine.PerftOptions{Budget: 50_000}); err != nil && err != engine.ErrBudget {
			t.Fatal(err)
		}
	})
}
