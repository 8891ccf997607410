package engine

import (
	"errors"
	"strconv"
)

// A game's history enters the rules only through repetition: a position seen Description.Repetition
// times in one game draws it. A position alone cannot know how often it occurred, so callers that
// hold the game's earlier positions pass their keys (Hasher.Key), oldest first.

// Repeated returns how many times key occurs in history.
func Repeated(history []uint64, key uint64) int {
	n := 0
	for _, k := range history {
		if k == key {
			n++
		}
	}
	return n
}

// Occurrences returns how many times the position n has occurred in its game: once now, plus
// every time its key appears among the earlier positions' keys in history.
func Occurrences(n Position, history []uint64) int {
	return 1 + Repeated(history, n.Key())
}

// DrawnByRepetition reports whether n, reached after the positions whose keys are history, draws
// the game by repetition: its variant has a repetition rule (Description.Repetition > 0) and n
// occurs for that many times. A position whose game is already over for another reason is not
// drawn by repetition: its own outcome stands.
func DrawnByRepetition(n Position, history []uint64) bool {
	r := n.Variant().Describe().Repetition
	if r <= 0 || n.Phase() == PhaseFinished {
		return false
	}
	return Occurrences(n, history) >= r
}

// RepetitionOutcome is the outcome of a game of players players drawn by repetition: no winner,
// everyone shares first place.
func RepetitionOutcome(players int) Outcome {
	return Decided(players, ReasonRepetition)
}

// ReasonRepetition is the Outcome.Reason of a draw by repetition.
const ReasonRepetition = "repetition"

// ErrDrawnBefore is Replay's error for an action played after the game was drawn by repetition.
var ErrDrawnBefore = errors.New("the game was already drawn by repetition before this action")

// ReplayError is why Replay stopped: the action at fault (counted from 0) and what was wrong.
type ReplayError struct {
	Index int
	Err   error
}

func (e *ReplayError) Error() string { return "action " + strconv.Itoa(e.Index) + ": " + e.Err.Error() }

func (e *ReplayError) Unwrap() error { return e.Err }

// Replay plays n actions from start, action i being the legal move find names in the position it
// is played in, and returns the position reached and the keys of the positions before it, oldest
// first: its history, as Occurrences and DrawnByRepetition take it. It stops with a *ReplayError
// at an action find refuses, or one played after the game was drawn by repetition.
func Replay(start Position, n int, find func(i int, p Position) (Move, error)) (Position, []uint64, error) {
	rule := start.Variant().Describe().Repetition
	seen := make(map[uint64]int, n)
	keys := make([]uint64, 0, n)
	cur := start
	for i := range n {
		key := cur.Key()
		if seen[key]++; rule > 0 && seen[key] >= rule && cur.Phase() != PhaseFinished {
			return nil, nil, &ReplayError{Index: i, Err: ErrDrawnBefore}
		}
		keys = append(keys, key)
		m, err := find(i, cur)
		if err != nil {
			return nil, nil, &ReplayError{Index: i, Err: err}
		}
		cur, _ = cur.Play(m)
	}
	return cur, keys, nil
}
