package service

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/netip"
	"sync"
	"sync/atomic"
	"time"

	"go.uber.org/zap"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/stats"

	"github.com/ashtapada/ashtapada/service/gateway"
)

// connGuard bounds what clients can hold through their connections to one port:
//
//   - at most max connections at once, and at most perPeer from one IP address (trusted proxies
//     aside); a connection beyond either is closed as soon as it is accepted, unless a connection
//     without calls has been idle for idleGrace, which is closed instead: idle connections cannot
//     lock a port;
//   - near the cap, connections without calls for idleGrace are closed;
//   - on the gRPC port, every answer must reach the client within writeTimeout of being queued: a
//     client that grants no flow-control window, or stops reading, would otherwise keep every
//     answer it asked for in the server's memory for as long as it keeps the connection;
//   - on the gRPC port, the frames each client sends are read as they pass: a connection that
//     resets its streams as fast as it opens them, or floods control frames, is ended with
//     GOAWAY (ENHANCE_YOUR_CALM), and its address is refused for abuseCooldown;
//   - what every connection holds counts against the server's peer memory budget (peerBudget).
//
// gRPC bounds none of these (its flow control waits for the client without a deadline), and
// golang.org/x/net/netutil.LimitListener caps the total only, by blocking Accept, so that one
// peer's flood stalls everyone else's connections; hence this listener.
type connGuard struct {
	net.Listener
	name         string // "grpc" or "http", for the logs and metrics
	max, perPeer int
	trusted      []netip.Prefix
	log          *zap.Logger
	budget       *peerBudget // nil: none
	h2           bool        // the port speaks gRPC: its frames are read
	idleGrace    time.Duration

	mu      sync.Mutex
	open    int
	peers   map[netip.Addr]int
	conns   map[net.Addr]*guardedConn // by remote address, which gRPC's stats handler is given
	penalty map[netip.Addr]time.Time  // addresses refused until then, for abuse
	// draining are the gRPC connections ended but not yet closed, or whose calls still run: what
	// they hold counts against the budget until they are gone.
	draining map[*guardedConn]struct{}

	refused      atomic.Uint64 // connections closed at once for a cap, the budget or abuse
	writeTimeout time.Duration // 0: answers are not watched
	timedOut     atomic.Uint64 // connections closed for answers not written in time
	abusive      atomic.Uint64 // connections ended for rapid reset or a control frame flood
	idleClosed   atomic.Uint64 // idle connections closed to make room
	abuseLog     rateLimited
	// plainErrors, on the HTTP port, turns net/http's own plain-text refusals into AIP-193
	// errors, counted by rejected (see rewritePlainError).
	plainErrors bool
	rejected    func(codes.Code, string)
}

// Defaults of the guard.
const (
	// DefaultIdleGrace is how long a connection without calls is kept when its port is near its
	// cap (seven eighths of it) or a new connection needs its place.
	DefaultIdleGrace = 2 * time.Second
	// abuseCooldown is how long an address whose connection was ended for abuse is refused.
	abuseCooldown = 10 * time.Second
	// endLinger is how long an ended connection is read and discarded after its GOAWAY, so that
	// the client reads the GOAWAY instead of a reset.
	endLinger = time.Second
	// maxPenalties bounds the addresses remembered for abuse.
	maxPenalties = 4096
)

func newConnGuard(lis net.Listener, name string, max, perPeer int, trusted []netip.Prefix, log *zap.Logger) *connGuard {
	return &connGuard{Listener: lis, name: name, max: max, perPeer: perPeer, trusted: trusted, log: log, idleGrace: DefaultIdleGrace,
		peers: map[netip.Addr]int{}, conns: map[net.Addr]*guardedConn{}, penalty: map[netip.Addr]time.Time{},
		draining: map[*guardedConn]struct{}{}}
}

// Accept returns the next connection within the caps, closing the others.
func (g *connGuard) Accept() (net.Conn, error) {
	for {
		c, err := g.Listener.Accept()
		if err != nil {
			return nil, err
		}
		ip := addrIP(c.RemoteAddr())
		now := time.Now()
		g.mu.Lock()
		why := g.refusal(ip, now)
		var evict *guardedConn
		if why == "connections" {
			if evict = g.longestIdle(now.Add(-g.idleGrace)); evict != nil {
				why = ""
			}
		}
		if why != "" {
			g.mu.Unlock()
			g.refused.Add(1) // before the close, so that whoever sees the close sees the count
			_ = c.Close()
			if ce := g.log.Check(zap.DebugLevel, "connection refused"); ce != nil {
				ce.Write(zap.String("server", g.name), zap.String("peer", ip.String()), zap.String("why", why))
			}
			continue
		}
		g.open++
		g.peers[ip]++
		gc := &guardedConn{Conn: c, guard: g, ip: ip}
		gc.lastActive.Store(now.UnixNano())
		if g.h2 {
			gc.ledger = newStreamLedger(now)
			gc.in.skip = clientPrefaceLen
			if g.budget != nil {
				gc.ledger.held = &g.budget.estimate
			}
		}
		g.conns[c.RemoteAddr()] = gc
		g.mu.Unlock()
		if evict != nil {
			g.idleClosed.Add(1)
			evict.end(0, "idle")
		}
		return gc, nil
	}
}

// refusal says why a connection from ip may not be accepted now, "" when it may; the caller
// holds g.mu.
func (g *connGuard) refusal(ip netip.Addr, now time.Time) string {
	trusted := ip.IsValid() && trustedIP(g.trusted, ip)
	switch {
	case !trusted && now.Before(g.penalty[ip]):
		return "abuse"
	case g.budget != nil && g.budget.over.Load() && g.peers[ip] > 0:
		// Past the budget, an address that already holds connections gets no more; a new one
		// still may, and is ended as soon as it holds a large share (see Read).
		return "memory"
	case g.perPeer > 0 && ip.IsValid() && !trusted && g.peers[ip] >= g.perPeer:
		return "peer"
	case g.open >= g.max:
		return "connections"
	}
	return ""
}

// longestIdle is the connection without calls that has been idle the longest, since before
// idleSince, or nil; the caller holds g.mu.
func (g *connGuard) longestIdle(idleSince time.Time) *guardedConn {
	var oldest *guardedConn
	for _, c := range g.conns {
		if c.ending.Load() || !c.idle(idleSince) {
			continue
		}
		if oldest == nil || c.lastActive.Load() < oldest.lastActive.Load() {
			oldest = c
		}
	}
	return oldest
}

// closeIdleNearCap closes, when the port holds seven eighths of its cap or more, the connections
// without calls for idleGrace.
func (g *connGuard) closeIdleNearCap(now time.Time) {
	var idle []*guardedConn
	g.mu.Lock()
	if g.open*8 >= g.max*7 {
		for _, c := range g.conns {
			if !c.ending.Load() && c.idle(now.Add(-g.idleGrace)) {
				idle = append(idle, c)
			}
		}
	}
	for ip, until := range g.penalty {
		if now.After(until) {
			delete(g.penalty, ip)
		}
	}
	g.mu.Unlock()
	for _, c := range idle {
		g.idleClosed.Add(1)
		c.end(0, "idle")
	}
}

// costs appends what each connection holds now.
func (g *connGuard) costs(out []heldConn, now time.Time) []heldConn {
	g.mu.Lock()
	defer g.mu.Unlock()
	for _, c := range g.conns {
		if !c.ending.Load() {
			out = append(out, heldConn{c, c.cost()})
		}
	}
	for c := range g.draining {
		switch n := c.calls.Load(); {
		case !c.shut.Load():
			// Its transport and unsent answers are still there; of its streams, only the calls
			// still running (the rest gRPC never read, or has answered).
			out = append(out, heldConn{c, grpcConnCost + n*grpcStreamCost + c.unsent.pending(c.written.Load())})
		case n > 0:
			out = append(out, heldConn{c, n * grpcStreamCost})
		default:
			delete(g.draining, c)
		}
	}
	return out
}

// penalize refuses ip's new connections for abuseCooldown, unless it is a trusted proxy's.
func (g *connGuard) penalize(ip netip.Addr) {
	if !ip.IsValid() || trustedIP(g.trusted, ip) {
		return
	}
	g.mu.Lock()
	if len(g.penalty) < maxPenalties {
		g.penalty[ip] = time.Now().Add(abuseCooldown)
	}
	g.mu.Unlock()
}

// abused ends c for abuse: it is counted, logged at most once a second, and its address is
// refused for abuseCooldown.
func (g *connGuard) abused(c *guardedConn, why string) {
	g.abusive.Add(1)
	g.penalize(c.ip)
	if more, ok := g.abuseLog.allow(time.Now()); ok {
		g.log.Warn("connection ended: abusive client", zap.String("server", g.name), zap.String("peer", c.RemoteAddr().String()),
			zap.String("why", why), zap.Uint64("more_since_last_line", more), zap.Duration("refused_for", abuseCooldown))
	}
}

// openConns is the number of connections open now.
func (g *connGuard) openConns() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.open
}

func (g *connGuard) release(c *guardedConn) {
	g.mu.Lock()
	g.open--
	if g.peers[c.ip]--; g.peers[c.ip] <= 0 {
		delete(g.peers, c.ip)
	}
	delete(g.conns, c.RemoteAddr())
	if c.ledger != nil && (!c.shut.Load() || c.calls.Load() > 0) {
		g.draining[c] = struct{}{}
	}
	g.mu.Unlock()
}

// watch closes, every tick until ctx ends, the connections that have held an answer unwritten
// for longer than writeTimeout.
func (g *connGuard) watch(ctx context.Context, tick time.Duration) {
	t := time.NewTicker(tick)
	defer t.Stop()
	var late []*guardedConn
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-t.C:
			late = late[:0]
			g.mu.Lock()
			for _, c := range g.conns {
				if c.unsent.late(c.written.Load(), now, g.writeTimeout) {
					late = append(late, c)
				}
			}
			g.mu.Unlock()
			for _, c := range late {
				g.timedOut.Add(1)
				g.log.Warn("connection closed: its client left answers unread",
					zap.String("server", g.name), zap.String("peer", c.RemoteAddr().String()),
					zap.Int64("unsent_bytes", c.unsent.pending(c.written.Load())), zap.Duration("write_timeout", g.writeTimeout))
				_ = c.Close()
			}
		}
	}
}

// stats returns the gRPC stats handler that tells the guard which answers each connection has
// queued.
func (g *connGuard) stats() stats.Handler { return answerStats{g} }

// connState follows the HTTP port's connections between requests: a connection that is not in
// a request is idle, and the bytes of the request it reads are what it holds.
func (g *connGuard) connState(nc net.Conn, st http.ConnState) {
	c, ok := nc.(*guardedConn)
	if !ok {
		return
	}
	switch st {
	case http.StateActive:
		c.busy.Store(true)
	case http.StateIdle:
		c.busy.Store(false)
		c.read.Store(0)
	}
	c.lastActive.Store(time.Now().UnixNano())
}

// guardedConn is an accepted connection: it counts the bytes of answers it has written and, on
// the gRPC port, follows the frames both ways.
type guardedConn struct {
	net.Conn
	guard  *connGuard
	ip     netip.Addr
	closed sync.Once

	ledger *streamLedger // the gRPC port's streams; nil on the HTTP port
	in     frameScanner  // touched by Read alone, which one goroutine calls at a time
	wmu    sync.Mutex    // Write's, so that a GOAWAY goes out between frames
	out    frameScanner

	written    atomic.Int64 // bytes of DATA frames' payloads written
	unsent     unsentAnswers
	calls      atomic.Int64 // gRPC: calls whose handlers have begun and not ended
	read       atomic.Int64 // HTTP: bytes read of the request in progress
	busy       atomic.Bool  // HTTP: a request is in progress
	lastActive atomic.Int64 // HTTP: UnixNano of the last change between requests
	ending     atomic.Bool
	shut       atomic.Bool // Close has closed the connection itself
	linger     atomic.Bool // HTTP: a request's body was refused while the client may still be sending it
}

func (c *guardedConn) Read(p []byte) (int, error) {
	n, err := c.Conn.Read(p)
	if c.ending.Load() {
		return 0, c.drain()
	}
	if n == 0 {
		return n, err
	}
	if c.ledger == nil {
		c.read.Add(int64(n))
		return n, err
	}
	now := time.Now()
	why := ""
	c.in.scan(p[:n], func(h frameHeader) {
		if why == "" {
			why = c.ledger.fromClient(h, now)
		}
	})
	if why != "" {
		c.guard.abused(c, why)
		c.end(errEnhanceYourCalm, why)
		return 0, c.drain()
	}
	// Past the budget, a connection holding a large share of it is ended before gRPC reads the
	// calls it has just sent: a burst of streams must not wait for the budget's next tick.
	if b := c.guard.budget; b != nil && b.estimate.Load() > b.limit && c.cost() > b.limit/16 {
		b.shed.Add(1)
		c.guard.penalize(c.ip)
		c.end(errEnhanceYourCalm, "memory")
		return 0, c.drain()
	}
	return n, err
}

func (c *guardedConn) Write(p []byte) (int, error) {
	if c.guard.plainErrors {
		if out, ok := c.guard.rewritePlainError(p, c.RemoteAddr()); ok {
			_, err := c.Conn.Write(out)
			return len(p), err
		}
	}
	if c.ledger == nil {
		return c.Conn.Write(p)
	}
	c.wmu.Lock()
	defer c.wmu.Unlock()
	if c.ending.Load() {
		return 0, net.ErrClosed
	}
	n, err := c.Conn.Write(p)
	now := time.Now()
	if d := c.out.scan(p[:n], func(h frameHeader) { c.ledger.fromServer(h, now) }); d > 0 {
		c.written.Add(int64(d))
	}
	return n, err
}

func (c *guardedConn) Close() error {
	if c.linger.CompareAndSwap(true, false) {
		go c.lingeringClose()
		return nil
	}
	err := c.Conn.Close()
	c.shut.Store(true)
	c.closed.Do(func() { c.guard.release(c) })
	return err
}

// httpConnKey is the context key of an HTTP request's *guardedConn (http.Server.ConnContext).
type httpConnKey struct{}

// bodyRefused marks the connection of a request whose body the gateway refused as too large: it
// closes lingering (see lingeringClose).
func bodyRefused(r *http.Request) {
	if c, ok := r.Context().Value(httpConnKey{}).(*guardedConn); ok {
		c.linger.Store(true)
	}
}

// Lingering close, as nginx's lingering_close: what a client still sends after its body was
// refused is read and discarded, for at most lingerTime and lingerBytes, before the connection
// closes, so that the client reads the 413 instead of a reset. The connection keeps its place
// under the caps meanwhile.
const (
	lingerTime  = 2 * time.Second
	lingerBytes = 64 << 20
)

func (c *guardedConn) lingeringClose() {
	if tc, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		_ = tc.CloseWrite()
	}
	_ = c.Conn.SetReadDeadline(time.Now().Add(lingerTime))
	_, _ = io.CopyN(io.Discard, c.Conn, lingerBytes)
	_ = c.Conn.Close()
	c.closed.Do(func() { c.guard.release(c) })
}

// idle reports whether the connection has had no call since before idleSince.
func (c *guardedConn) idle(idleSince time.Time) bool {
	if c.ledger != nil {
		_, idle := c.ledger.streams(idleSince)
		return idle
	}
	return !c.busy.Load() && c.lastActive.Load() < idleSince.UnixNano()
}

// holding reports whether the connection holds more than its own buffers: a call, an answer or a
// request in progress.
func (c *guardedConn) holding() bool {
	if c.ledger == nil {
		return c.busy.Load()
	}
	streams, _ := c.ledger.streams(time.Time{})
	return streams > 0 || c.calls.Load() > 0 || c.unsent.pending(c.written.Load()) > 0
}

// cost is what the connection holds in the server's memory now.
func (c *guardedConn) cost() int64 {
	if c.ledger == nil {
		return httpConnCost + c.read.Load()
	}
	streams, _ := c.ledger.streams(time.Time{})
	return grpcConnCost + max(int64(streams), c.calls.Load())*grpcStreamCost + c.unsent.pending(c.written.Load())
}

// end closes the connection: on the gRPC port with a GOAWAY of code, saying why, sent between
// two frames when the writer is not stuck, then read and discarded for endLinger so that the
// client reads the GOAWAY; elsewhere at once.
func (c *guardedConn) end(code uint32, why string) {
	if !c.ending.CompareAndSwap(false, true) {
		return
	}
	// Its place is free at once: a connection that is only being closed must not keep out a new
	// one.
	c.closed.Do(func() { c.guard.release(c) })
	if c.ledger == nil {
		_ = c.Close()
		return
	}
	if c.wmu.TryLock() {
		if c.out.atBoundary() {
			c.ledger.mu.Lock()
			last := c.ledger.lastClient
			c.ledger.mu.Unlock()
			_ = c.Conn.SetWriteDeadline(time.Now().Add(100 * time.Millisecond))
			_, _ = c.Conn.Write(goAway(last, code, why))
		}
		c.wmu.Unlock()
	}
	if tc, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		_ = tc.CloseWrite()
	}
	// The reader, blocked or not, sees the deadline and ends the connection through drain.
	_ = c.Conn.SetReadDeadline(time.Now().Add(endLinger))
	time.AfterFunc(endLinger+100*time.Millisecond, func() { _ = c.Close() })
}

// drain reads and discards what the client still sends until the linger's deadline, and returns
// the error that ends the connection for gRPC.
func (c *guardedConn) drain() error {
	buf := make([]byte, 4096)
	for {
		if _, err := c.Conn.Read(buf); err != nil {
			return io.EOF
		}
	}
}

// rateLimited lets one log line through a second, and counts the others.
type rateLimited struct {
	mu      sync.Mutex
	last    time.Time
	dropped uint64
}

// allow reports whether a line may be written now, and how many were dropped since the last.
func (r *rateLimited) allow(now time.Time) (uint64, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if now.Sub(r.last) < time.Second {
		r.dropped++
		return 0, false
	}
	more := r.dropped
	r.last, r.dropped = now, 0
	return more, true
}

// rewritePlainError returns, for p when it is a refusal net/http wrote itself, the same refusal
// in the API's AIP-193 JSON form (see gateway.RewriteRefusal), and logs and counts it.
func (g *connGuard) rewritePlainError(p []byte, peer net.Addr) ([]byte, bool) {
	out, r, ok := gateway.RewriteRefusal(p)
	if !ok {
		return nil, false
	}
	if g.rejected != nil {
		g.rejected(r.Code, r.Reason)
	}
	if ce := g.log.Check(zap.InfoLevel, "call"); ce != nil {
		ce.Write(zap.String("transport", "http"), zap.Int("http_status", r.HTTPStatus), zap.String("code", r.Code.String()),
			zap.String("peer", addrIP(peer).String()), zap.String("error", r.Message))
	}
	return out, true
}

// unsentAnswers remembers when each answer's bytes were queued, by their running total, so that
// the bytes written so far tell which answers are still waiting and since when.
type unsentAnswers struct {
	mu     sync.Mutex
	queued int64        // bytes of answers queued since the connection opened
	marks  []answerMark // in order; the first few may already be written
	start  int          // marks before it are written and dropped
}

// answerMark says that by at, queued had reached end. Answers queued within markSpan of the last
// mark extend it, so that the marks stay few whatever the rate of calls.
type answerMark struct {
	end int64
	at  time.Time
}

const markSpan = 100 * time.Millisecond

func (u *unsentAnswers) add(n int, now time.Time) {
	u.mu.Lock()
	u.queued += int64(n)
	if k := len(u.marks); k > u.start && now.Sub(u.marks[k-1].at) < markSpan {
		u.marks[k-1].end = u.queued
	} else {
		u.marks = append(u.marks, answerMark{end: u.queued, at: now})
	}
	u.mu.Unlock()
}

// late drops the marks of the answers written (their end within written) and reports whether
// the oldest answer still unwritten was queued longer than limit before now.
func (u *unsentAnswers) late(written int64, now time.Time, limit time.Duration) bool {
	u.mu.Lock()
	defer u.mu.Unlock()
	for u.start < len(u.marks) && u.marks[u.start].end <= written {
		u.start++
	}
	if u.start == len(u.marks) {
		u.marks, u.start = u.marks[:0], 0
		return false
	}
	if u.start > len(u.marks)/2 {
		u.marks = append(u.marks[:0], u.marks[u.start:]...)
		u.start = 0
	}
	return now.Sub(u.marks[u.start].at) > limit
}

// pending is the bytes of answers not written yet.
func (u *unsentAnswers) pending(written int64) int64 {
	u.mu.Lock()
	defer u.mu.Unlock()
	return max(0, u.queued-written)
}

// answerStats is the gRPC stats handler of a guarded port: it records every answer queued on a
// guarded connection. It does nothing on connections of other listeners (the gateway's).
type answerStats struct{ g *connGuard }

type guardedConnKey struct{}

func (h answerStats) TagConn(ctx context.Context, info *stats.ConnTagInfo) context.Context {
	h.g.mu.Lock()
	c := h.g.conns[info.RemoteAddr]
	h.g.mu.Unlock()
	if c == nil {
		return ctx
	}
	return context.WithValue(ctx, guardedConnKey{}, c)
}

func (answerStats) HandleConn(context.Context, stats.ConnStats) {}

func (answerStats) TagRPC(ctx context.Context, _ *stats.RPCTagInfo) context.Context { return ctx }

func (answerStats) HandleRPC(ctx context.Context, s stats.RPCStats) {
	c, ok := ctx.Value(guardedConnKey{}).(*guardedConn)
	if !ok {
		return
	}
	switch s := s.(type) {
	case *stats.OutPayload:
		c.unsent.add(s.WireLength, s.SentTime)
	case *stats.Begin:
		c.calls.Add(1)
	case *stats.End:
		c.calls.Add(-1)
	}
}

// addrIP is the IP address of a connection's remote address, or the zero Addr.
func addrIP(a net.Addr) netip.Addr {
	if t, ok := a.(*net.TCPAddr); ok {
		ip, _ := netip.AddrFromSlice(t.IP)
		return ip.Unmap()
	}
	ap, err := netip.ParseAddrPort(a.String())
	if err != nil {
		return netip.Addr{}
	}
	return ap.Addr().Unmap()
}

// trustedIP reports whether ip belongs to a trusted proxy.
func trustedIP(trusted []netip.Prefix, ip netip.Addr) bool {
	for _, p := range trusted {
		if p.Contains(ip) {
			return true
		}
	}
	return false
}
