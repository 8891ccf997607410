package ramayana

import "github.com/ashtapada/ashtapada/engine"

// Weights are the parameters of Evaluate, in pawns (an Untouchable is one). cmd/tune fits them
// to self-play games (its doc comment has the recipe); Evaluate reads the set of the position's
// variant: TunedWeights for Variant, another for WithWeights.
type Weights struct {
	// Material of the pieces that are not royal.
	Brahmin, Swami, Devapala, Yavana, Muni, Singh, Shikari, Dropped, Buddha float64
	// Maharajah is what the Maharajah's alfil leaps are worth over a Rajah.
	Maharajah float64
	// Reach is per existing target square of a piece's leaps (centrality on this board).
	Reach float64
	// Advance is per rank an Untouchable has advanced.
	Advance float64
	// Control is per Rakshasa a player has a piece next to (he may move it), Royal more when
	// that piece is the royal, who pays nothing.
	Control, Royal float64
	// Exposed is per Rakshasa on a diagonal of one's own royal.
	Exposed float64
}

// HandWeights are the weights set by hand before tuning: material by the number of a leaper's
// targets on an open board, and positional weights from matches of depth-2 searches (80 games
// each, both seatings of 40 openings, games still going at 200 plies judged by material): with
// reach 0.03 the evaluation lost to material alone (0.406 against 0.594) and to reach 0.06
// (0.356); with reach 0.06 it scored 0.537 against material alone and 0.463 against lighter
// Rakshasa terms (0.1, 0, 0.1), both within the noise (about ±0.055).
var HandWeights = Weights{Brahmin: 3, Swami: 3.5, Devapala: 3.5, Yavana: 2.5, Muni: 2, Singh: 3, Shikari: 3,
	Dropped: 0.5, Buddha: 5, Maharajah: 1, Reach: 0.06, Advance: 0.05, Control: 0.3, Royal: 0.3, Exposed: 0.2}

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

// Tuning: a game of 400 plies is drawn.
func (v *variant) Tuning() engine.TuningHints {
	return engine.TuningHints{MaxActions: 400}
}

var _ engine.Tunable = (*variant)(nil)

// material is each kind's value under w; royals are not material.
func (w *Weights) material() [kinds]float64 {
	return [kinds]float64{brahmin: w.Brahmin, swami: w.Swami, devapala: w.Devapala, yavana: w.Yavana, muni: w.Muni,
		singh: w.Singh, shikari: w.Shikari, untouchable: 1, dropped: w.Dropped, buddha: w.Buddha}
}
