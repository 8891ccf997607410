package web

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestPage(t *testing.T) {
	p := New()
	for _, c := range []struct{ path, contentType, contains string }{
		{"/", "text/html; charset=utf-8", `src="/assets/app.js"`},
		{"/assets/app.js", "text/javascript; charset=utf-8", ""},
		{"/assets/app.css", "text/css; charset=utf-8", ""},
	} {
		if !p.Serves(c.path) {
			t.Fatalf("%s is not served", c.path)
		}
		w := httptest.NewRecorder()
		p.ServeHTTP(w, httptest.NewRequest("GET", c.path, nil))
		if w.Code != 200 || w.Header().Get("Content-Type") != c.contentType || w.Body.Len() == 0 || !strings.Contains(w.Body.String(), c.contains) {
			t.Errorf("GET %s: %d %q, %d bytes", c.path, w.Code, w.Header().Get("Content-Type"), w.Body.Len())
		}
		// A browser revalidating with the ETag gets 304 and no body.
		r := httptest.NewRequest("GET", c.path, nil)
		r.Header.Set("If-None-Match", w.Header().Get("ETag"))
		w2 := httptest.NewRecorder()
		p.ServeHTTP(w2, r)
		if w2.Code != http.StatusNotModified || w2.Body.Len() != 0 {
			t.Errorf("GET %s with its ETag: %d, %d bytes", c.path, w2.Code, w2.Body.Len())
		}
	}
	w := httptest.NewRecorder()
	p.ServeHTTP(w, httptest.NewRequest("GET", "/", nil))
	if csp := w.Header().Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'self'") {
		t.Errorf("the page's CSP is %q", csp)
	}
	for _, path := range []string{"/index.html", "/assets/", "/assets/nope.js", "/v1/variants", "/dist/index.html"} {
		if p.Serves(path) {
			t.Errorf("%s is served", path)
		}
	}
}
