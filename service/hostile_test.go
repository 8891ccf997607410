package service

import (
	"context"
	"net/netip"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"go.uber.org/zap/zaptest/observer"
	"google.golang.org/grpc/metadata"

	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/types/known/durationpb"

	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
	"github.com/ashtapada/ashtapada/internal/rawh2"
)

// A client that grants no flow-control window, answers pings and never reads holds no analysis
// slot past the analysis time: its streams end with an error, other analyses run, and the server
// shuts down without waiting out its grace.
func TestZeroWindowStreamsFreeTheirSlots(t *testing.T) {
	// Long enough for the answers to outgrow what gRPC queues even on a loaded machine: with one
	// second, a slow run could finish its search with every answer queued, and end OK.
	const analysisTime = 3 * time.Second
	core, logs := observer.New(zapcore.InfoLevel)
	s := startConfigured(t, Config{Log: zap.New(core), Limits: Limits{AnalysisTime: analysisTime, Analyses: 2, QueueWait: 50 * time.Millisecond},
		ShutdownGrace: 30 * time.Second})
	attacker := dialRaw(t, "", s.grpcAddr, 0)
	// Pawns on an empty board: each depth takes little time and adds a report of dozens of lines,
	// so that the answers outgrow gRPC's 64 KB of queued data per stream.
	req := &pb.SearchStreamRequest{Position: chaturanga("4k3/4p3/8/8/8/8/3P4/4K3 w - - 0 1"), MultiPv: 64, TimeLimit: durationpb.New(time.Minute)}
	start := time.Now()
	rawCall(t, attacker, analysisMethod+"SearchStream", req)
	rawCall(t, attacker, analysisMethod+"SearchStream", req)

	// Both slots are taken at first.
	time.Sleep(analysisTime / 4)
	_, err := s.analysis.Perft(context.Background(), &pb.PerftRequest{Position: chaturanga(startFEN), Depth: 1})
	if code, reason, _ := errorDetails(err); code != codes.ResourceExhausted || reason != "ANALYSIS_BUSY" {
		t.Fatalf("while the attacker's two searches run: %v %s, want ANALYSIS_BUSY", code, reason)
	}
	// By the analysis time, both are free.
	var freed time.Duration
	for {
		_, err := s.analysis.Perft(context.Background(), &pb.PerftRequest{Position: chaturanga(startFEN), Depth: 1})
		if err == nil {
			freed = time.Since(start)
			break
		}
		if time.Since(start) > 10*analysisTime {
			t.Fatalf("the slots were still held %v after the attacker's searches began: %v", time.Since(start), err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Logf("slots free %v after the zero-window searches began (analysis time %v)", freed, analysisTime)
	if freed > analysisTime+time.Second {
		t.Errorf("slots freed after %v, want by the analysis time %v", freed, analysisTime)
	}
	// The streams end with an error once their answers have waited the write grace: proof, too,
	// that the answers were held back by the window.
	deadline := time.Now().Add(streamWriteGrace + 5*time.Second)
	for logs.FilterField(zap.String("code", "DeadlineExceeded")).FilterField(zap.String("method", analysisMethod+"SearchStream")).Len() < 2 {
		if time.Now().After(deadline) {
			t.Fatalf("the zero-window streams did not end with DEADLINE_EXCEEDED: %v", logs.FilterMessage("call").All())
		}
		time.Sleep(20 * time.Millisecond)
	}
	for _, l := range logs.FilterField(zap.String("method", analysisMethod+"SearchStream")).All() {
		if msg, _ := l.ContextMap()["error"].(string); !strings.Contains(msg, "does not read them") {
			t.Errorf("stream ended with %q, want ANSWERS_NOT_READ's message", msg)
		}
	}

	// Shutdown does not wait for answers the client will never read.
	begin := time.Now()
	s.shutdown()
	select {
	case err := <-s.done:
		s.done <- err
		t.Logf("shutdown took %v", time.Since(begin))
		if took := time.Since(begin); took > 5*time.Second {
			t.Errorf("shutdown took %v with a zero-window client connected, want well within the 30 s grace", took)
		}
	case <-time.After(40 * time.Second):
		t.Fatal("Serve did not return")
	}
}

// residentSet is the process's resident memory, as /proc says it ("?" elsewhere).
func residentSet() string {
	b, _ := os.ReadFile("/proc/self/status")
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, "VmRSS:"); ok {
			return strings.TrimSpace(v)
		}
	}
	return "?"
}

// heapInUse is the bytes of live heap after a collection.
func heapInUse() uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapInuse
}

// Clients that grant no window and leave unary answers unread cannot grow the server's memory
// without bound: connections beyond the per-peer cap are refused, and the others are closed at the
// write timeout, which frees what they held.
func TestZeroWindowUnaryMemoryBounded(t *testing.T) {
	const writeTimeout, perPeer = time.Second, 8
	s := startConfigured(t, Config{Conn: ConnLimits{GRPCWriteTimeout: writeTimeout, MaxConnectionsPerPeer: perPeer}})
	if _, err := s.rules.ListVariants(context.Background(), &pb.ListVariantsRequest{}); err != nil {
		t.Fatal(err) // the test's own connection, one of the peer's
	}
	before := heapInUse()
	const conns, calls = 60, 256
	var clients []*rawh2.Conn
	start := time.Now()
	for range conns {
		c := dialRaw(t, "", s.grpcAddr, 0)
		for range calls {
			rawCall(t, c, rulesMethod+"GetVariant", &pb.GetVariantRequest{Name: "coaster_chess"})
		}
		clients = append(clients, c)
	}
	time.Sleep(writeTimeout / 2)
	during := heapInUse()
	open := 0
	for _, c := range clients {
		if !c.IsClosed() {
			open++
		}
	}
	t.Logf("heap in use: %d MB before, %d MB with %d of %d zero-window connections open (%d calls each); resident set %s",
		before>>20, during>>20, open, conns, calls, residentSet())
	if open > perPeer-1 {
		t.Errorf("%d attacking connections open, want at most %d (the per-peer cap, less the test's own)", open, perPeer-1)
	}
	// Each connection holds at most MaxConcurrentStreams answers of about 10 KB and their buffers.
	if grown := int64(during) - int64(before); grown > perPeer*DefaultMaxConcurrentStreams*64<<10 {
		t.Errorf("heap grew by %d MB under the attack", grown>>20)
	}
	for _, c := range clients {
		if !c.WaitClosed(writeTimeout + 3*time.Second) {
			t.Fatalf("a connection holding unread answers was still open %v after they were asked for", time.Since(start))
		}
	}
	after := heapInUse()
	t.Logf("every attacking connection closed %v after the attack began; heap in use %d MB, resident set %s", time.Since(start), after>>20, residentSet())
	if grown := int64(after) - int64(before); grown > 8<<20 {
		t.Errorf("heap still %d MB above its start once the connections closed", grown>>20)
	}
	// The server still answers.
	if _, err := s.rules.ListVariants(context.Background(), &pb.ListVariantsRequest{}); err != nil {
		t.Errorf("after the attack: %v", err)
	}
}

// A client cannot pass itself off as another through metadata or headers: only the gateway's
// calls say they came over HTTP, and X-Forwarded-For is believed only from trusted proxies.
func TestForwardingHeadersTrusted(t *testing.T) {
	peerOf := func(t *testing.T, logs *observer.ObservedLogs, method string) (transport, peer string) {
		t.Helper()
		var lines []observer.LoggedEntry
		for _, l := range logs.TakeAll() {
			if l.Message == "call" {
				lines = append(lines, l)
			}
		}
		if len(lines) != 1 || lines[0].ContextMap()["method"] != method {
			t.Fatalf("%d lines, want one for %s: %v", len(lines), method, lines)
		}
		f := lines[0].ContextMap()
		p, _ := f["peer"].(string)
		return f["transport"].(string), p
	}
	list := &pb.ListLegalMovesRequest{Position: chaturanga(startFEN)}
	for _, c := range []struct {
		name           string
		trusted        []netip.Prefix
		grpcForwarded  string
		httpForwarded  string
		wantGRPC       string // the peer logged for the gRPC call; "" for the client's own address
		wantHTTP       string
		wantHTTPPrefix bool
	}{
		{name: "no proxies", grpcForwarded: "203.0.113.9", httpForwarded: "203.0.113.9", wantHTTP: "127.0.0.1"},
		{name: "loopback trusted", trusted: []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")},
			grpcForwarded: "198.51.100.7, 203.0.113.9, 127.0.0.5", httpForwarded: "198.51.100.7, 203.0.113.9",
			wantGRPC: "203.0.113.9", wantHTTP: "203.0.113.9"},
	} {
		t.Run(c.name, func(t *testing.T) {
			core, logs := observer.New(zapcore.InfoLevel)
			s := startConfigured(t, Config{Log: zap.New(core), TrustedProxies: c.trusted})
			ctx := metadata.AppendToOutgoingContext(context.Background(), TransportMetadataKey, "http", "x-forwarded-for", c.grpcForwarded)
			if _, err := s.rules.ListLegalMoves(ctx, list); err != nil {
				t.Fatal(err)
			}
			tr, p := peerOf(t, logs, rulesMethod+"ListLegalMoves")
			want := c.wantGRPC
			if want == "" && !strings.HasPrefix(p, "127.0.0.1:") || want != "" && p != want || tr != "grpc" {
				t.Errorf("gRPC call claiming http from %q: logged %s from %q, want grpc from %q", c.grpcForwarded, tr, p, want)
			}
			resp, raw := httpDo(t, s.httpURL+"/v1/moves:list", "POST", `{"position":{"variant":"chaturanga","text":"`+startFEN+`"}}`,
				"X-Forwarded-For", c.httpForwarded, "Grpc-Metadata-Ashtapada-Transport", "grpc")
			if resp.StatusCode != 200 {
				t.Fatalf("%d %s", resp.StatusCode, raw)
			}
			if tr, p := peerOf(t, logs, rulesMethod+"ListLegalMoves"); tr != "http" || p != c.wantHTTP {
				t.Errorf("HTTP call with X-Forwarded-For %q: logged %s from %q, want http from %q", c.httpForwarded, tr, p, c.wantHTTP)
			}
		})
	}
}

// Each port closes at once the connections beyond its cap, and beyond the cap per peer address
// unless the peer is a trusted proxy.
func TestConnectionCaps(t *testing.T) {
	openConns := func(t *testing.T, addr string, n int) (open int) {
		for range n {
			c := dialRaw(t, "", addr, 65535)
			if !c.WaitClosed(time.Second) {
				open++
			}
		}
		return open
	}
	t.Run("total", func(t *testing.T) {
		s := startConfigured(t, Config{Conn: ConnLimits{MaxConnections: 3, IdleGrace: time.Minute}})
		if _, err := s.rules.ListVariants(context.Background(), &pb.ListVariantsRequest{}); err != nil {
			t.Fatal(err)
		}
		if open := openConns(t, s.grpcAddr, 5); open != 2 {
			t.Errorf("%d of 5 more gRPC connections stayed open beside the client's, want 2 (the cap is 3)", open)
		}
		if got := scrape(t, s.httpURL)["ashtapada_connections_refused_total"].value(t, map[string]string{"server": "grpc"}); got != 3 {
			t.Errorf("ashtapada_connections_refused_total{server=grpc} = %v, want 3", got)
		}
	})
	t.Run("per peer", func(t *testing.T) {
		s := startConfigured(t, Config{Conn: ConnLimits{MaxConnectionsPerPeer: 2}})
		if _, err := s.rules.ListVariants(context.Background(), &pb.ListVariantsRequest{}); err != nil {
			t.Fatal(err)
		}
		if open := openConns(t, s.grpcAddr, 4); open != 1 {
			t.Errorf("%d of 4 more gRPC connections stayed open beside the client's, want 1 (the cap per peer is 2)", open)
		}
	})
	t.Run("trusted proxy", func(t *testing.T) {
		s := startConfigured(t, Config{Conn: ConnLimits{MaxConnectionsPerPeer: 2}, TrustedProxies: []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}})
		if open := openConns(t, s.grpcAddr, 4); open != 4 {
			t.Errorf("%d of 4 connections from a trusted proxy stayed open, want all", open)
		}
	})
}
