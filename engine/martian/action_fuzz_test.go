package martian

import (
	"testing"

	"github.com/ashtapada/ashtapada/engine/enginetest"
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
		enginetest.CheckParseMove(t, &p, action)
	})
}
