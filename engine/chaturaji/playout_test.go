package chaturaji

import (
	"math/rand/v2"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
)

// optionSets covers every option, alone and in the combinations the rules allow.
var optionSets = []engine.Options{
	nil,
	{optTeams: {Kind: engine.OptionBool, Bool: true}},
	{optRankRule: {Kind: engine.OptionBool, Bool: true}},
	{optDice: {Kind: engine.OptionInt, Int: 2}},
	{optDiceless: {Kind: engine.OptionBool, Bool: true}},
	{optTeams: {Kind: engine.OptionBool, Bool: true}, optGoal: {Kind: engine.OptionString, String: goalLastStanding}},
	{optTeams: {Kind: engine.OptionBool, Bool: true}, optDice: {Kind: engine.OptionInt, Int: 2}, optRankRule: {Kind: engine.OptionBool, Bool: true}},
	{optMaxRounds: {Kind: engine.OptionInt, Int: 3}},
}

// playout plays random legal actions from p until the game ends or limit actions are made, and
// returns the final position and the number of actions.
func playout(p *Position, rng *rand.Rand, limit int, check func(*Position)) (*Position, int) {
	var buf [engine.MaxMoves]engine.Move
	cur, next := *p, Position{}
	for n := 0; n < limit; n++ {
		if check != nil {
			check(&cur)
		}
		moves := cur.Moves(buf[:0])
		if len(moves) == 0 {
			return &cur, n
		}
		cur.play(moves[rng.IntN(len(moves))], &next, nil)
		cur, next = next, cur
	}
	return &cur, limit
}

// TestRandomGamesKeepInvariants plays random games under every option set and checks, at every
// step, that the text and structured forms round-trip (so that the piece counts and the squares
// kept for move generation, made incrementally, match those made from the board), and that
// every legal action's notation reads back as that action.
func TestRandomGamesKeepInvariants(t *testing.T) {
	for i, opts := range optionSets {
		start, err := Variant.Start(opts)
		if err != nil {
			t.Fatalf("options %v: %v", opts, err)
		}
		rng := rand.New(rand.NewPCG(uint64(i), 7))
		finished := 0
		for game := 0; game < 12; game++ {
			end, _ := playout(start.(*Position), rng, 3000, func(p *Position) {
				text := p.String()
				back, err := Parse(text)
				if err != nil {
					t.Fatalf("Parse(%q): %v", text, err)
				}
				if back != *p {
					t.Fatalf("text round trip changed the position:\n%s\n%s", text, back.String())
				}
				fromSetup, err := Variant.FromSetup(p.Setup())
				if err != nil {
					t.Fatalf("FromSetup of %q: %v", text, err)
				}
				if *fromSetup.(*Position) != *p {
					t.Fatalf("setup round trip changed %q into %q", text, fromSetup.String())
				}
				var buf [engine.MaxMoves]engine.Move
				for _, m := range p.Moves(buf[:0]) {
					got, err := p.ParseMove(p.Notation(m))
					if err != nil || got != m {
						t.Fatalf("%q: notation %q reads back as %v, %v", text, p.Notation(m), got, err)
					}
				}
			})
			if end.finished() {
				finished++
			}
		}
		if finished == 0 {
			t.Errorf("options %v: no random game finished", opts)
		}
	}
}
