package service

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"go.uber.org/zap/zaptest/observer"
	"golang.org/x/net/http2"
	"golang.org/x/net/http2/hpack"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/protobuf/proto"

	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
)

// Attacks on the transport from several loopback addresses, as cmd/hostile makes them at full
// size against a real process: each test checks that the server ends the attack and keeps
// answering a client on another address.

// attacker is an HTTP/2 connection from a chosen loopback address, written with the framer alone.
type attacker struct {
	conn   net.Conn
	mu     sync.Mutex
	bw     *bufio.Writer
	fr     *http2.Framer
	enc    *hpack.Encoder
	hbuf   bytes.Buffer
	next   uint32
	goaway atomic.Int64 // 1 + the GOAWAY's error code, 0 before one
	resets atomic.Int64 // RST_STREAM frames received
	ended  atomic.Int64 // streams ended by trailers
	closed chan struct{}
}

func dialAttacker(t testing.TB, local, addr string, window uint32) *attacker {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(local)}}
	c, err := d.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	a := &attacker{conn: c, next: 1, closed: make(chan struct{})}
	a.bw = bufio.NewWriterSize(c, 32<<10)
	a.fr = http2.NewFramer(a.bw, c)
	a.fr.ReadMetaHeaders = hpack.NewDecoder(4096, nil)
	a.enc = hpack.NewEncoder(&a.hbuf)
	a.locked(func() {
		_, _ = io.WriteString(a.bw, http2.ClientPreface)
		_ = a.fr.WriteSettings(http2.Setting{ID: http2.SettingInitialWindowSize, Val: window})
	})
	go a.read()
	return a
}

func (a *attacker) read() {
	defer close(a.closed)
	for {
		f, err := a.fr.ReadFrame()
		if err != nil {
			return
		}
		switch f := f.(type) {
		case *http2.SettingsFrame:
			if !f.IsAck() {
				a.locked(func() { _ = a.fr.WriteSettingsAck() })
			}
		case *http2.PingFrame:
			if !f.IsAck() {
				a.locked(func() { _ = a.fr.WritePing(true, f.Data) })
			}
		case *http2.GoAwayFrame:
			a.goaway.Store(1 + int64(f.ErrCode))
		case *http2.RSTStreamFrame:
			a.resets.Add(1)
		case *http2.MetaHeadersFrame:
			if f.StreamEnded() {
				a.ended.Add(1)
			}
		}
	}
}

// locked runs f with the writer, and flushes what it wrote.
func (a *attacker) locked(f func()) {
	a.mu.Lock()
	defer a.mu.Unlock()
	f()
	_ = a.bw.Flush()
}

// open writes a call's headers, in CONTINUATION frames past 16 KB, and its request; the caller
// holds a.mu.
func (a *attacker) open(method string, msg []byte, extra ...hpack.HeaderField) (uint32, error) {
	id := a.next
	a.next += 2
	a.hbuf.Reset()
	for _, f := range [][2]string{{":method", "POST"}, {":scheme", "http"}, {":path", method}, {":authority", "ashtapada"},
		{"content-type", "application/grpc"}, {"te", "trailers"}} {
		_ = a.enc.WriteField(hpack.HeaderField{Name: f[0], Value: f[1]})
	}
	for _, f := range extra {
		_ = a.enc.WriteField(f)
	}
	block := a.hbuf.Bytes()
	first := min(len(block), 16<<10)
	if err := a.fr.WriteHeaders(http2.HeadersFrameParam{StreamID: id, BlockFragment: block[:first], EndHeaders: first == len(block)}); err != nil {
		return id, err
	}
	for block = block[first:]; len(block) > 0; {
		n := min(len(block), 16<<10)
		if err := a.fr.WriteContinuation(id, n == len(block), block[:n]); err != nil {
			return id, err
		}
		block = block[n:]
	}
	frame := make([]byte, 5+len(msg))
	binary.BigEndian.PutUint32(frame[1:], uint32(len(msg)))
	copy(frame[5:], msg)
	return id, a.fr.WriteData(id, true, frame)
}

func (a *attacker) waitClosed(limit time.Duration) bool {
	select {
	case <-a.closed:
		return true
	case <-time.After(limit):
		return false
	}
}

// clientFrom is a RulesService client whose connections come from the loopback address local.
func clientFrom(t testing.TB, local, addr string) pb.RulesServiceClient {
	return pb.NewRulesServiceClient(dialFrom(t, local, addr))
}

// dialFrom is a gRPC connection from the loopback address local.
func dialFrom(t testing.TB, local, addr string) *grpc.ClientConn {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(local)}}
	cc, err := grpc.NewClient("passthrough:///"+addr, grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithContextDialer(func(ctx context.Context, a string) (net.Conn, error) { return d.DialContext(ctx, "tcp", a) }))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cc.Close() })
	return cc
}

func mustMarshal(t testing.TB, m proto.Message) []byte {
	b, err := proto.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// The gRPC port takes request headers up to the HTTP port's limit, and no more.
func TestGRPCHeaderListCapped(t *testing.T) {
	s := startConfigured(t, Config{})
	list := mustMarshal(t, &pb.ListVariantsRequest{})
	for _, c := range []struct {
		size int
		ok   bool
	}{{32 << 10, true}, {1 << 20, false}} {
		a := dialAttacker(t, "127.0.0.2", s.grpcAddr, 1<<20)
		a.locked(func() {
			// The server may close the connection before the client has written it all.
			if _, err := a.open(rulesMethod+"ListVariants", list, hpack.HeaderField{Name: "x-big", Value: strings.Repeat("a", c.size)}); err != nil && c.ok {
				t.Fatal(err)
			}
		})
		deadline := time.Now().Add(5 * time.Second)
		for a.ended.Load() == 0 && a.resets.Load() == 0 && time.Now().Before(deadline) {
			select {
			case <-a.closed:
				deadline = time.Now()
			case <-time.After(10 * time.Millisecond):
			}
		}
		if answered := a.ended.Load() == 1; answered != c.ok {
			t.Errorf("a %d KB header: answered %v (reset %d, connection closed %v), want %v", c.size>>10, answered, a.resets.Load(), a.waitClosed(0), c.ok)
		}
	}
	if _, err := clientFrom(t, "127.0.0.3", s.grpcAddr).ListVariants(context.Background(), &pb.ListVariantsRequest{}); err != nil {
		t.Errorf("after the header attack: %v", err)
	}
}

// A connection that resets its streams as fast as it opens them is ended with GOAWAY
// ENHANCE_YOUR_CALM, its address is refused for a while, the calls it cancelled are not a log
// line each, and a client on another address is answered throughout.
func TestRapidResetEnded(t *testing.T) {
	core, logs := observer.New(zapcore.InfoLevel)
	s := startConfigured(t, Config{Log: zap.New(core)})
	msg := mustMarshal(t, &pb.ListVariantsRequest{})
	a := dialAttacker(t, "127.0.0.2", s.grpcAddr, 65535)
	sent := 0
	for sent < 50_000 && !a.waitClosed(0) {
		a.mu.Lock()
		id, err := a.open(rulesMethod+"ListVariants", msg)
		if err == nil {
			err = a.fr.WriteRSTStream(id, http2.ErrCodeCancel)
		}
		if sent%32 == 31 {
			_ = a.bw.Flush()
		}
		a.mu.Unlock()
		if err != nil {
			break
		}
		sent++
	}
	a.locked(func() {})
	if !a.waitClosed(5 * time.Second) {
		t.Fatalf("the connection was still open after %d streams opened and reset", sent)
	}
	if a.goaway.Load()-1 != int64(http2.ErrCodeEnhanceYourCalm) {
		t.Errorf("GOAWAY %d, want ENHANCE_YOUR_CALM", a.goaway.Load()-1)
	}
	// What the server ran of them (the client's own count includes what its buffers and the
	// socket's held when the server ended the connection).
	ran := 0.0
	for _, m := range scrape(t, s.httpURL)["grpc_server_started_total"].GetMetric() {
		for _, l := range m.GetLabel() {
			if l.GetName() == "grpc_method" && l.GetValue() == "ListVariants" {
				ran += m.GetCounter().GetValue()
			}
		}
	}
	t.Logf("ended after %d streams sent, %.0f calls started", sent, ran)
	if ran > 10*resetMinStreams {
		t.Errorf("%.0f calls started before the end, want at most a few times %d", ran, resetMinStreams)
	}
	if got := scrape(t, s.httpURL)["ashtapada_connections_abusive_total"].value(t, map[string]string{"server": "grpc"}); got != 1 {
		t.Errorf("ashtapada_connections_abusive_total{server=grpc} = %v, want 1", got)
	}
	// The address is refused for now; another is served.
	again := dialAttacker(t, "127.0.0.2", s.grpcAddr, 65535)
	if !again.waitClosed(2 * time.Second) {
		t.Error("the attacking address's next connection was accepted")
	}
	if _, err := clientFrom(t, "127.0.0.3", s.grpcAddr).ListVariants(context.Background(), &pb.ListVariantsRequest{}); err != nil {
		t.Errorf("another address after the attack: %v", err)
	}
	calls := logs.FilterMessage("call").FilterField(zap.String("method", rulesMethod+"ListVariants")).Len()
	if calls > sent/2 {
		t.Errorf("%d call lines for %d streams opened and reset: the log amplifies the attack", calls, sent)
	}
	t.Logf("%d call lines, %d lines of calls cancelled before they ran", calls, logs.FilterMessage("calls cancelled before they ran").Len())
}

// Floods of SETTINGS, WINDOW_UPDATE and empty DATA frames end the connection.
func TestControlFloodEnded(t *testing.T) {
	for _, kind := range []string{"settings", "window_update", "empty_data", "ping"} {
		t.Run(kind, func(t *testing.T) {
			s := startConfigured(t, Config{})
			a := dialAttacker(t, "127.0.0.2", s.grpcAddr, 65535)
			var id uint32
			// A stream whose request never comes: its empty DATA frames are legal, and useless.
			a.locked(func() {
				id = a.next
				a.next += 2
				a.hbuf.Reset()
				for _, f := range [][2]string{{":method", "POST"}, {":scheme", "http"}, {":path", rulesMethod + "ListVariants"},
					{":authority", "ashtapada"}, {"content-type", "application/grpc"}, {"te", "trailers"}} {
					_ = a.enc.WriteField(hpack.HeaderField{Name: f[0], Value: f[1]})
				}
				_ = a.fr.WriteHeaders(http2.HeadersFrameParam{StreamID: id, BlockFragment: a.hbuf.Bytes(), EndHeaders: true})
			})
			sent := 0
			for sent < 200_000 && !a.waitClosed(0) {
				a.mu.Lock()
				var err error
				switch kind {
				case "settings":
					err = a.fr.WriteSettings()
				case "window_update":
					err = a.fr.WriteWindowUpdate(0, 1)
				case "empty_data":
					err = a.fr.WriteData(id, false, nil)
				case "ping":
					err = a.fr.WritePing(false, [8]byte{byte(sent)})
				}
				if sent%64 == 63 {
					_ = a.bw.Flush()
				}
				a.mu.Unlock()
				if err != nil {
					break
				}
				sent++
			}
			a.locked(func() {})
			if !a.waitClosed(5 * time.Second) {
				t.Fatalf("still open after %d frames", sent)
			}
			if code := a.goaway.Load() - 1; code != int64(http2.ErrCodeEnhanceYourCalm) {
				t.Errorf("GOAWAY %d, want ENHANCE_YOUR_CALM", code)
			}
			t.Logf("ended after %d frames, GOAWAY %d", sent, a.goaway.Load()-1)
			// The count includes the frames still in the client's buffers and the socket's.
			if sent > 50*controlBurst {
				t.Errorf("%d frames before the end, want about %d", sent, controlBurst)
			}
		})
	}
}

// Idle connections cannot lock a port: with both ports' caps filled by connections that only
// sent their preface, a third address is served, and the probes on the admin address answer.
func TestIdleConnectionsCannotLockOut(t *testing.T) {
	admin, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := startConfigured(t, Config{AdminListener: admin, Conn: ConnLimits{MaxConnections: 16, IdleGrace: 300 * time.Millisecond}})
	var idle []*attacker
	for i := range 16 {
		idle = append(idle, dialAttacker(t, fmt.Sprintf("127.0.0.%d", 2+i%2), s.grpcAddr, 65535))
	}
	time.Sleep(500 * time.Millisecond) // past the grace
	for i := range 5 {
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		_, err := clientFrom(t, "127.0.0.4", s.grpcAddr).ListVariants(ctx, &pb.ListVariantsRequest{})
		cancel()
		if err != nil {
			t.Errorf("call %d from a third address: %v", i, err)
		}
	}
	closed := 0
	for _, a := range idle {
		if a.waitClosed(2 * time.Second) {
			closed++
		}
	}
	if closed == 0 {
		t.Error("no idle connection was closed")
	}
	for _, path := range []string{"/healthz", "/readyz"} {
		res, err := http.Get("http://" + admin.Addr().String() + path)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusOK {
			t.Errorf("admin %s: %d", path, res.StatusCode)
		}
	}
	if got := scrape(t, s.httpURL)["ashtapada_connections_idle_closed_total"].value(t, map[string]string{"server": "grpc"}); got < 1 {
		t.Errorf("ashtapada_connections_idle_closed_total{server=grpc} = %v", got)
	}
}

// Past the peer memory budget, the connections holding the most are closed first, new
// connections from their addresses are refused, and a client on another address is served.
func TestPeerMemoryBudgetSheds(t *testing.T) {
	const budget = 8 << 20
	s := startConfigured(t, Config{Conn: ConnLimits{PeerMemory: budget, GRPCWriteTimeout: time.Minute}})
	msg := mustMarshal(t, &pb.GetVariantRequest{Name: "coaster_chess"})
	legit := clientFrom(t, "127.0.0.5", s.grpcAddr)
	if _, err := legit.ListVariants(context.Background(), &pb.ListVariantsRequest{}); err != nil {
		t.Fatal(err)
	}
	before := heapInUse()
	var attackers []*attacker
	for i := range 16 {
		a := dialAttacker(t, fmt.Sprintf("127.0.0.%d", 1+i%4), s.grpcAddr, 0)
		a.locked(func() {
			for range 100 {
				if _, err := a.open(rulesMethod+"GetVariant", msg); err != nil {
					return
				}
			}
		})
		attackers = append(attackers, a)
	}
	time.Sleep(time.Second)
	held := scrape(t, s.httpURL)["ashtapada_peer_memory_held_bytes"].value(t, nil)
	during := heapInUse()
	closed := 0
	for _, a := range attackers {
		if a.waitClosed(2 * time.Second) {
			closed++
		}
	}
	t.Logf("heap in use %d MB before, %d MB during; held %.1f MB of %d MB; %d of %d attacking connections closed",
		before>>20, during>>20, held/(1<<20), budget>>20, closed, len(attackers))
	if closed == 0 || held > budget {
		t.Errorf("%d attacking connections closed, %.1f MB held: the budget of %d MB was not kept", closed, held/(1<<20), budget>>20)
	}
	if got := scrape(t, s.httpURL)["ashtapada_peer_memory_shed_total"].value(t, nil); got < 1 {
		t.Errorf("ashtapada_peer_memory_shed_total = %v", got)
	}
	if grown := int64(during) - int64(before); grown > 4*budget {
		t.Errorf("heap grew by %d MB under a budget of %d MB", grown>>20, budget>>20)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if _, err := legit.GetVariant(ctx, &pb.GetVariantRequest{Name: "coaster_chess"}); err != nil {
		t.Errorf("the client on another address: %v", err)
	}
}

// A client still sending a body larger than the server takes, without waiting for 100
// Continue, finishes sending it and reads the 413, instead of a reset.
func TestOversizedBodyReads413(t *testing.T) {
	s := startConfigured(t, Config{MaxBodyBytes: 1 << 20})
	for i := range 3 {
		c, err := net.Dial("tcp", s.httpAddr)
		if err != nil {
			t.Fatal(err)
		}
		const size = 16 << 20
		_, _ = fmt.Fprintf(c, "POST /v1/moves:list HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n", size)
		// As most clients do: the whole body first, the answer after.
		chunk := bytes.Repeat([]byte(" "), 64<<10)
		_ = c.SetWriteDeadline(time.Now().Add(10 * time.Second))
		var werr error
		for sent := 0; sent < size && werr == nil; sent += len(chunk) {
			_, werr = c.Write(chunk)
		}
		// Most clients give up at a failed write: it must not fail.
		if werr != nil {
			t.Errorf("try %d: writing the body: %v", i, werr)
		}
		_ = c.SetReadDeadline(time.Now().Add(10 * time.Second))
		line, err := bufio.NewReader(c).ReadString('\n')
		c.Close()
		if err != nil || !strings.HasPrefix(line, "HTTP/1.1 413 ") {
			t.Errorf("try %d: %q, %v; want the 413", i, line, err)
		}
	}
}

// /metrics is on the admin address by default, not on the public port.
func TestMetricsOnAdminByDefault(t *testing.T) {
	grpcLis, _ := net.Listen("tcp", "127.0.0.1:0")
	httpLis, _ := net.Listen("tcp", "127.0.0.1:0")
	admin, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Serve(ctx, grpcLis, httpLis, Config{AdminListener: admin}) }()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Error(err)
		}
	}()
	status := func(url string) int {
		for range 100 {
			res, err := http.Get(url)
			if err == nil {
				res.Body.Close()
				return res.StatusCode
			}
			time.Sleep(20 * time.Millisecond)
		}
		return 0
	}
	if got := status("http://" + httpLis.Addr().String() + "/metrics"); got != http.StatusNotFound {
		t.Errorf("public /metrics: %d, want 404", got)
	}
	if got := status("http://" + admin.Addr().String() + "/metrics"); got != http.StatusOK {
		t.Errorf("admin /metrics: %d, want 200", got)
	}
}
