package service

import (
	"context"
	"fmt"
	"math"
	"sync"
	"sync/atomic"
	"time"

	"google.golang.org/grpc/codes"
)

// The analysis slots are shared among flows (a client's API key, or its address) by fair
// queuing, as Kubernetes' API Priority and Fairness shares a priority level's seats: every flow
// keeps a virtual time, the slot time it has been served divided by its weight, and a free slot
// goes to the waiting flow whose virtual time is least. A flow that becomes active starts at the
// least virtual time of the active flows, so that neither an old nor a new flow is owed a
// monopoly. It is work-conserving (a flow alone gets every slot) and a flow's share does not grow
// with the number of calls it keeps open: within a flow, calls wait their turn in order.
//
// A running analysis calls its slot's pause now and then (engine.Pause). When its slice
// (sliceQuantum) is over and a call of another flow with less virtual time waits, it hands the
// slot over and waits its turn again, first in its flow's queue; the time it waits counts against
// neither its search's time budget nor its flow's share. So a short search is not stuck behind a
// long one when there are fewer slots than flows.

// sliceQuantum is how long an analysis holds a slot before it may have to hand it over.
const sliceQuantum = 15 * time.Millisecond

// maxFlowQueue is how many calls of one flow may wait for a slot; more are refused at once
// (ANALYSIS_QUEUE_FULL).
const maxFlowQueue = 16

// startedPerSlot bounds the calls started and not ended, paused ones included, per slot: each
// holds its search's memory (a 16 MB table) while paused, so new calls wait for one to end.
const startedPerSlot = 3

// flowID names a flow: its key (the API key's name, or the client's address) and its class for
// the metrics (the key's name, or "address"), with the key's weight and quota.
type flowID struct {
	key, class string
	weight     float64
	quota      *keyQuota // nil: none
}

// fairGate admits analysis calls to the slots, fairly among flows.
type fairGate struct {
	limits Limits
	now    func() time.Time // time.Now, or a test's clock

	mu sync.Mutex
	// multi lets one call of several threads at a time take its slots: two such calls each
	// holding part of what they need would wait for each other.
	multi   sync.Mutex
	busy    int // slots held
	started int // calls holding a slot or paused
	flows   map[string]*flow
	vtime   float64 // the least virtual time of the active flows, kept as they change
	sweeps  int
	avgCall time.Duration // a running mean of the slot time of a call, for RetryInfo

	// waiting is the calls waiting for a slot (paused ones included); read without the lock by
	// every pause, and by the metrics.
	waiting atomic.Int64
	// busyRefusals counts ANALYSIS_BUSY refusals, for the metrics.
	busyRefusals atomic.Uint64
	stats        *flowStats // nil: none
}

// flow is one client's share of the analysis.
type flow struct {
	id      flowID
	vtime   float64 // slot seconds served / weight
	queue   []*waiter
	running int
	idle    time.Time // when it last had nothing running nor waiting
}

func (f *flow) active() bool { return f.running > 0 || len(f.queue) > 0 }

// waiter is a call waiting for a slot.
type waiter struct {
	ready   chan struct{} // closed when the slot is granted
	granted bool
	resume  bool // a paused call, already started
	since   time.Time
}

func newFairGate(l Limits) *fairGate {
	l = l.withDefaults()
	return &fairGate{limits: l, now: time.Now, flows: map[string]*flow{}, avgCall: 100 * time.Millisecond}
}

// slot is one analysis call's hold on the gate.
type slot struct {
	g       *fairGate
	f       *flow
	ctx     context.Context
	held    bool      // it holds a slot now
	paused  bool      // it started, and its call ended while it waited to resume
	start   time.Time // when its current slice began
	sliceTo time.Time // when its current slice ends
	served  time.Duration
}

// acquire waits for a slot for flow id, at most the queue wait and the call's deadline.
func (g *fairGate) acquire(ctx context.Context, id flowID) (*slot, error) {
	now := g.now()
	g.mu.Lock()
	f := g.flow(id, now)
	if q := id.quota; q != nil {
		if wait := q.wait(now); wait > 0 {
			g.mu.Unlock()
			g.stats.refused(id.class, "ANALYSIS_QUOTA_EXHAUSTED")
			return nil, quotaStatus(id, wait)
		}
	}
	s := &slot{g: g, f: f, ctx: ctx}
	if g.busy < g.limits.Analyses && g.started < g.maxStarted() && g.waiting.Load() == 0 {
		g.grant(s, now)
		g.mu.Unlock()
		g.stats.waited(id.class, 0)
		return s, nil
	}
	if len(f.queue) >= maxFlowQueue {
		retry := g.retryAfter(f)
		g.mu.Unlock()
		g.stats.refused(id.class, "ANALYSIS_QUEUE_FULL")
		return nil, retryStatus(codes.ResourceExhausted, "ANALYSIS_QUEUE_FULL", retry,
			fmt.Sprintf("%d analysis calls of yours already wait for a slot; wait for them", maxFlowQueue),
			flowSubject(id), fmt.Sprintf("at most %d analysis calls of one client wait at once", maxFlowQueue))
	}
	w := &waiter{ready: make(chan struct{}), since: now}
	f.queue = append(f.queue, w)
	g.waiting.Add(1)
	g.dispatch() // a slot may have come free in between
	g.mu.Unlock()

	t := time.NewTimer(g.limits.QueueWait)
	defer t.Stop()
	var why error
	select {
	case <-w.ready:
	case <-t.C:
	case <-ctx.Done():
		why = contextStatus(ctx.Err(), false, "the call ended while waiting for a free analysis slot")
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if w.granted {
		s.held, s.start, s.sliceTo = true, g.now(), g.now().Add(sliceQuantum)
		g.stats.waited(id.class, s.start.Sub(now))
		return s, nil
	}
	g.dequeue(f, w)
	g.forgetIdle(f, g.now())
	if why != nil {
		return nil, why
	}
	g.busyRefusals.Add(1)
	g.stats.refused(id.class, "ANALYSIS_BUSY")
	return nil, retryStatus(codes.ResourceExhausted, "ANALYSIS_BUSY", g.retryAfter(f),
		"every analysis slot of the server stayed busy for the queue wait; retry after the delay given", "", "")
}

// flow returns the flow for id, active or idle; a flow that becomes active starts at the least
// virtual time of the active ones. The caller holds g.mu.
func (g *fairGate) flow(id flowID, now time.Time) *flow {
	f := g.flows[id.key]
	if f == nil {
		if g.sweeps++; g.sweeps >= 1024 {
			g.sweep(now)
		}
		f = &flow{id: id}
		g.flows[id.key] = f
	}
	f.id = id // a key's weight or quota may have changed
	if !f.active() {
		f.vtime = math.Max(f.vtime, g.leastVtime())
	}
	return f
}

// leastVtime is the least virtual time of the active flows, or the last one seen when none is
// active. The caller holds g.mu.
func (g *fairGate) leastVtime() float64 {
	least, any := math.Inf(1), false
	for _, f := range g.flows {
		if f.active() && f.vtime < least {
			least, any = f.vtime, true
		}
	}
	if any {
		g.vtime = least
	}
	return g.vtime
}

// sweep forgets the flows idle for a minute: they would start at the least virtual time anyway.
func (g *fairGate) sweep(now time.Time) {
	g.sweeps = 0
	for k, f := range g.flows {
		if !f.active() && now.Sub(f.idle) > time.Minute {
			delete(g.flows, k)
		}
	}
}

func (g *fairGate) forgetIdle(f *flow, now time.Time) {
	if !f.active() {
		f.idle = now
	}
}

// grant gives s a slot now. The caller holds g.mu.
func (g *fairGate) grant(s *slot, now time.Time) {
	g.busy++
	g.started++
	s.f.running++
	s.held, s.start, s.sliceTo = true, now, now.Add(sliceQuantum)
}

// dequeue removes w from f's queue, if it is there. The caller holds g.mu.
func (g *fairGate) dequeue(f *flow, w *waiter) {
	for i, x := range f.queue {
		if x == w {
			f.queue = append(f.queue[:i], f.queue[i+1:]...)
			g.waiting.Add(-1)
			return
		}
	}
}

// dispatch hands the free slots to the waiting flows with the least virtual time. The caller
// holds g.mu.
func (g *fairGate) dispatch() {
	for g.busy < g.limits.Analyses {
		// A call not yet started may start only under the cap on started calls.
		startable := g.started < g.maxStarted()
		var next *flow
		for _, f := range g.flows {
			if len(f.queue) > 0 && (startable || f.queue[0].resume) && (next == nil || f.vtime < next.vtime ||
				f.vtime == next.vtime && f.queue[0].since.Before(next.queue[0].since)) {
				next = f
			}
		}
		if next == nil {
			return
		}
		w := next.queue[0]
		next.queue = next.queue[1:]
		g.waiting.Add(-1)
		g.busy++
		if !w.resume {
			g.started++
		}
		next.running++
		w.granted = true
		close(w.ready)
	}
}

// maxStarted is the cap on calls started and not ended.
func (g *fairGate) maxStarted() int { return startedPerSlot * g.limits.Analyses }

// charge counts the slot time since s's slice began against its flow. The caller holds g.mu.
func (g *fairGate) charge(s *slot, now time.Time) {
	used := now.Sub(s.start)
	if used <= 0 {
		return
	}
	s.start = now
	s.served += used
	s.f.vtime += used.Seconds() / s.f.id.weight
	if q := s.f.id.quota; q != nil {
		q.spend(used, now)
	}
	g.stats.served(s.f.id.class, used)
}

// release gives s's slot back.
func (s *slot) release() {
	g := s.g
	g.mu.Lock()
	defer g.mu.Unlock()
	if !s.held {
		if s.paused {
			// Cancelled while paused: it started, and ends here.
			s.paused = false
			g.started--
			g.dispatch()
		}
		return
	}
	now := g.now()
	g.charge(s, now)
	s.held = false
	g.busy--
	g.started--
	s.f.running--
	g.avgCall += (s.served - g.avgCall) / 8
	g.forgetIdle(s.f, now)
	g.dispatch()
}

// pause is the slot's engine.Pause: at the end of a slice, it hands the slot over when a call of
// another flow with less virtual time waits, and waits its turn again. It returns how long it
// waited.
func (s *slot) pause() time.Duration {
	g := s.g
	if g.waiting.Load() == 0 {
		return 0
	}
	now := g.now()
	if now.Before(s.sliceTo) {
		return 0
	}
	g.mu.Lock()
	if !s.held {
		g.mu.Unlock()
		return 0
	}
	g.charge(s, now)
	s.sliceTo = now.Add(sliceQuantum)
	if !g.othersFirst(s.f) {
		g.mu.Unlock()
		return 0
	}
	// Hand the slot over, and wait first in line of this flow.
	w := &waiter{ready: make(chan struct{}), since: now, resume: true}
	s.f.queue = append([]*waiter{w}, s.f.queue...)
	g.waiting.Add(1)
	s.held = false
	g.busy--
	s.f.running--
	g.dispatch()
	g.mu.Unlock()

	select {
	case <-w.ready:
	case <-s.ctx.Done():
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	resumed := g.now()
	if w.granted {
		s.held, s.start, s.sliceTo = true, resumed, resumed.Add(sliceQuantum)
	} else {
		g.dequeue(s.f, w) // the call is over: the search stops at its next check
		s.paused = true
		g.forgetIdle(s.f, resumed)
	}
	return resumed.Sub(now)
}

// othersFirst reports whether a call of a flow other than f, with less virtual time, waits.
// The caller holds g.mu.
func (g *fairGate) othersFirst(f *flow) bool {
	for _, o := range g.flows {
		if o != f && len(o.queue) > 0 && o.vtime < f.vtime {
			return true
		}
	}
	return false
}

// retryAfter estimates when a call of f refused now would find a slot: the calls ahead of it,
// its own flow's queue and one of every other waiting flow's, at a call's mean slot time each,
// spread over the slots. The caller holds g.mu.
func (g *fairGate) retryAfter(f *flow) time.Duration {
	ahead := len(f.queue) + 1
	for _, o := range g.flows {
		if o != f && len(o.queue) > 0 {
			ahead++
		}
	}
	d := g.avgCall * time.Duration(ahead) / time.Duration(g.limits.Analyses)
	return min(max(d, 100*time.Millisecond), 30*time.Second)
}

// flowSubject names a flow in a QuotaFailure: the key's name, or "client address" (the address
// itself is the caller's own, and not repeated).
func flowSubject(id flowID) string {
	if id.quota != nil || id.class != classAddress {
		return "key:" + id.class
	}
	return "client address"
}

// inFlight is the calls holding a slot now, for the metrics.
func (g *fairGate) inFlight() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.busy
}

// queueLengths is the calls waiting by flow class, for the metrics.
func (g *fairGate) queueLengths() map[string]int {
	g.mu.Lock()
	defer g.mu.Unlock()
	out := map[string]int{}
	for _, f := range g.flows {
		if len(f.queue) > 0 || f.id.class != classAddress {
			out[f.id.class] += len(f.queue)
		}
	}
	return out
}
