package search

import (
	"errors"
	"fmt"
	"time"

	"github.com/ashtapada/ashtapada/engine"
)

// Algorithm selects how a search treats the players.
type Algorithm int

const (
	// Auto is what matches at equal time found strongest for the game (a table keyed by variant
	// and number of sides; see the package documentation): MCTS in some games, else AlphaBeta for
	// two sides and Paranoid for more. A search bounded by Depth runs AlphaBeta or Paranoid.
	Auto Algorithm = iota
	// AlphaBeta is negamax alpha-beta between two sides; chance nodes are expectimax with Star1
	// pruning. With more than two sides it searches as Paranoid.
	AlphaBeta
	// Paranoid is alpha-beta in which the root player's side maximises its value and every other
	// player minimises it.
	Paranoid
	// MaxN is max^n: every player maximises its own component of a value vector; chance nodes
	// average the vectors.
	MaxN
	// MCTS is Monte Carlo tree search: every player maximises its own side's mean value, leaves
	// are scored by short greedy playouts and the evaluation, chance nodes follow the
	// probabilities. It needs a time or node limit (or a context that ends); Depth caps its tree.
	MCTS
	// MCTSGreedy is MCTS in which every other side plays as GreedyBot does: in the tree, as in
	// the playouts, it takes its largest capture, at random among equals. Against players who
	// play so it is stronger than MCTS; against players who search, it depends on the game
	// (docs/measurements.md).
	MCTSGreedy
)

var algorithmNames = [...]string{Auto: "auto", AlphaBeta: "alphabeta", Paranoid: "paranoid", MaxN: "maxn", MCTS: "mcts", MCTSGreedy: "mcts-greedy"}

func (a Algorithm) String() string {
	if a >= 0 && int(a) < len(algorithmNames) {
		return algorithmNames[a]
	}
	return fmt.Sprintf("Algorithm(%d)", int(a))
}

// ParseAlgorithm reads an algorithm's name as String writes it.
func ParseAlgorithm(s string) (Algorithm, error) {
	for a, name := range algorithmNames {
		if s == name {
			return Algorithm(a), nil
		}
	}
	return 0, fmt.Errorf("unknown search algorithm %q, want auto, alphabeta, paranoid, maxn, mcts or mcts-greedy", engine.Text(s))
}

// IsMCTS says whether a runs Monte Carlo tree search.
func (a Algorithm) IsMCTS() bool { return a == MCTS || a == MCTSGreedy }

// MaxThreads bounds Options.Threads.
const MaxThreads = 64

// MaxDepth is the deepest iteration a search makes, in actions.
const MaxDepth = 64

// Limits bound a search. A search stops at the first limit it reaches.
type Limits struct {
	// Depth is the deepest iteration in actions (plies); 0 means up to MaxDepth. Chance nodes do
	// not count.
	Depth int
	// Nodes is a node budget; 0 means none.
	Nodes uint64
	// Time is a time budget; 0 means none.
	Time time.Duration
	// SoftTime is the time a move should take on a clock (ClockLimits); 0 means none. No
	// iteration starts once the next one would likely end past it, stretched while the best
	// action keeps changing; Time stays the hard limit. MCTS takes it as its time.
	SoftTime time.Duration
	// MultiPV is how many top actions to report with exact values; 0 or 1 means just the best.
	MultiPV int
}

// Options shape a search.
type Options struct {
	Limits
	Algorithm Algorithm
	// History holds the keys of the earlier positions of the game, oldest first, not including
	// the root. With Repetition > 0, a position whose key occurs Repetition-1 times before it on
	// History and the search path is a draw: value 0 for everyone.
	History    []uint64
	Repetition int
	// FullWidth turns off the selective search of two sides without dice (null move, late-move
	// reductions, futility pruning, aspiration windows, exchange pruning, check extensions):
	// every action is searched to the full depth, so values are the minimax values of the
	// depth. It is slower, and weaker at equal time; for tests and comparisons.
	FullWidth bool
	// Level, from MinLevel to MaxLevel, plays at that strength (see MinLevel); 0 is the search
	// these options describe, as MaxLevel is.
	Level int
	// Seed makes a level's choice among its lines: the same seed, the same choice in a position.
	Seed uint64
	// Threads is how many threads an MCTS search runs on (root parallelisation); 0 or 1 is one.
	Threads int
	// Pause, when set, is called at every check of the limits (engine.Pause): the time it blocks
	// counts against neither Time nor SoftTime, so that a search lent its processor in slices
	// searches as long, and as deep, as one that ran alone.
	Pause engine.Pause
}

// Line is one root action with its value for every player and its principal variation.
type Line struct {
	Move engine.Move
	// Values holds the value for every player, in pawns like engine.Evaluate; a won or lost game
	// is near ±engine.WinValue, closer to it the sooner it ends. A search valued by chances of
	// first place gives the expected result instead, on the same scale (see Chances).
	Values []float64
	// Chances holds every player's chance of winning (first place) where the search estimates
	// it: MCTS in a game with dice and two sides, MCTSGreedy valuing positions by a
	// FirstChancer, and MCTSGreedy in four-player chaturaji (fitted to its means); nil
	// elsewhere. A line that ends the game gives the sides first there an equal share of 1.
	Chances []float64
	// PV starts with Move; each later move belongs to the position reached by the earlier ones.
	// Where the line crosses a chance node it holds the most likely roll (the first on a tie).
	PV []engine.Move
}

// Result is what a search found.
type Result struct {
	Best engine.Move
	// Lines holds the best actions, best first: min(MultiPV, legal actions) of them.
	Lines []Line
	// Depth is the last completed iteration; 0 when none completed.
	Depth int
	// SelDepth is the deepest ply reached, rolls and quiescence included.
	SelDepth int
	Nodes    uint64
	// Elapsed is the time the search ran: the time it was paused (Options.Pause) is not counted.
	Elapsed time.Duration
	// Complete is false when a limit or cancellation cut the search short: the result is then
	// the last completed iteration's, or the best found so far when none completed.
	Complete bool
}

// Sider is optional for a node whose players play in teams: Sides returns the side of every
// player, equal for partners. Search asks the root once; without it every player is a side.
type Sider interface {
	Sides() []int
}

// FirstChancer is optional for a game of more than two sides: FirstChances writes each player's
// probability of finishing first, learned from games of MCTSGreedy's kind. MCTSGreedy then cuts
// its playouts after firstChancePlayout actions and values them by it instead of by the
// evaluation.
type FirstChancer interface {
	FirstChances(chances []float64)
}

// Ender is optional for a game of more than two sides that a player can end on his turn: MayEnd
// reports whether some action of the player to move might end the game, a quick test that may
// answer yes wrongly but never no. MCTSGreedy's model of another side's player then takes an
// action that ends the game with him first, where he has one, as a player looking one action
// ahead would; greedy play alone would not.
type Ender interface {
	MayEnd() bool
}

// MoveOverhead is the time a move costs on the clock outside the search (reading the command,
// sending the answer, a loaded machine's scheduling), which ClockLimits keeps in reserve.
const MoveOverhead = 20 * time.Millisecond

// ClockLimits splits a clock into one move's limits: soft, the time the move should take, and
// hard, the most it may take. left is the time on the clock, inc what each move adds, movesToGo
// the moves to the next time control (0: the rest of the game, planned 25 moves at a time).
func ClockLimits(left, inc time.Duration, movesToGo int) (soft, hard time.Duration) {
	if movesToGo <= 0 || movesToGo > 25 {
		movesToGo = 25
	}
	mtg := time.Duration(movesToGo)
	// The time for the moves to go, their increments counted and each move's overhead kept.
	budget := max(left+inc*(mtg-1)-MoveOverhead*(mtg+2), time.Millisecond)
	soft, hard = budget, left*4/5-MoveOverhead
	if movesToGo > 1 {
		// Never a fifth of the clock on one move, nor more than five times the plan.
		soft = min(budget/mtg, left/5)
		hard = min(soft*5, hard)
	}
	return max(min(soft, hard), time.Millisecond), max(hard, time.Millisecond)
}

// checkRoot refuses a root and options no search can run: a root that waits for no player's
// action, limits out of range, an unknown algorithm. Both searches (alpha-beta and MCTS) start
// with it, so that they refuse the same requests.
func checkRoot(root engine.Position, opts Options) error {
	if root == nil {
		return errors.New("search: no root position")
	}
	switch ph := root.Phase(); ph {
	case engine.PhaseAction, engine.PhaseResponse:
	case engine.PhaseRoll:
		return errors.New("search: the root waits for a roll; search a position where a player chooses")
	case engine.PhaseFinished:
		return engine.ErrGameOver
	default:
		return fmt.Errorf("search: the root is in phase %v", ph)
	}
	switch {
	case opts.Depth < 0 || opts.Depth > MaxDepth:
		return fmt.Errorf("search: depth %d is outside 0..%d", opts.Depth, MaxDepth)
	case opts.MultiPV < 0:
		return fmt.Errorf("search: multipv %d is negative", opts.MultiPV)
	case opts.Repetition < 0 || opts.Repetition == 1:
		return fmt.Errorf("search: repetition %d must be 0 (off) or at least 2", opts.Repetition)
	case opts.Time < 0:
		return fmt.Errorf("search: time %v is negative", opts.Time)
	case opts.Algorithm < Auto || int(opts.Algorithm) >= len(algorithmNames):
		return fmt.Errorf("search: unknown algorithm %v", opts.Algorithm)
	case opts.Threads < 0 || opts.Threads > MaxThreads:
		return fmt.Errorf("search: threads %d is outside 0..%d", opts.Threads, MaxThreads)
	case opts.Level < 0 || opts.Level > MaxLevel:
		return fmt.Errorf("search: level %d is outside %d..%d", opts.Level, MinLevel, MaxLevel)
	}
	return nil
}
