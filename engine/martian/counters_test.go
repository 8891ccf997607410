package martian

import (
	"errors"
	"strconv"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
)

// Counters stop at engine.MaxCounter: a turn ended there neither wraps nor writes a text that
// fails to parse, and larger values are refused with the field at fault.
func TestCountersAtMaximum(t *testing.T) {
	max := strconv.Itoa(engine.MaxCounter)
	p := after(t, "2m2/5/5/5/2M2 l - - PPRRSS "+max+" "+max, "roll 1 1", "end")
	if p.quiet != engine.MaxCounter || p.turn != engine.MaxCounter {
		t.Errorf("after a quiet turn from the maximum: quiet %d, turn %d; want both %d", p.quiet, p.turn, engine.MaxCounter)
	}
	if _, err := Parse(p.String()); err != nil {
		t.Errorf("%s does not parse back: %v", p, err)
	}
	if _, err := Variant.FromSetup(p.Setup()); err != nil {
		t.Errorf("the setup of %s is refused: %v", p, err)
	}
	over := strconv.Itoa(engine.MaxCounter + 1)
	for _, tt := range []struct{ text, field string }{
		{"2m2/5/5/5/2M2 l - - PPRRSS " + over + " 1", "quiet turns"},
		{"2m2/5/5/5/2M2 l - - PPRRSS 0 " + over, "turn number"},
		{"2m2/5/5/5/2M2 l - - PPRRSS 4294967295 4294967295", "quiet turns"},
		{"2m2/5/5/5/2M2 l - - PPRRSS 0 0", "turn number"},
	} {
		_, err := Parse(tt.text)
		var pe *engine.PositionError
		if !errors.As(err, &pe) || pe.Field != tt.field {
			t.Errorf("Parse(%q) = %v, want an error in %s", tt.text, err, tt.field)
		}
	}
	s := p.Setup()
	for i := range s.Counters {
		if s.Counters[i].Name == "turn_number" {
			s.Counters[i].Value = engine.MaxCounter + 1
		}
	}
	_, err := Variant.FromSetup(s)
	var pe *engine.PositionError
	if !errors.As(err, &pe) || pe.Field != "counters.turn_number" {
		t.Errorf("FromSetup with turn_number %d = %v, want an error in counters.turn_number", engine.MaxCounter+1, err)
	}
}
