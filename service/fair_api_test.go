package service

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"go.uber.org/zap/zaptest/observer"
	"google.golang.org/grpc/codes"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/metadata"
	"google.golang.org/protobuf/types/known/durationpb"

	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
)

// httpFrom is an HTTP client whose connections come from the loopback address local.
func httpFrom(local string) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(local)}}
	return &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{DialContext: d.DialContext}}
}

// postJSON posts body to url with headers, and returns the status, the headers and the body.
func postJSON(t *testing.T, c *http.Client, url, body string, headers ...string) (int, http.Header, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, res.Header, string(b)
}

// Over the JSON gateway, one address keeping four long searches going does not starve another
// asking for short ones: each short search is answered in about twice its time.
func TestFairAnalysisOverHTTP(t *testing.T) {
	s := startConfigured(t, Config{Limits: Limits{Analyses: 1}})
	search := func(limit string) string {
		return `{"position":{"variant":"chaturanga","text":"` + startFEN + `"},"time_limit":"` + limit + `"}`
	}
	greedy, polite := httpFrom("127.0.0.2"), httpFrom("127.0.0.3")
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				req, _ := http.NewRequestWithContext(ctx, http.MethodPost, s.httpURL+"/v1/analysis:search", strings.NewReader(search("3s")))
				req.Header.Set("Content-Type", "application/json")
				if res, err := greedy.Do(req); err == nil {
					_, _ = io.Copy(io.Discard, res.Body)
					res.Body.Close()
				}
			}
		}()
	}
	time.Sleep(200 * time.Millisecond)
	for i := range 4 {
		start := time.Now()
		code, _, body := postJSON(t, polite, s.httpURL+"/v1/analysis:search", search("0.2s"))
		took := time.Since(start)
		if code != http.StatusOK || took > 1500*time.Millisecond {
			t.Errorf("polite search %d: %d in %v: %.200s", i, code, took, body)
		}
		time.Sleep(100 * time.Millisecond)
	}
	cancel()
	wg.Wait()
}

// A search at a fixed node budget finds the same with another flow's searches sharing its slot.
func TestFixedNodesUnderContention(t *testing.T) {
	s := startConfigured(t, Config{Limits: Limits{Analyses: 1}})
	req := &pb.SearchRequest{Position: chaturanga(startFEN), MaxNodes: 200_000}
	alone, err := s.analysis.Search(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	other := pb.NewAnalysisServiceClient(dialFrom(t, "127.0.0.2", s.grpcAddr))
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		for ctx.Err() == nil {
			_, _ = other.Search(ctx, &pb.SearchRequest{Position: chaturanga(startFEN), TimeLimit: durationpb.New(2 * time.Second)})
		}
	}()
	time.Sleep(100 * time.Millisecond)
	shared, err := s.analysis.Search(context.Background(), req)
	cancel()
	<-done
	if err != nil {
		t.Fatal(err)
	}
	if shared.GetNodes() != alone.GetNodes() || shared.GetBestAction().GetNotation() != alone.GetBestAction().GetNotation() ||
		shared.GetDepth() != alone.GetDepth() {
		t.Errorf("sharing the slot: %d nodes, best %s, depth %d; alone %d, %s, %d", shared.GetNodes(), shared.GetBestAction().GetNotation(),
			shared.GetDepth(), alone.GetNodes(), alone.GetBestAction().GetNotation(), alone.GetDepth())
	}
	t.Logf("alone %v, sharing %v", alone.GetElapsed().AsDuration(), shared.GetElapsed().AsDuration())
}

// With API keys, analysis calls need one: missing or wrong, UNAUTHENTICATED over gRPC and 401
// over HTTP, and the key is nowhere in the log; rules calls and health need none; a spent quota
// is refused with RetryInfo and Retry-After.
func TestAPIKeys(t *testing.T) {
	const good, wrong = "k-good-7f3a91", "k-wrong-22b0c4"
	hash := sha256.Sum256([]byte(good))
	path := filepath.Join(t.TempDir(), "keys.json")
	if err := os.WriteFile(path, []byte(`[{"name":"bot-a","sha256":"`+hex.EncodeToString(hash[:])+`","quota":0.0001}]`), 0o600); err != nil {
		t.Fatal(err)
	}
	keys, err := LoadAPIKeys(path)
	if err != nil {
		t.Fatal(err)
	}
	core, logs := observer.New(zapcore.DebugLevel)
	s := startConfigured(t, Config{Log: zap.New(core), APIKeys: keys})
	perft := &pb.PerftRequest{Position: chaturanga(startFEN), Depth: 2}
	bearer := func(k string) context.Context {
		return metadata.AppendToOutgoingContext(context.Background(), "authorization", "Bearer "+k)
	}

	_, err = s.analysis.Perft(context.Background(), perft)
	wantStatus(t, "no key over gRPC", err, codes.Unauthenticated, "API_KEY_MISSING", "", "Authorization: Bearer")
	_, err = s.analysis.Perft(bearer(wrong), perft)
	wantStatus(t, "a wrong key over gRPC", err, codes.Unauthenticated, "API_KEY_INVALID", "", "not one this server takes")
	if _, err := s.analysis.Perft(bearer(good), &pb.PerftRequest{Position: chaturanga(startFEN), Depth: 4}); err != nil {
		t.Fatalf("the right key: %v", err)
	}
	if _, err := s.rules.ListLegalMoves(context.Background(), &pb.ListLegalMovesRequest{Position: chaturanga(startFEN)}); err != nil {
		t.Errorf("a rules call without a key: %v", err)
	}
	if _, err := s.health.Check(context.Background(), &healthpb.HealthCheckRequest{}); err != nil {
		t.Errorf("health without a key: %v", err)
	}

	body := `{"position":{"variant":"chaturanga","text":"` + startFEN + `"},"depth":2}`
	for _, c := range []struct {
		name, auth string
		status     int
	}{{"no key", "", http.StatusUnauthorized}, {"a wrong key", "Bearer " + wrong, http.StatusUnauthorized}} {
		code, h, b := postJSON(t, http.DefaultClient, s.httpURL+"/v1/analysis:perft", body, "Authorization", c.auth)
		if code != c.status || !strings.HasPrefix(h.Get("WWW-Authenticate"), "Bearer") || !strings.Contains(b, "UNAUTHENTICATED") {
			t.Errorf("%s over HTTP: %d %q %.200s", c.name, code, h.Get("WWW-Authenticate"), b)
		}
	}
	// The quota (0.1 ms a minute) is spent by now, by a perft of depth 4: refused with when to retry.
	code, h, b := postJSON(t, http.DefaultClient, s.httpURL+"/v1/analysis:perft", body, "Authorization", "Bearer "+good)
	if code != http.StatusTooManyRequests || h.Get("Retry-After") == "" || !strings.Contains(b, "ANALYSIS_QUOTA_EXHAUSTED") ||
		!strings.Contains(b, "google.rpc.RetryInfo") || !strings.Contains(b, "key:bot-a") {
		t.Errorf("a spent quota over HTTP: %d Retry-After %q %.300s", code, h.Get("Retry-After"), b)
	}
	_, err = s.analysis.Perft(bearer(good), perft)
	if code, reason, retry, subject := retryDetails(err); code != codes.ResourceExhausted || reason != "ANALYSIS_QUOTA_EXHAUSTED" || retry <= 0 || subject != "key:bot-a" {
		t.Errorf("a spent quota over gRPC: %v %s %v %q", code, reason, retry, subject)
	}
	for _, l := range logs.All() {
		line := fmt.Sprint(l.Message, l.ContextMap())
		if strings.Contains(line, good) || strings.Contains(line, wrong) {
			t.Errorf("a key in the log: %s", line)
		}
	}
}
