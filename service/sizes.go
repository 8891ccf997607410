package service

import (
	"google.golang.org/protobuf/reflect/protoreflect"

	"github.com/ashtapada/ashtapada/engine/record"
	"github.com/ashtapada/ashtapada/engine/search"
	"github.com/ashtapada/ashtapada/service/internal/reqlimits"
)

// The service's bounds on what a request may hold, in one table, far above anything a real game
// needs. The caps (caps.go) check every field of every request against them before any work; the
// few handler checks that say more about a field (a variant name, an action's notation) use the
// same numbers. Bounds on time and connections are Limits and ConnLimits (limits.go).
const (
	// maxStringLen bounds any string: names of pieces, squares, players, options.
	maxStringLen = 256
	// maxNameLen bounds a variant name and an action's notation.
	maxNameLen = 64
	// maxTextLen bounds a position's text.
	maxTextLen = 4096
	// maxListLen bounds any repeated field or map without a bound of its own below.
	maxListLen = 64
	// maxPieces bounds the pieces of a position and the pieces a player holds or has lost, and
	// the squares of a board sent back with its position.
	maxPieces = 512
	// maxDiceCount bounds the dice of a roll, a position or an action.
	maxDiceCount = 16
	// maxRolls bounds the fixed rolls of a perft.
	maxRolls = 1024
	// maxActions bounds the actions one ApplyMoves applies.
	maxActions = 10000
	// maxImportPositions bounds the actions of a record ImportGame answers with include_positions.
	// A position of random play is up to 3.4 KB in protobuf (martian_coaster_chaturanga, whose
	// board comes with it; TestImportPositionsSize checks every variant), so 500 keep the answer
	// below 2 MB, half the 4 MiB gRPC clients receive by default; ApplyMoves' steps (text and
	// key) cover longer games.
	maxImportPositions = 500
	// maxReviewActions bounds the actions of a game ReviewGame reviews: each is a search, and
	// the review's time bounds them again.
	maxReviewActions = 2000
	// maxHistory bounds the keys or actions of a game's history.
	maxHistory = 10000
	// maxNesting bounds how deep messages nest, as the gateway's decoder does.
	maxNesting = reqlimits.MaxNesting
	// maxPerftDepth, maxMultiPV, maxPlayouts and maxPlayoutActions bound the analysis requests;
	// their time is bounded by Limits.
	maxPerftDepth     = search.MaxDepth
	maxMultiPV        = 64
	maxPlayouts       = 100000
	maxPlayoutActions = 100000
)

// fieldCaps are the fields whose bound is not maxStringLen or maxListLen: the entries of a
// repeated field or map, or the bytes of a string.
var fieldCaps = map[protoreflect.FullName]int{
	"ashtapada.v1.Position.text":                maxTextLen,
	"ashtapada.v1.Position.pieces":              maxPieces,
	"ashtapada.v1.Position.dice":                maxDiceCount,
	"ashtapada.v1.PlayerState.held":             maxPieces,
	"ashtapada.v1.PlayerState.lost":             maxPieces,
	"ashtapada.v1.Action.dice":                  maxDiceCount,
	"ashtapada.v1.DiceRoll.values":              maxDiceCount,
	"ashtapada.v1.ResolveDiceRequest.values":    maxDiceCount,
	"ashtapada.v1.PerftRequest.rolls":           maxRolls,
	"ashtapada.v1.ApplyMovesRequest.moves":      maxActions,
	"ashtapada.v1.ExportGameRequest.actions":    maxActions,
	"ashtapada.v1.ImportGameRequest.record":     record.MaxBytes,
	"ashtapada.v1.ReviewGameRequest.record":     record.MaxBytes,
	"ashtapada.v1.ReviewGameRequest.moves":      maxReviewActions,
	"ashtapada.v1.GameHistory.keys":             maxHistory,
	"ashtapada.v1.GameHistory.actions":          maxHistory,
	"ashtapada.v1.StartPositionRequest.options": maxListLen,
	// An answer's position may be sent back with its board as it stands, which requests ignore.
	"ashtapada.v1.Board.squares":      maxPieces,
	"ashtapada.v1.Board.connections":  4 * maxPieces,
	"ashtapada.v1.Region.squares":     maxPieces,
	"ashtapada.v1.SquareMark.squares": maxPieces,
}

// capReasons keep, for the fields whose size had an error reason of its own before the caps, that
// reason; every other field beyond its cap is FIELD_TOO_LARGE.
var capReasons = map[protoreflect.FullName]string{
	"ashtapada.v1.Position.text":             "INVALID_POSITION",
	"ashtapada.v1.Position.dice":             "INVALID_DICE",
	"ashtapada.v1.Action.dice":               "INVALID_DICE",
	"ashtapada.v1.DiceRoll.values":           "INVALID_DICE",
	"ashtapada.v1.ResolveDiceRequest.values": "INVALID_DICE",
	"ashtapada.v1.PerftRequest.rolls":        "INVALID_DICE",
	"ashtapada.v1.ApplyMovesRequest.moves":   "TOO_MANY_ACTIONS",
	"ashtapada.v1.ExportGameRequest.actions": "TOO_MANY_ACTIONS",
	"ashtapada.v1.ImportGameRequest.record":  "RECORD_TOO_LARGE",
	"ashtapada.v1.ReviewGameRequest.record":  "RECORD_TOO_LARGE",
	"ashtapada.v1.ReviewGameRequest.moves":   "TOO_MANY_ACTIONS",
	"ashtapada.v1.GameHistory.keys":          "HISTORY_TOO_LONG",
	"ashtapada.v1.GameHistory.actions":       "HISTORY_TOO_LONG",
}
