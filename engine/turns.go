package engine

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
		bad := c.Value < 0 || c.Value >= 1<<31
		switch c.Name {
		case "quiet_turns":
			tc.Quiet = uint32(c.Value)
		case "turn_number":
			tc.Turn = uint32(c.Value)
			bad = bad || c.Value == 0
		case "captured_this_turn":
			tc.Captured = c.Value == 1
			bad = c.Value != 0 && c.Value != 1
		default:
			return tc, Positionf("counters."+c.Name, "unknown counter, want quiet_turns, turn_number or captured_this_turn")
		}
		if bad {
			return tc, Positionf("counters."+c.Name, "value %d is out of range", c.Value)
		}
	}
	return tc, nil
}
