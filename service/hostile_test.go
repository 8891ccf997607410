package service

import (
	"context"
	"runtime"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/types/known/durationpb"

	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
)

// A client that grants no flow-control window, answers pings and never reads holds no analysis
// slot past the analysis time: its streams end with an error, other analyses run, and the server
// shuts down without waiting out its grace.
func TestZeroWindowStreamsFreeTheirSlots(t *testing.T) {
	const analysisTime = time.Second
	s := startConfigured(t, Config{Limits: Limits{AnalysisTime: analysisTime, Analyses: 2, QueueWait: 50 * time.Millisecond},
		ShutdownGrace: 30 * time.Second})
	attacker := dialRaw(t, s.grpcAddr, 0)
	req := &pb.SearchStreamRequest{Position: chaturanga("4k3/8/4K3/8/8/8/8/R7 w - - 0 1"), MultiPv: 64, TimeLimit: durationpb.New(time.Minute)}
	start := time.Now()
	ids := []uint32{attacker.call(analysisMethod+"SearchStream", req), attacker.call(analysisMethod+"SearchStream", req)}

	// Both slots are taken at first.
	time.Sleep(analysisTime / 4)
	_, err := s.analysis.Perft(context.Background(), &pb.PerftRequest{Position: chaturanga(startFEN), Depth: 1})
	if code, reason, _ := errorDetails(err); code != codes.ResourceExhausted || reason != "ANALYSIS_BUSY" {
		t.Fatalf("while the attacker's two searches run: %v %s, want ANALYSIS_BUSY", code, reason)
	}
	// By the analysis time (and a little slack for the answers' last write), both are free.
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
	if freed > analysisTime+2*time.Second {
		t.Errorf("slots freed after %v, want by the analysis time %v", freed, analysisTime)
	}
	_ = ids
	if attacker.isClosed() {
		t.Log("the server closed the attacker's connection")
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
	var clients []*rawClient
	start := time.Now()
	for range conns {
		c := dialRaw(t, s.grpcAddr, 0)
		for range calls {
			c.call(rulesMethod+"GetVariant", &pb.GetVariantRequest{Name: "coaster_chess"})
		}
		clients = append(clients, c)
	}
	time.Sleep(writeTimeout / 2)
	during := heapInUse()
	open := 0
	for _, c := range clients {
		if !c.isClosed() {
			open++
		}
	}
	t.Logf("heap in use: %d MB before, %d MB with %d of %d zero-window connections open (%d calls each)",
		before>>20, during>>20, open, conns, calls)
	if open > perPeer-1 {
		t.Errorf("%d attacking connections open, want at most %d (the per-peer cap, less the test's own)", open, perPeer-1)
	}
	// Each connection holds at most MaxConcurrentStreams answers of about 10 KB and their buffers.
	if grown := int64(during) - int64(before); grown > perPeer*DefaultMaxConcurrentStreams*64<<10 {
		t.Errorf("heap grew by %d MB under the attack", grown>>20)
	}
	for _, c := range clients {
		if !c.waitClosed(writeTimeout + 3*time.Second) {
			t.Fatalf("a connection holding unread answers was still open %v after they were asked for", time.Since(start))
		}
	}
	after := heapInUse()
	t.Logf("every attacking connection closed %v after the attack began; heap in use %d MB", time.Since(start), after>>20)
	if grown := int64(after) - int64(before); grown > 8<<20 {
		t.Errorf("heap still %d MB above its start once the connections closed", grown>>20)
	}
	// The server still answers.
	if _, err := s.rules.ListVariants(context.Background(), &pb.ListVariantsRequest{}); err != nil {
		t.Errorf("after the attack: %v", err)
	}
}
