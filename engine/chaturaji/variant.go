// Package chaturaji implements Chaturaji: four players on an 8x8 board, a die naming the piece to
// move, points for captures, the boat triumph and promotion to lost pieces; with options for team
// play (thrones, command, empire, raja exchange), the rank rule, two dice, diceless play, the
// last-standing goal and a round limit.
package chaturaji

import "github.com/ashtapada/ashtapada/engine"

// Name is the variant's registered name.
const Name = "chaturaji"

const (
	// StartBoard is the start position's board in the text notation.
	StartBoard = "gB,gPb,2,rK,rE,rH,rB/gH,gPh,2,rPk,rPe,rPh,rPb/gE,gPe,6/gK,gPk,6/" +
		"6,yPk,yK/6,yPe,yE/bPb,bPh,bPe,bPk,2,yPh,yH/bB,bH,bE,bK,2,yPb,yB"
	// StartText is the start position, default options, in the text notation.
	StartText = StartBoard + " b - - 0,0,0,0 0 1"
)

// variant is the game with the weights its positions evaluate with.
type variant struct {
	desc    *engine.Description
	weights *Weights
}

// registered is Variant, which evaluates with TunedWeights.
var registered = &variant{desc: describe(), weights: ptr(TunedWeights)}

// Variant is the registered chaturaji variant.
var Variant engine.Variant = registered

func init() { engine.Register(Variant) }

var (
	kindNames   = [kinds]string{"", "pawn", "boat", "horse", "elephant", "raja"}
	kindLetters = [kinds]byte{0, 'p', 'b', 'h', 'e', 'k'}
	playerNames = [players]string{"black", "green", "red", "yellow"}
	teamNames   = [2]string{"black_red", "green_yellow"}
	dieMeanings = [6]string{2: "boat", 3: "horse", 4: "elephant", 5: "raja_or_pawn"}
)

// Option names.
const (
	optTeams     = "teams"
	optRankRule  = "rank_rule"
	optDice      = "dice"
	optDiceless  = "diceless"
	optGoal      = "goal"
	optMaxRounds = "max_rounds"
)

const (
	goalPoints       = "points"
	goalLastStanding = "last_standing"
	maxRoundsLimit   = 1_000_000
)

func describe() *engine.Description {
	boolOpt := func(name, desc string) engine.OptionSpec {
		return engine.OptionSpec{Name: name, Kind: engine.OptionBool, Default: engine.OptionValue{Kind: engine.OptionBool}, Description: desc}
	}
	return &engine.Description{
		Name:  Name,
		Title: "Chaturaji",
		// Four sides: MCTS with greedy playouts of 30 actions beat paranoid and MCTS at equal time,
		// and its means read as chances of first place by a table fitted to its self-play
		// (docs/measurements.md).
		Search: engine.SearchHints{BySides: map[int]engine.SideHints{4: {Algorithm: "mcts-greedy", Playout: 30,
			FirstPlace: []float64{0.034, 0.093, 0.112, 0.166, 0.219, 0.219, 0.219, 0.219, 0.219, 0.305, 0.79}}}},
		Levels: levelRatings,
		Summary: "Four players, an 8x8 board and a die naming the piece to move; score points by capturing. " +
			"Options for team play and the traditional alternative rules.",
		MinPlayers: 4, MaxPlayers: 4,
		Players: []engine.PlayerInfo{
			{Name: "black", Seat: "south", Team: teamNames[0], Color: "black"},
			{Name: "green", Seat: "west", Team: teamNames[1], Color: "green"},
			{Name: "red", Seat: "north", Team: teamNames[0], Color: "red"},
			{Name: "yellow", Seat: "east", Team: teamNames[1], Color: "yellow"},
		},
		Board: engine.NewRectBoard(size, size),
		Pieces: []engine.PieceInfo{
			{Kind: "raja", Letter: "K", Title: "Raja", Value: 5, Royal: true, Movement: "one step in any direction"},
			{Kind: "elephant", Letter: "E", Title: "Elephant", Value: 4, Movement: "rook: any distance orthogonally"},
			{Kind: "horse", Letter: "H", Title: "Horse", Value: 3, Movement: "knight leap"},
			{Kind: "boat", Letter: "B", Title: "Boat", Value: 2, Movement: "exactly two squares diagonally, jumping; never onto a boat"},
			{Kind: "pawn", Letter: "P", Title: "Pawn", Value: 1, Movement: "one step forward, captures one step diagonally forward; " +
				"promotes on the last line to the piece that stood behind it, once that piece is lost"},
		},
		Dice: []engine.DieInfo{{Kind: "d6_reroll", Count: 1, Faces: []engine.DieFace{
			{Value: 1, Label: "1", Meaning: "roll again"},
			{Value: 2, Label: "2", Meaning: "boat"},
			{Value: 3, Label: "3", Meaning: "horse"},
			{Value: 4, Label: "4", Meaning: "elephant"},
			{Value: 5, Label: "5", Meaning: "raja or pawn"},
			{Value: 6, Label: "6", Meaning: "roll again"},
		}}},
		Options: []engine.OptionSpec{
			boolOpt(optTeams, "team play, black and red against green and yellow: team scores, throne bonuses, command, empire, raja exchange"),
			boolOpt(optRankRule, "weak pieces (pawn, boat) may not capture strong ones (horse, elephant, raja)"),
			{Name: optDice, Kind: engine.OptionInt, Default: engine.OptionValue{Kind: engine.OptionInt, Int: 1}, Min: 1, Max: 2,
				Description: "dice per turn; with 2 each die is one move, in either order, and end forfeits what is left"},
			boolOpt(optDiceless, "no dice: any piece may move; implies team play won by killing both enemy rajas; a player without his raja is frozen"),
			{Name: optGoal, Kind: engine.OptionString, Default: engine.OptionValue{Kind: engine.OptionString, String: goalPoints},
				Allowed:     []string{goalPoints, goalLastStanding},
				Description: "team play goal: points (the higher team score wins) or last_standing (the team whose forces alone remain wins)"},
			{Name: optMaxRounds, Kind: engine.OptionInt, Default: engine.OptionValue{Kind: engine.OptionInt}, Min: 0, Max: maxRoundsLimit,
				Description: "end the game after this many full rounds without a capture (0 = unlimited)"},
		},
		ActionsPerTurn: 3,
		PositionNotation: "board (ranks 8 to 1 separated by '/', squares by ','; a number is that many empty squares; a piece " +
			"is owner b/g/r/y then K E H B P, a pawn then its promotion target k e h b, and ':' plus a colour letter " +
			"when a commanded boat's colour differs from its owner), player whose turn it is, dice ('-' before the roll, " +
			"else values with '*' when used; '+' after a capture this turn), state ('-' or r>b for red commands black, " +
			"offer=XY, ask=XYR, return=XY for a raja exchange), scores (four entries: capture points, then t and e " +
			"with throne and empire points; at most 100000 a player, where play stops counting), quiet turns, turn number " +
			"(each up to 2147483647, where it stays), then options such as teams dice=2 max_rounds=20",
		ActionNotation: "a2a3; promotion a7a8=b; a waiting pawn's promotion a8=b; pass; end; resign; propose_exchange; " +
			"accept_exchange; decline_exchange; return_raja d1; roll 3 (roll 2 5 with two dice)",
		Actions: []engine.ActionInfo{
			{Name: "roll", Kind: engine.ActionRoll, Notation: "roll 3, roll 2 5", Description: "throw the die (two with dice=2); a 1 or 6 does not count (a chance event)"},
			{Name: "move", Kind: engine.ActionMove, Notation: "a2a3, a7a8=b", Description: "a piece the die names moves; a pawn reaching its last line promotes to its target piece once that piece is lost"},
			{Name: "promote", Kind: engine.ActionVariant, Notation: "a8=b", Description: "a pawn waiting on its last line promotes in place once its target piece is lost"},
			{Name: "pass", Kind: engine.ActionPass, Notation: "pass", Description: "the die allows no move"},
			{Name: "end_turn", Kind: engine.ActionEndTurn, Notation: "end", Description: "stop before using both dice, or let an exchange offer go"},
			{Name: "resign", Kind: engine.ActionResign, Notation: "resign", Description: "a player left with his raja alone gives it up"},
			{Name: "propose_exchange", Kind: engine.ActionVariant, Notation: "propose_exchange", Description: "team play: offer to exchange the raja just killed for the one the team lost"},
			{Name: "accept_exchange", Kind: engine.ActionVariant, Notation: "accept_exchange", Description: "team play: accept a proposed raja exchange"},
			{Name: "decline_exchange", Kind: engine.ActionVariant, Notation: "decline_exchange", Description: "team play: decline a proposed raja exchange"},
			{Name: "return_raja", Kind: engine.ActionVariant, Notation: "return_raja d1", Description: "team play: a raja returning by an exchange whose throne is occupied is placed on an empty square its owner chooses"},
		},
		State: []engine.StateInfo{
			{Name: stateCommands, Kind: engine.StateList, PerPlayer: true,
				Description: "team play: the partners whose pieces the player commands (his raja entered their throne)"},
		},
		Events: []engine.EventInfo{
			{Name: "dice_rolled", Kind: engine.EventDiceRolled, Description: "the dice show their values"},
			{Name: "roll_again", Kind: engine.EventRollAgain, Description: "a 1 or 6 does not count: roll again"},
			{Name: "capture", Kind: engine.EventCapture, Description: "a piece is captured; its points go to the capturer"},
			{Name: "points", Kind: engine.EventPoints, Description: "points scored for a throne or an empire"},
			{Name: "promotion", Kind: engine.EventPromotion, Description: "a pawn promotes"},
			{Name: "boat_triumph", Kind: engine.EventVariant, Description: "a boat completes a 2x2 block of boats and captures the other three"},
			{Name: "command", Kind: engine.EventVariant, Description: "team play: a player takes command of his partner's pieces or boat"},
			{Name: "exchange", Kind: engine.EventVariant, Description: "team play: a raja exchange is proposed, accepted or declined, or a raja returns"},
			{Name: "resignation", Kind: engine.EventVariant, Description: "a player resigns his lone raja"},
			{Name: "turn_passed", Kind: engine.EventTurnPassed, Description: "the turn passes to the next player who still takes turns"},
			{Name: "game_over", Kind: engine.EventGameOver, Description: "the game ends, with the reason"},
		},
	}
}

func (v *variant) Describe() *engine.Description { return v.desc }

// rulesFromOptions resolves and checks option values.
func rulesFromOptions(opts engine.Options) (rules, error) {
	o, err := engine.ResolveOptions(Variant.Describe().Options, opts)
	if err != nil {
		return rules{}, err
	}
	r := rules{teams: o[optTeams].Bool, rankRule: o[optRankRule].Bool, diceless: o[optDiceless].Bool,
		lastStanding: o[optGoal].String == goalLastStanding, dice: uint8(o[optDice].Int), maxRounds: uint32(o[optMaxRounds].Int)}
	if r.diceless {
		if r.dice != 1 {
			return rules{}, &engine.OptionError{Name: optDice, Reason: "diceless play has no dice"}
		}
		r.teams, r.dice = true, 0
	}
	if r.lastStanding && !r.teams {
		return rules{}, &engine.OptionError{Name: optGoal, Reason: "last_standing is a team play goal: set teams"}
	}
	return r, nil
}

// options returns the complete option values of a game.
func (r rules) options() engine.Options {
	goal := goalPoints
	if r.lastStanding {
		goal = goalLastStanding
	}
	dice := int64(r.dice)
	if r.diceless {
		dice = 1
	}
	return engine.Options{
		optTeams:     {Kind: engine.OptionBool, Bool: r.teams},
		optRankRule:  {Kind: engine.OptionBool, Bool: r.rankRule},
		optDice:      {Kind: engine.OptionInt, Int: dice},
		optDiceless:  {Kind: engine.OptionBool, Bool: r.diceless},
		optGoal:      {Kind: engine.OptionString, String: goal},
		optMaxRounds: {Kind: engine.OptionInt, Int: int64(r.maxRounds)},
	}
}

// WithWeights returns chaturaji, unregistered, evaluating with w: Variant is not changed.
func WithWeights(w Weights) engine.Variant { return &variant{desc: registered.desc, weights: &w} }

func (v *variant) Start(opts engine.Options) (engine.Position, error) {
	r, err := rulesFromOptions(opts)
	if err != nil {
		return nil, err
	}
	p, err := Parse(StartText)
	if err != nil {
		return nil, err
	}
	p.rules, p.v = r, v
	return &p, nil
}

// statedOptions are the options the text of a position states: diceless play leaves unsaid the
// team play it implies.
func (r rules) statedOptions() engine.Options {
	o := r.options()
	if r.diceless {
		o[optTeams] = engine.OptionValue{Kind: engine.OptionBool}
	}
	return o
}
