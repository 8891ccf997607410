//go:build testgame

// The test-only games, served only by a binary built with -tags testgame (the playground's and
// the examples' tests of a new game): one import line each.
package main

import _ "github.com/ashtapada/ashtapada/engine/enginetest/hexapawn"
