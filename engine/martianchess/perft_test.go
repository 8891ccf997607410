package martianchess

import (
	"context"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/internal/perfttable"
)

func TestPerftTable(t *testing.T) {
	rows, err := perfttable.Read("testdata/perft.txt", 3)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		v, ok := engine.Lookup(r[0])
		if !ok {
			t.Fatalf("unknown variant %q", r[0])
		}
		pos, err := v.Parse(r[1])
		if err != nil {
			t.Fatalf("%s: %v", r[1], err)
		}
		counts, err := perfttable.Counts(r[2])
		if err != nil {
			t.Fatal(err)
		}
		for depth, want := range counts {
			if testing.Short() && depth > 3 {
				continue
			}
			res, err := engine.Perft(context.Background(), pos, depth, engine.PerftOptions{})
			if err != nil || res.Nodes != want {
				t.Errorf("%s perft(%s, %d) = %d, %v; want %d", r[0], r[1], depth, res.Nodes, err, want)
			}
		}
	}
}
