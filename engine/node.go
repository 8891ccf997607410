package engine

import "math"

// MaxPlayers is the most players any variant seats; per-player buffers have this length.
const MaxPlayers = 4

// Player plays actions into caller-owned storage: a searcher allocates one node per ply with
// NewNode once, then reuses them for every node of the tree (copy-make).
type Player interface {
	// NewNode returns a node of the same variant to be written by PlayInto. It allocates.
	NewNode() Position
	// PlayInto writes into dst the position after the legal action m (a Move that Moves returned).
	// dst must come from NewNode of the same variant and must not be the receiver.
	PlayInto(m Move, dst Position)
}

// Hasher gives a position's hash key.
type Hasher interface {
	// Key is a Zobrist hash of everything that decides the legal actions and the outcome: equal
	// positions have equal keys, and different ones differ with overwhelming probability.
	Key() uint64
}

// Chance describes the chance events of a position in PhaseRoll, whose Moves are the distinct
// outcomes of the dice.
type Chance interface {
	// Probability is the chance that the roll gives the outcome m; the outcomes of one position
	// sum to 1. It is 1 for an action that is not a roll.
	Probability(m Move) float64
	// RollMove returns the outcome a roll with these face values is, or an error if the values
	// are not a roll that counts in this position.
	RollMove(values []int) (Move, error)
}

// Judge scores positions for search.
type Judge interface {
	// Utility reports whether the game is over and, if so, writes each player's result into
	// u[:players], from -1 (the worst result) to +1 (the best). Two-player games are zero-sum:
	// a win is +1 and -1, a draw 0 and 0.
	Utility(u []float64) bool
	// Evaluate writes each player's static value into e[:players], in pawns: how much better
	// that player stands than the others. Two-player evaluations are zero-sum (e[1] == -e[0]).
	// A finished position evaluates to its Utility times WinValue.
	Evaluate(e []float64)
	// Terms explains Evaluate: the named parts whose per-player values add up to it. It
	// allocates and is meant for clients, not for search.
	Terms() []EvalTerm
}

// WinValue is the evaluation of a won game, in pawns: larger than any material count.
const WinValue = 10000

// maxProvenActions bounds the actions a proven result may take: a value within it of WinValue is
// a won (or lost) game, not an evaluation.
const maxProvenActions = 1000

// ProvenIn reads a search value as a proven result: the actions to a won game (positive) or a
// lost one (negative), and whether it is one. A proven result lies a whole number of actions from
// WinValue. With dice only a finished game (0) is one: an average over the rolls, or over chances
// of first place, that lands on a whole number proves nothing.
func ProvenIn(v float64, dice bool) (actions int, proven bool) {
	d := WinValue - math.Abs(v)
	if d < 0 || d > maxProvenActions || d != math.Trunc(d) || dice && d != 0 {
		return 0, false
	}
	if v < 0 {
		return -int(d), true
	}
	return int(d), true
}

// EvalTerm is one named part of a static evaluation, with its value for every player.
type EvalTerm struct {
	Name   string // material, mobility, points, ...
	Values []float64
}

// Tactics is what a variant with captures may offer search for move ordering and quiescence.
type Tactics interface {
	// Noisy appends the legal actions that change material (captures, promotions): the moves a
	// quiescence search follows. It is a subset of Moves.
	Noisy(buf []Move) []Move
	// Gain is the material an action wins at once, in pawns: for ordering, not for legality.
	Gain(m Move) float64
	// InCheck reports whether the player to move is in check.
	InCheck() bool
}

// Passer is a two-player position that can hand the move to the other player without acting:
// the null move of search, which no rule allows. A search uses it to learn that a position is so
// good that even passing keeps it above what the opponent can already reach elsewhere.
type Passer interface {
	// PassInto writes into dst (from NewNode) the position with the other player to move and
	// nothing else changed. It returns false, writing nothing, where a pass would mislead: in
	// check, or where zugzwang is common, as with only king and pawns left.
	PassInto(dst Position) bool
}

// Exchanger is a position with Tactics that also judges exchanges.
type Exchanger interface {
	// SEE is the material, in pawns, the player to move wins by the exchange the action starts
	// on its target square, both sides taking there with their least valuable piece while it
	// pays: negative when the action loses material.
	SEE(m Move) float64
}

// Seated is a position whose players depend on its options, as in a game for two or four.
type Seated interface {
	// Seats lists the position's players in turn order.
	Seats() []PlayerInfo
}

// Seats lists the players of a position in turn order: its own where the number depends on the
// options, else its variant's. ToMove, Utility and Outcome index this list.
func Seats(p Position) []PlayerInfo {
	if s, ok := p.(Seated); ok {
		return s.Seats()
	}
	return p.Variant().Describe().Players
}

// Players is the number of players of a position.
func Players(p Position) int { return len(Seats(p)) }

// BoardNow is a position whose board changes during play (Board.LayoutInPosition): it describes
// the board as it stands. It allocates.
type BoardNow interface {
	BoardNow() *Board
}

// Diceless gives a position of a game without dice the dice methods of Position and Chance:
// embed it in the position's struct.
type Diceless struct{}

func (Diceless) Dice() []DieInfo { return nil }

func (Diceless) Roll([]int) (Position, []Event, error) { return nil, nil, ErrNotRollPhase }

func (Diceless) RollMove([]int) (Move, error) { return 0, ErrNotRollPhase }

func (Diceless) Probability(Move) float64 { return 1 }
