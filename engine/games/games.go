// Package games registers every game family of the engine. A program imports it for its side
// effect and then finds the variants through engine.Lookup and engine.Variants:
//
//	import _ "github.com/ashtapada/ashtapada/engine/games"
//
// Adding a game family means adding its package under engine/ and one import line here.
package games

import (
	_ "github.com/ashtapada/ashtapada/engine/chaturaji"
	_ "github.com/ashtapada/ashtapada/engine/chaturanga"
	_ "github.com/ashtapada/ashtapada/engine/coasterchaturanga"
	_ "github.com/ashtapada/ashtapada/engine/martian"
	_ "github.com/ashtapada/ashtapada/engine/martianchess"
	_ "github.com/ashtapada/ashtapada/engine/ramayana"
)
