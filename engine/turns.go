package engine

import (
	"math"
	"strconv"
)

// MaxCounter is the largest value of a position's counters (turn and move numbers, quiet-turn and
// halfmove clocks): the largest int32, which every client can hold. Play never takes a counter
// past it: a counter at MaxCounter stays there, so a position played on from the maximum still
// reads back. Parsers reject larger values.
const MaxCounter = math.MaxInt32

// CountOn returns n+1, or n when n is already at MaxCounter.
func CountOn(n uint32) uint32 {
	if n >= MaxCounter {
		return MaxCounter
	}
	return n + 1
}

// ParseCounter reads a counter of a position's text, from min (0 or 1) to MaxCounter.
func ParseCounter(field, s string, min uint32) (uint32, error) {
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil || n < uint64(min) || n > MaxCounter {
		return 0, Positionf(field, "want a number from %d to %d, got %q", min, MaxCounter, s)
	}
	return uint32(n), nil
}

// TurnCounters are the counters of the dice variants: completed turns without a capture, the turn
// number, and whether the turn in progress has captured.
type TurnCounters struct {
	Quiet, Turn uint32
	Captured    bool
}

// Counters returns the counters in structured form.
func (tc TurnCounters) Counters() []Counter {
	captured := int64(0)
	if tc.Captured {
		captured = 1
	}
	return []Counter{{Name: "quiet_turns", Value: int64(tc.Quiet)}, {Name: "turn_number", Value: int64(tc.Turn)},
		{Name: "captured_this_turn", Value: captured}}
}

// ReadTurnCounters reads the counters of a structured position; the turn number defaults to 1.
func ReadTurnCounters(cs []Counter) (TurnCounters, error) {
	tc := TurnCounters{Turn: 1}
	for _, c := range cs {
		lo, hi := int64(0), int64(MaxCounter)
		switch c.Name {
		case "quiet_turns":
			tc.Quiet = uint32(c.Value)
		case "turn_number":
			tc.Turn = uint32(c.Value)
			lo = 1
		case "captured_this_turn":
			tc.Captured = c.Value == 1
			hi = 1
		default:
			return tc, Positionf("counters."+c.Name, "unknown counter, want quiet_turns, turn_number or captured_this_turn")
		}
		if c.Value < lo || c.Value > hi {
			return tc, Positionf("counters."+c.Name, "want a value from %d to %d, got %d", lo, hi, c.Value)
		}
	}
	return tc, nil
}
