package search

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/ashtapada/ashtapada/engine"
)

// Policy is how a playout chooses actions.
type Policy int

const (
	// Random plays a uniformly random legal action.
	Random Policy = iota
	// Greedy plays the action with the highest engine.Tactics gain, ties at random; a variant
	// without Tactics is played at random.
	Greedy
)

var policyNames = [...]string{Random: "random", Greedy: "greedy"}

func (p Policy) String() string {
	if p >= 0 && int(p) < len(policyNames) {
		return policyNames[p]
	}
	return fmt.Sprintf("Policy(%d)", int(p))
}

// ParsePolicy reads a policy's name as String writes it.
func ParsePolicy(s string) (Policy, error) {
	for p, name := range policyNames {
		if s == name {
			return Policy(p), nil
		}
	}
	return 0, fmt.Errorf("unknown playout policy %q, want random or greedy", engine.Text(s))
}

// DefaultMaxActions caps a playout or a game when no cap is given.
const DefaultMaxActions = 10000

// RolloutOptions shape a series of playouts.
type RolloutOptions struct {
	Playouts int
	// Seed seeds the generator (PCG): the same seed gives the same result.
	Seed   uint64
	Policy Policy
	// MaxActions caps every playout (rolls included); 0 means DefaultMaxActions. A capped
	// playout counts as unfinished.
	MaxActions int
	// Pause, when set, is called at every check of the context (engine.Pause).
	Pause engine.Pause
}

// RolloutResult sums up a series of playouts.
type RolloutResult struct {
	Playouts, Unfinished int
	// Wins, Draws and Losses count the finished playouts per player: a player among the
	// Outcome's winners won, a finished game without winners is a draw for everyone, and any
	// other player lost.
	Wins, Draws, Losses []int
	// MeanUtility is the mean Utility per player; an unfinished playout counts
	// Evaluate/engine.WinValue clamped to [-1, 1].
	MeanUtility []float64
	// MeanScore is the mean of Outcome().Scores per player where the variant counts points,
	// else nil.
	MeanScore []float64
	// WinRateCI is the 95% Wilson interval of each player's rate of wins among all playouts.
	WinRateCI [][2]float64
	// MeanLength is the mean number of actions per playout, rolls included.
	MeanLength float64
	Actions    uint64
	// Elapsed is the time the playouts ran, their pauses (RolloutOptions.Pause) not counted.
	Elapsed time.Duration
}

// pollActions is how many playout actions pass between checks of the context.
const pollActions = 4096

// Rollout plays opts.Playouts games from root to their end (or the cap) and sums up their
// results. It allocates its two positions once; only each finished game's Outcome allocates.
// When ctx is done it returns the playouts finished so far with ctx's error.
func Rollout(ctx context.Context, root engine.Position, opts RolloutOptions) (RolloutResult, error) {
	start := time.Now()
	switch {
	case root == nil:
		return RolloutResult{}, errors.New("rollout: no root position")
	case opts.Playouts <= 0:
		return RolloutResult{}, fmt.Errorf("rollout: playouts %d, want at least 1", opts.Playouts)
	case opts.MaxActions < 0:
		return RolloutResult{}, fmt.Errorf("rollout: max actions %d is negative", opts.MaxActions)
	case opts.Policy != Random && opts.Policy != Greedy:
		return RolloutResult{}, fmt.Errorf("rollout: unknown policy %v", opts.Policy)
	}
	players := engine.Players(root)
	if players < 1 || players > engine.MaxPlayers {
		return RolloutResult{}, fmt.Errorf("rollout: %d players, want 1..%d", players, engine.MaxPlayers)
	}
	limit := opts.MaxActions
	if limit == 0 {
		limit = DefaultMaxActions
	}
	w := walker{rng: rand.New(rand.NewPCG(opts.Seed, 0x9E3779B97F4A7C15)), greedy: opts.Policy == Greedy, pause: opts.Pause,
		chance: len(root.Variant().Describe().Dice) > 0}
	w.nodes[0], w.nodes[1] = root.NewNode(), root.NewNode()
	res := RolloutResult{Wins: make([]int, players), Draws: make([]int, players), Losses: make([]int, players),
		MeanUtility: make([]float64, players)}
	var scores []float64
	scored := 0
	var u [engine.MaxPlayers]float64
	done := ctx.Done()
	var err error
	for res.Playouts < opts.Playouts {
		end, n, stopped := w.playout(root, limit, &res.Actions, done)
		if stopped {
			err = ctx.Err()
			break
		}
		res.Playouts++
		res.MeanLength += float64(n)
		o := end.Outcome()
		if o.Finished && end.Utility(u[:players]) {
			for p := range players {
				switch {
				case len(o.Winners) == 0:
					res.Draws[p]++
				case slices.Contains(o.Winners, p):
					res.Wins[p]++
				default:
					res.Losses[p]++
				}
			}
		} else {
			res.Unfinished++
			end.Evaluate(u[:players])
			for p := range players {
				u[p] = min(max(u[p]/engine.WinValue, -1), 1)
			}
		}
		for p := range players {
			res.MeanUtility[p] += u[p]
		}
		if len(o.Scores) == players {
			if scores == nil {
				scores = make([]float64, players)
			}
			for p, v := range o.Scores {
				scores[p] += float64(v)
			}
			scored++
		}
	}
	if res.Playouts > 0 {
		k := float64(res.Playouts)
		res.MeanLength /= k
		for p := range players {
			res.MeanUtility[p] /= k
		}
		res.WinRateCI = make([][2]float64, players)
		for p := range players {
			res.WinRateCI[p] = wilson(res.Wins[p], res.Playouts)
		}
	}
	if scored > 0 {
		for p := range scores {
			scores[p] /= float64(scored)
		}
		res.MeanScore = scores
	}
	res.Elapsed = time.Since(start) - w.paused
	return res, err
}

// wilson is the 95% Wilson score interval of the rate of k successes in n trials.
func wilson(k, n int) [2]float64 {
	const z = 1.959963984540054
	p, fn := float64(k)/float64(n), float64(n)
	d := 1 + z*z/fn
	c := (p + z*z/(2*fn)) / d
	h := z / d * math.Sqrt(p*(1-p)/fn+z*z/(4*fn*fn))
	return [2]float64{max(c-h, 0), min(c+h, 1)}
}

// walker plays games action by action in two alternating positions.
type walker struct {
	nodes  [2]engine.Position
	rng    *rand.Rand
	greedy bool
	chance bool
	pause  engine.Pause
	paused time.Duration
	moves  [engine.MaxMoves]engine.Move
}

// playout plays from root until no action is left or limit actions were made. It returns the
// final position, the actions made, and whether done closed meanwhile.
func (w *walker) playout(root engine.Position, limit int, actions *uint64, done <-chan struct{}) (engine.Position, int, bool) {
	cur, next := root, w.nodes[0]
	for n := 0; n < limit; n++ {
		moves := cur.Moves(w.moves[:0])
		if len(moves) == 0 {
			return cur, n, false
		}
		var m engine.Move
		switch {
		case w.chance && cur.Phase() == engine.PhaseRoll:
			m = engine.SampleRoll(cur, moves, w.rng)
		case w.greedy:
			m = greedyMove(cur, moves, w.rng)
		default:
			m = moves[w.rng.IntN(len(moves))]
		}
		cur.PlayInto(m, next)
		if next == w.nodes[0] {
			cur, next = next, w.nodes[1]
		} else {
			cur, next = next, w.nodes[0]
		}
		*actions++
		if *actions%pollActions == 0 {
			if w.pause != nil {
				w.paused += w.pause()
			}
			select {
			case <-done:
				return cur, n + 1, true
			default:
			}
		}
	}
	return cur, limit, false
}

// greedyMove is an action of the highest gain, ties at random.
func greedyMove(n engine.Position, moves []engine.Move, rng *rand.Rand) engine.Move {
	tac, ok := n.(engine.Tactics)
	if !ok {
		return moves[rng.IntN(len(moves))]
	}
	best, pick, ties := math.Inf(-1), moves[0], 0
	for _, m := range moves {
		switch g := tac.Gain(m); {
		case g > best:
			best, pick, ties = g, m, 1
		case g == best:
			ties++
			if rng.IntN(ties) == 0 {
				pick = m
			}
		}
	}
	return pick
}
