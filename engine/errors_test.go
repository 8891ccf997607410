package engine_test

import (
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/enginetest"
	_ "github.com/ashtapada/ashtapada/engine/games"
)

// maxErrorLen bounds an error about a client's text: the text is quoted at most engine.MaxQuoted
// bytes, whatever its length.
const maxErrorLen = 400

// Every field of every variant's position text, and every action text, replaced by 4,000 bytes of
// one kind or another, gives an error that quotes little of it.
func TestErrorsQuoteLittle(t *testing.T) {
	fills := []string{strings.Repeat("x", 4000), strings.Repeat("9", 4000), strings.Repeat("ab/", 1333), strings.Repeat("é", 2000)}
	for _, v := range enginetest.Registered(t) {
		name := v.Describe().Name
		start, err := v.Start(nil)
		if err != nil {
			t.Fatal(err)
		}
		fields := strings.Fields(start.String())
		for i := range fields {
			for _, fill := range fills {
				f := append([]string(nil), fields...)
				f[i] = fill
				if _, err := v.Parse(strings.Join(f, " ")); err != nil && len(err.Error()) > maxErrorLen {
					t.Errorf("%s, field %d as %.8q...: an error of %d bytes: %.200s", name, i, fill, len(err.Error()), err)
				}
			}
		}
		if start.Phase() != engine.PhaseAction {
			continue
		}
		for _, fill := range fills {
			if _, err := start.ParseMove(fill); err != nil && len(err.Error()) > maxErrorLen {
				t.Errorf("%s, action %.8q...: an error of %d bytes: %.200s", name, fill, len(err.Error()), err)
			}
		}
	}
}

func TestTextIsCut(t *testing.T) {
	long := strings.Repeat("é", 100)
	got := engine.Positionf("side", "got %q", long).Error()
	if !strings.Contains(got, "... (200 bytes)") || len(got) > 120 {
		t.Errorf("%q", got)
	}
	if got := engine.Positionf("side", "got %q", "w").Error(); got != `side: got "w"` {
		t.Errorf("%q", got)
	}
}
