package gateway_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"go.uber.org/zap/zaptest/observer"
	"google.golang.org/genproto/googleapis/rpc/code"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	spb "google.golang.org/genproto/googleapis/rpc/status"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/types/known/anypb"

	_ "github.com/ashtapada/ashtapada/engine/games"
	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
	"github.com/ashtapada/ashtapada/gen/openapi"
	"github.com/ashtapada/ashtapada/service"
	"github.com/ashtapada/ashtapada/service/gateway"
)

// statusFromHTTP reads an AIP-193 error body into a gRPC status, failing the test unless it is one
// whose code is the HTTP status and whose details all decode.
func statusFromHTTP(t testing.TB, httpStatus int, raw []byte) *spb.Status {
	t.Helper()
	var body struct {
		Error *struct {
			Code    int               `json:"code"`
			Message string            `json:"message"`
			Status  string            `json:"status"`
			Details []json.RawMessage `json:"details"`
		} `json:"error"`
	}
	if err := json.Unmarshal(raw, &body); err != nil || body.Error == nil {
		t.Fatalf("HTTP %d with a body that is no AIP-193 error: %s", httpStatus, raw)
	}
	e := body.Error
	c, ok := code.Code_value[e.Status]
	if !ok || e.Details == nil {
		t.Fatalf("HTTP %d: status %q, details %v in %s", httpStatus, e.Status, e.Details, raw)
	}
	if e.Code != httpStatus {
		t.Errorf("error code %d in a body sent with HTTP %d", e.Code, httpStatus)
	}
	st := &spb.Status{Code: c, Message: e.Message}
	for _, d := range e.Details {
		a := &anypb.Any{}
		if err := protojson.Unmarshal(d, a); err != nil {
			t.Fatalf("detail %s: %v", d, err)
		}
		st.Details = append(st.Details, a)
	}
	return st
}

// gatewayServer is the gateway in front of a gRPC server that records the metadata of its calls,
// both on loopback ports, with the gateway's log lines observed.
type gatewayServer struct {
	url      string
	grpcAddr string
	handler  http.Handler
	stopGRPC func()
	logs     *observer.ObservedLogs
	mu       sync.Mutex
	md       []metadata.MD
}

func startGateway(t testing.TB, opts gateway.Options) *gatewayServer {
	t.Helper()
	core, logs := observer.New(zapcore.DebugLevel)
	opts.Log = zap.New(core)
	s := &gatewayServer{logs: logs}
	record := func(ctx context.Context) {
		md, _ := metadata.FromIncomingContext(ctx)
		s.mu.Lock()
		s.md = append(s.md, md)
		s.mu.Unlock()
	}
	gs := grpc.NewServer(
		grpc.UnaryInterceptor(func(ctx context.Context, req any, _ *grpc.UnaryServerInfo, h grpc.UnaryHandler) (any, error) {
			record(ctx)
			return h(ctx, req)
		}),
		grpc.StreamInterceptor(func(srv any, ss grpc.ServerStream, _ *grpc.StreamServerInfo, h grpc.StreamHandler) error {
			record(ss.Context())
			return h(srv, ss)
		}))
	pb.RegisterRulesServiceServer(gs, service.Rules{})
	pb.RegisterAnalysisServiceServer(gs, service.NewAnalysis(service.Limits{}))
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = gs.Serve(lis) }()
	conn, err := grpc.NewClient(lis.Addr().String(), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	h, err := gateway.New(ctx, conn, opts)
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(h)
	t.Cleanup(func() {
		hs.Close()
		cancel()
		conn.Close()
		gs.Stop()
	})
	s.url, s.grpcAddr, s.handler, s.stopGRPC = hs.URL, lis.Addr().String(), h, gs.Stop
	return s
}

// do sends a request with headers given as name, value pairs and returns the answer and its body.
func (s *gatewayServer) do(t testing.TB, method, path, body string, headers ...string) (*http.Response, []byte) {
	t.Helper()
	return httpDo(t, s.url+path, method, body, headers...)
}

// httpDo sends a request to url with headers given as name, value pairs and returns the answer
// and its body.
func httpDo(t testing.TB, url, method, body string, headers ...string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, raw
}

// wantError checks an AIP-193 error answer: HTTP status, code, ErrorInfo reason and domain, and
// the first field violation ("" for none).
func wantError(t *testing.T, resp *http.Response, raw []byte, httpStatus int, c codes.Code, reason, field string) *spb.Status {
	t.Helper()
	if resp.StatusCode != httpStatus {
		t.Errorf("HTTP %d, want %d: %s", resp.StatusCode, httpStatus, raw)
	}
	if ct := resp.Header.Get("Content-Type"); ct != "application/json" {
		t.Errorf("error Content-Type %q", ct)
	}
	st := statusFromHTTP(t, resp.StatusCode, raw)
	err := status.FromProto(st).Err()
	gotCode, gotReason, gotField := errorDetails(err)
	if gotCode != c || gotReason != reason || gotField != field {
		t.Errorf("got %v %s %q, want %v %s %q: %s", gotCode, gotReason, gotField, c, reason, field, raw)
	}
	for _, d := range status.FromProto(st).Details() {
		if info, ok := d.(*errdetails.ErrorInfo); ok && info.GetDomain() != "ashtapada" {
			t.Errorf("domain %q", info.GetDomain())
		}
	}
	return st
}

// callLines returns the gateway's "call" log lines.
func (s *gatewayServer) callLines() []observer.LoggedEntry {
	return s.logs.FilterMessage("call").AllUntimed()
}

// errorDetails returns the ErrorInfo reason and the first field violation of a gRPC error.
func errorDetails(err error) (codes.Code, string, string) {
	st := status.Convert(err)
	var reason, field string
	for _, d := range st.Details() {
		switch x := d.(type) {
		case *errdetails.ErrorInfo:
			reason = x.Reason
		case *errdetails.BadRequest:
			if len(x.FieldViolations) > 0 {
				field = x.FieldViolations[0].Field
			}
		}
	}
	return st.Code(), reason, field
}

const (
	startFEN   = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"
	middlegame = "r3k2r/1bp2ppp/p1nqpn2/1p1p4/3P1B2/2NQPN1P/PPP2PP1/R3KB1R b - - 3 11"
)

const validateIllegal = `{"position":{"variant":"chaturanga","text":"` + startFEN + `"},"move":{"notation":"e2e4"}}`

func TestHTTPMethodsAndPaths(t *testing.T) {
	s := startGateway(t, gateway.Options{})
	for _, c := range []struct {
		method, path, allow string
	}{
		{"GET", "/v1/variants/chaturanga:start", "POST"},
		{"DELETE", "/v1/moves:list", "POST"},
		{"PUT", "/v1/variants/chaturanga", "GET"},
		{"POST", "/v1/variants", "GET"},
		{"POST", "/healthz", "GET, HEAD"},
	} {
		resp, raw := s.do(t, c.method, c.path, "")
		wantError(t, resp, raw, http.StatusMethodNotAllowed, codes.Unimplemented, "METHOD_NOT_ALLOWED", "")
		if got := resp.Header.Get("Allow"); got != c.allow {
			t.Errorf("%s %s: Allow %q, want %q", c.method, c.path, got, c.allow)
		}
	}
	for _, path := range []string{"/v2/variants", "/v1/moves/:list", "/v1/variants/a/b", "/metrics", "/"} {
		resp, raw := s.do(t, "GET", path, "")
		wantError(t, resp, raw, http.StatusNotFound, codes.NotFound, "UNKNOWN_PATH", "")
	}
	// A plain OPTIONS lists the methods.
	resp, _ := s.do(t, "OPTIONS", "/v1/moves:list", "")
	if resp.StatusCode != http.StatusNoContent || resp.Header.Get("Allow") != "POST, OPTIONS" {
		t.Errorf("OPTIONS: %d, Allow %q", resp.StatusCode, resp.Header.Get("Allow"))
	}
	// The routes themselves still work, the variable one included.
	if resp, raw := s.do(t, "GET", "/v1/variants/chaturanga", ""); resp.StatusCode != 200 {
		t.Errorf("GetVariant: %d %s", resp.StatusCode, raw)
	}
	if resp, raw := s.do(t, "POST", "/v1/variants/chaturanga:start", "{}"); resp.StatusCode != 200 || !bytes.Contains(raw, []byte(startFEN)) {
		t.Errorf("StartPosition: %d %s", resp.StatusCode, raw)
	}
}

func TestHTTPServiceErrors(t *testing.T) {
	s := startGateway(t, gateway.Options{})
	resp, raw := s.do(t, "GET", "/v1/variants/chess", "")
	st := wantError(t, resp, raw, http.StatusNotFound, codes.NotFound, "VARIANT_NOT_FOUND", "name")
	if !strings.Contains(st.GetMessage(), "chess") {
		t.Errorf("message %q", st.GetMessage())
	}
	// Details carry their type and the API's field names.
	for _, want := range []string{`"@type":"type.googleapis.com/google.rpc.ErrorInfo"`, `"@type":"type.googleapis.com/google.rpc.BadRequest"`,
		`"field_violations"`, `"status":"NOT_FOUND"`, `"code":404`} {
		if !bytes.Contains(raw, []byte(want)) {
			t.Errorf("no %s in %s", want, raw)
		}
	}
	resp, raw = s.do(t, "POST", "/v1/moves:validate", `{"position":{"variant":"chaturanga","text":"R3k3/8/4K3/8/8/8/8/8 b - - 0 1"},"move":{"notation":"e8d8"}}`)
	wantError(t, resp, raw, http.StatusBadRequest, codes.FailedPrecondition, "GAME_OVER", "")
	// The server logs these calls; the gateway does not log them again.
	if lines := s.callLines(); len(lines) != 0 {
		t.Errorf("gateway logged %d server errors: %v", len(lines), lines)
	}
}

func TestHTTPInvalidJSON(t *testing.T) {
	s := startGateway(t, gateway.Options{})
	for _, c := range []struct {
		path, body, field, msg string
	}{
		{"/v1/moves:list", `{"position":{"variant":"chaturanga","txt":"x"}}`, "position.txt", `unknown field "txt"`},
		{"/v1/moves:list", `{"position":{"variant":5}}`, "position.variant", "invalid value for string field variant"},
		{"/v1/moves:list", `{"position":{"variant":"chaturanga","pieces":[{"square":"e1"},{"square":7}]}}`, "position.pieces[1].square", "square"},
		{"/v1/analysis:search", `{"depth":"deep"}`, "depth", "int32 field depth"},
		{"/v1/analysis:search", `{"algorithm":"ALGORITHM_GUESS"}`, "algorithm", "enum"},
		{"/v1/analysis:search", "{\n  \"position\": {\n    \"text\": \"é\",\n    \"bogus\": 1}}", "position.bogus", `unknown field "bogus"`},
		{"/v1/moves:list", `{"position":`, "", "unexpected EOF"},
		{"/v1/moves:list", `[]`, "", "syntax error"},
		{"/v1/moves:list", `{} {}`, "", "syntax error"},
		{"/v1/analysis:searchStream", `{"depth":true}`, "depth", "depth"},
	} {
		resp, raw := s.do(t, "POST", c.path, c.body)
		st := wantError(t, resp, raw, http.StatusBadRequest, codes.InvalidArgument, "INVALID_JSON", c.field)
		if !strings.Contains(st.GetMessage(), c.msg) || strings.Contains(st.GetMessage(), "proto:") {
			t.Errorf("%s: message %q, want %q", c.body, st.GetMessage(), c.msg)
		}
	}
	if lines := s.callLines(); len(lines) != 10 {
		t.Errorf("%d log lines for 10 bad bodies", len(lines))
	}
	// A huge key is not echoed whole.
	key := strings.Repeat("k", 100000)
	resp, raw := s.do(t, "POST", "/v1/moves:list", `{"position":{"`+key+`":1}}`)
	st := wantError(t, resp, raw, http.StatusBadRequest, codes.InvalidArgument, "INVALID_JSON", "position."+key[:gateway.MaxFieldPath-len("position.")]+"...")
	if len(st.GetMessage()) > gateway.MaxMessageLen+len("...") || len(raw) > 4*gateway.MaxMessageLen {
		t.Errorf("%d-byte message, %d-byte body", len(st.GetMessage()), len(raw))
	}
	// An empty body is an empty request.
	resp, raw = s.do(t, "POST", "/v1/moves:list", "")
	wantError(t, resp, raw, http.StatusBadRequest, codes.InvalidArgument, "MISSING_POSITION", "position")
}

func TestHTTPEmitsDefaults(t *testing.T) {
	s := startGateway(t, gateway.Options{})
	resp, raw := s.do(t, "POST", "/v1/moves:validate", validateIllegal)
	var v map[string]any
	if err := json.Unmarshal(raw, &v); err != nil || resp.StatusCode != 200 {
		t.Fatalf("%d %s", resp.StatusCode, raw)
	}
	if legal, ok := v["legal"]; !ok || legal != false {
		t.Errorf(`"legal" = %v, %v in %s`, legal, ok, raw)
	}
	// Messages left unset stay absent rather than null.
	if bytes.Contains(raw, []byte("null")) {
		t.Errorf("null in %s", raw)
	}
	resp, raw = s.do(t, "GET", "/v1/variants/chaturanga", "")
	var got struct {
		Variant struct {
			Board struct {
				Squares []map[string]any `json:"squares"`
			} `json:"board"`
		} `json:"variant"`
	}
	if err := json.Unmarshal(raw, &got); err != nil || resp.StatusCode != 200 {
		t.Fatalf("%d %s", resp.StatusCode, raw)
	}
	found := false
	for _, sq := range got.Variant.Board.Squares {
		if sq["name"] == "a1" {
			found = true
			if file, ok := sq["file"]; !ok || file != 0.0 {
				t.Errorf("a1 file = %v, %v", file, ok)
			}
		}
	}
	if !found {
		t.Errorf("no a1 among %d squares", len(got.Variant.Board.Squares))
	}
	// Enums stay names.
	_, raw = s.do(t, "POST", "/v1/moves:list", `{"position":{"variant":"chaturanga","text":"`+startFEN+`"}}`)
	if !bytes.Contains(raw, []byte(`"phase":"PHASE_ACTION"`)) {
		t.Errorf("no enum name in %.300s", raw)
	}
}

// countingBody produces n bytes of one long JSON string lazily, counting what was read.
type countingBody struct {
	n, read atomic.Int64
}

func (b *countingBody) Read(p []byte) (int, error) {
	left := b.n.Load() - b.read.Load()
	if left <= 0 {
		return 0, io.EOF
	}
	if int64(len(p)) > left {
		p = p[:left]
	}
	for i := range p {
		p[i] = 'a'
	}
	if b.read.Load() == 0 && len(p) > 30 {
		copy(p, `{"position":{"text":"`)
	}
	b.read.Add(int64(len(p)))
	return len(p), nil
}

func TestHTTPBodyCap(t *testing.T) {
	s := startGateway(t, gateway.Options{MaxBodyBytes: 1024})
	pad := `{"position":{"variant":"chaturanga","text":"` + startFEN + `"},"move":{"notation":"e2e3 ` + strings.Repeat(" ", 2000) + `"}}`
	// Declared too large: refused from the header.
	resp, raw := s.do(t, "POST", "/v1/moves:validate", pad)
	st := wantError(t, resp, raw, http.StatusRequestEntityTooLarge, codes.ResourceExhausted, "REQUEST_TOO_LARGE", "")
	if !strings.Contains(st.GetMessage(), "1024 bytes") {
		t.Errorf("message %q", st.GetMessage())
	}
	// Streamed without a length: refused when the cap is reached.
	req, _ := http.NewRequest("POST", s.url+"/v1/moves:validate", io.MultiReader(strings.NewReader(pad)))
	req.Header.Set("Content-Type", "application/json")
	r, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ = io.ReadAll(r.Body)
	r.Body.Close()
	wantError(t, r, raw, http.StatusRequestEntityTooLarge, codes.ResourceExhausted, "REQUEST_TOO_LARGE", "")
	// A client waiting for 100 Continue gets the refusal instead, and sends nothing.
	c, err := net.Dial("tcp", strings.TrimPrefix(s.url, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	_, _ = io.WriteString(c, "POST /v1/moves:validate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"+
		"Content-Length: 10000000\r\nExpect: 100-continue\r\n\r\n")
	_ = c.SetReadDeadline(time.Now().Add(5 * time.Second))
	first, _ := bufio.NewReader(c).ReadString('\n')
	if !strings.HasPrefix(first, "HTTP/1.1 413") {
		t.Errorf("after Expect: 100-continue: %q", first)
	}
	// Under the cap is fine.
	if resp, raw := s.do(t, "POST", "/v1/moves:validate", validateIllegal); resp.StatusCode != 200 {
		t.Errorf("small body: %d %s", resp.StatusCode, raw)
	}
	lines := s.callLines()
	if len(lines) != 3 || lines[0].ContextMap()["http_status"] != int64(413) {
		t.Errorf("log lines %v", lines)
	}
}

// A 100 MB body is refused at the default cap without being read into memory.
func TestHTTPHugeBody(t *testing.T) {
	if testing.Short() {
		t.Skip("sends up to 100 MB over loopback")
	}
	s := startGateway(t, gateway.Options{})
	const size = 100 << 20
	for _, declared := range []bool{false, true} {
		body := &countingBody{}
		body.n.Store(size)
		req, _ := http.NewRequest("POST", s.url+"/v1/moves:list", body)
		req.Header.Set("Content-Type", "application/json")
		if declared {
			req.ContentLength = size
		}
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		r, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatalf("declared %v: %v after %d bytes", declared, err, body.read.Load())
		}
		raw, _ := io.ReadAll(r.Body)
		r.Body.Close()
		runtime.ReadMemStats(&after)
		wantError(t, r, raw, http.StatusRequestEntityTooLarge, codes.ResourceExhausted, "REQUEST_TOO_LARGE", "")
		allocated := after.TotalAlloc - before.TotalAlloc
		t.Logf("declared %v: %d bytes sent, %d allocated", declared, body.read.Load(), allocated)
		if read := body.read.Load(); read > size/4 {
			t.Errorf("declared %v: the client sent %d bytes before the refusal", declared, read)
		}
		if allocated > 32<<20 {
			t.Errorf("declared %v: %d bytes allocated for a refused body", declared, allocated)
		}
	}
}

// A POST body is JSON, declared so: a web page can make a browser send a form or text/plain body
// to any site without a CORS preflight, but not a JSON one.
func TestHTTPJSONBodiesOnly(t *testing.T) {
	s := startGateway(t, gateway.Options{})
	body := `{"position":{"variant":"chaturanga","text":"` + startFEN + `"}}`
	for _, ct := range []string{"text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "", "application/jsonx"} {
		req, _ := http.NewRequest("POST", s.url+"/v1/moves:list", strings.NewReader(body))
		if ct != "" {
			req.Header.Set("Content-Type", ct)
		}
		r, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := io.ReadAll(r.Body)
		r.Body.Close()
		wantError(t, r, raw, http.StatusUnsupportedMediaType, codes.InvalidArgument, "UNSUPPORTED_MEDIA_TYPE", "")
	}
	for _, ct := range []string{"application/json", "application/json; charset=utf-8", "Application/JSON"} {
		if resp, raw := s.do(t, "POST", "/v1/moves:list", body, "Content-Type", ct); resp.StatusCode != 200 {
			t.Errorf("%s: %d %s", ct, resp.StatusCode, raw)
		}
	}
	// A POST without a body needs no type.
	if resp, raw := s.do(t, "POST", "/v1/variants/chaturanga:start", ""); resp.StatusCode != 200 {
		t.Errorf("an empty POST: %d %s", resp.StatusCode, raw)
	}
}

// Every answer, errors included, tells browsers not to guess its type.
func TestHTTPNoSniff(t *testing.T) {
	s := startGateway(t, gateway.Options{})
	for _, c := range [][2]string{{"GET", "/v1/variants"}, {"GET", "/v1/nowhere"}, {"POST", "/v1/moves:list"}, {"GET", "/healthz"}, {"GET", "/openapi.json"}} {
		resp, _ := s.do(t, c[0], c[1], "")
		if got := resp.Header.Get("X-Content-Type-Options"); got != "nosniff" {
			t.Errorf("%s %s: X-Content-Type-Options %q", c[0], c[1], got)
		}
	}
}

func TestHTTPCORS(t *testing.T) {
	const app = "https://app.example"
	preflight := func(s *gatewayServer, origin, method, headers string) (*http.Response, []byte) {
		return s.do(t, "OPTIONS", "/v1/moves:list", "", "Origin", origin, "Access-Control-Request-Method", method,
			"Access-Control-Request-Headers", headers)
	}
	s := startGateway(t, gateway.Options{AllowedOrigins: []string{app}})
	resp, raw := preflight(s, app, "POST", "content-type,grpc-timeout")
	h := resp.Header
	if resp.StatusCode != http.StatusNoContent || h.Get("Access-Control-Allow-Origin") != app ||
		h.Get("Access-Control-Allow-Methods") != "POST" || h.Get("Access-Control-Allow-Headers") != "content-type,grpc-timeout" ||
		h.Get("Access-Control-Max-Age") != "600" {
		t.Errorf("preflight: %d %v %s", resp.StatusCode, h, raw)
	}
	resp, _ = s.do(t, "POST", "/v1/moves:validate", validateIllegal, "Origin", app)
	if resp.Header.Get("Access-Control-Allow-Origin") != app || !strings.Contains(resp.Header.Get("Access-Control-Expose-Headers"), "Ashtapada-Version") {
		t.Errorf("actual request: %v", resp.Header)
	}
	// A successful preflight is no call line.
	if lines := s.callLines(); len(lines) != 0 {
		t.Errorf("logged %v", lines)
	}
	for _, c := range []struct{ origin, method, headers, msg string }{
		{"https://evil.example", "POST", "content-type", "origin"},
		{app, "DELETE", "content-type", "method"},
		{app, "POST", "content-type,x-secret", "headers"},
	} {
		resp, raw := preflight(s, c.origin, c.method, c.headers)
		st := wantError(t, resp, raw, http.StatusForbidden, codes.PermissionDenied, "CORS_REJECTED", "")
		if resp.Header.Get("Access-Control-Allow-Origin") != "" || !strings.Contains(st.GetMessage(), c.msg) {
			t.Errorf("%v: %v %q", c, resp.Header, st.GetMessage())
		}
	}
	if lines := s.callLines(); len(lines) != 3 || lines[0].ContextMap()["code"] != "PermissionDenied" {
		t.Errorf("log lines %v", lines)
	}

	// No origins configured: none is allowed.
	s = startGateway(t, gateway.Options{})
	resp, raw = preflight(s, app, "POST", "content-type")
	wantError(t, resp, raw, http.StatusForbidden, codes.PermissionDenied, "CORS_REJECTED", "")
	resp, _ = s.do(t, "POST", "/v1/moves:validate", validateIllegal, "Origin", app)
	if resp.StatusCode != 200 || resp.Header.Get("Access-Control-Allow-Origin") != "" {
		t.Errorf("no origins: %d %v", resp.StatusCode, resp.Header)
	}
	// "*": any.
	s = startGateway(t, gateway.Options{AllowedOrigins: []string{"*"}})
	if resp, _ = preflight(s, app, "GET", ""); resp.StatusCode != http.StatusNoContent || resp.Header.Get("Access-Control-Allow-Origin") != "*" {
		t.Errorf("any origin: %d %v", resp.StatusCode, resp.Header)
	}
}

func TestHTTPHealthAndDocuments(t *testing.T) {
	var ready atomic.Bool
	metrics := http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { _, _ = io.WriteString(w, "calls_total 7\n") })
	s := startGateway(t, gateway.Options{Ready: ready.Load, Metrics: metrics})
	if resp, raw := s.do(t, "GET", "/healthz", ""); resp.StatusCode != 200 || string(raw) != "ok\n" {
		t.Errorf("healthz: %d %q", resp.StatusCode, raw)
	}
	resp, raw := s.do(t, "GET", "/readyz", "")
	wantError(t, resp, raw, http.StatusServiceUnavailable, codes.Unavailable, "NOT_READY", "")
	ready.Store(true)
	if resp, raw := s.do(t, "GET", "/readyz", ""); resp.StatusCode != 200 {
		t.Errorf("readyz when ready: %d %s", resp.StatusCode, raw)
	}
	if resp, raw := s.do(t, "GET", "/metrics", ""); resp.StatusCode != 200 || string(raw) != "calls_total 7\n" {
		t.Errorf("metrics: %d %q", resp.StatusCode, raw)
	}
	if resp, raw := s.do(t, "GET", "/openapi.json", ""); resp.StatusCode != 200 || !bytes.Equal(raw, openapi.Document()) ||
		resp.Header.Get("Content-Type") != "application/json" {
		t.Errorf("openapi.json: %d, %d bytes", resp.StatusCode, len(raw))
	}
	if resp, _ := s.do(t, "HEAD", "/healthz", ""); resp.StatusCode != 200 {
		t.Errorf("HEAD healthz: %d", resp.StatusCode)
	}
	// Without Ready, always ready.
	s = startGateway(t, gateway.Options{})
	if resp, _ := s.do(t, "GET", "/readyz", ""); resp.StatusCode != 200 {
		t.Errorf("readyz without Ready: %d", resp.StatusCode)
	}
}

func TestHTTPVersionHeader(t *testing.T) {
	s := startGateway(t, gateway.Options{Version: "1.2.3", AllowedOrigins: []string{"https://app.example"}})
	for _, c := range []struct{ method, path, body string }{
		{"GET", "/v1/variants", ""},
		{"POST", "/v1/moves:validate", validateIllegal},
		{"POST", "/v1/moves:validate", "{"},
		{"GET", "/nowhere", ""},
		{"GET", "/v1/variants/chaturanga:start", ""},
		{"GET", "/healthz", ""},
		{"POST", "/v1/analysis:searchStream", `{"position":{"variant":"chaturanga","text":"` + startFEN + `"},"depth":1}`},
	} {
		if resp, _ := s.do(t, c.method, c.path, c.body); resp.Header.Get("Ashtapada-Version") != "1.2.3" {
			t.Errorf("%s %s: %d without the version header", c.method, c.path, resp.StatusCode)
		}
	}
	resp, _ := s.do(t, "OPTIONS", "/v1/moves:list", "", "Origin", "https://app.example", "Access-Control-Request-Method", "POST")
	if resp.Header.Get("Ashtapada-Version") != "1.2.3" {
		t.Errorf("preflight without the version header")
	}
	s = startGateway(t, gateway.Options{})
	if resp, _ := s.do(t, "GET", "/v1/variants", ""); resp.Header.Values("Ashtapada-Version") != nil {
		t.Errorf("version header %q without a version", resp.Header.Values("Ashtapada-Version"))
	}
}

func TestHTTPTransportMetadata(t *testing.T) {
	s := startGateway(t, gateway.Options{})
	s.do(t, "GET", "/v1/variants", "", "Grpc-Metadata-Ashtapada-Transport", "grpc")
	s.do(t, "POST", "/v1/analysis:searchStream", `{"position":{"variant":"chaturanga","text":"`+startFEN+`"},"depth":1}`)
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.md) != 2 {
		t.Fatalf("%d calls reached the server", len(s.md))
	}
	for i, md := range s.md {
		if got := md.Get(gateway.TransportMetadataKey); len(got) != 1 || got[0] != "http" {
			t.Errorf("call %d: %s = %q", i, gateway.TransportMetadataKey, got)
		}
	}
}

func TestHTTPRejectedCallsLogged(t *testing.T) {
	s := startGateway(t, gateway.Options{MaxBodyBytes: 64})
	long := "/v1/" + strings.Repeat("x", 5000)
	s.do(t, "GET", long, "")
	s.do(t, "GET", "/v1/variants/chaturanga:start", "")
	s.do(t, "POST", "/v1/moves:list", `{"nope":1}`)
	s.do(t, "POST", "/v1/moves:list", strings.Repeat(" ", 100))
	s.do(t, "OPTIONS", "/v1/moves:list", "", "Origin", "https://x.example", "Access-Control-Request-Method", "POST")
	s.do(t, "GET", "/v1/variants", "")       // reaches the server: not the gateway's to log
	s.do(t, "GET", "/v1/variants/chess", "") // the server's error: idem
	want := []struct {
		method string
		status int64
		code   string
	}{
		{"GET", 404, "NotFound"}, {"GET", 405, "Unimplemented"}, {"POST", 400, "InvalidArgument"},
		{"POST", 413, "ResourceExhausted"}, {"OPTIONS", 403, "PermissionDenied"},
	}
	lines := s.callLines()
	if len(lines) != len(want) {
		t.Fatalf("%d lines, want %d: %v", len(lines), len(want), lines)
	}
	for i, l := range lines {
		f := l.ContextMap()
		if f["transport"] != "http" || f["method"] != want[i].method || f["http_status"] != want[i].status ||
			f["code"] != want[i].code || f["error"] == "" || f["path"] == "" {
			t.Errorf("line %d: %v", i, f)
		}
		if _, ok := f["duration"]; !ok {
			t.Errorf("line %d without duration", i)
		}
		if e, p := f["error"].(string), f["path"].(string); len(e) > gateway.MaxLogged+len("...") || len(p) > gateway.MaxLogged+len("...") {
			t.Errorf("line %d: %d-byte error, %d-byte path", i, len(e), len(p))
		}
	}
}

func TestHTTPBadTimeout(t *testing.T) {
	s := startGateway(t, gateway.Options{})
	resp, raw := s.do(t, "GET", "/v1/variants", "", "Grpc-Timeout", "soon")
	st := wantError(t, resp, raw, http.StatusBadRequest, codes.InvalidArgument, "INVALID_REQUEST", "")
	if !strings.Contains(st.GetMessage(), "grpc-timeout") {
		t.Errorf("message %q", st.GetMessage())
	}
	if lines := s.callLines(); len(lines) != 1 {
		t.Errorf("log lines %v", lines)
	}
	if resp, raw := s.do(t, "GET", "/v1/variants", "", "Grpc-Timeout", "5S"); resp.StatusCode != 200 {
		t.Errorf("a valid timeout: %d %s", resp.StatusCode, raw)
	}
}

// A call that finds the gRPC server gone is answered 503 and logged by the gateway, since the
// server has no line for it.
func TestHTTPServerUnreachable(t *testing.T) {
	s := startGateway(t, gateway.Options{})
	s.stopGRPC()
	resp, raw := s.do(t, "GET", "/v1/variants", "")
	if resp.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("HTTP %d: %s", resp.StatusCode, raw)
	}
	if st := statusFromHTTP(t, resp.StatusCode, raw); codes.Code(st.GetCode()) != codes.Unavailable {
		t.Errorf("status %v", st)
	}
	lines := s.callLines()
	if len(lines) != 1 || lines[0].Level != zapcore.WarnLevel || lines[0].ContextMap()["code"] != "Unavailable" {
		t.Errorf("log lines %v", lines)
	}
}

func TestHTTPStreamErrors(t *testing.T) {
	s := startGateway(t, gateway.Options{})
	// An error before the first message: the HTTP status and one AIP-193 line.
	resp, raw := s.do(t, "POST", "/v1/analysis:searchStream", `{"position":{"variant":"chaturanga","text":"R3k3/8/4K3/8/8/8/8/8 b - - 0 1"}}`)
	wantError(t, resp, bytes.TrimSpace(raw), http.StatusBadRequest, codes.FailedPrecondition, "GAME_OVER", "position")
	if bytes.Count(bytes.TrimSpace(raw), []byte("\n")) != 0 {
		t.Errorf("more than one line: %s", raw)
	}
	// Successful lines keep their form.
	resp, raw = s.do(t, "POST", "/v1/analysis:searchStream", `{"position":{"variant":"chaturanga","text":"`+startFEN+`"},"depth":2}`)
	lines := bytes.Split(bytes.TrimSpace(raw), []byte("\n"))
	if resp.StatusCode != 200 || len(lines) != 3 || !bytes.HasPrefix(lines[0], []byte(`{"result":{`)) {
		t.Errorf("stream: %d %s", resp.StatusCode, raw)
	}
}

// BenchmarkHTTPGateway compares ListLegalMoves over JSON with the same call over gRPC, on the same
// loopback server and concurrency; "handler" and "mux" call the gateway in process, with and
// without this file's middleware (CORS, routing, body cap), to show what the middleware costs.
func BenchmarkHTTPGateway(b *testing.B) {
	s := startGateway(b, gateway.Options{AllowedOrigins: []string{"https://app.example"}, Version: "bench"})
	body := `{"position":{"variant":"chaturanga","text":"` + middlegame + `"}}`
	conn, err := grpc.NewClient(s.grpcAddr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		b.Fatal(err)
	}
	defer conn.Close()
	rules := pb.NewRulesServiceClient(conn)
	req := &pb.ListLegalMovesRequest{Position: &pb.Position{Variant: "chaturanga", Text: middlegame}}
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}}
	run := func(name string, call func() error) {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetParallelism(8)
			b.RunParallel(func(p *testing.PB) {
				for p.Next() {
					if err := call(); err != nil {
						b.Error(err)
						return
					}
				}
			})
		})
	}
	run("grpc", func() error { _, err := rules.ListLegalMoves(context.Background(), req); return err })
	run("json", func() error {
		r, err := client.Post(s.url+"/v1/moves:list", "application/json", strings.NewReader(body))
		if err != nil {
			return err
		}
		_, _ = io.Copy(io.Discard, r.Body)
		r.Body.Close()
		if r.StatusCode != 200 {
			return fmt.Errorf("HTTP %d", r.StatusCode)
		}
		return nil
	})
	inProcess := func(h http.Handler) func() error {
		return func() error {
			r := httptest.NewRequest("POST", "/v1/moves:list", strings.NewReader(body))
			r.Header.Set("Content-Type", "application/json")
			r.Header.Set("Origin", "https://app.example")
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			if w.Code != 200 {
				return fmt.Errorf("HTTP %d", w.Code)
			}
			return nil
		}
	}
	run("handler", inProcess(s.handler))
	run("mux", inProcess(gateway.Mux(s.handler)))
}
