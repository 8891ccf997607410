package ramayana

import (
	"math/rand/v2"
	"slices"
	"sort"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
)

func noisyTexts(p *Position) []string {
	var out []string
	for _, m := range p.Noisy(nil) {
		out = append(out, p.Notation(m))
	}
	sort.Strings(out)
	return out
}

// A capture, a capture by a Rakshasa move (the payer costs more than the piece taken) and
// nothing else: the Rakshasa's paid moves to empty squares are legal but not noisy.
func TestNoisyCaptures(t *testing.T) {
	p := build(t, "y", map[string]string{"e2": "R", "e5": "M", "j9": "H", "f15": "r", "e7": "b", "g10": "y",
		"i8": "K", "b9": "K"})
	if got := noisyTexts(p); !slices.Equal(got, []string{"e5e7", "i8g10^j9"}) {
		t.Errorf("noisy %v", got)
	}
	if !has(actions(p), "i8f11^j9") {
		t.Errorf("i8f11^j9 should be legal: %v", actions(p))
	}
	for text, want := range map[string]float64{"e5e7": 3, "i8g10^j9": 2.5 - 3, "i8f11^j9": -3, "e2e3": 0, "e5e6": 0} {
		if got := p.Gain(mustMove(t, p, text)); got != want {
			t.Errorf("Gain(%s) = %v, want %v", text, got, want)
		}
	}
	if p.InCheck() {
		t.Errorf("yellow is not in check")
	}
}

// Drops, the Maharajah square and a Rakshasa taken by an Untouchable are noisy; an
// Untouchable's step short of the last row is not.
func TestNoisyPromotions(t *testing.T) {
	p := build(t, "y", map[string]string{"f14": "R", "d15": "U", "e10": "U", "j12": "r", "e16": "m",
		"f11": "K", "i8": "K"})
	got := noisyTexts(p)
	for _, want := range []string{"f14f15", "e10f11", "d15d16@a4", "d15e16@a4"} {
		if !has(got, want) {
			t.Errorf("%s missing from noisy %v", want, got)
		}
	}
	for _, bad := range []string{"e10e11", "f14e14", "f14g13"} {
		if has(got, bad) {
			t.Errorf("%s is not noisy: %v", bad, got)
		}
	}
	for text, want := range map[string]float64{"f14f15": maharajahBonus, "e10f11": 0, "d15d16@a4": -0.5,
		"d15e16@a4": 2 - 0.5, "e10e11": 0} {
		if g := p.Gain(mustMove(t, p, text)); g != want {
			t.Errorf("Gain(%s) = %v, want %v", text, g, want)
		}
	}
}

// A Buddha is worth four pawns more than the Untouchable it was.
func TestGainBuddha(t *testing.T) {
	p := build(t, "y", map[string]string{"e2": "R", "d15": "U", "j12": "r", "i8": "K", "b9": "K"})
	fillIslands(p)
	m := mustMove(t, p, "d15d16=buddha")
	if g := p.Gain(m); g != 4 {
		t.Errorf("Gain(d15d16=buddha) = %v, want 4", g)
	}
	if !slices.Contains(p.Noisy(nil), m) {
		t.Errorf("the Buddha is not noisy: %v", noisyTexts(p))
	}
}

// InCheck sees a Rakshasa check: red's piece next to the Rakshasa on yellow's royal's diagonal.
func TestInCheckRakshasa(t *testing.T) {
	p := build(t, "y", map[string]string{"e2": "R", "f15": "r", "g4": "K", "i8": "K", "g5": "m"})
	if !p.InCheck() {
		t.Errorf("%s: yellow is in check from the Rakshasa on g4", p)
	}
	q := build(t, "y", map[string]string{"e2": "R", "f15": "r", "g4": "K", "i8": "K", "g6": "m"})
	if q.InCheck() {
		t.Errorf("%s: no red piece next to g4, no check", q)
	}
}

// isNoisy is Noisy's definition, for the comparison with Moves.
func isNoisy(p *Position, m engine.Move) bool {
	from, to := moveFrom(m), moveTo(m)
	switch moveAct(m) {
	case actDrop, actBuddha:
		return true
	case actRakshasa:
		return p.board[to] != 0
	}
	return p.board[to] != 0 || cellKind(p.board[from]) == rajah && to == maharajahSq[p.side]
}

// On positions of random games (from the start, with Untouchables about to drop, and with the
// islands full), Noisy is exactly the legal actions isNoisy selects, and Gain is the material
// balance's change for every action but a Rakshasa captured (worth nothing).
func TestNoisyRandomGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	positions, noisy := 0, 0
	for g := range 40 {
		text := StartText
		if g%2 == 1 {
			text = advanced
		}
		p, err := Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		if g%4 == 3 {
			fillIslands(&p)
		}
		for range 300 {
			moves := p.Moves(nil)
			var want []engine.Move
			for _, m := range moves {
				if isNoisy(&p, m) {
					want = append(want, m)
				}
				var next Position
				p.apply(m, &next)
				change := material(&next) - material(&p)
				if p.side == red {
					change = -change
				}
				if g := p.Gain(m); g != change && maharajahBonus+change != g {
					t.Fatalf("%s: Gain(%s) = %v, the material changes by %v", p.String(), p.Notation(m), g, change)
				}
			}
			got := p.Noisy(nil)
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Fatalf("%s: Noisy %v, want %v", p.String(), got, want)
			}
			positions++
			noisy += len(got)
			if len(moves) == 0 {
				break
			}
			p.apply(moves[rng.IntN(len(moves))], &p)
		}
	}
	if noisy == 0 {
		t.Errorf("no noisy action in %d positions", positions)
	}
	t.Logf("%d positions, %d noisy actions", positions, noisy)
}

// material is yellow's material less red's, counted apart from the evaluation.
func material(p *Position) float64 {
	v := 0.0
	for _, sq := range existing {
		if c := p.board[sq]; c != 0 && cellOwner(c) < 2 {
			v += sideSign(cellOwner(c)) * pieceValues[cellKind(c)]
		}
	}
	return v
}

func TestTacticsAllocateNothing(t *testing.T) {
	p, err := Parse(advanced)
	if err != nil {
		t.Fatal(err)
	}
	var buf [engine.MaxMoves]engine.Move
	moves := p.Moves(nil)
	if a := testing.AllocsPerRun(20, func() { p.Noisy(buf[:0]) }); a != 0 {
		t.Errorf("Noisy allocated %v times", a)
	}
	sum := 0.0
	if a := testing.AllocsPerRun(20, func() {
		for _, m := range moves {
			sum += p.Gain(m)
		}
		_ = p.InCheck()
	}); a != 0 {
		t.Errorf("Gain and InCheck allocated %v times", a)
	}
}
