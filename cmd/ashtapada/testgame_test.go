//go:build !testgame

package main

import (
	"testing"

	"github.com/ashtapada/ashtapada/engine"
)

// The test-only games (testgame.go) are not in a build without the testgame tag: the production
// binary serves the games of engine/games and no other.
func TestNoTestGameByDefault(t *testing.T) {
	if _, ok := engine.Lookup("hexapawn"); ok {
		t.Fatal("hexapawn is registered in a build without -tags testgame")
	}
	if len(engine.Variants()) == 0 {
		t.Fatal("no variant registered: the check above proves nothing")
	}
}
