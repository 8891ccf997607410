package coasterchaturanga

import (
	"math/rand/v2"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
)

// TestMayEnd checks that MayEnd never says no where an action ends the game, in random games of
// four players, of partners and with a turn limit, and that it says no at the start.
func TestMayEnd(t *testing.T) {
	if start(defaultRules).MayEnd() {
		t.Error("the start may end the game in one action")
	}
	limited := *defaultRules
	limited.maxTurns = 3
	partners := &rules{players: 2, partnership: true, colours: defaultColours}
	var buf [engine.MaxMoves]engine.Move
	for _, r := range []*rules{defaultRules, partners, &limited} {
		ends, said := 0, 0
		for g := range 300 {
			p := *start(r)
			rng := rand.New(rand.NewPCG(uint64(g), 1))
			for range 400 {
				moves := p.Moves(buf[:0])
				if len(moves) == 0 {
					break
				}
				may := p.MayEnd()
				if may {
					said++
				}
				for _, m := range moves {
					var q Position
					p.apply(m, &q)
					if q.over {
						ends++
						if !may {
							t.Fatalf("%s: %s ends the game, and MayEnd said no", p.String(), p.Notation(m))
						}
					}
				}
				var next Position
				p.apply(moves[rng.IntN(len(moves))], &next)
				p = next
			}
		}
		if ends == 0 || said == 0 {
			t.Errorf("players %d, max_turns %d: %d game-ending actions, MayEnd yes %d times: the games never came near an end", r.players, r.maxTurns, ends, said)
		}
	}
}
