package search

import "math"

// The selective parts of the two-sided search: each prunes or reduces what a full-width search
// would look at, and each was kept because a match at equal time said it gains (see
// docs/measurements.md). They run only where the search is plain alpha-beta (two sides, no
// dice) in a game whose search hints say they gain (engine.SearchHints.Selective: chaturanga,
// Ramayana Chess and two-player Martian Chess, not Coaster Chess).

const (
	// rfpDepth and rfpMargin: reverse futility prunes a node of depth at most rfpDepth whose
	// static value stands rfpMargin pawns a ply above beta.
	rfpDepth  = 3
	rfpMargin = 1.2
	// futDepth and futMargin: futility skips the quiet actions of a node of depth at most
	// futDepth whose static value plus futMargin pawns a ply is still at most alpha.
	futDepth  = 2
	futMargin = 1.5
	// lmpDepth: late-move pruning skips the late quiet actions of a node of depth at most
	// lmpDepth, from the (3+depth²)-th action on, or twice that when improving: fewer cut
	// the mates that a king's quiet step prepares.
	lmpDepth = 6
	// seeDepth and the margins: exchange pruning skips, at depth at most seeDepth, a quiet
	// action that loses more than seeQuietMargin·depth² pawns in exchange, and a capture or
	// capture that loses more than seeCaptureMargin·depth.
	seeDepth         = 6
	seeQuietMargin   = 0.2
	seeCaptureMargin = 1.5
	// nullMarginPerPly: the null move's reduction grows by a ply for every nullMarginPerPly
	// pawns the static value stands above beta, up to three.
	nullMarginPerPly = 1.5
	// iirDepth: a node at least this deep without a move from the table is searched a ply
	// shallower.
	iirDepth = 4
	// deltaMargin: quiescence skips a capture that would leave the value this far below
	// alpha even after winning the piece.
	deltaMargin = 2.0
	// seDepth and seMargin: singular extension tests the table's move of a node at least
	// seDepth deep against the others at ttValue - seMargin·depth pawns.
	seDepth  = 8
	seMargin = 0.05
	// historyPerPly is the history that takes one ply off (or, negative, adds one to) a late
	// action's reduction.
	historyPerPly = historyMax / 3
	// aspirationDelta is the half-width of the first aspiration window, in pawns; it doubles on
	// every failure, and past aspirationWide the window is open.
	aspirationDelta = 0.25
	aspirationWide  = 8
)

// lmrTable holds the late-move reductions by depth and move number: about ln(depth)·ln(number)/2,
// as in Stockfish, so that the later an action comes and the deeper the node, the less it is
// believed to matter.
var lmrTable = func() (t [MaxDepth + 1][64]int8) {
	for d := 1; d <= MaxDepth; d++ {
		for i := 1; i < 64; i++ {
			t[d][i] = int8(0.5 + math.Log(float64(d))*math.Log(float64(i))/2)
		}
	}
	return t
}()

func lmrReduction(depth, i int) int {
	return int(lmrTable[min(depth, MaxDepth)][min(i, 63)])
}
