package ramayana

import (
	"context"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/internal/perfttable"
)

// perft counts leaves through Moves and apply, with one buffer and one position per ply.
func perft(p *Position, depth int, bufs [][engine.MaxMoves]engine.Move, nodes []Position) uint64 {
	if depth == 0 {
		return 1
	}
	moves := p.Moves(bufs[depth][:0])
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		p.apply(m, &nodes[depth])
		n += perft(&nodes[depth], depth-1, bufs, nodes)
	}
	return n
}

func runPerft(p Position, depth int) uint64 {
	bufs := make([][engine.MaxMoves]engine.Move, depth+1)
	nodes := make([]Position, depth+1)
	return perft(&p, depth, bufs, nodes)
}

func TestPerftTable(t *testing.T) {
	rows, err := perfttable.Read("testdata/perft.txt", 2)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		pos, err := Parse(r[0])
		if err != nil {
			t.Fatal(err)
		}
		counts, err := perfttable.Counts(r[1])
		if err != nil {
			t.Fatal(err)
		}
		for depth, want := range counts {
			if testing.Short() && depth > 3 {
				continue
			}
			if got := runPerft(pos, depth); got != want {
				t.Errorf("perft(%s, %d) = %d, want %d", r[0], depth, got, want)
			}
			res, err := engine.Perft(context.Background(), &pos, depth, engine.PerftOptions{})
			if err != nil || res.Nodes != want {
				t.Errorf("engine.Perft(%s, %d) = %d, %v; want %d", r[0], depth, res.Nodes, err, want)
			}
		}
	}
}

func TestStartMoves(t *testing.T) {
	p, err := Parse(StartText)
	if err != nil {
		t.Fatal(err)
	}
	if p.String() != StartText {
		t.Fatalf("round trip: %s", p.String())
	}
	var got []string
	for _, m := range p.Moves(nil) {
		got = append(got, p.Notation(m))
	}
	t.Log(got)
}

func TestMovesAllocateNothing(t *testing.T) {
	p, _ := Parse(StartText)
	var buf [engine.MaxMoves]engine.Move
	if a := testing.AllocsPerRun(10, func() { p.Moves(buf[:0]) }); a != 0 {
		t.Errorf("Moves allocated %v times", a)
	}
}
