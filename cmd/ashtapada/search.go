package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/search"
)

// searchCommand searches a position and prints one line per completed depth, as a UCI engine's
// info lines, then the best action.
//
//	ashtapada search --variant V [--fen TEXT] [--depth N | --movetime D] [--multipv K] [--algorithm A]
func searchCommand(ctx context.Context, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("search", flag.ContinueOnError)
	variant := fs.String("variant", "chaturanga", "variant name")
	fen := fs.String("fen", "", "position text (default: the start position); it must wait for a player's action")
	depth := fs.Int("depth", 0, fmt.Sprintf("deepest iteration in actions, 1 to %d (default: one second unless --movetime is given)", search.MaxDepth))
	movetime := fs.Duration("movetime", 0, "time for the search, e.g. 500ms")
	nodes := fs.Uint64("nodes", 0, "node budget (0: none)")
	multiPV := fs.Int("multipv", 1, "how many best actions to report")
	algorithm := fs.String("algorithm", "auto", "auto, alphabeta, paranoid or maxn")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("search: unexpected arguments %q", fs.Args())
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
	if opts.Depth == 0 && opts.Time == 0 && opts.Nodes == 0 {
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
