package engine

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// ErrBudget is returned by Perft when the node budget ran out before the count was complete.
var ErrBudget = errors.New("node budget exhausted")

// PerftOptions shape a perft run.
type PerftOptions struct {
	// Rolls are fixed rolls, used in order at the chance nodes along every path; once they run
	// out, chance nodes sum over every distinct outcome. CheckRolls says what a roll may be.
	Rolls [][]int
	// Budget is the most positions the run may visit (0: no limit). A run that needs more stops
	// with ErrBudget.
	Budget uint64
	// Divide asks for the count below every first action.
	Divide bool
	// Pause, when set, is called now and then (see Pause).
	Pause Pause
}

// Pause is how a long computation (perft, search, rollout) shares its processor: it calls it now
// and then, every thousand or so positions. Pause may block while the computation's turn is lent
// to other work, and returns how long it blocked, which no time budget of the computation counts.
type Pause func() time.Duration

// PerftResult is what a perft run counted.
type PerftResult struct {
	Nodes uint64
	// Divide holds the count below each first action, in Moves order, when asked for.
	Divide []DivideEntry
	// Visited is the number of positions played to obtain the count (the budget's measure).
	Visited uint64
}

// DivideEntry is the count below one first action.
type DivideEntry struct {
	Move  Move
	Nodes uint64
}

// MoveCounter is optional: a variant that can count its legal actions faster than it lists them
// offers it for perft's last ply (bulk counting).
type MoveCounter interface {
	CountMoves() uint64
}

// Perft counts the leaves of the game tree depth actions below p. Chance nodes are not plies: they
// sum over every distinct outcome, or take the next of opts.Rolls while any remain. A finished
// position has no actions. The last ply is counted without being played. The run stops with
// ctx's error when ctx is done and with ErrBudget when the budget runs out; the result then holds
// what was counted so far. Perft allocates only its per-ply storage, once.
func Perft(ctx context.Context, root Position, depth int, opts PerftOptions) (PerftResult, error) {
	if depth < 0 {
		return PerftResult{}, fmt.Errorf("perft depth %d is negative", depth)
	}
	// A ply is an action or a roll, and rolls never follow each other.
	w := &perftWalker{done: ctx.Done(), pause: opts.Pause, budget: opts.Budget, bufs: make([][MaxMoves]Move, 2*depth+2)}
	var err error
	w.rolls, err = CheckRolls(root, opts.Rolls)
	if err != nil {
		return PerftResult{}, err
	}
	var res PerftResult
	if !opts.Divide || depth == 0 {
		res.Nodes = w.count(root, depth, 0, 0)
	} else {
		moves := w.moves(root, 0)
		chance := root.Phase() == PhaseRoll
		next := 0 // the fixed rolls used by the first action
		if chance && len(w.rolls) > 0 {
			moves, next = w.rolls[:1], 1 // a fixed roll is the only first action
		}
		for _, m := range moves {
			if w.stop != nil {
				break
			}
			child := w.node(root, 0)
			root.PlayInto(m, child)
			w.visit()
			var n uint64
			if chance {
				n = w.count(child, depth, 1, next)
			} else {
				n = w.count(child, depth-1, 1, next)
			}
			res.Divide = append(res.Divide, DivideEntry{Move: m, Nodes: n})
			res.Nodes += n
		}
	}
	res.Visited = w.visited
	if w.stop != nil {
		if w.stop == ErrBudget {
			return res, ErrBudget
		}
		return res, ctx.Err()
	}
	return res, nil
}

// RollsError is a fixed roll that the position's dice cannot throw.
type RollsError struct {
	Index  int // the roll at fault; -1 when the game has no dice to roll at all
	Reason string
}

func (e *RollsError) Error() string {
	if e.Index < 0 {
		return "rolls: " + e.Reason
	}
	return fmt.Sprintf("rolls[%d]: %s", e.Index, e.Reason)
}

// CheckRolls checks fixed rolls against the dice of p's game and returns the chance outcomes they
// are: every roll gives one value per die, in the order of Dice, each a face of its die that
// counts; a game without dice takes no rolls. Which outcome a roll is depends on the position only
// through its game's dice, which no action changes, so p decides for the whole tree.
func CheckRolls(p Position, rolls [][]int) ([]Move, error) {
	if len(rolls) == 0 {
		return nil, nil
	}
	dice := p.Dice()
	if len(dice) == 0 {
		return nil, &RollsError{Index: -1, Reason: p.Variant().Describe().Name + " is played without dice here: give no rolls"}
	}
	var want []DieInfo // one entry per die
	var names []string
	for _, d := range dice {
		for range d.Count {
			want = append(want, d)
		}
		names = append(names, fmt.Sprintf("%d %s", d.Count, d.Kind))
	}
	out := make([]Move, len(rolls))
	for i, r := range rolls {
		if len(r) != len(want) {
			values := "values, one for each die"
			if len(want) == 1 {
				values = "value, one for the die"
			}
			return nil, &RollsError{Index: i, Reason: fmt.Sprintf("want %d %s (%s), got %d", len(want), values, strings.Join(names, ", "), len(r))}
		}
		for j, v := range r {
			if !slices.ContainsFunc(want[j].Faces, func(f DieFace) bool { return f.Value == v }) {
				return nil, &RollsError{Index: i, Reason: fmt.Sprintf("value %d is %d, not a face of a %s (%s)", j+1, v, want[j].Kind, faceValues(want[j].Faces))}
			}
		}
		m, err := p.RollMove(r)
		if err != nil {
			reason := err.Error()
			if se, ok := err.(*SyntaxError); ok {
				reason = se.Reason
			}
			return nil, &RollsError{Index: i, Reason: reason}
		}
		out[i] = m
	}
	return out, nil
}

func faceValues(faces []DieFace) string {
	s := make([]string, len(faces))
	for i, f := range faces {
		s[i] = strconv.Itoa(f.Value)
	}
	return strings.Join(s, ", ")
}

// perftWalker holds a perft run's per-ply storage and its limits.
type perftWalker struct {
	nodes   []Position
	bufs    [][MaxMoves]Move
	rolls   []Move
	done    <-chan struct{}
	pause   Pause
	budget  uint64
	visited uint64
	stop    error
}

// node returns the storage for the child of the position at ply.
func (w *perftWalker) node(parent Position, ply int) Position {
	for len(w.nodes) <= ply {
		w.nodes = append(w.nodes, parent.NewNode())
	}
	return w.nodes[ply]
}

func (w *perftWalker) moves(p Position, ply int) []Move {
	for len(w.bufs) <= ply {
		w.bufs = append(w.bufs, [MaxMoves]Move{})
	}
	return p.Moves(w.bufs[ply][:0])
}

// visit counts one played position and checks the limits every 4096 of them.
func (w *perftWalker) visit() {
	w.visited++
	if w.budget > 0 && w.visited > w.budget {
		w.stop = ErrBudget
	}
	if w.visited&4095 == 0 {
		if w.pause != nil {
			w.pause()
		}
		select {
		case <-w.done:
			w.stop = context.Canceled
		default:
		}
	}
}

// count returns the leaves depth actions below p, which sits at ply; roll is the index of the
// next fixed roll.
func (w *perftWalker) count(p Position, depth, ply, roll int) uint64 {
	if depth == 0 || w.stop != nil {
		return 1
	}
	if p.Phase() == PhaseRoll {
		child := w.node(p, ply)
		if roll < len(w.rolls) {
			p.PlayInto(w.rolls[roll], child)
			w.visit()
			return w.count(child, depth, ply+1, roll+1)
		}
		var n uint64
		for _, m := range w.moves(p, ply) {
			p.PlayInto(m, child)
			w.visit()
			n += w.count(child, depth, ply+1, roll)
			if w.stop != nil {
				break
			}
		}
		return n
	}
	if depth == 1 {
		if c, ok := p.(MoveCounter); ok {
			return c.CountMoves()
		}
		return uint64(len(w.moves(p, ply)))
	}
	var n uint64
	child := w.node(p, ply)
	for _, m := range w.moves(p, ply) {
		p.PlayInto(m, child)
		w.visit()
		n += w.count(child, depth-1, ply+1, roll)
		if w.stop != nil {
			break
		}
	}
	return n
}
