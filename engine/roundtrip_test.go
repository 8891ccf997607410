package engine_test

import (
	"math/rand/v2"
	"testing"

	"github.com/ashtapada/ashtapada/engine/enginetest"
)

// Every registered variant's positions, along seeded random games from its start, read back from
// their text, their structured form and every action's notation; a game package adds its own
// option sets and special positions.
func TestRoundTripsEveryVariant(t *testing.T) {
	for _, v := range enginetest.Registered(t) {
		start, err := v.Start(nil)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(1, 2))
		for range 3 {
			p := start
			for range 150 {
				enginetest.CheckRoundTrips(t, p, nil)
				moves := p.Moves(nil)
				if len(moves) == 0 {
					break
				}
				p, _ = p.Play(moves[rng.IntN(len(moves))])
			}
		}
	}
}
