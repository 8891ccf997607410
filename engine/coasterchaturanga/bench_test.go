package coasterchaturanga

import (
	"context"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/search"
)

// benchStarts are the two start positions: four players each alone, and two (partners).
var benchStarts = []struct {
	name  string
	rules *rules
	perft []uint64 // perft 3 and 4: the rules file's, and perft_test.go's perft for 2 players' 4
}{
	{"4players", defaultRules, []uint64{583192, 28832882}},
	{"2players", &rules{players: 2, partnership: true, colours: defaultColours}, []uint64{555468, 26482696}},
}

// benchPerft counts as perft in perft_test.go does (rolls are not plies), in storage given for
// each level, so that counting allocates nothing. A turn has at most three actions after the
// roll, so a level is a roll or an action: 2*depth+1 levels are enough.
func benchPerft(p *Position, depth, level int, bufs [][engine.MaxMoves]engine.Move, nodes []Position) uint64 {
	if depth == 0 {
		return 1
	}
	roll := p.face == faceNone && !p.over
	var n uint64
	for _, m := range p.Moves(bufs[level][:0]) {
		p.apply(m, &nodes[level])
		if roll {
			n += benchPerft(&nodes[level], depth, level+1, bufs, nodes)
		} else {
			n += benchPerft(&nodes[level], depth-1, level+1, bufs, nodes)
		}
	}
	return n
}

// BenchmarkPerft counts perft 3 and 4 from each start; nodes/s counts leaves.
func BenchmarkPerft(b *testing.B) {
	graphFor(0) // the move graphs are built once, on first use: not in the count
	for _, s := range benchStarts {
		for d, want := range s.perft {
			depth := d + 3
			b.Run(s.name+"/depth="+strconv.Itoa(depth), func(b *testing.B) {
				p := start(s.rules)
				levels := 4*depth + 2
				bufs := make([][engine.MaxMoves]engine.Move, levels)
				nodes := make([]Position, levels)
				var n uint64
				b.ReportAllocs()
				for b.Loop() {
					if got := benchPerft(p, depth, 0, bufs, nodes); got != want {
						b.Fatalf("perft %d = %d, want %d", depth, got, want)
					}
					n += want
				}
				b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "nodes/s")
			})
		}
	}
}

// benchPositions are positions of random 4-player games from the start, every phase (rolls,
// compulsory moves, die actions, WILD's second move), openings to endings.
func benchPositions() []Position {
	rng := rand.New(rand.NewPCG(7, 7))
	var out []Position
	var buf [engine.MaxMoves]engine.Move
	for len(out) < 1024 {
		p := *start(defaultRules)
		for range 200 {
			moves := p.Moves(buf[:0])
			if len(moves) == 0 {
				break
			}
			out = append(out, p)
			var next Position
			p.apply(moves[rng.IntN(len(moves))], &next)
			p = next
		}
	}
	return out
}

// BenchmarkMoves generates the actions of the start (its roll, then each face) and of a mix of
// game positions.
func BenchmarkMoves(b *testing.B) {
	var buf [engine.MaxMoves]engine.Move
	st := start(defaultRules)
	var rolled []Position
	for _, m := range st.Moves(buf[:0]) {
		var q Position
		st.apply(m, &q)
		rolled = append(rolled, q)
	}
	for _, c := range []struct {
		name string
		ps   []Position
	}{{"start", []Position{*st}}, {"start_rolled", rolled}, {"games", benchPositions()}} {
		b.Run(c.name, func(b *testing.B) {
			var actions int
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				actions += len(c.ps[i%len(c.ps)].Moves(buf[:0]))
				i++
			}
			b.ReportMetric(float64(actions)/float64(b.N), "actions/op")
		})
	}
}

// BenchmarkPlayout plays uniformly random games (rolls included) from each start to their end.
func BenchmarkPlayout(b *testing.B) {
	for _, s := range benchStarts {
		b.Run(s.name, func(b *testing.B) {
			root := start(s.rules)
			rng := rand.New(rand.NewPCG(1, 2))
			var buf [engine.MaxMoves]engine.Move
			var a, c Position
			var plies, capped int
			b.ReportAllocs()
			for b.Loop() {
				a = *root
				cur, next := &a, &c
				for n := 0; ; n++ {
					if n == 10000 { // random players may shuffle for ever
						capped++
						break
					}
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
			b.ReportMetric(float64(capped)/float64(b.N), "capped/playout")
		})
	}
}

// BenchmarkSearchStart searches each start after its first roll (the search wants a player's
// choice at the root), the six faces in turn, to a fixed depth with a cleared table; nodes/s
// counts the search's nodes.
func BenchmarkSearchStart(b *testing.B) {
	for _, s := range benchStarts {
		for _, depth := range []int{3, 4} {
			b.Run(s.name+"/depth="+strconv.Itoa(depth), func(b *testing.B) {
				st := start(s.rules)
				var buf [engine.MaxMoves]engine.Move
				var roots []*Position
				for _, m := range st.Moves(buf[:0]) {
					q := new(Position)
					st.apply(m, q)
					roots = append(roots, q)
				}
				sr := search.NewSearcher(16 << 20)
				ctx := context.Background()
				opts := search.Options{Limits: search.Limits{Depth: depth}}
				if _, err := sr.Search(ctx, roots[0], opts, nil); err != nil {
					b.Fatal(err)
				}
				var nodes uint64
				b.ReportAllocs()
				i := 0
				for b.Loop() {
					b.StopTimer()
					sr.ClearTable()
					b.StartTimer()
					r, err := sr.Search(ctx, roots[i%len(roots)], opts, nil)
					i++
					if err != nil {
						b.Fatal(err)
					}
					nodes += r.Nodes
				}
				b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
				b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
			})
		}
	}
}

// enginetest.CheckNode (node_test.go) already checks that the search contract allocates nothing
// on one action of each position it walks; this checks every action of a mix of positions, and
// the direct Moves and apply that perft and playouts use.
func TestNoAllocs(t *testing.T) {
	ps := benchPositions()
	var buf [engine.MaxMoves]engine.Move
	var next Position
	e := make([]float64, seats)
	for i := 0; i < len(ps); i += 7 {
		p := &ps[i]
		if a := testing.AllocsPerRun(5, func() { p.Moves(buf[:0]) }); a != 0 {
			t.Fatalf("%s: Moves allocates %v times", p, a)
		}
		for _, m := range p.Moves(buf[:0]) {
			if a := testing.AllocsPerRun(5, func() { p.apply(m, &next); next.Evaluate(e); _ = next.Key() }); a != 0 {
				t.Fatalf("%s: playing %v allocates %v times", p, m, a)
			}
		}
	}
}

// BenchmarkSearchMCTSGreedy searches 32 positions of random games with alg=mcts-greedy (which in
// this game cuts its playouts and values them by FirstChances) to 100,000 nodes, about 20 ms.
func BenchmarkSearchMCTSGreedy(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	var roots []*Position
	var buf [engine.MaxMoves]engine.Move
	for len(roots) < 32 {
		cur := start(defaultRules)
		k := 10 + rng.IntN(80)
		ok := true
		for n := 0; n < k || cur.Phase() == engine.PhaseRoll; n++ {
			ms := cur.Moves(buf[:0])
			if len(ms) == 0 {
				ok = false
				break
			}
			next := new(Position)
			cur.apply(ms[rng.IntN(len(ms))], next)
			cur = next
		}
		if ok {
			roots = append(roots, cur)
		}
	}
	sr := search.NewSearcher(16 << 20)
	opts := search.Options{Limits: search.Limits{Nodes: 100000}, Algorithm: search.MCTSGreedy}
	var nodes uint64
	i := 0
	for b.Loop() {
		r, err := sr.Search(context.Background(), roots[i%len(roots)], opts, nil)
		if err != nil {
			b.Fatal(err)
		}
		i++
		nodes += r.Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}
