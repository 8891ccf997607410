package engine

import "testing"

// TestProvenIn checks which values read as proven results: a whole number of actions from
// WinValue, within the bound, and with dice only a finished game.
func TestProvenIn(t *testing.T) {
	for _, c := range []struct {
		v       float64
		dice    bool
		actions int
		proven  bool
	}{
		{WinValue - 3, false, 3, true},
		{-(WinValue - 4), false, -4, true},
		{WinValue, false, 0, true},
		{-WinValue, true, 0, true},
		{WinValue - 3, true, 0, false},     // an average over rolls
		{WinValue - 2.5, false, 0, false},  // not a whole number of actions
		{WinValue - 1001, false, 0, false}, // beyond the bound
		{9487, true, 0, false},             // an expected result of chances
		{WinValue + 1, false, 0, false},    // beyond a win
		{1.5, false, 0, false},
	} {
		if actions, proven := ProvenIn(c.v, c.dice); actions != c.actions || proven != c.proven {
			t.Errorf("ProvenIn(%v, dice %v) = %d, %v; want %d, %v", c.v, c.dice, actions, proven, c.actions, c.proven)
		}
	}
}
