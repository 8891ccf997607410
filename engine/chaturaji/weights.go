package chaturaji

import "github.com/ashtapada/ashtapada/engine"

// Weights are the parameters of Evaluate, in pawns, a point being a pawn. cmd/tune fits them to
// self-play games (its doc comment has the recipe); Evaluate reads the set of the position's
// variant: TunedWeights for Variant, another for WithWeights.
type Weights struct {
	// Material: what a piece on the board is worth to its owner.
	Pawn, Boat, Horse, Elephant, Raja float64
	// RajaTeam replaces Raja in team play (and diceless play), where the game is lost with both
	// rajas and a player without his raja is frozen.
	RajaTeam float64
	// ThreatGain scales the points a player may score over the next round of turns, ThreatLoss
	// the material he may lose (threats).
	ThreatGain, ThreatLoss float64
	// Flee scales a threat whose victim's owner moves before the attacker: some of his rolls
	// let him move the piece away.
	Flee float64
}

// HandWeights are the weights set by hand before tuning; the tuner plays them against new ones.
// A piece was worth its capture points and a fifth more for what it may still capture.
var HandWeights = Weights{Pawn: 1.2, Boat: 2.4, Horse: 3.6, Elephant: 4.8, Raja: 8, RajaTeam: 12,
	ThreatGain: 1, ThreatLoss: 1, Flee: 0.75}

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

// Tuning: twenty rounds keep games short; a game of 2,000 actions is drawn.
func (v *variant) Tuning() engine.TuningHints {
	return engine.TuningHints{Options: engine.Options{optMaxRounds: {Kind: engine.OptionInt, Int: 20}}, MaxActions: 2000}
}

var _ engine.Tunable = (*variant)(nil)
