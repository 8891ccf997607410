package service

import (
	"context"
	"errors"
	"runtime"
	"time"

	"google.golang.org/grpc/codes"
)

// Limits bound the analysis calls (Perft, Search, SearchStream, Evaluate, Rollout), which unlike
// the rules calls can run as long as a client asks. A zero field takes its default.
type Limits struct {
	// AnalysisTime is the longest an analysis call runs: a deadline on top of the client's
	// (default 10 s).
	AnalysisTime time.Duration
	// Analyses is how many analysis calls run at once (default GOMAXPROCS): each keeps a core
	// busy, so more would only share the cores and all finish later.
	Analyses int
	// QueueWait is how long a call waits for one of the Analyses slots before it fails with
	// RESOURCE_EXHAUSTED, reason ANALYSIS_BUSY (default 100 ms).
	QueueWait time.Duration
}

// Default limits.
const (
	DefaultAnalysisTime = 10 * time.Second
	DefaultQueueWait    = 100 * time.Millisecond
)

// withDefaults fills the zero fields.
func (l Limits) withDefaults() Limits {
	if l.AnalysisTime <= 0 {
		l.AnalysisTime = DefaultAnalysisTime
	}
	if l.Analyses <= 0 {
		l.Analyses = runtime.GOMAXPROCS(0)
	}
	if l.QueueWait <= 0 {
		l.QueueWait = DefaultQueueWait
	}
	return l
}

// gate admits analysis calls: at most Analyses at once, each for at most AnalysisTime.
type gate struct {
	limits Limits
	slots  chan struct{}
}

func newGate(l Limits) *gate {
	l = l.withDefaults()
	return &gate{limits: l, slots: make(chan struct{}, l.Analyses)}
}

// admission is one admitted analysis call.
type admission struct {
	ctx context.Context
	// serverDeadline is true when the server's AnalysisTime, not the client, set ctx's deadline.
	serverDeadline bool
	cancel         context.CancelFunc
	g              *gate
}

// enter waits up to QueueWait for a free slot, then returns the call's context, bounded by the
// server's AnalysisTime. The caller must call done.
func (g *gate) enter(ctx context.Context) (*admission, error) {
	select {
	case g.slots <- struct{}{}:
	default:
		t := time.NewTimer(g.limits.QueueWait)
		defer t.Stop()
		select {
		case g.slots <- struct{}{}:
		case <-t.C:
			return nil, statusError(codes.ResourceExhausted, "ANALYSIS_BUSY", "",
				"the server is running as many analyses as it has cores; retry with backoff")
		case <-ctx.Done():
			return nil, contextStatus(ctx.Err(), false, "the call ended while waiting for a free analysis slot")
		}
	}
	limit := time.Now().Add(g.limits.AnalysisTime)
	client, ok := ctx.Deadline()
	a := &admission{serverDeadline: !ok || limit.Before(client), g: g}
	a.ctx, a.cancel = context.WithDeadline(ctx, limit)
	return a, nil
}

// done releases the slot.
func (a *admission) done() {
	a.cancel()
	<-a.g.slots
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
