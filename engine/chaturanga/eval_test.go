package chaturanga

import (
	"math"
	"math/rand/v2"
	"strings"
	"sync"
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
	if TunedWeights.MopUpEdge <= 0 || TunedWeights.MopUpNear <= 0 {
		t.Skip("the mop-up terms are off")
	}
	edge, _ := Parse("3k4/8/8/8/8/3K4/8/R7 w - - 0 60")
	centre, _ := Parse("8/8/8/3k4/8/8/3K4/R7 w - - 0 60")
	if e, c := whiteValue(&edge), whiteValue(&centre); e <= c {
		t.Errorf("the bare king on the edge: %v, in the centre: %v", e, c)
	}
}

// Positions of WithWeights evaluate with its set, those of Variant with TunedWeights, at the
// same time: the sets are the variants', not the package's (go test -race checks).
func TestWithWeights(t *testing.T) {
	const fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"
	double := TunedWeights
	double.PieceEg[ratha] *= 2
	doubled := WithWeights(double)
	// A lone ratha is an ending: its endgame value counts alone.
	check := func(v engine.Variant, want float64) {
		p, err := v.Parse(fen)
		if err != nil {
			t.Error(err)
			return
		}
		if p.Variant() != v {
			t.Errorf("a position of %p has variant %p", v, p.Variant())
		}
		var buf [engine.MaxMoves]engine.Move
		for range 100 {
			next := p.NewNode()
			p.PlayInto(p.Moves(buf[:0])[0], next)
			back, _ := v.Parse(next.String())
			if got := p.Terms()[0].Values[white]; got != want {
				t.Errorf("material: %v, want %v", got, want)
				return
			}
			if next.Variant() != v || back.Variant() != v {
				t.Errorf("a child or reparsed position changed variant")
				return
			}
		}
	}
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(2)
		go func() { defer wg.Done(); check(doubled, 2*TunedWeights.PieceEg[ratha]) }()
		go func() { defer wg.Done(); check(Variant, TunedWeights.PieceEg[ratha]) }()
	}
	wg.Wait()
	if adopted, ok := doubled.(engine.Tunable).Adopt(ptrTo(Parse(fen))); !ok || adopted.Terms()[0].Values[white] != 2*TunedWeights.PieceEg[ratha] {
		t.Errorf("an adopted position evaluates with the registered set")
	}
}

func ptrTo(p Position, _ error) *Position { return &p }

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

func termsOf(t *testing.T, fen string) evalTerms {
	t.Helper()
	p, err := Parse(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p.evalTerms()
}

// The material mixes middlegame and endgame values by the pieces on the board: the start
// position less a horse (9,939 of non-pawn material) is (9939-3915)/(15258-3915) middlegame,
// a lone ratha all endgame.
func TestEvaluatePhase(t *testing.T) {
	w := TunedWeights
	mg := (9939.0 - 3915) / (15258 - 3915)
	got := termsOf(t, "r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1").material
	if want := mg*w.PieceMg[horse] + (1-mg)*w.PieceEg[horse]; math.Abs(got-want) > 1e-9 {
		t.Errorf("a horse up at the start: material %v, want %v", got, want)
	}
	if got := termsOf(t, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1").material; got != w.PieceEg[ratha] {
		t.Errorf("a lone ratha: material %v, want its endgame value %v", got, w.PieceEg[ratha])
	}
}

// A ratha in the open reaches 14 squares and scores its mobility; one shut in by its own
// pieces reaches none and loses.
func TestEvaluateMobility(t *testing.T) {
	free := termsOf(t, "4k3/8/8/8/3R4/8/8/4K3 w - - 0 1").mobility
	shut := termsOf(t, "4k3/8/8/8/8/8/7P/4K1NR w - - 0 1").mobility
	horseOnly := termsOf(t, "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1").mobility
	if free <= 0 || shut >= horseOnly {
		t.Errorf("ratha mobility: free %v (want > 0), shut in %v (want below the horse's alone, %v)", free, shut, horseOnly)
	}
}

// A ratha gains on a file without pawns, less on one without its own pawns, nothing behind
// its own pawn.
func TestEvaluateRathaFiles(t *testing.T) {
	open := termsOf(t, "4k3/p7/8/8/8/8/P7/3RK3 w - - 0 1").pieces
	half := termsOf(t, "4k3/p2p4/8/8/8/8/P7/3RK3 w - - 0 1").pieces
	closed := termsOf(t, "4k3/p7/8/8/8/8/P2P4/3RK3 w - - 0 1").pieces
	if !(open > half && half > closed && closed == 0) {
		t.Errorf("ratha on an open file %v, half-open %v, closed %v", open, half, closed)
	}
}

// A horse on e5 that the d4 pawn defends is an outpost while no black pawn can come to attack
// it; a pawn on f7, which can reach f6, spoils it.
func TestEvaluateHorseOutpost(t *testing.T) {
	outpost := termsOf(t, "4k3/p7/8/4N3/3P4/8/8/4K3 w - - 0 1").pieces
	spoiled := termsOf(t, "4k3/p4p2/8/4N3/3P4/8/8/4K3 w - - 0 1").pieces
	if outpost <= 0 || spoiled != 0 {
		t.Errorf("horse outpost %v (want > 0), with a pawn on f7 %v (want 0)", outpost, spoiled)
	}
}

// Connected pawns on the fourth rank score, the same pawns apart lose as isolated, and a
// doubled pawn loses more.
func TestEvaluatePawnStructure(t *testing.T) {
	connected := termsOf(t, "4k3/8/8/8/3PP3/8/8/4K3 w - - 0 1").pawns
	apart := termsOf(t, "4k3/8/8/8/8/8/P6P/4K3 w - - 0 1").pawns
	doubled := termsOf(t, "4k3/8/8/8/8/3P4/3P4/4K3 w - - 0 1").pawns
	if !(connected > 0 && apart < 0 && doubled < apart) {
		t.Errorf("pawn structure: connected %v, isolated %v, doubled and isolated %v", connected, apart, doubled)
	}
}

// A pawn no enemy pawn can stop is passed, and worth more the further it stands; a black pawn
// on e7, beside its path, stops the d-pawn (and the d-pawn it).
func TestEvaluatePassedPawns(t *testing.T) {
	fourth := termsOf(t, "4k3/8/8/8/3P4/8/8/4K3 w - - 0 1").passed
	sixth := termsOf(t, "4k3/8/3P4/8/8/8/8/4K3 w - - 0 1").passed
	stopped := termsOf(t, "4k3/4p3/8/8/3P4/8/8/4K3 w - - 0 1").passed
	if !(sixth > fourth && fourth > 0) || stopped != 0 {
		t.Errorf("passed pawn on the 4th %v, the 6th %v; d4 against e7 %v (want 0)", fourth, sixth, stopped)
	}
}

// A black horse attacked by a safe white pawn and a black ratha attacked by a white horse and
// defended by nothing are threats for white.
func TestEvaluateThreats(t *testing.T) {
	none := termsOf(t, "4k3/8/8/3n4/8/8/4P3/4K3 w - - 0 1").threats
	pawnOnHorse := termsOf(t, "4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1").threats
	hanging := termsOf(t, "4k3/8/8/3r4/8/4N3/8/4K3 w - - 0 1").threats
	if none != 0 || pawnOnHorse <= 0 || hanging <= 0 {
		t.Errorf("threats: none %v (want 0), pawn on horse %v, horse on hanging ratha %v (want > 0)", none, pawnOnHorse, hanging)
	}
	if pawnOnHorse < TunedWeights.ThreatByPawn[1] {
		t.Errorf("pawn on horse %v, want at least the endgame threat by a pawn %v", pawnOnHorse, TunedWeights.ThreatByPawn[1])
	}
}

// A black king whose ring white's rathas and horse attack, with safe checks, is in danger;
// the same king with the white pieces at home is not.
func TestEvaluateKingDanger(t *testing.T) {
	attacked := termsOf(t, "6k1/5ppp/8/6N1/8/8/1R5R/4K3 w - - 0 1").king
	quiet := termsOf(t, "6k1/5ppp/8/8/8/8/8/1R1NK2R w - - 0 1").king
	if attacked <= quiet {
		t.Errorf("king safety with black's king attacked %v, with white at home %v", attacked, quiet)
	}
}
