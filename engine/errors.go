package engine

import (
	"errors"
	"fmt"
)

// ErrGameOver is returned for an action or roll on a finished game.
var ErrGameOver = errors.New("the game is over")

// ErrNotRollPhase is returned when dice are given to a position that does not wait for them.
var ErrNotRollPhase = errors.New("the position does not wait for a dice roll")

// PositionError says precisely what is wrong with a position given by a client.
type PositionError struct {
	Field  string // the part of the position at fault: "board", "square e4", "side", "dice", ...
	Reason string
}

func (e *PositionError) Error() string { return e.Field + ": " + e.Reason }

// Positionf returns a *PositionError.
func Positionf(field, format string, args ...any) error {
	return &PositionError{Field: field, Reason: fmt.Sprintf(format, args...)}
}

// SyntaxError is an action text that is not well formed.
type SyntaxError struct {
	Text   string
	Reason string
}

func (e *SyntaxError) Error() string { return fmt.Sprintf("malformed action %q: %s", e.Text, e.Reason) }

// IllegalError is a well-formed action that the rules do not allow in the position.
type IllegalError struct {
	Text   string
	Reason string
}

func (e *IllegalError) Error() string { return fmt.Sprintf("illegal action %q: %s", e.Text, e.Reason) }

// OptionError is an option that is unknown or has a bad value.
type OptionError struct {
	Name   string
	Reason string
}

func (e *OptionError) Error() string { return "option " + e.Name + ": " + e.Reason }
