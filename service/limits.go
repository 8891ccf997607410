package service

import (
	"context"
	"errors"
	"net/http"
	"runtime"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/keepalive"
)

// Limits bound the analysis calls (Perft, Search, SearchStream, Evaluate, Rollout), which unlike
// the rules calls can run as long as a client asks. A zero field takes its default.
type Limits struct {
	// AnalysisTime is the longest an analysis call runs: a deadline on top of the client's
	// (default 10 s).
	AnalysisTime time.Duration
	// Analyses is how many analysis calls run at once (default DefaultAnalyses: GOMAXPROCS less
	// one): each keeps a core busy, so more would only share the cores and all finish later.
	Analyses int
	// QueueWait is how long a call waits for one of the Analyses slots before it fails with
	// RESOURCE_EXHAUSTED, reason ANALYSIS_BUSY, with a RetryInfo (default 2 s). The slots are
	// shared fairly among the clients (fairGate), so a call within its client's share waits its
	// turn, a slice of another's analysis at most.
	QueueWait time.Duration
}

// Default limits.
const (
	DefaultAnalysisTime = 10 * time.Second
	DefaultQueueWait    = 2 * time.Second
)

// withDefaults fills the zero fields.
func (l Limits) withDefaults() Limits {
	if l.AnalysisTime <= 0 {
		l.AnalysisTime = DefaultAnalysisTime
	}
	if l.Analyses <= 0 {
		l.Analyses = DefaultAnalyses()
	}
	if l.QueueWait <= 0 {
		l.QueueWait = DefaultQueueWait
	}
	return l
}

// DefaultAnalyses is the default number of analysis slots: one fewer than the processors, so that
// the rules calls keep a core while every slot is busy. With a slot for every core, a rules call
// waits for the scheduler to preempt a search (10 ms at a time) at each of its hops, and one in a
// thousand took 70-100 ms (BenchmarkRulesLatencyUnderAnalysis).
func DefaultAnalyses() int { return max(1, runtime.GOMAXPROCS(0)-1) }

// longest is the longest an analysis call can last, waiting for a slot included.
func (l Limits) longest() time.Duration {
	l = l.withDefaults()
	return l.AnalysisTime + l.QueueWait
}

// admission is one admitted analysis call.
type admission struct {
	ctx context.Context
	// serverDeadline is true when the server's AnalysisTime, not the client, set ctx's deadline.
	serverDeadline bool
	cancel         context.CancelFunc
	slot           *slot
	// extra are the slots of a call's other threads, held for the whole call.
	extra []*slot
	// paused is the time the call waited for its slot to come back, which its elapsed time does
	// not count; touched by the goroutine running the call alone.
	paused time.Duration
}

// enter waits, fairly among flows (fairGate), for an analysis slot for the call's flow, then
// returns the call's context, bounded by the server's AnalysisTime. The caller must call done,
// and pass pause to the engine so that the slot is shared in slices.
func (g *fairGate) enter(ctx context.Context, id flowID) (*admission, error) {
	s, err := g.acquire(ctx, id)
	if err != nil {
		return nil, err
	}
	limit := time.Now().Add(g.limits.AnalysisTime)
	client, ok := ctx.Deadline()
	a := &admission{serverDeadline: !ok || limit.Before(client), slot: s}
	a.ctx, a.cancel = context.WithDeadline(ctx, limit)
	s.ctx = a.ctx
	return a, nil
}

// enterThreads admits a call that runs on n threads: it takes n slots, fairly as any call does,
// one after another while no other call of several threads takes any, and done releases them all.
// Only the first slot is lent out in slices (pause): the others' threads run to the end.
func (g *fairGate) enterThreads(ctx context.Context, id flowID, n int) (*admission, error) {
	if n <= 1 {
		return g.enter(ctx, id)
	}
	g.multi.Lock()
	defer g.multi.Unlock()
	a, err := g.enter(ctx, id)
	if err != nil {
		return nil, err
	}
	for range n - 1 {
		s, err := g.acquire(a.ctx, id)
		if err != nil {
			a.done()
			return nil, err
		}
		s.ctx = a.ctx
		a.extra = append(a.extra, s)
	}
	return a, nil
}

// done releases the slots.
func (a *admission) done() {
	a.cancel()
	a.slot.release()
	for _, s := range a.extra {
		s.release()
	}
}

// pause is the call's engine.Pause.
func (a *admission) pause() time.Duration {
	d := a.slot.pause()
	a.paused += d
	return d
}

// stopped is the error for work stopped by its context's err.
func (a *admission) stopped(err error, what string) error {
	return contextStatus(err, a.serverDeadline, what)
}

// contextStatus maps a context's error to DEADLINE_EXCEEDED or CANCELLED, saying whose deadline it
// was.
func contextStatus(err error, serverDeadline bool, what string) error {
	if errors.Is(err, context.DeadlineExceeded) {
		if serverDeadline {
			return statusError(codes.DeadlineExceeded, "ANALYSIS_TIME_EXCEEDED", "",
				what+": the server's limit on an analysis's time was reached; ask for less work")
		}
		return statusError(codes.DeadlineExceeded, "DEADLINE_EXCEEDED", "", what+": the call's deadline passed")
	}
	return statusError(codes.Canceled, "CANCELLED", "", what+": the call was cancelled")
}

// ConnLimits bound the connections of both servers, so that slow, idle or greedy clients cannot
// hold them. A zero field takes its default.
type ConnLimits struct {
	// ReadHeaderTimeout is how long an HTTP client may take to send a request's headers (default
	// 10 s).
	ReadHeaderTimeout time.Duration
	// ReadTimeout is how long it may take to send a whole request, body included (default 30 s).
	ReadTimeout time.Duration
	// WriteTimeout bounds an HTTP response, from the end of the request's headers to its last
	// byte. It must exceed the longest analysis call, queue wait included: a SearchStream's
	// NDJSON response is written for as long as the search runs, and is cut off at WriteTimeout
	// (default: the analysis time and queue wait plus 5 s).
	WriteTimeout time.Duration
	// IdleTimeout closes a kept-alive HTTP connection between requests (default 2 min).
	IdleTimeout time.Duration
	// MaxHeaderBytes caps a request's headers, on the HTTP port and the gRPC port alike (default
	// 64 KiB).
	MaxHeaderBytes int

	// HandshakeTimeout is how long a gRPC client may take to open its HTTP/2 connection (default
	// 10 s).
	HandshakeTimeout time.Duration
	// KeepaliveMinTime is the shortest interval between a client's keepalive pings; a client that
	// pings more often is sent GOAWAY ("too_many_pings") (default 15 s).
	KeepaliveMinTime time.Duration
	// ForbidIdlePings refuses keepalive pings on a connection without calls, as too many pings.
	// By default they are allowed: MaxConnectionIdle closes idle connections anyway.
	ForbidIdlePings bool
	// KeepaliveTime is how long a gRPC connection may be silent before the server pings it, and
	// KeepaliveTimeout how long it waits for the answer before it closes the connection
	// (defaults 1 min and 20 s).
	KeepaliveTime    time.Duration
	KeepaliveTimeout time.Duration
	// MaxConnectionIdle closes a gRPC connection without calls for this long (default 5 min).
	MaxConnectionIdle time.Duration
	// MaxConnectionAge closes gRPC connections this old (GOAWAY, so clients reconnect and spread
	// over new replicas, and no client keeps one connection's resources for ever), after
	// MaxConnectionAgeGrace for the calls in flight (defaults 30 min; grace: the analysis time and
	// queue wait plus 5 s).
	MaxConnectionAge      time.Duration
	MaxConnectionAgeGrace time.Duration
	// MaxConcurrentStreams caps the calls in flight on one gRPC connection; more wait for a free
	// stream (default 100). A client that reads no answer holds at most this many in the
	// server's memory, for at most GRPCWriteTimeout.
	MaxConcurrentStreams uint32
	// GRPCWriteTimeout closes a gRPC connection that has left an answer unwritten this long: its
	// client grants no flow-control window or does not read (default 10 s).
	GRPCWriteTimeout time.Duration
	// MaxConnections caps the connections open at once on each port; MaxConnectionsPerPeer those
	// from one IP address, trusted proxies aside. A connection beyond either is closed as soon as
	// it is accepted (defaults 1024 and 32).
	MaxConnections        int
	MaxConnectionsPerPeer int
	// MaxRecvMsgSize caps a gRPC request message (default 4 MiB).
	MaxRecvMsgSize int
	// PeerMemory is the budget for what both ports' connections hold in the server's memory:
	// unsent answers, streams, requests being read. Past it the costliest connections are closed
	// and new ones refused (default: PeerMemoryBudget, a quarter of the memory limit).
	PeerMemory int64
	// IdleGrace is how long a connection without calls is kept once its port is near its cap
	// (default 2 s).
	IdleGrace time.Duration
}

// Default connection limits.
const (
	DefaultReadHeaderTimeout     = 10 * time.Second
	DefaultReadTimeout           = 30 * time.Second
	DefaultIdleTimeout           = 2 * time.Minute
	DefaultMaxHeaderBytes        = 64 << 10
	DefaultHandshakeTimeout      = 10 * time.Second
	DefaultKeepaliveMinTime      = 15 * time.Second
	DefaultKeepaliveTime         = time.Minute
	DefaultKeepaliveTimeout      = 20 * time.Second
	DefaultMaxConnectionIdle     = 5 * time.Minute
	DefaultMaxConnectionAge      = 30 * time.Minute
	DefaultMaxConcurrentStreams  = 100
	DefaultMaxRecvMsgSize        = 4 << 20
	DefaultGRPCWriteTimeout      = 10 * time.Second
	DefaultMaxConnections        = 1024
	DefaultMaxConnectionsPerPeer = 32
	// slack is added to the longest analysis call for the limits that must outlast one.
	slack = 5 * time.Second
)

// withDefaults fills the zero fields; the analysis limits decide the write timeout and grace.
func (c ConnLimits) withDefaults(l Limits) ConnLimits {
	set := func(d *time.Duration, def time.Duration) {
		if *d <= 0 {
			*d = def
		}
	}
	set(&c.ReadHeaderTimeout, DefaultReadHeaderTimeout)
	set(&c.ReadTimeout, DefaultReadTimeout)
	set(&c.WriteTimeout, l.longest()+slack)
	set(&c.IdleTimeout, DefaultIdleTimeout)
	set(&c.HandshakeTimeout, DefaultHandshakeTimeout)
	set(&c.KeepaliveMinTime, DefaultKeepaliveMinTime)
	set(&c.KeepaliveTime, DefaultKeepaliveTime)
	set(&c.KeepaliveTimeout, DefaultKeepaliveTimeout)
	set(&c.MaxConnectionIdle, DefaultMaxConnectionIdle)
	set(&c.MaxConnectionAge, DefaultMaxConnectionAge)
	set(&c.MaxConnectionAgeGrace, l.longest()+slack)
	set(&c.GRPCWriteTimeout, DefaultGRPCWriteTimeout)
	if c.MaxConnections <= 0 {
		c.MaxConnections = DefaultMaxConnections
	}
	if c.MaxConnectionsPerPeer <= 0 {
		c.MaxConnectionsPerPeer = DefaultMaxConnectionsPerPeer
	}
	if c.MaxHeaderBytes <= 0 {
		c.MaxHeaderBytes = DefaultMaxHeaderBytes
	}
	if c.MaxConcurrentStreams == 0 {
		c.MaxConcurrentStreams = DefaultMaxConcurrentStreams
	}
	if c.MaxRecvMsgSize <= 0 {
		c.MaxRecvMsgSize = DefaultMaxRecvMsgSize
	}
	if c.PeerMemory <= 0 {
		c.PeerMemory = PeerMemoryBudget()
	}
	set(&c.IdleGrace, DefaultIdleGrace)
	return c
}

// check refuses limits that would cut analysis calls short.
func (c ConnLimits) check(l Limits) error {
	if c.WriteTimeout <= l.longest() {
		return errors.New("the HTTP write timeout must exceed the analysis time and queue wait, or it cuts analyses off")
	}
	return nil
}

// grpcOptions are the gRPC server's options for the limits.
func (c ConnLimits) grpcOptions() []grpc.ServerOption {
	return []grpc.ServerOption{
		grpc.ConnectionTimeout(c.HandshakeTimeout),
		grpc.KeepaliveEnforcementPolicy(keepalive.EnforcementPolicy{MinTime: c.KeepaliveMinTime, PermitWithoutStream: !c.ForbidIdlePings}),
		grpc.KeepaliveParams(keepalive.ServerParameters{
			MaxConnectionIdle:     c.MaxConnectionIdle,
			MaxConnectionAge:      c.MaxConnectionAge,
			MaxConnectionAgeGrace: c.MaxConnectionAgeGrace,
			Time:                  c.KeepaliveTime,
			Timeout:               c.KeepaliveTimeout,
		}),
		grpc.MaxConcurrentStreams(c.MaxConcurrentStreams),
		grpc.MaxRecvMsgSize(c.MaxRecvMsgSize),
		// The same cap as the HTTP port's: grpc-go's own default is 16 MB of headers a request.
		grpc.MaxHeaderListSize(uint32(c.MaxHeaderBytes)),
		// Calls run on a pool of goroutines whose stacks have already grown, instead of a new
		// goroutine per call that grows its stack again: 16 a core, as one worker a core left
		// most calls of 16 concurrent clients to fresh goroutines (2 µs a call of stack growth).
		grpc.NumStreamWorkers(uint32(16 * runtime.GOMAXPROCS(0))),
	}
}

// httpServer returns an HTTP server for handler under the limits.
func (c ConnLimits) httpServer(handler http.Handler) *http.Server {
	return &http.Server{
		Handler:           handler,
		ReadHeaderTimeout: c.ReadHeaderTimeout,
		ReadTimeout:       c.ReadTimeout,
		WriteTimeout:      c.WriteTimeout,
		IdleTimeout:       c.IdleTimeout,
		MaxHeaderBytes:    c.MaxHeaderBytes,
	}
}
