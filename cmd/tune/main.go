// Command tune fits the evaluation weights of a game (the Weights of its package's weights.go)
// to the results of self-play games, Texel-style, and plays matches between weight sets. It
// tunes any registered variant that is an engine.Tunable: each set of weights is a variant value
// of its own (WithWeights), and a game's defaults (options, --max-actions, which actions random
// openings play) are its TuningHints.
//
//	go run ./cmd/tune gen   --variant V --games N --seed S --depth D --open K --out DATA
//	go run ./cmd/tune fit   --variant V --data DATA --out NEW.json
//	go run ./cmd/tune match --variant V --a NEW.json --b tuned --games N --seed S --movetime 20ms
//	go run ./cmd/tune show  --variant V --weights NEW.json
//
// # Data
//
// gen plays games between search bots at a fixed depth (both sides alike), each opened by K
// random actions drawn from a generator seeded with (seed, game), so that games differ, and the
// dice drawn from the same generator. It records every position in which a player chose an
// action that wins no material (Tactics.Gain 0) while not in check, so that the static value is
// not about to change hands, and labels it with the game's result for every player: Utility
// mapped from [-1, 1] to [0, 1]; a game stopped at --max-actions counts as a draw. Lines are
// "game TAB labels TAB position text", the text as the variant's Parse reads it.
//
// # Fit
//
// fit minimises the mean squared error between sigmoid(c × Evaluate) and the labels over every
// (position, player), Texel's method. Games whose number is 9 modulo 10 are held out as the
// validation set, whole, since positions of one game are alike. c is fitted first with the
// starting weights and then fixed, so the weights keep their unit: the pawn, or a point where a
// game counts points, stays 1 and is not a weight. Each round linearises Evaluate around the
// current weights (forward differences of every weight over the training positions), minimises
// the linearised error with Adam, and keeps the step only if the true training error falls,
// halving it otherwise: exact for the terms linear in their weights, a trust region for the rest.
// It prints the training and validation error before and after, and the weights as Go and JSON.
//
// # Match
//
// match plays weight set A against B, each bot searching the positions as ones of its own
// variant value; --jobs plays that many games at once. Two players: both seatings of every opening (the same dice); the score of A
// with a 95% interval from the variance of the game pairs. More players: A in one seat, the
// other seats B or --field greedy, A's seat rotating; first places of A with a Wilson interval
// (0.25 is an even share of four). Both sides search with the same limits (--movetime).
//
// Weight sets are named: "hand" and "tuned" (the package's HandWeights and TunedWeights), or a
// JSON file as fit writes it (fields left out keep the tuned values). Greedy bots evaluate with
// the tuned set.
//
// # Recipe
//
// docs/measurements.md, section "Evaluation tuning", has the commands and what came of them;
// for chaturanga:
//
//	T="go run ./cmd/tune"
//	$T gen --variant chaturanga --games 1500 --seed 1 --depth 4 --open 8 --random 0.03 --jobs 1 --out chaturanga.data
//	$T fit --variant chaturanga --data chaturanga.data --out chaturanga.json
//	$T match --variant chaturanga --a chaturanga.json --b hand --games 300 --seed 3 --movetime 20ms --open 8 --max-actions 300
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"reflect"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/ashtapada/ashtapada/engine"
	_ "github.com/ashtapada/ashtapada/engine/games"
	"github.com/ashtapada/ashtapada/engine/search"
)

// game is what the tuner knows of a game: its registered variant, the defaults of self-play it
// gives, and its weights as a vector.
type game struct {
	name    string
	variant engine.Variant
	hints   engine.TuningHints
	weights *weightSet
}

func findGame(name string) (game, error) {
	v, ok := engine.Lookup(name)
	t, tunable := v.(engine.Tunable)
	if !ok || !tunable {
		var names []string
		for _, v := range engine.Variants() {
			if _, ok := v.(engine.Tunable); ok {
				names = append(names, v.Describe().Name)
			}
		}
		return game{}, fmt.Errorf("no weights for variant %q; want one of %s", name, strings.Join(names, ", "))
	}
	tuned, _ := t.Weights("tuned")
	return game{name: name, variant: v, hints: t.Tuning(), weights: &weightSet{tun: t, tuned: tuned}}, nil
}

// weightSet sees a variant's Weights struct as a vector: its float64 fields and the elements of
// its float64 arrays, in order. Other fields (switches) keep the tuned set's values.
type weightSet struct {
	tun   engine.Tunable
	tuned any // the tuned set, a Weights struct
}

// leaves calls f with every float64 the struct holds, addressable, and its name.
func leaves(v reflect.Value, f func(name string, x reflect.Value)) {
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		fv, name := v.Field(i), t.Field(i).Name
		switch fv.Kind() {
		case reflect.Float64:
			f(name, fv)
		case reflect.Array:
			if fv.Type().Elem().Kind() == reflect.Float64 {
				for j := 0; j < fv.Len(); j++ {
					f(fmt.Sprintf("%s[%d]", name, j), fv.Index(j))
				}
			}
		}
	}
}

// settable is an addressable copy of the tuned set.
func (w *weightSet) settable() reflect.Value {
	s := reflect.New(reflect.TypeOf(w.tuned)).Elem()
	s.Set(reflect.ValueOf(w.tuned))
	return s
}

func (w *weightSet) vector(s any) []float64 {
	var x []float64
	c := reflect.New(reflect.TypeOf(s)).Elem()
	c.Set(reflect.ValueOf(s))
	leaves(c, func(_ string, v reflect.Value) { x = append(x, v.Float()) })
	return x
}

// from is the set x as a Weights struct, over the tuned set.
func (w *weightSet) from(x []float64) any {
	s := w.settable()
	i := 0
	leaves(s, func(_ string, v reflect.Value) { v.SetFloat(x[i]); i++ })
	return s.Interface()
}

func (w *weightSet) names() []string {
	var n []string
	leaves(w.settable(), func(name string, _ reflect.Value) { n = append(n, name) })
	return n
}

// variant is an unregistered variant of the game evaluating with x.
func (w *weightSet) variant(x []float64) engine.Tunable {
	v, err := w.tun.WithWeights(w.from(x))
	if err != nil {
		panic(err) // from makes the variant's own type
	}
	return v.(engine.Tunable)
}

// parse reads a named set (hand, tuned) or a JSON file over the tuned set.
func (w *weightSet) parse(name string) ([]float64, error) {
	if s, ok := w.tun.Weights(name); ok {
		return w.vector(s), nil
	}
	b, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	s := w.settable()
	if err := json.Unmarshal(b, s.Addr().Interface()); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return w.vector(s.Interface()), nil
}

// goText writes the set as a Go composite literal, rounded to what a reader needs.
func (w *weightSet) goText(x []float64) string {
	v := reflect.ValueOf(w.from(x))
	t := v.Type()
	var parts []string
	for i := 0; i < t.NumField(); i++ {
		fv := v.Field(i)
		switch {
		case fv.Kind() == reflect.Float64:
			parts = append(parts, fmt.Sprintf("%s: %s", t.Field(i).Name, round(fv.Float())))
		case fv.Kind() == reflect.Array && fv.Type().Elem().Kind() == reflect.Float64:
			var el []string
			for j := 0; j < fv.Len(); j++ {
				el = append(el, round(fv.Index(j).Float()))
			}
			parts = append(parts, fmt.Sprintf("%s: %s{%s}", t.Field(i).Name, fv.Type(), strings.Join(el, ", ")))
		default:
			parts = append(parts, fmt.Sprintf("%s: %#v", t.Field(i).Name, fv.Interface()))
		}
	}
	return fmt.Sprintf("%s{%s}", t, strings.Join(parts, ", "))
}

// round keeps three significant digits, at most three decimals.
func round(f float64) string {
	r := strconv.FormatFloat(f, 'g', 3, 64)
	if g, _ := strconv.ParseFloat(r, 64); math.Abs(g) < 1 {
		r = strconv.FormatFloat(math.Round(f*1000)/1000, 'f', -1, 64)
	}
	return r
}

func (w *weightSet) jsonText(x []float64) string {
	b, _ := json.MarshalIndent(w.from(x), "", "  ")
	return string(b)
}

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: tune gen|fit|match|show [flags]; see the doc comment")
		os.Exit(2)
	}
	cmds := map[string]func([]string) error{"gen": gen, "fit": fit, "match": match, "show": show}
	cmd, ok := cmds[os.Args[1]]
	if !ok {
		fmt.Fprintf(os.Stderr, "tune: unknown command %q\n", os.Args[1])
		os.Exit(2)
	}
	if err := cmd(os.Args[2:]); err != nil {
		fmt.Fprintln(os.Stderr, "tune:", err)
		os.Exit(1)
	}
}

// start makes the start position of v, a variant of the game, with the options given as
// name=value,...; "" for the game's tuning defaults.
func start(g game, v engine.Variant, options string) (engine.Position, error) {
	if options == "" {
		return v.Start(g.hints.Options)
	}
	opts := engine.Options{}
	specs := v.Describe().Options
	for _, kv := range strings.Split(options, ",") {
		if kv == "" {
			continue
		}
		name, value, _ := strings.Cut(kv, "=")
		i := slices.IndexFunc(specs, func(s engine.OptionSpec) bool { return s.Name == name })
		if i < 0 {
			return nil, fmt.Errorf("option %q: %s has no such option", kv, g.name)
		}
		o := engine.OptionValue{Kind: specs[i].Kind}
		var err error
		switch o.Kind {
		case engine.OptionBool:
			o.Bool, err = strconv.ParseBool(value)
		case engine.OptionInt:
			o.Int, err = strconv.ParseInt(value, 10, 64)
		default:
			o.String = value
		}
		if err != nil {
			return nil, fmt.Errorf("option %q: %w", kv, err)
		}
		opts[name] = o
	}
	return v.Start(opts)
}

// open plays k random actions from root (rolls by their chances), among those the game's
// OpenWith allows where it allows any.
func open(g game, root engine.Position, rng *rand.Rand, k int) engine.Position {
	cur := root
	var buf [engine.MaxMoves]engine.Move
	for range k {
		moves := cur.Moves(buf[:0])
		if len(moves) == 0 {
			break
		}
		if g.hints.OpenWith != nil && cur.Phase() != engine.PhaseRoll {
			allowed := slices.DeleteFunc(slices.Clone(moves), func(m engine.Move) bool { return !g.hints.OpenWith(cur.Notation(m)) })
			if len(allowed) > 0 {
				moves = allowed
			}
		}
		m := moves[rng.IntN(len(moves))]
		if cur.Phase() == engine.PhaseRoll {
			m = engine.SampleRoll(cur, moves, rng)
		}
		next := cur.NewNode()
		cur.PlayInto(m, next)
		cur = next
	}
	return cur
}

// play plays a game from cur, bots[p] choosing for player p, and calls chose after each choice
// of a bot with the position and the action. It returns the final position and whether the
// game ended before maxActions.
func play(ctx context.Context, cur engine.Position, bots []search.Bot, rng *rand.Rand, maxActions int,
	chose func(engine.Position, engine.Move)) (engine.Position, bool, error) {
	var buf [engine.MaxMoves]engine.Move
	for range maxActions {
		moves := cur.Moves(buf[:0])
		if len(moves) == 0 {
			return cur, true, nil
		}
		var m engine.Move
		if cur.Phase() == engine.PhaseRoll {
			m = engine.SampleRoll(cur, moves, rng)
		} else {
			var err error
			if m, err = bots[cur.ToMove()].Choose(ctx, cur, rng); err != nil {
				return cur, false, err
			}
			if !slices.Contains(moves, m) {
				return cur, false, fmt.Errorf("illegal action %d chosen at %s", m, cur)
			}
			if chose != nil {
				chose(cur, m)
			}
		}
		next := cur.NewNode()
		cur.PlayInto(m, next)
		cur = next
	}
	return cur, cur.Phase() == engine.PhaseFinished, nil
}

// labels are the players' results in [0, 1]: Utility mapped from [-1, 1], a draw for a game
// that did not end.
func labels(end engine.Position, finished bool) []float64 {
	n := engine.Players(end)
	u := make([]float64, n)
	if !finished || !end.Utility(u) {
		clear(u)
	}
	for i := range u {
		u[i] = (u[i] + 1) / 2
	}
	return u
}

func gen(args []string) error {
	fs := flag.NewFlagSet("gen", flag.ContinueOnError)
	variant := fs.String("variant", "", "variant")
	options := fs.String("options", "", "variant options name=value,... (default: the game's)")
	nGames := fs.Int("games", 1000, "games to play")
	seed := fs.Uint64("seed", 1, "seed of the openings and dice")
	depth := fs.Int("depth", 3, "search depth of the bots")
	openK := fs.Int("open", 8, "random actions that open every game")
	randomShare := fs.Float64("random", 0, "share of the bots' actions played at random instead, so that more games are decided")
	maxActions := fs.Int("max-actions", 0, "actions after which a game is a draw (default: the game's)")
	weightsName := fs.String("weights", "tuned", "weights the bots evaluate with: hand, tuned or a JSON file")
	out := fs.String("out", "", "output file")
	jobs := fs.Int("jobs", runtime.GOMAXPROCS(0), "games played at once")
	if err := fs.Parse(args); err != nil {
		return err
	}
	g, err := findGame(*variant)
	if err != nil {
		return err
	}
	if *out == "" {
		return errors.New("gen: --out is required")
	}
	if *maxActions == 0 {
		*maxActions = g.hints.MaxActions
	}
	w, err := g.weights.parse(*weightsName)
	if err != nil {
		return err
	}
	// The bots search positions of a variant evaluating with w.
	root, err := start(g, g.weights.variant(w), *options)
	if err != nil {
		return err
	}
	f, err := os.Create(*out)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(f)
	fmt.Fprintf(os.Stderr, "gen %s: %d games, seed %d, depth %d, open %d, max actions %d, load %s\n",
		g.name, *nGames, *seed, *depth, *openK, *maxActions, loadAvg())
	began := time.Now()
	var mu sync.Mutex
	var wg sync.WaitGroup
	next := make(chan int)
	var firstErr error
	positions, finished, decisive := 0, 0, 0
	for range *jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := search.NewSearcher(1 << 22)
			var bot search.Bot = search.SearchBot(s, search.Options{Limits: search.Limits{Depth: *depth}})
			if *randomShare > 0 {
				bot = erratic{bot, *randomShare}
			}
			bots := make([]search.Bot, engine.Players(root))
			for i := range bots {
				bots[i] = bot
			}
			for gi := range next {
				s.ClearTable()
				rng := rand.New(rand.NewPCG(*seed, uint64(gi)))
				var texts []string
				end, done, err := play(context.Background(), open(g, root, rng, *openK), bots, rng, *maxActions,
					func(p engine.Position, m engine.Move) {
						if t, ok := p.(engine.Tactics); ok && (t.Gain(m) != 0 || t.InCheck()) {
							return
						}
						texts = append(texts, p.String())
					})
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = err
				}
				l := labels(end, done)
				ls := make([]string, len(l))
				for i, v := range l {
					ls[i] = strconv.FormatFloat(v, 'g', -1, 64)
				}
				for _, t := range texts {
					fmt.Fprintf(bw, "%d\t%s\t%s\n", gi, strings.Join(ls, ","), t)
				}
				positions += len(texts)
				if done {
					finished++
					if slices.Max(l) != slices.Min(l) {
						decisive++
					}
				}
				mu.Unlock()
			}
		}()
	}
	for gi := range *nGames {
		next <- gi
	}
	close(next)
	wg.Wait()
	if firstErr != nil {
		return firstErr
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "%d positions from %d games (%d finished, %d decisive) in %v, load %s\n",
		positions, *nGames, finished, decisive, time.Since(began).Round(time.Second), loadAvg())
	return nil
}

// erratic is a bot that plays a random action instead of its own with a given chance.
type erratic struct {
	search.Bot
	chance float64
}

func (b erratic) Choose(ctx context.Context, n engine.Position, rng *rand.Rand) (engine.Move, error) {
	if rng.Float64() < b.chance {
		return search.RandomBot().Choose(ctx, n, rng)
	}
	return b.Bot.Choose(ctx, n, rng)
}

// sample is a position of the data with its players' labels.
type sample struct {
	pos    engine.Position
	labels []float64
}

func readData(v engine.Variant, files string) (train, valid []sample, err error) {
	for _, name := range strings.Split(files, ",") {
		f, err := os.Open(name)
		if err != nil {
			return nil, nil, err
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for line := 1; sc.Scan(); line++ {
			parts := strings.SplitN(sc.Text(), "\t", 3)
			if len(parts) != 3 {
				return nil, nil, fmt.Errorf("%s:%d: want game, labels, position", name, line)
			}
			gi, err1 := strconv.Atoi(parts[0])
			p, err2 := v.Parse(parts[2])
			if err := errors.Join(err1, err2); err != nil {
				return nil, nil, fmt.Errorf("%s:%d: %w", name, line, err)
			}
			var l []float64
			for _, s := range strings.Split(parts[1], ",") {
				x, err := strconv.ParseFloat(s, 64)
				if err != nil {
					return nil, nil, fmt.Errorf("%s:%d: %w", name, line, err)
				}
				l = append(l, x)
			}
			if len(l) != engine.Players(p) {
				return nil, nil, fmt.Errorf("%s:%d: %d labels for %d players", name, line, len(l), engine.Players(p))
			}
			if len(l) == 2 {
				// Zero-sum: the second player's error is the first's.
				l = l[:1]
			}
			if gi%10 == 9 {
				valid = append(valid, sample{p, l})
			} else {
				train = append(train, sample{p, l})
			}
		}
		f.Close()
		if err := sc.Err(); err != nil {
			return nil, nil, err
		}
	}
	return train, valid, nil
}

// evaluateAll writes the evaluation with v's weights of every sample for the players it has
// labels for into out, in order.
func evaluateAll(v engine.Tunable, data []sample, out []float64) {
	workers := runtime.GOMAXPROCS(0)
	var wg sync.WaitGroup
	chunk := (len(data) + workers - 1) / workers
	offsets := make([]int, len(data)+1)
	for i, s := range data {
		offsets[i+1] = offsets[i] + len(s.labels)
	}
	for w := 0; w < workers; w++ {
		lo, hi := w*chunk, min((w+1)*chunk, len(data))
		if lo >= hi {
			break
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			var e [engine.MaxPlayers]float64
			for i := lo; i < hi; i++ {
				p, ok := v.Adopt(data[i].pos)
				if !ok {
					panic("a position of another game")
				}
				p.Evaluate(e[:engine.Players(p)])
				copy(out[offsets[i]:offsets[i+1]], e[:])
			}
		}()
	}
	wg.Wait()
}

func flatLabels(data []sample) []float64 {
	var y []float64
	for _, s := range data {
		y = append(y, s.labels...)
	}
	return y
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

func mse(e, y []float64, c float64) float64 {
	sum := 0.0
	for i := range e {
		d := sigmoid(c*e[i]) - y[i]
		sum += d * d
	}
	return sum / float64(len(e))
}

// fitScale finds the c minimising mse(e, y, c) by golden-section search.
func fitScale(e, y []float64) float64 {
	lo, hi := 0.01, 5.0
	phi := (math.Sqrt(5) - 1) / 2
	for range 60 {
		a, b := hi-phi*(hi-lo), lo+phi*(hi-lo)
		if mse(e, y, a) < mse(e, y, b) {
			hi = b
		} else {
			lo = a
		}
	}
	return (lo + hi) / 2
}

func fit(args []string) error {
	fs := flag.NewFlagSet("fit", flag.ContinueOnError)
	variant := fs.String("variant", "", "variant")
	data := fs.String("data", "", "data files, comma-separated")
	from := fs.String("from", "tuned", "starting weights: hand, tuned or a JSON file")
	fixed := fs.String("fixed", "", "weights left as they start, comma-separated names")
	rounds := fs.Int("rounds", 6, "linearisations")
	steps := fs.Int("steps", 3000, "Adam steps a round")
	rate := fs.Float64("rate", 0.01, "Adam's first step size, in pawns")
	l2 := fs.Float64("l2", 1e-4, "penalty on the squared distance from the starting weights")
	out := fs.String("out", "", "write the fitted weights here as JSON")
	if err := fs.Parse(args); err != nil {
		return err
	}
	g, err := findGame(*variant)
	if err != nil {
		return err
	}
	began := time.Now()
	train, valid, err := readData(g.variant, *data)
	if err != nil {
		return err
	}
	if len(train) == 0 || len(valid) == 0 {
		return errors.New("fit: no training or no validation data")
	}
	tw := g.weights
	names := tw.names()
	w0, err := tw.parse(*from)
	if err != nil {
		return err
	}
	free := make([]bool, len(names))
	for i := range free {
		free[i] = true
	}
	for _, n := range strings.Split(*fixed, ",") {
		if i := slices.Index(names, n); i >= 0 {
			free[i] = false
		} else if n != "" {
			return fmt.Errorf("fit: no weight %q (have %s)", n, strings.Join(names, ", "))
		}
	}
	yT, yV := flatLabels(train), flatLabels(valid)
	eT, eV := make([]float64, len(yT)), make([]float64, len(yV))
	evaluateAll(tw.variant(w0), train, eT)
	evaluateAll(tw.variant(w0), valid, eV)
	c := fitScale(eT, yT)
	trainBefore, validBefore := mse(eT, yT, c), mse(eV, yV, c)
	fmt.Printf("fit %s: %d training and %d validation positions (%d and %d labels), read in %v\n",
		g.name, len(train), len(valid), len(yT), len(yV), time.Since(began).Round(time.Millisecond))
	fmt.Printf("scale c = %.4f (sigmoid(c × pawns)); error before: training %.6f, validation %.6f\n", c, trainBefore, validBefore)

	w := slices.Clone(w0)
	loss := trainBefore
	jac := make([][]float64, len(names))
	for round := 0; round < *rounds; round++ {
		// The linearisation: e(w + d) ≈ e0 + Σ d_i jac_i.
		evaluateAll(tw.variant(w), train, eT)
		e0 := slices.Clone(eT)
		for i := range names {
			if !free[i] {
				jac[i] = nil
				continue
			}
			h := 1e-3 * max(1, math.Abs(w[i]))
			wi := slices.Clone(w)
			wi[i] += h
			evaluateAll(tw.variant(wi), train, eT)
			jac[i] = make([]float64, len(eT))
			for k := range eT {
				jac[i][k] = (eT[k] - e0[k]) / h
			}
		}
		d := adam(e0, jac, yT, c, w, w0, *l2, *steps, *rate)
		// Keep the step if the true error falls; halve it otherwise.
		accepted := false
		for try := 0; try < 4; try++ {
			cand := slices.Clone(w)
			for i := range cand {
				cand[i] += d[i]
			}
			evaluateAll(tw.variant(cand), train, eT)
			if l := mse(eT, yT, c); l < loss {
				w, loss, accepted = cand, l, true
				break
			}
			for i := range d {
				d[i] /= 2
			}
		}
		fmt.Printf("round %d: training error %.6f%s (%v)\n", round+1, loss, map[bool]string{false: ", no step kept", true: ""}[accepted],
			time.Since(began).Round(time.Second))
		if !accepted {
			break
		}
	}
	evaluateAll(tw.variant(w), train, eT)
	evaluateAll(tw.variant(w), valid, eV)
	trainAfter, validAfter := mse(eT, yT, c), mse(eV, yV, c)
	fmt.Printf("error after: training %.6f, validation %.6f (before %.6f, %.6f); refitted scale %.4f\n",
		trainAfter, validAfter, trainBefore, validBefore, fitScale(eT, yT))
	for i, n := range names {
		fmt.Printf("  %-16s %8.4f -> %8.4f\n", n, w0[i], w[i])
	}
	fmt.Println(tw.goText(w))
	if *out != "" {
		return os.WriteFile(*out, []byte(tw.jsonText(w)+"\n"), 0o644)
	}
	return nil
}

// adam minimises the linearised error plus l2 × |w + d - w0|² over the step d and returns it.
func adam(e0 []float64, jac [][]float64, y []float64, c float64, w, w0 []float64, l2 float64, steps int, rate float64) []float64 {
	n := len(w)
	d := make([]float64, n)
	m, v := make([]float64, n), make([]float64, n)
	grad := make([]float64, n)
	e := make([]float64, len(e0))
	const b1, b2, eps = 0.9, 0.999, 1e-12
	workers := runtime.GOMAXPROCS(0)
	parts := make([][]float64, workers)
	for i := range parts {
		parts[i] = make([]float64, n)
	}
	for step := 1; step <= steps; step++ {
		copy(e, e0)
		for i := range jac {
			if jac[i] == nil || d[i] == 0 {
				continue
			}
			for k, j := range jac[i] {
				e[k] += d[i] * j
			}
		}
		var wg sync.WaitGroup
		chunk := (len(e) + workers - 1) / workers
		for p := range workers {
			lo, hi := p*chunk, min((p+1)*chunk, len(e))
			g := parts[p]
			clear(g)
			wg.Add(1)
			go func() {
				defer wg.Done()
				for k := lo; k < hi; k++ {
					s := sigmoid(c * e[k])
					r := 2 * (s - y[k]) * s * (1 - s) * c
					for i := range jac {
						if jac[i] != nil {
							g[i] += r * jac[i][k]
						}
					}
				}
			}()
		}
		wg.Wait()
		lr := rate * (0.05 + 0.95*(1-float64(step)/float64(steps)))
		for i := range grad {
			if jac[i] == nil {
				continue
			}
			grad[i] = 0
			for p := range parts {
				grad[i] += parts[p][i]
			}
			grad[i] = grad[i]/float64(len(e)) + 2*l2*(w[i]+d[i]-w0[i])
			m[i] = b1*m[i] + (1-b1)*grad[i]
			v[i] = b2*v[i] + (1-b2)*grad[i]*grad[i]
			mh := m[i] / (1 - math.Pow(b1, float64(step)))
			vh := v[i] / (1 - math.Pow(b2, float64(step)))
			d[i] -= lr * mh / (math.Sqrt(vh) + eps)
		}
	}
	return d
}

func show(args []string) error {
	fs := flag.NewFlagSet("show", flag.ContinueOnError)
	variant := fs.String("variant", "", "variant")
	name := fs.String("weights", "tuned", "hand, tuned or a JSON file")
	if err := fs.Parse(args); err != nil {
		return err
	}
	g, err := findGame(*variant)
	if err != nil {
		return err
	}
	w, err := g.weights.parse(*name)
	if err != nil {
		return err
	}
	fmt.Println(g.weights.goText(w))
	return nil
}

// weighted is a bot that evaluates with its own weights: it searches each position as one of
// its variant, which evaluates with them.
type weighted struct {
	search.Bot
	v engine.Tunable
}

func (b weighted) Choose(ctx context.Context, n engine.Position, rng *rand.Rand) (engine.Move, error) {
	p, ok := b.v.Adopt(n)
	if !ok {
		return 0, fmt.Errorf("a position of another game: %s", n)
	}
	return b.Bot.Choose(ctx, p, rng)
}

// record is one match game from A's side.
type record struct {
	Game     int
	Seat     int
	Utility  float64 // A's
	Place    int     // A's, 1 first
	Shared   bool    // A's place is shared
	Finished bool
	Actions  int
}

func match(args []string) error {
	fs := flag.NewFlagSet("match", flag.ContinueOnError)
	variant := fs.String("variant", "", "variant")
	options := fs.String("options", "", "variant options name=value,... (default: the game's)")
	aName := fs.String("a", "tuned", "weights of A: hand, tuned or a JSON file")
	bName := fs.String("b", "hand", "weights of B")
	field := fs.String("field", "", "with more than two players: greedy puts greedy bots, which evaluate with the tuned weights, in the other seats instead of B")
	nGames := fs.Int("games", 200, "games")
	seed := fs.Uint64("seed", 1, "seed of the openings and dice")
	movetime := fs.Duration("movetime", 20*time.Millisecond, "time per action of both searches")
	depth := fs.Int("depth", 0, "search depth instead of a time")
	openK := fs.Int("open", 0, "random actions that open every game")
	maxActions := fs.Int("max-actions", 0, "actions after which a game is a draw (default: the game's)")
	jobs := fs.Int("jobs", 1, "games played at once")
	if err := fs.Parse(args); err != nil {
		return err
	}
	g, err := findGame(*variant)
	if err != nil {
		return err
	}
	if *maxActions == 0 {
		*maxActions = g.hints.MaxActions
	}
	wa, err := g.weights.parse(*aName)
	if err != nil {
		return err
	}
	wb, err := g.weights.parse(*bName)
	if err != nil {
		return err
	}
	switch *field {
	case "", "greedy":
	default:
		return fmt.Errorf("match: unknown field %q, want greedy", *field)
	}
	root, err := start(g, g.variant, *options)
	if err != nil {
		return err
	}
	players := engine.Players(root)
	began := time.Now()
	loadBefore := loadAvg()
	// Shard j plays the games j, j + jobs, ...: each bot has its variant, so they may play at once.
	shards := max(*jobs, 1)
	recs := make([][]record, shards)
	errs := make([]error, shards)
	var wg sync.WaitGroup
	for j := range shards {
		wg.Add(1)
		go func() {
			defer wg.Done()
			recs[j], errs[j] = playShard(g, root, g.weights.variant(wa), g.weights.variant(wb), *field, *nGames, *seed,
				*movetime, *depth, *openK, *maxActions, j, shards)
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return err
	}
	all := slices.Concat(recs...)
	slices.SortFunc(all, func(a, b record) int { return a.Game - b.Game })
	opp := *bName
	if *field != "" {
		opp = *field
	}
	limit := fmt.Sprintf("movetime %v", *movetime)
	if *depth > 0 {
		limit = fmt.Sprintf("depth %d", *depth)
	}
	fmt.Printf("match %s (%d players): A=%s against B=%s, %d games, seed %d, %s, open %d, max actions %d\n",
		g.name, players, *aName, opp, len(all), *seed, limit, *openK, *maxActions)
	summarise(all, players)
	fmt.Printf("time %v, load %s before, %s after\n", time.Since(began).Round(time.Second), loadBefore, loadAvg())
	return nil
}

// playShard plays the games g ≡ shard (mod shards), A evaluating with va and B with vb, and
// returns a record for each. With two players, games 2r and 2r+1 open alike from round r's seed,
// A white then black; with n players, the n games of a round share a seed and A sits in seat
// g mod n.
func playShard(g game, root engine.Position, va, vb engine.Tunable, field string, nGames int, seed uint64,
	movetime time.Duration, depth, openK, maxActions, shard, shards int) ([]record, error) {
	players := engine.Players(root)
	limits := search.Limits{Time: movetime}
	if depth > 0 {
		limits = search.Limits{Depth: depth}
	}
	sa, sb := search.NewSearcher(0), search.NewSearcher(0)
	botA := weighted{search.SearchBot(sa, search.Options{Limits: limits}), va}
	var botB search.Bot = weighted{search.SearchBot(sb, search.Options{Limits: limits}), vb}
	if field == "greedy" {
		botB = search.GreedyBot()
	}
	var recs []record
	for gi := 0; gi < nGames; gi++ {
		if gi%shards != shard {
			continue
		}
		seat := gi % players
		rng := rand.New(rand.NewPCG(seed, uint64(gi/players)))
		bots := make([]search.Bot, players)
		for s := range bots {
			bots[s] = botB
		}
		bots[seat] = botA
		sa.ClearTable()
		sb.ClearTable()
		from := open(g, root, rng, openK)
		actions := 0
		end, finished, err := play(context.Background(), from, bots, rng, maxActions, func(engine.Position, engine.Move) { actions++ })
		if err != nil {
			return nil, err
		}
		rec := record{Game: gi, Seat: seat, Finished: finished, Actions: actions, Place: 1, Shared: true}
		if finished {
			u := make([]float64, players)
			end.Utility(u)
			rec.Utility = u[seat]
			o := end.Outcome()
			if len(o.Ranking) == players {
				rec.Place = o.Ranking[seat]
				rec.Shared = false
				for s, p := range o.Ranking {
					if s != seat && p == rec.Place {
						rec.Shared = true
					}
				}
			}
		}
		recs = append(recs, rec)
	}
	return recs, nil
}

// summarise prints A's results: with two players the score and its interval from the pairs of
// games that share an opening; with more, first places and the mean utility.
func summarise(recs []record, players int) {
	n := len(recs)
	if n == 0 {
		fmt.Println("no games")
		return
	}
	var win, draw, loss, firsts, unfinished, actions int
	utilities := make([]float64, 0, n)
	for _, r := range recs {
		switch {
		case r.Utility > 0:
			win++
		case r.Utility < 0:
			loss++
		default:
			draw++
		}
		if r.Place == 1 {
			firsts++
		}
		if !r.Finished {
			unfinished++
		}
		actions += r.Actions
		utilities = append(utilities, r.Utility)
	}
	if players == 2 {
		// Per round (both seatings of an opening) the mean score; its spread gives the interval.
		rounds := map[int][]float64{}
		for _, r := range recs {
			rounds[r.Game/2] = append(rounds[r.Game/2], (r.Utility+1)/2)
		}
		var means []float64
		for _, s := range rounds {
			sum := 0.0
			for _, x := range s {
				sum += x
			}
			means = append(means, sum/float64(len(s)))
		}
		m, h := meanCI(means)
		fmt.Printf("A: +%d =%d -%d, score %.3f [%.3f, %.3f] (95%%, %d opening pairs), Elo %+.0f [%+.0f, %+.0f]\n",
			win, draw, loss, m, m-h, m+h, len(means), elo(m), elo(m-h), elo(m+h))
	} else {
		ci := wilson(float64(firsts), n)
		m, h := meanCI(utilities)
		fmt.Printf("A: first %d of %d, %.3f [%.3f, %.3f] (95%% Wilson; shared firsts count), mean utility %+.3f ± %.3f\n",
			firsts, n, float64(firsts)/float64(n), ci[0], ci[1], m, h)
	}
	fmt.Printf("mean length %.1f actions, %d games stopped at the cap\n", float64(actions)/float64(n), unfinished)
}

func meanCI(x []float64) (mean, half float64) {
	for _, v := range x {
		mean += v
	}
	mean /= float64(len(x))
	if len(x) < 2 {
		return mean, math.NaN()
	}
	ss := 0.0
	for _, v := range x {
		ss += (v - mean) * (v - mean)
	}
	return mean, 1.959964 * math.Sqrt(ss/float64(len(x)-1)/float64(len(x)))
}

func elo(score float64) float64 {
	score = min(max(score, 1e-3), 1-1e-3)
	return -400 * math.Log10(1/score-1)
}

func wilson(k float64, n int) [2]float64 {
	const z = 1.959963984540054
	fn := float64(n)
	p := k / fn
	d := 1 + z*z/fn
	c := (p + z*z/(2*fn)) / d
	h := z / d * math.Sqrt(p*(1-p)/fn+z*z/(4*fn*fn))
	return [2]float64{max(c-h, 0), min(c+h, 1)}
}

func loadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	return strings.Join(strings.Fields(string(b))[:3], " ")
}
