package ramayana

import (
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/enginetest"
)

// withoutCounters drops the quiet plies and the move number, which the key leaves out.
func withoutCounters(a, b string) bool {
	cut := func(s string) string { f := strings.Fields(s); return strings.Join(f[:len(f)-2], " ") }
	return cut(a) == cut(b)
}

func TestNodeContract(t *testing.T) {
	start, err := Variant.Start(nil)
	if err != nil {
		t.Fatal(err)
	}
	games := 20
	if testing.Short() {
		games = 4
	}
	enginetest.CheckNode(t, start, games, 120, 3, withoutCounters)
	enginetest.CheckPerft(t, start, 3)
}

func TestSetupRoundTrip(t *testing.T) {
	for _, text := range []string{StartText, "10/5r4/10/9m/10/10/10/1K8/8K1/10/10/4M5/10/10/4R5/10 r 7 12",
		"3+Rw5/10/10/10/1=U8/10/10/1K8/8K1/10/10/10/10/4+u5/4r5/10 y 0 30"} {
		p, err := Variant.Parse(text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		q, err := Variant.FromSetup(p.Setup())
		if err != nil || q.String() != text {
			t.Errorf("%s: setup gives %v, %v", text, q, err)
		}
	}
}

func TestPlayEvents(t *testing.T) {
	p := build(t, "y", map[string]string{"e2": "R", "f15": "r", "e3": "M", "e5": "K", "i8": "K", "j13": "m"})
	_, ev := p.Play(mustMove(t, p, "e3e5"))
	var names []string
	for _, e := range ev {
		names = append(names, e.Name+" "+e.Square)
	}
	if strings.Join(names, ",") != "capture e5,respawn b9" {
		t.Errorf("events %v", names)
	}
	var _ engine.Position = p
}
