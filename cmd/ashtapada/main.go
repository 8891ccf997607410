// Command ashtapada serves the Chaturanga-family rules over gRPC and HTTP/JSON, and offers perft,
// move listing and search on the command line.
//
//	ashtapada serve [--grpc-addr :50051] [--http-addr :8080] [--analysis-time 10s] [--analyses N] [--analysis-queue-wait 100ms]
//	ashtapada perft --variant V --depth N [--fen TEXT] [--divide]
//	ashtapada moves --variant V [--fen TEXT]
//	ashtapada search --variant V [--fen TEXT] [--depth N | --movetime D] [--multipv K] [--algorithm A]
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"runtime"
	"sort"
	"strconv"
	"syscall"
	"time"

	"go.uber.org/zap"

	"github.com/ashtapada/ashtapada/engine"
	_ "github.com/ashtapada/ashtapada/engine/games"
	"github.com/ashtapada/ashtapada/service"
)

const usage = `usage:
  ashtapada serve [--grpc-addr ADDR] [--http-addr ADDR] [--analysis-time D] [--analyses N] [--analysis-queue-wait D]
  ashtapada perft --variant V --depth N [--fen TEXT] [--divide]
  ashtapada moves --variant V [--fen TEXT]
  ashtapada search --variant V [--fen TEXT] [--depth N | --movetime D] [--multipv K] [--algorithm A]
  ashtapada match --variant V --players SPEC,SPEC,... --games N --seed S [--depth D | --movetime T] [--max-actions M]
`

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "ashtapada:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, out io.Writer) error {
	if len(args) == 0 {
		return errors.New("no command\n" + usage)
	}
	switch args[0] {
	case "serve":
		return serve(ctx, args[1:])
	case "perft":
		return perft(ctx, args[1:], out)
	case "moves":
		return moves(args[1:], out)
	case "search":
		return searchCommand(ctx, args[1:], out)
	case "match":
		return match(ctx, args[1:], out)
	}
	return fmt.Errorf("unknown command %q\n%s", args[0], usage)
}

func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

func serve(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	grpcAddr := fs.String("grpc-addr", envOr("ASHTAPADA_GRPC_ADDR", ":50051"), "gRPC listen address (env ASHTAPADA_GRPC_ADDR)")
	httpAddr := fs.String("http-addr", envOr("ASHTAPADA_HTTP_ADDR", ":8080"), "HTTP/JSON listen address (env ASHTAPADA_HTTP_ADDR)")
	var limits service.Limits
	var envErr error
	fs.DurationVar(&limits.AnalysisTime, "analysis-time", envDuration("ASHTAPADA_ANALYSIS_TIME", service.DefaultAnalysisTime, &envErr),
		"longest time an analysis call runs (env ASHTAPADA_ANALYSIS_TIME)")
	fs.IntVar(&limits.Analyses, "analyses", envInt("ASHTAPADA_ANALYSES", runtime.GOMAXPROCS(0), &envErr),
		"analysis calls running at once (env ASHTAPADA_ANALYSES)")
	fs.DurationVar(&limits.QueueWait, "analysis-queue-wait", envDuration("ASHTAPADA_ANALYSIS_QUEUE_WAIT", service.DefaultQueueWait, &envErr),
		"how long an analysis call waits for a free slot before RESOURCE_EXHAUSTED (env ASHTAPADA_ANALYSIS_QUEUE_WAIT)")
	if envErr != nil {
		return envErr
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if limits.AnalysisTime <= 0 || limits.Analyses <= 0 || limits.QueueWait <= 0 {
		return errors.New("--analysis-time, --analyses and --analysis-queue-wait must be positive")
	}
	log, err := zap.NewProduction()
	if err != nil {
		return err
	}
	defer func() { _ = log.Sync() }()
	grpcLis, err := net.Listen("tcp", *grpcAddr)
	if err != nil {
		return err
	}
	httpLis, err := net.Listen("tcp", *httpAddr)
	if err != nil {
		grpcLis.Close()
		return err
	}
	return service.Serve(ctx, grpcLis, httpLis, log, limits)
}

// envDuration is the duration in the environment variable name, or def when it is unset; a
// malformed value is kept in *errp.
func envDuration(name string, def time.Duration, errp *error) time.Duration {
	v := os.Getenv(name)
	if v == "" {
		return def
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		*errp = fmt.Errorf("%s: %w", name, err)
		return def
	}
	return d
}

// envInt is the integer in the environment variable name, or def when it is unset; a malformed
// value is kept in *errp.
func envInt(name string, def int, errp *error) int {
	v := os.Getenv(name)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		*errp = fmt.Errorf("%s: %w", name, err)
		return def
	}
	return n
}

// position reads --variant and --fen into a position: the start position when fen is empty.
func position(variant, fen string) (engine.Position, error) {
	v, ok := engine.Lookup(variant)
	if !ok {
		var names []string
		for _, x := range engine.Variants() {
			names = append(names, x.Describe().Name)
		}
		sort.Strings(names)
		return nil, fmt.Errorf("unknown variant %q (have %v)", variant, names)
	}
	if fen == "" {
		return v.Start(nil)
	}
	return v.Parse(fen)
}

func perft(ctx context.Context, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	variant := fs.String("variant", "chaturanga", "variant name")
	depth := fs.Int("depth", 0, "depth in plies (rolls are not plies)")
	fen := fs.String("fen", "", "position text (default: the start position)")
	divide := fs.Bool("divide", false, "print the count below every first action")
	if err := fs.Parse(args); err != nil {
		return err
	}
	pos, err := position(*variant, *fen)
	if err != nil {
		return err
	}
	if *depth < 1 {
		return errors.New("--depth must be at least 1")
	}
	start := time.Now()
	res, err := engine.Perft(ctx, pos, *depth, engine.PerftOptions{Divide: *divide})
	if err != nil {
		return err
	}
	for _, d := range res.Divide {
		fmt.Fprintf(out, "%s: %d\n", pos.Notation(d.Move), d.Nodes)
	}
	elapsed := time.Since(start)
	fmt.Fprintf(out, "nodes %d\ntime %s\nnps %.0f\n", res.Nodes, elapsed.Round(time.Microsecond), float64(res.Nodes)/elapsed.Seconds())
	return nil
}

func moves(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("moves", flag.ContinueOnError)
	variant := fs.String("variant", "chaturanga", "variant name")
	fen := fs.String("fen", "", "position text (default: the start position)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	pos, err := position(*variant, *fen)
	if err != nil {
		return err
	}
	for _, m := range pos.Moves(nil) {
		fmt.Fprintln(out, pos.Notation(m))
	}
	return nil
}
