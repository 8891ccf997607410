package hexapawn_test

import (
	"context"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/search"
)

func searchFor(t *testing.T, p engine.Position, opts search.Options) search.Result {
	t.Helper()
	r, err := search.NewSearcher(1<<20).Search(context.Background(), p, opts, nil)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// The search finds a won position's only win at the depth it takes: black to move wins in 3
// actions by b3a2 alone (b3b2 and c3c2 lose in 2).
func TestHexapawnSearchFindsWin(t *testing.T) {
	p := parse(t, "ppp/P2/1PP b")
	r := searchFor(t, p, search.Options{Limits: search.Limits{Depth: 3}})
	if got := p.Notation(r.Best); got != "b3a2" {
		t.Errorf("best %s, want b3a2", got)
	}
	if n, proven := engine.ProvenIn(r.Lines[0].Values[1], false); !proven || n != 3 {
		t.Errorf("value %v for black: proven %v in %d, want a win in 3", r.Lines[0].Values, proven, n)
	}
	// The default search (Auto, from the variant's hints) with a node budget finds it too.
	r = searchFor(t, p, search.Options{Limits: search.Limits{Nodes: 10000}})
	if got := p.Notation(r.Best); got != "b3a2" {
		t.Errorf("auto: best %s, want b3a2", got)
	}
}

// Hexapawn is a second-player win: searched to the end from the start, every first move of
// white loses: b1b2 in 6 actions against best play, the others in 4 (numbers from an independent
// Python solver).
func TestHexapawnSearchBlackWins(t *testing.T) {
	p := start(t)
	r := searchFor(t, p, search.Options{Limits: search.Limits{Depth: 12, MultiPV: 3}})
	if len(r.Lines) != 3 {
		t.Fatalf("%d lines, want 3", len(r.Lines))
	}
	want := map[string]int{"b1b2": -6, "a1a2": -4, "c1c2": -4}
	for i, l := range r.Lines {
		n, proven := engine.ProvenIn(l.Values[0], false)
		if !proven || n != want[p.Notation(l.Move)] || i == 0 && p.Notation(l.Move) != "b1b2" {
			t.Errorf("line %d %s: value %v for white: proven %v in %d, want %v", i, p.Notation(l.Move), l.Values, proven, n, want)
		}
	}
	// And every position play reaches is valued as plain minimax over the rules says.
	for text, q := range reachable(t) {
		if q.Phase() == engine.PhaseFinished {
			continue
		}
		want := solve(q)
		r := searchFor(t, q, search.Options{Limits: search.Limits{Depth: 12}, FullWidth: true})
		if got, proven := engine.ProvenIn(r.Lines[0].Values[q.ToMove()], false); !proven || got != want {
			t.Errorf("%s: the search says %d (proven %v), minimax %d", text, got, proven, want)
		}
	}
}

// solve is the mover's result by minimax: +n for a win in n actions, -n for a loss in n.
func solve(p engine.Position) int {
	var u [2]float64
	if p.Utility(u[:]) {
		return 0
	}
	best, rank := 0, -2000
	for _, m := range p.Moves(nil) {
		c, _ := p.Play(m)
		v := solve(c)
		var mine int
		switch {
		case c.Phase() == engine.PhaseFinished:
			// The mover just won (no draw in hexapawn): a win in 1.
			mine = 1
		case v < 0:
			mine = 1 - v
		default:
			mine = -(1 + v)
		}
		// A sooner win is better, and a later loss.
		r := -1000 - mine
		if mine > 0 {
			r = 1000 - mine
		}
		if r > rank {
			best, rank = mine, r
		}
	}
	return best
}
