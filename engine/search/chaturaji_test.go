package search

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/chaturaji"
)

// chaturajiStart returns the start of a chaturaji game with the given options, after the first
// roll (so that a player chooses), with the roll drawn from seed.
func chaturajiStart(t testing.TB, opts engine.Options, seed uint64) engine.Position {
	t.Helper()
	p, err := chaturaji.Variant.Start(opts)
	if err != nil {
		t.Fatal(err)
	}
	n := p
	rng := rand.New(rand.NewPCG(seed, 1))
	for n.Phase() == engine.PhaseRoll {
		c := n.NewNode()
		n.PlayInto(engine.SampleRoll(n, allMoves(n), rng), c)
		n = c
	}
	return n
}

var teamPlay = engine.Options{"teams": {Kind: engine.OptionBool, Bool: true}}

func BenchmarkSearchChaturaji(b *testing.B) {
	for _, c := range []struct {
		name string
		opts engine.Options
		alg  Algorithm
	}{
		{"paranoid", nil, Paranoid},
		{"maxn", nil, MaxN},
		{"teams", teamPlay, AlphaBeta},
	} {
		root := chaturajiStart(b, c.opts, 1)
		for _, depth := range []int{2, 4} {
			b.Run(fmt.Sprintf("%s/depth=%d", c.name, depth), func(b *testing.B) {
				benchmarkSearch(b, root, Options{Algorithm: c.alg, Limits: Limits{Depth: depth}})
			})
		}
	}
}

// TestChaturajiSearch checks the search on the real four-player game: every algorithm returns a
// legal action and values for all four players, and team play values partners alike.
func TestChaturajiSearch(t *testing.T) {
	for _, c := range []struct {
		opts engine.Options
		alg  Algorithm
	}{
		{nil, Auto}, {nil, Paranoid}, {nil, MaxN}, {teamPlay, Auto}, {teamPlay, MaxN},
	} {
		for seed := uint64(1); seed <= 3; seed++ {
			root := chaturajiStart(t, c.opts, seed)
			r := mustSearch(t, NewSearcher(1<<20), root, Options{Algorithm: c.alg, Limits: Limits{Depth: 3, MultiPV: 2}})
			if !r.Complete || r.Depth != 3 || len(r.Lines[0].Values) != 4 {
				t.Errorf("%v %v: %+v", c.opts, c.alg, r)
			}
			if c.opts != nil && c.alg == Auto {
				v := r.Lines[0].Values
				if v[0] != v[2] || v[1] != v[3] || v[0] != -v[1] {
					t.Errorf("team values %v: want partners equal and the teams opposite", v)
				}
			}
		}
	}
}
