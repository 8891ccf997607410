package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/search"
)

// ladderConfig is what a ladder measures: the variant, its options and the games of each group.
type ladderConfig struct {
	variant  string
	options  string
	games    int           // games of every group
	movetime time.Duration // the strongest level's time a move
	seed     uint64
	jobs     int
	state    string // the file that keeps every group's games, so that a ladder resumes
	reach    int    // two sides: each entry meets the next reach entries up the pool
	boot     int    // bootstrap resamples for the intervals
	progress io.Writer
}

// ladderPool is the ladder's rungs: random, greedy and the levels from the weakest up.
func ladderPool(movetime time.Duration) []string {
	pool := []string{"random", "greedy"}
	for l := search.MinLevel; l < search.MaxLevel; l++ {
		pool = append(pool, "search:level="+strconv.Itoa(l))
	}
	return append(pool, fmt.Sprintf("search:level=%d:movetime=%s", search.MaxLevel, movetime))
}

// ladderGroup is one match of the ladder: pool indices, one per seat.
type ladderGroup []int

func (g ladderGroup) key(pool []string) string {
	names := make([]string, len(g))
	for i, e := range g {
		names[i] = pool[e]
	}
	return strings.Join(names, ",")
}

// ladderGroups pairs each entry with the next reach entries up the pool with two players; with
// more, every run of that many consecutive entries is a field.
func ladderGroups(poolSize, players, reach int) []ladderGroup {
	var out []ladderGroup
	if players == 2 {
		for i := range poolSize {
			for d := 1; d <= reach && i+d < poolSize; d++ {
				out = append(out, ladderGroup{i, i + d})
			}
		}
		return out
	}
	for i := 0; i+players <= poolSize; i++ {
		g := make(ladderGroup, players)
		for s := range g {
			g[s] = i + s
		}
		out = append(out, g)
	}
	return out
}

// ladderGames are one group's games as the state file keeps them: the entries' places.
type ladderGames struct {
	Group  string  `json:"group"`
	Places [][]int `json:"places"` // per game, per entry of the group
}

// ladder measures the playing levels of a game on one Elo scale, random play at 0.
//
//	ashtapada ladder --variant V [--games N] [--movetime D] [--state FILE] [--jobs N]
func ladder(ctx context.Context, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("ladder", flag.ContinueOnError)
	cfg := ladderConfig{}
	fs.StringVar(&cfg.variant, "variant", "chaturanga", "variant name")
	fs.StringVar(&cfg.options, "options", "", "variant options, comma-separated name=value (e.g. max_rounds=20)")
	fs.IntVar(&cfg.games, "games", 20, "games of every group (a multiple of the players, so that every entry plays every seat)")
	fs.DurationVar(&cfg.movetime, "movetime", 20*time.Millisecond, "the strongest level's time a move")
	fs.Uint64Var(&cfg.seed, "seed", 1, "seed of the games")
	fs.IntVar(&cfg.jobs, "jobs", 2, "games played at once")
	fs.StringVar(&cfg.state, "state", "", "file keeping every group's games: a ladder run again with it plays only the groups missing (or with fewer games than --games)")
	fs.IntVar(&cfg.reach, "reach", 2, "two players: each entry meets this many entries above it")
	fs.IntVar(&cfg.boot, "bootstrap", 400, "bootstrap resamples of the games for the 95% intervals")
	progress := fs.Bool("progress", false, "report every group on stderr")
	goTable := fs.Bool("go", false, "also print the levels' ratings as the Go table a game package keeps")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("ladder: unexpected arguments %q", fs.Args())
	}
	if *progress {
		cfg.progress = os.Stderr
	}
	r, err := runLadder(ctx, cfg)
	if err != nil {
		return err
	}
	r.write(out)
	if *goTable {
		r.writeGo(out)
	}
	return nil
}

// ladderResult is the ladder's games and the ratings fitted to them.
type ladderResult struct {
	cfg     ladderConfig
	pool    []string
	players int
	groups  []ladderGroup
	places  [][][]int // per group, per game, per entry of the group
	elo     []float64
	lo, hi  []float64
	games   []int // games each entry played
	score   []float64
}

func runLadder(ctx context.Context, cfg ladderConfig) (*ladderResult, error) {
	v, ok := engine.Lookup(cfg.variant)
	if !ok {
		_, err := position(cfg.variant, "")
		return nil, err
	}
	opts, err := parseOptions(v.Describe().Options, cfg.options)
	if err != nil {
		return nil, err
	}
	start, err := v.Start(opts)
	if err != nil {
		return nil, err
	}
	players := engine.Players(start)
	if cfg.games < players || cfg.games%players != 0 {
		return nil, fmt.Errorf("ladder: --games %d must be a positive multiple of the %d players", cfg.games, players)
	}
	r := &ladderResult{cfg: cfg, pool: ladderPool(cfg.movetime), players: players}
	r.groups = ladderGroups(len(r.pool), players, max(1, cfg.reach))
	kept, err := readLadderState(cfg.state)
	if err != nil {
		return nil, err
	}
	for gi, g := range r.groups {
		key := g.key(r.pool)
		if places, ok := kept[key]; ok && len(places) >= cfg.games {
			// A group played with more games before: its first games are this ladder's.
			r.places = append(r.places, places[:cfg.games])
			continue
		}
		specs := make([]string, len(g))
		for s, e := range g {
			specs[s] = r.pool[e]
		}
		began := time.Now()
		res, err := playMatch(ctx, matchConfig{variant: cfg.variant, players: specs, games: cfg.games, seed: cfg.seed + uint64(gi)*1_000_003,
			open: 2, options: cfg.options, jobs: cfg.jobs, fairy: defaultFairy})
		if err != nil {
			return nil, err
		}
		places := make([][]int, len(res.games))
		for i, gr := range res.games {
			places[i] = gr.places
		}
		r.places = append(r.places, places)
		if err := appendLadderState(cfg.state, ladderGames{Group: key, Places: places}); err != nil {
			return nil, err
		}
		if cfg.progress != nil {
			fmt.Fprintf(cfg.progress, "group %d/%d %s: %d games in %v\n", gi+1, len(r.groups), key, len(places), time.Since(began).Round(time.Second))
		}
	}
	r.fit()
	return r, nil
}

func readLadderState(file string) (map[string][][]int, error) {
	out := map[string][][]int{}
	if file == "" {
		return out, nil
	}
	f, err := os.Open(file)
	if errors.Is(err, os.ErrNotExist) {
		return out, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for line := 1; sc.Scan(); line++ {
		var g ladderGames
		if err := json.Unmarshal(sc.Bytes(), &g); err != nil {
			return nil, fmt.Errorf("ladder: %s line %d: %v", file, line, err)
		}
		out[g.Group] = g.Places
	}
	return out, sc.Err()
}

func appendLadderState(file string, g ladderGames) error {
	if file == "" {
		return nil
	}
	f, err := os.OpenFile(file, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	b, _ := json.Marshal(g)
	if _, err := f.Write(append(b, '\n')); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// pairwise turns games into pair results: in every game each two entries score by their places
// (the better 1, the other 0, equal places 1/2 each).
func (r *ladderResult) pairwise(pick func(group int) [][]int) (wins [][]float64, n [][]float64) {
	k := len(r.pool)
	wins, n = make([][]float64, k), make([][]float64, k)
	for i := range k {
		wins[i], n[i] = make([]float64, k), make([]float64, k)
	}
	for gi, g := range r.groups {
		for _, places := range pick(gi) {
			for a := range g {
				for b := a + 1; b < len(g); b++ {
					ea, eb := g[a], g[b]
					n[ea][eb]++
					n[eb][ea]++
					switch {
					case places[a] < places[b]:
						wins[ea][eb]++
					case places[a] > places[b]:
						wins[eb][ea]++
					default:
						wins[ea][eb] += 0.5
						wins[eb][ea] += 0.5
					}
				}
			}
		}
	}
	return wins, n
}

// bradleyTerry fits every entry's Elo to pair results by maximum likelihood (Hunter's
// minorization-maximization), with one drawn game added to every pair that met, so that an entry
// that won every game still has a finite rating. Entry 0 (random play) is 0.
func bradleyTerry(wins, n [][]float64) []float64 {
	k := len(wins)
	w := make([][]float64, k)
	m := make([][]float64, k)
	for i := range k {
		w[i], m[i] = slices.Clone(wins[i]), slices.Clone(n[i])
		for j := range k {
			if n[i][j] > 0 {
				w[i][j] += 0.5
				m[i][j]++
			}
		}
	}
	gamma := make([]float64, k)
	for i := range gamma {
		gamma[i] = 1
	}
	for range 2000 {
		change := 0.0
		for i := range k {
			won, denom := 0.0, 0.0
			for j := range k {
				if m[i][j] > 0 {
					won += w[i][j]
					denom += m[i][j] / (gamma[i] + gamma[j])
				}
			}
			if denom == 0 {
				continue
			}
			g := won / denom
			change = max(change, math.Abs(math.Log(g/gamma[i])))
			gamma[i] = g
		}
		if change < 1e-9 {
			break
		}
	}
	elo := make([]float64, k)
	for i := range k {
		elo[i] = 400 * math.Log10(gamma[i]/gamma[0])
	}
	return elo
}

// fit rates every entry, with 95% intervals from resampling each group's games.
func (r *ladderResult) fit() {
	all := func(g int) [][]int { return r.places[g] }
	wins, n := r.pairwise(all)
	r.elo = bradleyTerry(wins, n)
	k := len(r.pool)
	r.games, r.score = make([]int, k), make([]float64, k)
	for gi, g := range r.groups {
		for _, e := range g {
			r.games[e] += len(r.places[gi])
		}
	}
	for i := range k {
		won, played := 0.0, 0.0
		for j := range k {
			won += wins[i][j]
			played += n[i][j]
		}
		if played > 0 {
			r.score[i] = won / played
		}
	}
	rng := rand.New(rand.NewPCG(r.cfg.seed, 0x1add))
	samples := make([][]float64, k)
	for range max(1, r.cfg.boot) {
		resampled := func(g int) [][]int {
			src := r.places[g]
			out := make([][]int, len(src))
			for i := range out {
				out[i] = src[rng.IntN(len(src))]
			}
			return out
		}
		e := bradleyTerry(r.pairwise(resampled))
		for i := range k {
			samples[i] = append(samples[i], e[i])
		}
	}
	r.lo, r.hi = make([]float64, k), make([]float64, k)
	for i := range k {
		slices.Sort(samples[i])
		r.lo[i] = samples[i][int(0.025*float64(len(samples[i])-1))]
		r.hi[i] = samples[i][int(0.975*float64(len(samples[i])-1))]
	}
}

// monotone says whether every level rates above the one below it, within the intervals: no
// level's upper bound lies below its predecessor's estimate. Level 1 is pool[2].
func (r *ladderResult) monotone() bool {
	for i := 3; i < len(r.pool); i++ {
		if r.hi[i] < r.elo[i-1] {
			return false
		}
	}
	return true
}

func (r *ladderResult) write(out io.Writer) {
	games := 0
	for _, p := range r.places {
		games += len(p)
	}
	fmt.Fprintf(out, "ladder of %s%s: %d groups of %d games (%d games), %d players a game; Elo by Bradley-Terry over every pair of a game, random play 0, 95%% bootstrap intervals\n",
		r.cfg.variant, optionsText(r.cfg.options), len(r.groups), r.cfg.games, games, r.players)
	tw := tabwriter.NewWriter(out, 2, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "entry\tgames\tpair score\tElo\t95% interval\t")
	for i, e := range r.pool {
		fmt.Fprintf(tw, "%s\t%d\t%.3f\t%+.0f\t[%+.0f, %+.0f]\t\n", e, r.games[i], r.score[i], whole(r.elo[i]), whole(r.lo[i]), whole(r.hi[i]))
	}
	tw.Flush()
	fmt.Fprintf(out, "monotone within the intervals: %v\n", r.monotone())
}

// writeGo prints the levels' ratings as a game package keeps them (engine.LevelRating).
func (r *ladderResult) writeGo(out io.Writer) {
	fmt.Fprintf(out, "\n// Measured by: ashtapada ladder --variant %s", r.cfg.variant)
	if r.cfg.options != "" {
		fmt.Fprintf(out, " --options %s", r.cfg.options)
	}
	fmt.Fprintf(out, " --games %d --movetime %s --seed %d\n", r.cfg.games, r.cfg.movetime, r.cfg.seed)
	fmt.Fprintln(out, "var levelRatings = []engine.LevelRating{")
	for i := 2; i < len(r.pool); i++ {
		fmt.Fprintf(out, "\t{Level: %d, Elo: %.0f, Low: %.0f, High: %.0f},\n", i-1, whole(r.elo[i]), whole(r.lo[i]), whole(r.hi[i]))
	}
	fmt.Fprintln(out, "}")
}

// whole rounds an Elo to a whole number, never -0.
func whole(x float64) float64 {
	if x = math.Round(x); x == 0 {
		return 0
	}
	return x
}

func optionsText(o string) string {
	if o == "" {
		return ""
	}
	return " (" + o + ")"
}
