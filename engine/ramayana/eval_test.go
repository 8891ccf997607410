package ramayana

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/search"
)

// mirror is the half-turn image of p with the colours swapped: the board is symmetric under the
// half turn, which takes square sq to squares-1-sq.
func mirror(p *Position) *Position {
	q := *p
	for sq := range p.board {
		c := p.board[sq]
		if c != 0 && cellOwner(c) < 2 {
			c = pieceCell(cellKind(c), 1-cellOwner(c))
		}
		q.board[squares-1-sq] = c
	}
	q.side = 1 - p.side
	return &q
}

func eval(p *Position) float64 {
	var e [2]float64
	p.Evaluate(e[:])
	if e[red] != -e[yellow] {
		panic("not zero-sum")
	}
	return e[yellow]
}

// The mirror image evaluates to the negation, on positions of random games; the terms add up to
// the evaluation.
func TestEvaluateSymmetric(t *testing.T) {
	start, _ := Parse(StartText)
	if v := eval(&start); math.Abs(v) > 1e-9 {
		t.Errorf("the start evaluates to %v", v)
	}
	rng := rand.New(rand.NewPCG(3, 1))
	asymmetric := 0
	for g := range 20 {
		text := StartText
		if g%2 == 1 {
			text = advanced
		}
		p, _ := Parse(text)
		for range 200 {
			v, w := eval(&p), eval(mirror(&p))
			if math.Abs(v+w) > 1e-9 {
				t.Fatalf("%s evaluates to %v, its mirror %s to %v", p.String(), v, mirror(&p).String(), w)
			}
			if math.Abs(v) > 1e-9 {
				asymmetric++
			}
			sum := 0.0
			for _, term := range p.Terms() {
				sum += term.Values[yellow]
				if term.Values[red] != -term.Values[yellow] {
					t.Fatalf("%s: term %s is not zero-sum", p.String(), term.Name)
				}
			}
			if math.Abs(sum-v) > 1e-9 {
				t.Fatalf("%s: terms add up to %v, Evaluate gives %v", p.String(), sum, v)
			}
			moves := p.Moves(nil)
			if len(moves) == 0 {
				break
			}
			p.apply(moves[rng.IntN(len(moves))], &p)
		}
	}
	if asymmetric == 0 {
		t.Errorf("every position evaluated to 0")
	}
}

func terms(p *Position) map[string]float64 {
	out := map[string]float64{}
	for _, term := range p.Terms() {
		out[term.Name] = term.Values[yellow]
	}
	return out
}

// Hand-checked terms: yellow's Muni next to the Rakshasa on i8 lets him move it; red's royal
// stands on the Rakshasa b9's diagonal; yellow's Rajah, next to b9, moves it for free.
func TestEvaluateTerms(t *testing.T) {
	p := build(t, "r", map[string]string{"e2": "R", "j9": "M", "f15": "r", "e6": "u", "i8": "K", "b9": "K"})
	got := terms(p)
	w := TunedWeights
	want := map[string]float64{
		"material":            w.Muni - 1,
		"maharajah":           0,
		"reach":               w.Reach * float64(len(targets[muni][mustSquare("j9")])),
		"untouchable_advance": -w.Advance * 8, // e6 is eight ranks from e14
		"rakshasa_control":    w.Control,
		"rakshasa_exposure":   0,
	}
	for name, v := range want {
		if math.Abs(got[name]-v) > 1e-9 {
			t.Errorf("%s = %v, want %v (all: %v)", name, got[name], v, got)
		}
	}
	// The red royal on e12 is on b9's diagonal, next to yellow's Muni: red is in check.
	q := build(t, "r", map[string]string{"g2": "+R", "a8": "M", "e12": "r", "i8": "K", "b9": "K", "g10": "i"})
	got = terms(q)
	if g := got["maharajah"]; g != w.Maharajah {
		t.Errorf("maharajah %v", g)
	}
	// Yellow controls b9 (a8); red's Singh on g10 is next to no Rakshasa (i8 is two files away).
	if g := got["rakshasa_control"]; g != w.Control {
		t.Errorf("control %v, want %v", g, w.Control)
	}
	// Only red is exposed, to both Rakshasas (e12 lies on b9's and i8's diagonals); g2 lies on
	// neither one's.
	if g := got["rakshasa_exposure"]; g != 2*w.Exposed {
		t.Errorf("exposure %v, want %v", g, 2*w.Exposed)
	}
}

func TestEvaluateAllocatesNothing(t *testing.T) {
	p, _ := Parse(advanced)
	var e [2]float64
	if a := testing.AllocsPerRun(20, func() { p.Evaluate(e[:]) }); a != 0 {
		t.Errorf("Evaluate allocated %v times", a)
	}
	var _ engine.Judge = &p
}

// weighted is a search bot that evaluates with its own weights: it searches the position as one
// of a variant with them.
type weighted struct {
	search.Bot
	w Weights
}

func (b weighted) Choose(ctx context.Context, n engine.Position, rng *rand.Rand) (engine.Move, error) {
	p, _ := WithWeights(b.w).(engine.Tunable).Adopt(n)
	return b.Bot.Choose(ctx, p, rng)
}

// TestTuneWeights plays the weights of RAMAYANA_TUNE (reach,advance,control,royal,exposed)
// against the package's, both seatings of every opening, at RAMAYANA_TUNE_DEPTH (3), for
// RAMAYANA_TUNE_PAIRS (20) openings from RAMAYANA_TUNE_SEED (1). A measurement, not a test.
func TestTuneWeights(t *testing.T) {
	spec := os.Getenv("RAMAYANA_TUNE")
	if spec == "" {
		t.Skip("set RAMAYANA_TUNE=reach,advance,control,royal,exposed")
	}
	w := TunedWeights
	if _, err := fmt.Sscanf(spec, "%g,%g,%g,%g,%g", &w.Reach, &w.Advance, &w.Control, &w.Royal, &w.Exposed); err != nil {
		t.Fatal(err)
	}
	env := func(name string, def int) int {
		if v, err := strconv.Atoi(os.Getenv(name)); err == nil {
			return v
		}
		return def
	}
	depth, pairs, seed := env("RAMAYANA_TUNE_DEPTH", 3), env("RAMAYANA_TUNE_PAIRS", 20), env("RAMAYANA_TUNE_SEED", 1)
	opts := search.Options{Limits: search.Limits{Depth: depth}}
	score, games, plies := 0.0, 0, 0
	reasons := map[string]int{}
	for g := range pairs {
		rng := rand.New(rand.NewPCG(uint64(seed), uint64(g)))
		open, _ := Parse(StartText)
		for range 4 {
			moves := open.Moves(nil)
			open.apply(moves[rng.IntN(len(moves))], &open)
		}
		for seat := range 2 {
			bots := []search.Bot{weighted{search.SearchBot(search.NewSearcher(1<<22), opts), w},
				weighted{search.SearchBot(search.NewSearcher(1<<22), opts), TunedWeights}}
			if seat == 1 {
				bots[0], bots[1] = bots[1], bots[0]
			}
			start := open
			end, n, err := search.PlayGame(context.Background(), &start, bots, rng, 200)
			if err != nil {
				t.Fatal(err)
			}
			o := end.Outcome()
			// Unfinished games (they rarely end) go to the side two pawns of material ahead.
			if !o.Finished {
				o.Reason = "unfinished"
				switch m := end.(*Position).evalTerms().material; {
				case m >= 2:
					o.Winners, o.Reason = []int{yellow}, "material"
				case m <= -2:
					o.Winners, o.Reason = []int{red}, "material"
				}
			}
			reasons[o.Reason]++
			switch {
			case len(o.Winners) == 0:
				score += 0.5
			case o.Winners[0] == seat:
				score++
			}
			games++
			plies += n
		}
	}
	t.Logf("weights %+v against %+v, depth %d: score %.3f over %d games (%.1f plies each), ends %v",
		w, TunedWeights, depth, score/float64(games), games, float64(plies)/float64(games), reasons)
}
