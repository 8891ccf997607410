package chaturanga_test

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/chaturanga"
	"github.com/ashtapada/ashtapada/engine/search"
)

// mateCase is one line of testdata/mates.txt: a position whose side to move mates in exactly n
// moves, and the mating moves Fairy-Stockfish found.
type mateCase struct {
	fen   string
	n     int
	fairy []string
	line  int
}

// readMates reads testdata/mates.txt: FEN | mate N | moves [# comment].
func readMates(t testing.TB) []mateCase {
	t.Helper()
	f, err := os.Open("testdata/mates.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []mateCase
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		text, _, _ = strings.Cut(text, "#")
		parts := strings.Split(text, "|")
		if len(parts) != 3 {
			t.Fatalf("mates.txt:%d: want FEN | mate N | moves, got %q", line, text)
		}
		n, err := strconv.Atoi(strings.TrimPrefix(strings.TrimSpace(parts[1]), "mate "))
		if err != nil || n < 1 {
			t.Fatalf("mates.txt:%d: want mate N, got %q", line, parts[1])
		}
		cases = append(cases, mateCase{fen: strings.TrimSpace(parts[0]), n: n, fairy: strings.Fields(parts[2]), line: line})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cases
}

// matesIn reports whether the side to move at p can force a win within n of its moves, trying
// every move: the brute force that checks the search and the file without trusting either.
func matesIn(p *chaturanga.Position, n int) bool {
	var buf [engine.MaxMoves]engine.Move
	for _, m := range p.Moves(buf[:0]) {
		var child chaturanga.Position
		p.PlayInto(m, &child)
		if forced(&child, n) {
			return true
		}
	}
	return false
}

// forced reports whether, after a move of the attacker, the defender to move at p loses within
// n-1 further moves of the attacker whatever he replies (checkmate, or stalemate, which loses).
func forced(p *chaturanga.Position, n int) bool {
	var u [2]float64
	if p.Utility(u[:]) {
		return u[p.ToMove()] < 0
	}
	if n == 1 {
		return false
	}
	var buf [engine.MaxMoves]engine.Move
	for _, r := range p.Moves(buf[:0]) {
		var child chaturanga.Position
		p.PlayInto(r, &child)
		if !matesIn(&child, n-1) {
			return false
		}
	}
	return true
}

// TestMates checks the file against the brute force (each position mates in exactly N, and
// Fairy-Stockfish's moves do), then that the search finds a move that mates in N within a second.
func TestMates(t *testing.T) {
	cases := readMates(t)
	if len(cases) < 30 {
		t.Fatalf("mates.txt has %d positions, want at least 30", len(cases))
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("line%d_mate%d", c.line, c.n), func(t *testing.T) {
			pos, err := chaturanga.Parse(c.fen)
			if err != nil {
				t.Fatalf("Parse(%q): %v", c.fen, err)
			}
			if c.n > 1 && matesIn(&pos, c.n-1) {
				t.Errorf("%s mates in fewer than %d", c.fen, c.n)
			}
			for _, text := range c.fairy {
				m, err := pos.ParseMove(text)
				if err != nil {
					t.Fatalf("Fairy-Stockfish's move %s: %v", text, err)
				}
				var child chaturanga.Position
				pos.PlayInto(m, &child)
				if !forced(&child, c.n) {
					t.Errorf("Fairy-Stockfish's %s does not mate in %d", text, c.n)
				}
			}

			// The search may stop once an iteration deep enough to see the mate reports a win.
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			mover := pos.ToMove()
			report := func(r search.Result) {
				if r.Depth >= 2*c.n-1 && len(r.Lines) > 0 && r.Lines[0].Values[mover] > engine.WinValue/2 {
					cancel()
				}
			}
			res, err := search.NewSearcher(0).Search(ctx, &pos, search.Options{Limits: search.Limits{Time: time.Second}}, report)
			if err != nil {
				t.Fatal(err)
			}
			var child chaturanga.Position
			pos.PlayInto(res.Best, &child)
			if !forced(&child, c.n) {
				t.Errorf("search chose %s (depth %d, %d nodes, %v), which does not mate in %d; Fairy-Stockfish plays %v",
					pos.Notation(res.Best), res.Depth, res.Nodes, res.Elapsed, c.n, c.fairy)
			}
			if got, want := res.Lines[0].Values[mover], float64(engine.WinValue-(2*c.n-1)); got != want {
				t.Errorf("search valued %s at %v, want %v (a win in %d plies)", pos.Notation(res.Best), got, want, 2*c.n-1)
			}
		})
	}
}

// BenchmarkSearch measures the search on one thread, from a cleared table, at fixed depths and
// for a fixed time, on the start position and on every position of testdata/mates.txt
// (docs/measurements.md compares it with Fairy-Stockfish on the same positions).
func BenchmarkSearch(b *testing.B) {
	var mates []string
	for _, c := range readMates(b) {
		mates = append(mates, c.fen)
	}
	start := []string{chaturanga.StartFEN}
	for _, c := range []struct {
		name   string
		fens   []string
		limits search.Limits
	}{
		{"start/depth=5", start, search.Limits{Depth: 5}},
		{"start/depth=7", start, search.Limits{Depth: 7}},
		{"start/depth=9", start, search.Limits{Depth: 9}},
		{"start/time=1s", start, search.Limits{Time: time.Second}},
		{"mates/depth=5", mates, search.Limits{Depth: 5}},
		{"mates/depth=7", mates, search.Limits{Depth: 7}},
	} {
		var roots []*chaturanga.Position
		for _, fen := range c.fens {
			p, err := chaturanga.Parse(fen)
			if err != nil {
				b.Fatal(err)
			}
			roots = append(roots, &p)
		}
		b.Run(c.name, func(b *testing.B) {
			s := search.NewSearcher(0)
			opts := search.Options{Limits: c.limits}
			var nodes uint64
			var elapsed time.Duration
			for b.Loop() {
				for _, root := range roots {
					s.ClearTable()
					r, err := s.Search(context.Background(), root, opts, nil)
					if err != nil {
						b.Fatal(err)
					}
					nodes += r.Nodes
					elapsed += r.Elapsed
				}
			}
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
			b.ReportMetric(float64(nodes)/elapsed.Seconds(), "nodes/s")
		})
	}
}
