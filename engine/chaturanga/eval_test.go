package chaturanga

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
)

// flip is p seen from the other side: ranks reversed, colours and the side to move swapped.
func flip(t *testing.T, fen string) *Position {
	t.Helper()
	f := strings.Fields(fen)
	ranks := strings.Split(f[0], "/")
	for i, j := 0, len(ranks)-1; i < j; i, j = i+1, j-1 {
		ranks[i], ranks[j] = ranks[j], ranks[i]
	}
	board := []rune(strings.Join(ranks, "/"))
	for i, r := range board {
		switch {
		case r >= 'a' && r <= 'z':
			board[i] = r - 'a' + 'A'
		case r >= 'A' && r <= 'Z':
			board[i] = r - 'A' + 'a'
		}
	}
	f[0] = string(board)
	f[1] = map[string]string{"w": "b", "b": "w"}[f[1]]
	p, err := Parse(strings.Join(f, " "))
	if err != nil {
		t.Fatal(err)
	}
	return &p
}

func whiteValue(p *Position) float64 {
	var e [2]float64
	p.Evaluate(e[:])
	return e[white]
}

// Over positions of random games: the colour-flipped position evaluates to the negation, the
// terms add up to Evaluate, and Evaluate allocates nothing.
func TestEvaluateSymmetric(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for g := range 10 {
		p, _ := Parse(StartFEN)
		for ply := 0; ply < 120; ply++ {
			v, w := whiteValue(&p), whiteValue(flip(t, p.FEN()))
			if math.Abs(v+w) > 1e-9 {
				t.Fatalf("game %d: %s evaluates to %v, its mirror to %v", g, p.FEN(), v, w)
			}
			sum := 0.0
			for _, term := range p.Terms() {
				sum += term.Values[white]
			}
			if math.Abs(sum-v) > 1e-9 {
				t.Fatalf("%s: terms add up to %v, Evaluate gives %v", p.FEN(), sum, v)
			}
			moves := p.Moves(nil)
			if len(moves) == 0 {
				break
			}
			next, _ := p.Play(moves[rng.IntN(len(moves))])
			p = *next.(*Position)
		}
	}
	p, _ := Parse(StartFEN)
	var e [2]float64
	if a := testing.AllocsPerRun(20, func() { p.Evaluate(e[:]) }); a != 0 {
		t.Errorf("Evaluate allocated %v times", a)
	}
}

// With a ratha up, the side ahead is better off with the enemy king on the edge and its own
// king near it: the mop-up terms drive a bare king to where it can be mated.
func TestEvaluateMopUp(t *testing.T) {
	if weights.MopUpEdge <= 0 || weights.MopUpNear <= 0 {
		t.Skip("the mop-up terms are off")
	}
	edge, _ := Parse("3k4/8/8/8/8/3K4/8/R7 w - - 0 60")
	centre, _ := Parse("8/8/8/3k4/8/8/3K4/R7 w - - 0 60")
	if e, c := whiteValue(&edge), whiteValue(&centre); e <= c {
		t.Errorf("the bare king on the edge: %v, in the centre: %v", e, c)
	}
}

// SetWeights swaps the set Evaluate uses.
func TestSetWeights(t *testing.T) {
	p, _ := Parse("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
	double := weights
	double.PieceEg[ratha] *= 2
	old := SetWeights(double)
	got := p.Terms()[0].Values[white]
	SetWeights(old)
	// A lone ratha is an ending: its endgame value counts alone.
	if want := 2 * old.PieceEg[ratha]; got != want {
		t.Errorf("material with the ratha doubled: %v, want %v", got, want)
	}
	var _ engine.Judge = &p
}

func BenchmarkEvaluate(b *testing.B) {
	p, err := Parse("r3k2r/1bp2ppp/p1nqpn2/1p1p4/3P1B2/2NQPN1P/PPP2PP1/R3KB1R b - - 3 11")
	if err != nil {
		b.Fatal(err)
	}
	var e [2]float64
	b.ReportAllocs()
	for b.Loop() {
		p.Evaluate(e[:])
	}
}
