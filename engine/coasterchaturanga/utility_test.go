package coasterchaturanga

import (
	"math"
	"slices"
	"testing"
)

// TestUtilityFirstPlaceOnly: with four players only first place is worth anything, so that the
// search does not end a game in second place; with partners the sides get +1 and -1.
func TestUtilityFirstPlaceOnly(t *testing.T) {
	for _, c := range []struct {
		text string
		want []float64
	}{
		// br begins its turn without blue on the board; bl holds the blue trio (6 points), the
		// others have 0 and are ordered by the tie-breaks.
		{"y0r1b2g3 gqgd2ypyq/gp4yd/6/6/5rp/4rdrq bpbdbq,-,-,- br - 1", []float64{1, -1.0 / 3, -1.0 / 3, -1.0 / 3}},
		{"y0r1b2g3 gqgd2ypyq/gp4yd/6/6/5rp/4rdrq bpbdbq,-,-,- br - 1 players=2", []float64{1, -1, 1, -1}},
	} {
		p, err := Variant.Parse(c.text)
		if err != nil {
			t.Fatal(err)
		}
		u := make([]float64, seats)
		if !p.Utility(u) {
			t.Fatalf("%s: not finished", c.text)
		}
		sum := 0.0
		for s := range u {
			sum += u[s]
			if u[s] != c.want[s] {
				t.Errorf("%s: utility %v, want %v", c.text, u, c.want)
				break
			}
		}
		if sum > 1e-9 || sum < -1e-9 {
			t.Errorf("%s: utilities sum to %v, want 0", c.text, sum)
		}
	}
}

// TestEvaluateHeldOwnColour: a held piece of one's own colour costs HeldOwn a pip in the
// evaluation's score, a held piece of another colour gains a full pip.
func TestEvaluateHeldOwnColour(t *testing.T) {
	for _, c := range []struct {
		text string
		want float64 // bl's score term, relative to the others' mean
	}{
		{"y0r1b2g3 1gd2ypyq/gp4yd/6/6/bd4rp/bqbp2rdrq gq,-,-,- br - 1", -3 * TunedWeights.HeldOwn},
		{"y0r1b2g3 gqgd2yp1/gp4yd/6/6/bd4rp/bqbp2rdrq yq,-,-,- br - 1", 3},
	} {
		p, err := Variant.Parse(c.text)
		if err != nil {
			t.Fatal(err)
		}
		for _, term := range p.(*Position).Terms() {
			if term.Name == "score" && math.Abs(term.Values[0]-c.want) > 1e-9 {
				t.Errorf("%s: bl's score term %v, want %v", c.text, term.Values[0], c.want)
			}
		}
	}
	if TunedWeights.HeldOwn >= 1 {
		t.Errorf("HeldOwn %v: a held own-colour pip should cost less than a point", TunedWeights.HeldOwn)
	}
}

// TestSides: partners (bl and tr against br and tl) are one side to the search, by players=2 or
// by the partnership option; otherwise every seat is its own.
func TestSides(t *testing.T) {
	const start = "y0r1b2g3 gqgd2ypyq/gp4yd/6/6/bd4rp/bqbp2rdrq -,-,-,- bl - 0"
	for _, c := range []struct {
		options string
		want    []int
	}{
		{"", []int{0, 1, 2, 3}},
		{" players=2", []int{0, 1, 0, 1}},
		{" partnership", []int{0, 1, 0, 1}},
	} {
		p, err := Variant.Parse(start + c.options)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.(*Position).Sides(); !slices.Equal(got, c.want) {
			t.Errorf("%q: Sides() = %v, want %v", c.options, got, c.want)
		}
	}
}
