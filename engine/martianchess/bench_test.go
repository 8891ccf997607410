package martianchess

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
)

// benchStarts are the six start positions: both games, 2 players, 4, 4 in teams.
var benchStarts = []struct {
	name  string
	v     engine.Variant
	opts  engine.Options
	depth int
}{
	{"martian2", MartianChessVariant, nil, 4},
	{"martian4", MartianChessVariant, engine.Options{optPlayers: {Kind: engine.OptionInt, Int: 4}}, 4},
	{"martian4teams", MartianChessVariant, engine.Options{optPlayers: {Kind: engine.OptionInt, Int: 4}, optTeams: {Kind: engine.OptionBool, Bool: true}}, 4},
	{"coaster2", CoasterChessVariant, nil, 4},
	{"coaster4", CoasterChessVariant, engine.Options{optPlayers: {Kind: engine.OptionInt, Int: 4}}, 5},
	{"coaster4teams", CoasterChessVariant, engine.Options{optPlayers: {Kind: engine.OptionInt, Int: 4}, optTeams: {Kind: engine.OptionBool, Bool: true}}, 5},
}

// benchPerft counts the leaves depth plies below p as engine.Perft does (the last ply counted, not
// played), in storage given for each ply, so that counting allocates nothing.
func benchPerft(p *Position, depth int, bufs [][engine.MaxMoves]engine.Move, nodes []Position) uint64 {
	if depth == 1 {
		return p.CountMoves()
	}
	var n uint64
	for _, m := range p.Moves(bufs[depth][:0]) {
		p.apply(m, &nodes[depth])
		n += benchPerft(&nodes[depth], depth-1, bufs, nodes)
	}
	return n
}

// BenchmarkPerft counts from each start; nodes/s counts leaves.
func BenchmarkPerft(b *testing.B) {
	for _, s := range benchStarts {
		b.Run(s.name, func(b *testing.B) {
			start, err := s.v.Start(s.opts)
			if err != nil {
				b.Fatal(err)
			}
			bufs := make([][engine.MaxMoves]engine.Move, s.depth+1)
			nodes := make([]Position, s.depth+1)
			res, err := engine.Perft(context.Background(), start, s.depth, engine.PerftOptions{})
			if err != nil {
				b.Fatal(err)
			}
			if got := benchPerft(start.(*Position), s.depth, bufs, nodes); got != res.Nodes {
				b.Fatalf("counted %d leaves, engine.Perft %d", got, res.Nodes)
			}
			var n uint64
			b.ReportAllocs()
			for b.Loop() {
				n += benchPerft(start.(*Position), s.depth, bufs, nodes)
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

// BenchmarkPlayout plays uniformly random games from the start to the end, through the Node
// interface with no allocation. Half the actions call the clock, so most games end within a few
// dozen plies.
func BenchmarkPlayout(b *testing.B) {
	for _, s := range benchStarts {
		b.Run(s.name, func(b *testing.B) {
			start, err := s.v.Start(s.opts)
			if err != nil {
				b.Fatal(err)
			}
			root := start.(*Position)
			rng := rand.New(rand.NewPCG(1, 2))
			var buf [engine.MaxMoves]engine.Move
			var a, c Position
			var plies int
			b.ReportAllocs()
			for b.Loop() {
				a = *root
				cur, next := &a, &c
				for {
					ms := cur.Moves(buf[:0])
					if len(ms) == 0 {
						break
					}
					cur.apply(ms[rng.IntN(len(ms))], next)
					cur, next = next, cur
					plies++
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
			b.ReportMetric(float64(plies)/float64(b.N), "plies/playout")
		})
	}
}
