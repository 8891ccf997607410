package coasterchaturanga

// Weights are the parameters of Evaluate, a point of score being one. cmd/tune fits them to
// self-play games (its doc comment has the recipe); Evaluate reads the package's current set,
// TunedWeights unless SetWeights swapped it.
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

// FirstWeights are FirstChances' weights, one per feature of FirstFeatures, as
// cmd/firstchance fits them to 2,000 games of the search with the weights before them
// (cmd/firstchance/v1.json, fitted to games of the search that played out to the end); its
// doc comment has the recipe.
var FirstWeights = [FirstFeatures]float64{
	0.1849, 0.4747, 0.0441, 0.1159, 0.0028, 0.5813, 0.6260, -0.4081,
	0.5076, 0.1731, -0.0545, -0.2582, -0.4211, -0.4686, -0.2438, 0.6169,
}
