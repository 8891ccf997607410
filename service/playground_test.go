package service

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/web"
)

// servePage starts a server whose HTTP port serves playground (nil: none) and returns its URL.
func servePage(t *testing.T, playground Playground) string {
	t.Helper()
	grpcLis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	httpLis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Serve(ctx, grpcLis, httpLis, Config{Log: testLogger(t), Playground: playground}) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Serve: %v", err)
		}
	})
	return "http://" + httpLis.Addr().String()
}

func fetch(t *testing.T, method, url string) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequest(method, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp, string(body)
}

// The page and its assets share the HTTP port with the API; the API's paths and error forms are
// unchanged, and the page's paths answer GET and HEAD only.
func TestPlaygroundRoutes(t *testing.T) {
	url := servePage(t, web.New())
	resp, body := fetch(t, "GET", url+"/")
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") || !strings.Contains(body, "/assets/app.js") {
		t.Errorf("GET /: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	if resp, _ := fetch(t, "GET", url+"/assets/app.js"); resp.StatusCode != 200 || !strings.Contains(resp.Header.Get("Content-Type"), "javascript") {
		t.Errorf("GET /assets/app.js: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	if resp, body := fetch(t, "HEAD", url+"/"); resp.StatusCode != 200 || body != "" {
		t.Errorf("HEAD /: %d, %d bytes", resp.StatusCode, len(body))
	}
	for _, c := range []struct {
		method, path string
		status       int
		reason       string
	}{
		{"POST", "/", 405, "METHOD_NOT_ALLOWED"},
		{"GET", "/assets/nope.js", 404, "UNKNOWN_PATH"},
		{"GET", "/index.html", 404, "UNKNOWN_PATH"},
	} {
		resp, body := fetch(t, c.method, url+c.path)
		var e struct {
			Error struct {
				Details []struct{ Reason string } `json:"details"`
			} `json:"error"`
		}
		if resp.StatusCode != c.status || json.Unmarshal([]byte(body), &e) != nil || len(e.Error.Details) == 0 || e.Error.Details[0].Reason != c.reason {
			t.Errorf("%s %s: %d %s", c.method, c.path, resp.StatusCode, body)
		}
	}
	if resp, body := fetch(t, "GET", url+"/v1/variants"); resp.StatusCode != 200 || !strings.Contains(body, "martian_coaster_chaturanga") {
		t.Errorf("GET /v1/variants beside the page: %d", resp.StatusCode)
	}
	// Without a playground, / is an unknown path as before.
	if resp, _ := fetch(t, "GET", servePage(t, nil)+"/"); resp.StatusCode != 404 {
		t.Errorf("GET / without the playground: %d", resp.StatusCode)
	}
}
