package coasterchaturanga

import (
	"math"
	"testing"
)

// TestFirstFeatures checks the features on a position worked by hand: tl (green) holds yp yd
// (+3), bl (yellow) gd (+2), br (blue) bq gq (0), tr (red) yq rd rq (-2); yellow has no piece on
// the board; bl is to move.
func TestFirstFeatures(t *testing.T) {
	v, err := Variant.Parse("g2r3b0y1 6/3rp2/2bp3/4bd1/1gp4/6 gd,bqgq,yqrdrq,ypyd bl - 8")
	if err != nil {
		t.Fatal(err)
	}
	p := v.(*Position)
	const tl = 3
	// Colourings under which tl beats every seat: br must be blue or green (else it scores 6),
	// tr yellow or red (else 8), tl not yellow (else -3): 6 of 24. Rotations: the present one
	// and the half turn.
	want := [FirstFeatures]float64{
		0:  1,
		1:  1.0 / 6, // 3 against bl's 2
		2:  1,
		3:  6.0 / 24,
		4:  2.0 / 4,
		5:  3.0 / 6,
		6:  1.0 / 3, // gp
		7:  1,       // yellow
		8:  1,
		9:  6.0 / 24,
		12: 1, // three seats after bl
		14: 19.0 / 24,
		15: 1.0 / 6,
	}
	var got [FirstFeatures]float64
	p.FirstFeatures(tl, got[:])
	for i := range want {
		if math.Abs(got[i]-want[i]) > 1e-12 {
			t.Errorf("feature %d: got %v, want %v", i, got[i], want[i])
		}
	}
	// bl: yellow, no piece on the board, 1 behind; not first now.
	p.FirstFeatures(0, got[:])
	if got[1] != -1.0/6 || got[2] != 0 || got[13] != 1 || got[6] != 0 || got[10]+got[11]+got[12] != 0 {
		t.Errorf("bl's features %v", got)
	}
	c := make([]float64, seats)
	p.FirstChances(c)
	if c[tl] <= c[0] || c[tl] >= 1 || c[0] <= 0 {
		t.Errorf("FirstChances %v: want tl's higher than bl's, all in (0, 1)", c)
	}
	// Each seat's chance is the logistic of its features' weighted sum.
	for seat := range seats {
		p.FirstFeatures(seat, got[:])
		x := 0.0
		for i, w := range FirstWeights {
			x += w * got[i]
		}
		if want := 1 / (1 + math.Exp(-x)); math.Abs(c[seat]-want) > 1e-12 {
			t.Errorf("seat %d: chance %v, want %v", seat, c[seat], want)
		}
	}
}

// TestFirstChancesNoAllocs: the search calls it once a playout.
func TestFirstChancesNoAllocs(t *testing.T) {
	ps := benchPositions()
	c := make([]float64, seats)
	for i := 0; i < len(ps); i += 31 {
		p := &ps[i]
		if a := testing.AllocsPerRun(5, func() { p.FirstChances(c) }); a != 0 {
			t.Fatalf("%s: FirstChances allocates %v times", p, a)
		}
		if c[0]+c[1]+c[2]+c[3] <= 0 {
			t.Fatalf("%s: FirstChances %v", p, c)
		}
	}
}

// BenchmarkFirstChances times every seat's chance of one position, what a playout costs.
func BenchmarkFirstChances(b *testing.B) {
	ps := benchPositions()
	c := make([]float64, seats)
	i := 0
	for b.Loop() {
		ps[i%len(ps)].FirstChances(c)
		i++
	}
}
