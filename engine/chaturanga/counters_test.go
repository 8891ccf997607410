package chaturanga

import (
	"errors"
	"strconv"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
)

func fieldOf(err error) string {
	var pe *engine.PositionError
	if errors.As(err, &pe) {
		return pe.Field
	}
	return ""
}

// The fullmove number stops at engine.MaxCounter; the halfmove clock never passes the 140 plies
// that draw the game. Larger values are refused with the field at fault.
func TestCountersAtMaximum(t *testing.T) {
	max := strconv.Itoa(engine.MaxCounter)
	p, err := Parse("4k3/8/8/8/8/8/8/R3K3 b - - 139 " + max)
	if err != nil {
		t.Fatal(err)
	}
	m, err := p.ParseMove("e8d7")
	if err != nil {
		t.Fatal(err)
	}
	next, _ := p.Play(m)
	c := next.(*Position)
	if c.fullmove != engine.MaxCounter || c.halfmove != drawPlies {
		t.Errorf("after black's move at the maximum: %s, want fullmove %d and halfmove %d", c.FEN(), engine.MaxCounter, drawPlies)
	}
	if _, err := Parse(c.FEN()); err != nil {
		t.Errorf("%s does not parse back: %v", c.FEN(), err)
	}
	if _, err := Variant.FromSetup(c.Setup()); err != nil {
		t.Errorf("the setup of %s is refused: %v", c.FEN(), err)
	}
	if n := len(c.Moves(nil)); n != 0 {
		t.Errorf("%s is drawn but offers %d moves", c.FEN(), n)
	}
	over := strconv.Itoa(engine.MaxCounter + 1)
	for _, tt := range []struct{ fen, field string }{
		{"4k3/8/8/8/8/8/8/R3K3 b - - 0 " + over, "fullmove number"},
		{"4k3/8/8/8/8/8/8/R3K3 b - - 0 4294967295", "fullmove number"},
		{"4k3/8/8/8/8/8/8/R3K3 b - - 141 1", "halfmove clock"},
	} {
		if _, err := Parse(tt.fen); fieldOf(err) != tt.field {
			t.Errorf("Parse(%q) = %v, want an error in %s", tt.fen, err, tt.field)
		}
	}
	for _, tt := range []struct {
		name  string
		value int64
	}{{"fullmove_number", engine.MaxCounter + 1}, {"fullmove_number", 0}, {"halfmove_clock", drawPlies + 1}, {"halfmove_clock", -1}} {
		s := c.Setup()
		for i := range s.Counters {
			if s.Counters[i].Name == tt.name {
				s.Counters[i].Value = tt.value
			}
		}
		if _, err := Variant.FromSetup(s); fieldOf(err) != "counters."+tt.name {
			t.Errorf("FromSetup with %s %d = %v, want an error in counters.%s", tt.name, tt.value, err, tt.name)
		}
	}
}
