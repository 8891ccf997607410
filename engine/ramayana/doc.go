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
// Implemented: the board and pieces as data, Parse/String, allocation-free move generation with
// every special rule of the rules file (drops, Buddha, Maharajah promotion, paid Rakshasa moves,
// Rakshasa check, respawn, legality judged after the whole action), the action notation,
// play, and the end of the game (checkmate and stalemate win, bare Rajah, 100 plies); the
// engine.Variant, engine.Position and engine.Node interfaces (description, structured set-up,
// events, Zobrist key, a material-only evaluation). Threefold repetition is declared
// (Description.Repetition) and left to the engine's history handling.
package ramayana
