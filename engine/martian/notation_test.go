package martian

import (
	"testing"

	"github.com/ashtapada/ashtapada/engine"
)

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
		checkParsed(t, &p)
	})
}

// checkParsed checks a position a fuzzer parsed: it reads back the same from its text, counts
// its moves as it lists them, and every child keeps its key and reads back the same.
func checkParsed(t *testing.T, p *Position) {
	again, err := parse(p.g, p.String())
	if err != nil || again != *p {
		t.Fatalf("%q does not parse back the same: %v", p.String(), err)
	}
	var buf [engine.MaxMoves]engine.Move
	moves := p.Moves(buf[:0])
	if n := p.CountMoves(); n != uint64(len(moves)) {
		t.Fatalf("%s: CountMoves = %d, Moves lists %d", p, n, len(moves))
	}
	for _, m := range moves {
		var child Position
		p.play(m, &child)
		if child.key != child.computeKey() {
			t.Fatalf("%s after %s: key %x, from scratch %x", p, p.Notation(m), child.key, child.computeKey())
		}
		if back, err := parse(p.g, child.String()); err != nil || back != child {
			t.Fatalf("%s after %s: %s does not parse back the same: %v", p, p.Notation(m), &child, err)
		}
	}
}
