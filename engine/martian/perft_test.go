package martian

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/enginetest"
	"github.com/ashtapada/ashtapada/engine/internal/perfttable"
)

// perft runs the engine's one perft.
func perft(t testing.TB, p engine.Position, depth int, rolls [][]int, divide bool) engine.PerftResult {
	t.Helper()
	r, err := engine.Perft(context.Background(), p, depth, engine.PerftOptions{Rolls: rolls, Divide: divide})
	if err != nil {
		t.Fatalf("perft(%s, %d, rolls %v): %v", p, depth, rolls, err)
	}
	return r
}

func TestPerftTable(t *testing.T) {
	for _, table := range []struct {
		file string
		g    *geometry
	}{{"testdata/perft.txt", chaturanga}, {"testdata/perft_chaturaji.txt", chaturaji}} {
		rows, err := perfttable.Read(table.file, 3)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rows {
			pos, err := parse(table.g, r[0])
			if err != nil {
				t.Fatal(err)
			}
			rolls, err1 := perfttable.Rolls(r[1])
			counts, err2 := perfttable.Counts(r[2])
			if err1 != nil || err2 != nil {
				t.Fatalf("%s: %v %v", r[0], err1, err2)
			}
			before := pos
			for depth, want := range counts {
				if got := perft(t, &pos, depth, rolls, false).Nodes; got != want {
					t.Errorf("perft(%s, rolls %v, %d) = %d, want %d", r[0], rolls, depth, got, want)
				}
			}
			if pos != before {
				t.Errorf("perft changed the position %s", r[0])
			}
		}
	}
}

// Divide splits the same count as the plain run, also when the first chance node takes a fixed
// roll: from the start with the roll 2 4, depth 1 is 7 (every roll there would give 42).
func TestPerftDivideWithFixedRolls(t *testing.T) {
	start, _ := Variant.Start(nil)
	for _, tt := range []struct {
		rolls [][]int
		depth int
		want  uint64
	}{
		{[][]int{{2, 4}}, 1, 7},
		{[][]int{{2, 4}, {2, 3}}, 2, 31},
		{nil, 2, 536},
	} {
		t.Run(fmt.Sprint(tt.rolls, tt.depth), func(t *testing.T) {
			if got := perft(t, start, tt.depth, tt.rolls, false).Nodes; got != tt.want {
				t.Errorf("perft %d = %d, want %d", tt.depth, got, tt.want)
			}
			div := perft(t, start, tt.depth, tt.rolls, true)
			var sum uint64
			for _, d := range div.Divide {
				sum += d.Nodes
			}
			if sum != div.Nodes {
				t.Errorf("divided perft %d = %d, but its entries sum to %d", tt.depth, div.Nodes, sum)
			}
			if div.Nodes != tt.want {
				t.Errorf("divided perft %d = %d, want %d", tt.depth, div.Nodes, tt.want)
			}
		})
	}
}

// stateOf is what the key of a position text covers: the turn number dropped, the quiet-turn
// clock reduced to the turns left under a limit (and dropped without one, with the capture flag),
// and the dice in a fixed order.
func stateOf(t *testing.T, g *geometry, text string) Position {
	t.Helper()
	p, err := parse(g, text)
	if err != nil {
		t.Fatalf("Parse(%q): %v", text, err)
	}
	p.turn, p.key = 0, 0
	if p.maxTurns == 0 {
		p.quiet, p.capturedThisTurn = 0, false
	} else {
		p.maxTurns, p.quiet = p.maxTurns-min(p.quiet, p.maxTurns)+1, 1
	}
	if dieState(p.dice[0]) > dieState(p.dice[1]) {
		p.dice[0], p.dice[1] = p.dice[1], p.dice[0]
	}
	return p
}

func TestNodeContract(t *testing.T) {
	sameState := func(a, b string) bool { return stateOf(t, chaturanga, a) == stateOf(t, chaturanga, b) }
	for _, tt := range []struct {
		name  string
		opts  engine.Options
		games int
	}{
		{"unlimited", nil, 30},
		{"max_turns=6", engine.Options{maxTurnsOption: {Kind: engine.OptionInt, Int: 6}}, 60},
	} {
		t.Run(tt.name, func(t *testing.T) {
			start, err := Variant.Start(tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			for seed := uint64(1); seed <= 4; seed++ {
				enginetest.CheckNode(t, start, tt.games, 400, seed, sameState)
			}
			enginetest.CheckPerft(t, start, 3)
		})
	}
	for _, text := range []string{
		"r1mpr/ksksk/p4/KSKSK/R1MPR l 1m,3r AEae - 0 3",
		"4m/1S3/5/5/2M2 l 4s,1m - PRp 0 9",
		"2m2/5/1p3/3S1/R1M1P d 2p,2p+ - RSs 2 20 max_turns=3",
	} {
		p, err := Variant.Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		enginetest.CheckPerft(t, p, 3)
	}
}

// benchStarts are the two games' starts, with the depth their perft benchmark counts to.
var benchStarts = []struct {
	name  string
	v     engine.Variant
	depth int
}{{"martian_chaturanga", Variant, 4}, {"martian_chaturaji", ChaturajiVariant, 4}}

// BenchmarkPerft counts perft with chance nodes from each start: leaves per second (the last ply
// counted, not played) and positions played per second.
func BenchmarkPerft(b *testing.B) {
	for _, s := range benchStarts {
		b.Run(s.name, func(b *testing.B) {
			start, _ := s.v.Start(nil)
			var nodes, visited uint64
			b.ReportAllocs()
			for b.Loop() {
				r := perft(b, start, s.depth, nil, false)
				nodes += r.Nodes
				visited += r.Visited
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
			b.ReportMetric(float64(visited)/b.Elapsed().Seconds(), "visited/s")
		})
	}
}

// BenchmarkPlayout plays uniformly random games from the start, rolls included, through PlayInto
// with no allocation, until the end or 2000 actions: actions per second.
func BenchmarkPlayout(b *testing.B) {
	for _, s := range benchStarts {
		b.Run(s.name, func(b *testing.B) {
			start, _ := s.v.Start(nil)
			root := start.(*Position)
			rng := rand.New(rand.NewPCG(1, 2))
			var buf [engine.MaxMoves]engine.Move
			var a, c Position
			actions := 0
			b.ReportAllocs()
			for b.Loop() {
				a = *root
				for range 2000 {
					moves := a.Moves(buf[:0])
					if len(moves) == 0 {
						break
					}
					a.play(moves[rng.IntN(len(moves))], &c)
					a = c
					actions++
				}
			}
			b.ReportMetric(float64(actions)/b.Elapsed().Seconds(), "actions/s")
		})
	}
}
