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
	if c, d := p.FirstChance(tl), p.FirstChance(0); !(c > d) || c <= 0 || c >= 1 || d <= 0 {
		t.Errorf("FirstChance: tl %v, bl %v; want tl's higher, both in (0, 1)", c, d)
	}
}

// TestFirstChanceNoAllocs: the search calls it once a playout.
func TestFirstChanceNoAllocs(t *testing.T) {
	ps := benchPositions()
	for i := 0; i < len(ps); i += 31 {
		p := &ps[i]
		var sum float64
		if a := testing.AllocsPerRun(5, func() { sum += p.FirstChance(i % seats) }); a != 0 {
			t.Fatalf("%s: FirstChance allocates %v times", p, a)
		}
		if sum <= 0 {
			t.Fatalf("%s: FirstChance %v", p, sum)
		}
	}
}

func BenchmarkFirstChance(b *testing.B) {
	ps := benchPositions()
	i := 0
	for b.Loop() {
		ps[i%len(ps)].FirstChance(i % seats)
		i++
	}
}
