package chaturanga

import (
	"testing"

	"github.com/ashtapada/ashtapada/engine/enginetest"
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
		p, err := Parse(text)
		if err != nil {
			return
		}
		enginetest.CheckParseMove(t, &p, action)
	})
}
