package search_test

import (
	"context"
	"fmt"

	"github.com/ashtapada/ashtapada/engine/chaturanga"
	"github.com/ashtapada/ashtapada/engine/search"
)

// Example finds a back-rank mate: the ratha mates on a8 at once, which is worth engine.WinValue
// less the one ply it takes.
func Example() {
	p, err := chaturanga.Parse("7k/6pp/8/8/8/8/8/R5K1 w - - 0 1")
	if err != nil {
		panic(err)
	}
	s := search.NewSearcher(1 << 20)
	r, err := s.Search(context.Background(), &p, search.Options{Limits: search.Limits{Depth: 3}}, nil)
	if err != nil {
		panic(err)
	}
	fmt.Println(p.Notation(r.Best), r.Lines[0].Values)
	// Output: a1a8 [9999 -9999]
}

// ExampleRollout plays random games from the start of chaturanga; a seed makes them repeatable.
func ExampleRollout() {
	p := chaturanga.New()
	r, err := search.Rollout(context.Background(), &p, search.RolloutOptions{Playouts: 100, Seed: 1})
	if err != nil {
		panic(err)
	}
	fmt.Println(r.Playouts, r.Wins[0]+r.Draws[0]+r.Losses[0]+r.Unfinished)
	// Output: 100 100
}
