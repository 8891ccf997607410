package chaturanga

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/enginetest"
	"github.com/ashtapada/ashtapada/engine/internal/perfttable"
)

type perftCase struct {
	fen    string
	counts map[int]uint64
	moves  []string
}

// readPerftTable reads testdata/perft.txt: FEN | depth:nodes ... | legal moves.
func readPerftTable(t testing.TB) []perftCase {
	t.Helper()
	rows, err := perfttable.Read("testdata/perft.txt", 3)
	if err != nil {
		t.Fatal(err)
	}
	var cases []perftCase
	for _, r := range rows {
		counts, err := perfttable.Counts(r[1])
		if err != nil {
			t.Fatalf("%s: %v", r[0], err)
		}
		cases = append(cases, perftCase{fen: r[0], counts: counts, moves: strings.Fields(r[2])})
	}
	return cases
}

func TestPerftMatchesFairyStockfish(t *testing.T) {
	for _, c := range readPerftTable(t) {
		p, err := Parse(c.fen)
		if err != nil {
			t.Fatalf("Parse(%q): %v", c.fen, err)
		}
		before := p
		for depth := 1; depth <= 6; depth++ {
			want, ok := c.counts[depth]
			if !ok || (testing.Short() && want > 2_000_000) {
				continue
			}
			if got := perft(t, &p, depth); got != want {
				t.Errorf("perft(%q, %d) = %d, want %d", c.fen, depth, got, want)
			}
		}
		if p != before {
			t.Errorf("perft changed the position %q", c.fen)
		}
	}
}

func TestMovesMatchFairyStockfishDivide(t *testing.T) {
	for _, c := range readPerftTable(t) {
		p, _ := Parse(c.fen)
		var got []string
		for _, m := range p.Moves(nil) {
			got = append(got, p.Notation(m))
		}
		slices.Sort(got)
		if !slices.Equal(got, c.moves) {
			t.Errorf("moves of %q:\n got %v\nwant %v", c.fen, got, c.moves)
		}
	}
}

// Every legal move's notation parses back to the same move.
func TestNotationRoundTrip(t *testing.T) {
	for _, c := range readPerftTable(t) {
		p, _ := Parse(c.fen)
		for _, m := range p.Moves(nil) {
			back, err := p.ParseMove(p.Notation(m))
			if err != nil || back != m {
				t.Errorf("%q: ParseMove(%q) = %v, %v; want %v", c.fen, p.Notation(m), back, err, m)
			}
		}
	}
}

// perft runs the engine's one perft.
func perft(t testing.TB, p *Position, depth int) uint64 {
	t.Helper()
	r, err := engine.Perft(context.Background(), p, depth, engine.PerftOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return r.Nodes
}

func BenchmarkPerft5(b *testing.B) {
	p := New()
	var nodes uint64
	b.ReportAllocs()
	for b.Loop() {
		nodes += perft(b, &p, 5)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

func TestNodeContract(t *testing.T) {
	start := New()
	// Keys leave out the clocks: positions are the same state when board and side agree.
	sameState := func(a, b string) bool {
		return strings.Join(strings.Fields(a)[:2], " ") == strings.Join(strings.Fields(b)[:2], " ")
	}
	enginetest.CheckNode(t, &start, 20, 300, 1, sameState)
	enginetest.CheckPerft(t, &start, 3)
}

// hasLegal agrees with countLegal over every position three plies from those of perft.txt and
// along random games to their end (checkmates and stalemates included).
func TestHasLegal(t *testing.T) {
	seen, stuck := 0, 0
	var walk func(p *Position, depth int)
	walk = func(p *Position, depth int) {
		seen++
		if want := p.countLegal() > 0; p.hasLegal() != want {
			t.Fatalf("%s: hasLegal %v, countLegal %d", p.FEN(), !want, p.countLegal())
		}
		if p.countLegal() == 0 {
			stuck++
		}
		if depth == 0 {
			return
		}
		for _, m := range p.generate(nil) {
			var child Position
			p.play(m, &child)
			walk(&child, depth-1)
		}
	}
	for _, c := range readPerftTable(t) {
		p, err := Parse(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		walk(&p, 3)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 200 {
		p, _ := Parse(StartFEN)
		for {
			walk(&p, 0)
			moves := p.generate(nil)
			if len(moves) == 0 || p.halfmove >= drawPlies {
				break
			}
			var child Position
			p.play(moves[rng.IntN(len(moves))], &child)
			p = child
		}
	}
	if stuck == 0 {
		t.Errorf("none of %d positions was without a move", seen)
	}
	t.Logf("%d positions, %d without a move", seen, stuck)
}
