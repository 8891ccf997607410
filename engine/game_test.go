package engine_test

import (
	"testing"

	"github.com/ashtapada/ashtapada/engine"
	_ "github.com/ashtapada/ashtapada/engine/games"
)

// A game decides repetition from its history: chaturanga's knights out and back twice make the
// start occur a third time, a draw; without a history it cannot tell, and says so.
func TestGameRepetition(t *testing.T) {
	v, ok := engine.Lookup("chaturanga")
	if !ok {
		t.Fatal("chaturanga is not registered")
	}
	start, err := v.Start(nil)
	if err != nil {
		t.Fatal(err)
	}
	shuffle := []string{"g1f3", "g8f6", "f3g1", "f6g8"}
	known := engine.NewGameAfter(start, nil)
	unknown := engine.NewGame(start)
	for round := range 2 {
		for _, a := range shuffle {
			if known.Drawn() {
				t.Fatalf("drawn before %s in round %d", a, round)
			}
			m, err := known.Position().ParseMove(a)
			if err != nil {
				t.Fatal(err)
			}
			pos, n := known.Position(), len(known.History())
			next, _ := known.After(m)
			if known.Position() != pos || len(known.History()) != n || len(next.History()) != n+1 || next.Position().String() == pos.String() {
				t.Fatal("After changed the game it was asked of, or did not play")
			}
			known.Play(m)
			unknown.Play(m)
		}
	}
	if !known.Drawn() || !known.Over() || known.Outcome().Reason != engine.ReasonRepetition || len(known.Outcome().Winners) != 0 || !known.Checked() {
		t.Errorf("the start a third time: drawn %v, outcome %+v", known.Drawn(), known.Outcome())
	}
	if unknown.Drawn() || unknown.Checked() || unknown.History() != nil || unknown.Outcome().Finished {
		t.Errorf("without a history: drawn %v, checked %v", unknown.Drawn(), unknown.Checked())
	}
	if len(known.History()) != 2*len(shuffle) {
		t.Errorf("%d keys of earlier positions, want %d", len(known.History()), 2*len(shuffle))
	}
}
