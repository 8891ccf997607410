package martian

import (
	"math"
	"slices"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
)

func evaluate(p *Position) float64 {
	e := make([]float64, 2)
	p.Evaluate(e)
	return e[light]
}

func TestEvaluate(t *testing.T) {
	start, _ := Parse(StartText)
	if v := evaluate(&start); math.Abs(v) > 1e-9 {
		t.Errorf("the symmetric start evaluates to %v, want 0", v)
	}
	tests := []struct {
		name, better, worse string
	}{
		{"a raven more", "rpmp1/ksksk/5/KSKSK/RPMPR l - AEa r 0 5", "rpmpr/ksksk/5/KSKSK/RPMPR l - AEa - 0 5"},
		{"a squire more", "rpmpr/k1ksk/5/KSKSK/RPMPR l - AEae s 0 5", "rpmpr/ksksk/5/KSKSK/RPMPR l - AEae - 0 5"},
		{"a squire nearer promotion with a raven to bring back", "4m/1S3/5/5/2M2 l - - R 0 9", "4m/5/1S3/5/2M2 l - - R 0 9"},
		{"no squire left: a 4 would be void", "4m/5/1S3/5/2M2 l - - - 0 9", "4m/5/5/5/2M2 l - - S 0 9"},
		{"the enemy monarch attacked, the die to take it in hand", "2m2/5/5/5/2R1M l 3r,4- - PPSS 0 9", "1m3/5/5/5/2R1M l 3r,4- - PPSS 0 9"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err1 := Parse(tt.better)
			w, err2 := Parse(tt.worse)
			if err1 != nil || err2 != nil {
				t.Fatal(err1, err2)
			}
			if vb, vw := evaluate(&b), evaluate(&w); vb <= vw {
				t.Errorf("%s evaluates to %v, not above %v for %s", tt.better, vb, vw, tt.worse)
			}
		})
	}
	won := after(t, "2m2/5/5/5/2R1M l - - PPSS 0 9", "roll 3 4", "c1c5")
	if v := evaluate(won); v != engine.WinValue {
		t.Errorf("a won game evaluates to %v, want %v", v, engine.WinValue)
	}
}

// Terms add up to Evaluate.
func TestTerms(t *testing.T) {
	for _, text := range []string{StartText, "r1mpr/ksksk/p1P2/K1KSK/R1MPR d 2p,3r AEae - 0 4", "4m/1S3/5/5/2M2 l 4s,1m - PRp 0 9"} {
		p, _ := Parse(text)
		sum := 0.0
		for _, term := range p.Terms() {
			if term.Values[dark] != -term.Values[light] {
				t.Errorf("%s: term %s is not zero-sum: %v", text, term.Name, term.Values)
			}
			sum += term.Values[light]
		}
		if v := evaluate(&p); math.Abs(sum-v) > 1e-9 {
			t.Errorf("%s: terms add up to %v, Evaluate says %v", text, sum, v)
		}
	}
}

func TestTactics(t *testing.T) {
	var _ engine.Tactics = (*Position)(nil)
	// The light raven on a3 takes the paladin on a4 or flies over its squire onto the monarch;
	// the squire on b4, blocked by the raven on b5, takes the monarch with or without promoting.
	p, err := Parse("1rm2/pS3/R4/5/2M2 l 3r,4s - PP 0 9")
	if err != nil {
		t.Fatal(err)
	}
	var noisy []string
	for _, m := range p.Noisy(nil) {
		noisy = append(noisy, p.Notation(m))
	}
	slices.Sort(noisy)
	want := []string{"a3a4", "a3c5", "b4c5", "b4c5=p"}
	if !slices.Equal(noisy, want) {
		t.Errorf("Noisy = %v, want %v", noisy, want)
	}
	gains := map[string]float64{"a3a4": pieceValues[paladin], "a3c5": engine.WinValue, "b4c5": engine.WinValue,
		"b4c5=p": engine.WinValue, "a3a2": 0, "end": 0}
	for text, want := range gains {
		if got := p.Gain(mustMove(t, &p, text)); got != want {
			t.Errorf("Gain(%s) = %v, want %v", text, got, want)
		}
	}
	if p.InCheck() {
		t.Errorf("InCheck: the game has no check")
	}
	roll, _ := Parse(StartText)
	if n := roll.Noisy(nil); len(n) != 0 {
		t.Errorf("a roll phase offers noisy actions %v", n)
	}
}

// The optional search interfaces allocate nothing either.
func TestTacticsAllocateNothing(t *testing.T) {
	p, _ := Parse("1rm2/pS3/R4/5/2M2 l 3r,4s - PP 0 9")
	var buf [engine.MaxMoves]engine.Move
	m := mustMove(t, &p, "a3a4")
	if n := testing.AllocsPerRun(10, func() {
		_ = p.Noisy(buf[:0])
		_ = p.Gain(m)
		_ = p.CountMoves()
	}); n != 0 {
		t.Errorf("Noisy, Gain and CountMoves allocate %v times", n)
	}
}

func BenchmarkEvaluate(b *testing.B) {
	p, _ := Parse("r1mpr/ksksk/p1P2/K1KSK/R1MPR d 2p,3r AEae - 0 4")
	e := make([]float64, 2)
	b.ReportAllocs()
	for b.Loop() {
		p.Evaluate(e)
	}
}

func TestPromotionGain(t *testing.T) {
	p, _ := Parse("4m/1S3/5/5/2M2 l 4s,1m - PRp 0 9")
	if got, want := p.Gain(mustMove(t, &p, "b4b5=p")), pieceValues[paladin]-pieceValues[squire]; got != want {
		t.Errorf("Gain(b4b5=p) = %v, want %v", got, want)
	}
	if got := p.Gain(mustMove(t, &p, "b4b5")); got != 0 {
		t.Errorf("Gain(b4b5) = %v, want 0", got)
	}
}
