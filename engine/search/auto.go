package search

import (
	"github.com/ashtapada/ashtapada/engine"
)

// autoKey names a game for Auto: the variant and its number of sides.
type autoKey struct {
	variant string
	sides   int
}

// playoutTable is the playout length (mctsSettings.playout) of the games where matches at 20 ms a
// move found another than mctsDefaults' stronger; doc.go has the matches.
var playoutTable = map[autoKey]int{
	{"chaturaji", 4}:                  30,
	{"martian_coaster_chaturanga", 4}: 0, // to the end (MCTS; MCTSGreedy: firstChancePlayout)
}

// autoTable is what Auto runs where matches at equal time found an algorithm stronger than
// AlphaBeta (two sides) or Paranoid (more); doc.go has the matches.
var autoTable = map[autoKey]Algorithm{
	{"chaturaji", 4}:                  MCTSGreedy,
	{"coaster_chess", 4}:              MCTS,
	{"martian_chess", 4}:              MCTSGreedy,
	{"martian_chaturaji", 2}:          MCTS,
	{"martian_chaturanga", 2}:         MCTS,
	{"martian_coaster_chaturanga", 4}: MCTSGreedy,
}

// autoAlgorithm is the algorithm opts ask for at root, with Auto looked up in autoTable. A search
// bounded by depth keeps Auto, which runs AlphaBeta or Paranoid.
func autoAlgorithm(root engine.Position, opts Options) Algorithm {
	if opts.Algorithm != Auto || root == nil || opts.Depth > 0 {
		return opts.Algorithm
	}
	players := engine.Players(root)
	if players < 1 || players > engine.MaxPlayers {
		return Auto
	}
	sides, err := sidesOf(root, players)
	if err != nil {
		return Auto
	}
	if a, ok := autoTable[autoKey{root.Variant().Describe().Name, distinctSides(sides, players)}]; ok {
		return a
	}
	return Auto
}
