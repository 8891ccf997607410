package coasterchaturanga

import (
	"context"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/internal/perfttable"
)

// TestPerftTable counts testdata/perft.txt through engine.Perft, enumerated and with fixed rolls.
func TestPerftTable(t *testing.T) {
	rows, err := perfttable.Read("testdata/perft.txt", 3)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		p, err := Variant.Parse(r[0])
		if err != nil {
			t.Fatalf("%s: %v", r[0], err)
		}
		rolls, err1 := perfttable.Rolls(r[1])
		counts, err2 := perfttable.Counts(r[2])
		if err1 != nil || err2 != nil {
			t.Fatalf("%s: %v %v", r[0], err1, err2)
		}
		for depth, want := range counts {
			if testing.Short() && want > 100_000 {
				continue
			}
			res, err := engine.Perft(context.Background(), p, depth, engine.PerftOptions{Rolls: rolls})
			if err != nil || res.Nodes != want {
				t.Errorf("%s rolls %s: perft %d = %d, %v; want %d", r[0], r[1], depth, res.Nodes, err, want)
			}
		}
	}
}
