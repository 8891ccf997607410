package martianchess

import (
	"github.com/ashtapada/ashtapada/engine"
)

// Registered names.
const (
	MartianChess = "martian_chess"
	CoasterChess = "coaster_chess"
)

const (
	optPlayers = "players"
	optTeams   = "teams"
)

var (
	optionSpecs = []engine.OptionSpec{
		{Name: optPlayers, Kind: engine.OptionInt, Default: engine.OptionValue{Kind: engine.OptionInt, Int: 2}, Min: 2, Max: 4,
			Description: "2 or 4 players"},
		{Name: optTeams, Kind: engine.OptionBool, Default: engine.OptionValue{Kind: engine.OptionBool},
			Description: "four players in two teams of opposite corners, south_west with north_east and north_west with south_east: partners add their points"},
	}
	// textOptions are the options a position text states as words; its piles give the players.
	textOptions = optionSpecs[1:]
)

var pieceInfo = []engine.PieceInfo{
	{Kind: "pawn", Letter: "p", Title: "Pawn", Value: 1, Movement: "one step diagonally in any direction"},
	{Kind: "drone", Letter: "d", Title: "Drone", Value: 2, Movement: "one or two squares orthogonally, sliding"},
	{Kind: "queen", Letter: "q", Title: "Queen", Value: 3, Movement: "any distance orthogonally or diagonally, sliding"},
}

// Start positions by game and number of players.
var startTexts = map[string]map[int]string{
	MartianChess: {
		2: "qqd1/qdp1/dpp1/4/4/1ppd/1pdq/1dqq s -,- - - 1",
		4: "qqd2dqq/qdp2pdq/dpp2ppd/8/8/dpp2ppd/qdp2pdq/qqd2dqq sw -,-,-,- - - 1",
	},
	CoasterChess: {
		2: "q3dq/5p/6/6/p5/qd3q s -,- - - 1",
		4: "qp2dq/d4p/6/6/p4d/qd2pq sw -,-,-,- - - 1",
	},
}

type variant struct {
	desc *engine.Description
	// rules by number of players and team play: [0] two players, [1] four, [2] four in teams.
	rules [3]*rules
	// weights are what its positions evaluate with.
	weights *Weights
}

// Variants of the family, registered, evaluating with TunedWeights.
var (
	MartianChessVariant engine.Variant = newVariant(MartianChess, martian2, martian4)
	CoasterChessVariant engine.Variant = newVariant(CoasterChess, coaster2, coaster4)
)

func init() {
	engine.Register(MartianChessVariant)
	engine.Register(CoasterChessVariant)
}

// searchHints are what matches found about searching each game (docs/measurements.md): the
// selective search gains in two-player Martian Chess (+23 Elo) and not in Coaster Chess; with four
// players, MCTS with greedy playouts (Martian Chess) or plain MCTS (Coaster Chess) beat paranoid.
var searchHints = map[string]engine.SearchHints{
	MartianChess: {Selective: true, BySides: map[int]engine.SideHints{4: {Algorithm: "mcts-greedy"}}},
	CoasterChess: {BySides: map[int]engine.SideHints{4: {Algorithm: "mcts"}}},
}

func newVariant(name string, two, four *geometry) *variant {
	v := &variant{desc: describe(name, two), weights: ptr(TunedWeights[name])}
	v.desc.Search = searchHints[name]
	v.desc.Levels = levelRatings[name]
	v.setRules(two, four)
	for _, r := range v.rules[1:] {
		v.desc.OptionBoards = append(v.desc.OptionBoards, engine.OptionBoard{Options: r.options(), Board: four.board, Players: r.seats})
	}
	return v
}

// setRules gives v its rules, which name it.
func (v *variant) setRules(two, four *geometry) {
	v.rules[0] = &rules{variant: v, geo: two, players: 2, seats: seatInfo(2, false)}
	v.rules[1] = &rules{variant: v, geo: four, players: 4, seats: seatInfo(4, false)}
	v.rules[2] = &rules{variant: v, geo: four, players: 4, teams: true, seats: seatInfo(4, true)}
}

// withWeights returns v, unregistered, evaluating with w.
func (v *variant) withWeights(w Weights) *variant {
	n := &variant{desc: v.desc, weights: &w}
	n.setRules(v.rules[0].geo, v.rules[1].geo)
	return n
}

// WithWeights returns the game of that name (martian_chess or coaster_chess), unregistered,
// evaluating with w; the registered variant is not changed. It panics on another name.
func WithWeights(game string, w Weights) engine.Variant {
	switch game {
	case MartianChess:
		return MartianChessVariant.(*variant).withWeights(w)
	case CoasterChess:
		return CoasterChessVariant.(*variant).withWeights(w)
	}
	panic("martianchess: no game " + game)
}

func seatInfo(players int, teams bool) []engine.PlayerInfo {
	names := twoSeats
	if players == 4 {
		names = fourSeats
	}
	out := make([]engine.PlayerInfo, players)
	for i, n := range names {
		out[i] = engine.PlayerInfo{Name: n, Seat: n}
		if teams {
			out[i].Team = teamNames[team(i)]
		}
	}
	return out
}

func (v *variant) rulesFor(players int, teams bool) (*rules, error) {
	switch {
	case players == 2 && teams:
		return nil, &engine.OptionError{Name: optTeams, Reason: "team play needs four players (players 4), not 2"}
	case players == 2:
		return v.rules[0], nil
	case players == 4 && teams:
		return v.rules[2], nil
	case players == 4:
		return v.rules[1], nil
	}
	return nil, &engine.OptionError{Name: optPlayers, Reason: "want 2 or 4 players"}
}

func (v *variant) rulesFromOptions(opts engine.Options) (*rules, error) {
	o, err := engine.ResolveOptions(optionSpecs, opts)
	if err != nil {
		return nil, err
	}
	return v.rulesFor(int(o[optPlayers].Int), o[optTeams].Bool)
}

func (r *rules) options() engine.Options {
	return engine.Options{
		optPlayers: {Kind: engine.OptionInt, Int: int64(r.players)},
		optTeams:   {Kind: engine.OptionBool, Bool: r.teams},
	}
}

func describe(name string, two *geometry) *engine.Description {
	d := &engine.Description{
		Name:       name,
		MinPlayers: 2, MaxPlayers: 4,
		Players:        append(seatInfo(2, false), seatInfo(4, true)...),
		Board:          two.board,
		Pieces:         pieceInfo,
		Options:        optionSpecs,
		ActionsPerTurn: 1,
		PositionNotation: "board from the top rank down (q d p, colourless; digits count empty squares), seat to move " +
			"(s n, or sw nw ne se), each seat's captured pieces in turn order separated by commas ('-' for none), the clock " +
			"('-' before the call, else moves without capture since the call or the last capture), the last move when it crossed " +
			"a canal and bars the way back ('-' otherwise), move number, then \"teams\" in team play",
		ActionNotation: "b2c3 (a move, capture or field promotion), b2c3+clock (the same, calling the clock), pass",
		Actions: []engine.ActionInfo{
			{Name: "move", Kind: engine.ActionMove, Notation: "b2c3", Description: "a piece in the mover's zone moves; ending on a piece in another zone captures it, on an own piece merges them (field promotion)"},
			{Name: "call_clock", Kind: engine.ActionVariant, Notation: "b2c3+clock", Description: "a move that also calls the clock: once per game, after which seven moves in a row without a capture end the game"},
			{Name: "pass", Kind: engine.ActionPass, Notation: "pass", Description: "a player with no move passes"},
		},
		State: []engine.StateInfo{
			{Name: stateLastMove, Kind: engine.StateString,
				Description: "the last move (c5c4) when it crossed a canal: the piece may not go straight back"},
		},
		Events: []engine.EventInfo{
			{Name: "capture", Kind: engine.EventCapture, Description: "a piece in another zone is captured into the mover's pile"},
			{Name: "promotion", Kind: engine.EventPromotion, Description: "a field promotion merges two pieces"},
			{Name: "points", Kind: engine.EventPoints, Description: "the pips of a captured piece"},
			{Name: "handed_over", Kind: engine.EventVariant, Description: "a piece crossed into another zone and changed hands"},
			{Name: "clock_called", Kind: engine.EventVariant, Description: "the clock is called"},
			{Name: "turn_passed", Kind: engine.EventTurnPassed, Description: "a player without a move passed"},
			{Name: "game_over", Kind: engine.EventGameOver, Description: "a zone is empty, or the clock ran out"},
		},
	}
	if name == MartianChess {
		d.Title = "Martian Chess"
		d.Summary = "Colourless pyramids on a board split by canals: you move whatever stands in your zone, capture into your pile and score its pips; the game ends when a zone is empty."
	} else {
		d.Title = "Coaster Chess"
		d.Summary = "Martian Chess on four Martian Coasters: pieces follow the arrows, up to one, two or three steps; zones are coasters (4 players) or halves (2)."
	}
	return d
}

func (v *variant) Describe() *engine.Description { return v.desc }

func (v *variant) Start(opts engine.Options) (engine.Position, error) {
	r, err := v.rulesFromOptions(opts)
	if err != nil {
		return nil, err
	}
	p, err := v.parse(startTexts[v.desc.Name][r.players])
	if err != nil {
		return nil, err
	}
	p.rules = r
	return p, nil
}
