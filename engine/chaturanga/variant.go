// Package chaturanga implements classical Chaturanga as Fairy-Stockfish plays it (chess.com's
// rules): mantri and gaja instead of queen and bishop, no castling or double step, promotion to
// mantri only, and a stalemated side loses. Positions and moves use Fairy-Stockfish's FEN and UCI
// notation, so move lists and perft counts compare one to one with that engine.
package chaturanga

import "github.com/ashtapada/ashtapada/engine"

// StartFEN is the start position in Fairy-Stockfish's notation.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"

// Name is the variant's registered name.
const Name = "chaturanga"

// variant is the game with the weights its positions evaluate with.
type variant struct {
	desc    *engine.Description
	weights *Weights
}

// registered is Variant, which evaluates with TunedWeights.
var registered = &variant{desc: describe(), weights: ptr(TunedWeights)}

// Variant is the registered chaturanga variant.
var Variant engine.Variant = registered

func init() { engine.Register(Variant) }

var (
	kindNames   = [pieceTypes]string{"pawn", "horse", "gaja", "ratha", "mantri", "king"}
	fenLetters  = [pieceTypes]byte{'p', 'n', 'b', 'r', 'q', 'k'}
	playerNames = [2]string{"white", "black"}
)

func describe() *engine.Description {
	return &engine.Description{
		Name:  Name,
		Title: "Chaturanga",
		// The selective search: +114 Elo at 20-40 ms a move (SPRT, docs/measurements.md).
		Search: engine.SearchHints{Selective: true},
		Levels: levelRatings,
		// pychess-variants and Fairy-Stockfish write records and speak UCI with these names.
		RecordName: "Chaturanga",
		UCIVariant: Name,
		Summary:    "The classical two-player ancestor of chess, as played by Fairy-Stockfish and chess.com: checkmate or stalemate the enemy king.",
		MinPlayers: 2, MaxPlayers: 2,
		Players: []engine.PlayerInfo{
			{Name: "white", Seat: "south", Color: "white"},
			{Name: "black", Seat: "north", Color: "black"},
		},
		Board: engine.NewRectBoard(8, 8),
		Pieces: []engine.PieceInfo{
			{Kind: "king", Letter: "K", Title: "King (Raja)", Movement: "one step in any direction", Royal: true},
			{Kind: "mantri", Letter: "Q", Title: "Mantri (Ferz)", Movement: "one step diagonally"},
			{Kind: "gaja", Letter: "B", Title: "Gaja (Alfil)", Movement: "jumps exactly two squares diagonally, over anything"},
			{Kind: "horse", Letter: "N", Title: "Horse (Knight)", Movement: "knight leap"},
			{Kind: "ratha", Letter: "R", Title: "Ratha (Rook)", Movement: "any distance along a rank or file"},
			{Kind: "pawn", Letter: "P", Title: "Pawn", Movement: "one step forward, captures one step diagonally forward; promotes to mantri on the last rank"},
		},
		ActionsPerTurn:   1,
		PositionNotation: "Fairy-Stockfish FEN: board, side (w/b), castling '-', en passant '-', halfmove clock (0 to 140), fullmove number (1 to 2147483647, where it stays)",
		ActionNotation:   "UCI long algebraic as Fairy-Stockfish prints it: e2e3, g7g8q; standard algebraic notation (Nf3, exd5, e8=Q) is read too",
		Actions: []engine.ActionInfo{{Name: "move", Kind: engine.ActionMove, Notation: "e2e3, g7g8q",
			Description: "a piece moves, capturing what stands on its target; a pawn reaching the last rank promotes to a mantri"}},
		Events: []engine.EventInfo{
			{Name: "capture", Kind: engine.EventCapture, Description: "a piece is captured"},
			{Name: "promotion", Kind: engine.EventPromotion, Description: "a pawn promotes to a mantri"},
			{Name: "game_over", Kind: engine.EventGameOver, Description: "checkmate, stalemate (the stalemated side loses) or the 70-move rule"},
		},
		Repetition: 3,
	}
}

func (v *variant) Describe() *engine.Description { return v.desc }

func (v *variant) Start(opts engine.Options) (engine.Position, error) {
	if _, err := engine.ResolveOptions(v.desc.Options, opts); err != nil {
		return nil, err
	}
	return v.Parse(StartFEN)
}

// WithWeights returns chaturanga, unregistered, evaluating with w: Variant is not changed.
func WithWeights(w Weights) engine.Variant { return &variant{desc: registered.desc, weights: &w} }

// New returns the start position as a concrete value, for callers that want the fast API.
func New() Position {
	p, err := Parse(StartFEN)
	if err != nil {
		panic(err)
	}
	return p
}
