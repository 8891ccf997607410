package service

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"google.golang.org/genproto/googleapis/rpc/code"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	spb "google.golang.org/genproto/googleapis/rpc/status"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/types/known/anypb"
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

// errorReason is the reason of st's ErrorInfo, "" for none.
func errorReason(st *spb.Status) string {
	for _, d := range st.GetDetails() {
		var info errdetails.ErrorInfo
		if d.UnmarshalTo(&info) == nil {
			return info.GetReason()
		}
	}
	return ""
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
		if info, ok := d.(*errdetails.ErrorInfo); ok && info.GetDomain() != errorDomain {
			t.Errorf("domain %q", info.GetDomain())
		}
	}
	return st
}

// TestNoDuplicateHeaders: the version and content type are said once, in the HTTP answer's own
// headers, not again as forwarded gRPC metadata.
func TestNoDuplicateHeaders(t *testing.T) {
	s := startServer(t)
	for _, body := range []string{`{"position":{"variant":"chaturanga","text":"` + startFEN + `"}}`, `{"position":{"variant":"nope"}}`} {
		resp, err := http.Post(s.httpURL+"/v1/moves:list", "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		for name := range resp.Header {
			if strings.HasPrefix(name, "Grpc-Metadata-") {
				t.Errorf("%s: header %s: %q", body, name, resp.Header.Values(name))
			}
		}
	}
}

// Requests net/http refuses before any handler (a path with a bad %-escape, headers too large, no
// Host) get the API's AIP-193 JSON too, logged and counted.
func TestHTTPUnparsableRequests(t *testing.T) {
	s := startConfigured(t, Config{Conn: ConnLimits{MaxHeaderBytes: 4 << 10}})
	for _, c := range []struct {
		name, request string
		status        int
		reason, says  string
	}{
		{"bad escape", "GET /v1/variants/%zz HTTP/1.1\r\nHost: x\r\n\r\n", 400, "MALFORMED_REQUEST", "%-escape"},
		{"no host", "GET /v1/variants HTTP/1.1\r\n\r\n", 400, "MALFORMED_REQUEST", "missing required Host header"},
		{"huge header", "GET /v1/variants HTTP/1.1\r\nHost: x\r\nX-Big: " + strings.Repeat("y", 64<<10) + "\r\n\r\n", 431, "HEADERS_TOO_LARGE", "larger than"},
	} {
		conn := dial(t, s.httpAddr)
		if _, err := io.WriteString(conn, c.request); err != nil {
			t.Fatal(err)
		}
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		raw, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if ct := resp.Header.Get("Content-Type"); ct != "application/json" {
			t.Errorf("%s: Content-Type %q: %s", c.name, ct, raw)
		}
		st := statusFromHTTP(t, resp.StatusCode, raw)
		if resp.StatusCode != c.status || errorReason(st) != c.reason || !strings.Contains(st.GetMessage(), c.says) {
			t.Errorf("%s: %d %s %q, want %d %s saying %q", c.name, resp.StatusCode, errorReason(st), st.GetMessage(), c.status, c.reason, c.says)
		}
	}
	counted := 0.0
	for _, m := range scrape(t, s.httpURL)["ashtapada_http_rejected_total"].GetMetric() {
		counted += m.GetCounter().GetValue()
	}
	if counted != 3 {
		t.Errorf("ashtapada_http_rejected_total counts %v, want 3", counted)
	}
}

// A call the gateway ends itself, at the client's Grpc-Timeout, answers in the AIP-193 form.
func TestHTTPDeadlineHasDetails(t *testing.T) {
	s := startServer(t)
	for _, path := range []string{"/v1/analysis:perft", "/v1/analysis:searchStream"} {
		body := `{"position":{"variant":"chaturanga","text":"` + startFEN + `"},"depth":12}`
		if path == "/v1/analysis:searchStream" {
			body = `{"position":{"variant":"chaturanga","text":"` + startFEN + `"},"time_limit":"60s"}`
		}
		resp, raw := httpDo(t, s.httpURL+path, "POST", body, "Grpc-Timeout", "200m")
		if path == "/v1/analysis:searchStream" {
			lines := bytes.Split(bytes.TrimSpace(raw), []byte("\n"))
			raw = lines[len(lines)-1]
			var m map[string]json.RawMessage
			if err := json.Unmarshal(raw, &m); err != nil || m["error"] == nil {
				t.Fatalf("%s: the stream's last line %s is no error", path, raw)
			}
			resp.StatusCode = 504
		}
		st := statusFromHTTP(t, resp.StatusCode, raw)
		if codes.Code(st.GetCode()) != codes.DeadlineExceeded || errorReason(st) == "" {
			t.Errorf("%s with Grpc-Timeout 200m: %d %v reason %q: %s", path, resp.StatusCode, codes.Code(st.GetCode()), errorReason(st), raw)
		}
	}
}

// A JSON body nested deeper than the decoder reads is refused in the caps' words, with the caps'
// depth, which the gateway cannot read from this package.
func TestHTTPNestingWordsAsCaps(t *testing.T) {
	s := startServer(t)
	body := `{"position":{"variant":"chaturanga","options":{"o":` + strings.Repeat(`{"a":`, 12000) + `1` + strings.Repeat(`}`, 12000) + `}}}`
	resp, raw := httpDo(t, s.httpURL+"/v1/moves:list", "POST", body)
	st := wantError(t, resp, raw, http.StatusBadRequest, codes.InvalidArgument, "FIELD_TOO_LARGE", `position.options["o"]`)
	if want := "nests messages more than " + strconv.Itoa(maxNesting) + " deep"; !strings.Contains(st.GetMessage(), want) {
		t.Errorf("message %q, want it to say %q", st.GetMessage(), want)
	}
}
