package service

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"go.uber.org/zap/zaptest/observer"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"

	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
	"github.com/ashtapada/ashtapada/service/gateway"
)

// probeRules is RulesService with a few methods that misbehave on purpose, recording what the
// calls carried.
type probeRules struct {
	Rules
	mu       sync.Mutex
	md       metadata.MD
	deadline bool
}

func (p *probeRules) ListVariants(ctx context.Context, req *pb.ListVariantsRequest) (*pb.ListVariantsResponse, error) {
	md, _ := metadata.FromIncomingContext(ctx)
	_, deadline := ctx.Deadline()
	p.mu.Lock()
	p.md, p.deadline = md, deadline
	p.mu.Unlock()
	return p.Rules.ListVariants(ctx, req)
}

func (p *probeRules) ScorePosition(context.Context, *pb.ScorePositionRequest) (*pb.ScorePositionResponse, error) {
	panic("probe")
}

func (p *probeRules) RollDice(ctx context.Context, _ *pb.RollDiceRequest) (*pb.RollDiceResponse, error) {
	<-ctx.Done()
	return nil, ctx.Err()
}

// StartPosition answers a call whose deadline is under a second only once the deadline has
// passed, and any other at once.
func (p *probeRules) StartPosition(ctx context.Context, req *pb.StartPositionRequest) (*pb.StartPositionResponse, error) {
	if d, ok := ctx.Deadline(); ok && time.Until(d) < time.Second {
		<-ctx.Done()
	}
	return p.Rules.StartPosition(ctx, req)
}

func (p *probeRules) ResolveDice(context.Context, *pb.ResolveDiceRequest) (*pb.ResolveDiceResponse, error) {
	return nil, errors.New("not a status")
}

// inProcessGateway is the gateway with RulesService in-process through the server's interceptors
// and, last in the chain, one recording the method of each call. Its connection leads to a server
// with the analysis service only, so a rules call that took it would fail.
type inProcessGateway struct {
	url     string
	rules   *probeRules
	logs    *observer.ObservedLogs
	mu      sync.Mutex
	methods []string
}

func startInProcess(t *testing.T) *inProcessGateway {
	t.Helper()
	core, logs := observer.New(zapcore.DebugLevel)
	cfg := Config{Log: zap.New(core), Version: "v9.9.9"}.withDefaults()
	g := &inProcessGateway{rules: &probeRules{}, logs: logs}
	gs := newGRPCServer(cfg)
	unary := append(gs.unary, func(ctx context.Context, req any, info *grpc.UnaryServerInfo, h grpc.UnaryHandler) (any, error) {
		g.mu.Lock()
		g.methods = append(g.methods, info.FullMethod)
		g.mu.Unlock()
		return h(ctx, req)
	})
	analysisOnly := grpc.NewServer()
	pb.RegisterAnalysisServiceServer(analysisOnly, NewAnalysis(Limits{}))
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = analysisOnly.Serve(lis) }()
	conn, err := grpc.NewClient(lis.Addr().String(), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	h, err := gateway.New(ctx, conn, gateway.Options{Log: cfg.Log, Version: cfg.Version, Rules: g.rules, Interceptors: unary})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(h)
	t.Cleanup(func() {
		hs.Close()
		cancel()
		conn.Close()
		analysisOnly.Stop()
	})
	g.url = hs.URL
	return g
}

func (g *inProcessGateway) do(t *testing.T, method, path, body string, headers ...string) (*http.Response, []byte) {
	t.Helper()
	return httpDo(t, g.url+path, method, body, headers...)
}

// callLine returns the interceptors' log line of method, failing unless there is exactly one.
func (g *inProcessGateway) callLine(t *testing.T, method string) map[string]any {
	t.Helper()
	lines := g.logs.FilterMessage("call").FilterField(zap.String("method", rulesMethod+method)).AllUntimed()
	if len(lines) != 1 {
		t.Fatalf("%d call lines for %s: %v", len(lines), method, g.logs.AllUntimed())
	}
	return lines[0].ContextMap()
}

// In-process calls run the server's interceptors as gRPC calls do: the method's full name, the
// transport marker and forwarded metadata, the log line, the version header and the deadline.
func TestInProcessRulesCall(t *testing.T) {
	g := startInProcess(t)
	resp, raw := g.do(t, "GET", "/v1/variants", "", "Grpc-Metadata-Trace", "abc",
		"Grpc-Metadata-Ashtapada-Transport", "forged", "Grpc-Timeout", "5S")
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(raw), `"chaturanga"`) {
		t.Fatalf("HTTP %d: %s", resp.StatusCode, raw)
	}
	if got := g.methods; len(got) != 1 || got[0] != rulesMethod+"ListVariants" {
		t.Errorf("interceptors saw %v", got)
	}
	g.rules.mu.Lock()
	md, deadline := g.rules.md, g.rules.deadline
	g.rules.mu.Unlock()
	if v := md.Get(TransportMetadataKey); len(v) != 1 || v[0] != "http" {
		t.Errorf("%s = %v", TransportMetadataKey, v)
	}
	if v := md.Get("trace"); len(v) != 1 || v[0] != "abc" {
		t.Errorf("forwarded metadata trace = %v", v)
	}
	if !deadline {
		t.Error("Grpc-Timeout set no deadline")
	}
	if v := resp.Header.Get("Ashtapada-Version"); v != "v9.9.9" {
		t.Errorf("Ashtapada-Version %q", v)
	}
	if v := resp.Header.Values(runtimeHeader(VersionHeader)); len(v) != 0 {
		t.Errorf("the version said again as forwarded metadata: %q", v)
	}
	f := g.callLine(t, "ListVariants")
	if f["transport"] != "http" || f["code"] != "OK" || !strings.HasPrefix(f["peer"].(string), "127.0.0.1") {
		t.Errorf("call line %v", f)
	}
}

func runtimeHeader(key string) string { return "Grpc-Metadata-" + key }

// Errors keep the AIP-193 form and are logged once, by the interceptors, as over gRPC.
func TestInProcessRulesErrors(t *testing.T) {
	g := startInProcess(t)

	resp, raw := g.do(t, "GET", "/v1/variants/nonesuch", "")
	wantError(t, resp, raw, http.StatusNotFound, codes.NotFound, "VARIANT_NOT_FOUND", "name")
	if f := g.callLine(t, "GetVariant"); f["code"] != "NotFound" || f["transport"] != "http" {
		t.Errorf("call line %v", f)
	}

	resp, raw = g.do(t, "POST", "/v1/positions:score", `{"position":{"variant":"chaturanga"}}`)
	st := wantError(t, resp, raw, http.StatusInternalServerError, codes.Internal, "INTERNAL", "")
	if st.GetMessage() != "internal error" || strings.Contains(string(raw), "probe") {
		t.Errorf("the panic shows: %s", raw)
	}
	if n := len(g.logs.FilterMessage("panic").All()); n != 1 {
		t.Errorf("%d panic lines", n)
	}
	if f := g.callLine(t, "ScorePosition"); f["code"] != "Internal" {
		t.Errorf("call line %v", f)
	}

	resp, raw = g.do(t, "POST", "/v1/moves:list", `{"position":{"variant":"chaturanga","pieces":[{"square":"a1","kind":"`+strings.Repeat("x", 300)+`"}]}}`)
	wantError(t, resp, raw, http.StatusBadRequest, codes.InvalidArgument, "FIELD_TOO_LARGE", "position.pieces[0].kind")

	start := time.Now()
	resp, raw = g.do(t, "POST", "/v1/dice:roll", `{}`, "Grpc-Timeout", "50m")
	if resp.StatusCode != http.StatusGatewayTimeout || !strings.Contains(string(raw), `"DEADLINE_EXCEEDED"`) {
		t.Errorf("past the deadline: HTTP %d %s", resp.StatusCode, raw)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("the deadline took %v", d)
	}
	g.callLine(t, "RollDice")

	// An answer that comes after the deadline is not sent.
	resp, raw = g.do(t, "POST", "/v1/variants/chaturanga:start", `{}`, "Grpc-Timeout", "20m")
	if resp.StatusCode != http.StatusGatewayTimeout || !strings.Contains(string(raw), `"DEADLINE_EXCEEDED"`) {
		t.Errorf("an answer past the deadline: HTTP %d %s", resp.StatusCode, raw)
	}
	if resp, raw = g.do(t, "POST", "/v1/variants/chaturanga:start", `{}`, "Grpc-Timeout", "5S"); resp.StatusCode != http.StatusOK {
		t.Errorf("an answer within the deadline: HTTP %d %s", resp.StatusCode, raw)
	}

	// An error that is no status is UNKNOWN, as the gRPC server would send it.
	resp, raw = g.do(t, "POST", "/v1/dice:resolve", `{}`)
	if resp.StatusCode != http.StatusInternalServerError || !strings.Contains(string(raw), `"UNKNOWN"`) {
		t.Errorf("a plain error: HTTP %d %s", resp.StatusCode, raw)
	}
}

// Serve calls RulesService in-process: the gRPC server never sees the JSON call, yet its
// interceptors log it with the HTTP transport.
func TestServeRulesInProcess(t *testing.T) {
	core, logs := observer.New(zapcore.InfoLevel)
	s := startConfigured(t, Config{Log: zap.New(core)})
	resp, err := http.Get(s.httpURL + "/v1/variants")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("HTTP %d", resp.StatusCode)
	}
	lines := logs.FilterMessage("call").AllUntimed()
	if len(lines) != 1 || lines[0].ContextMap()["transport"] != "http" {
		t.Errorf("call lines %v", lines)
	}
}

// BenchmarkInProcessGateway is a JSON ListLegalMoves through the whole handler with RulesService
// in-process under the server's interceptors, without the network.
func BenchmarkInProcessGateway(b *testing.B) {
	cfg := Config{Version: "bench"}.withDefaults()
	gs := newGRPCServer(cfg)
	h, err := gateway.New(context.Background(), nil, gateway.Options{Log: cfg.Log, Version: cfg.Version, Rules: Rules{}, Interceptors: gs.unary})
	if err != nil {
		b.Fatal(err)
	}
	body := `{"position":{"variant":"chaturanga","text":"` + middlegame + `"}}`
	b.ReportAllocs()
	for b.Loop() {
		r := httptest.NewRequest("POST", "/v1/moves:list", strings.NewReader(body))
		r.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code != 200 {
			b.Fatalf("HTTP %d", w.Code)
		}
	}
}
