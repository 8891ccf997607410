// Command firstchance fits the weights of Martian Coaster Chaturanga's FirstChances (FirstWeights
// in engine/coasterchaturanga/weights.go), the chance of finishing first that MCTS with greedy
// opponents values its cut-off playouts by, to games of that search against greedy players.
//
//	go run ./cmd/firstchance gen --games N --seed S --nodes K --jobs J [--weights W.json] --out DATA
//	go run ./cmd/firstchance fit --data DATA
//
// gen plays four-player games: one seat searches (MCTSGreedy, K nodes an action, so the games do
// not depend on the machine's speed), the other three play as GreedyBot, the searching seat
// moving round from game to game; the dice and the greedy choices come from a generator seeded
// with (S, game). Before every action of a game it writes the searching seat's features
// (FirstFeatures) with the label 1 if that seat finished first, 0 otherwise: lines of
// "game label f0 .. f15". The search values its playouts by the package's weights, or by
// --weights (a JSON array), so the data prices in how that search plays.
//
// fit fits the weights by logistic regression (Newton's method, a small ridge), holding out the
// games whose number is 9 modulo 10, and prints the log loss of the fit and of the base rate on
// both sets, and the weights as Go and JSON.
//
// Recipe (docs/measurements.md, "Martian Coaster Chaturanga, four players: where the first
// places stop", has what came of it):
//
//	F="go run ./cmd/firstchance"
//	$F gen --games 2000 --seed 7 --nodes 100000 --jobs 2 --weights cmd/firstchance/v1.json --out first.data
//	$F fit --data first.data
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
	"strconv"
	"strings"
	"sync"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/coasterchaturanga"
	"github.com/ashtapada/ashtapada/engine/search"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: firstchance gen|fit [flags]")
		os.Exit(2)
	}
	var err error
	switch os.Args[1] {
	case "gen":
		err = gen(os.Args[2:])
	case "fit":
		err = fit(os.Args[2:])
	default:
		err = fmt.Errorf("unknown command %q", os.Args[1])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "firstchance:", err)
		os.Exit(1)
	}
}

func gen(args []string) error {
	fs := flag.NewFlagSet("gen", flag.ExitOnError)
	games := fs.Int("games", 2000, "games to play")
	seed := fs.Uint64("seed", 1, "seed of the dice and the greedy players' choices")
	nodes := fs.Uint64("nodes", 100000, "nodes a search may visit for each action")
	jobs := fs.Int("jobs", 1, "games played at once")
	weights := fs.String("weights", "", "JSON array of FirstWeights to search with (default: the package's)")
	out := fs.String("out", "", "data file to write")
	fs.Parse(args)
	if *out == "" {
		return errors.New("gen: --out is required")
	}
	if *weights != "" {
		b, err := os.ReadFile(*weights)
		if err != nil {
			return err
		}
		var w []float64
		if err := json.Unmarshal(b, &w); err != nil {
			return fmt.Errorf("gen: %s: %w", *weights, err)
		}
		if len(w) != coasterchaturanga.FirstFeatures {
			return fmt.Errorf("gen: %s has %d weights, want %d", *weights, len(w), coasterchaturanga.FirstFeatures)
		}
		copy(coasterchaturanga.FirstWeights[:], w)
	}
	start, err := coasterchaturanga.Variant.Start(nil)
	if err != nil {
		return err
	}
	f, err := os.Create(*out)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	var mu sync.Mutex
	lines := make([]string, *games)
	firsts := 0
	next := make(chan int)
	errs := make(chan error, *jobs)
	var wg sync.WaitGroup
	for range max(*jobs, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sr := search.NewSearcher(1 << 20)
			for g := range next {
				text, first, err := playGame(start, sr, g, *seed, *nodes)
				if err != nil {
					errs <- err
					return
				}
				mu.Lock()
				lines[g] = text
				if first {
					firsts++
				}
				mu.Unlock()
			}
		}()
	}
	for g := range *games {
		select {
		case next <- g:
		case err := <-errs:
			close(next)
			return err
		}
	}
	close(next)
	wg.Wait()
	select {
	case err := <-errs:
		return err
	default:
	}
	for _, text := range lines {
		w.WriteString(text)
	}
	if err := w.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "%d games, the searching seat first in %d\n", *games, firsts)
	return f.Close()
}

// playGame plays game g and returns its data lines and whether the searching seat finished
// first.
func playGame(start engine.Position, sr *search.Searcher, g int, seed, nodes uint64) (string, bool, error) {
	const players = 4
	searcher := g % players
	rng := rand.New(rand.NewPCG(seed, uint64(g)))
	greedy := search.GreedyBot()
	opts := search.Options{Algorithm: search.MCTSGreedy, Limits: search.Limits{Nodes: nodes}}
	var rows [][coasterchaturanga.FirstFeatures]float64
	var buf [engine.MaxMoves]engine.Move
	cur := start
	for range search.DefaultMaxActions {
		moves := cur.Moves(buf[:0])
		if len(moves) == 0 {
			break
		}
		var row [coasterchaturanga.FirstFeatures]float64
		cur.(*coasterchaturanga.Position).FirstFeatures(searcher, row[:])
		rows = append(rows, row)
		var m engine.Move
		switch {
		case cur.Phase() == engine.PhaseRoll:
			m = engine.SampleRoll(cur, moves, rng)
		case cur.ToMove() == searcher:
			r, err := sr.Search(context.Background(), cur, opts, nil)
			if err != nil {
				return "", false, fmt.Errorf("game %d: %w", g, err)
			}
			m = r.Best
		default:
			var err error
			if m, err = greedy.Choose(context.Background(), cur, rng); err != nil {
				return "", false, err
			}
		}
		cur, _ = cur.Play(m)
	}
	o := cur.Outcome()
	if !o.Finished {
		return "", false, nil // stopped at the action cap: no label
	}
	label := 0
	if o.Ranking[searcher] == 1 {
		label = 1
	}
	var b strings.Builder
	for _, row := range rows {
		fmt.Fprintf(&b, "%d %d", g, label)
		for _, x := range row {
			b.WriteByte(' ')
			b.WriteString(strconv.FormatFloat(x, 'g', 6, 64))
		}
		b.WriteByte('\n')
	}
	return b.String(), label == 1, nil
}

func fit(args []string) error {
	fs := flag.NewFlagSet("fit", flag.ExitOnError)
	data := fs.String("data", "", "data file gen wrote")
	ridge := fs.Float64("ridge", 1e-3, "ridge penalty, per training row")
	fs.Parse(args)
	f, err := os.Open(*data)
	if err != nil {
		return err
	}
	defer f.Close()
	var train, valid []row
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) != 2+coasterchaturanga.FirstFeatures {
			return fmt.Errorf("fit: a line has %d fields, want %d", len(fields), 2+coasterchaturanga.FirstFeatures)
		}
		g, err := strconv.Atoi(fields[0])
		if err != nil {
			return err
		}
		var r row
		if r.y, err = strconv.ParseFloat(fields[1], 64); err != nil {
			return err
		}
		for i, s := range fields[2:] {
			if r.x[i], err = strconv.ParseFloat(s, 64); err != nil {
				return err
			}
		}
		if g%10 == 9 {
			valid = append(valid, r)
		} else {
			train = append(train, r)
		}
	}
	if err := sc.Err(); err != nil {
		return err
	}
	if len(train) == 0 || len(valid) == 0 {
		return errors.New("fit: too little data")
	}
	w := logistic(train, *ridge)
	base := 0.0
	for _, r := range train {
		base += r.y
	}
	base /= float64(len(train))
	fmt.Printf("rows: %d training, %d validation; base rate %.3f\n", len(train), len(valid), base)
	fmt.Printf("log loss, training:   %.4f (base rate %.4f)\n", logLoss(train, w), baseLoss(train, base))
	fmt.Printf("log loss, validation: %.4f (base rate %.4f)\n", logLoss(valid, w), baseLoss(valid, base))
	fmt.Print("var FirstWeights = [FirstFeatures]float64{\n\t")
	for i, x := range w {
		fmt.Printf("%.4f,", x)
		if i%8 == 7 && i+1 < len(w) {
			fmt.Print("\n\t")
		} else if i+1 < len(w) {
			fmt.Print(" ")
		}
	}
	fmt.Print("\n}\n")
	js, _ := json.Marshal(w)
	fmt.Println(string(js))
	return nil
}

type row struct {
	y float64
	x [coasterchaturanga.FirstFeatures]float64
}

const dims = coasterchaturanga.FirstFeatures

func predict(w []float64, r *row) float64 {
	z := 0.0
	for i := range w {
		z += w[i] * r.x[i]
	}
	return 1 / (1 + math.Exp(-z))
}

// logistic fits the weights by Newton's method with a ridge of ridge per row.
func logistic(rows []row, ridge float64) []float64 {
	w := make([]float64, dims)
	lambda := ridge * float64(len(rows))
	for range 25 {
		var g [dims]float64
		var h [dims][dims + 1]float64
		for i := range dims {
			g[i] = lambda * w[i]
			h[i][i] = lambda
		}
		for k := range rows {
			r := &rows[k]
			p := predict(w, r)
			for i := range dims {
				g[i] += (p - r.y) * r.x[i]
				for j := range dims {
					h[i][j] += p * (1 - p) * r.x[i] * r.x[j]
				}
			}
		}
		for i := range dims {
			h[i][dims] = g[i]
		}
		step := gauss(h)
		moved := 0.0
		for i := range dims {
			w[i] -= step[i]
			moved = max(moved, math.Abs(step[i]))
		}
		if moved < 1e-9 {
			break
		}
	}
	return w
}

// gauss solves the linear system whose augmented matrix is m, by elimination with partial
// pivoting.
func gauss(m [dims][dims + 1]float64) [dims]float64 {
	for c := range dims {
		p := c
		for r := c + 1; r < dims; r++ {
			if math.Abs(m[r][c]) > math.Abs(m[p][c]) {
				p = r
			}
		}
		m[c], m[p] = m[p], m[c]
		if m[c][c] == 0 {
			continue
		}
		for r := range dims {
			if r != c {
				f := m[r][c] / m[c][c]
				for k := c; k <= dims; k++ {
					m[r][k] -= f * m[c][k]
				}
			}
		}
	}
	var x [dims]float64
	for i := range dims {
		if m[i][i] != 0 {
			x[i] = m[i][dims] / m[i][i]
		}
	}
	return x
}

func logLoss(rows []row, w []float64) float64 {
	l := 0.0
	for k := range rows {
		p := min(max(predict(w, &rows[k]), 1e-12), 1-1e-12)
		l -= rows[k].y*math.Log(p) + (1-rows[k].y)*math.Log(1-p)
	}
	return l / float64(len(rows))
}

func baseLoss(rows []row, p float64) float64 {
	l := 0.0
	for _, r := range rows {
		l -= r.y*math.Log(p) + (1-r.y)*math.Log(1-p)
	}
	return l / float64(len(rows))
}
