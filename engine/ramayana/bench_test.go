package ramayana

import (
	"math/rand"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
)

// BenchmarkPerft counts the start position to depth 4 (44944 leaves) through Moves and apply.
func BenchmarkPerft(b *testing.B) {
	p, _ := Parse(StartText)
	bufs := make([][engine.MaxMoves]engine.Move, 5)
	nodes := make([]Position, 5)
	var total uint64
	b.ReportAllocs()
	for b.Loop() {
		if n := perft(&p, 4, bufs, nodes); n != 44944 {
			b.Fatalf("perft 4 = %d", n)
		}
		total += 44944
	}
	b.ReportMetric(float64(total)/b.Elapsed().Seconds(), "nodes/s")
}

// benchPositions are positions of random games from the start, a mix of openings and middle games.
func benchPositions() []Position {
	rng := rand.New(rand.NewSource(7))
	var out []Position
	var buf [engine.MaxMoves]engine.Move
	for len(out) < 256 {
		p, _ := Parse(StartText)
		for range 80 {
			moves := p.Moves(buf[:0])
			if len(moves) == 0 {
				break
			}
			out = append(out, p)
			var next Position
			p.apply(moves[rng.Intn(len(moves))], &next)
			p = next
		}
	}
	return out
}

// BenchmarkMoves generates the legal actions of a mix of game positions.
func BenchmarkMoves(b *testing.B) {
	ps := benchPositions()
	var buf [engine.MaxMoves]engine.Move
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		ps[i%len(ps)].Moves(buf[:0])
		i++
	}
}

// BenchmarkPlayout plays random games from the start to their end or 300 plies.
func BenchmarkPlayout(b *testing.B) {
	start, _ := Parse(StartText)
	rng := rand.New(rand.NewSource(3))
	var buf [engine.MaxMoves]engine.Move
	var plies int
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		p := start
		for range 300 {
			moves := p.Moves(buf[:0])
			if len(moves) == 0 {
				break
			}
			var next Position
			p.apply(moves[rng.Intn(len(moves))], &next)
			p = next
			plies++
		}
		n++
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "playouts/s")
	b.ReportMetric(float64(plies)/float64(n), "plies/playout")
}
