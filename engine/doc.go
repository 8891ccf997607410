// Package engine defines what every game of the Chaturanga family offers to the rules service and
// to search: variant descriptions, positions, actions, dice, outcomes, board geometry, and the
// allocation-free search contract.
//
// The engine is pure Go with no dependency outside the standard library. Each game family lives in
// its own package below engine and registers its variants in an init function; package games
// imports every family, so a program that wants them all imports it for the side effect:
//
//	import _ "github.com/ashtapada/ashtapada/engine/games"
//
//	v, _ := engine.Lookup("chaturanga")
//	pos, _ := v.Start(nil)
//	moves := pos.Moves(make([]engine.Move, 0, engine.MaxMoves))
//
// # Positions
//
// A Position is an immutable value: Play returns a new position and the events of the action, and
// leaves the receiver untouched, so one position may be shared by any number of goroutines. Text
// (Parse, String) and structured (FromSetup, Setup) forms round-trip, and both validate untrusted
// input fully, reporting the field at fault in a *PositionError. Counters (turn numbers, clocks)
// run to at most MaxCounter and stay there, so that every position play reaches reads back.
//
// A variant describes its actions and events as data (Description.Actions and Events): each has
// the variant's own name and one of a few generic kinds that every client understands (move,
// roll, end_turn, pass, drop, resign; capture, promotion, dice_rolled, ...). Rules particular to a
// game (Martian Chaturanga's garrison, Chaturaji's raja exchange) are of kind ActionVariant or
// EventVariant and are told apart by name, so adding a game touches only its own package and
// one import line in package games.
//
// # A game package's files
//
// Every game package keeps each part of a variant in the same file, so that a reader who knows
// one game finds their way in all (TestFileMap checks it):
//
//	variant.go    the variant: Describe, Start, its options and registration
//	position.go   the Position type: Variant, ToMove, Seats, Key and its Zobrist tables
//	notation.go   the text forms: Parse (the variant's, and the package's text parser), String,
//	              Notation, ParseMove, Action
//	setup.go      the structured form: Setup, FromSetup
//	movegen.go    Moves, CountMoves and the move generator
//	play.go       Play, PlayInto, NewNode; the dice: Dice, Roll, RollMove, Probability
//	outcome.go    Phase, Outcome, Utility
//	eval.go       Evaluate, Terms
//	tactics.go    Noisy, Gain, InCheck
//	reasons.go    why an action is illegal, in a player's words
//	board.go      BoardNow, where the board changes during play
//
// Other files hold what only that game has (chaturanga's bitboards and SAN, Ramayana's layout).
//
// # The search contract
//
// Perft, search and rollouts drive positions through the methods of Position that Player, Hasher,
// Chance and Judge name: every position of every variant offers them. Apart from NewNode and Terms
// they allocate nothing, so a searcher allocates its storage once and then visits any number of
// nodes:
//
//   - Player: NewNode returns storage of the variant's concrete type; PlayInto(m, dst) writes the
//     position after m into it (copy-make: no undo stack, and the receiver is untouched). A
//     searcher keeps one node and one move buffer per ply.
//   - Moves(buf) appends the legal actions into a caller-owned buffer of engine.MaxMoves; Phase
//     says whether the position is a decision (PhaseAction, PhaseResponse: ToMove chooses), a
//     chance node (PhaseRoll) or finished.
//   - Hasher: Key is a Zobrist hash of everything that decides the legal actions and the outcome;
//     pure clocks (move numbers) are left out, so repeated positions share a key. Variants keep it
//     up to date incrementally in PlayInto where that is cheap.
//   - Chance: at a chance node Moves lists the distinct outcomes of the dice (identical dice
//     unordered) and Probability gives each its chance: two D4 give a double 1/16 and a mixed pair
//     2/16; the Chaturaji die, thrown again on 1 and 6, gives 2, 3, 4 and 5 a quarter each.
//     RollMove turns face values into the outcome they are, for fixed-roll perft and replays.
//   - Judge: Utility reports a finished game and each player's result in [-1, +1] (two-player
//     games are zero-sum); Evaluate gives each player's static value in pawns (zero-sum for two
//     players; a finished game is its Utility times WinValue); Terms explains Evaluate for clients.
//
// Optional interfaces add what only some games have: Tactics (captures and promotions for
// quiescence search, the material an action wins for move ordering, whether the mover is in
// check) and MoveCounter (counting the last ply of perft without listing it).
//
// Perft is the one perft of the project: depth counts actions, chance nodes sum over every
// outcome or take fixed rolls, the last ply is counted without being played, and a context and a
// node budget bound it. Package search builds alpha-beta, expectimax and multi-player search and
// seeded rollouts on the same contract, and package enginetest checks any variant against it.
package engine
