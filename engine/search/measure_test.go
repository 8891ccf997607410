package search

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/ashtapada/ashtapada/engine"
)

// The measurements behind the choices in doc.go. They take minutes:
//
//	go test ./engine/search -run Measure -measure -v
var measure = flag.Bool("measure", false, "run the measurements behind the package documentation")

// matchStats sums one contestant's results over games.
type matchStats struct {
	games          int
	wins, points   float64 // a shared win counts as a share
	rank           float64
	timeSum        time.Duration
	decided, moves int
}

// TestMeasureParanoidMaxN plays chaturaji (four players, no teams) between paranoid and max^n
// with equal node budgets: two seats each, swapped every other game.
func TestMeasureParanoidMaxN(t *testing.T) {
	if !*measure {
		t.Skip("a measurement; run with -measure")
	}
	for _, budget := range []uint64{2000, 20000} {
		var stats [2]matchStats // paranoid, max^n
		const games = 40
		for g := range games {
			algs := [2]Algorithm{Paranoid, MaxN}
			bots := make([]Bot, 4)
			owner := make([]int, 4)
			for seat := range 4 {
				k := (seat + g) % 2
				owner[seat] = k
				bots[seat] = &timedBot{Bot: SearchBot(NewSearcher(4<<20), Options{Algorithm: algs[k], Limits: Limits{Nodes: budget}}), stats: &stats[k]}
			}
			start := chaturajiStart(t, nil, uint64(g))
			end, n, err := PlayGame(context.Background(), start, bots, rand.New(rand.NewPCG(uint64(g), 99)), 4000)
			if err != nil {
				t.Fatal(err)
			}
			o := end.Outcome()
			for seat := range 4 {
				s := &stats[owner[seat]]
				s.games++
				s.moves += n
				if o.Finished {
					s.decided++
					s.rank += float64(o.Ranking[seat])
					for _, w := range o.Winners {
						if w == seat {
							s.wins += 1 / float64(len(o.Winners))
						}
					}
				}
				s.points += float64(o.Scores[seat])
			}
		}
		for k, name := range []string{"paranoid", "maxn"} {
			s := stats[k]
			t.Logf("budget %d nodes, %s: %d seat-games, wins %.1f, mean points %.2f, mean rank %.2f (of %d finished), %.1f ms a move",
				budget, name, s.games, s.wins, s.points/float64(s.games), s.rank/float64(max(s.decided, 1)), s.decided,
				float64(s.timeSum.Milliseconds())/float64(max(s.moves/4, 1)))
		}
	}
}

// timedBot adds the time a bot takes to its contestant's stats.
type timedBot struct {
	Bot
	stats *matchStats
}

func (b *timedBot) Choose(ctx context.Context, n engine.Node, rng *rand.Rand) (engine.Move, error) {
	start := time.Now()
	m, err := b.Bot.Choose(ctx, n, rng)
	b.stats.timeSum += time.Since(start)
	return m, err
}

// TestMeasurePVS counts the nodes chaturanga searches need with and without the null windows of
// principal variation search, and with and without Star1 on team chaturaji.
func TestMeasurePVS(t *testing.T) {
	if !*measure {
		t.Skip("a measurement; run with -measure")
	}
	fens := []string{
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
		"r1b1k2r/1pp2ppp/p1n1pn2/3p4/3P1B2/2N1PN2/PPP2PPP/R3KB1R w - - 0 8",
		"r3k2r/1bp2ppp/p1nqpn2/1p1p4/3P1B2/2NQPN1P/PPP2PP1/R3KB1R b - - 3 11",
		"2r1k3/1P4P1/8/3q4/8/8/1p4p1/R3K3 w - - 0 40",
		"r3k3/8/8/8/4b3/8/3n4/R3K2R w - - 12 33",
	}
	for _, noPVS := range []bool{false, true} {
		var nodes uint64
		var elapsed time.Duration
		for _, fen := range fens {
			s := NewSearcher(64 << 20)
			s.noPVS = noPVS
			r := mustSearch(t, s, parseChaturanga(t, fen), Options{Limits: Limits{Depth: 7}})
			nodes += r.Nodes
			elapsed += r.Elapsed
		}
		t.Logf("chaturanga depth 7, 5 positions, PVS %v: %d nodes, %v", !noPVS, nodes, elapsed)
	}
	for _, noStar1 := range []bool{false, true} {
		var nodes uint64
		var elapsed time.Duration
		for seed := range uint64(10) {
			s := NewSearcher(64 << 20)
			s.noStar1 = noStar1
			r := mustSearch(t, s, chaturajiStart(t, teamPlay, seed), Options{Limits: Limits{Depth: 5}})
			nodes += r.Nodes
			elapsed += r.Elapsed
		}
		t.Logf("team chaturaji depth 5, 10 starts, Star1 %v: %d nodes, %v", !noStar1, nodes, elapsed)
	}
	_ = fmt.Sprint
}
