package coasterchaturanga

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/engine"

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

// Random games keep the structured form: FromSetup of Setup is the same position, also with the
// turn's obligations and the re-entered piece, and for every option set.
func TestSetupRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	for _, opts := range []engine.Options{nil, {optPlayers: {Kind: engine.OptionInt, Int: 2}},
		{optPartnership: {Kind: engine.OptionBool, Bool: true}, optMaxTurns: {Kind: engine.OptionInt, Int: 12},
			optFirst: {Kind: engine.OptionString, String: "tr"}, optDroneRight: {Kind: engine.OptionString, String: "bl,tl"},
			optColours: {Kind: engine.OptionString, String: "gbry"}}} {
		start, err := Variant.Start(opts)
		if err != nil {
			t.Fatal(err)
		}
		p := start.(*Position)
		for ply := 0; ply < 400 && p.Phase() != engine.PhaseFinished; ply++ {
			q, err := Variant.FromSetup(p.Setup())
			if err != nil || q.String() != p.String() {
				t.Fatalf("%s: the structured form reads back as %v, %v", p, q, err)
			}
			moves := p.Moves(nil)
			next, _ := p.Play(moves[rng.IntN(len(moves))])
			p = next.(*Position)
		}
	}
}
