package engine_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
)

func mustParse(t *testing.T, variant, text string) engine.Position {
	t.Helper()
	v, ok := engine.Lookup(variant)
	if !ok {
		t.Fatalf("no variant %s", variant)
	}
	p, err := v.Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestFindAction(t *testing.T) {
	p := mustParse(t, "chaturanga", "2r1k3/1P4P1/8/3q4/8/8/1p4p1/R3K3 w - - 0 40")
	for _, promo := range []string{"mantri", "Q", "q", "Mantri"} {
		m, err := engine.FindAction(p, engine.ActionQuery{From: "g7", To: "g8", Promotion: promo, Die: -1})
		if err != nil || p.Notation(m) != "g7g8q" {
			t.Errorf("g7g8 promoting to %q: %s, %v", promo, p.Notation(m), err)
		}
	}
	var illegal *engine.IllegalError
	for _, q := range []engine.ActionQuery{
		{From: "g7", To: "g8", Die: -1}, // a pawn on its last rank promotes: no plain move
		{From: "g7", To: "g8", Promotion: "n", Die: -1},
		{From: "e1", To: "e3", Die: -1},
		{Kind: engine.ActionDrop, From: "a1", To: "a2", Die: -1},
	} {
		if _, err := engine.FindAction(p, q); !errors.As(err, &illegal) {
			t.Errorf("%+v: %v, want an illegal action", q, err)
		}
	}
	var ambiguous *engine.AmbiguousError
	if _, err := engine.FindAction(p, engine.ActionQuery{From: "a1", Die: -1}); !errors.As(err, &ambiguous) || ambiguous.Matches < 2 {
		t.Errorf("every rook move: %v, want ambiguous", err)
	}
	// Dice are a multiset, and a die's index narrows the choice.
	mars := mustParse(t, "martian_chaturanga", "rpmpr/ksksk/5/KSKSK/RPMPR l - AEae - 0 1")
	for _, dice := range [][]int{{2, 3}, {3, 2}} {
		m, err := engine.FindAction(mars, engine.ActionQuery{Kind: engine.ActionRoll, Dice: dice, Die: -1})
		if err != nil || !slices.Equal(sorted(mars.Action(m).Dice), []int{2, 3}) {
			t.Errorf("roll %v: %+v, %v", dice, mars.Action(m), err)
		}
	}
	after := mustParse(t, "martian_chaturanga", "rpmpr/ksksk/5/KSKSK/RPMPR l 2p,3r AEae - 0 1")
	for die, want := range map[int]bool{0: true, 1: false} { // the first die moves a paladin, the second a raven
		_, err := engine.FindAction(after, engine.ActionQuery{From: "b1", To: "c3", Die: die})
		if (err == nil) != want {
			t.Errorf("b1c3 with die %d: %v", die, err)
		}
	}
	if _, err := engine.FindAction(after, engine.ActionQuery{To: "c3", Die: 1}); !errors.As(err, &ambiguous) || ambiguous.Matches != 2 {
		t.Errorf("a raven to c3: %v, want 2 matches (a1 and e1)", err)
	}
	if _, err := engine.FindAction(mustParse(t, "chaturanga", "7k/8/8/8/8/8/8/R5K1 b - - 0 1"), engine.ActionQuery{Die: -1}); err == nil {
		t.Error("an action found in a finished game")
	}
}

func sorted(v []int) []int {
	v = slices.Clone(v)
	slices.Sort(v)
	return v
}

// ThrowDice throws until the dice count: Chaturaji's die never shows 1 or 6, and the counted
// faces come up alike; the same generator gives the same throw.
func TestThrowDice(t *testing.T) {
	v, _ := engine.Lookup("chaturaji")
	start, err := v.Start(nil)
	if err != nil {
		t.Fatal(err)
	}
	counts := map[int]int{}
	rng := rand.New(rand.NewPCG(1, 2))
	const throws = 4000
	for range throws {
		values, next, events, err := engine.ThrowDice(start, rng)
		if err != nil || len(values) != 1 || next.Phase() == engine.PhaseRoll || engine.RollAgain(events) {
			t.Fatalf("%v %v %v", values, events, err)
		}
		counts[values[0]]++
	}
	for face := 2; face <= 5; face++ {
		if n := counts[face]; n < throws/4*8/10 || n > throws/4*12/10 {
			t.Errorf("face %d came %d times of %d: %v", face, n, throws, counts)
		}
	}
	if counts[1]+counts[6] != 0 {
		t.Errorf("a throw that does not count was kept: %v", counts)
	}
	a, _, _, _ := engine.ThrowDice(start, rand.New(rand.NewPCG(7, 7)))
	b, _, _, _ := engine.ThrowDice(start, rand.New(rand.NewPCG(7, 7)))
	if !slices.Equal(a, b) {
		t.Errorf("one seed, two throws: %v and %v", a, b)
	}
}

// SampleRoll draws each outcome as often as its probability says.
func TestSampleRoll(t *testing.T) {
	p := mustParse(t, "martian_chaturanga", "rpmpr/ksksk/5/KSKSK/RPMPR l - AEae - 0 1")
	outcomes := p.Moves(nil)
	counts := map[engine.Move]int{}
	rng := rand.New(rand.NewPCG(3, 4))
	const draws = 32000
	for range draws {
		counts[engine.SampleRoll(p, outcomes, rng)]++
	}
	for _, m := range outcomes {
		want := p.Probability(m) * draws
		if got := float64(counts[m]); got < want*0.85 || got > want*1.15 {
			t.Errorf("%s drawn %v times, want about %.0f", p.Notation(m), got, want)
		}
	}
}

// A structured action that is illegal gets the reason its notation gets, in every variant: every
// game writes a plain move as its two squares.
func TestFindActionReasons(t *testing.T) {
	for _, c := range []struct {
		variant, text, from, to string
	}{
		{"chaturanga", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", "e2", "e4"},
		{"chaturanga", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", "b1", "b3"},
		{"ramayana", "", "d3", "d5"},
		{"martian_chess", "", "a1", "d4"},
	} {
		v, _ := engine.Lookup(c.variant)
		p, err := v.Start(nil)
		if c.text != "" {
			p, err = v.Parse(c.text)
		}
		if err != nil {
			t.Fatal(err)
		}
		_, err = engine.FindAction(p, engine.ActionQuery{From: c.from, To: c.to, Die: -1})
		_, want := p.ParseMove(c.from + c.to)
		var got, wanted *engine.IllegalError
		if !errors.As(err, &got) || !errors.As(want, &wanted) || got.Reason != wanted.Reason || got.Reason == "" {
			t.Errorf("%s %s%s: fields give %v, notation %v", c.variant, c.from, c.to, err, want)
		}
	}
	p := mustParse(t, "chaturanga", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1")
	_, err := engine.FindAction(p, engine.ActionQuery{From: "e2", To: "e3", Piece: "horse", Die: -1})
	if err == nil || !strings.Contains(err.Error(), "e2e3 is legal, but not with the other fields given (piece)") {
		t.Errorf("e2e3 as a horse: %v", err)
	}
}
