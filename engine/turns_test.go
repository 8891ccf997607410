package engine

import (
	"errors"
	"strconv"
	"testing"
)

func TestCounters(t *testing.T) {
	if got := CountOn(MaxCounter - 1); got != MaxCounter {
		t.Errorf("CountOn(MaxCounter-1) = %d", got)
	}
	if got := CountOn(MaxCounter); got != MaxCounter {
		t.Errorf("CountOn(MaxCounter) = %d, want it to stay at %d", got, MaxCounter)
	}
	for _, tt := range []struct {
		text string
		min  uint32
		ok   bool
	}{{"0", 0, true}, {"0", 1, false}, {strconv.Itoa(MaxCounter), 1, true}, {strconv.Itoa(MaxCounter + 1), 0, false},
		{"4294967296", 0, false}, {"-1", 0, false}, {"x", 0, false}} {
		n, err := ParseCounter("turn number", tt.text, tt.min)
		var pe *PositionError
		switch {
		case tt.ok && (err != nil || strconv.Itoa(int(n)) != tt.text):
			t.Errorf("ParseCounter(%q) = %d, %v", tt.text, n, err)
		case !tt.ok && (!errors.As(err, &pe) || pe.Field != "turn number"):
			t.Errorf("ParseCounter(%q, min %d) = %d, %v; want an error in turn number", tt.text, tt.min, n, err)
		}
	}
	for _, tt := range []struct {
		c  Counter
		ok bool
	}{{Counter{"turn_number", MaxCounter}, true}, {Counter{"turn_number", MaxCounter + 1}, false}, {Counter{"turn_number", 0}, false},
		{Counter{"quiet_turns", MaxCounter}, true}, {Counter{"quiet_turns", -1}, false}, {Counter{"captured_this_turn", 2}, false}} {
		_, err := ReadTurnCounters([]Counter{tt.c})
		if (err == nil) != tt.ok {
			t.Errorf("ReadTurnCounters(%v) = %v, want ok %v", tt.c, err, tt.ok)
		}
	}
}
