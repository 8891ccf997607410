package engine

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"unicode/utf8"
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

// Positionf returns a *PositionError. Its string arguments, which are often a client's text, are
// cut to MaxQuoted bytes (see Text).
func Positionf(field, format string, args ...any) error {
	for i, a := range args {
		if s, ok := a.(string); ok && len(s) > MaxQuoted {
			args[i] = Text(s)
		}
	}
	return &PositionError{Field: field, Reason: fmt.Sprintf(format, args...)}
}

// MaxQuoted is how much of a client's text an error repeats, in bytes: no message grows with the
// input.
const MaxQuoted = 64

// Text is a client's text in an error message: formatted with %q or %s, it is cut to MaxQuoted
// bytes and its whole length said.
type Text string

func (t Text) Format(f fmt.State, verb rune) {
	s := string(t)
	cut := len(s) > MaxQuoted
	if cut {
		n := MaxQuoted
		for n > 0 && !utf8.RuneStart(s[n]) {
			n--
		}
		s = s[:n]
	}
	if verb == 'q' {
		s = strconv.Quote(s)
	}
	_, _ = io.WriteString(f, s)
	if cut {
		_, _ = io.WriteString(f, "... ("+strconv.Itoa(len(t))+" bytes)")
	}
}

// SyntaxError is an action text that is not well formed.
type SyntaxError struct {
	Text   string
	Reason string
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("malformed action %q: %s", Text(e.Text), e.Reason)
}

// IllegalError is a well-formed action that the rules do not allow in the position.
type IllegalError struct {
	Text   string
	Reason string
}

func (e *IllegalError) Error() string {
	return fmt.Sprintf("illegal action %q: %s", Text(e.Text), e.Reason)
}

// OptionError is an option that is unknown or has a bad value.
type OptionError struct {
	Name   string
	Reason string
}

func (e *OptionError) Error() string { return "option " + e.Name + ": " + e.Reason }
