package martianchess

import (
	"strings"

	"github.com/ashtapada/ashtapada/engine"
)

// Weights are the parameters of Evaluate, in pips, a captured pip being one. cmd/tune fits
// them to self-play games (its doc comment has the recipe); Evaluate reads the set of the
// position's variant: TunedWeights for the registered ones, another for WithWeights.
type Weights struct {
	// Zone values a pip standing in one's zone against a pip in one's pile: pieces at hand are
	// what captures, but they can be taken.
	Zone float64
	// ZonePiece is per piece in one's zone, beside its pips: a zone with few pieces has few
	// moves and is near its end.
	ZonePiece float64
	// Threat scales the best capture the opponents threaten against a seat: the net pips of
	// the capture, less the attacker, which lands in the victim's zone and changes hands.
	Threat float64
	// NearEnd adds to the weight of captured pips when the emptiest zone holds 1, 2 or 3
	// pieces: its owner may end the game by moving them out, and the points decide it.
	NearEnd [3]float64
	// OwnEnd is for a seat ahead on points whose zone holds 1 or 2 pieces: it may end the game
	// and win.
	OwnEnd [2]float64
	// ThreatAll applies the threat to every seat; otherwise only to the side to move, since the
	// mover's own captures are quiescence's business.
	ThreatAll bool
	// Clock scales what may still change hands (pieces at hand, threats) by the share of the
	// clock left once it is called: near its end the piles decide.
	Clock bool
}

// HandWeights are the weights chosen by tuning matches at depth 4 before the tuner: against
// greedy players and against {Zone 0.25, no threat, no clock}, which they beat 106-11 (83
// draws) in martian_chess and 62-22 (116 draws) in coaster_chess over 200 games each.
var HandWeights = Weights{Zone: 0.1, Threat: 0.5, Clock: true}

// TunedWeights are what the registered variants evaluate with, by game. HandWeights and
// TunedWeights are constants in spirit: nothing assigns them, and the variants hold copies.
var TunedWeights = map[string]Weights{
	MartianChess: HandWeights,
	CoasterChess: HandWeights,
}

func ptr(w Weights) *Weights { return &w }

// weightsOf is the set the position's variant evaluates with.
func (p *Position) weightsOf() *Weights { return p.rules.variant.weights }

// Weights is engine.Tunable's: HandWeights or the registered variant's.
func (v *variant) Weights(name string) (any, bool) {
	return engine.WeightsNamed(name, HandWeights, TunedWeights[v.desc.Name])
}

func (v *variant) WithWeights(w any) (engine.Variant, error) {
	return engine.WithWeightsOf(w, v.withWeights)
}

func (v *variant) Adopt(p engine.Position) (engine.Position, bool) {
	return engine.AdoptCopy(p, func(c *Position) bool {
		if c.rules.variant.desc != v.desc {
			return false
		}
		c.rules, _ = v.rulesFor(c.rules.players, c.rules.teams)
		return true
	})
}

// Tuning: a game of 400 actions is drawn, and random openings call no clock: a called clock
// ends the game seven moves later, and random openings would call it in half their games.
func (v *variant) Tuning() engine.TuningHints {
	return engine.TuningHints{MaxActions: 400, OpenWith: noClock}
}

func noClock(notation string) bool { return !strings.HasSuffix(notation, "+clock") }

var _ engine.Tunable = (*variant)(nil)
