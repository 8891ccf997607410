package chaturanga

import "testing"

// TestSEE checks static exchange values worked by hand.
func TestSEE(t *testing.T) {
	cases := []struct {
		fen, move string
		want      float64
	}{
		{"4k3/8/1p6/p7/8/8/8/R3K3 w - - 0 1", "a1a5", 1 - 5},       // pawn defended by a pawn
		{"4k3/8/8/p7/8/8/8/R3K3 w - - 0 1", "a1a5", 1},             // undefended
		{"4k3/8/2p5/1n6/P7/8/8/4K3 w - - 0 1", "a4b5", 3.2 - 1},    // a horse for a pawn, retaken
		{"r3k3/p7/8/8/8/8/R7/R3K3 w - - 0 1", "a2a7", 1},           // the ratha behind backs it up
		{"r3k3/p7/8/8/8/8/R7/4K3 w - - 0 1", "a2a7", 1 - 5},        // no backing
		{"4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", 1},           // pawn takes pawn
		{"3k4/8/8/8/8/8/8/r3K3 w - - 0 1", "e1f2", 0},              // a quiet move
		{"4k3/8/8/8/8/2n5/8/3QK3 w - - 0 1", "d1c2", 0},            // quiet
		{"4k3/8/8/8/8/2n5/1Q6/4K3 w - - 0 1", "b2c3", 3.2},         // mantri takes an undefended horse
		{"4k3/8/8/8/3p4/2n5/1Q6/4K3 w - - 0 1", "b2c3", 3.2 - 1.6}, // defended by a pawn
		{"4k3/8/8/8/2r5/8/2K5/8 w - - 0 1", "c2b2", 0},
		{"4k3/8/8/2p5/8/8/8/1N2K3 w - - 0 1", "b1c3", 0},
		{"4k3/8/3p4/8/8/8/8/1N2K3 w - - 0 1", "b1c3", 0},
		{"4k3/8/8/3p4/8/2N5/8/4K3 w - - 0 1", "c3e4", -3.2}, // onto a square a pawn takes             // quiet
	}
	for _, c := range cases {
		p, err := Parse(c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.fen, err)
		}
		m, err := p.ParseMove(c.move)
		if err != nil {
			t.Fatalf("%s %s: %v", c.fen, c.move, err)
		}
		if got := p.SEE(m); got < c.want-1e-9 || got > c.want+1e-9 {
			t.Errorf("%s %s: SEE %v, want %v", c.fen, c.move, got, c.want)
		}
	}
}
