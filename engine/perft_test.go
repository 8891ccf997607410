package engine_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
	_ "github.com/ashtapada/ashtapada/engine/games"
)

// Fixed rolls must fit the game's dice: one value per die, each a face that counts, and none in a
// game without dice.
func TestPerftRolls(t *testing.T) {
	const (
		martianStart   = "rpmpr/ksksk/5/KSKSK/RPMPR l - AEae - 0 1"
		chaturajiBoard = "gB,gPb,2,rK,rE,rH,rB/gH,gPh,2,rPk,rPe,rPh,rPb/gE,gPe,6/gK,gPk,6/6,yPk,yK/6,yPe,yE/bPb,bPh,bPe,bPk,2,yPh,yH/bB,bH,bE,bK,2,yPb,yB"
	)
	tests := []struct {
		variant, text string
		rolls         [][]int
		index         int    // of the roll at fault; -2 when the rolls are fine
		reason        string // a part of the reason
	}{
		{"martian_chaturanga", martianStart, [][]int{{2, 4}}, -2, ""},
		{"martian_chaturanga", martianStart, [][]int{{100, 200}}, 0, "value 1 is 100, not a face of a d4 (1, 2, 3, 4)"},
		{"martian_chaturanga", martianStart, [][]int{{1, 2}, {4, 0}}, 1, "value 2 is 0"},
		{"martian_chaturanga", martianStart, [][]int{{1, 2}, {1, 2, 3}}, 1, "want 2 values, one for each die (2 d4), got 3"},
		{"martian_chaturanga", martianStart, [][]int{{}}, 0, "want 2 values"},
		{"chaturaji", chaturajiBoard + " b - - 0,0,0,0 0 1", [][]int{{3}}, -2, ""},
		{"chaturaji", chaturajiBoard + " b - - 0,0,0,0 0 1", [][]int{{9}}, 0, "value 1 is 9, not a face of a d6_reroll (1, 2, 3, 4, 5, 6)"},
		{"chaturaji", chaturajiBoard + " b - - 0,0,0,0 0 1", [][]int{{6}}, 0, "a 1 or a 6 does not count"},
		{"chaturaji", chaturajiBoard + " b - - 0,0,0,0 0 1", [][]int{{2, 3}}, 0, "want 1 value, one for the die (1 d6_reroll), got 2"},
		{"chaturaji", chaturajiBoard + " b - - 0,0,0,0 0 1 teams dice=2", [][]int{{2, 3}, {5, 5}}, -2, ""},
		{"chaturaji", chaturajiBoard + " b - - 0,0,0,0 0 1 teams dice=2", [][]int{{2, 3}, {5}}, 1, "want 2 values"},
		{"chaturaji", chaturajiBoard + " b - - 0,0,0,0 0 1 diceless", [][]int{{3}}, -1, "played without dice"},
		{"chaturaji", chaturajiBoard + " b - - 0,0,0,0 0 1 diceless", nil, -2, ""},
		{"chaturanga", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", [][]int{{1}}, -1, "chaturanga is played without dice"},
		{"chaturanga", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", [][]int{}, -2, ""},
	}
	for _, tt := range tests {
		v, _ := engine.Lookup(tt.variant)
		p, err := v.Parse(tt.text)
		if err != nil {
			t.Fatal(err)
		}
		res, err := engine.Perft(context.Background(), p, 1, engine.PerftOptions{Rolls: tt.rolls})
		var re *engine.RollsError
		switch {
		case tt.index == -2 && (err != nil || res.Nodes == 0):
			t.Errorf("%s with rolls %v: %d nodes, %v", tt.text, tt.rolls, res.Nodes, err)
		case tt.index != -2 && (!errors.As(err, &re) || re.Index != tt.index || !strings.Contains(re.Reason, tt.reason)):
			t.Errorf("%s with rolls %v: %d nodes, %v; want roll %d refused: ...%s...", tt.text, tt.rolls, res.Nodes, err, tt.index, tt.reason)
		}
	}
}
