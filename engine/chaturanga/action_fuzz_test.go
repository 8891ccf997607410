package chaturanga

import (
	"slices"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
)

// FuzzParseMove: any text is refused with an error or names a legal move, which the notation
// writes back as a text naming the same move.
func FuzzParseMove(f *testing.F) {
	for _, pos := range []string{StartFEN, "2r1k3/1P4P1/8/3q4/8/8/1p4p1/R3K3 w - - 0 40"} {
		for _, action := range []string{"b7b8q", "e1c1", "a1a8", "O-O", ""} {
			f.Add(pos, action)
		}
	}
	f.Fuzz(func(t *testing.T, text, action string) {
		p, err := ParseFEN(text)
		if err != nil {
			return
		}
		m, err := p.ParseMove(action)
		if err != nil {
			return
		}
		var buf [engine.MaxMoves]engine.Move
		if !slices.Contains(p.Moves(buf[:0]), m) {
			t.Fatalf("%s: %q reads as a move that is not legal", text, action)
		}
		if back, err := p.ParseMove(p.Notation(m)); err != nil || back != m {
			t.Fatalf("%s: %q reads as %q, which reads back as %v, %v", text, action, p.Notation(m), back, err)
		}
	})
}
