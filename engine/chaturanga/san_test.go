package chaturanga

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
)

// Every legal move of the positions in testdata/san.txt is written as Fairy-Stockfish writes it
// (see testdata/san_gen.js): seeded random games, and set positions for disambiguation,
// promotion and mate.
func TestSANMatchesFairyStockfish(t *testing.T) {
	f, err := os.Open("testdata/san.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	positions, moves := 0, 0
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fen, list, ok := strings.Cut(line, " | ")
		if !ok {
			t.Fatalf("bad line %q", line)
		}
		p, err := Parse(fen)
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		want := map[string]string{}
		for _, pair := range strings.Fields(list) {
			uci, san, _ := strings.Cut(pair, ":")
			want[uci] = san
		}
		var buf [engine.MaxMoves]engine.Move
		legal := p.generate(buf[:0])
		if len(legal) != len(want) {
			t.Errorf("%s: %d legal moves, Fairy-Stockfish lists %d", fen, len(legal), len(want))
		}
		for _, m := range legal {
			if got := p.SAN(m); got != want[p.Notation(m)] {
				t.Errorf("%s: %s is %q, want %q", fen, p.Notation(m), got, want[p.Notation(m)])
			}
			moves++
		}
		positions++
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if positions < 250 {
		t.Fatalf("only %d positions read", positions)
	}
	t.Logf("%d moves in %d positions", moves, positions)
}

// One case of each rule, independent of the data file (each also checked with ffish).
func TestSAN(t *testing.T) {
	for _, c := range []struct{ fen, uci, san string }{
		{StartFEN, "g1f3", "Nf3"},
		{StartFEN, "c1e3", "Be3"},
		{StartFEN, "e2e3", "e3"},
		// Both horses reach d2: the file tells them apart.
		{"4k3/8/8/8/8/1N3N2/8/4K3 w - - 0 1", "b3d2", "Nbd2"},
		// Rathas on one file: the rank.
		{"4k3/R7/8/8/8/8/8/R3K3 w - - 0 1", "a1a4", "R1a4"},
		// Three mantris reach e5: the rank is enough for the one whose file is shared.
		{"4k3/8/3Q1Q2/8/3Q4/8/8/4K3 w - - 0 1", "d4e5", "Q4e5"},
		// Four: neither file nor rank alone is enough.
		{"4k3/8/3Q1Q2/8/3Q1Q2/8/8/4K3 w - - 0 1", "d4e5", "Qd4e5"},
		// A pinned horse is no rival: no disambiguation.
		{"k3r3/8/8/8/8/2N1N3/8/4K3 w - - 0 1", "c3d5", "Nd5"},
		{"4k3/8/8/8/3p4/1N3N2/8/4K3 w - - 0 1", "b3d4", "Nbxd4"},
		// Captures: a pawn names its file.
		{"4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", "exd5"},
		{"4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1", "d1d5", "Rxd5"},
		// Promotion, with a capture and with check.
		{"1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8q", "a8=Q"},
		{"1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7b8q", "axb8=Q"},
		{"8/1P6/8/8/8/8/8/k1K5 w - - 0 1", "b7b8q", "b8=Q"},
		{"2k5/8/8/8/8/8/3pK3/8 b - - 0 1", "d2d1q", "d1=Q+"},
		// Check and mate.
		{"4k3/8/4K3/8/8/8/8/R7 w - - 0 1", "a1a8", "Ra8#"},
		{"4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a8", "Ra8+"},
		// Stalemate, which loses in chaturanga, is not marked.
		{"k7/8/1K6/8/8/8/8/2R5 w - - 0 1", "c1c7", "Rc7"},
	} {
		p, err := Parse(c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.fen, err)
		}
		m, err := p.ParseMove(c.uci)
		if err != nil {
			t.Fatalf("%s %s: %v", c.fen, c.uci, err)
		}
		if got := p.SAN(m); got != c.san {
			t.Errorf("%s %s: SAN %q, want %q", c.fen, c.uci, got, c.san)
		}
	}
}

// SAN that fits two moves is refused with both; more disambiguation than needed is read, as
// lichess and python-chess read it; a pawn's move to a square it could also capture on is its push.
func TestParseSANAmbiguity(t *testing.T) {
	p, err := Parse("rnbqkbnr/ppp1pppp/8/8/3p4/2N1P3/PPPP1PPP/R1BQKBNR w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	_, err = p.ParseMove("Ne2")
	if err == nil || !strings.Contains(err.Error(), "Ne2 is ambiguous: write Nce2 or Nge2") {
		t.Errorf("Ne2 with horses on c3 and g1: %v", err)
	}
	for text, want := range map[string]string{"Nge2": "g1e2", "Ng1e2": "g1e2", "Nc3e2": "c3e2", "N1e2": "g1e2", "exd4": "e3d4", "Nxd5": "", "d3": "d2d3"} {
		m, err := p.ParseMove(text)
		switch {
		case want == "" && err == nil:
			t.Errorf("%s: read as %s, want refused", text, p.Notation(m))
		case want != "" && (err != nil || p.Notation(m) != want):
			t.Errorf("%s: %v %v, want %s", text, p.Notation(m), err, want)
		}
	}
}
