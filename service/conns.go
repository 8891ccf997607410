package service

import (
	"context"
	"net"
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
//     aside); a connection beyond either is closed as soon as it is accepted;
//   - on the gRPC port, every answer must reach the client within writeTimeout of being queued: a
//     client that grants no flow-control window, or stops reading, would otherwise keep every
//     answer it asked for in the server's memory for as long as it keeps the connection.
//
// gRPC bounds neither (its flow control waits for the client without a deadline), and
// golang.org/x/net/netutil.LimitListener caps the total only, by blocking Accept, so that one
// peer's flood stalls everyone else's connections; hence this listener.
type connGuard struct {
	net.Listener
	name         string // "grpc" or "http", for the logs and metrics
	max, perPeer int
	trusted      []netip.Prefix
	log          *zap.Logger

	mu    sync.Mutex
	open  int
	peers map[netip.Addr]int
	conns map[net.Addr]*guardedConn // by remote address, which gRPC's stats handler is given

	refused      atomic.Uint64 // connections closed at once for a cap
	writeTimeout time.Duration // 0: answers are not watched
	timedOut     atomic.Uint64 // connections closed for answers not written in time
	// plainErrors, on the HTTP port, turns net/http's own plain-text refusals into AIP-193
	// errors, counted by rejected (see rewritePlainError).
	plainErrors bool
	rejected    func(codes.Code, string)
}

func newConnGuard(lis net.Listener, name string, max, perPeer int, trusted []netip.Prefix, log *zap.Logger) *connGuard {
	return &connGuard{Listener: lis, name: name, max: max, perPeer: perPeer, trusted: trusted, log: log,
		peers: map[netip.Addr]int{}, conns: map[net.Addr]*guardedConn{}}
}

// Accept returns the next connection within the caps, closing the others.
func (g *connGuard) Accept() (net.Conn, error) {
	for {
		c, err := g.Listener.Accept()
		if err != nil {
			return nil, err
		}
		ip := addrIP(c.RemoteAddr())
		g.mu.Lock()
		over := g.open >= g.max
		if !over && g.perPeer > 0 && ip.IsValid() && !trustedIP(g.trusted, ip) {
			over = g.peers[ip] >= g.perPeer
		}
		if over {
			g.mu.Unlock()
			g.refused.Add(1) // before the close, so that whoever sees the close sees the count
			_ = c.Close()
			if ce := g.log.Check(zap.DebugLevel, "connection refused"); ce != nil {
				ce.Write(zap.String("server", g.name), zap.String("peer", ip.String()))
			}
			continue
		}
		g.open++
		g.peers[ip]++
		gc := &guardedConn{Conn: c, guard: g, ip: ip}
		g.conns[c.RemoteAddr()] = gc
		g.mu.Unlock()
		return gc, nil
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

// guardedConn is an accepted connection: it counts the bytes of answers it has written.
type guardedConn struct {
	net.Conn
	guard  *connGuard
	ip     netip.Addr
	closed sync.Once

	frames  frameCounter // touched by Write alone, which gRPC calls from one goroutine at a time
	written atomic.Int64 // bytes of DATA frames' payloads written
	unsent  unsentAnswers
}

func (c *guardedConn) Write(p []byte) (int, error) {
	if c.guard.plainErrors {
		if out, ok := c.guard.rewritePlainError(p, c.RemoteAddr()); ok {
			_, err := c.Conn.Write(out)
			return len(p), err
		}
	}
	n, err := c.Conn.Write(p)
	if c.guard.writeTimeout > 0 {
		if d := c.frames.data(p[:n]); d > 0 {
			c.written.Add(int64(d))
		}
	}
	return n, err
}

func (c *guardedConn) Close() error {
	err := c.Conn.Close()
	c.closed.Do(func() { c.guard.release(c) })
	return err
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

// frameCounter reads the HTTP/2 frames a server writes, to count the bytes of DATA payloads: the
// answers' bytes that have left, as opposed to headers, settings and pings, which flow control
// does not hold back.
type frameCounter struct {
	header [9]byte
	have   int    // bytes of the current frame's header seen
	left   uint32 // bytes of the current frame's payload still to come
	isData bool
}

// data returns how many bytes of p are DATA payload.
func (f *frameCounter) data(p []byte) int {
	n := 0
	for len(p) > 0 {
		if f.have < len(f.header) {
			k := copy(f.header[f.have:], p)
			f.have += k
			p = p[k:]
			if f.have < len(f.header) {
				break
			}
			f.left = uint32(f.header[0])<<16 | uint32(f.header[1])<<8 | uint32(f.header[2])
			f.isData = f.header[3] == 0 // DATA
			if f.left == 0 {
				f.have = 0
			}
			continue
		}
		k := min(uint32(len(p)), f.left)
		if f.isData {
			n += int(k)
		}
		f.left -= k
		p = p[k:]
		if f.left == 0 {
			f.have = 0
		}
	}
	return n
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
	out, ok := s.(*stats.OutPayload)
	if !ok {
		return
	}
	if c, ok := ctx.Value(guardedConnKey{}).(*guardedConn); ok {
		c.unsent.add(out.WireLength, out.SentTime)
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
