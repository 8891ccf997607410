package service

import (
	"bufio"
	"bytes"
	"context"
	"errors"
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
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/metadata"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/durationpb"

	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
)

// configuredServer is a server started with a Config, which a test may shut down itself.
type configuredServer struct {
	*testServer
	grpcAddr, httpAddr string
	shutdown           context.CancelFunc
	done               chan error
}

// startConfigured starts Serve with cfg on loopback ports; cfg.Log defaults to the test's logger.
func startConfigured(t testing.TB, cfg Config) *configuredServer {
	t.Helper()
	grpcLis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	httpLis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Log == nil {
		cfg.Log = testLogger(t)
	}
	// The tests read the metrics where they call; TestMetricsOnAdminByDefault checks the default.
	cfg.PublicMetrics = true
	ctx, cancel := context.WithCancel(context.Background())
	s := &configuredServer{grpcAddr: grpcLis.Addr().String(), httpAddr: httpLis.Addr().String(), shutdown: cancel, done: make(chan error, 1)}
	go func() { s.done <- Serve(ctx, grpcLis, httpLis, cfg) }()
	conn, err := grpc.NewClient(s.grpcAddr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	s.testServer = &testServer{rules: pb.NewRulesServiceClient(conn), analysis: pb.NewAnalysisServiceClient(conn),
		health: healthpb.NewHealthClient(conn), conn: conn, httpURL: "http://" + s.httpAddr}
	t.Cleanup(func() {
		conn.Close()
		cancel()
		if err := <-s.done; err != nil {
			t.Errorf("Serve: %v", err)
		}
		s.done <- nil
	})
	return s
}

// closedWithin reads from c until the server closes it, and returns how long that took; it fails
// the test if c is still open after limit.
func closedWithin(t *testing.T, c net.Conn, limit time.Duration) time.Duration {
	t.Helper()
	start := time.Now()
	_ = c.SetReadDeadline(start.Add(limit))
	_, err := io.Copy(io.Discard, c)
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		t.Fatalf("connection still open after %v", limit)
	}
	return time.Since(start)
}

func dial(t *testing.T, addr string) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// HTTP clients that are slow to send a request, or idle between requests, lose their connection
// after the configured time; one that sends too large a header block is refused.
func TestHTTPConnectionLimits(t *testing.T) {
	const readHeader, read, idle = 200 * time.Millisecond, 600 * time.Millisecond, 300 * time.Millisecond
	s := startConfigured(t, Config{Conn: ConnLimits{ReadHeaderTimeout: readHeader, ReadTimeout: read, IdleTimeout: idle, MaxHeaderBytes: 8 << 10}})
	t.Run("half a header", func(t *testing.T) {
		c := dial(t, s.httpAddr)
		fmt.Fprint(c, "POST /v1/moves:list HTTP/1.1\r\nHost: x\r\n")
		if took := closedWithin(t, c, readHeader+2*time.Second); took < readHeader-50*time.Millisecond {
			t.Errorf("closed after %v, before the read-header timeout %v", took, readHeader)
		}
	})
	t.Run("half a body", func(t *testing.T) {
		c := dial(t, s.httpAddr)
		fmt.Fprint(c, "POST /v1/moves:list HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"position\":")
		if took := closedWithin(t, c, read+2*time.Second); took < read-50*time.Millisecond {
			t.Errorf("closed after %v, before the read timeout %v", took, read)
		}
	})
	t.Run("idle", func(t *testing.T) {
		c := dial(t, s.httpAddr)
		fmt.Fprint(c, "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
		r := bufio.NewReader(c)
		resp, err := http.ReadResponse(r, nil)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || resp.Close {
			t.Fatalf("GET /healthz: %d, close %v", resp.StatusCode, resp.Close)
		}
		if took := closedWithin(t, c, idle+2*time.Second); took < idle-50*time.Millisecond {
			t.Errorf("closed after %v, before the idle timeout %v", took, idle)
		}
	})
	t.Run("large header", func(t *testing.T) {
		req, _ := http.NewRequest("GET", s.httpURL+"/healthz", nil)
		req.Header.Set("X-Large", strings.Repeat("x", 16<<10))
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusRequestHeaderFieldsTooLarge {
			t.Errorf("16 KiB header over an 8 KiB cap: %d, want 431", resp.StatusCode)
		}
	})
}

// Hundreds of clients that connect and stay silent, or send half a header, hold nothing for long:
// every connection is closed after the timeout for its port.
func TestManySlowConnectionsClosed(t *testing.T) {
	const n = 150 // per port
	const timeout = 300 * time.Millisecond
	s := startConfigured(t, Config{Conn: ConnLimits{ReadHeaderTimeout: timeout, HandshakeTimeout: timeout}})
	var conns []net.Conn
	for i := range n {
		h := dial(t, s.httpAddr)
		if i%2 == 0 {
			fmt.Fprint(h, "GET /healthz HTTP/1.1\r\nHost: x\r\n")
		}
		conns = append(conns, h, dial(t, s.grpcAddr))
	}
	start := time.Now()
	var open atomic.Int64
	var wg sync.WaitGroup
	for _, c := range conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_ = c.SetReadDeadline(start.Add(timeout + 3*time.Second))
			_, err := io.Copy(io.Discard, c)
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				open.Add(1)
			}
		}()
	}
	wg.Wait()
	if open.Load() > 0 {
		t.Errorf("%d of %d silent connections still open %v after the %v timeouts", open.Load(), len(conns), time.Since(start), timeout)
	}
	t.Logf("%d connections closed in %v", len(conns), time.Since(start))
	// The server still answers.
	if _, err := s.rules.ListVariants(context.Background(), &pb.ListVariantsRequest{}); err != nil {
		t.Error(err)
	}
}

// The CORS origins and the body cap reach the HTTP handler.
func TestHTTPOptionsFromConfig(t *testing.T) {
	s := startConfigured(t, Config{AllowedOrigins: []string{"https://app.example"}, MaxBodyBytes: 1000})
	req, _ := http.NewRequest("OPTIONS", s.httpURL+"/v1/moves:list", nil)
	req.Header.Set("Origin", "https://app.example")
	req.Header.Set("Access-Control-Request-Method", "POST")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if got := res.Header.Get("Access-Control-Allow-Origin"); got != "https://app.example" {
		t.Errorf("preflight from an allowed origin: %d, Access-Control-Allow-Origin %q", res.StatusCode, got)
	}
	body := `{"position":{"variant":"chaturanga","text":"` + strings.Repeat(" ", 1000) + `"}}`
	res, err = http.Post(s.httpURL+"/v1/moves:list", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("a body over the 1000-byte cap: %d, want 413", res.StatusCode)
	}
}

// http2Conn opens a raw HTTP/2 connection to the gRPC server: the preface and empty settings.
func http2Conn(t *testing.T, addr string) (net.Conn, *http2.Framer) {
	t.Helper()
	c := dial(t, addr)
	if _, err := io.WriteString(c, http2.ClientPreface); err != nil {
		t.Fatal(err)
	}
	fr := http2.NewFramer(c, c)
	if err := fr.WriteSettings(); err != nil {
		t.Fatal(err)
	}
	return c, fr
}

func TestGRPCConnectionLimits(t *testing.T) {
	s := startConfigured(t, Config{Conn: ConnLimits{
		HandshakeTimeout:  200 * time.Millisecond,
		KeepaliveMinTime:  time.Minute,
		MaxConnectionIdle: 300 * time.Millisecond,
	}})
	t.Run("no handshake", func(t *testing.T) {
		c := dial(t, s.grpcAddr)
		if took := closedWithin(t, c, 3*time.Second); took < 150*time.Millisecond {
			t.Errorf("closed after %v, before the handshake timeout", took)
		}
	})
	t.Run("idle", func(t *testing.T) {
		// The client's own connection, watched from below.
		closed := make(chan time.Time, 1)
		conn, err := grpc.NewClient(s.grpcAddr, grpc.WithTransportCredentials(insecure.NewCredentials()),
			grpc.WithContextDialer(func(ctx context.Context, addr string) (net.Conn, error) {
				c, err := (&net.Dialer{}).DialContext(ctx, "tcp", addr)
				return &watchedConn{Conn: c, closed: closed}, err
			}))
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		if _, err := pb.NewRulesServiceClient(conn).ListVariants(context.Background(), &pb.ListVariantsRequest{}); err != nil {
			t.Fatal(err)
		}
		last := time.Now()
		select {
		case at := <-closed:
			if idle := at.Sub(last); idle < 250*time.Millisecond {
				t.Errorf("closed after %v idle, before MaxConnectionIdle", idle)
			}
		case <-time.After(3 * time.Second):
			t.Fatal("an idle connection was still open after 3 s")
		}
	})
	t.Run("too many pings", func(t *testing.T) {
		c, fr := http2Conn(t, s.grpcAddr)
		for i := range 4 {
			if err := fr.WritePing(false, [8]byte{byte(i)}); err != nil {
				t.Fatal(err)
			}
		}
		_ = c.SetReadDeadline(time.Now().Add(3 * time.Second))
		for {
			f, err := fr.ReadFrame()
			if err != nil {
				t.Fatalf("no GOAWAY for pings more often than MinTime: %v", err)
			}
			if ga, ok := f.(*http2.GoAwayFrame); ok {
				if ga.ErrCode != http2.ErrCodeEnhanceYourCalm || string(ga.DebugData()) != "too_many_pings" {
					t.Errorf("GOAWAY %v %q, want ENHANCE_YOUR_CALM too_many_pings", ga.ErrCode, ga.DebugData())
				}
				return
			}
		}
	})
	t.Run("unanswered keepalive", func(t *testing.T) {
		// A peer that stops answering (gone, or behind a dead NAT) is pinged after
		// KeepaliveTime and dropped KeepaliveTimeout later. (An idle connection's GOAWAY
		// waits for an answer too, so this server keeps idle connections.)
		s := startConfigured(t, Config{Conn: ConnLimits{KeepaliveTime: time.Second, KeepaliveTimeout: 200 * time.Millisecond}})
		c, fr := http2Conn(t, s.grpcAddr)
		start := time.Now()
		_ = c.SetReadDeadline(start.Add(5 * time.Second))
		pinged := false
		for {
			f, err := fr.ReadFrame()
			if err != nil {
				var ne net.Error
				if errors.As(err, &ne) && ne.Timeout() {
					t.Fatal("a connection that answers no ping was still open after 5 s")
				}
				break
			}
			if p, ok := f.(*http2.PingFrame); ok && !p.IsAck() {
				pinged = true
			}
			if sf, ok := f.(*http2.SettingsFrame); ok && !sf.IsAck() {
				_ = fr.WriteSettingsAck()
			}
		}
		if took := time.Since(start); !pinged || took < time.Second {
			t.Errorf("closed after %v, pinged %v; want a ping after 1 s, then the close", took, pinged)
		}
	})
}

// watchedConn reports when the server closes the connection.
type watchedConn struct {
	net.Conn
	closed chan time.Time
	once   sync.Once
}

func (c *watchedConn) Read(p []byte) (int, error) {
	n, err := c.Conn.Read(p)
	if err != nil {
		c.once.Do(func() { c.closed <- time.Now() })
	}
	return n, err
}

func TestGRPCStreamAndMessageLimits(t *testing.T) {
	s := startConfigured(t, Config{Conn: ConnLimits{MaxConcurrentStreams: 2}})
	ctx := context.Background()
	t.Run("concurrent streams", func(t *testing.T) {
		// Two health watches hold both streams of the connection without using CPU.
		var cancels []context.CancelFunc
		for range 2 {
			wctx, cancel := context.WithCancel(ctx)
			cancels = append(cancels, cancel)
			w, err := s.health.Watch(wctx, &healthpb.HealthCheckRequest{})
			if err == nil {
				_, err = w.Recv()
			}
			if err != nil {
				t.Fatal(err)
			}
		}
		short, cancel := context.WithTimeout(ctx, 300*time.Millisecond)
		defer cancel()
		_, err := s.rules.ListVariants(short, &pb.ListVariantsRequest{})
		if code := errorCode(err); code != codes.DeadlineExceeded {
			t.Errorf("a third call beside two open streams: %v, want it to wait until its deadline", err)
		}
		cancels[0]()
		if _, err := s.rules.ListVariants(ctx, &pb.ListVariantsRequest{}); err != nil {
			t.Errorf("once a stream closed: %v", err)
		}
		cancels[1]()
	})
	t.Run("message size", func(t *testing.T) {
		big := &pb.ListLegalMovesRequest{Position: chaturanga(strings.Repeat("x", 5<<20))}
		if _, err := s.rules.ListLegalMoves(ctx, big); errorCode(err) != codes.ResourceExhausted {
			t.Errorf("a 5 MiB request: %v, want RESOURCE_EXHAUSTED", err)
		}
		small := &pb.ListLegalMovesRequest{Position: chaturanga(strings.Repeat("x", 3<<20))}
		if _, err := s.rules.ListLegalMoves(ctx, small); errorCode(err) == codes.ResourceExhausted {
			t.Errorf("a 3 MiB request refused by the 4 MiB cap: %v", err)
		}
	})
}

func TestWriteTimeoutMustOutlastAnalyses(t *testing.T) {
	l := Limits{AnalysisTime: time.Second, QueueWait: 100 * time.Millisecond}
	if err := (ConnLimits{WriteTimeout: time.Second}).withDefaults(l).check(l); err == nil {
		t.Error("a write timeout shorter than an analysis was accepted")
	}
	if c := (ConnLimits{}).withDefaults(l); c.check(l) != nil || c.WriteTimeout <= l.longest() {
		t.Errorf("default write timeout %v for analyses of up to %v", c.WriteTimeout, l.longest())
	}
}

// postProto POSTs req as JSON to path and decodes the answer into resp; a stream's answer is
// NDJSON, of which it returns the lines.
func postProto(ctx context.Context, client *http.Client, url string, req proto.Message, resp proto.Message) ([][]byte, error) {
	body, err := protojson.Marshal(req)
	if err != nil {
		return nil, err
	}
	r, err := http.NewRequestWithContext(ctx, "POST", url, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	r.Header.Set("Content-Type", "application/json")
	res, err := client.Do(r)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	if err != nil {
		return nil, err
	}
	if res.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("HTTP %d: %s", res.StatusCode, raw)
	}
	if resp == nil {
		return bytes.Split(bytes.TrimSpace(raw), []byte("\n")), nil
	}
	return nil, protojson.Unmarshal(raw, resp)
}

// On shutdown the server turns NOT_SERVING and keeps answering for the drain, then finishes every
// call in flight on both transports, streams included, before it returns.
func TestShutdownLosesNoCall(t *testing.T) {
	const drain = 2 * time.Second
	// One analysis slot, held by a search that outlasts the drain; the other long calls wait for
	// it in the queue, in flight on both transports until after both servers begin to stop, at
	// the cost of one core.
	s := startConfigured(t, Config{Limits: Limits{Analyses: 1, QueueWait: 10 * time.Second}, ShutdownDrain: drain, ShutdownGrace: 10 * time.Second})
	ctx := context.Background()
	client := &http.Client{}
	holder, err := s.analysis.SearchStream(ctx, &pb.SearchStreamRequest{Position: chaturanga(middlegame), TimeLimit: durationpb.New(drain + time.Second)})
	if err == nil {
		_, err = holder.Recv()
	}
	if err != nil {
		t.Fatal(err)
	}
	search := &pb.SearchRequest{Position: chaturanga(middlegame), Depth: 3}
	stream := &pb.SearchStreamRequest{Position: chaturanga(middlegame), Depth: 3}
	type result struct {
		name string
		err  error
	}
	long := make(chan result, 4)
	go func(err error) {
		var last *pb.SearchStreamResponse
		for err == nil {
			var m *pb.SearchStreamResponse
			if m, err = holder.Recv(); err == nil {
				last = m
			}
		}
		if errors.Is(err, io.EOF) {
			err = nil
			if !last.GetFinal() {
				err = errors.New("the stream ended without its final message")
			}
		}
		long <- result{"grpc SearchStream", err}
	}(err)
	go func() {
		resp, err := s.analysis.Search(ctx, search)
		if err == nil && resp.GetBestAction() == nil {
			err = errors.New("no best action")
		}
		long <- result{"grpc Search", err}
	}()
	go func() {
		resp := &pb.SearchResponse{}
		_, err := postProto(ctx, client, s.httpURL+"/v1/analysis:search", search, resp)
		if err == nil && resp.GetBestAction() == nil {
			err = errors.New("no best action")
		}
		long <- result{"http Search", err}
	}()
	go func() {
		lines, err := postProto(ctx, client, s.httpURL+"/v1/analysis:searchStream", stream, nil)
		if err == nil && !bytes.Contains(lines[len(lines)-1], []byte(`"final":true`)) {
			err = fmt.Errorf("the stream ended without its final message: %s", lines[len(lines)-1])
		}
		long <- result{"http SearchStream", err}
	}()
	// The queued calls reach the server.
	deadline := time.Now().Add(5 * time.Second)
	for s.waiting(t) < 3 {
		if time.Now().After(deadline) {
			t.Fatalf("%d calls waiting for the analysis slot, want 3", s.waiting(t))
		}
		time.Sleep(10 * time.Millisecond)
	}

	// Short calls on both transports, started until a third of the drain is over: the rest of
	// it leaves time for the last to arrive before the listeners close.
	var shutdownAt atomic.Pointer[time.Time]
	starting := func() bool { at := shutdownAt.Load(); return at == nil || time.Since(*at) < drain/3 }
	var calls, failed atomic.Int64
	var failures sync.Map
	var load sync.WaitGroup
	list := &pb.ListLegalMovesRequest{Position: chaturanga(startFEN)}
	for i := range 4 {
		load.Add(1)
		go func() {
			defer load.Done()
			for starting() {
				var err error
				if i%2 == 0 {
					_, err = s.rules.ListLegalMoves(ctx, list)
				} else {
					_, err = postProto(ctx, client, s.httpURL+"/v1/moves:list", list, &pb.ListLegalMovesResponse{})
				}
				calls.Add(1)
				if err != nil {
					failed.Add(1)
					failures.Store(err.Error(), true)
				}
			}
		}()
	}
	// The shutdown begins once the short calls are flowing.
	deadline = time.Now().Add(5 * time.Second)
	for calls.Load() < 8 {
		if time.Now().After(deadline) {
			t.Fatalf("%d short calls answered before the shutdown, want 8", calls.Load())
		}
		time.Sleep(time.Millisecond)
	}
	now := time.Now()
	shutdownAt.Store(&now)
	s.shutdown()

	// During the drain: not serving, not ready, yet answering. Health turns NOT_SERVING as the
	// shutdown begins, well within the drain.
	var h *healthpb.HealthCheckResponse
	for {
		h, err = s.health.Check(ctx, &healthpb.HealthCheckRequest{Service: pb.RulesService_ServiceDesc.ServiceName})
		if err == nil && h.GetStatus() == healthpb.HealthCheckResponse_NOT_SERVING || time.Since(now) > drain/3 {
			break
		}
		time.Sleep(time.Millisecond)
	}
	if err != nil || h.GetStatus() != healthpb.HealthCheckResponse_NOT_SERVING {
		t.Errorf("health %v into the drain: %v %v, want NOT_SERVING", time.Since(now), h.GetStatus(), err)
	}
	if res, err := client.Get(s.httpURL + "/readyz"); err != nil {
		t.Errorf("/readyz %v into the drain: %v", time.Since(now), err)
	} else {
		res.Body.Close()
		if res.StatusCode != http.StatusServiceUnavailable {
			t.Errorf("/readyz during the drain: %d, want 503", res.StatusCode)
		}
		// Kept-alive connections end with their answer, so that none is idle when the
		// listener closes.
		if !res.Close {
			t.Error("an answer during the drain keeps its connection alive, want Connection: close")
		}
	}
	load.Wait()

	for range 4 {
		r := <-long
		if r.err != nil {
			t.Errorf("%s in flight during the shutdown: %v", r.name, r.err)
		}
	}
	if err := <-s.done; err != nil {
		t.Errorf("Serve: %v", err)
	}
	s.done <- nil
	took := time.Since(now)
	t.Logf("%d short calls, %d failed; shutdown took %v", calls.Load(), failed.Load(), took)
	failures.Range(func(k, _ any) bool { t.Errorf("short call failed: %v", k); return true })
	if calls.Load() == 0 {
		t.Error("no short calls")
	}
	if took < drain {
		t.Errorf("Serve returned %v after the shutdown began, before the drain's end", took)
	}
	// Both listeners are closed.
	if _, err := client.Get(s.httpURL + "/healthz"); err == nil {
		t.Error("HTTP still answers after Serve returned")
	}
}

// waiting scrapes the number of analysis calls waiting for a slot.
func (s *configuredServer) waiting(t *testing.T) int {
	t.Helper()
	return int(scrape(t, s.httpURL)["ashtapada_analyses_waiting"].value(t, nil))
}

// Calls still running at the end of the grace are cut off, and Serve returns.
func TestShutdownGraceIsBounded(t *testing.T) {
	const grace = 300 * time.Millisecond
	s := startConfigured(t, Config{Limits: Limits{AnalysisTime: time.Minute}, ShutdownGrace: grace})
	st, err := s.analysis.SearchStream(context.Background(), &pb.SearchStreamRequest{Position: chaturanga(middlegame), TimeLimit: durationpb.New(time.Minute)})
	if err == nil {
		_, err = st.Recv()
	}
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	s.shutdown()
	<-s.done
	s.done <- nil
	if took := time.Since(start); took > grace+2*time.Second {
		t.Errorf("Serve returned %v after the shutdown began, with a grace of %v", took, grace)
	}
	for err == nil {
		_, err = st.Recv()
	}
	if code := errorCode(err); code != codes.Unavailable && code != codes.Canceled {
		t.Errorf("a search cut off by the shutdown: %v", err)
	}
}

func TestCallLogs(t *testing.T) {
	core, logs := observer.New(zapcore.InfoLevel)
	s := startConfigured(t, Config{Log: zap.New(core)})
	ctx := context.Background()
	if _, err := s.rules.ListVariants(ctx, &pb.ListVariantsRequest{}); err != nil {
		t.Fatal(err)
	}
	_, _ = s.rules.GetVariant(ctx, &pb.GetVariantRequest{Name: "chess"})
	if _, err := postProto(ctx, http.DefaultClient, s.httpURL+"/v1/moves:list", &pb.ListLegalMovesRequest{Position: chaturanga(startFEN)}, &pb.ListLegalMovesResponse{}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.health.Check(ctx, &healthpb.HealthCheckRequest{}); err != nil {
		t.Fatal(err)
	}
	want := []struct{ method, code, transport string }{
		{rulesMethod + "ListVariants", "OK", "grpc"},
		{rulesMethod + "GetVariant", "NotFound", "grpc"},
		{rulesMethod + "ListLegalMoves", "OK", "http"},
	}
	lines := logs.FilterMessage("call").FilterFieldKey("method").All()
	if len(lines) != len(want) {
		t.Fatalf("%d call lines, want %d (health checks are quiet): %v", len(lines), len(want), lines)
	}
	for i, l := range lines {
		f := l.ContextMap()
		if f["method"] != want[i].method || f["code"] != want[i].code || f["transport"] != want[i].transport {
			t.Errorf("line %d: %v, want %v", i, f, want[i])
		}
		if d, ok := f["duration"].(time.Duration); !ok || d <= 0 {
			t.Errorf("line %d: duration %v", i, f["duration"])
		}
		if p, _ := f["peer"].(string); !strings.HasPrefix(p, "127.0.0.1") {
			t.Errorf("line %d: peer %q, want the client's loopback address", i, p)
		}
	}
	if _, ok := lines[1].ContextMap()["error"]; !ok {
		t.Error("the failed call's line has no error")
	}
	for code, level := range map[codes.Code]zapcore.Level{codes.OK: zap.InfoLevel, codes.NotFound: zap.InfoLevel,
		codes.ResourceExhausted: zap.WarnLevel, codes.DeadlineExceeded: zap.WarnLevel, codes.Internal: zap.ErrorLevel} {
		if got := callLevel(code); got != level {
			t.Errorf("%v logged at %v, want %v", code, got, level)
		}
	}
}

// The logger keeps every line, however many repeat: no sampling.
func TestLoggerKeepsEveryLine(t *testing.T) {
	var out bytes.Buffer
	log, flush := NewLogger(&out)
	for range 1000 {
		log.Warn("call", zap.String("method", "/x/Y"))
	}
	if err := flush(); err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(out.Bytes(), []byte("\n")); n != 1000 {
		t.Errorf("%d lines of 1000", n)
	}
}

func TestVersionSent(t *testing.T) {
	s := startConfigured(t, Config{Version: "v1.2.3-test"})
	ctx := context.Background()
	check := func(what string, md metadata.MD) {
		t.Helper()
		if v := md.Get(VersionHeader); len(v) != 1 || v[0] != "v1.2.3-test" {
			t.Errorf("%s: %s = %v", what, VersionHeader, v)
		}
	}
	var md metadata.MD
	if _, err := s.rules.ListVariants(ctx, &pb.ListVariantsRequest{}, grpc.Header(&md)); err != nil {
		t.Fatal(err)
	}
	check("unary call", md)
	md = nil
	_, _ = s.rules.GetVariant(ctx, &pb.GetVariantRequest{Name: "chess"}, grpc.Header(&md))
	check("failed call", md)
	st, err := s.analysis.SearchStream(ctx, &pb.SearchStreamRequest{Position: chaturanga(startFEN), Depth: 1})
	if err != nil {
		t.Fatal(err)
	}
	md, err = st.Header()
	if err != nil {
		t.Fatal(err)
	}
	check("stream", md)
	for err == nil {
		_, err = st.Recv()
	}
	res, err := http.Get(s.httpURL + "/v1/variants")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if v := res.Header.Get("Ashtapada-Version"); v != "v1.2.3-test" {
		t.Errorf("HTTP Ashtapada-Version = %q", v)
	}
}

// pprof is served on the admin address only.
func TestPprofOnAdminOnly(t *testing.T) {
	admin, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := startConfigured(t, Config{AdminListener: admin})
	get := func(url string) (int, string) {
		t.Helper()
		res, err := http.Get(url)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(body)
	}
	if code, _ := get(s.httpURL + "/debug/pprof/"); code != http.StatusNotFound {
		t.Errorf("public /debug/pprof/: %d, want 404", code)
	}
	if code, _ := get(s.httpURL + "/debug/pprof/cmdline"); code != http.StatusNotFound {
		t.Errorf("public /debug/pprof/cmdline: %d, want 404", code)
	}
	adminURL := "http://" + admin.Addr().String()
	if code, body := get(adminURL + "/debug/pprof/"); code != http.StatusOK || !strings.Contains(body, "goroutine") {
		t.Errorf("admin /debug/pprof/: %d %.100q", code, body)
	}
	if code, body := get(adminURL + "/debug/pprof/goroutine?debug=1"); code != http.StatusOK || !strings.Contains(body, "goroutine profile") {
		t.Errorf("admin goroutine profile: %d %.100q", code, body)
	}
	if code, body := get(adminURL + "/metrics"); code != http.StatusOK || !strings.Contains(body, "grpc_server_handled_total") {
		t.Errorf("admin /metrics: %d %.100q", code, body)
	}
}

// A shutdown that begins as soon as Serve does, before its listeners are served, is clean: no
// error for the servers that never started.
func TestImmediateShutdown(t *testing.T) {
	for range 50 {
		grpcLis, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		httpLis, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if err := Serve(ctx, grpcLis, httpLis, Config{}); err != nil {
			t.Fatalf("Serve stopped at once: %v", err)
		}
	}
}
