// Package martianchess implements Andrew Looney's Martian Chess (martian_chess) and Coaster Chess
// (coaster_chess, seed 002), one set of rules on two geometries: a rectangular board cut into
// zones by canals, and four Martian Coasters whose arrows the pieces follow. Pieces have no
// colour; a player moves whatever stands in his zone, captures into his pile and scores its pips.
// Both games take 2 or 4 players (option players) and, with four, team play (option teams).
//
// The rules see a board only through a geometry (geometry.go): each square's zone and, for each
// kind of piece, the paths it may travel with the squares they pass. The coaster paths come from
// the layout's step graph in package coaster, built once per layout.
package martianchess
