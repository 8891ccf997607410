package chaturanga

import (
	"bufio"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
)

type perftCase struct {
	fen    string
	counts map[int]uint64
	moves  []string
}

// readPerftTable reads testdata/perft.txt: FEN | depth:nodes ... | legal moves.
func readPerftTable(t testing.TB) []perftCase {
	t.Helper()
	f, err := os.Open("testdata/perft.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []perftCase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		parts := strings.Split(line, "|")
		if len(parts) != 3 {
			t.Fatalf("bad line %q", line)
		}
		c := perftCase{fen: strings.TrimSpace(parts[0]), counts: map[int]uint64{}, moves: strings.Fields(parts[2])}
		for _, dn := range strings.Fields(parts[1]) {
			d, n, _ := strings.Cut(dn, ":")
			depth, err1 := strconv.Atoi(d)
			nodes, err2 := strconv.ParseUint(n, 10, 64)
			if err1 != nil || err2 != nil {
				t.Fatalf("bad count %q in %q", dn, line)
			}
			c.counts[depth] = nodes
		}
		cases = append(cases, c)
	}
	if len(cases) == 0 {
		t.Fatal("no perft cases")
	}
	return cases
}

func TestPerftMatchesFairyStockfish(t *testing.T) {
	for _, c := range readPerftTable(t) {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatalf("ParseFEN(%q): %v", c.fen, err)
		}
		before := p
		for depth := 1; depth <= 6; depth++ {
			want, ok := c.counts[depth]
			if !ok || (testing.Short() && want > 2_000_000) {
				continue
			}
			if got := p.perft(depth); got != want {
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
		p, _ := ParseFEN(c.fen)
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
		p, _ := ParseFEN(c.fen)
		for _, m := range p.Moves(nil) {
			back, err := p.ParseMove(p.Notation(m))
			if err != nil || back != m {
				t.Errorf("%q: ParseMove(%q) = %v, %v; want %v", c.fen, p.Notation(m), back, err, m)
			}
		}
	}
}

func BenchmarkPerft5(b *testing.B) {
	p := New()
	var nodes uint64
	for b.Loop() {
		nodes += p.perft(5)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

func BenchmarkGenerate(b *testing.B) {
	p, _ := ParseFEN("r3k2r/1bp2ppp/p1nqpn2/1p1p4/3P1B2/2NQPN1P/PPP2PP1/R3KB1R b - - 3 11")
	buf := make([]engine.Move, 0, engine.MaxMoves)
	b.ReportAllocs()
	for b.Loop() {
		buf = p.Moves(buf[:0])
	}
}
