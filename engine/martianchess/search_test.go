package martianchess

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/search"
)

// weighted is a bot that searches with its own evaluation weights: it sees the position as one
// of a variant with them.
type weighted struct {
	search.Bot
	v     engine.Tunable
	reset func()
}

func (b weighted) Choose(ctx context.Context, n engine.Position, rng *rand.Rand) (engine.Move, error) {
	p, _ := b.v.Adopt(n)
	return b.Bot.Choose(ctx, p, rng)
}

// parseWeights reads "zone=0.25,threat=0.5,all=1,clock=1" over the game's tuned weights.
func parseWeights(t *testing.T, game, s string) Weights {
	w := TunedWeights[game]
	for _, kv := range strings.Split(s, ",") {
		if kv == "" || kv == "default" {
			continue
		}
		k, v, _ := strings.Cut(kv, "=")
		f, err := strconv.ParseFloat(v, 64)
		if err != nil {
			t.Fatalf("weights %q: %v", s, err)
		}
		switch k {
		case "zone":
			w.Zone = f
		case "threat":
			w.Threat = f
		case "all":
			w.ThreatAll = f != 0
		case "clock":
			w.Clock = f != 0
		default:
			t.Fatalf("weights %q: unknown %q", s, k)
		}
	}
	return w
}

func tuneBot(t *testing.T, game, spec string, depth int) weighted {
	switch spec {
	case "greedy":
		return weighted{Bot: search.GreedyBot(), v: WithWeights(game, TunedWeights[game]).(engine.Tunable)}
	case "random":
		return weighted{Bot: search.RandomBot(), v: WithWeights(game, TunedWeights[game]).(engine.Tunable)}
	}
	s := search.NewSearcher(1 << 22)
	return weighted{Bot: search.SearchBot(s, search.Options{Limits: search.Limits{Depth: depth}}),
		v: WithWeights(game, parseWeights(t, game, spec)).(engine.Tunable), reset: s.ClearTable}
}

// TestTune plays evaluation weights MARTIAN_A against MARTIAN_B (weights, greedy or random) in
// MARTIAN_VARIANT with MARTIAN_PLAYERS players, MARTIAN_GAMES rounds (A in every seat once a
// round), search depth MARTIAN_DEPTH, each round opened by four random actions. It reports A's
// results and how the games ended. Skipped without MARTIAN_TUNE.
func TestTune(t *testing.T) {
	if os.Getenv("MARTIAN_TUNE") == "" {
		t.Skip("set MARTIAN_TUNE=1 to play a tuning match")
	}
	env := func(k, def string) string {
		if v := os.Getenv(k); v != "" {
			return v
		}
		return def
	}
	atoi := func(k, def string) int {
		n, err := strconv.Atoi(env(k, def))
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	v, _ := engine.Lookup(env("MARTIAN_VARIANT", MartianChess))
	players, depth, rounds := atoi("MARTIAN_PLAYERS", "2"), atoi("MARTIAN_DEPTH", "4"), atoi("MARTIAN_GAMES", "50")
	start, err := v.Start(engine.Options{optPlayers: {Kind: engine.OptionInt, Int: int64(players)}})
	if err != nil {
		t.Fatal(err)
	}
	root := start.(engine.Position)
	game := v.Describe().Name
	a := tuneBot(t, game, env("MARTIAN_A", "default"), depth)
	b := tuneBot(t, game, env("MARTIAN_B", "greedy"), depth)
	var wins, draws, losses int
	var sum float64
	ends := map[string]int{}
	length := 0
	for r := 0; r < rounds; r++ {
		for seatA := 0; seatA < players; seatA++ {
			rng := rand.New(rand.NewPCG(uint64(r), 7))
			cur := root
			var buf [engine.MaxMoves]engine.Move
			for range 4 {
				moves := cur.Moves(buf[:0])
				next := cur.NewNode()
				cur.PlayInto(moves[rng.IntN(len(moves))], next)
				cur = next
			}
			bots := make([]search.Bot, players)
			for s := range bots {
				bots[s] = b
			}
			bots[seatA] = a
			for _, w := range []weighted{a, b} {
				if w.reset != nil {
					w.reset()
				}
			}
			final, n, err := search.PlayGame(context.Background(), cur, bots, rng, 300)
			if err != nil {
				t.Fatal(err)
			}
			length += n
			u := make([]float64, players)
			if !final.Utility(u) {
				ends["cap"]++
				draws++
				continue
			}
			o := final.Outcome()
			ends[o.Reason]++
			sum += u[seatA]
			switch {
			case u[seatA] > 0:
				wins++
			case u[seatA] < 0:
				losses++
			default:
				draws++
			}
		}
	}
	g := rounds * players
	fmt.Printf("%s %dp depth %d: A=%q B=%q: %d games, +%d =%d -%d, mean utility %.3f, ends %v, mean length %.1f\n",
		v.Describe().Name, players, depth, env("MARTIAN_A", "default"), env("MARTIAN_B", "greedy"), g, wins, draws, losses,
		sum/float64(g), ends, float64(length)/float64(g))
}
