package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"strings"
	"sync"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/grpc/test/bufconn"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/types/known/durationpb"

	"github.com/ashtapada/ashtapada/engine/record"
	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
	"github.com/ashtapada/ashtapada/service"
)

// reviewUsage is the review command's synopsis.
const reviewUsage = "ashtapada review [--movetime D | --depth N | --nodes N] [--server ADDR] [--json] [--players P,...] FILE..."

// review analyses the games of record files (- for standard input) and writes each as an
// annotated record, or with --json the review's messages. With --server the games go to a running
// service (AnalysisService.ReviewGame), one call a game, --jobs at once; without it they are
// reviewed in this process by the same service, with no limit on a review's time.
func review(ctx context.Context, args []string, out, progress io.Writer) error {
	fs := flag.NewFlagSet("review", flag.ContinueOnError)
	movetime := fs.Duration("movetime", 0, "search time of each position (default 100ms without --depth or --nodes)")
	depth := fs.Int("depth", 0, "search depth of each position")
	nodes := fs.Uint64("nodes", 0, "search nodes of each position")
	server := fs.String("server", "", "gRPC address of a running service (host:port); empty reviews in this process")
	apiKey := fs.String("api-key", os.Getenv("ASHTAPADA_API_KEY"), "API key the server asks for (env ASHTAPADA_API_KEY)")
	asJSON := fs.Bool("json", false, "print the review's messages as JSON lines instead of annotated records")
	players := fs.String("players", "", "comma-separated players to judge (default every player)")
	jobs := fs.Int("jobs", 1, "games reviewed at once (with --server, spread over its replicas)")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: "+reviewUsage)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return errors.New("review: name at least one record file (- for standard input)\nusage: " + reviewUsage)
	}
	if *jobs < 1 {
		return errors.New("review: --jobs must be at least 1")
	}
	var games []string
	for _, name := range fs.Args() {
		text, err := readFile(name)
		if err != nil {
			return err
		}
		for _, g := range record.SplitGames(text) {
			if strings.TrimSpace(g) != "" {
				games = append(games, g)
			}
		}
	}
	if len(games) == 0 {
		return errors.New("review: the files hold no game")
	}
	req := &pb.ReviewGameRequest{Depth: int32(*depth), MaxNodes: *nodes}
	if *movetime > 0 {
		req.TimePerAction = durationpb.New(*movetime)
	}
	if *players != "" {
		req.Players = strings.Split(*players, ",")
	}

	conn, stop, err := reviewConn(ctx, *server)
	if err != nil {
		return err
	}
	defer stop()
	if *apiKey != "" {
		ctx = metadata.AppendToOutgoingContext(ctx, "authorization", "Bearer "+*apiKey)
	}
	client := pb.NewAnalysisServiceClient(conn)
	bar := newProgressBar(progress, len(games))
	results := make([]chan reviewResult, len(games))
	slots := make(chan struct{}, *jobs)
	for i := range games {
		results[i] = make(chan reviewResult, 1)
		go func() {
			select {
			case slots <- struct{}{}:
			case <-ctx.Done():
				results[i] <- reviewResult{err: ctx.Err()}
				return
			}
			defer func() { <-slots }()
			r := reviewOne(ctx, client, req, games[i], i, bar)
			results[i] <- r
		}()
	}
	var failed error
	for i := range games {
		r := <-results[i]
		if r.err != nil {
			failed = errors.Join(failed, fmt.Errorf("game %d: %w", i+1, r.err))
			continue
		}
		if *asJSON {
			for _, m := range r.messages {
				b, err := protojson.MarshalOptions{}.Marshal(m)
				if err != nil {
					return err
				}
				fmt.Fprintf(out, "{\"game\":%d,\"result\":%s}\n", i+1, b)
			}
			continue
		}
		if i > 0 {
			fmt.Fprintln(out)
		}
		fmt.Fprint(out, r.record)
	}
	bar.done()
	return failed
}

// reviewResult is one game's review: its messages and annotated record, or why it failed.
type reviewResult struct {
	messages []*pb.ReviewGameResponse
	record   string
	err      error
}

// reviewOne reviews one game, reporting its progress.
func reviewOne(ctx context.Context, client pb.AnalysisServiceClient, base *pb.ReviewGameRequest, game string, index int, bar *progressBar) reviewResult {
	req := &pb.ReviewGameRequest{Record: game, TimePerAction: base.TimePerAction, Depth: base.Depth, MaxNodes: base.MaxNodes, Players: base.Players}
	stream, err := client.ReviewGame(ctx, req)
	if err != nil {
		return reviewResult{err: grpcError(err)}
	}
	var r reviewResult
	for {
		m, err := stream.Recv()
		if err == io.EOF {
			if r.record == "" {
				return reviewResult{err: errors.New("the review ended without its summary")}
			}
			return r
		}
		if err != nil {
			return reviewResult{err: grpcError(err)}
		}
		r.messages = append(r.messages, m)
		if a := m.GetAction(); a != nil {
			bar.step(index, int(a.GetIndex())+1, int(a.GetTotal()))
		}
		if s := m.GetSummary(); s != nil {
			r.record = s.GetRecord()
		}
	}
}

// grpcError is a call's error as its message says it.
func grpcError(err error) error {
	if s, ok := status.FromError(err); ok {
		return fmt.Errorf("%s: %s", s.Code(), s.Message())
	}
	return err
}

// reviewConn connects to the server, or to a service in this process whose analysis has no time
// limit (a review's time is the caller's to choose here).
func reviewConn(ctx context.Context, server string) (*grpc.ClientConn, func(), error) {
	if server != "" {
		conn, err := grpc.NewClient(server, grpc.WithTransportCredentials(insecure.NewCredentials()),
			grpc.WithDefaultCallOptions(grpc.MaxCallRecvMsgSize(64<<20)))
		if err != nil {
			return nil, nil, err
		}
		return conn, func() { conn.Close() }, nil
	}
	lis := bufconn.Listen(1 << 20)
	s := grpc.NewServer()
	pb.RegisterAnalysisServiceServer(s, service.NewAnalysis(service.Limits{AnalysisTime: 24 * time.Hour, QueueWait: 24 * time.Hour}))
	go func() { _ = s.Serve(lis) }()
	conn, err := grpc.NewClient("passthrough:///review", grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) { return lis.DialContext(ctx) }),
		grpc.WithDefaultCallOptions(grpc.MaxCallRecvMsgSize(64<<20)))
	if err != nil {
		s.Stop()
		return nil, nil, err
	}
	return conn, func() { conn.Close(); s.Stop() }, nil
}

// readFile reads a record file, or standard input for "-".
func readFile(name string) (string, error) {
	if name == "-" {
		b, err := io.ReadAll(bufio.NewReader(os.Stdin))
		return string(b), err
	}
	b, err := os.ReadFile(name)
	return string(b), err
}

// progressBar draws the reviews' progress on a terminal (stderr): nothing elsewhere.
type progressBar struct {
	w     io.Writer
	games int
	on    bool
	mu    sync.Mutex // the games' goroutines report at once
	last  time.Time
}

func newProgressBar(w io.Writer, games int) *progressBar {
	on := false
	if f, ok := w.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			on = true
		}
	}
	return &progressBar{w: w, games: games, on: on}
}

// step shows that game index has reviewed done of total actions.
func (b *progressBar) step(index, done, total int) {
	if !b.on {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if time.Since(b.last) < 50*time.Millisecond && done < total {
		return
	}
	b.last = time.Now()
	const width = 30
	filled := width * done / max(total, 1)
	fmt.Fprintf(b.w, "\rgame %d/%d [%s%s] %d/%d actions", index+1, b.games, strings.Repeat("#", filled), strings.Repeat(".", width-filled), done, total)
}

// done clears the bar's line.
func (b *progressBar) done() {
	if b.on {
		fmt.Fprint(b.w, "\r"+strings.Repeat(" ", 70)+"\r")
	}
}
