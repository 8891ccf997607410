package coasterchaturanga

import (
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/engine/enginetest"
)

const startText = "y0r1b2g3 gqgd2ypyq/gp4yd/6/6/bd4rp/bqbp2rdrq -,-,-,- bl - 0"

func TestStartText(t *testing.T) {
	if got := start(defaultRules).String(); got != startText {
		t.Errorf("start = %s, want %s", got, startText)
	}
}

// withoutTurns drops the turns played, which the key leaves out.
func withoutTurns(a, b string) bool {
	cut := func(s string) string {
		f := strings.Fields(s)
		return strings.Join(append(f[:5:5], f[6:]...), " ")
	}
	return cut(a) == cut(b)
}

func TestNodeContract(t *testing.T) {
	for _, r := range []*rules{defaultRules, {players: 2, partnership: true, colours: defaultColours, maxTurns: 30}} {
		enginetest.CheckNode(t, start(r), 6, 300, 7, withoutTurns)
	}
}
