// Command experiments runs the measurements behind the choices in engine/search's documentation
// (doc.go) and docs/measurements.md. Each takes minutes at its defaults; smaller counts make a
// quick check that it runs.
//
//	go run ./cmd/experiments paranoid-maxn [--games N] [--budgets 2000,20000]
//	go run ./cmd/experiments chances [--games N] [--nodes K]
//	go run ./cmd/experiments first-chances [--games N] [--nodes K] [--pairs FILE]
//	go run ./cmd/experiments review-agreement --records FILE [--movetime D] [--fairy-depth N] [--fairy PATH]
//
// paranoid-maxn plays chaturaji (four players, no teams) between paranoid and max^n with equal
// node budgets: two seats each, alternating, swapped every other game, the dice of game g seeded
// with g. For each budget (--budgets, N games at the first and N/2 at the others) it prints each
// algorithm's win share, mean points and rank and time a choice, and paranoid's lead in points
// and rank per seat with its 95% interval.
//
// chances checks how well MCTS's chances of winning (Line.Chances) in the two-sided dice games
// (Martian Chaturanga, Martian Chaturaji) match the results: self-play at K nodes an action after
// 4 random opening actions, N games a game, the mover's chance each search answers against his
// side's result (a draw or an unfinished game 0.5), by tenths, with the Brier score beside that
// of always saying 0.5.
//
// first-chances plays four-player chaturaji between four default searches (MCTSGreedy, K nodes
// an action) from 4 random actions, and compares each search's root mean for its mover
// (search.MCTSMean of its value) with whether he finished first (a shared first place counts its
// share). It fits chaturaji's SideHints.FirstPlace table to those pairs (isotonic), once to the
// even games, scored on the odd ones against the chances the search reports and always saying
// 0.25, and once to all, which is the table to keep. Lines that end the game (a mean of exactly 1
// or -1) read their chances off the result and are left out. --pairs writes the positions as
// "game mean first" lines, for fitting another model.
//
// review-agreement reviews the chaturanga games of a record file (ashtapada match --records)
// with engine/review and asks Fairy-Stockfish for its evaluation of every position reached at a
// fixed depth, and reports how often the two put the same side ahead where both call the game
// clearly decided (a pawn or more from level).
//
// Two more measurements need the search's internals and are benchmarks of engine/search, which
// report their figures as metrics:
//
//	go test ./engine/search -run '^$' -bench 'PVS|Effort' -benchtime 1x -v
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/chaturaji"
	"github.com/ashtapada/ashtapada/engine/martian"
	"github.com/ashtapada/ashtapada/engine/search"
)

const usage = "usage: experiments paranoid-maxn|chances|first-chances|review-agreement [flags]"

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, usage)
		os.Exit(2)
	}
	var err error
	switch os.Args[1] {
	case "paranoid-maxn":
		err = paranoidMaxN(os.Args[2:])
	case "chances":
		err = chances(os.Args[2:])
	case "first-chances":
		err = firstChances(os.Args[2:])
	case "review-agreement":
		err = reviewAgreement(os.Args[2:])
	default:
		err = fmt.Errorf("unknown experiment %q; %s", os.Args[1], usage)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "experiments:", err)
		os.Exit(1)
	}
}

// chaturajiStart returns the start of a chaturaji game with the given options, after the first
// roll (so that a player chooses), with the roll drawn from seed.
func chaturajiStart(opts engine.Options, seed uint64) (engine.Position, error) {
	n, err := chaturaji.Variant.Start(opts)
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(seed, 1))
	for n.Phase() == engine.PhaseRoll {
		n, _ = n.Play(engine.SampleRoll(n, n.Moves(nil), rng))
	}
	return n, nil
}

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

// timedBot adds the time a bot takes to its contestant's stats.
type timedBot struct {
	search.Bot
	stats *matchStats
}

func (b *timedBot) Choose(ctx context.Context, n engine.Position, rng *rand.Rand) (engine.Move, error) {
	start := time.Now()
	m, err := b.Bot.Choose(ctx, n, rng)
	b.stats.time += time.Since(start)
	b.stats.choices++
	return m, err
}

func paranoidMaxN(args []string) error {
	fs := flag.NewFlagSet("paranoid-maxn", flag.ExitOnError)
	games := fs.Int("games", 200, "games at the first budget; half as many at the others")
	budgetList := fs.String("budgets", "2000,20000", "comma-separated node budgets a choice")
	fs.Parse(args)
	var budgets []uint64
	for _, f := range strings.Split(*budgetList, ",") {
		b, err := strconv.ParseUint(strings.TrimSpace(f), 10, 64)
		if err != nil || b == 0 {
			return fmt.Errorf("paranoid-maxn: bad budget %q", f)
		}
		budgets = append(budgets, b)
	}
	for i, budget := range budgets {
		var stats [2]matchStats // paranoid, max^n
		n := *games
		if i > 0 {
			n = max(1, n/2)
		}
		finished := 0
		for g := range n {
			algs := [2]search.Algorithm{search.Paranoid, search.MaxN}
			bots := make([]search.Bot, 4)
			owner := make([]int, 4)
			for seat := range 4 {
				k := (seat + g) % 2
				owner[seat] = k
				bots[seat] = &timedBot{Bot: search.SearchBot(search.NewSearcher(4<<20), search.Options{Algorithm: algs[k], Limits: search.Limits{Nodes: budget}}), stats: &stats[k]}
			}
			start, err := chaturajiStart(nil, uint64(g))
			if err != nil {
				return err
			}
			end, _, err := search.PlayGame(context.Background(), start, bots, rand.New(rand.NewPCG(uint64(g), 99)), 4000)
			if err != nil {
				return err
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
			fmt.Printf("budget %d nodes, %s: %d seat-games, win share %.3f, mean points %.2f, mean rank %.2f, %.2f ms a choice\n",
				budget, name, s.seats, s.wins/float64(s.seats), s.points/float64(s.seats), s.rank/float64(s.seats),
				float64(s.time.Microseconds())/1000/float64(max(s.choices, 1)))
		}
		dp, ep := ci(stats[0].diffs, stats[0].diffSq)
		dr, er := ci(stats[0].rankDiffs, stats[0].rSq)
		fmt.Printf("budget %d nodes, %d finished games: paranoid minus maxn per seat: points %.2f ± %.2f, rank %.3f ± %.3f (95%%)\n",
			budget, finished, dp, ep, dr, er)
	}
	return nil
}

func chances(args []string) error {
	fs := flag.NewFlagSet("chances", flag.ExitOnError)
	games := fs.Int("games", 150, "self-play games of each variant")
	nodes := fs.Uint64("nodes", 20000, "nodes a search may visit for each action")
	fs.Parse(args)
	if *games < 1 {
		return errors.New("chances: --games must be at least 1")
	}
	for _, v := range []engine.Variant{martian.Variant, martian.ChaturajiVariant} {
		type said struct {
			chance      float64
			mover, game int
		}
		var all []said
		results := make([][]float64, *games)
		s := search.NewSearcher(0)
		for g := range results {
			rng := rand.New(rand.NewPCG(uint64(g), 7))
			pos, err := v.Start(nil)
			if err != nil {
				return err
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
					r, err := s.Search(context.Background(), pos, search.Options{Algorithm: search.MCTS, Limits: search.Limits{Nodes: *nodes}}, nil)
					if err != nil {
						return err
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
	return nil
}

func firstChances(args []string) error {
	fs := flag.NewFlagSet("first-chances", flag.ExitOnError)
	games := fs.Int("games", 200, "self-play games (even ones fit, odd ones score)")
	nodes := fs.Uint64("nodes", 20000, "nodes a search may visit for each action")
	pairsOut := fs.String("pairs", "", "file to write the positions' \"game mean first\" lines to")
	fs.Parse(args)
	if *games < 2 {
		return errors.New("first-chances: --games must be at least 2")
	}
	type said struct {
		mean, chance float64
		mover, game  int
	}
	var all []said
	results := make([][]float64, *games)
	s := search.NewSearcher(0)
	opts := search.Options{Limits: search.Limits{Nodes: *nodes}}
	for g := range results {
		rng := rand.New(rand.NewPCG(uint64(g), 11))
		pos, err := chaturajiStart(nil, uint64(g))
		if err != nil {
			return err
		}
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
					return err
				}
				m = r.Best
				p := pos.ToMove()
				x := said{mean: search.MCTSMean(r.Lines[0].Values[p]), chance: -1, mover: p, game: g}
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
	table := fit(true)
	fmt.Printf("table fitted to all (SideHints.FirstPlace): %#v\n", table[:])
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
			return err
		}
	}
	return nil
}

// firstTable is a chance of first place read from a side's mean, interpolated between its
// values at the means -1, -0.8, ..., 1, as the search reads SideHints.FirstPlace.
type firstTable [11]float64

func (f *firstTable) at(m float64) float64 {
	x := (max(-1, min(1, m)) + 1) * float64(len(f)-1) / 2
	k := min(int(x), len(f)-2)
	return f[k] + (x-float64(k))*(f[k+1]-f[k])
}

// isotonicTable fits a SideHints.FirstPlace table: at each knot the first places of the positions
// whose mean is nearest to it, made non-decreasing by pooling adjacent knots that fall (pool
// adjacent violators), rounded to 0.001.
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
