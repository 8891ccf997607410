package martianchess

import (
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/enginetest"
)

// withoutMoveNumber drops the move number, which the key leaves out.
func withoutMoveNumber(a, b string) bool {
	cut := func(s string) string {
		f := strings.Fields(s)
		return strings.Join(append(f[:5:5], f[6:]...), " ")
	}
	return cut(a) == cut(b)
}

func TestNodeContract(t *testing.T) {
	games := 12
	if testing.Short() {
		games = 3
	}
	for _, v := range []engine.Variant{MartianChessVariant, CoasterChessVariant} {
		for _, opts := range []engine.Options{nil, {optPlayers: {Kind: engine.OptionInt, Int: 4}},
			{optPlayers: {Kind: engine.OptionInt, Int: 4}, optTeams: {Kind: engine.OptionBool, Bool: true}}} {
			start, err := v.Start(opts)
			if err != nil {
				t.Fatal(err)
			}
			t.Run(start.String(), func(t *testing.T) {
				enginetest.CheckNode(t, start, games, 200, 5, withoutMoveNumber)
				enginetest.CheckPerft(t, start, 3)
			})
		}
	}
}
