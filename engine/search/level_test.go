package search

import (
	"context"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
)

// A ratha left hanging: white's ratha on d1 takes black's on d5, which nothing defends.
const hangingRatha = "4k3/8/8/3r4/8/8/8/3RK3 w - - 0 1"

// The same with a horse on d5.
const hangingHorse = "4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1"

func levelChoice(t *testing.T, s *Searcher, fen string, level int, seed uint64) Result {
	t.Helper()
	r, err := s.Search(context.Background(), parseChaturanga(t, fen), Options{Level: level, Seed: seed}, nil)
	if err != nil {
		t.Fatalf("level %d: %v", level, err)
	}
	return r
}

func TestLevelIsReproducibleWithASeed(t *testing.T) {
	s := NewSearcher(1 << 16)
	start := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"
	seen := map[engine.Move]bool{}
	for seed := uint64(1); seed <= 40; seed++ {
		a := levelChoice(t, s, start, 1, seed).Best
		s.ClearTable()
		if b := levelChoice(t, s, start, 1, seed).Best; a != b {
			t.Fatalf("seed %d: %v, then %v", seed, a, b)
		}
		seen[a] = true
	}
	// The opening's actions are worth nearly the same: a weak level plays many of them.
	if len(seen) < 4 {
		t.Errorf("level 1 chose %d different openings over 40 seeds", len(seen))
	}
}

func TestLevelTakesAHangingPieceMostOfTheTime(t *testing.T) {
	s := NewSearcher(1 << 16)
	for _, c := range []struct {
		fen         string
		level       int
		least, most int // of 200 seeds
	}{
		{hangingRatha, 1, 190, 200},
		{hangingRatha, 4, 200, 200},
		// A horse, worth less: the weakest level takes it most of the time, not always.
		{hangingHorse, 1, 120, 190},
		{hangingHorse, 2, 180, 200},
		{hangingHorse, 7, 200, 200},
	} {
		root := parseChaturanga(t, c.fen)
		took := 0
		for seed := uint64(1); seed <= 200; seed++ {
			r := levelChoice(t, s, c.fen, c.level, seed)
			if root.Notation(r.Best) == "d1d5" {
				took++
			}
			if r.Lines[0].Move != r.Best {
				t.Fatalf("level %d: the first line is %v, the choice %v", c.level, r.Lines[0].Move, r.Best)
			}
			if len(r.Lines) != 1 {
				t.Fatalf("level %d: %d lines for a MultiPV of 0", c.level, len(r.Lines))
			}
		}
		if took < c.least || took > c.most {
			t.Errorf("%s: level %d took on d5 %d times of 200, want %d to %d", c.fen, c.level, took, c.least, c.most)
		}
	}
}

func TestLevelBudget(t *testing.T) {
	s := NewSearcher(1 << 16)
	start := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"
	for level := MinLevel; level < MaxLevel; level++ {
		r := levelChoice(t, s, start, level, 7)
		if spec := levelSpecs[level]; r.Depth > spec.depth || r.Nodes > spec.nodes+spec.nodes/4 {
			t.Errorf("level %d searched depth %d, %d nodes; its budget is depth %d, %d nodes", level, r.Depth, r.Nodes, spec.depth, spec.nodes)
		}
	}
	if _, err := s.Search(context.Background(), parseChaturanga(t, start), Options{Level: MaxLevel + 1}, nil); err == nil {
		t.Errorf("level %d was accepted", MaxLevel+1)
	}
	if _, err := s.Search(context.Background(), parseChaturanga(t, start), Options{Level: -1}, nil); err == nil {
		t.Errorf("level -1 was accepted")
	}
}
