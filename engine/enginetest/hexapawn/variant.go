// Package hexapawn is Martin Gardner's Hexapawn (1962), a test-only game: the smallest complete
// variant, kept to show what a new game costs. It is one package, registered in its init, and
// one import line makes a program serve it: the service's tests import it, and the ashtapada
// binary built with -tags testgame (cmd/ashtapada/testgame.go). It is not in engine/games, so a
// production build never lists it.
//
// The rules: a 3x3 board, three white pawns on rank 1 and three black pawns on rank 3; white
// moves first. A pawn moves one step forward to an empty square, or captures one step diagonally
// forward. A player wins by bringing a pawn to the far rank, by capturing every enemy pawn, or
// when the opponent, to move, has no legal move. The second player (black) wins with perfect
// play.
//
// Notation: a position is written like a FEN, ranks 3 down to 1 separated by '/', P for a white
// pawn, p for a black one, a digit for a run of empty squares, then the side to move, w or b:
// the start is "ppp/3/PPP w". An action is its two squares, from then to: a1a2, or b2c3 for a
// capture.
package hexapawn

import "github.com/ashtapada/ashtapada/engine"

// Name is the variant's registered name.
const Name = "hexapawn"

// StartText is the start position in the variant's notation.
const StartText = "ppp/3/PPP w"

type variant struct{ desc *engine.Description }

// Variant is the registered hexapawn variant.
var Variant engine.Variant = &variant{desc: describe()}

func init() { engine.Register(Variant) }

var playerNames = [2]string{"white", "black"}

func describe() *engine.Description {
	return &engine.Description{
		Name:       Name,
		Title:      "Hexapawn",
		Summary:    "Martin Gardner's game of three pawns a side on a 3x3 board: reach the far rank, capture every enemy pawn, or leave the opponent without a move. A test game: only builds with the testgame tag serve it.",
		MinPlayers: 2, MaxPlayers: 2,
		Players: []engine.PlayerInfo{
			{Name: "white", Seat: "south", Color: "white"},
			{Name: "black", Seat: "north", Color: "black"},
		},
		Board: engine.NewRectBoard(3, 3),
		Pieces: []engine.PieceInfo{{Kind: "pawn", Letter: "P", Title: "Pawn", Value: 1,
			Movement: "one step forward to an empty square, or one step diagonally forward to capture; it never promotes, reaching the far rank wins"}},
		ActionsPerTurn:   1,
		PositionNotation: "ranks 3 down to 1 separated by '/', P white pawn, p black pawn, a digit for empty squares, then the side to move (w or b): ppp/3/PPP w",
		ActionNotation:   "the from and to squares: a1a2, b2c3 (a capture)",
		Actions: []engine.ActionInfo{{Name: "move", Kind: engine.ActionMove, Notation: "a1a2, b2c3",
			Description: "a pawn steps forward to an empty square or captures diagonally forward"}},
		Events: []engine.EventInfo{
			{Name: "capture", Kind: engine.EventCapture, Description: "a pawn is captured"},
			{Name: "game_over", Kind: engine.EventGameOver, Description: "a pawn reached the far rank, every pawn of a side was captured, or the side to move has no move"},
		},
		// Pawns only go forward: no position can come back, and the game lasts at most 12 plies.
		Repetition: 0,
		// Two sides without dice and a tiny tree: plain full-width alpha-beta (the default
		// algorithm, named here), none of the selective search, which gains nothing at this size.
		Search: engine.SearchHints{Selective: false, BySides: map[int]engine.SideHints{2: {Algorithm: "alphabeta"}}},
	}
}

func (v *variant) Describe() *engine.Description { return v.desc }

func (v *variant) Start(opts engine.Options) (engine.Position, error) {
	if _, err := engine.ResolveOptions(v.desc.Options, opts); err != nil {
		return nil, err
	}
	return v.Parse(StartText)
}
