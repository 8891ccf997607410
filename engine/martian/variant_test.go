package martian

import (
	"slices"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
)

// after parses text and plays the actions, failing the test on any error.
func after(t *testing.T, text string, actions ...string) *Position {
	t.Helper()
	pos, err := Variant.Parse(text)
	if err != nil {
		t.Fatalf("Parse(%q): %v", text, err)
	}
	for _, a := range actions {
		m, err := pos.ParseMove(a)
		if err != nil {
			t.Fatalf("after %v: ParseMove(%q) in %q: %v", actions, a, pos, err)
		}
		pos, _ = pos.Play(m)
	}
	return pos.(*Position)
}

func legal(p *Position) []string {
	var out []string
	for _, m := range p.Moves(nil) {
		out = append(out, p.Notation(m))
	}
	slices.Sort(out)
	return out
}

func mustMove(t *testing.T, p *Position, text string) engine.Move {
	t.Helper()
	m, err := p.ParseMove(text)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestStartPosition(t *testing.T) {
	pos, err := Variant.Start(nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := pos.String(); got != StartText {
		t.Errorf("start = %q, want %q", got, StartText)
	}
	s := pos.Setup()
	want := map[string]string{"a1": "raven", "b1": "paladin", "c1": "monarch", "d1": "paladin", "e1": "raven",
		"a2": "keep", "b2": "squire", "c2": "keep", "d2": "squire", "e2": "keep"}
	for _, pc := range s.Pieces {
		sq := pc.Square
		if pc.Player == "dark" {
			sq = sq[:1] + string('6'-sq[1]+'0') // mirror rank r to 6-r
		}
		if want[sq] != pc.Kind {
			t.Errorf("%s's %s on %s, want %s there", pc.Player, pc.Kind, pc.Square, want[sq])
		}
	}
	if len(s.Pieces) != 20 {
		t.Errorf("%d pieces, want 20", len(s.Pieces))
	}
	if pos.Phase() != engine.PhaseRoll || pos.ToMove() != light {
		t.Errorf("phase %v, to move %d; want roll, light", pos.Phase(), pos.ToMove())
	}
}
