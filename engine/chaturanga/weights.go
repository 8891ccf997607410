package chaturanga

// Weights are the parameters of Evaluate, in pawns. tools/tune fits them to self-play games
// (its doc comment has the recipe); Evaluate reads the package's current set, TunedWeights
// unless SetWeights swapped it.
type Weights struct {
	// Material; a pawn is 1, the king is not material.
	Horse, Gaja, Ratha, Mantri float64
	// PawnAdvance is per rank a pawn of the c-f files has advanced. FlankPawnAdvance is per
	// rank one of the a, b, g or h file has with every piece on the board, mixing into
	// PawnAdvance as pieces leave: flank pawns pushed early gain no centre and open the king,
	// while in the ending they are passers like any other.
	PawnAdvance, FlankPawnAdvance float64
	// HorseCentre, MantriCentre and GajaCentre are per step a piece stands from the board's edge.
	HorseCentre, MantriCentre, GajaCentre float64
	// RathaMobility is per square a ratha reaches.
	RathaMobility float64
	// KingCentreFull and KingCentreBare are per step the king stands from the edge, with every
	// piece on the board and with none left; between, they mix by the pieces left.
	KingCentreFull, KingCentreBare float64
	// MopUpEdge and MopUpNear drive a bare defence to the edge, where mates are: the side
	// ahead by mopUpLead of material gains MopUpEdge per step the enemy king stands from the
	// centre and MopUpNear per step its own king stands nearer to it than 7.
	MopUpEdge, MopUpNear float64
	// Tempo is the side to move's.
	Tempo float64
}

// mopUpLead is the material lead, in pawns, from which the mop-up terms count: a ratha or a
// horse and more, not a pawn or two.
const mopUpLead = 2.5

// HandWeights are the weights set by hand before tuning; the tuner plays them against new ones.
var HandWeights = Weights{Horse: 3.2, Gaja: 1.3, Ratha: 5, Mantri: 1.6, PawnAdvance: 0.08, FlankPawnAdvance: -0.04,
	HorseCentre: 0.08, MantriCentre: 0.08, GajaCentre: 0.08, RathaMobility: 0.04}

// TunedWeights are what Evaluate uses: the hand-set ones, since both fitted sets tried so far
// lost matches against them (docs/measurements.md, "Evaluation tuning").
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
