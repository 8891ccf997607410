package main

import (
	"context"
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
	"sync"
	"text/tabwriter"
	"time"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/search"
)

// matchConfig is what a match plays: the variant, one player spec per entry, and the budgets.
type matchConfig struct {
	variant    string
	players    []string // specs, one per entry; as many entries as the variant has players
	games      int
	seed       uint64
	depth      int           // the default depth of a plain "search"
	movetime   time.Duration // the default time per move of a plain "search"
	maxActions int
	open       int    // random actions that open every game
	options    string // variant options, name=value,...
	fairy      string // the Fairy-Stockfish binary
	jobs       int    // games played at once
	progress   io.Writer
}

// match plays seeded games between bots and prints each player's results.
//
//	ashtapada match --variant V --players search,random --games N --seed S [--depth D | --movetime T]
func match(ctx context.Context, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("match", flag.ContinueOnError)
	cfg := matchConfig{}
	fs.StringVar(&cfg.variant, "variant", "chaturanga", "variant name")
	players := fs.String("players", "search,random", "comma-separated player specs, one per seat: random, greedy, oneply, "+
		"search[:depth=N][:movetime=D][:nodes=N][:alg=A], fairy[:depth=N][:movetime=D] (chaturanga only)")
	fs.IntVar(&cfg.games, "games", 100, "number of games; seats rotate from game to game")
	fs.Uint64Var(&cfg.seed, "seed", 1, "seed of the games' random choices and dice")
	fs.IntVar(&cfg.depth, "depth", 0, "depth of a plain search player (default 3 unless --movetime is given)")
	fs.DurationVar(&cfg.movetime, "movetime", 0, "time per move of a plain search player, e.g. 50ms")
	fs.IntVar(&cfg.maxActions, "max-actions", 0, "actions (rolls included) after which a game counts as a draw; 0 means "+
		strconv.Itoa(search.DefaultMaxActions))
	fs.StringVar(&cfg.options, "options", "", "variant options, comma-separated name=value (e.g. max_rounds=20)")
	fs.IntVar(&cfg.open, "open", 0, "random actions that open every game, the same for every seating of a round of games, "+
		"so that deterministic players do not repeat one game")
	fs.StringVar(&cfg.fairy, "fairy", envOr("ASHTAPADA_FAIRY", defaultFairy), "Fairy-Stockfish binary for fairy players (env ASHTAPADA_FAIRY)")
	fs.IntVar(&cfg.jobs, "jobs", 1, "games played at once; the results do not depend on it")
	progress := fs.Bool("progress", false, "report every finished game on stderr")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("match: unexpected arguments %q", fs.Args())
	}
	cfg.players = strings.Split(*players, ",")
	if *progress {
		cfg.progress = os.Stderr
	}
	res, err := playMatch(ctx, cfg)
	if err != nil {
		return err
	}
	res.write(out)
	return nil
}

// playerSpec is a parsed player spec: kind[:key=value]...
type playerSpec struct {
	text string
	kind string
	opts map[string]string
}

func parseSpec(text string) (playerSpec, error) {
	parts := strings.Split(strings.TrimSpace(text), ":")
	s := playerSpec{text: strings.TrimSpace(text), kind: parts[0], opts: map[string]string{}}
	for _, kv := range parts[1:] {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || k == "" || v == "" {
			return s, fmt.Errorf("player %q: option %q, want key=value", text, kv)
		}
		if _, dup := s.opts[k]; dup {
			return s, fmt.Errorf("player %q: option %s given twice", text, k)
		}
		s.opts[k] = v
	}
	return s, nil
}

// seat is a bot with what a match does around its games.
type seat struct {
	bot search.Bot
	// reset makes the bot forget earlier games, so that a game's result does not depend on
	// which games the same bot played before.
	reset func()
}

// newSeat makes the bot of a spec for variant.
func newSeat(spec playerSpec, variant string, cfg *matchConfig) (seat, error) {
	noOptions := func() error {
		if len(spec.opts) > 0 {
			return fmt.Errorf("player %q: %s takes no options", spec.text, spec.kind)
		}
		return nil
	}
	switch spec.kind {
	case "random":
		return seat{bot: search.RandomBot()}, noOptions()
	case "greedy":
		return seat{bot: search.GreedyBot()}, noOptions()
	case "oneply":
		return seat{bot: search.OnePlyBot()}, noOptions()
	case "search":
		opts, err := searchOptions(spec, cfg)
		if err != nil {
			return seat{}, err
		}
		s := search.NewSearcher(0)
		return seat{bot: search.SearchBot(s, opts), reset: s.ClearTable}, nil
	case "fairy":
		if variant != "chaturanga" {
			return seat{}, fmt.Errorf("player %q: Fairy-Stockfish plays only chaturanga here, not %s", spec.text, variant)
		}
		b, err := newFairyBot(cfg.fairy, spec.opts, spec.text)
		if err != nil {
			return seat{}, err
		}
		return seat{bot: b, reset: b.reset}, nil
	}
	return seat{}, fmt.Errorf("player %q: unknown kind %q, want random, greedy, oneply, search or fairy", spec.text, spec.kind)
}

// searchOptions reads a search spec's options over the match's defaults.
func searchOptions(spec playerSpec, cfg *matchConfig) (search.Options, error) {
	var o search.Options
	o.Depth, o.Time = cfg.depth, cfg.movetime
	if spec.opts["depth"] != "" || spec.opts["movetime"] != "" || spec.opts["nodes"] != "" {
		o.Depth, o.Time = 0, 0
	}
	for k, v := range spec.opts {
		var err error
		switch k {
		case "depth":
			o.Depth, err = strconv.Atoi(v)
			if err == nil && (o.Depth < 1 || o.Depth > search.MaxDepth) {
				err = fmt.Errorf("want 1 to %d", search.MaxDepth)
			}
		case "movetime":
			o.Time, err = time.ParseDuration(v)
			if err == nil && o.Time <= 0 {
				err = errors.New("want a positive duration")
			}
		case "nodes":
			o.Nodes, err = strconv.ParseUint(v, 10, 64)
		case "alg":
			o.Algorithm, err = search.ParseAlgorithm(v)
		default:
			err = errors.New("unknown option (want depth, movetime, nodes or alg)")
		}
		if err != nil {
			return o, fmt.Errorf("player %q: %s=%s: %v", spec.text, k, v, err)
		}
	}
	if o.Depth == 0 && o.Time == 0 && o.Nodes == 0 {
		o.Depth = 3
	}
	return o, nil
}

// gameRecord is what one game gave each entry of the players list.
type gameRecord struct {
	places  []int // per entry: 1 for first, shared on equal results
	seats   []int // per entry: the seat (player index) it played
	length  int   // actions, rolls included
	capped  bool  // stopped by --max-actions before the end: a draw for all
	elapsed time.Duration
}

// matchResult holds every game of a match, in game order.
type matchResult struct {
	cfg     matchConfig
	specs   []playerSpec
	games   []gameRecord
	elapsed time.Duration
}

// playMatch plays cfg.games games. Game g seats entry (s+g) mod players at seat s and draws its
// opening, random choices and dice from a generator seeded with (seed, g/players), the round of
// games it belongs to; bots forget earlier games, so
// the results do not depend on cfg.jobs or on the order of the games (except with bots that
// search by time).
func playMatch(ctx context.Context, cfg matchConfig) (*matchResult, error) {
	v, ok := engine.Lookup(cfg.variant)
	if !ok {
		_, err := position(cfg.variant, "")
		return nil, err
	}
	if cfg.games < 1 {
		return nil, errors.New("match: --games must be at least 1")
	}
	if cfg.maxActions < 0 || cfg.open < 0 {
		return nil, errors.New("match: --max-actions and --open must not be negative")
	}
	if cfg.depth < 0 || cfg.movetime < 0 {
		return nil, errors.New("match: --depth and --movetime must not be negative")
	}
	cfg.jobs = max(1, min(cfg.jobs, cfg.games))
	res := &matchResult{cfg: cfg, games: make([]gameRecord, cfg.games)}
	for _, text := range cfg.players {
		spec, err := parseSpec(text)
		if err != nil {
			return nil, err
		}
		res.specs = append(res.specs, spec)
	}
	opts, err := parseOptions(v.Describe().Options, cfg.options)
	if err != nil {
		return nil, err
	}
	start, err := v.Start(opts)
	if err != nil {
		return nil, err
	}
	root := start
	if players := engine.Players(start); len(cfg.players) != players {
		return nil, fmt.Errorf("match: %s seats %d players, got %d specs %q", cfg.variant, players, len(cfg.players), cfg.players)
	}

	// Every worker has its own bots: a bot keeps state between moves.
	workers := make([][]seat, cfg.jobs)
	defer func() {
		for _, seats := range workers {
			for _, s := range seats {
				if c, ok := s.bot.(io.Closer); ok {
					c.Close()
				}
			}
		}
	}()
	for w := range workers {
		for _, spec := range res.specs {
			s, err := newSeat(spec, cfg.variant, &cfg)
			if err != nil {
				return nil, err
			}
			workers[w] = append(workers[w], s)
		}
	}

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	began := time.Now()
	next := make(chan int)
	var (
		mu       sync.Mutex
		firstErr error
		done     int
		wg       sync.WaitGroup
	)
	for _, seats := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for g := range next {
				rec, err := playOne(ctx, root, seats, g, cfg)
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = fmt.Errorf("match: game %d: %w", g+1, err)
					cancel()
				}
				res.games[g] = rec
				done++
				if err == nil && cfg.progress != nil {
					fmt.Fprintf(cfg.progress, "game %d/%d: places %v, %d actions, %v\n", done, cfg.games, rec.places, rec.length, rec.elapsed.Round(time.Millisecond))
				}
				mu.Unlock()
			}
		}()
	}
feed:
	for g := range cfg.games {
		select {
		case next <- g:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	res.elapsed = time.Since(began)
	if firstErr != nil {
		return nil, firstErr
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return res, nil
}

// parseOptions reads name=value,... into option values of the kinds the variant declares.
func parseOptions(specs []engine.OptionSpec, text string) (engine.Options, error) {
	if text == "" {
		return nil, nil
	}
	opts := engine.Options{}
	for _, kv := range strings.Split(text, ",") {
		name, value, ok := strings.Cut(kv, "=")
		i := slices.IndexFunc(specs, func(s engine.OptionSpec) bool { return s.Name == name })
		if !ok || i < 0 {
			return nil, fmt.Errorf("match: option %q, want name=value with a name the variant declares", kv)
		}
		v := engine.OptionValue{Kind: specs[i].Kind}
		var err error
		switch v.Kind {
		case engine.OptionBool:
			v.Bool, err = strconv.ParseBool(value)
		case engine.OptionInt:
			v.Int, err = strconv.ParseInt(value, 10, 64)
		default:
			v.String = value
		}
		if err != nil {
			return nil, fmt.Errorf("match: option %s: %w", name, err)
		}
		opts[name] = v
	}
	return opts, nil
}

// playOne plays game g with the bots of one worker.
func playOne(ctx context.Context, root engine.Position, seats []seat, g int, cfg matchConfig) (gameRecord, error) {
	began := time.Now()
	players := len(seats)
	bots := make([]search.Bot, players)
	entryAt := make([]int, players) // the entry sitting at each seat
	for s := range bots {
		entryAt[s] = (s + g) % players
		st := seats[entryAt[s]]
		if st.reset != nil {
			st.reset()
		}
		bots[s] = st.bot
	}
	// The games of a round, one per seating, share their generator's seed: they open alike and
	// meet the same first rolls.
	rng := rand.New(rand.NewPCG(cfg.seed, uint64(g/players)))
	from, opened := openGame(root, rng, cfg.open)
	limit := cfg.maxActions
	if limit == 0 {
		limit = search.DefaultMaxActions
	}
	end, n, err := from, opened, error(nil)
	if opened < limit {
		end, n, err = search.PlayGame(ctx, from, bots, rng, limit-opened)
		n += opened
	}
	if err != nil {
		return gameRecord{}, err
	}
	rec := gameRecord{places: make([]int, players), seats: make([]int, players), length: n, elapsed: time.Since(began)}
	for s, e := range entryAt {
		rec.seats[e] = s
	}
	o := end.Outcome()
	if !o.Finished || len(o.Ranking) != players {
		rec.capped = true
		for e := range rec.places {
			rec.places[e] = 1
		}
		return rec, nil
	}
	for s, place := range o.Ranking {
		rec.places[entryAt[s]] = place
	}
	return rec, nil
}

// openGame plays up to k random actions from root (rolls by their probabilities) and returns
// the position reached, which is root itself when k is 0, and the actions played.
func openGame(root engine.Position, rng *rand.Rand, k int) (engine.Position, int) {
	cur := root
	var buf [engine.MaxMoves]engine.Move
	for i := range k {
		moves := cur.Moves(buf[:0])
		if len(moves) == 0 {
			return cur, i
		}
		var m engine.Move
		if cur.Phase() == engine.PhaseRoll {
			m = engine.SampleRoll(cur, moves, rng)
		} else {
			m = moves[rng.IntN(len(moves))]
		}
		next := root.NewNode()
		cur.PlayInto(m, next)
		cur = next
	}
	return cur, k
}

// playerStats sums up the games of the entries that share one spec.
type playerStats struct {
	spec                 string
	entries              int
	games                int     // entry-games
	wins, draws, losses  int     // sole first place, shared first place, any other
	score                float64 // summed: per opponent 1 for a better place, 1/2 for an equal one
	firsts               int     // first places, shared or not
	minLength, maxLength int
}

// stats sums the games up per distinct spec, in the order the specs were first given.
func (r *matchResult) stats() []*playerStats {
	var out []*playerStats
	bySpec := map[string]*playerStats{}
	for e, spec := range r.specs {
		st := bySpec[spec.text]
		if st == nil {
			st = &playerStats{spec: spec.text}
			bySpec[spec.text] = st
			out = append(out, st)
		}
		st.entries++
		for _, g := range r.games {
			st.games++
			me, better, shared := g.places[e], 0, 0
			for o, p := range g.places {
				switch {
				case o == e:
				case p > me:
					st.score++
				case p == me:
					st.score += 0.5
					shared++
				default:
					better++
				}
			}
			switch {
			case better > 0:
				st.losses++
			case shared > 0:
				st.draws++
				st.firsts++
			default:
				st.wins++
				st.firsts++
			}
		}
	}
	players := len(r.specs)
	for _, st := range out {
		if players > 1 {
			st.score /= float64(players - 1)
		}
	}
	return out
}

// meanLength is the mean number of actions per game, with the shortest and longest.
func (r *matchResult) meanLength() (mean float64, lo, hi int, capped int) {
	lo = math.MaxInt
	for _, g := range r.games {
		mean += float64(g.length)
		lo, hi = min(lo, g.length), max(hi, g.length)
		if g.capped {
			capped++
		}
	}
	return mean / float64(len(r.games)), lo, hi, capped
}

// write prints the results: a row per distinct spec, then the game lengths.
func (r *matchResult) write(out io.Writer) {
	cfg := r.cfg
	players := len(r.specs)
	fmt.Fprintf(out, "match %s: %d games, seed %d, %d random opening actions, players %s\n", cfg.variant, cfg.games, cfg.seed, cfg.open,
		strings.Join(cfg.players, ","))
	if cfg.options != "" {
		fmt.Fprintf(out, "options: %s\n", cfg.options)
	}
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', tabwriter.AlignRight)
	header := "player\tgames\twins\tdraws\tlosses\tscore\t95% CI\t"
	if players > 2 {
		header += "first\t95% CI\t"
	}
	fmt.Fprintln(tw, header)
	for _, st := range r.stats() {
		name := st.spec
		if st.entries > 1 {
			name = fmt.Sprintf("%s (x%d)", st.spec, st.entries)
		}
		ci := wilson(st.score, st.games)
		row := fmt.Sprintf("%s\t%d\t%d\t%d\t%d\t%.3f\t[%.3f, %.3f]\t", name, st.games, st.wins, st.draws, st.losses,
			st.score/float64(st.games), ci[0], ci[1])
		if players > 2 {
			fci := wilson(float64(st.firsts), st.games)
			row += fmt.Sprintf("%.3f\t[%.3f, %.3f]\t", float64(st.firsts)/float64(st.games), fci[0], fci[1])
		}
		fmt.Fprintln(tw, row)
	}
	tw.Flush()
	mean, lo, hi, capped := r.meanLength()
	fmt.Fprintf(out, "game length: mean %.1f actions (shortest %d, longest %d); %d games stopped at the action cap count as draws\n",
		mean, lo, hi, capped)
	fmt.Fprintf(out, "time: %v\n", r.elapsed.Round(time.Millisecond))
}

// wilson is the 95% Wilson score interval of a rate of k successes in n trials. For a score with
// draws k is the summed score: draws lower the variance, so the interval is conservative.
func wilson(k float64, n int) [2]float64 {
	const z = 1.959963984540054
	if n == 0 {
		return [2]float64{0, 1}
	}
	fn := float64(n)
	p := k / fn
	d := 1 + z*z/fn
	c := (p + z*z/(2*fn)) / d
	h := z / d * math.Sqrt(p*(1-p)/fn+z*z/(4*fn*fn))
	return [2]float64{max(c-h, 0), min(c+h, 1)}
}
