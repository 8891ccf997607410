package engine

import "fmt"

// Tunable is a variant whose evaluation has weights a tuner (cmd/tune) may fit. A variant value
// carries its weights and its positions evaluate with them, so that positions evaluated with
// different sets may be used at once; the registered variant keeps its own.
type Tunable interface {
	Variant
	// Weights returns a named set of weights as a value of the package's Weights struct:
	// "hand" (set by hand before tuning) or "tuned" (the registered variant's); false for
	// another name. Its float64 fields and the float64 elements of its arrays are what a tuner
	// fits; other fields are switches.
	Weights(name string) (any, bool)
	// WithWeights returns an unregistered variant of the same game whose positions evaluate
	// with w, a value of the type Weights returns.
	WithWeights(w any) (Variant, error)
	// Adopt returns p, a position of the same game under any weights, as a position of this
	// variant value, evaluating with its weights; false when p is of another game. It copies
	// p, and is how a tuner evaluates the same positions with many sets without parsing them.
	Adopt(p Position) (Position, bool)
	// Tuning returns how self-play for tuning plays the game unless told otherwise.
	Tuning() TuningHints
}

// TuningHints are a game's defaults for the self-play a tuner learns from: what keeps its games
// short and varied.
type TuningHints struct {
	// Options are the options games start with; nil for the variant's defaults.
	Options Options
	// MaxActions is the length after which a game counts as a draw.
	MaxActions int
	// OpenWith, when set, says which actions a random opening may play, by their notation; the
	// opening plays any action when it allows none.
	OpenWith func(notation string) bool
}

// WeightsAs is w, the argument of a Tunable's WithWeights, as the package's Weights type W.
func WeightsAs[W any](w any) (W, error) {
	x, ok := w.(W)
	if !ok {
		return x, fmt.Errorf("weights of type %T, want %T", w, x)
	}
	return x, nil
}
