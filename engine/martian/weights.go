package martian

// Weights are the parameters of Evaluate, in pawns (a squire is one). cmd/tune fits them to
// self-play games (its doc comment has the recipe); Evaluate reads the package's current set,
// TunedWeights unless SetWeights swapped it.
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

// TunedWeights are what Evaluate uses.
var TunedWeights = HandWeights

// weights is the set Evaluate reads.
var weights = TunedWeights

// SetWeights makes Evaluate use w and returns the set it used before. It is for the tuner and
// tests, which evaluate with one set at a time: no evaluation may run while it is called.
func SetWeights(w Weights) Weights {
	old := weights
	weights = w
	return old
}
