// Package martian implements Martian Chaturanga (Nate Straight) and its four-player partnership
// variant Martian Chaturaji: two four-sided dice per turn naming the pieces that may move,
// immobile keeps (thrones), the raven's flight, the garrison, and promotion to captured pieces.
// The goal is to capture the enemy monarch, or both enemy monarchs. One set of rules serves both
// games over a geometry (geometry.go): Martian Chaturanga's 5x5 board for two, and the 8x8 board
// for four of Martian Chaturaji, whose set-up is a documented reconstruction.
package martian

import (
	"github.com/ashtapada/ashtapada/engine"
)

// Name is Martian Chaturanga's registered name, and ChaturajiName Martian Chaturaji's.
const (
	Name          = "martian_chaturanga"
	ChaturajiName = "martian_chaturaji"
)

// StartText is Martian Chaturanga's start position in its text notation.
const StartText = "rpmpr/ksksk/5/KSKSK/RPMPR l - AEae - 0 1"

// ChaturajiStartText is Martian Chaturaji's start: each player's half set in his right-hand
// corner (docs/rules/martian_chaturaji.md).
const ChaturajiStartText = "gRgPgM3yTyR/gTgSgSgS2ySyP/6ySyM/6yS1/1rS6/rMrS6/rPrS2bSbSbSbT/rRrT3bMbPbR b - brgy - 0 1"

// variant is a game, its geometry (whose variant it is) and the weights its positions evaluate
// with.
type variant struct {
	g       *geometry
	desc    *engine.Description
	weights *Weights
}

// Variant is the registered martian_chaturanga variant, and ChaturajiVariant martian_chaturaji;
// both evaluate with TunedWeights.
var (
	Variant          engine.Variant = newVariant(chaturanga, describe(chaturanga), TunedWeights)
	ChaturajiVariant engine.Variant = newVariant(chaturaji, describe(chaturaji), TunedWeights)
)

func newVariant(g *geometry, d *engine.Description, w Weights) *variant {
	v := &variant{g: g, desc: d, weights: &w}
	g.variant = v
	return v
}

// WithWeights returns Martian Chaturanga, unregistered, evaluating with w; ChaturajiWithWeights
// Martian Chaturaji. The registered variants are not changed.
func WithWeights(w Weights) engine.Variant { return Variant.(*variant).withWeights(w) }

func ChaturajiWithWeights(w Weights) engine.Variant {
	return ChaturajiVariant.(*variant).withWeights(w)
}

// withWeights copies the geometry, which names its variant; its tables are read only.
func (v *variant) withWeights(w Weights) *variant {
	g := *v.g
	return newVariant(&g, v.desc, w)
}

func init() {
	engine.Register(Variant)
	engine.Register(ChaturajiVariant)
}

// kindNames are the kinds' names; the immobile piece is geometry.kindName's.
var kindNames = [kinds]string{"", "monarch", "paladin", "raven", "squire", "keep"}

const maxTurnsOption = "max_turns"

func describe(g *geometry) *engine.Description {
	faces := []engine.DieFace{{Value: 1, Label: "1", Meaning: "monarch"}, {Value: 2, Label: "2", Meaning: "paladin"},
		{Value: 3, Label: "3", Meaning: "raven"}, {Value: 4, Label: "4", Meaning: "squire"}}
	d := &engine.Description{
		Name:       Name,
		Title:      "Martian Chaturanga",
		Summary:    "Two players, a 5x5 board and two four-sided dice naming the pieces that may move; capture the enemy monarch.",
		MinPlayers: 2, MaxPlayers: 2,
		Players: []engine.PlayerInfo{
			{Name: "light", Seat: "south", Color: "light"},
			{Name: "dark", Seat: "north", Color: "dark"},
		},
		Board: engine.NewRectBoard(g.size, g.size),
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
	// Two sides with dice: MCTS beat expectimax alpha-beta at equal time, in both games
	// (docs/measurements.md).
	d.Search = engine.SearchHints{BySides: map[int]engine.SideHints{2: {Algorithm: "mcts"}}}
	d.Levels = levelRatings[Name]
	if g.players == 2 {
		return d
	}
	d.Name, d.Title = ChaturajiName, "Martian Chaturaji"
	d.Levels = levelRatings[ChaturajiName]
	d.Summary = "Four players in two partnerships (blue and green against red and yellow) on an 8x8 board, two four-sided dice " +
		"each naming the pieces that may move; capture both enemy monarchs. The set-up is a reconstruction."
	d.MinPlayers, d.MaxPlayers = 4, 4
	d.Players = nil
	for pl, seat := range [4]string{"south", "west", "north", "east"} {
		d.Players = append(d.Players, engine.PlayerInfo{Name: g.names[pl], Seat: seat, Team: g.teamNames[g.team[pl]], Color: g.names[pl]})
	}
	d.Pieces[4] = engine.PieceInfo{Kind: "throne", Letter: "T", Title: "Throne", Immobile: true,
		Movement: "never moves, is never captured; nothing lands on or slides through it, and a raven flies over it only if it is his side's"}
	d.Pieces[2].Movement = "rook slide, or a two-square diagonal flight over anything but a throne of the other side"
	d.Pieces[3].Movement = "one square toward the far edge (north for blue, east for red, south for green, west for yellow), capturing diagonally forward; may promote on the far edge to a captured paladin or raven"
	for pl := 0; pl < g.players; pl++ {
		d.Board.Marks = append(d.Board.Marks,
			engine.Mark{Name: "throne", Player: g.names[pl], Squares: g.squaresOf(g.thrones[pl]), Description: "the player's throne, which never moves"},
			engine.Mark{Name: "far_edge", Player: g.names[pl], Squares: g.squaresOf(g.farEdge[pl]), Description: "where the player's squires promote"},
			engine.Mark{Name: "garrison", Player: g.names[pl], Squares: []string{g.squareName(g.garrisons[pl][0].monarch), g.squareName(g.garrisons[pl][0].raven)},
				Description: "the monarch's and the raven's start squares, between which the garrison is made"})
	}
	d.PositionNotation = "board (ranks 8 to 1; each piece its player's letter b r g y and its kind's M P R S T, digits for empty squares), " +
		"side to move (b r g y), dice ('-' before the roll, else two dice 'rolled meaning [*used]' such as 2p,4s*, with '+' after a capture this turn), " +
		"garrison rights (the letters of the players who keep theirs, in turn order, or '-'), captured pieces (each as its owner's piece, such as " +
		"bRyS, or '-'), quiet turns, turn number (each up to 2147483647, where it stays), then max_turns=N when set"
	d.ActionNotation = "g1f3; a squire's promotion e7e8=r; the garrison as the monarch's move f1h1; end; roll 1 3"
	d.Actions[1].Notation = "g1f3, e7e8=r"
	d.Actions[1].Description = "a piece a die allows moves; a squire reaching its far edge may promote to a paladin or raven its player has lost"
	d.Actions[2].Notation = "f1h1"
	d.Actions[2].Description = "with a rolled 1 and 3, the unmoved monarch jumps over his raven into the corner, across the empty square between them; the turn ends"
	d.State[0].Description = "whether the player may still make his garrison: garrison (his monarch and raven have not moved)"
	d.Events[4].Description = "the turn passes to the next player who has a piece to move (a player with none is skipped)"
	d.Events[5].Description = "a side's last monarch is captured, or the turn limit is reached"
	d.Events = append(d.Events, engine.EventInfo{Name: "player_skipped", Kind: engine.EventVariant,
		Description: "a player with no piece left but his throne is passed over"})
	return d
}

// squaresOf names the squares of a mask.
func (g *geometry) squaresOf(m uint64) []string {
	var out []string
	for sq := 0; sq < g.squares; sq++ {
		if m&(1<<sq) != 0 {
			out = append(out, g.squareName(sq))
		}
	}
	return out
}

func (v *variant) Describe() *engine.Description { return v.desc }

func (v *variant) Start(opts engine.Options) (engine.Position, error) {
	o, err := engine.ResolveOptions(v.desc.Options, opts)
	if err != nil {
		return nil, err
	}
	p, err := parse(v.g, v.g.start)
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
