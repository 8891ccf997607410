package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/search"
)

// searchCommand searches a position and prints one line per completed depth, as a UCI engine's
// info lines, then the best action. With --uci it is a UCI engine instead, reading commands on
// the standard input, so that matches can play one build against another.
//
//	ashtapada search --variant V [--fen TEXT] [--depth N | --movetime D] [--multipv K] [--algorithm A]
//	ashtapada search --uci [--variant V]
func searchCommand(ctx context.Context, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("search", flag.ContinueOnError)
	variant := fs.String("variant", "chaturanga", "variant name")
	fen := fs.String("fen", "", "position text (default: the start position); it must wait for a player's action")
	depth := fs.Int("depth", 0, fmt.Sprintf("deepest iteration in actions, 1 to %d (default: one second unless --movetime is given)", search.MaxDepth))
	movetime := fs.Duration("movetime", 0, "time for the search, e.g. 500ms")
	nodes := fs.Uint64("nodes", 0, "node budget (0: none)")
	multiPV := fs.Int("multipv", 1, "how many best actions to report")
	algorithm := fs.String("algorithm", "auto", "auto, alphabeta, paranoid, maxn, mcts or mcts-greedy")
	uci := fs.Bool("uci", false, "speak UCI on standard input and output (the variant is UCI_Variant, --variant by default)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("search: unexpected arguments %q", fs.Args())
	}
	if *uci {
		v, ok := engine.Lookup(*variant)
		if !ok {
			_, err := position(*variant, "")
			return err
		}
		return serveUCI(ctx, os.Stdin, out, v)
	}
	alg, err := search.ParseAlgorithm(*algorithm)
	if err != nil {
		return err
	}
	switch {
	case *depth < 0 || *depth > search.MaxDepth:
		return fmt.Errorf("--depth must be from 1 to %d", search.MaxDepth)
	case *movetime < 0:
		return errors.New("--movetime must be positive")
	case *multiPV < 1:
		return errors.New("--multipv must be at least 1")
	}
	pos, err := position(*variant, *fen)
	if err != nil {
		return err
	}
	root := pos
	switch pos.Phase() {
	case engine.PhaseRoll:
		return errors.New("the position waits for a dice roll: search a position after the roll")
	case engine.PhaseFinished:
		return fmt.Errorf("the game is over (%s)", pos.Outcome().Reason)
	}
	opts := search.Options{Limits: search.Limits{Depth: *depth, Nodes: *nodes, Time: *movetime, MultiPV: *multiPV}, Algorithm: alg,
		Repetition: pos.Variant().Describe().Repetition}
	// MCTS has no last depth to stop at: a depth only caps its tree.
	if (opts.Depth == 0 || alg.IsMCTS()) && opts.Time == 0 && opts.Nodes == 0 {
		opts.Time = time.Second
	}
	mover := pos.ToMove()
	res, err := search.NewSearcher(0).Search(ctx, root, opts, func(r search.Result) { writeInfo(out, pos, mover, r) })
	if err != nil {
		return err
	}
	if !res.Complete {
		// Cut short: the last info line may be older than what was found since.
		writeInfo(out, pos, mover, res)
	}
	fmt.Fprintln(out, "bestmove", pos.Notation(res.Best))
	return nil
}

// writeInfo prints a search result's lines: depth, the mover's value in pawns, nodes, nodes per
// second, time in milliseconds and the principal variation in the variant's notation.
func writeInfo(out io.Writer, pos engine.Position, mover int, r search.Result) {
	nps := 0.0
	if s := r.Elapsed.Seconds(); s > 0 {
		nps = float64(r.Nodes) / s
	}
	for i, l := range r.Lines {
		value := 0.0
		if mover < len(l.Values) {
			value = l.Values[mover]
		}
		multi := ""
		if len(r.Lines) > 1 {
			multi = fmt.Sprintf(" multipv %d", i+1)
		}
		fmt.Fprintf(out, "info depth %d seldepth %d%s value %.2f nodes %d nps %.0f time %d pv %s\n", r.Depth, r.SelDepth, multi, value,
			r.Nodes, nps, r.Elapsed.Milliseconds(), pvText(pos, l.PV))
	}
}

// pvText writes a principal variation, each action in the notation of the position it is played in.
func pvText(pos engine.Position, pv []engine.Move) string {
	var words []string
	for _, m := range pv {
		if pos.Phase() == engine.PhaseFinished {
			break
		}
		words = append(words, pos.Notation(m))
		pos, _ = pos.Play(m)
	}
	return strings.Join(words, " ")
}

// uciServer is a UCI engine over the search: one search at a time, run in the background so that
// stop and isready are answered while it thinks.
type uciServer struct {
	mu  sync.Mutex // guards out, which the search's goroutine writes too
	out *bufio.Writer

	variant  engine.Variant
	searcher *search.Searcher
	pos      engine.Position // nil until a position command succeeds
	history  []uint64        // keys of the positions before pos, for repetitions
	cancel   context.CancelFunc
	done     chan struct{} // closed when the running search has printed its bestmove

	// The playing strength, as Stockfish takes it: Skill Level, or with UCI_LimitStrength the
	// level UCI_Elo names on the variant's rating of its levels.
	skill         int
	limitStrength bool
	elo           int
	// threads is the Threads option: the threads of an MCTS search (alpha-beta runs on one).
	threads int
}

// serveUCI answers the UCI commands read from in until quit, the end of in, or ctx.
func serveUCI(ctx context.Context, in io.Reader, out io.Writer, v engine.Variant) error {
	u := &uciServer{out: bufio.NewWriter(out), variant: v, searcher: search.NewSearcher(0), skill: search.MaxLevel}
	lines := make(chan string)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(in)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			lines <- sc.Text()
		}
	}()
	defer u.wait()
	for {
		var line string
		select {
		case <-ctx.Done():
			u.stop()
			return nil
		case l, ok := <-lines:
			if !ok {
				u.stop()
				return nil
			}
			line = l
		}
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "uci":
			u.print("id name ashtapada " + appVersion())
			u.print("id author the ashtapada authors")
			u.print("option name Hash type spin default 16 min 1 max 65536")
			u.print("option name UCI_Variant type combo default " + v.Describe().Name + " var " + strings.Join(variantNames(), " var "))
			u.print(fmt.Sprintf("option name Threads type spin default 1 min 1 max %d", search.MaxThreads))
			u.print(fmt.Sprintf("option name Skill Level type spin default %d min %d max %d", search.MaxLevel, search.MinLevel, search.MaxLevel))
			if lo, hi, ok := eloRange(u.variant); ok {
				u.print("option name UCI_LimitStrength type check default false")
				u.print(fmt.Sprintf("option name UCI_Elo type spin default %d min %d max %d", hi, lo, hi))
			}
			u.print("uciok")
		case "isready":
			u.print("readyok")
		case "setoption":
			u.wait()
			u.setOption(f[1:])
		case "ucinewgame":
			u.wait()
			u.searcher.ClearTable()
		case "position":
			u.wait()
			u.setPosition(f[1:])
		case "go":
			u.wait()
			u.goSearch(f[1:])
		case "stop":
			u.stop()
		case "quit":
			u.stop()
			return nil
		}
	}
}

func variantNames() []string {
	var names []string
	for _, x := range engine.Variants() {
		names = append(names, x.Describe().Name)
	}
	sort.Strings(names)
	return names
}

func (u *uciServer) print(line string) {
	u.mu.Lock()
	defer u.mu.Unlock()
	u.out.WriteString(line + "\n")
	u.out.Flush()
}

// stop ends the running search, which then prints its bestmove.
func (u *uciServer) stop() {
	if u.cancel != nil {
		u.cancel()
	}
	u.wait()
}

// wait lets the running search finish.
func (u *uciServer) wait() {
	if u.done != nil {
		<-u.done
		u.done, u.cancel = nil, nil
	}
}

// setOption reads "name N value V": Hash in MiB and UCI_Variant; other options are ignored.
func (u *uciServer) setOption(args []string) {
	text := strings.Join(args, " ")
	rest, ok := strings.CutPrefix(text, "name ")
	if !ok {
		return
	}
	name, value, _ := strings.Cut(rest, " value ")
	switch strings.ToLower(strings.TrimSpace(name)) {
	case "hash":
		mib, err := strconv.Atoi(strings.TrimSpace(value))
		if err != nil || mib < 1 {
			u.print("info string Hash: want a size in MiB")
			return
		}
		u.searcher = search.NewSearcher(mib << 20)
	case "threads":
		u.spin(&u.threads, "Threads", value, 1, search.MaxThreads)
	case "skill level":
		u.spin(&u.skill, "Skill Level", value, search.MinLevel, search.MaxLevel)
	case "uci_limitstrength":
		u.limitStrength = strings.EqualFold(strings.TrimSpace(value), "true")
	case "uci_elo":
		// The rated levels' range, as the option advertises it.
		lo, hi, ok := eloRange(u.variant)
		if !ok {
			lo, hi = math.MinInt32, math.MaxInt32
		}
		u.spin(&u.elo, "UCI_Elo", value, lo, hi)
	case "uci_variant":
		v, ok := engine.Lookup(strings.TrimSpace(value))
		if !ok {
			u.print("info string unknown variant " + strings.TrimSpace(value))
			return
		}
		u.variant, u.pos = v, nil
	}
}

// spin sets a spin option from its value, or says why it cannot and leaves it.
func (u *uciServer) spin(dst *int, name, value string, lo, hi int) {
	n, err := strconv.Atoi(strings.TrimSpace(value))
	if err != nil || n < lo || n > hi {
		u.print(fmt.Sprintf("info string %s: want %d to %d", name, lo, hi))
		return
	}
	*dst = n
}

// level is the playing level the options ask for; 0 for the full strength.
func (u *uciServer) level() int {
	l := u.skill
	if u.limitStrength {
		l = levelForElo(u.variant, u.elo)
	}
	if l >= search.MaxLevel {
		return 0
	}
	return l
}

// eloRange is the Elo of the variant's weakest and strongest rated levels.
func eloRange(v engine.Variant) (lo, hi int, ok bool) {
	levels := v.Describe().Levels
	if len(levels) == 0 {
		return 0, 0, false
	}
	return int(math.Round(levels[0].Elo)), int(math.Round(levels[len(levels)-1].Elo)), true
}

// levelForElo is the strongest level rated at most elo, the weakest if none is.
func levelForElo(v engine.Variant, elo int) int {
	best := search.MinLevel
	for _, l := range v.Describe().Levels {
		if l.Elo <= float64(elo) {
			best = max(best, l.Level)
		}
	}
	return best
}

// setPosition reads "startpos|fen TEXT [moves A B ...]".
func (u *uciServer) setPosition(args []string) {
	u.pos, u.history = nil, u.history[:0]
	var text []string
	i := 0
	switch {
	case len(args) > 0 && args[0] == "startpos":
		i = 1
	case len(args) > 0 && args[0] == "fen":
		for i = 1; i < len(args) && args[i] != "moves"; i++ {
			text = append(text, args[i])
		}
	default:
		u.print("info string position: want startpos or fen")
		return
	}
	var pos engine.Position
	var err error
	if text == nil {
		pos, err = u.variant.Start(nil)
	} else {
		pos, err = u.variant.Parse(strings.Join(text, " "))
	}
	if err != nil {
		u.print("info string position: " + err.Error())
		return
	}
	if i < len(args) && args[i] == "moves" {
		for _, word := range args[i+1:] {
			m, err := pos.ParseMove(word)
			if err != nil {
				u.print("info string position: move " + word + ": " + err.Error())
				return
			}
			u.history = append(u.history, pos.Key())
			pos, _ = pos.Play(m)
		}
	}
	u.pos = pos
}

// goSearch reads the limits of a go command and starts the search.
func (u *uciServer) goSearch(args []string) {
	pos := u.pos
	if pos == nil {
		u.print("info string go: no position")
		u.print("bestmove (none)")
		return
	}
	switch pos.Phase() {
	case engine.PhaseAction, engine.PhaseResponse:
	default:
		u.print("bestmove (none)")
		return
	}
	opts := search.Options{Repetition: pos.Variant().Describe().Repetition, History: append([]uint64(nil), u.history...)}
	opts.Threads = u.threads
	if opts.Level = u.level(); opts.Level > 0 {
		opts.Seed = rand.Uint64()
	}
	var clock [2]time.Duration
	var inc [2]time.Duration
	movesToGo := 0
	for i := 0; i+1 < len(args); i++ {
		n, err := strconv.ParseInt(args[i+1], 10, 64)
		if err != nil {
			continue
		}
		ms := time.Duration(n) * time.Millisecond
		switch args[i] {
		case "depth":
			opts.Depth = min(max(int(n), 1), search.MaxDepth)
		case "nodes":
			opts.Nodes = uint64(max(n, 1))
		case "movetime":
			opts.Time = max(ms, time.Millisecond)
		case "wtime":
			clock[0] = ms
		case "btime":
			clock[1] = ms
		case "winc":
			inc[0] = ms
		case "binc":
			inc[1] = ms
		case "movestogo":
			movesToGo = int(n)
		default:
			continue
		}
		i++
	}
	if side := pos.ToMove(); opts.Time == 0 && side < 2 && clock[side] > 0 {
		opts.SoftTime, opts.Time = search.ClockLimits(clock[side], inc[side], movesToGo)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	u.cancel, u.done = cancel, done
	searcher := u.searcher
	go func() {
		defer close(done)
		defer cancel()
		mover := pos.ToMove()
		report := func(r search.Result) { u.print(uciInfo(pos, mover, r)) }
		res, err := searcher.Search(ctx, pos, opts, report)
		if err != nil {
			u.print("info string " + err.Error())
			u.print("bestmove (none)")
			return
		}
		if !res.Complete {
			u.print(uciInfo(pos, mover, res))
		}
		u.print("bestmove " + pos.Notation(res.Best))
	}()
}

// uciInfo is an info line: values in centipawns, or in moves to mate.
func uciInfo(pos engine.Position, mover int, r search.Result) string {
	if len(r.Lines) == 0 {
		return fmt.Sprintf("info depth %d nodes %d", r.Depth, r.Nodes)
	}
	v := 0.0
	if l := r.Lines[0]; mover < len(l.Values) {
		v = l.Values[mover]
	}
	score := fmt.Sprintf("cp %d", int(math.Round(v*100)))
	if plies, ok := engine.ProvenIn(v, len(pos.Variant().Describe().Dice) > 0); ok {
		moves := (max(plies, -plies) + 1) / 2
		if plies < 0 {
			moves = -moves
		}
		score = fmt.Sprintf("mate %d", moves)
	}
	ms := r.Elapsed.Milliseconds()
	nps := int64(0)
	if s := r.Elapsed.Seconds(); s > 0 {
		nps = int64(float64(r.Nodes) / s)
	}
	return fmt.Sprintf("info depth %d seldepth %d score %s nodes %d nps %d time %d pv %s", r.Depth, r.SelDepth, score, r.Nodes, nps, ms,
		pvText(pos, r.Lines[0].PV))
}
