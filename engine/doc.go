// Package engine defines what every game of the Chaturanga family offers to the rules service:
// variant descriptions, positions, actions, dice, outcomes and board geometry.
//
// The engine is pure Go with no dependency outside the standard library. Each game family lives in
// its own package below engine and registers its variants in an init function, so a program that
// wants a game imports its package for the side effect:
//
//	import _ "github.com/ashtapada/ashtapada/engine/chaturanga"
//
//	v, _ := engine.Lookup("chaturanga")
//	pos, _ := v.Start(nil)
//	moves := pos.Moves(make([]engine.Move, 0, engine.MaxMoves))
//
// Positions are immutable values: Play returns a new position and leaves the receiver untouched,
// so one position may be shared by any number of goroutines.
package engine
