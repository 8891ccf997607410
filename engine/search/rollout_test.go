package search

import (
	"context"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/chaturanga"
)

func TestRolloutSameSeedSameResult(t *testing.T) {
	for _, policy := range []Policy{Random, Greedy} {
		for _, root := range []engine.Position{newRace(3, 12, true), newTacticalTree(3, 5, 30, 1000, true), &nim{pile: 21}} {
			opts := RolloutOptions{Playouts: 300, Seed: 42, Policy: policy}
			a, err := Rollout(context.Background(), root, opts)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := Rollout(context.Background(), root, opts)
			a.Elapsed, b.Elapsed = 0, 0
			if !reflect.DeepEqual(a, b) {
				t.Errorf("%v %v: two runs with one seed differ:\n%+v\n%+v", policy, root, a, b)
			}
			opts.Seed++
			c, _ := Rollout(context.Background(), root, opts)
			c.Elapsed = 0
			if reflect.DeepEqual(a, c) {
				t.Errorf("%v %v: seeds 42 and 43 gave the same result %+v", policy, root, a)
			}
		}
	}
}

func TestRolloutCounts(t *testing.T) {
	root := newRace(3, 10, true)
	r, err := Rollout(context.Background(), root, RolloutOptions{Playouts: 500, Seed: 7, MaxActions: 40})
	if err != nil {
		t.Fatal(err)
	}
	if r.Playouts != 500 {
		t.Errorf("Playouts = %d, want 500", r.Playouts)
	}
	if r.Unfinished == 0 || r.Unfinished == r.Playouts {
		t.Errorf("Unfinished = %d of %d: the cap of 40 actions should cut some playouts, not all", r.Unfinished, r.Playouts)
	}
	wins := 0
	for p := range 3 {
		if got := r.Wins[p] + r.Draws[p] + r.Losses[p] + r.Unfinished; got != r.Playouts {
			t.Errorf("player %d: wins+draws+losses+unfinished = %d, want %d", p, got, r.Playouts)
		}
		wins += r.Wins[p]
		rate := float64(r.Wins[p]) / float64(r.Playouts)
		if ci := r.WinRateCI[p]; !(ci[0] <= rate && rate <= ci[1] && ci[0] >= 0 && ci[1] <= 1 && ci[1]-ci[0] < 0.1) {
			t.Errorf("player %d: interval %v does not fit the rate %v", p, ci, rate)
		}
		if u := r.MeanUtility[p]; u < -1 || u > 1 {
			t.Errorf("player %d: mean utility %v outside [-1, 1]", p, u)
		}
	}
	if wins != r.Playouts-r.Unfinished {
		t.Errorf("%d wins in %d finished races, want one each", wins, r.Playouts-r.Unfinished)
	}
	if r.MeanLength <= 0 || r.MeanLength > 40 || r.Actions != uint64(r.MeanLength*float64(r.Playouts)+0.5) {
		t.Errorf("MeanLength %v, Actions %d", r.MeanLength, r.Actions)
	}
	if r.MeanScore != nil {
		t.Errorf("MeanScore = %v for a game without points", r.MeanScore)
	}
}

func TestWilson(t *testing.T) {
	for _, c := range []struct {
		k, n   int
		lo, hi float64
	}{
		{0, 10, 0, 0.2775},
		{10, 10, 0.7225, 1},
		{50, 100, 0.4038, 0.5962},
	} {
		got := wilson(c.k, c.n)
		if !close4(got[0], c.lo) || !close4(got[1], c.hi) {
			t.Errorf("wilson(%d, %d) = %v, want [%v %v]", c.k, c.n, got, c.lo, c.hi)
		}
	}
}

func close4(a, b float64) bool { return a-b < 5e-5 && b-a < 5e-5 }

// TestRolloutNim checks the statistics against a game whose random playouts are easy to count:
// from a pile of 1 the first player always wins.
func TestRolloutNim(t *testing.T) {
	r, err := Rollout(context.Background(), &nim{pile: 1}, RolloutOptions{Playouts: 10})
	if err != nil {
		t.Fatal(err)
	}
	if r.Wins[0] != 10 || r.Losses[1] != 10 || r.MeanUtility[0] != 1 || r.MeanLength != 1 {
		t.Errorf("got %+v, want player 0 to win all 10 one-action playouts", r)
	}
}

func TestRolloutErrors(t *testing.T) {
	for _, opts := range []RolloutOptions{{}, {Playouts: -1}, {Playouts: 1, MaxActions: -1}, {Playouts: 1, Policy: 7}} {
		if _, err := Rollout(context.Background(), &nim{pile: 3}, opts); err == nil {
			t.Errorf("Rollout(%+v) gave no error", opts)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r, err := Rollout(ctx, newRace(2, 100, true), RolloutOptions{Playouts: 100000})
	if err == nil || r.Playouts >= 100000 {
		t.Errorf("cancelled rollout: %d playouts, error %v", r.Playouts, err)
	}
}

func TestParsePolicy(t *testing.T) {
	for _, p := range []Policy{Random, Greedy} {
		if got, err := ParsePolicy(p.String()); got != p || err != nil {
			t.Errorf("ParsePolicy(%q) = %v, %v", p.String(), got, err)
		}
	}
	if _, err := ParsePolicy("best"); err == nil {
		t.Error("ParsePolicy(best) gave no error")
	}
}

func TestRolloutAllocations(t *testing.T) {
	allocs := func(goal int8, policy Policy) (float64, float64) {
		root := newRace(3, goal, true)
		var length float64
		a := testing.AllocsPerRun(5, func() {
			r, _ := Rollout(context.Background(), root, RolloutOptions{Playouts: 10, Seed: 1, Policy: policy})
			length = r.MeanLength
		})
		return a, length
	}
	for _, policy := range []Policy{Random, Greedy} {
		short, shortLen := allocs(5, policy)
		long, longLen := allocs(40, policy)
		t.Logf("%v: %v allocations for playouts of %.0f actions, %v for %.0f", policy, short, shortLen, long, longLen)
		// Only the outcome at the end of each playout allocates, not the actions.
		if long != short || longLen < 4*shortLen {
			t.Errorf("%v: %v allocations for playouts of %.0f actions, %v for %.0f", policy, short, shortLen, long, longLen)
		}
	}
}

func TestPlayGame(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	root := newRace(3, 15, true)
	bots := []Bot{RandomBot(), GreedyBot(), SearchBot(NewSearcher(1<<16), Options{Limits: Limits{Depth: 2}})}
	end, n, err := PlayGame(context.Background(), root, bots, rng, 0)
	if err != nil {
		t.Fatal(err)
	}
	if end.Phase() != engine.PhaseFinished || n == 0 {
		t.Errorf("game ended after %d actions in phase %v: %v", n, end.Phase(), end)
	}
	end, n, err = PlayGame(context.Background(), root, bots, rng, 5)
	if err != nil || n != 5 || end.Phase() == engine.PhaseFinished {
		t.Errorf("capped game: %d actions, %v, %v", n, end, err)
	}
	if _, _, err := PlayGame(context.Background(), root, bots[:2], rng, 0); err == nil {
		t.Error("two bots for three players gave no error")
	}
	if _, _, err := PlayGame(context.Background(), root, []Bot{illegalBot{}, illegalBot{}, illegalBot{}}, rng, 0); err == nil {
		t.Error("an illegal action gave no error")
	}
}

type illegalBot struct{}

func (illegalBot) Name() string { return "illegal" }
func (illegalBot) Choose(context.Context, engine.Position, *rand.Rand) (engine.Move, error) {
	return 99, nil
}

// TestGreedyBotTakesTheMostMaterial checks that the greedy bot captures the horse, not the pawn.
func TestGreedyBotTakesTheMostMaterial(t *testing.T) {
	p, err := chaturanga.Parse("4k3/8/8/8/1n1R2p1/8/8/4K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 10 {
		m, err := GreedyBot().Choose(context.Background(), &p, rng)
		if err != nil || p.Notation(m) != "d4b4" {
			t.Fatalf("chose %s, %v; want d4b4", p.Notation(m), err)
		}
	}
}

// TestOnePlyBotTakesTheWin checks the one-ply bot on nim, where it must take the last stones.
func TestOnePlyBotTakesTheWin(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for pile := 1; pile <= 3; pile++ {
		m, err := OnePlyBot().Choose(context.Background(), &nim{pile: pile}, rng)
		if err != nil || m != engine.Move(pile) {
			t.Errorf("pile %d: chose %d, %v; want %d", pile, m, err, pile)
		}
	}
}

func BenchmarkRollout(b *testing.B) {
	start := chaturanga.New()
	for _, c := range []struct {
		name   string
		root   engine.Position
		policy Policy
	}{
		{"chaturanga/random", &start, Random},
		{"chaturanga/greedy", &start, Greedy},
		{"chaturaji/random", chaturajiStart(b, nil, 1), Random},
		{"chaturaji/greedy", chaturajiStart(b, nil, 1), Greedy},
	} {
		b.Run(c.name, func(b *testing.B) {
			var actions uint64
			b.ReportAllocs()
			seed := uint64(0)
			for b.Loop() {
				seed++
				r, err := Rollout(context.Background(), c.root, RolloutOptions{Playouts: 10, Seed: seed, Policy: c.policy})
				if err != nil {
					b.Fatal(err)
				}
				actions += r.Actions
			}
			b.ReportMetric(float64(actions)/b.Elapsed().Seconds(), "actions/s")
			b.ReportMetric(float64(actions)/float64(b.N), "actions/op")
		})
	}
}
