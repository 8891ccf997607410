package search

import (
	"context"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/martian"
)

// The measurements behind the choices in doc.go. They take minutes:
//
//	go test ./engine/search -run Measure -measure -v
var measure = flag.Bool("measure", false, "run the measurements behind the package documentation")

// pairsOut names a file for TestMeasureFirstChances to write its positions to: "game mean first"
// lines, for fitting another model than its own.
var pairsOut = flag.String("pairs", "", "file to write TestMeasureFirstChances' (game, mean, first) lines to")

// matchStats sums one contestant's results over games.
type matchStats struct {
	seats          int
	wins, points   float64 // a shared win counts as a share
	rank           float64
	time           time.Duration
	choices        int
	diffs, diffSq  float64 // per game: this contestant's points minus the other's, per seat
	rankDiffs, rSq float64
}

// TestMeasureParanoidMaxN plays chaturaji (four players, no teams) between paranoid and max^n
// with equal node budgets: two seats each, alternating, swapped every other game.
func TestMeasureParanoidMaxN(t *testing.T) {
	if !*measure {
		t.Skip("a measurement; run with -measure")
	}
	for _, budget := range []uint64{2000, 20000} {
		var stats [2]matchStats // paranoid, max^n
		games := 200
		if budget > 2000 {
			games = 100
		}
		finished := 0
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
			end, _, err := PlayGame(context.Background(), start, bots, rand.New(rand.NewPCG(uint64(g), 99)), 4000)
			if err != nil {
				t.Fatal(err)
			}
			o := end.Outcome()
			if !o.Finished {
				continue
			}
			finished++
			var pts, rank [2]float64
			for seat := range 4 {
				s := &stats[owner[seat]]
				s.seats++
				s.rank += float64(o.Ranking[seat])
				s.points += float64(o.Scores[seat])
				pts[owner[seat]] += float64(o.Scores[seat]) / 2
				rank[owner[seat]] += float64(o.Ranking[seat]) / 2
				for _, w := range o.Winners {
					if w == seat {
						s.wins += 1 / float64(len(o.Winners))
					}
				}
			}
			d, r := pts[0]-pts[1], rank[0]-rank[1]
			stats[0].diffs, stats[0].diffSq = stats[0].diffs+d, stats[0].diffSq+d*d
			stats[0].rankDiffs, stats[0].rSq = stats[0].rankDiffs+r, stats[0].rSq+r*r
		}
		ci := func(sum, sq float64) (float64, float64) {
			n := float64(finished)
			mean := sum / n
			return mean, 1.96 * math.Sqrt((sq/n-mean*mean)/(n-1))
		}
		for k, name := range []string{"paranoid", "maxn"} {
			s := stats[k]
			t.Logf("budget %d nodes, %s: %d seat-games, win share %.3f, mean points %.2f, mean rank %.2f, %.2f ms a choice",
				budget, name, s.seats, s.wins/float64(s.seats), s.points/float64(s.seats), s.rank/float64(s.seats),
				float64(s.time.Microseconds())/1000/float64(max(s.choices, 1)))
		}
		dp, ep := ci(stats[0].diffs, stats[0].diffSq)
		dr, er := ci(stats[0].rankDiffs, stats[0].rSq)
		t.Logf("budget %d nodes, %d finished games: paranoid minus maxn per seat: points %.2f ± %.2f, rank %.3f ± %.3f (95%%)",
			budget, finished, dp, ep, dr, er)
	}
}

// timedBot adds the time a bot takes to its contestant's stats.
type timedBot struct {
	Bot
	stats *matchStats
}

func (b *timedBot) Choose(ctx context.Context, n engine.Position, rng *rand.Rand) (engine.Move, error) {
	start := time.Now()
	m, err := b.Bot.Choose(ctx, n, rng)
	b.stats.time += time.Since(start)
	b.stats.choices++
	return m, err
}

// measureFENs are the chaturanga positions the measurements search: the start, two middlegames
// and two endgames.
var measureFENs = []string{
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
	"r1b1k2r/1pp2ppp/p1n1pn2/3p4/3P1B2/2N1PN2/PPP2PPP/R3KB1R w - - 0 8",
	"r3k2r/1bp2ppp/p1nqpn2/1p1p4/3P1B2/2NQPN1P/PPP2PP1/R3KB1R b - - 3 11",
	"2r1k3/1P4P1/8/3q4/8/8/1p4p1/R3K3 w - - 0 40",
	"r3k3/8/8/8/4b3/8/3n4/R3K2R w - - 12 33",
}

// TestMeasurePVS counts the nodes chaturanga searches need with and without the null windows of
// principal variation search, and with and without Star1 on team chaturaji.
func TestMeasurePVS(t *testing.T) {
	if !*measure {
		t.Skip("a measurement; run with -measure")
	}
	for _, noPVS := range []bool{false, true} {
		var nodes uint64
		var elapsed time.Duration
		for _, fen := range measureFENs {
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

// TestMeasureEffort shows where a chaturanga search's effort goes: for five positions searched
// to a node budget, the depth reached, the effective branching factor (each iteration's nodes
// over the one before's, geometric mean over the last four), the share of cut-offs that came on
// the first action, and the aspiration re-searches at the root.
func TestMeasureEffort(t *testing.T) {
	if !*measure {
		t.Skip("a measurement; run with -measure")
	}
	const budget = 3_000_000
	var sumDepth, sumEBF float64
	var total searchStats
	for _, fen := range measureFENs {
		s := NewSearcher(16 << 20)
		var iterNodes []uint64
		r := mustSearchReport(t, s, parseChaturanga(t, fen), Options{Limits: Limits{Nodes: budget}}, func(r Result) {
			iterNodes = append(iterNodes, r.Nodes)
		})
		logEBF, k := 0.0, 0
		for i := len(iterNodes) - 1; i >= 1 && k < 4; i-- {
			logEBF += math.Log(float64(iterNodes[i]-iterNodes[i-1]) / float64(max(iterNodes[i-1]-prevOr0(iterNodes, i-2), 1)))
			k++
		}
		ebf := math.Exp(logEBF / float64(max(k, 1)))
		st := s.stats
		t.Logf("%-70s depth %2d  EBF %.2f  first-action cut-offs %.3f  aspiration re-searches %d in %d iterations  nodes/iteration %v",
			fen, r.Depth, ebf, float64(st.firstCutoffs)/float64(max(st.cutoffs, 1)), st.aspirationFails, st.aspirations, iterNodes)
		sumDepth += float64(r.Depth)
		sumEBF += ebf
		total.cutoffs += st.cutoffs
		total.firstCutoffs += st.firstCutoffs
	}
	t.Logf("%d nodes a position: mean depth %.2f, mean EBF %.2f, first-action cut-offs %.3f",
		budget, sumDepth/float64(len(measureFENs)), sumEBF/float64(len(measureFENs)), float64(total.firstCutoffs)/float64(max(total.cutoffs, 1)))
}

func prevOr0(x []uint64, i int) uint64 {
	if i < 0 {
		return 0
	}
	return x[i]
}

func mustSearchReport(t *testing.T, s *Searcher, root engine.Position, opts Options, report func(Result)) Result {
	t.Helper()
	r, err := s.Search(context.Background(), root, opts, report)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestMeasureChances checks how well MCTS's chances of winning (Line.Chances) in the two-sided
// dice games match the results: self-play at 20,000 nodes an action after 4 random opening
// actions, 150 games a game, the mover's chance each search answers against his side's result
// (a draw or an unfinished game 0.5), by tenths, with the Brier score beside that of always
// saying 0.5.
func TestMeasureChances(t *testing.T) {
	if !*measure {
		t.Skip("a measurement; run with -measure")
	}
	for _, v := range []engine.Variant{martian.Variant, martian.ChaturajiVariant} {
		type said struct {
			chance      float64
			mover, game int
		}
		var all []said
		results := make([][]float64, 150)
		s := NewSearcher(0)
		for g := range results {
			rng := rand.New(rand.NewPCG(uint64(g), 7))
			pos, err := v.Start(nil)
			if err != nil {
				t.Fatal(err)
			}
			opening := 0
			for range 3000 {
				moves := pos.Moves(nil)
				if len(moves) == 0 {
					break
				}
				var m engine.Move
				switch {
				case pos.Phase() == engine.PhaseRoll:
					m = engine.SampleRoll(pos, moves, rng)
				case opening < 4:
					m = moves[rng.IntN(len(moves))]
					opening++
				default:
					r, err := s.Search(context.Background(), pos, Options{Algorithm: MCTS, Limits: Limits{Nodes: 20000}}, nil)
					if err != nil {
						t.Fatal(err)
					}
					m = r.Best
					all = append(all, said{r.Lines[0].Chances[pos.ToMove()], pos.ToMove(), g})
				}
				pos, _ = pos.Play(m)
			}
			results[g] = make([]float64, engine.Players(pos))
			o := pos.Outcome()
			for p := range results[g] {
				if !o.Finished || len(o.Winners) == 0 {
					results[g][p] = 0.5
				}
			}
			for _, w := range o.Winners {
				results[g][w] = 1
			}
		}
		var bins [10]struct{ n, said, got float64 }
		var brier, flat float64
		for _, x := range all {
			y := results[x.game][x.mover]
			b := &bins[min(9, int(x.chance*10))]
			b.n++
			b.said += x.chance
			b.got += y
			brier += (x.chance - y) * (x.chance - y)
			flat += (0.5 - y) * (0.5 - y)
		}
		n := float64(len(all))
		fmt.Printf("%s: %d positions of %d games, Brier score %.4f (always 0.5: %.4f)\n", v.Describe().Name, len(all), len(results), brier/n, flat/n)
		for i, b := range bins {
			if b.n > 0 {
				fmt.Printf("  chance %.1f-%.1f  %5.0f positions  said %.3f  won %.3f\n", float64(i)/10, float64(i+1)/10, b.n, b.said/b.n, b.got/b.n)
			}
		}
	}
}

// TestMeasureFirstChances plays four-player chaturaji between four default searches (MCTSGreedy,
// 20,000 nodes an action) from 4 random actions, and compares each search's root mean for its
// mover (tanh of the value / scale) with whether he finished first (a shared first place counts
// its share). It fits chaturaji's SideHints.FirstPlace table to those pairs (isotonicTable),
// once to the even games, scored on the odd ones against the chances the search reports and
// always saying 0.25, and once to all, which is the table to keep. Lines that end the game
// (a mean of exactly 1 or -1) read their chances off the result and are left out.
func TestMeasureFirstChances(t *testing.T) {
	if !*measure {
		t.Skip("a measurement; run with -measure")
	}
	type said struct {
		mean, chance float64
		mover, game  int
	}
	var all []said
	results := make([][]float64, 200)
	s := NewSearcher(0)
	opts := Options{Limits: Limits{Nodes: 20000}}
	for g := range results {
		rng := rand.New(rand.NewPCG(uint64(g), 11))
		pos := chaturajiStart(t, nil, uint64(g))
		for n := 0; n < 3000; n++ {
			moves := pos.Moves(nil)
			if len(moves) == 0 {
				break
			}
			var m engine.Move
			switch {
			case pos.Phase() == engine.PhaseRoll:
				m = engine.SampleRoll(pos, moves, rng)
			case n < 4:
				m = moves[rng.IntN(len(moves))]
			default:
				r, err := s.Search(context.Background(), pos, opts, nil)
				if err != nil {
					t.Fatal(err)
				}
				m = r.Best
				p := pos.ToMove()
				x := said{mean: math.Tanh(r.Lines[0].Values[p] / mctsDefaults.scale), chance: -1, mover: p, game: g}
				if r.Lines[0].Chances != nil {
					x.chance = r.Lines[0].Chances[p]
				}
				if math.Abs(x.mean) < 1 {
					all = append(all, x)
				}
			}
			pos, _ = pos.Play(m)
		}
		o := pos.Outcome()
		results[g] = make([]float64, engine.Players(pos))
		for _, w := range o.Winners {
			results[g][w] = 1 / float64(len(o.Winners))
		}
	}
	fit := func(odd bool) firstTable {
		var means, firsts []float64
		for _, x := range all {
			if odd || x.game%2 == 0 {
				means = append(means, x.mean)
				firsts = append(firsts, results[x.game][x.mover])
			}
		}
		return isotonicTable(means, firsts)
	}
	even := fit(false)
	var bins [10]struct{ n, said, got float64 }
	var brierFit, brier, flat, held float64
	for _, x := range all {
		y := results[x.game][x.mover]
		if x.chance >= 0 {
			bin := &bins[min(9, int(x.chance*10))]
			bin.n++
			bin.said += x.chance
			bin.got += y
		}
		if x.game%2 == 0 {
			continue
		}
		held++
		brierFit += (even.at(x.mean) - y) * (even.at(x.mean) - y)
		flat += (0.25 - y) * (0.25 - y)
		if x.chance >= 0 {
			brier += (x.chance - y) * (x.chance - y)
		}
	}
	fmt.Printf("chaturaji, 4 players: %d positions of %d games; fitted to the even games, on the odd (%.0f positions) Brier score %.4f, the reported chances %.4f, always 0.25 %.4f\n", len(all), len(results), held, brierFit/held, brier/held, flat/held)
	fmt.Printf("table fitted to all: %#v\n", fit(true))
	for i, bin := range bins {
		if bin.n > 0 {
			fmt.Printf("  chance %.1f-%.1f  %5.0f positions  said %.3f  first %.3f\n", float64(i)/10, float64(i+1)/10, bin.n, bin.said/bin.n, bin.got/bin.n)
		}
	}
	if *pairsOut != "" {
		var b strings.Builder
		for _, x := range all {
			fmt.Fprintf(&b, "%d %.6f %.4f\n", x.game, x.mean, results[x.game][x.mover])
		}
		if err := os.WriteFile(*pairsOut, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// isotonicTable fits the SideHints.FirstPlace table: at each knot the first places of the positions whose
// mean is nearest to it, made non-decreasing by pooling adjacent knots that fall (pool adjacent
// violators), rounded to 0.001.
func isotonicTable(means, firsts []float64) firstTable {
	var tab firstTable
	type block struct {
		sum, n float64
		knots  int
	}
	var blocks []block
	for k := range tab {
		var b block
		for i, m := range means {
			if int(math.Round((m+1)*float64(len(tab)-1)/2)) == k {
				b.sum += firsts[i]
				b.n++
			}
		}
		b.knots = 1
		blocks = append(blocks, b)
		for j := len(blocks) - 1; j > 0 && (blocks[j].n == 0 || blocks[j-1].n == 0 || blocks[j-1].sum/blocks[j-1].n >= blocks[j].sum/blocks[j].n); j-- {
			a, b := blocks[j-1], blocks[j]
			blocks[j-1] = block{a.sum + b.sum, a.n + b.n, a.knots + b.knots}
			blocks = blocks[:j]
		}
	}
	k := 0
	for _, b := range blocks {
		for range b.knots {
			tab[k] = math.Round(b.sum/b.n*1000) / 1000
			k++
		}
	}
	return tab
}
