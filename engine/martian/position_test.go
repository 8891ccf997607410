package martian

import "testing"

// The key covers what decides the legal actions and the outcome, and nothing else.
func TestKey(t *testing.T) {
	const base = "r1mpr/ksksk/p4/KSKSK/R1MPR l 2p,4s AEae - 0 3"
	tests := []struct {
		name string
		a, b string
		same bool
	}{
		{"the turn number is a clock", base, "r1mpr/ksksk/p4/KSKSK/R1MPR l 2p,4s AEae - 0 9", true},
		{"without a turn limit the quiet turns decide nothing", base, "r1mpr/ksksk/p4/KSKSK/R1MPR l 2p,4s AEae - 7 3", true},
		{"nor does a capture this turn", base, "r1mpr/ksksk/p4/KSKSK/R1MPR l 2p,4s+ AEae - 0 3", true},
		{"the order the dice were thrown in", base, "r1mpr/ksksk/p4/KSKSK/R1MPR l 4s,2p AEae - 0 3", true},
		{"the quiet turns left under a limit", "r1mpr/ksksk/p4/KSKSK/R1MPR l 2p,4s AEae - 2 3 max_turns=5",
			"r1mpr/ksksk/p4/KSKSK/R1MPR l 2p,4s AEae - 0 3 max_turns=3", true},
		{"fewer quiet turns left", "r1mpr/ksksk/p4/KSKSK/R1MPR l 2p,4s AEae - 2 3 max_turns=5",
			"r1mpr/ksksk/p4/KSKSK/R1MPR l 2p,4s AEae - 3 3 max_turns=5", false},
		{"a capture this turn under a limit", "r1mpr/ksksk/p4/KSKSK/R1MPR l 2p,4s AEae - 2 3 max_turns=5",
			"r1mpr/ksksk/p4/KSKSK/R1MPR l 2p,4s+ AEae - 2 3 max_turns=5", false},
		{"a limit or none", base, "r1mpr/ksksk/p4/KSKSK/R1MPR l 2p,4s AEae - 0 3 max_turns=1000", false},
		{"side to move", "r1mpr/ksksk/p4/KSKSK/R1MPR l - AEae - 0 3", "r1mpr/ksksk/p4/KSKSK/R1MPR d - AEae - 0 3", false},
		{"dice rolled or not", base, "r1mpr/ksksk/p4/KSKSK/R1MPR l - AEae - 0 3", false},
		{"a die used", base, "r1mpr/ksksk/p4/KSKSK/R1MPR l 2p*,4s AEae - 0 3", false},
		{"which die is used", "r1mpr/ksksk/p4/KSKSK/R1MPR l 2p*,4s AEae - 0 3", "r1mpr/ksksk/p4/KSKSK/R1MPR l 2p,4s* AEae - 0 3", false},
		{"a die's meaning", "2m2/5/5/5/R1M2 l 2r,4- - PPSS 0 9", "2m2/5/5/5/R1M2 l 3r,4- - PPSS 0 9", false},
		{"garrison rights", base, "r1mpr/ksksk/p4/KSKSK/R1MPR l 2p,4s Eae - 0 3", false},
		{"the promotion pool", base, "r1mpr/ksksk/p4/KSKSK/R1MPR l 2p,4s AEae P 0 3", false},
		{"whose pool", "2m2/5/5/5/R1M2 l 3r,4- - P 0 9", "2m2/5/5/5/R1M2 l 3r,4- - p 0 9", false},
		{"the board", base, "r1mpr/ksksk/1p3/KSKSK/R1MPR l 2p,4s AEae - 0 3", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, err1 := Parse(tt.a)
			b, err2 := Parse(tt.b)
			if err1 != nil || err2 != nil {
				t.Fatal(err1, err2)
			}
			if got := a.Key() == b.Key(); got != tt.same {
				t.Errorf("keys of %q and %q equal = %v, want %v", tt.a, tt.b, got, tt.same)
			}
		})
	}
}

// Play keeps the key up to date: it is the key computed from scratch.
func TestKeyIncremental(t *testing.T) {
	var walk func(p *Position, depth int)
	walk = func(p *Position, depth int) {
		if p.key != p.computeKey() {
			t.Fatalf("%s: key %x, from scratch %x", p, p.key, p.computeKey())
		}
		if depth == 0 {
			return
		}
		var child Position
		for _, m := range p.Moves(nil) {
			p.play(m, &child)
			walk(&child, depth-1)
		}
	}
	for _, text := range []string{StartText, "4m/1S3/5/5/2M2 l 4s,1m - PRp 0 9", "rpmpr/ksksk/5/KSKSK/R1M1R l 1m,3r AEae PP 0 4"} {
		p, err := Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		walk(&p, 4)
	}
}
