package engine

import "slices"

// Game is a position with its game's earlier positions, by their keys (Hasher.Key), oldest
// first: what the rules need beyond the position to decide a draw by repetition. It decides
// that here, so that no caller applies the rule itself. A Game whose history is unknown cannot
// decide repetition: it is never drawn by it, and Checked says so.
type Game struct {
	pos   Position
	keys  []uint64
	known bool // the earlier positions are known
	owned bool // keys is this Game's own copy, not its caller's
}

// NewGame is a game at pos whose earlier positions are unknown.
func NewGame(pos Position) *Game { return &Game{pos: pos} }

// NewGameAfter is a game at pos after the positions whose keys are history, oldest first; an
// empty history is a game that starts at pos. History is not changed.
func NewGameAfter(pos Position, history []uint64) *Game {
	return &Game{pos: pos, keys: history, known: true}
}

// Position is the game's current position.
func (g *Game) Position() Position { return g.pos }

// History is the keys of the positions before the current one, oldest first, or nil when they
// are unknown. The caller must not change it.
func (g *Game) History() []uint64 { return g.keys }

// Known reports whether the game's earlier positions are known.
func (g *Game) Known() bool { return g.known }

// Repetition is how many occurrences of one position draw the game, 0 for no such rule.
func (g *Game) Repetition() int { return g.pos.Variant().Describe().Repetition }

// Checked reports whether the game's answers account for repetition: its history is known, or
// its variant has no repetition rule.
func (g *Game) Checked() bool { return g.known || g.Repetition() == 0 }

// Drawn reports whether the current position draws the game by repetition.
func (g *Game) Drawn() bool {
	return g.known && g.Repetition() > 0 && DrawnByRepetition(g.pos, g.keys)
}

// Over reports whether the game is over: finished by its rules, or drawn by repetition.
func (g *Game) Over() bool { return g.pos.Phase() == PhaseFinished || g.Drawn() }

// Outcome is the game's outcome: the position's, or a draw by repetition.
func (g *Game) Outcome() Outcome {
	if g.Drawn() {
		return RepetitionOutcome(Players(g.pos))
	}
	return g.pos.Outcome()
}

// Play plays the legal action m: the current position becomes an earlier one.
func (g *Game) Play(m Move) []Event {
	if g.known {
		if !g.owned {
			// The keys may be the caller's: copy them once before appending.
			g.keys, g.owned = slices.Clone(g.keys), true
		}
		g.keys = append(g.keys, g.pos.Key())
	}
	var events []Event
	g.pos, events = g.pos.Play(m)
	return events
}

// After is the game after the legal action m, leaving g as it is.
func (g *Game) After(m Move) (*Game, []Event) {
	next := &Game{pos: g.pos, keys: g.keys, known: g.known}
	events := next.Play(m)
	return next, events
}
