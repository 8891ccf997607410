package martian

import (
	"slices"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
)

// FuzzParseMove: any text is refused with an error or names a legal move, which the notation
// writes back as a text naming the same move.
func FuzzParseMove(f *testing.F) {
	for _, pos := range []string{StartText, "4m/1S3/5/5/M4 l 3s,4s - R 0 1"} {
		for _, action := range []string{"b4b5=r", "end", "roll 1 1", "a1a1"} {
			f.Add(pos, action)
		}
	}
	f.Fuzz(func(t *testing.T, text, action string) {
		p, err := Parse(text)
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
