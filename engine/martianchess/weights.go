package martianchess

// Weights are the parameters of Evaluate, in pips, a captured pip being one. cmd/tune fits
// them to self-play games (its doc comment has the recipe); Evaluate reads the current set of
// the game, TunedWeights unless SetWeights swapped it.
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

// TunedWeights are what Evaluate uses in each game.
var TunedWeights = map[string]Weights{
	MartianChess: HandWeights,
	CoasterChess: HandWeights,
}

// weights are the sets Evaluate reads: [0] Martian Chess's, [1] Coaster Chess's.
var weights = [2]Weights{TunedWeights[MartianChess], TunedWeights[CoasterChess]}

var coasterVariant = CoasterChessVariant.(*variant)

// weightsOf is the set the position's game evaluates with.
func (p *Position) weightsOf() *Weights {
	if p.rules.variant == coasterVariant {
		return &weights[1]
	}
	return &weights[0]
}

// SetWeights makes Evaluate use w in the game of that name (martian_chess or coaster_chess)
// and returns the set it used before. It is for the tuner and tests, which evaluate with one
// set at a time: no evaluation may run while it is called.
func SetWeights(game string, w Weights) Weights {
	i := 0
	if game == CoasterChess {
		i = 1
	}
	old := weights[i]
	weights[i] = w
	return old
}
