package service

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/types/known/durationpb"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/search"
	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
)

// Search settings.
const (
	// defaultSearchTime is how long a search runs that names no depth, node or time limit.
	defaultSearchTime = time.Second
	// searchTableBytes is the transposition table of one searcher; the server keeps one searcher
	// per analysis slot.
	searchTableBytes = 16 << 20
)

// searcherPool keeps the searchers between calls: a searcher's tables are large and costly to
// allocate, and at most one per analysis slot is in use at a time.
type searcherPool struct{ free chan *search.Searcher }

func newSearcherPool(n int) *searcherPool {
	return &searcherPool{free: make(chan *search.Searcher, n)}
}

// get returns a searcher with empty tables, so that an answer depends on its request alone.
func (p *searcherPool) get() *search.Searcher {
	select {
	case s := <-p.free:
		s.ClearTable()
		return s
	default:
		return search.NewSearcher(searchTableBytes)
	}
}

// put returns a searcher whose search ended normally.
func (p *searcherPool) put(s *search.Searcher) {
	select {
	case p.free <- s:
	default:
	}
}

// searchJob is a validated search request.
type searchJob struct {
	pos   engine.Position
	root  engine.Position
	opts  search.Options
	game  *engine.Game
	names []string
	dice  bool // values are averaged over rolls
}

// searchParams is what SearchRequest and SearchStreamRequest share.
type searchParams interface {
	GetPosition() *pb.Position
	GetDepth() int32
	GetMaxNodes() uint64
	GetTimeLimit() *durationpb.Duration
	GetMultiPv() int32
	GetAlgorithm() pb.SearchAlgorithm
	GetHistory() *pb.GameHistory
	GetClock() *pb.Clock
	GetLevel() int32
	GetSeed() uint64
	GetThreads() int32
}

var algorithms = map[pb.SearchAlgorithm]search.Algorithm{
	pb.SearchAlgorithm_SEARCH_ALGORITHM_UNSPECIFIED:           search.Auto,
	pb.SearchAlgorithm_SEARCH_ALGORITHM_ALPHA_BETA:            search.AlphaBeta,
	pb.SearchAlgorithm_SEARCH_ALGORITHM_PARANOID:              search.Paranoid,
	pb.SearchAlgorithm_SEARCH_ALGORITHM_MAX_N:                 search.MaxN,
	pb.SearchAlgorithm_SEARCH_ALGORITHM_MCTS:                  search.MCTS,
	pb.SearchAlgorithm_SEARCH_ALGORITHM_MCTS_GREEDY_OPPONENTS: search.MCTSGreedy,
}

// newSearchJob validates a search request.
func newSearchJob(req searchParams) (*searchJob, error) {
	pos, err := positionFromProto(req.GetPosition(), "position")
	if err != nil {
		return nil, err
	}
	j := &searchJob{pos: pos, names: playerNames(pos), dice: len(pos.Variant().Describe().Dice) > 0}
	if d := req.GetDepth(); d < 0 || d > search.MaxDepth {
		return nil, invalid("DEPTH_OUT_OF_RANGE", "depth", "depth must be from 1 to %d, or 0 for no depth limit; got %d", search.MaxDepth, d)
	}
	if n := req.GetThreads(); n < 0 || n > search.MaxThreads {
		return nil, invalid("THREADS_OUT_OF_RANGE", "threads", "threads must be from 1 to the server's analysis slots, or 0 for one; got %d", n)
	}
	if l := req.GetLevel(); l < 0 || l > search.MaxLevel {
		return nil, invalid("LEVEL_OUT_OF_RANGE", "level", "level must be from %d (the weakest) to %d (the strongest), or 0 for none; got %d", search.MinLevel, search.MaxLevel, l)
	}
	if k := req.GetMultiPv(); k < 0 || k > maxMultiPV {
		return nil, invalid("MULTI_PV_OUT_OF_RANGE", "multi_pv", "multi_pv must be from 1 to %d; got %d", maxMultiPV, k)
	}
	alg, ok := algorithms[req.GetAlgorithm()]
	if !ok {
		return nil, invalid("UNKNOWN_ALGORITHM", "algorithm", "unknown search algorithm %d; want one of SearchAlgorithm's values", req.GetAlgorithm())
	}
	var limit time.Duration
	if tl := req.GetTimeLimit(); tl != nil {
		if err := tl.CheckValid(); err != nil || tl.AsDuration() < 0 {
			return nil, invalid("TIME_LIMIT_OUT_OF_RANGE", "time_limit", "time_limit must be a positive duration")
		}
		limit = tl.AsDuration()
	}
	var soft time.Duration
	if c := req.GetClock(); c != nil {
		if soft, limit, err = clockLimits(c, limit); err != nil {
			return nil, err
		}
	}
	j.game, err = readHistory(req.GetHistory(), pos, "history")
	if err != nil {
		return nil, err
	}
	j.root = pos
	switch {
	case pos.Phase() == engine.PhaseRoll:
		return nil, statusError(codes.FailedPrecondition, "AWAITING_ROLL", "position",
			"the position waits for a dice roll, not for a player's choice: roll (RollDice or ResolveDice) and search the position after it")
	case pos.Phase() == engine.PhaseFinished:
		return nil, statusError(codes.FailedPrecondition, "GAME_OVER", "position", "the game is over ("+pos.Outcome().Reason+"): there is nothing to search")
	case j.game.Drawn():
		return nil, errDrawn(j.game, "position")
	}
	j.opts = search.Options{
		Limits:     search.Limits{Depth: int(req.GetDepth()), Nodes: req.GetMaxNodes(), Time: limit, SoftTime: soft, MultiPV: int(req.GetMultiPv())},
		Algorithm:  alg,
		History:    j.game.History(),
		Repetition: j.game.Repetition(),
		Level:      int(req.GetLevel()),
		Seed:       req.GetSeed(),
		Threads:    int(req.GetThreads()),
	}
	if j.opts.Level > 0 && j.opts.Seed == 0 {
		j.opts.Seed = rand.Uint64()
	}
	// MCTS has no last depth to stop at: a depth only caps its tree.
	if (j.opts.Depth == 0 || alg.IsMCTS()) && j.opts.Nodes == 0 && j.opts.Time == 0 {
		j.opts.Time = defaultSearchTime
	}
	return j, nil
}

// maxMovesToGo bounds Clock.moves_to_go.
const maxMovesToGo = 1000

// clockLimits reads the mover's clock into a soft time and a hard one, the hard one no longer
// than limit when limit is set.
func clockLimits(c *pb.Clock, limit time.Duration) (soft, hard time.Duration, err error) {
	duration := func(d *durationpb.Duration, field string, required bool) (time.Duration, error) {
		if d == nil {
			if required {
				return 0, invalid("CLOCK_OUT_OF_RANGE", field, "%s is required with a clock: the time left on the mover's clock", field)
			}
			return 0, nil
		}
		if err := d.CheckValid(); err != nil || d.AsDuration() < 0 {
			return 0, invalid("CLOCK_OUT_OF_RANGE", field, "%s must be a duration of zero or more", field)
		}
		return d.AsDuration(), nil
	}
	left, err := duration(c.GetRemaining(), "clock.remaining", true)
	if err != nil {
		return 0, 0, err
	}
	inc, err := duration(c.GetIncrement(), "clock.increment", false)
	if err != nil {
		return 0, 0, err
	}
	if m := c.GetMovesToGo(); m < 0 || m > maxMovesToGo {
		return 0, 0, invalid("CLOCK_OUT_OF_RANGE", "clock.moves_to_go", "clock.moves_to_go must be from 1 to %d, or 0 for the rest of the game; got %d", maxMovesToGo, m)
	}
	soft, hard = search.ClockLimits(left, inc, int(c.GetMovesToGo()))
	if limit > 0 && limit < hard {
		hard = limit
	}
	return min(soft, hard), hard, nil
}

// run searches under the analysis gate; report, if not nil, receives every completed depth with
// the call's context, which ends at the analysis time.
func (a *Analysis) run(ctx context.Context, j *searchJob, report func(context.Context, search.Result)) (search.Result, error) {
	if n := j.opts.Threads; n > a.gate.limits.Analyses {
		return search.Result{}, invalid("THREADS_OUT_OF_RANGE", "threads", "threads must be at most this server's %d analysis slots (--analyses); got %d", a.gate.limits.Analyses, n)
	}
	call, err := a.gate.enterThreads(ctx, a.flows.flow(ctx), j.opts.Threads)
	if err != nil {
		return search.Result{}, err
	}
	defer call.done()
	var each func(search.Result)
	if report != nil {
		each = func(r search.Result) { report(call.ctx, r) }
	}
	s := a.searchers.get()
	opts := j.opts
	opts.Pause = call.pause
	res, err := s.Search(call.ctx, j.root, opts, each)
	// A search that panicked does not come back here, and its searcher is dropped. A pooled
	// searcher keeps one thread's memory.
	s.DropHelpers()
	a.searchers.put(s)
	switch {
	case errors.Is(err, engine.ErrGameOver):
		return res, toStatus(err, "position")
	case err != nil:
		return res, statusError(codes.FailedPrecondition, "SEARCH_FAILED", "position", err.Error())
	}
	return res, nil
}

func (a *Analysis) Search(ctx context.Context, req *pb.SearchRequest) (*pb.SearchResponse, error) {
	j, err := newSearchJob(req)
	if err != nil {
		return nil, err
	}
	res, err := a.run(ctx, j, nil)
	if err != nil {
		return nil, err
	}
	r := j.result(res)
	return &pb.SearchResponse{BestAction: r.BestAction, Lines: r.Lines, Depth: r.Depth, SelDepth: r.SelDepth, Nodes: r.Nodes,
		NodesPerSecond: r.NodesPerSecond, Elapsed: r.Elapsed, Complete: r.Complete, RepetitionChecked: r.RepetitionChecked}, nil
}

func (a *Analysis) SearchStream(req *pb.SearchStreamRequest, stream grpc.ServerStreamingServer[pb.SearchStreamResponse]) error {
	j, err := newSearchJob(req)
	if err != nil {
		return err
	}
	out := newAnswerWriter(stream.Send)
	res, err := a.run(stream.Context(), j, func(ctx context.Context, r search.Result) { out.put(ctx, j.result(r)) })
	var final *pb.SearchStreamResponse
	if err == nil {
		final = j.result(res)
		final.Final = true
	}
	// The slot is free by now; the answers have a little longer to reach the client.
	if werr := out.finish(final, final != nil); werr != nil && (err == nil || werr == errNotRead) {
		return werr
	}
	return err
}

// streamWriteGrace is how long a stream's answers may take to reach the client once its search
// has ended: a client that grants no flow-control window, or never reads, is cut off after it.
const streamWriteGrace = 2 * time.Second

// answerWriter sends a stream's answers from a goroutine of its own, so that a client that does
// not read them blocks neither the search nor, past the analysis time, its slot. gRPC gives a
// blocked Send no deadline of its own; the handler's return ends the stream, which unblocks it.
type answerWriter[T any] struct {
	send    func(T) error
	answers chan T
	done    chan struct{} // closed when the goroutine has sent everything, or failed
	err     error         // Send's error, read after done
}

// answerQueue is how many answers may wait for the client before the search waits for it.
const answerQueue = 8

func newAnswerWriter[T any](send func(T) error) *answerWriter[T] {
	w := &answerWriter[T]{send: send, answers: make(chan T, answerQueue), done: make(chan struct{})}
	go w.run()
	return w
}

func (w *answerWriter[T]) run() {
	defer close(w.done)
	for m := range w.answers {
		if err := w.send(m); err != nil {
			w.err = err
			return
		}
	}
}

// put queues an answer, waiting while the queue is full, but never past ctx (the analysis time)
// nor after the writer failed; an answer it cannot queue is dropped.
func (w *answerWriter[T]) put(ctx context.Context, m T) {
	select {
	case w.answers <- m:
	case <-ctx.Done():
	case <-w.done:
	}
}

// finish queues the final answer when last is set, and waits up to streamWriteGrace for every answer to
// be sent; it returns why they were not.
func (w *answerWriter[T]) finish(final T, last bool) error {
	t := time.NewTimer(streamWriteGrace)
	defer t.Stop()
	if last {
		select {
		case w.answers <- final:
		case <-w.done:
		case <-t.C:
			close(w.answers)
			return errNotRead
		}
	}
	close(w.answers)
	select {
	case <-w.done:
		return w.err
	case <-t.C:
		return errNotRead
	}
}

// errNotRead ends a stream whose client does not read its answers.
var errNotRead = statusError(codes.DeadlineExceeded, "ANSWERS_NOT_READ", "", "the answers could not be sent within "+
	streamWriteGrace.String()+" of the search's end: the client does not read them (its flow-control window stays closed)")

// result converts a search result, formatting every action for the position it is played in.
func (j *searchJob) result(res search.Result) *pb.SearchStreamResponse {
	out := &pb.SearchStreamResponse{Depth: int32(res.Depth), SelDepth: int32(res.SelDepth), Nodes: res.Nodes,
		NodesPerSecond: perSecond(res.Nodes, res.Elapsed), Elapsed: durationpb.New(res.Elapsed), Complete: res.Complete,
		RepetitionChecked: j.game.Checked()}
	if legal(j.pos, res.Best) {
		out.BestAction = actionToProto(j.pos, res.Best)
	}
	for _, l := range res.Lines {
		if !legal(j.pos, l.Move) {
			continue
		}
		line := &pb.SearchLine{Move: actionToProto(j.pos, l.Move), Values: playerValues(j.names, l.Values, manySidesChances(j.pos, l.Values, l.Chances), j.dice)}
		pos := j.pos
		for _, m := range l.PV {
			if !legal(pos, m) {
				break
			}
			line.Pv = append(line.Pv, actionToProto(pos, m))
			pos, _ = pos.Play(m)
		}
		out.Lines = append(out.Lines, line)
	}
	return out
}

// legal reports whether m is a legal action of pos. Search only returns legal actions; checking
// costs little next to a search and keeps a wrong move from reaching Play.
func legal(pos engine.Position, m engine.Move) bool {
	if pos.Phase() == engine.PhaseFinished {
		return false
	}
	var buf [engine.MaxMoves]engine.Move
	return slices.Contains(pos.Moves(buf[:0]), m)
}
