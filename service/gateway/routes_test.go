package gateway

import (
	"strings"
	"testing"

	"google.golang.org/grpc"
)

func TestHTTPRouteTable(t *testing.T) {
	names := make([]string, len(gatewayServices))
	for i, s := range gatewayServices {
		names[i] = s.desc.ServiceName
	}
	table, err := newRouteTable(names...)
	if err != nil {
		t.Fatal(err)
	}
	// Every RPC has a route, read from its google.api.http option.
	rpcs := map[string]bool{}
	for _, r := range table.routes {
		rpcs[r.rpc] = true
	}
	for _, s := range gatewayServices {
		for _, m := range append(s.desc.Methods, methodsOfStreams(s.desc)...) {
			if name := "/" + s.desc.ServiceName + "/" + m.MethodName; !rpcs[name] {
				t.Errorf("no route for %s", name)
			}
		}
	}
	// A path made from each template reaches its own method and no other route of that method.
	for _, r := range table.routes {
		path := samplePath(r.path)
		if !r.match(path) {
			t.Errorf("%s does not match its own sample %s", r.path, path)
		}
		for _, o := range table.routes {
			if o.rpc != r.rpc && o.method == r.method && o.match(path) {
				t.Errorf("%s %s is also %s", r.method, path, o.rpc)
			}
		}
		if mask := table.lookup(path); !table.allows(mask, r.method) {
			t.Errorf("%s not allowed on %s: %s", r.method, path, table.allow(mask))
		}
	}
	for path, allow := range map[string]string{
		"/v1/variants":                    "GET",
		"/v1/variants/chaturanga":         "GET",
		"/v1/variants/chaturanga:start":   "POST", // not GetVariant("chaturanga:start")
		"/v1/variants/chaturanga:unknown": "GET",  // no such verb: a variant name with a colon
		"/v1/moves:list":                  "POST",
		"/v1/moves/:list":                 "",
		"/v1/moves":                       "",
		"/v1/variants/a/b":                "",
		"/v1/analysis:searchStream":       "POST",
		"/":                               "",
	} {
		if got := table.allow(table.lookup(path)); got != allow {
			t.Errorf("%s allows %q, want %q", path, got, allow)
		}
	}
}

// methodsOfStreams lists a service's streaming methods, which ServiceDesc keeps apart.
func methodsOfStreams(d *grpc.ServiceDesc) []grpc.MethodDesc {
	var ms []grpc.MethodDesc
	for _, s := range d.Streams {
		ms = append(ms, grpc.MethodDesc{MethodName: s.StreamName})
	}
	return ms
}

// samplePath fills a template's variables with "x".
func samplePath(tmpl string) string {
	var b strings.Builder
	depth := 0
	for _, c := range tmpl {
		switch {
		case c == '{':
			depth++
			b.WriteString("x")
		case c == '}':
			depth--
		case depth == 0:
			b.WriteRune(c)
		}
	}
	return b.String()
}

func TestHTTPTemplates(t *testing.T) {
	for _, c := range []struct {
		tmpl  string
		match []string
		miss  []string
	}{
		{"/v1/{name=shelves/*/books/*}:get", []string{"/v1/shelves/a/books/b:get"}, []string{"/v1/shelves/a/books/b", "/v1/shelves/a:get", "/v1/shelves/a/books/b/c:get"}},
		{"/v1/{path=files/**}", []string{"/v1/files", "/v1/files/a", "/v1/files/a/b/c"}, []string{"/v1/file", "/v2/files/a"}},
		{"/v1/*/x", []string{"/v1/a/x", "/v1//x"}, []string{"/v1/x", "/v1/a/b/x"}},
		{"/v1:batch", []string{"/v1:batch"}, []string{"/v1", "/v1/:batch", "/:batch"}},
	} {
		segs, verb, err := parseTemplate(c.tmpl)
		if err != nil {
			t.Fatalf("%s: %v", c.tmpl, err)
		}
		r := route{segs: segs, verb: verb}
		for _, p := range c.match {
			if !r.match(p) {
				t.Errorf("%s does not match %s", c.tmpl, p)
			}
		}
		for _, p := range c.miss {
			if r.match(p) {
				t.Errorf("%s matches %s", c.tmpl, p)
			}
		}
	}
	for _, bad := range []string{"v1/x", "/v1/{x", "/v1/**/x", "/v1//x", "/v1:"} {
		if _, _, err := parseTemplate(bad); err == nil {
			t.Errorf("%s parsed", bad)
		}
	}
}
