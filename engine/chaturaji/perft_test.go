package chaturaji

import (
	"context"
	"maps"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/enginetest"
	"github.com/ashtapada/ashtapada/engine/internal/perfttable"
)

type perftEntry struct {
	text   string
	rolls  [][]int
	counts map[int]uint64
}

// readPerft reads testdata/perft.txt: position | fixed rolls | depth:nodes ...
func readPerft(t testing.TB) []perftEntry {
	t.Helper()
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

// perft runs the engine's one perft, with fixed rolls at the first chance nodes of every path.
func perft(t testing.TB, p engine.Position, depth int, rolls [][]int) uint64 {
	t.Helper()
	r, err := engine.Perft(context.Background(), p, depth, engine.PerftOptions{Rolls: rolls})
	if err != nil {
		t.Fatal(err)
	}
	return r.Nodes
}

func TestPerftTable(t *testing.T) {
	for i, e := range readPerft(t) {
		t.Run("line"+strconv.Itoa(i+1), func(t *testing.T) {
			pos, err := Variant.Parse(e.text)
			if err != nil {
				t.Fatal(err)
			}
			before := *pos.(*Position)
			depths := make([]int, 0, len(e.counts))
			for d := range e.counts {
				depths = append(depths, d)
			}
			slices.Sort(depths)
			for _, depth := range depths {
				want := e.counts[depth]
				if testing.Short() && want > 200_000 {
					continue
				}
				if got := perft(t, pos, depth, e.rolls); got != want {
					t.Errorf("perft(%s, rolls %v, %d) = %d, want %d", e.text, e.rolls, depth, got, want)
				}
			}
			if *pos.(*Position) != before {
				t.Errorf("perft changed the position %s", e.text)
			}
		})
	}
}

// Perft allocates its per-ply storage and nothing per position.
func TestPerftAllocatesPerPlyOnly(t *testing.T) {
	start, _ := Variant.Start(nil)
	allocs := testing.AllocsPerRun(2, func() { perft(t, start, 4, nil) })
	if allocs > 40 {
		t.Errorf("perft 4 (10000 leaves) allocated %v times", allocs)
	}
}

// sameState reports whether two position texts are one state for Key: the turn number is a clock,
// and the quiet turns and the capture this turn ('+' after the dice) count only under max_rounds.
func sameState(a, b string) bool {
	drop := func(s string) string {
		f := strings.Fields(s)
		f[6] = ""
		if !strings.Contains(s, optMaxRounds+"=") {
			f[2] = strings.TrimSuffix(f[2], "+")
			f[5] = ""
		}
		return strings.Join(f, " ")
	}
	return drop(a) == drop(b)
}

func optionsName(opts engine.Options) string {
	if len(opts) == 0 {
		return "default"
	}
	var parts []string
	for name, v := range opts {
		parts = append(parts, name+"="+v.Format())
	}
	slices.Sort(parts)
	return strings.Join(parts, ",")
}

// TestNodeContract checks the search contract on random games under every option set, and
// engine.Perft against a walk through Play on the table's positions.
func TestNodeContract(t *testing.T) {
	for _, opts := range optionSets {
		t.Run(optionsName(opts), func(t *testing.T) {
			start, err := Variant.Start(opts)
			if err != nil {
				t.Fatal(err)
			}
			for seed := uint64(1); seed <= 3; seed++ {
				enginetest.CheckNode(t, start, 2, 600, seed, sameState)
			}
			// Most games without a round limit outlast 600 actions: a limit of two rounds brings
			// every option set to finished positions.
			limited := maps.Clone(opts)
			if limited == nil {
				limited = engine.Options{}
			}
			if _, ok := limited[optMaxRounds]; !ok {
				limited[optMaxRounds] = engine.OptionValue{Kind: engine.OptionInt, Int: 2}
			}
			start, _ = Variant.Start(limited)
			enginetest.CheckNode(t, start, 6, 600, 4, sameState)
		})
	}
	for i, e := range readPerft(t) {
		if e.rolls != nil {
			continue
		}
		t.Run("perft/line"+strconv.Itoa(i+1), func(t *testing.T) {
			pos, _ := Variant.Parse(e.text)
			depth := 3
			if testing.Short() {
				depth = 2
			}
			enginetest.CheckPerft(t, pos, depth)
		})
	}
}

func BenchmarkPerft(b *testing.B) {
	start, _ := Variant.Start(nil)
	var nodes uint64
	b.ReportAllocs()
	for b.Loop() {
		nodes += perft(b, start, 5, nil)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}
