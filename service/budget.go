package service

import (
	"context"
	"math"
	"os"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"go.uber.org/zap"
)

// What a connection costs the server, as measured with cmd/hostile (zero-window streams of
// GetVariant): a gRPC connection's transport (framer, buffers, hpack tables) before any call, and
// each stream it has open beyond the bytes of the answers it has left unread, which are counted
// as they are queued. An HTTP connection costs its buffers and goroutine, and the bytes of the
// request it is reading.
const (
	grpcConnCost   = 96 << 10
	grpcStreamCost = 64 << 10
	httpConnCost   = 24 << 10
)

// DefaultPeerMemory is the peer memory budget of a server that runs under no memory limit.
const DefaultPeerMemory = 48 << 20

// PeerMemoryBudget is the default budget for what the server holds on behalf of its peers: a
// quarter of the memory limit, GOMEMLIMIT or else the container's (cgroup v2 memory.max), or
// DefaultPeerMemory without either.
func PeerMemoryBudget() int64 {
	limit := debug.SetMemoryLimit(-1)
	if limit == math.MaxInt64 {
		limit = cgroupMemoryLimit()
	}
	if limit <= 0 || limit == math.MaxInt64 {
		return DefaultPeerMemory
	}
	return limit / 4
}

// cgroupMemoryLimit is the container's memory limit, 0 for none.
func cgroupMemoryLimit() int64 {
	b, err := os.ReadFile("/sys/fs/cgroup/memory.max")
	if err != nil {
		return 0
	}
	n, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
	if err != nil {
		return 0 // "max"
	}
	return n
}

// peerBudget bounds the memory that the connections of both ports hold, as Envoy's overload
// manager does: every tick it adds up what each connection costs; past the budget it closes the
// connections that hold the most until the total is back under nine tenths of it, and while it
// stays past (calls of closed connections still running), the guards refuse new connections from
// addresses that already hold some. Between ticks the streams opened and ended move an estimate,
// which lets a connection's reader end it at once (guardedConn.Read).
type peerBudget struct {
	limit  int64
	guards []*connGuard
	log    *zap.Logger

	held atomic.Int64 // the total at the last tick
	// estimate is held moved by every stream opened and ended since the tick, so that a burst of
	// streams is seen at once.
	estimate atomic.Int64
	over     atomic.Bool   // the total is past the budget even after shedding
	shed     atomic.Uint64 // connections closed for the budget
	// gcPercent is the collector's target the server ran with before the budget came under
	// pressure, 0 while it is not; calm is when the pressure last fell below a quarter.
	gcPercent int
	calm      time.Time
}

// pace makes the collector keep the heap near what is live while the connections hold more than
// half the budget: a server that runs with a high GOGC (as `ashtapada serve` does) would
// otherwise let the garbage of the connections it sheds grow the heap to several times the
// budget. After paceCalm below a quarter of the budget the former target returns.
func (b *peerBudget) pace(total int64) {
	switch {
	case b.gcPercent == 0 && total > b.limit/2:
		if prev := debug.SetGCPercent(pressureGCPercent); prev > pressureGCPercent {
			b.gcPercent = prev
		} else {
			debug.SetGCPercent(prev)
		}
	case b.gcPercent != 0 && total > b.limit/4:
		b.calm = time.Time{}
	case b.gcPercent != 0 && b.calm.IsZero():
		b.calm = time.Now()
	case b.gcPercent != 0 && time.Since(b.calm) > paceCalm:
		debug.SetGCPercent(b.gcPercent)
		b.gcPercent, b.calm = 0, time.Time{}
	}
}

// paceCalm is how long the connections must hold under a quarter of the budget before the
// collector's former target returns: an attack comes in waves, and the garbage of one outlives it.
const paceCalm = 10 * time.Second

// pressureGCPercent is the collector's target while the budget is under pressure.
const pressureGCPercent = 100

func newPeerBudget(limit int64, log *zap.Logger, guards ...*connGuard) *peerBudget {
	b := &peerBudget{limit: limit, guards: guards, log: log}
	for _, g := range guards {
		g.budget = b
	}
	return b
}

// budgetTick is how often the budget and the idle connections near a cap are checked.
const budgetTick = 100 * time.Millisecond

// watch checks the budget, and closes idle connections on ports near their cap, every tick
// until ctx ends.
func (b *peerBudget) watch(ctx context.Context) {
	t := time.NewTicker(budgetTick)
	defer t.Stop()
	var conns []heldConn
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-t.C:
			conns = conns[:0]
			for _, g := range b.guards {
				conns = g.costs(conns, now)
				g.closeIdleNearCap(now)
			}
			b.enforce(conns)
		}
	}
}

// heldConn is a connection and what it holds.
type heldConn struct {
	c    *guardedConn
	cost int64
}

// enforce records the total and, past the budget, closes the costliest connections.
func (b *peerBudget) enforce(conns []heldConn) {
	var total int64
	for _, h := range conns {
		total += h.cost
	}
	b.held.Store(total)
	b.estimate.Store(total)
	b.pace(total)
	if total <= b.limit {
		b.over.Store(false)
		return
	}
	slices.SortFunc(conns, func(x, y heldConn) int { return int(y.cost>>10) - int(x.cost>>10) })
	target := b.limit / 10 * 9
	closed := 0
	for _, h := range conns {
		if total <= target {
			break
		}
		if h.c.ending.Load() || !h.c.holding() {
			// Draining: closing cannot free it sooner. Or it holds no call nor answer: closing it
			// would free next to nothing, and cut off a client that asks little.
			continue
		}
		total -= h.cost
		h.c.guard.penalize(h.c.ip)
		h.c.end(errEnhanceYourCalm, "memory")
		closed++
	}
	b.shed.Add(uint64(closed))
	b.held.Store(total)
	b.estimate.Store(total)
	// What cannot be shed (calls still running for connections already ended) keeps every new
	// connection out until it returns.
	b.over.Store(total > b.limit)
	if ce := b.log.Check(zap.WarnLevel, "connections closed: the peer memory budget is spent"); ce != nil {
		ce.Write(zap.Int("closed", closed), zap.Int64("budget_bytes", b.limit), zap.Int64("held_bytes", total))
	}
}
