package chaturanga

import "github.com/ashtapada/ashtapada/engine"

// Weights are the parameters of Evaluate, in pawns. Pairs and tables come as a middlegame and an
// endgame value (Mg, Eg, or [2] as {middlegame, endgame}), mixed by the non-pawn material on the
// board. cmd/tune can fit them (its doc comment has the recipe); Evaluate reads the set of the
// position's variant: TunedWeights for Variant, another for WithWeights.
type Weights struct {
	// PieceMg and PieceEg are the material values by piece type: pawn, horse, gaja, ratha,
	// mantri.
	PieceMg, PieceEg [5]float64
	// Mobility by the number of squares a piece reaches in its side's mobility area: squares
	// that hold no own pawn or king and no enemy pawn attacks. Leaper is the mantri's and the
	// gaja's (at most 4).
	HorseMobilityMg, HorseMobilityEg   [9]float64
	RathaMobilityMg, RathaMobilityEg   [15]float64
	LeaperMobilityMg, LeaperMobilityEg [5]float64
	// RathaOpenFile is for a ratha on a file without pawns, RathaHalfOpenFile on one without
	// own pawns. HorseOutpost is for a horse on the fourth to sixth rank, defended by a pawn,
	// that no enemy pawn can ever attack.
	RathaOpenFile, RathaHalfOpenFile, HorseOutpost [2]float64
	// Pawn structure: Isolated has no own pawn on a file beside it; Doubled stands in front of
	// an own pawn and no pawn defends it. ConnectedMg by relative rank is for a pawn defended
	// by a pawn or beside one (doubled when beside one, less when opposed), plus
	// ConnectedSupport a defender; its endgame value is the middlegame one times (rank-2)/4.
	Isolated, Doubled [2]float64
	ConnectedMg       [7]float64
	ConnectedSupport  float64
	// PassedMg and PassedEg are by relative rank for a pawn that no enemy pawn can stop.
	PassedMg, PassedEg [7]float64
	// Threats, per enemy piece: ThreatByPawn attacked by a pawn that is safe; ThreatByPawnPush
	// attacked after a safe pawn push; ThreatByMinorMg/Eg (by target type) attacked by a horse,
	// gaja or mantri when it is weak or defended; ThreatByRathaMg/Eg attacked by a ratha when
	// it is weak (not defended by a pawn, nor by more pieces than attack it); ThreatByKing a
	// weak piece the king attacks; Hanging a weak piece that is undefended or attacked twice;
	// Restricted, per square both sides attack that the enemy does not hold strongly.
	ThreatByPawn, ThreatByPawnPush, ThreatByKing, Hanging, Restricted [2]float64
	ThreatByMinorMg, ThreatByMinorEg                                  [5]float64
	ThreatByRathaMg, ThreatByRathaEg                                  [5]float64
	// KingDanger scales the king danger: attackers of the ring around the king, their attacks,
	// safe checks, attacks on the king's flank (kingTerms in eval.go). PawnlessFlank is for a
	// king with no pawn on its flank; FlankAttack per attack on the flank in the own camp.
	KingDanger                 float64
	PawnlessFlank, FlankAttack [2]float64
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

// fsfUnits is how many of Fairy-Stockfish's internal units make one of our pawns; it shows
// 208 (its endgame pawn) as one pawn.
const fsfUnits = 208

// fsf converts Fairy-Stockfish's internal units to pawns.
func fsf(v float64) float64 { return v / fsfUnits }

func fsfPair(mg, eg float64) [2]float64 { return [2]float64{fsf(mg), fsf(eg)} }

func fsfTable(values ...float64) []float64 {
	t := make([]float64, len(values))
	for i, v := range values {
		t[i] = fsf(v)
	}
	return t
}

// HandWeights are Fairy-Stockfish's classical evaluation for chaturanga (its built-in
// variant: piece values, mobility, threats, pawns, king danger), in its units converted to
// pawns; passed pawns scaled as it scales them by the value of the mantri they promote to.
var HandWeights = func() Weights {
	var w Weights
	// Fairy-Stockfish: pawn 126/208 less 22 in the endgame for promoting to a mantri; the ratha
	// as the strongest piece gains a twentieth of the queen's lead over it.
	copy(w.PieceMg[:], fsfTable(126, 781, 350, 1339, 420))
	copy(w.PieceEg[:], fsfTable(186, 854, 330, 1445, 450))
	copy(w.HorseMobilityMg[:], fsfTable(-62, -53, -12, -3, 3, 12, 21, 28, 37))
	copy(w.HorseMobilityEg[:], fsfTable(-79, -57, -31, -17, 7, 13, 16, 21, 26))
	copy(w.RathaMobilityMg[:], fsfTable(-60, -24, 0, 3, 4, 14, 20, 30, 41, 41, 41, 45, 57, 58, 67))
	copy(w.RathaMobilityEg[:], fsfTable(-82, -15, 17, 43, 72, 100, 102, 122, 133, 139, 153, 160, 165, 170, 175))
	for m := range 5 {
		// Its bonus for a fairy piece: MaxMobility (150, 200) · (m-2)/(8+m).
		w.LeaperMobilityMg[m] = fsf(float64(150 * (m - 2) / (8 + m)))
		w.LeaperMobilityEg[m] = fsf(float64(200 * (m - 2) / (8 + m)))
	}
	w.RathaOpenFile, w.RathaHalfOpenFile, w.HorseOutpost = fsfPair(47, 26), fsfPair(19, 6), fsfPair(57, 38)
	w.Isolated, w.Doubled = fsfPair(3, 15), fsfPair(13, 51)
	copy(w.ConnectedMg[:], fsfTable(0, 5, 7, 11, 23, 48, 87))
	w.ConnectedSupport = fsf(21)
	passedMg := []float64{0, 7, 16, 17, 64, 170, 278}
	passedEg := []float64{0, 27, 32, 40, 71, 174, 262}
	for r := range 7 {
		w.PassedMg[r] = fsf(passedMg[r] * (420 - 126) / (2538 - 126))
		w.PassedEg[r] = fsf(passedEg[r] * (450 - 208) / (2682 - 208))
	}
	w.ThreatByPawn, w.ThreatByPawnPush = fsfPair(173, 94), fsfPair(48, 39)
	w.ThreatByKing, w.Hanging, w.Restricted = fsfPair(24, 89), fsfPair(69, 36), fsfPair(7, 7)
	// By target: pawn, horse, gaja, ratha, mantri (the gaja and mantri have no entry in
	// Fairy-Stockfish's tables).
	copy(w.ThreatByMinorMg[:], fsfTable(5, 55, 0, 89, 0))
	copy(w.ThreatByMinorEg[:], fsfTable(32, 41, 0, 119, 0))
	copy(w.ThreatByRathaMg[:], fsfTable(3, 37, 0, 0, 0))
	copy(w.ThreatByRathaEg[:], fsfTable(44, 68, 0, 39, 0))
	w.KingDanger = 1
	w.PawnlessFlank, w.FlankAttack = fsfPair(17, 95), fsfPair(8, 0)
	w.Tempo = fsf(28)
	return w
}()

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

// Tuning: games longer than 600 plies are rare and drawn.
func (v *variant) Tuning() engine.TuningHints { return engine.TuningHints{MaxActions: 600} }

var _ engine.Tunable = (*variant)(nil)
