package search

import (
	"context"
	"math"
	"math/rand/v2"
	"time"

	"github.com/ashtapada/ashtapada/engine"
)

// Levels of play, as lichess offers its computer opponent: 1 is the weakest, MaxLevel the
// game's default search at the limits given. Below MaxLevel a level searches less (a depth and
// a node budget of its own) and, as Stockfish's Skill Level does, does not always play its best
// action: it chooses among its best lines by their values, the likelier the better, with a
// temperature that falls as the level rises. So a weak level still takes a piece left hanging
// most of the time and misses what lies deeper; it never plays at random.
const (
	MinLevel = 1
	MaxLevel = 8
)

// levelSpec is what a level below MaxLevel searches and how freely it chooses.
type levelSpec struct {
	depth int
	nodes uint64
	lines int     // the best lines it chooses among
	temp  float64 // pawns: an action this much worse than the best is e times less likely
}

var levelSpecs = [MaxLevel]levelSpec{
	1: {depth: 1, nodes: 2_000, lines: 64, temp: 1.2},
	2: {depth: 1, nodes: 2_000, lines: 64, temp: 0.7},
	3: {depth: 2, nodes: 5_000, lines: 16, temp: 0.45},
	4: {depth: 2, nodes: 10_000, lines: 12, temp: 0.3},
	5: {depth: 3, nodes: 30_000, lines: 8, temp: 0.2},
	6: {depth: 4, nodes: 80_000, lines: 6, temp: 0.12},
	7: {depth: 6, nodes: 250_000, lines: 4, temp: 0.06},
}

// searchLevel searches as opts.Level plays: within the level's own depth and node budget (and
// the caller's, where smaller), then chooses among the best lines. Result.Best is the choice and
// its line comes first, the others after it best first, as many as the caller's MultiPV.
func (s *Searcher) searchLevel(ctx context.Context, root engine.Position, opts Options, report func(Result)) (Result, error) {
	spec := levelSpecs[opts.Level]
	want := max(1, opts.MultiPV)
	if opts.Depth == 0 || opts.Depth > spec.depth {
		opts.Depth = spec.depth
	}
	if opts.Nodes == 0 || opts.Nodes > spec.nodes {
		opts.Nodes = spec.nodes
	}
	if opts.MultiPV < spec.lines {
		opts.MultiPV = spec.lines
	}
	// A depth-bounded search: alpha-beta, or paranoid with more than two sides.
	if opts.Algorithm.IsMCTS() {
		opts.Algorithm = Auto
	}
	opts.Level = 0
	start := time.Now()
	if report != nil {
		// Each depth as the caller asked for it: its lines, not the level's.
		full := report
		report = func(r Result) {
			r.Lines = r.Lines[:min(want, len(r.Lines))]
			full(r)
		}
	}
	r, err := s.Search(ctx, root, opts, report)
	if err != nil || len(r.Lines) == 0 {
		return r, err
	}
	if i := chooseLine(r.Lines, root.ToMove(), spec.temp, levelRand(opts.Seed, root)); i > 0 {
		r.Best = r.Lines[i].Move
		chosen := r.Lines[i]
		copy(r.Lines[1:i+1], r.Lines[:i])
		r.Lines[0] = chosen
	}
	r.Lines = r.Lines[:min(want, len(r.Lines))]
	r.Elapsed = time.Since(start)
	return r, nil
}

// chooseLine picks a line with probability proportional to exp((value - best)/temp) for the
// mover: the softmax of the values.
func chooseLine(lines []Line, mover int, temp float64, rng *rand.Rand) int {
	if len(lines) == 1 || mover < 0 || mover >= len(lines[0].Values) {
		return 0
	}
	best := math.Inf(-1)
	for _, l := range lines {
		best = max(best, l.Values[mover])
	}
	var weights [engine.MaxMoves]float64
	total := 0.0
	for i, l := range lines {
		w := math.Exp((l.Values[mover] - best) / temp)
		weights[i] = w
		total += w
	}
	x := rng.Float64() * total
	for i := range lines {
		if x -= weights[i]; x < 0 {
			return i
		}
	}
	return 0
}

// levelRand is the level's choice's randomness: the seed and the position, so that one seed
// replays a game's choices and two positions do not share theirs.
func levelRand(seed uint64, root engine.Position) *rand.Rand {
	return rand.New(rand.NewPCG(seed, root.Key()))
}
