package search

import (
	"github.com/ashtapada/ashtapada/engine"
)

// hints are the variant's search hints for the number of sides playing at root.
func hints(root engine.Position, sides int) engine.SideHints {
	return root.Variant().Describe().Search.BySides[sides]
}

// autoAlgorithm is the algorithm opts ask for at root, with Auto read from the variant's search
// hints (engine.SideHints.Algorithm). A search bounded by depth keeps Auto, which runs AlphaBeta
// or Paranoid.
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
	if name := hints(root, distinctSides(sides, players)).Algorithm; name != "" {
		if a, err := ParseAlgorithm(name); err == nil {
			return a
		}
	}
	return Auto
}

// AlgorithmFor is the algorithm Search runs for root with opts: Options.Algorithm, or where that
// is Auto, the one the variant's hints choose.
func AlgorithmFor(root engine.Position, opts Options) Algorithm { return autoAlgorithm(root, opts) }
