package chaturaji

import (
	"errors"
	"strconv"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
)

func play(t *testing.T, p *Position, actions ...string) *Position {
	t.Helper()
	var pos engine.Position = p
	for _, a := range actions {
		m, err := pos.ParseMove(a)
		if err != nil {
			t.Fatalf("ParseMove(%q) in %s: %v", a, pos, err)
		}
		pos, _ = pos.Play(m)
	}
	return pos.(*Position)
}

// readsBack checks that a position's text and structured form are accepted again.
func readsBack(t *testing.T, p *Position) {
	t.Helper()
	if _, err := Parse(p.String()); err != nil {
		t.Errorf("%s does not parse back: %v", p, err)
	}
	if _, err := Variant.FromSetup(p.Setup()); err != nil {
		t.Errorf("the setup of %s is refused: %v", p, err)
	}
}

func fieldOf(err error) string {
	var pe *engine.PositionError
	if errors.As(err, &pe) {
		return pe.Field
	}
	return ""
}

// Counters stop at engine.MaxCounter, and larger values are refused with the field at fault.
func TestCountersAtMaximum(t *testing.T) {
	max := strconv.Itoa(engine.MaxCounter)
	p := play(t, mustParse(t, StartBoard+" b - - 0,0,0,0 "+max+" "+max), "roll 2", "a1c3")
	if p.quiet != engine.MaxCounter || p.turn != engine.MaxCounter {
		t.Errorf("after a quiet turn from the maximum: quiet %d, turn %d; want both %d", p.quiet, p.turn, engine.MaxCounter)
	}
	readsBack(t, p)
	over := strconv.Itoa(engine.MaxCounter + 1)
	for _, tt := range []struct{ text, field string }{
		{StartBoard + " b - - 0,0,0,0 " + over + " 1", "quiet turns"},
		{StartBoard + " b - - 0,0,0,0 0 " + over, "turn number"},
		{StartBoard + " b - - 0,0,0,0 0 0", "turn number"},
	} {
		if _, err := Parse(tt.text); fieldOf(err) != tt.field {
			t.Errorf("Parse(%q) = %v, want an error in %s", tt.text, err, tt.field)
		}
	}
	s := p.Setup()
	for i := range s.Counters {
		if s.Counters[i].Name == "quiet_turns" {
			s.Counters[i].Value = engine.MaxCounter + 1
		}
	}
	if _, err := Variant.FromSetup(s); fieldOf(err) != "counters.quiet_turns" {
		t.Errorf("FromSetup with quiet_turns %d = %v, want an error in counters.quiet_turns", engine.MaxCounter+1, err)
	}
}

// A player's points stop at maxScore, all sources together: a capture there counts what is left,
// and the position reads back in both forms.
func TestScoreAtMaximum(t *testing.T) {
	pos := board(thronedRajas+"b1=bH c3=gB") + " b - - 99999,0,0,0 0 9"
	p := play(t, mustParse(t, pos), "roll 3", "b1c3")
	if got := p.score[black][fromCaptures]; got != maxScore {
		t.Errorf("black's capture points after taking a boat at 99999: %d, want %d", got, maxScore)
	}
	readsBack(t, p)
	// Team play: points from captures and thrones together.
	team := board(thronedRajas+"b1=bH c3=gB") + " b - - 99990t10,0,0,0 0 9 teams"
	p = play(t, mustParse(t, team), "roll 3", "b1c3")
	if got := p.score[black]; got[fromCaptures]+got[fromThrone] != maxScore {
		t.Errorf("black's points after a capture at the maximum: %v, want %d in all", got, maxScore)
	}
	readsBack(t, p)
	if _, err := Parse(board(thronedRajas) + " b - - 99990t11,0,0,0 0 9 teams"); fieldOf(err) != "scores" {
		t.Errorf("points adding up past %d: %v, want an error in scores", maxScore, err)
	}
}
