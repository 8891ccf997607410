package chaturaji

import (
	"testing"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/internal/perfttable"
)

type perftEntry struct {
	text   string
	rolls  [][]int
	counts map[int]uint64
}

func readPerft(t testing.TB) []perftEntry {
	rows, err := perfttable.Read("testdata/perft.txt", 3)
	if err != nil {
		t.Fatal(err)
	}
	var out []perftEntry
	for _, r := range rows {
		rolls, err1 := perfttable.Rolls(r[1])
		counts, err2 := perfttable.Counts(r[2])
		if err1 != nil || err2 != nil {
			t.Fatalf("%s: %v %v", r[0], err1, err2)
		}
		out = append(out, perftEntry{text: r[0], rolls: rolls, counts: counts})
	}
	return out
}

func TestPerftTable(t *testing.T) {
	for _, e := range readPerft(t) {
		pos, err := Variant.Parse(e.text)
		if err != nil {
			t.Fatal(err)
		}
		for depth, want := range e.counts {
			if testing.Short() && want > 200_000 {
				continue
			}
			if got := pos.Perft(depth, e.rolls); got != want {
				t.Errorf("perft(%s, rolls %v, %d) = %d, want %d", e.text, e.rolls, depth, got, want)
			}
		}
	}
}

// The fast internal perft agrees with a walk through the engine interface on every table position.
func TestPerftThroughInterface(t *testing.T) {
	for _, e := range readPerft(t) {
		if e.rolls != nil {
			continue
		}
		pos, _ := Variant.Parse(e.text)
		if got, want := engine.WalkPerft(pos, 3), pos.Perft(3, nil); got != want {
			t.Errorf("%s: walk = %d, perft = %d", e.text, got, want)
		}
	}
}
