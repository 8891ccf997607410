package martian

import (
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
		pos, err := Variant.Parse(r[0])
		if err != nil {
			t.Fatal(err)
		}
		rolls, err1 := perfttable.Rolls(r[1])
		counts, err2 := perfttable.Counts(r[2])
		if err1 != nil || err2 != nil {
			t.Fatalf("%s: %v %v", r[0], err1, err2)
		}
		for depth, want := range counts {
			if got := pos.(*Position).Perft(depth, rolls); got != want {
				t.Errorf("perft(%s, rolls %v, %d) = %d, want %d", pos, rolls, depth, got, want)
			}
		}
	}
}

// Perft by Moves and Play through the engine interface agrees with the fast internal perft.
func TestPerftThroughInterface(t *testing.T) {
	start, _ := Variant.Start(nil)
	if got, want := walk(start, 3), start.(*Position).Perft(3, nil); got != want {
		t.Errorf("walk = %d, perft = %d", got, want)
	}
}

// walk counts leaves through Moves and Play alone: rolls are not plies.
func walk(p engine.Position, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	for _, m := range p.Moves(nil) {
		c, _ := p.Play(m)
		if p.Phase() == engine.PhaseRoll {
			n += walk(c, depth)
		} else {
			n += walk(c, depth-1)
		}
	}
	return n
}

// Every position reached in a few plies round-trips through text and structured form.
func TestRoundTrips(t *testing.T) {
	var walk func(p engine.Position, depth int)
	walk = func(p engine.Position, depth int) {
		back, err := Variant.Parse(p.String())
		if err != nil || back.String() != p.String() {
			t.Fatalf("text round trip of %s: %v, %v", p, back, err)
		}
		fromSetup, err := Variant.FromSetup(p.Setup())
		if err != nil || fromSetup.String() != p.String() {
			t.Fatalf("setup round trip of %s: %v, %v", p, fromSetup, err)
		}
		for _, m := range p.Moves(nil) {
			if mm, err := p.ParseMove(p.Notation(m)); err != nil || mm != m {
				t.Fatalf("%s: notation %q parses to %v, %v", p, p.Notation(m), mm, err)
			}
		}
		if depth == 0 {
			return
		}
		for _, m := range p.Moves(nil) {
			c, _ := p.Play(m)
			walk(c, depth-1)
		}
	}
	start, _ := Variant.Start(nil)
	walk(start, 3)
}

func FuzzParse(f *testing.F) {
	f.Add(StartText)
	f.Add("4m/1S3/5/5/2M2 l 4s,1m* - PRp 0 9 max_turns=3")
	f.Add("2m2/5/5/5/2R1M d 3r*,4-+ - PPSS 12 9")
	f.Fuzz(func(t *testing.T, text string) {
		p, err := Parse(text)
		if err != nil {
			return
		}
		again, err := Parse(p.String())
		if err != nil || again != p {
			t.Fatalf("%q -> %q does not parse back the same: %v", text, p.String(), err)
		}
		var buf [engine.MaxMoves]engine.Move
		for _, m := range p.Moves(buf[:0]) {
			var child Position
			p.play(m, &child)
		}
	})
}

func BenchmarkGenerate(b *testing.B) {
	p, _ := Parse("r1mpr/ksksk/p1P2/K1KSK/R1MPR d 2p,3r AEae - 0 4")
	buf := make([]engine.Move, 0, engine.MaxMoves)
	b.ReportAllocs()
	for b.Loop() {
		buf = p.Moves(buf[:0])
	}
}

func BenchmarkPerft4(b *testing.B) {
	p, _ := Parse(StartText)
	var nodes uint64
	for b.Loop() {
		nodes += p.perft(4, nil)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}
