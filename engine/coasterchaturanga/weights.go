package coasterchaturanga

import "github.com/ashtapada/ashtapada/engine"

// Weights are the parameters of Evaluate, a point of score being one. cmd/tune fits them to
// self-play games (its doc comment has the recipe); Evaluate reads the set of the position's
// variant: TunedWeights for Variant, another for WithWeights.
type Weights struct {
	// HeldOwn is per pip held of one's own colour, which the score counts as -1: AIM and SWAP
	// change the seats' colours every few turns, so a held piece's sign in the final score is
	// uncertain.
	HeldOwn float64
	// Own is per pip of one's colour on the board: those pieces keep a seat in the game and
	// break ties.
	Own float64
	// OwnPiece is per piece of one's colour on the board, beside its pips.
	OwnPiece float64
	// NearEnd adds to the weight of the score when the seat with the fewest pieces of its colour
	// on the board has 0, 1 or 2: the game ends when a seat's turn begins without one, and the
	// score decides it.
	NearEnd [3]float64
}

// HandWeights are the weights set by hand before tuning; the tuner plays them against new ones.
var HandWeights = Weights{HeldOwn: 1.0 / 3, Own: 1.0 / 3}

// TunedWeights are what Variant evaluates with. HandWeights and TunedWeights are constants in
// spirit: nothing assigns them, and Variant holds a copy.
var TunedWeights = HandWeights

func ptr(w Weights) *Weights { return &w }

// Weights is engine.Tunable's: HandWeights or the registered variant's.
func (v *variant) Weights(name string) (any, bool) {
	return engine.WeightsNamed(name, HandWeights, *registered.weights)
}

func (v *variant) WithWeights(w any) (engine.Variant, error) {
	return engine.WithWeightsOf(w, WithWeights)
}

func (v *variant) Adopt(p engine.Position) (engine.Position, bool) {
	return engine.AdoptCopy(p, func(c *Position) bool {
		c.v = v
		return true
	})
}

// Tuning: a game of 2,000 actions is drawn.
func (v *variant) Tuning() engine.TuningHints {
	return engine.TuningHints{MaxActions: 2000}
}

var _ engine.Tunable = (*variant)(nil)

// FirstWeights are FirstChances' weights, one per feature of FirstFeatures, as
// cmd/firstchance fits them to 2,000 games of the search with the weights before them
// (cmd/firstchance/v1.json, fitted to games of the search that played out to the end); its
// doc comment has the recipe.
var FirstWeights = [FirstFeatures]float64{
	0.1849, 0.4747, 0.0441, 0.1159, 0.0028, 0.5813, 0.6260, -0.4081,
	0.5076, 0.1731, -0.0545, -0.2582, -0.4211, -0.4686, -0.2438, 0.6169,
}
