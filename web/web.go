// Package web holds the playground page that ashtapada serve shows at /: a TypeScript client of
// the JSON gateway (src/), built with npm into dist/ and embedded here. The built files are
// committed, so a Go build needs no Node.js; CI rebuilds them and fails when they differ.
package web

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
)

//go:embed dist
var dist embed.FS

// asset is one file of the page, with what its answer needs.
type asset struct {
	body        []byte
	contentType string
	etag        string
}

// Page is the playground: the page at / and its script and style sheet under /assets/.
type Page struct {
	assets map[string]asset
}

// New reads the embedded page.
func New() *Page {
	assets := map[string]asset{}
	err := fs.WalkDir(dist, "dist", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		body, err := dist.ReadFile(name)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(body)
		route := strings.TrimPrefix(name, "dist")
		if route == "/index.html" {
			route = "/"
		}
		assets[route] = asset{body: body, contentType: mime.TypeByExtension(path.Ext(name)), etag: `"` + hex.EncodeToString(sum[:8]) + `"`}
		return nil
	})
	if err != nil {
		panic("web: the embedded page cannot be read: " + err.Error())
	}
	return &Page{assets: assets}
}

// Serves reports whether a path is one of the page's files.
func (p *Page) Serves(path string) bool {
	_, ok := p.assets[path]
	return ok
}

// ServeHTTP answers GET and HEAD for the page's files; the caller routes only paths it Serves.
func (p *Page) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	a, ok := p.assets[r.URL.Path]
	if !ok {
		http.NotFound(w, r)
		return
	}
	h := w.Header()
	h.Set("Content-Type", a.contentType)
	h.Set("ETag", a.etag)
	// Revalidated on every load, so a new binary's page is never mixed with an old script.
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	if r.URL.Path == "/" {
		h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'")
	}
	if r.Header.Get("If-None-Match") == a.etag {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	if r.Method == http.MethodHead {
		return
	}
	_, _ = w.Write(a.body)
}
