package martian

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
)

func TestMovesFromStart(t *testing.T) {
	tests := []struct {
		roll string
		want []string
	}{
		// Paladins leap to a3, c3, e3 (their diagonals are blocked by keeps); squires step.
		{"roll 2 4", []string{"b1a3", "b1c3", "b2b3", "d1c3", "d1e3", "d2d3", "end"}},
		// The monarch is boxed in by its own pieces and keeps: only end.
		{"roll 1 1", []string{"end"}},
		// Ravens fly over their own squires; a double lists each move once.
		{"roll 3 3", []string{"a1c3", "e1c3", "end"}},
		// 1 and 3 rolled, but the paladins still stand between: no garrison yet.
		{"roll 1 3", []string{"a1c3", "e1c3", "end"}},
	}
	for _, tt := range tests {
		t.Run(tt.roll, func(t *testing.T) {
			if got := legal(after(t, StartText, tt.roll)); !slices.Equal(got, tt.want) {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}

func TestMovement(t *testing.T) {
	tests := []struct {
		name, pos string
		want      []string
	}{
		{"monarch slides like a queen, stopped by a keep, capturing", "4m/5/2k1s/5/2M2 l 1m,4- - Ps 0 9",
			[]string{"c1a1", "c1a3", "c1b1", "c1b2", "c1c2", "c1d1", "c1d2", "c1e1", "c1e3", "end"}},
		{"paladin leaps past its keep; the keep blocks its slide", "4m/5/5/1K3/P3M l 2p,4- - PSSRR 0 9",
			[]string{"a1b3", "a1c2", "end"}},
		{"raven flies over its own keep, never over an enemy keep", "4m/5/5/1K1k1/R1M1R l 3r,3r - PPSS 0 9",
			[]string{"a1a2", "a1a3", "a1a4", "a1a5", "a1b1", "a1c3", "e1d1", "e1e2", "e1e3", "e1e4", "e1e5", "end"}},
		{"squire steps forward, captures diagonally, never straight", "m4/5/1ps2/1S3/2M2 l 4s,4s - PPRR 0 9",
			[]string{"b2c3", "end"}},
		{"dark squire moves down", "m4/5/1s3/2S2/2M2 d 4s,4s - PPRR 0 9",
			[]string{"b3b2", "b3c2", "end"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := legal(after(t, tt.pos)); !slices.Equal(got, tt.want) {
				t.Errorf("got  %v\nwant %v", got, tt.want)
			}
		})
	}
}

func BenchmarkGenerate(b *testing.B) {
	p, _ := Parse("r1mpr/ksksk/p1P2/K1KSK/R1MPR d 2p,3r AEae - 0 4")
	buf := make([]engine.Move, 0, engine.MaxMoves)
	b.ReportAllocs()
	for b.Loop() {
		buf = p.Moves(buf[:0])
	}
}

// CountMoves counts what Moves lists, in positions of random games.
func TestCountMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	var buf [engine.MaxMoves]engine.Move
	for game := 0; game < 50; game++ {
		p, _ := Parse(StartText)
		for ply := 0; ply < 300 && p.Phase() != engine.PhaseFinished; ply++ {
			moves := p.Moves(buf[:0])
			if n := p.CountMoves(); n != uint64(len(moves)) {
				t.Fatalf("%s: CountMoves = %d, Moves lists %d", &p, n, len(moves))
			}
			var child Position
			p.play(moves[rng.IntN(len(moves))], &child)
			p = child
		}
		if n := p.CountMoves(); p.Phase() == engine.PhaseFinished && n != 0 {
			t.Fatalf("%s: a finished game counts %d actions", &p, n)
		}
	}
}

func BenchmarkCountMoves(b *testing.B) {
	p, _ := Parse("r1mpr/ksksk/p1P2/K1KSK/R1MPR d 2p,3r AEae - 0 4")
	b.ReportAllocs()
	for b.Loop() {
		_ = p.CountMoves()
	}
}

func BenchmarkPlayInto(b *testing.B) {
	p, _ := Parse("r1mpr/ksksk/p1P2/K1KSK/R1MPR d 2p,3r AEae - 0 4")
	moves := p.Moves(nil)
	dst := p.NewNode()
	b.ReportAllocs()
	for b.Loop() {
		for _, m := range moves {
			p.PlayInto(m, dst)
		}
	}
	b.ReportMetric(float64(len(moves)), "moves/op")
}
