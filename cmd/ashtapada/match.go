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
	"github.com/ashtapada/ashtapada/engine/record"
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
	// resign and draw adjudicate games on the players' own values (0: off); see adjudicator.
	resign, draw float64
	// sprt, if set, stops the match once a sequential test of the first entry's Elo against the
	// second's accepts elo0 or elo1.
	sprt *[2]float64
	// records, if set, names the file the games are written to as records.
	records string
}

// match plays seeded games between bots and prints each player's results.
//
//	ashtapada match --variant V --players search,random --games N --seed S [--depth D | --movetime T]
//	    [--resign V] [--draw V] [--sprt ELO0,ELO1]
func match(ctx context.Context, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("match", flag.ContinueOnError)
	cfg := matchConfig{}
	fs.StringVar(&cfg.variant, "variant", "chaturanga", "variant name")
	players := fs.String("players", "search,random", "comma-separated player specs, one per seat: random, greedy, oneply, "+
		"search[:depth=N][:movetime=D][:nodes=N][:tc=BASE+INC][:alg=A][:width=full][:level=1-8][:threads=N], fairy[:depth=N][:movetime=D][:nodes=N][:tc=BASE+INC] "+
		"(chaturanga only), uci:path=FILE[:args=WORDS] with fairy's limits (a UCI engine, e.g. args=search --uci for an "+
		"ashtapada build; chaturanga only)")
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
	fs.StringVar(&cfg.records, "records", "", "file to write every game to as a record, the players' specs as their names (ashtapada review reads it)")
	fs.Float64Var(&cfg.resign, "resign", 0, "two players: a player whom both value at least this many pawns ahead for 3 moves each wins (0: off)")
	fs.Float64Var(&cfg.draw, "draw", 0, "two players: from action 80 on, 10 moves each valued within this many pawns of level draw (0: off)")
	sprt := fs.String("sprt", "", "ELO0,ELO1: two players; stop once a sequential probability ratio test (alpha = beta = 0.05) "+
		"decides whether the first player is ELO0 or ELO1 stronger than the second (logistic Elo)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("match: unexpected arguments %q", fs.Args())
	}
	if *sprt != "" {
		a, b, ok := strings.Cut(*sprt, ",")
		elo0, err0 := strconv.ParseFloat(a, 64)
		elo1, err1 := strconv.ParseFloat(b, 64)
		if !ok || err0 != nil || err1 != nil || elo1 <= elo0 {
			return fmt.Errorf("match: --sprt %q, want ELO0,ELO1 with ELO0 < ELO1", *sprt)
		}
		cfg.sprt = &[2]float64{elo0, elo1}
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
	if cfg.records != "" {
		return res.writeRecords(cfg.records)
	}
	return nil
}

// untilRepetition cuts moves where the game they play is drawn by repetition, which a record
// ends with; the match's bots play on past it.
func untilRepetition(root engine.Position, moves []engine.Move) []engine.Move {
	g := engine.NewGameAfter(root, nil)
	for i, m := range moves {
		if g.Drawn() {
			return moves[:i]
		}
		g.Play(m)
	}
	return moves
}

// writeRecords writes every game as a record, the entries' specs naming the players.
func (r *matchResult) writeRecords(file string) error {
	var b strings.Builder
	seats := engine.Seats(r.root)
	for g, rec := range r.games {
		tags := []record.Tag{{Name: "Event", Value: "ashtapada match"}, {Name: "Round", Value: strconv.Itoa(g + 1)}}
		for e, s := range rec.seats {
			tags = append(tags, record.Tag{Name: record.PlayerTag(seats[s].Name), Value: r.specs[e].text})
		}
		if rec.ended != "" {
			tags = append(tags, record.Tag{Name: "Ended", Value: rec.ended})
		}
		text, err := record.Write(r.root, untilRepetition(r.root, rec.moves), tags)
		if err != nil {
			return fmt.Errorf("match: game %d's record: %w", g+1, err)
		}
		if g > 0 {
			b.WriteString("\n")
		}
		b.WriteString(text)
	}
	return os.WriteFile(file, []byte(b.String()), 0o644)
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

// timeControl is a clock: base for the game and inc added after every move.
type timeControl struct{ base, inc time.Duration }

// parseTimeControl reads BASE or BASE+INC, durations such as 10s+100ms.
func parseTimeControl(text string) (timeControl, error) {
	b, i, hasInc := strings.Cut(text, "+")
	var tc timeControl
	var err error
	if tc.base, err = time.ParseDuration(b); err != nil || tc.base <= 0 {
		return tc, errors.New("want BASE or BASE+INC with a positive base, such as 10s+100ms")
	}
	if hasInc {
		if tc.inc, err = time.ParseDuration(i); err != nil || tc.inc < 0 {
			return tc, errors.New("want an increment of zero or more, such as 10s+100ms")
		}
	}
	return tc, nil
}

// searchInfo is what a bot said of its last search.
type searchInfo struct {
	ok       bool
	depth    int
	nodes    uint64
	elapsed  time.Duration
	value    float64 // for the mover, in pawns
	hasValue bool
}

// informer is a bot that reports its searches, for the statistics and adjudication.
type informer interface{ lastSearch() searchInfo }

// clocked is a bot that may play on a clock.
type clocked interface {
	timeControl() *timeControl // nil when the bot plays without one
	// setClocks gives the time left of every player before the bot's move.
	setClocks(white, black time.Duration)
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
		opts, tc, err := searchOptions(spec, cfg)
		if err != nil {
			return seat{}, err
		}
		p := &searchPlayer{s: search.NewSearcher(0), opts: opts, tc: tc, name: spec.text}
		return seat{bot: p, reset: p.s.ClearTable}, nil
	case "fairy", "uci":
		if v, ok := engine.Lookup(variant); !ok || v.Describe().UCIVariant == "" {
			return seat{}, fmt.Errorf("player %q: no UCI engine plays %s", spec.text, variant)
		}
		path, args := cfg.fairy, []string(nil)
		if spec.kind == "uci" {
			path, args = spec.opts["path"], strings.Fields(spec.opts["args"])
			if path == "" {
				return seat{}, fmt.Errorf("player %q: uci needs path=FILE", spec.text)
			}
		} else if spec.opts["path"] != "" || spec.opts["args"] != "" {
			return seat{}, fmt.Errorf("player %q: fairy takes its path from --fairy", spec.text)
		}
		b, err := newUCIBot(path, args, spec.opts, spec.text)
		if err != nil {
			return seat{}, err
		}
		return seat{bot: b, reset: b.reset}, nil
	}
	return seat{}, fmt.Errorf("player %q: unknown kind %q, want random, greedy, oneply, search, fairy or uci", spec.text, spec.kind)
}

// searchOptions reads a search spec's options over the match's defaults.
func searchOptions(spec playerSpec, cfg *matchConfig) (search.Options, *timeControl, error) {
	var o search.Options
	var tc *timeControl
	o.Depth, o.Time = cfg.depth, cfg.movetime
	if spec.opts["depth"] != "" || spec.opts["movetime"] != "" || spec.opts["nodes"] != "" || spec.opts["tc"] != "" {
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
		case "tc":
			var t timeControl
			t, err = parseTimeControl(v)
			tc = &t
		case "alg":
			o.Algorithm, err = search.ParseAlgorithm(v)
		case "threads":
			o.Threads, err = strconv.Atoi(v)
			if err == nil && (o.Threads < 1 || o.Threads > search.MaxThreads) {
				err = fmt.Errorf("want 1 to %d", search.MaxThreads)
			}
		case "level":
			o.Level, err = strconv.Atoi(v)
			if err == nil && (o.Level < search.MinLevel || o.Level > search.MaxLevel) {
				err = fmt.Errorf("want %d to %d", search.MinLevel, search.MaxLevel)
			}
		case "width":
			switch v {
			case "full":
				o.FullWidth = true
			case "selective":
			default:
				err = errors.New("want full or selective")
			}
		default:
			err = errors.New("unknown option (want depth, movetime, nodes, tc, alg, width, level or threads)")
		}
		if err != nil {
			return o, nil, fmt.Errorf("player %q: %s=%s: %v", spec.text, k, v, err)
		}
	}
	if tc != nil && o.Time > 0 {
		return o, nil, fmt.Errorf("player %q: give movetime or tc, not both", spec.text)
	}
	if o.Depth == 0 && o.Time == 0 && o.Nodes == 0 && tc == nil {
		switch {
		case o.Level == search.MaxLevel:
			// The strongest level is the game's default search: it needs a budget.
			o.Time = defaultLevelTime
		case o.Level == 0:
			o.Depth = 3
		}
	}
	return o, tc, nil
}

// defaultLevelTime is the time a move of the strongest level takes when no budget is given.
const defaultLevelTime = 100 * time.Millisecond

// searchPlayer is a search seat: its own Searcher, on a clock if tc is set.
type searchPlayer struct {
	s      *search.Searcher
	opts   search.Options
	tc     *timeControl
	clocks [2]time.Duration
	last   searchInfo
	name   string
}

func (p *searchPlayer) Name() string { return p.name }

func (p *searchPlayer) timeControl() *timeControl { return p.tc }

func (p *searchPlayer) setClocks(white, black time.Duration) {
	p.clocks = [2]time.Duration{white, black}
}

func (p *searchPlayer) lastSearch() searchInfo { return p.last }

func (p *searchPlayer) Choose(ctx context.Context, n engine.Position, rng *rand.Rand) (engine.Move, error) {
	if n.Phase() == engine.PhaseRoll {
		var buf [engine.MaxMoves]engine.Move
		return engine.SampleRoll(n, n.Moves(buf[:0]), rng), nil
	}
	opts := p.opts
	if opts.Level > 0 {
		// The level's choices follow the match's seed.
		opts.Seed = rng.Uint64()
	}
	if mover := n.ToMove(); p.tc != nil && mover < 2 {
		opts.SoftTime, opts.Time = search.ClockLimits(p.clocks[mover], p.tc.inc, 0)
	}
	r, err := p.s.Search(ctx, n, opts, nil)
	if err != nil {
		return 0, err
	}
	p.last = searchInfo{ok: true, depth: r.Depth, nodes: r.Nodes, elapsed: r.Elapsed}
	if mover := n.ToMove(); len(r.Lines) > 0 && mover < len(r.Lines[0].Values) {
		p.last.value, p.last.hasValue = r.Lines[0].Values[mover], true
	}
	return r.Best, nil
}

// gameRecord is what one game gave each entry of the players list.
type gameRecord struct {
	places  []int // per entry: 1 for first, shared on equal results; nil for a game not played
	seats   []int // per entry: the seat (player index) it played
	length  int   // actions, rolls included
	capped  bool  // stopped by --max-actions before the end: a draw for all
	ended   string
	elapsed time.Duration
	// searched sums up each entry's searches, for those that report them.
	searched []searchTotals
	// moves are the game's actions from the match's start, the opening's and rolls included.
	moves []engine.Move
}

// Why a game ended other than by its rules.
const (
	endedOnTime      = "time"
	endedAdjudicated = "adjudicated"
)

// searchTotals sums up an entry's searches.
type searchTotals struct {
	moves   int
	depth   int // summed
	nodes   uint64
	elapsed time.Duration
}

// matchResult holds every game of a match, in game order.
type matchResult struct {
	cfg     matchConfig
	root    engine.Position // every game's start
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
	if cfg.resign < 0 || cfg.draw < 0 {
		return nil, errors.New("match: --resign and --draw must not be negative")
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
	res.root = root
	if players := engine.Players(start); len(cfg.players) != players {
		return nil, fmt.Errorf("match: %s seats %d players, got %d specs %q", cfg.variant, players, len(cfg.players), cfg.players)
	}
	if len(cfg.players) != 2 && (cfg.resign > 0 || cfg.draw > 0 || cfg.sprt != nil) {
		return nil, errors.New("match: --resign, --draw and --sprt need two players")
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
	// A decided SPRT stops the feeding of games; those already begun are played out.
	feed, decided := context.WithCancel(ctx)
	defer decided()
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
					fmt.Fprintf(cfg.progress, "game %d/%d: places %v, %d actions, %s%v\n", done, cfg.games, rec.places, rec.length,
						endedText(rec.ended), rec.elapsed.Round(time.Millisecond))
				}
				if cfg.sprt != nil && err == nil {
					if llr := res.llr(); llr <= sprtLower || llr >= sprtUpper {
						decided()
					}
				}
				mu.Unlock()
			}
		}()
	}
feed:
	for g := range cfg.games {
		select {
		case next <- g:
		case <-feed.Done():
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
	res.games = slices.DeleteFunc(res.games, func(g gameRecord) bool { return g.places == nil })
	return res, nil
}

func endedText(ended string) string {
	if ended == "" {
		return ""
	}
	return "ended by " + ended + ", "
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
	from, opening := openGame(root, rng, cfg.open)
	opened := len(opening)
	limit := cfg.maxActions
	if limit == 0 {
		limit = search.DefaultMaxActions
	}
	rec := gameRecord{places: make([]int, players), seats: make([]int, players), searched: make([]searchTotals, players), moves: opening}
	for s, e := range entryAt {
		rec.seats[e] = s
	}
	play := gamePlay{bots: bots, rng: rng, adj: adjudicator{resign: cfg.resign, draw: cfg.draw}, entryAt: entryAt, rec: &rec}
	end, n, err := from, opened, error(nil)
	if opened < limit {
		end, n, err = play.run(ctx, from, opened, limit)
	}
	if err != nil {
		return gameRecord{}, err
	}
	rec.length, rec.elapsed = n, time.Since(began)
	if play.places != nil {
		for s, place := range play.places {
			rec.places[entryAt[s]] = place
		}
		return rec, nil
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

// gamePlay is one game's play: the bots by seat, their clocks, and the adjudication.
type gamePlay struct {
	bots    []search.Bot
	rng     *rand.Rand
	adj     adjudicator
	entryAt []int
	rec     *gameRecord
	// places is set, by seat, when a clock or the adjudication ended the game.
	places []int
}

// run plays from the position after opened actions up to limit actions in all (rolls included),
// the end of the game, a fallen flag or the adjudication, and returns the last position and the
// actions played. A bot's error or an illegal action ends the game with an error, as does ctx.
func (gp *gamePlay) run(ctx context.Context, cur engine.Position, opened, limit int) (engine.Position, int, error) {
	players := len(gp.bots)
	clocks := make([]time.Duration, players)
	for s, b := range gp.bots {
		if c, ok := b.(clocked); ok && c.timeControl() != nil {
			clocks[s] = c.timeControl().base
		}
	}
	chance := len(cur.Variant().Describe().Dice) > 0
	nodes := [2]engine.Position{cur.NewNode(), cur.NewNode()}
	var buf [engine.MaxMoves]engine.Move
	for n := opened; n < limit; n++ {
		if err := ctx.Err(); err != nil {
			return cur, n, err
		}
		moves := cur.Moves(buf[:0])
		if len(moves) == 0 {
			return cur, n, nil
		}
		var m engine.Move
		if chance && cur.Phase() == engine.PhaseRoll {
			m = engine.SampleRoll(cur, moves, gp.rng)
		} else {
			p := cur.ToMove()
			if p < 0 || p >= players {
				return cur, n, fmt.Errorf("play: no bot for player %d", p)
			}
			bot := gp.bots[p]
			var tc *timeControl
			if c, ok := bot.(clocked); ok && c.timeControl() != nil {
				tc = c.timeControl()
				c.setClocks(clocks[0], clocks[min(1, players-1)])
			}
			began := time.Now()
			var err error
			if m, err = bot.Choose(ctx, cur, gp.rng); err != nil {
				return cur, n, fmt.Errorf("play: %s for player %d: %w", bot.Name(), p, err)
			}
			used := time.Since(began)
			if !slices.Contains(moves, m) {
				return cur, n, fmt.Errorf("play: %s chose the illegal action %d for player %d", bot.Name(), m, p)
			}
			if tc != nil {
				if clocks[p] -= used; clocks[p] < 0 {
					gp.rec.ended = endedOnTime
					gp.places = make([]int, players)
					for s := range gp.places {
						gp.places[s] = 1
					}
					gp.places[p] = 2
					return cur, n, nil
				}
				clocks[p] += tc.inc
			}
			if inf, ok := bot.(informer); ok {
				si := inf.lastSearch()
				if si.ok {
					t := &gp.rec.searched[gp.entryAt[p]]
					t.moves++
					t.depth += si.depth
					t.nodes += si.nodes
					t.elapsed += si.elapsed
				}
				if over, winner := gp.adj.add(p, si, n+1); over && players == 2 {
					gp.rec.ended = endedAdjudicated
					gp.places = []int{1, 1}
					if winner >= 0 {
						gp.places[winner^1] = 2
					}
					return cur, n, nil
				}
			} else {
				gp.adj.add(p, searchInfo{}, n+1)
			}
		}
		gp.rec.moves = append(gp.rec.moves, m)
		next := nodes[n%2]
		cur.PlayInto(m, next)
		cur = next
	}
	return cur, limit, nil
}

// adjudicator ends a two-player game on the players' values of their own positions: resign
// (pawns) gives the game to a player valued at least that much ahead by six searches in a row,
// three of each player; draw, from the 80th action on, draws it when twenty searches in a row
// value it within draw of level. A search without a value breaks both runs.
type adjudicator struct {
	resign, draw float64
	leader       int // the player the current run of resign values favours
	winRun       int
	drawRun      int
}

const (
	resignRun = 6
	drawRun   = 20
	drawFrom  = 80
)

// add takes mover's search after actions actions and reports whether the game is decided, and
// for whom (-1 for a draw).
func (a *adjudicator) add(mover int, si searchInfo, actions int) (over bool, winner int) {
	if !si.hasValue {
		a.winRun, a.drawRun = 0, 0
		return false, -1
	}
	if a.resign > 0 {
		leader := -1
		switch {
		case si.value >= a.resign:
			leader = mover
		case si.value <= -a.resign:
			leader = mover ^ 1
		}
		switch {
		case leader < 0:
			a.winRun = 0
		case leader == a.leader && a.winRun > 0:
			a.winRun++
		default:
			a.leader, a.winRun = leader, 1
		}
		if a.winRun >= resignRun {
			return true, a.leader
		}
	}
	if a.draw > 0 && actions >= drawFrom {
		if math.Abs(si.value) <= a.draw {
			a.drawRun++
		} else {
			a.drawRun = 0
		}
		if a.drawRun >= drawRun {
			return true, -1
		}
	}
	return false, -1
}

// openGame plays up to k random actions from root (rolls by their probabilities) and returns
// the position reached, which is root itself when k is 0, and the actions played.
func openGame(root engine.Position, rng *rand.Rand, k int) (engine.Position, []engine.Move) {
	cur := root
	var played []engine.Move
	var buf [engine.MaxMoves]engine.Move
	for range k {
		moves := cur.Moves(buf[:0])
		if len(moves) == 0 {
			return cur, played
		}
		var m engine.Move
		if cur.Phase() == engine.PhaseRoll {
			m = engine.SampleRoll(cur, moves, rng)
		} else {
			m = moves[rng.IntN(len(moves))]
		}
		played = append(played, m)
		next := root.NewNode()
		cur.PlayInto(m, next)
		cur = next
	}
	return cur, played
}

// playerStats sums up the games of the entries that share one spec.
type playerStats struct {
	spec                string
	entries             int
	games               int     // entry-games
	wins, draws, losses int     // sole first place, shared first place, any other
	score               float64 // summed: per opponent 1 for a better place, 1/2 for an equal one
	firsts              int     // first places, shared or not
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
	r.writeSearches(out)
	if players == 2 && len(r.games) > 0 {
		elo, lo, hi := r.elo()
		fmt.Fprintf(out, "Elo of %s over %s: %+.1f [%+.1f, %+.1f] (95%%)\n", r.specs[0].text, r.specs[1].text, elo, lo, hi)
		if r.cfg.sprt != nil {
			llr := r.llr()
			verdict := "undecided"
			switch {
			case llr >= sprtUpper:
				verdict = "H1 accepted"
			case llr <= sprtLower:
				verdict = "H0 accepted"
			}
			fmt.Fprintf(out, "SPRT elo0 %g, elo1 %g: LLR %.2f [%.2f, %.2f], %s\n", r.cfg.sprt[0], r.cfg.sprt[1], llr, sprtLower, sprtUpper, verdict)
		}
	}
	mean, lo, hi, capped := r.meanLength()
	fmt.Fprintf(out, "game length: mean %.1f actions (shortest %d, longest %d); %d games stopped at the action cap count as draws\n",
		mean, lo, hi, capped)
	var onTime, adjudicated int
	for _, g := range r.games {
		switch g.ended {
		case endedOnTime:
			onTime++
		case endedAdjudicated:
			adjudicated++
		}
	}
	if onTime > 0 || adjudicated > 0 || r.cfg.resign > 0 || r.cfg.draw > 0 {
		fmt.Fprintf(out, "%d games lost on time, %d adjudicated\n", onTime, adjudicated)
	}
	fmt.Fprintf(out, "time: %v\n", r.elapsed.Round(time.Millisecond))
}

// writeSearches prints, for the players that report their searches, the mean depth, the nodes
// per second and the time per move.
func (r *matchResult) writeSearches(out io.Writer) {
	var rows []string
	for _, st := range r.stats() {
		var t searchTotals
		for e, spec := range r.specs {
			if spec.text != st.spec {
				continue
			}
			for _, g := range r.games {
				t.moves += g.searched[e].moves
				t.depth += g.searched[e].depth
				t.nodes += g.searched[e].nodes
				t.elapsed += g.searched[e].elapsed
			}
		}
		if t.moves == 0 {
			continue
		}
		nps := 0.0
		if s := t.elapsed.Seconds(); s > 0 {
			nps = float64(t.nodes) / s
		}
		rows = append(rows, fmt.Sprintf("%s\t%d\t%.1f\t%.0f\t%.0f\t%.1f\t", st.spec, t.moves, float64(t.depth)/float64(t.moves),
			float64(t.nodes)/float64(t.moves), nps, float64(t.elapsed.Microseconds())/1000/float64(t.moves)))
	}
	if len(rows) == 0 {
		return
	}
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "searches\tmoves\tdepth\tnodes/move\tnodes/s\tms/move\t")
	for _, row := range rows {
		fmt.Fprintln(tw, row)
	}
	tw.Flush()
}

// entryScores is the first entry's score in every game: 1 for a win, 1/2 for a draw.
func (r *matchResult) entryScores() []float64 {
	scores := make([]float64, 0, len(r.games))
	for _, g := range r.games {
		if g.places == nil {
			continue
		}
		switch {
		case g.places[0] < g.places[1]:
			scores = append(scores, 1)
		case g.places[0] == g.places[1]:
			scores = append(scores, 0.5)
		default:
			scores = append(scores, 0)
		}
	}
	return scores
}

// meanVar is the mean of scores and the variance of one score about it.
func meanVar(scores []float64) (mean, variance float64) {
	n := float64(len(scores))
	for _, x := range scores {
		mean += x
	}
	mean /= n
	for _, x := range scores {
		variance += (x - mean) * (x - mean)
	}
	return mean, variance / n
}

// eloOf is the logistic Elo difference that a score rate s means.
func eloOf(s float64) float64 {
	s = min(max(s, 1e-6), 1-1e-6)
	return -400 * math.Log10(1/s-1)
}

// elo is the first entry's Elo over the second with its 95% interval.
func (r *matchResult) elo() (elo, lo, hi float64) {
	scores := r.entryScores()
	mean, v := meanVar(scores)
	h := 1.959963984540054 * math.Sqrt(v/float64(len(scores)))
	return eloOf(mean), eloOf(mean - h), eloOf(mean + h)
}

// Bounds of the SPRT's log-likelihood ratio for alpha = beta = 0.05.
var (
	sprtLower = math.Log(0.05 / 0.95)
	sprtUpper = math.Log(0.95 / 0.05)
)

// llr is the log-likelihood ratio of elo1 against elo0 for the first entry's scores, by the
// normal approximation of the generalised SPRT: n(s1-s0)(2m-s0-s1)/(2 var).
func (r *matchResult) llr() float64 {
	scores := r.entryScores()
	if len(scores) < 2 || r.cfg.sprt == nil {
		return 0
	}
	mean, v := meanVar(scores)
	if v == 0 {
		return 0
	}
	s0 := 1 / (1 + math.Pow(10, -r.cfg.sprt[0]/400))
	s1 := 1 / (1 + math.Pow(10, -r.cfg.sprt[1]/400))
	return float64(len(scores)) * (s1 - s0) * (2*mean - s0 - s1) / (2 * v)
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
