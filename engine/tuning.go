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

// WeightsNamed answers Tunable.Weights from a game's hand-set and tuned weights.
func WeightsNamed(name string, hand, tuned any) (any, bool) {
	switch name {
	case "hand":
		return hand, true
	case "tuned":
		return tuned, true
	}
	return nil, false
}

// WithWeightsOf answers Tunable.WithWeights through the game's constructor of a variant with
// weights W, refusing weights of another type.
func WithWeightsOf[W any, V Variant](w any, with func(W) V) (Variant, error) {
	x, ok := w.(W)
	if !ok {
		return nil, fmt.Errorf("weights of type %T, want %T", w, x)
	}
	return with(x), nil
}

// AdoptCopy answers Tunable.Adopt for positions of type *P: a copy of p, which set points at the
// variant value; false when p is not a *P or set refuses it (a position of another game).
func AdoptCopy[P any, PP interface {
	*P
	Position
}](p Position, set func(PP) bool) (Position, bool) {
	q, ok := p.(PP)
	if !ok {
		return nil, false
	}
	c := PP(new(P))
	*c = *q
	if !set(c) {
		return nil, false
	}
	return c, true
}
