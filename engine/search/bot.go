package search

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/ashtapada/ashtapada/engine"
)

// Bot chooses actions in match play.
type Bot interface {
	Name() string
	// Choose returns a legal action of n, which waits for an action.
	Choose(ctx context.Context, n engine.Position, rng *rand.Rand) (engine.Move, error)
}

var errNoActions = errors.New("search: the position has no legal actions")

// RandomBot plays a uniformly random legal action.
func RandomBot() Bot { return randomBot{} }

type randomBot struct{}

func (randomBot) Name() string { return "random" }

func (randomBot) Choose(_ context.Context, n engine.Position, rng *rand.Rand) (engine.Move, error) {
	var buf [engine.MaxMoves]engine.Move
	moves := n.Moves(buf[:0])
	switch {
	case len(moves) == 0:
		return 0, errNoActions
	case n.Phase() == engine.PhaseRoll:
		return engine.SampleRoll(n, moves, rng), nil
	}
	return moves[rng.IntN(len(moves))], nil
}

// GreedyBot takes the action that wins the most material at once (engine.Tactics.Gain), at
// random among equals, as the greedy playout policy does. Its choices do not depend on the
// evaluation, so it stays a fixed yardstick while the evaluation improves.
func GreedyBot() Bot { return greedyBot{} }

type greedyBot struct{}

func (greedyBot) Name() string { return "greedy" }

func (greedyBot) Choose(_ context.Context, n engine.Position, rng *rand.Rand) (engine.Move, error) {
	var buf [engine.MaxMoves]engine.Move
	moves := n.Moves(buf[:0])
	switch {
	case len(moves) == 0:
		return 0, errNoActions
	case n.Phase() == engine.PhaseRoll:
		return engine.SampleRoll(n, moves, rng), nil
	}
	return greedyMove(n, moves, rng), nil
}

// OnePlyBot looks one action ahead: it plays each legal action, evaluates the result for the
// mover with the variant's Evaluate (averaging over the rolls when the action leads to one) and
// picks the best, ties at random.
func OnePlyBot() Bot { return &onePlyBot{} }

type onePlyBot struct {
	variant engine.Variant
	nodes   [2]engine.Position
	moves   [2][engine.MaxMoves]engine.Move
}

func (*onePlyBot) Name() string { return "oneply" }

func (b *onePlyBot) Choose(_ context.Context, n engine.Position, rng *rand.Rand) (engine.Move, error) {
	moves := n.Moves(b.moves[0][:0])
	if len(moves) == 0 {
		return 0, errNoActions
	}
	if n.Phase() == engine.PhaseRoll {
		return engine.SampleRoll(n, moves, rng), nil
	}
	if v := n.Variant(); v != b.variant {
		b.variant, b.nodes = v, [2]engine.Position{n.NewNode(), n.NewNode()}
	}
	players, mover := engine.Players(n), n.ToMove()
	var e [engine.MaxPlayers]float64
	best, pick, ties := math.Inf(-1), moves[0], 0
	for _, m := range moves {
		child := b.nodes[0]
		n.PlayInto(m, child)
		var v float64
		if child.Phase() == engine.PhaseRoll {
			for _, r := range child.Moves(b.moves[1][:0]) {
				child.PlayInto(r, b.nodes[1])
				b.nodes[1].Evaluate(e[:players])
				v += child.Probability(r) * e[mover]
			}
		} else {
			child.Evaluate(e[:players])
			v = e[mover]
		}
		switch {
		case v > best:
			best, pick, ties = v, m, 1
		case v == best:
			ties++
			if rng.IntN(ties) == 0 {
				pick = m
			}
		}
	}
	return pick, nil
}

// SearchBot plays the best action a search with opts finds. The Searcher is the bot's own from
// then on.
func SearchBot(s *Searcher, opts Options) Bot { return &searchBot{s: s, opts: opts} }

type searchBot struct {
	s    *Searcher
	opts Options
}

func (b *searchBot) Name() string {
	name := "search:" + b.opts.Algorithm.String()
	if b.opts.Depth > 0 {
		name += fmt.Sprintf(":depth=%d", b.opts.Depth)
	}
	if b.opts.Time > 0 {
		name += ":time=" + b.opts.Time.String()
	}
	if b.opts.Nodes > 0 {
		name += fmt.Sprintf(":nodes=%d", b.opts.Nodes)
	}
	return name
}

func (b *searchBot) Choose(ctx context.Context, n engine.Position, rng *rand.Rand) (engine.Move, error) {
	if n.Phase() == engine.PhaseRoll {
		var buf [engine.MaxMoves]engine.Move
		return engine.SampleRoll(n, n.Moves(buf[:0]), rng), nil
	}
	r, err := b.s.Search(ctx, n, b.opts, nil)
	if err != nil {
		return 0, err
	}
	return r.Best, nil
}

// PlayGame plays a game from start, bots[p] choosing for player p (whoever ToMove names) and rng
// sampling the rolls, until the game ends or maxActions actions (rolls included; 0 means
// DefaultMaxActions) were made. It returns the final position, which the caller owns, and the
// number of actions. A bot's error or an illegal action ends the game with an error, as does ctx.
func PlayGame(ctx context.Context, start engine.Position, bots []Bot, rng *rand.Rand, maxActions int) (engine.Position, int, error) {
	if start == nil {
		return nil, 0, errors.New("play: no start position")
	}
	if players := engine.Players(start); len(bots) < players {
		return start, 0, fmt.Errorf("play: %d bots for %d players", len(bots), players)
	}
	if maxActions < 0 {
		return start, 0, fmt.Errorf("play: max actions %d is negative", maxActions)
	}
	if maxActions == 0 {
		maxActions = DefaultMaxActions
	}
	chance := len(start.Variant().Describe().Dice) > 0
	nodes := [2]engine.Position{start.NewNode(), start.NewNode()}
	var buf [engine.MaxMoves]engine.Move
	cur := start
	for n := 0; n < maxActions; n++ {
		if err := ctx.Err(); err != nil {
			return cur, n, err
		}
		moves := cur.Moves(buf[:0])
		if len(moves) == 0 {
			return cur, n, nil
		}
		var m engine.Move
		if chance && cur.Phase() == engine.PhaseRoll {
			m = engine.SampleRoll(cur, moves, rng)
		} else {
			p := cur.ToMove()
			if p < 0 || p >= len(bots) || bots[p] == nil {
				return cur, n, fmt.Errorf("play: no bot for player %d", p)
			}
			var err error
			if m, err = bots[p].Choose(ctx, cur, rng); err != nil {
				return cur, n, fmt.Errorf("play: %s for player %d: %w", bots[p].Name(), p, err)
			}
			if !slices.Contains(moves, m) {
				return cur, n, fmt.Errorf("play: %s chose the illegal action %d for player %d", bots[p].Name(), m, p)
			}
		}
		next := nodes[n%2]
		cur.PlayInto(m, next)
		cur = next
	}
	return cur, maxActions, nil
}
