package chaturaji

// Weights are the parameters of Evaluate, in pawns, a point being a pawn. cmd/tune fits them to
// self-play games (its doc comment has the recipe); Evaluate reads the package's current set,
// TunedWeights unless SetWeights swapped it.
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
