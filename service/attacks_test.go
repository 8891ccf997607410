package service

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"net"
	"net/http"
	"strings"
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
	"github.com/ashtapada/ashtapada/internal/rawh2"
)

// Attacks on the transport from several loopback addresses, as cmd/hostile makes them at full
// size against a real process: each test checks that the server ends the attack and keeps
// answering a client on another address.

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
		a := dialRaw(t, "127.0.0.2", s.grpcAddr, 1<<20)
		// The server may close the connection before the client has written it all.
		if _, err := a.Call(rulesMethod+"ListVariants", list, hpack.HeaderField{Name: "x-big", Value: strings.Repeat("a", c.size)}); err != nil && c.ok {
			t.Fatal(err)
		}
		_ = a.Flush()
		a.Await(5*time.Second, func(s rawh2.Stats) bool { return s.Ended > 0 || s.Resets > 0 })
		if st := a.Stats(); (st.Ended == 1) != c.ok {
			t.Errorf("a %d KB header: answered %v (reset %d, connection closed %v), want %v", c.size>>10, st.Ended == 1, st.Resets, a.IsClosed(), c.ok)
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
	a := dialRaw(t, "127.0.0.2", s.grpcAddr, 65535)
	sent := 0
	// WaitClosed(0), not IsClosed: its timer lets the server, in this process, read as fast as
	// the attacker writes, so that sent counts little more than what the server saw.
	for sent < 50_000 && !a.WaitClosed(0) {
		id, err := a.Call(rulesMethod+"ListVariants", msg)
		if err == nil {
			err = a.WriteRSTStream(id, http2.ErrCodeCancel)
		}
		if sent%32 == 31 {
			_ = a.Flush()
		}
		if err != nil {
			break
		}
		sent++
	}
	_ = a.Flush()
	if !a.WaitClosed(5 * time.Second) {
		t.Fatalf("the connection was still open after %d streams opened and reset", sent)
	}
	if st := a.Stats(); !st.GoAway || st.GoAwayCode != http2.ErrCodeEnhanceYourCalm {
		t.Errorf("GOAWAY %v (received %v), want ENHANCE_YOUR_CALM", st.GoAwayCode, st.GoAway)
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
	again := dialRaw(t, "127.0.0.2", s.grpcAddr, 65535)
	if !again.WaitClosed(2 * time.Second) {
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
			a := dialRaw(t, "127.0.0.2", s.grpcAddr, 65535)
			// A stream whose request never comes: its empty DATA frames are legal, and useless.
			id, _ := a.OpenStream(rulesMethod + "ListVariants")
			_ = a.Flush()
			sent := 0
			for sent < 200_000 && !a.WaitClosed(0) { // WaitClosed(0): see TestRapidResetEnded
				var err error
				switch kind {
				case "settings":
					err = a.WriteSettings()
				case "window_update":
					err = a.WriteWindowUpdate(0, 1)
				case "empty_data":
					err = a.WriteData(id, false, nil)
				case "ping":
					err = a.WritePing([8]byte{byte(sent)})
				}
				if sent%64 == 63 {
					_ = a.Flush()
				}
				if err != nil {
					break
				}
				sent++
			}
			_ = a.Flush()
			if !a.WaitClosed(5 * time.Second) {
				t.Fatalf("still open after %d frames", sent)
			}
			st := a.Stats()
			if !st.GoAway || st.GoAwayCode != http2.ErrCodeEnhanceYourCalm {
				t.Errorf("GOAWAY %v (received %v), want ENHANCE_YOUR_CALM", st.GoAwayCode, st.GoAway)
			}
			t.Logf("ended after %d frames, GOAWAY %v", sent, st.GoAwayCode)
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
	var idle []*rawh2.Conn
	for i := range 16 {
		idle = append(idle, dialRaw(t, fmt.Sprintf("127.0.0.%d", 2+i%2), s.grpcAddr, 65535))
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
		if a.WaitClosed(2 * time.Second) {
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
	var attackers []*rawh2.Conn
	for i := range 16 {
		a := dialRaw(t, fmt.Sprintf("127.0.0.%d", 1+i%4), s.grpcAddr, 0)
		for range 100 {
			if _, err := a.Call(rulesMethod+"GetVariant", msg); err != nil {
				break
			}
		}
		_ = a.Flush()
		attackers = append(attackers, a)
	}
	time.Sleep(time.Second)
	held := scrape(t, s.httpURL)["ashtapada_peer_memory_held_bytes"].value(t, nil)
	during := heapInUse()
	closed := 0
	for _, a := range attackers {
		if a.WaitClosed(2 * time.Second) {
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
