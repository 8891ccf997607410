package martian

import (
	"errors"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
)

func TestMonarchCaptureEndsTheGame(t *testing.T) {
	p := after(t, "2m2/5/5/5/2R1M l - - PPSS 0 9", "roll 3 4", "c1c5")
	o := p.Outcome()
	if !o.Finished || len(o.Winners) != 1 || o.Winners[0] != light || o.Reason != "monarch_captured" {
		t.Fatalf("outcome %+v, want light wins by monarch_captured", o)
	}
	if p.Phase() != engine.PhaseFinished || len(p.Moves(nil)) != 0 {
		t.Errorf("finished game still offers moves")
	}
	if _, err := p.ParseMove("end"); err != engine.ErrGameOver {
		t.Errorf("action on a finished game: %v, want ErrGameOver", err)
	}
	if back := after(t, p.String()); back.String() != p.String() {
		t.Errorf("finished position does not round-trip: %s", p)
	}
}

func TestMaxTurnsDraw(t *testing.T) {
	p, _ := Variant.Start(engine.Options{"max_turns": {Kind: engine.OptionInt, Int: 2}})
	if !strings.HasSuffix(p.String(), " max_turns=2") {
		t.Fatalf("option not in the text: %s", p)
	}
	q := after(t, p.String(), "roll 1 1", "end", "roll 1 1")
	if q.Outcome().Finished {
		t.Fatalf("finished after one turn")
	}
	q = after(t, q.String(), "end")
	if o := q.Outcome(); !o.Finished || len(o.Winners) != 0 || o.Reason != "move_limit" {
		t.Errorf("outcome %+v, want a draw by move_limit", o)
	}
}

func TestRollOutcomes(t *testing.T) {
	p, _ := Parse(StartText)
	sum := 0.0
	for _, m := range p.Moves(nil) {
		sum += p.Probability(m)
	}
	if sum != 1 {
		t.Errorf("the ten roll outcomes' probabilities sum to %v", sum)
	}
	for _, tt := range []struct {
		values []int
		want   float64
	}{{[]int{2, 2}, 1.0 / 16}, {[]int{3, 1}, 2.0 / 16}, {[]int{1, 3}, 2.0 / 16}} {
		m, err := p.RollMove(tt.values)
		if err != nil {
			t.Fatalf("RollMove(%v): %v", tt.values, err)
		}
		if got := p.Probability(m); got != tt.want {
			t.Errorf("Probability(roll %v) = %v, want %v", tt.values, got, tt.want)
		}
	}
	a, _ := p.RollMove([]int{3, 1})
	b, _ := p.RollMove([]int{1, 3})
	if a != b || p.Notation(a) != "roll 1 3" {
		t.Errorf("RollMove(3, 1) = %s and RollMove(1, 3) = %s; want both roll 1 3", p.Notation(a), p.Notation(b))
	}
	if got := p.Probability(endMove); got != 1 {
		t.Errorf("an action that is not a roll has probability %v, want 1", got)
	}
	for _, values := range [][]int{nil, {1}, {1, 2, 3}, {0, 2}, {5, 1}, {2, -1}} {
		if _, err := p.RollMove(values); !errors.As(err, new(*engine.SyntaxError)) {
			t.Errorf("RollMove(%v): err %v, want a SyntaxError", values, err)
		}
	}
	// Fixed rolls are taken in action phases too: perft asks the root once for all of them.
	q := after(t, StartText, "roll 2 4")
	if m, err := q.RollMove([]int{4, 2}); err != nil || m != rollMove(2, 4) {
		t.Errorf("RollMove(4, 2) in the action phase: %v, %v", m, err)
	}
}

func TestUtility(t *testing.T) {
	u := make([]float64, 2)
	tests := []struct {
		name, pos string
		actions   []string
		over      bool
		want      [2]float64
	}{
		{"game on", StartText, nil, false, [2]float64{}},
		{"light takes the monarch", "2m2/5/5/5/2R1M l - - PPSS 0 9", []string{"roll 3 4", "c1c5"}, true, [2]float64{1, -1}},
		{"dark takes the monarch", "2m2/5/5/5/2M1R d - - pps 0 9", []string{"roll 1 4", "c5c1"}, true, [2]float64{-1, 1}},
		{"turn limit", "2m2/5/5/5/2M1R l - - pps 1 9 max_turns=2", []string{"roll 1 4", "end"}, true, [2]float64{0, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := after(t, tt.pos, tt.actions...)
			u[0], u[1] = 9, 9
			over := p.Utility(u)
			if over != tt.over || over && [2]float64(u) != tt.want {
				t.Errorf("Utility = %v, %v; want %v, %v", over, u, tt.over, tt.want)
			}
		})
	}
}
