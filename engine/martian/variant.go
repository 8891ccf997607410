// Package martian implements Martian Chaturanga (Nate Straight): two players on a 5x5 board, two
// four-sided dice per turn naming the pieces that may move, immobile keeps, the raven's flight, the
// garrison, and promotion to captured pieces. The goal is to capture the enemy monarch.
package martian

import "github.com/ashtapada/ashtapada/engine"

// Name is the variant's registered name.
const Name = "martian_chaturanga"

// StartText is the start position in the variant's text notation.
const StartText = "rpmpr/ksksk/5/KSKSK/RPMPR l - AEae - 0 1"

type variant struct{ desc *engine.Description }

// Variant is the registered martian_chaturanga variant.
var Variant engine.Variant = &variant{desc: describe()}

func init() { engine.Register(Variant) }

var (
	kindNames   = [kinds]string{"", "monarch", "paladin", "raven", "squire", "keep"}
	letters     = [kinds]byte{0, 'm', 'p', 'r', 's', 'k'}
	playerNames = [2]string{"light", "dark"}
	// startCounts is how many pieces of each kind a player starts with.
	startCounts = [kinds]int{0, 1, 2, 2, 2, 3}
)

const maxTurnsOption = "max_turns"

func describe() *engine.Description {
	faces := []engine.DieFace{{Value: 1, Label: "1", Meaning: "monarch"}, {Value: 2, Label: "2", Meaning: "paladin"},
		{Value: 3, Label: "3", Meaning: "raven"}, {Value: 4, Label: "4", Meaning: "squire"}}
	return &engine.Description{
		Name:       Name,
		Title:      "Martian Chaturanga",
		Summary:    "Two players, a 5x5 board and two four-sided dice naming the pieces that may move; capture the enemy monarch.",
		MinPlayers: 2, MaxPlayers: 2,
		Players: []engine.PlayerInfo{
			{Name: "light", Seat: "south", Color: "light"},
			{Name: "dark", Seat: "north", Color: "dark"},
		},
		Board: engine.NewRectBoard(size, size),
		Pieces: []engine.PieceInfo{
			{Kind: "monarch", Letter: "M", Title: "Monarch", Value: 1, Royal: true, Movement: "queen: any distance orthogonally or diagonally"},
			{Kind: "paladin", Letter: "P", Title: "Paladin", Value: 2, Movement: "knight leap or bishop slide"},
			{Kind: "raven", Letter: "R", Title: "Raven", Value: 3, Movement: "rook slide, or a two-square diagonal flight over anything but an enemy keep"},
			{Kind: "squire", Letter: "S", Title: "Squire", Value: 4, Movement: "pawn without double step; may promote on the last rank to a captured piece"},
			{Kind: "keep", Letter: "K", Title: "Keep", Immobile: true, Movement: "never moves, is never captured; nothing lands on or slides through it"},
		},
		Dice: []engine.DieInfo{{Kind: "d4", Count: 2, Faces: faces}},
		Options: []engine.OptionSpec{{Name: maxTurnsOption, Kind: engine.OptionInt, Default: engine.OptionValue{Kind: engine.OptionInt},
			Min: 0, Max: 1_000_000, Description: "draw after this many consecutive turns without a capture (0 = unlimited)"}},
		ActionsPerTurn: 2,
		PositionNotation: "board (ranks 5 to 1; M P R S K, upper case light), side (l/d), dice ('-' before the roll, " +
			"else two dice 'rolled meaning [*used]' such as 2p,4s*, with '+' after a capture this turn), garrison rights " +
			"(A E a e or '-'), captured pieces (upper case light's, or '-'), quiet turns, turn number (each up to 2147483647, where it stays), " +
			"then max_turns=N when set",
		ActionNotation: "b1c3; a squire's promotion b4b5=r; the garrison as the monarch's move c1a1; end; roll 1 3",
		Actions: []engine.ActionInfo{
			{Name: "roll", Kind: engine.ActionRoll, Notation: "roll 1 3", Description: "throw the two D4 (a chance event)"},
			{Name: "move", Kind: engine.ActionMove, Notation: "b1c3, b4b5=r", Description: "a piece a die allows moves; a squire reaching the last rank may promote to a piece its player has lost"},
			{Name: "garrison", Kind: engine.ActionVariant, Notation: "c1a1", Description: "with a rolled 1 and 3, the unmoved monarch and raven exchange places across the empty square between them; the turn ends"},
			{Name: "end_turn", Kind: engine.ActionEndTurn, Notation: "end", Description: "stop before using both dice"},
		},
		State: []engine.StateInfo{
			{Name: stateRights, Kind: engine.StateList, PerPlayer: true,
				Description: "the garrisons the player may still make: garrison_a, garrison_e (the raven on file a or e and the monarch have not moved)"},
		},
		Events: []engine.EventInfo{
			{Name: "dice_rolled", Kind: engine.EventDiceRolled, Description: "the dice show their values"},
			{Name: "die_substituted", Kind: engine.EventVariant, Description: "a die names a piece kind the player no longer has and counts upward to the next one"},
			{Name: "capture", Kind: engine.EventCapture, Description: "a piece is captured"},
			{Name: "promotion", Kind: engine.EventPromotion, Description: "a squire promotes"},
			{Name: "turn_passed", Kind: engine.EventTurnPassed, Description: "the turn passes to the other player"},
			{Name: "game_over", Kind: engine.EventGameOver, Description: "a monarch is captured, or the turn limit is reached"},
		},
	}
}

func (v *variant) Describe() *engine.Description { return v.desc }

func (v *variant) Start(opts engine.Options) (engine.Position, error) {
	o, err := engine.ResolveOptions(v.desc.Options, opts)
	if err != nil {
		return nil, err
	}
	p, err := Parse(StartText)
	if err != nil {
		return nil, err
	}
	p.maxTurns = uint32(o[maxTurnsOption].Int)
	return &p, nil
}

// options returns the options a game is played with.
func (p *Position) options() engine.Options {
	return engine.Options{maxTurnsOption: {Kind: engine.OptionInt, Int: int64(p.maxTurns)}}
}
