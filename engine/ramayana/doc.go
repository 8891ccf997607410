// Package ramayana implements Ramayana Chess (seed 003, Luiz Campos, 2002): two players, yellow
// and red, and two neutral Rakshasas on an 84-square board of India and islands.
//
// The seed's board picture is lost; the board (layout.go), the set-up (StartText) and the
// pieces' Betza atoms (variant.go) are the project's reconstruction, kept as data so that the
// true layout can replace it in one place.
//
// Position notation: ranks 16 to 1 separated by '/', each over all ten files a-j, digits (one or
// two) counting empty or ocean cells; letters R Rajah, +R Maharajah, B Brahmin, W Swami,
// D Devapala, Y Yavana, M Muni, I Singh, H Shikari, U Untouchable, =U dropped Untouchable,
// +U Buddha (upper case yellow, lower case red), K Rakshasa (neutral); then the side to move
// (y or r), the plies without a capture or Untouchable move, and the move number.
//
// Actions: d3d4; d15d16@b12 (drop); d15d16=buddha; b9e12^a8 (Rakshasa move paid by a8).
//
// Move generation allocates nothing and tests legality on the position after the whole action
// (capture, drop, the payer's removal, respawn); illegal actions are explained in the player's
// words (reasons.go). Threefold repetition is the engine's (Description.Repetition, with the
// game's history); the key leaves the counters out so that repeated positions share it.
//
// ref_test.go holds a second, naive move generator written from the rules alone; random games
// and the perft table are checked against it.
package ramayana
