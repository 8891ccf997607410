package martian

import "github.com/ashtapada/ashtapada/engine"

// Weights are the parameters of Evaluate, in pawns (a squire is one). cmd/tune fits them to
// self-play games (its doc comment has the recipe); Evaluate reads the set of the position's
// variant: TunedWeights for the registered ones, another for WithWeights.
type Weights struct {
	// Material of the pieces that move; the monarch and the keeps are not material.
	Paladin, Raven float64
	// Mobility of each kind: per square a piece could move to if its die came up.
	MonarchMobility, PaladinMobility, RavenMobility, SquireMobility float64
	// SquireAdvance is per rank a squire has advanced, short of the far row.
	SquireAdvance float64
	// Promotion scales the gain of promoting to the best lost piece, over the squared distance.
	Promotion float64
	// VoidDie is per die value (2, 3, 4) that would move nothing: no piece of it or above.
	VoidDie float64
	// Threat is per enemy piece attacking the monarch, times the chance that it may move.
	Threat float64
}

// HandWeights are the weights set by hand before tuning; the tuner plays them against new ones.
var HandWeights = Weights{Paladin: 3.5, Raven: 3, MonarchMobility: 0.05, PaladinMobility: 0.05, RavenMobility: 0.05,
	SquireMobility: 0.05, SquireAdvance: 0.1, Promotion: 0.4, VoidDie: 0.4, Threat: 1.5}

// TunedWeights are what the registered variants evaluate with. HandWeights and TunedWeights are constants in
// spirit: nothing assigns them, and the registered variants hold copies.
var TunedWeights = HandWeights

// Weights is engine.Tunable's: HandWeights or TunedWeights, the registered variants'.
func (v *variant) Weights(name string) (any, bool) {
	return engine.WeightsNamed(name, HandWeights, TunedWeights)
}

func (v *variant) WithWeights(w any) (engine.Variant, error) {
	return engine.WithWeightsOf(w, v.withWeights)
}

func (v *variant) Adopt(p engine.Position) (engine.Position, bool) {
	return engine.AdoptCopy(p, func(c *Position) bool {
		if c.g.name != v.g.name {
			return false
		}
		c.g = v.g
		return true
	})
}

// Tuning: a game of 1,000 actions (2,000 with four players) is drawn.
func (v *variant) Tuning() engine.TuningHints {
	return engine.TuningHints{MaxActions: 500 * v.g.players}
}

var _ engine.Tunable = (*variant)(nil)
