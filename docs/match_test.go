package docs

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"regexp"
	"sort"
	"strings"
	"testing"
)

var ellipsis = regexp.MustCompile(`\.\.\.|…`)

// textMatches compares output with what a document shows: line by line, trailing spaces and
// blank lines at the end aside, and `...` or `…` in the shown text standing for any text.
func textMatches(want, got string) bool {
	pattern := "(?s)^" + ellipsisPattern(normalizeText(want)) + "$"
	return regexp.MustCompile(pattern).MatchString(normalizeText(got))
}

func ellipsisPattern(s string) string {
	parts := ellipsis.Split(s, -1)
	for i, p := range parts {
		parts[i] = regexp.QuoteMeta(p)
	}
	return strings.Join(parts, ".*?")
}

func normalizeText(s string) string {
	lines := strings.Split(strings.TrimRight(s, " \t\n"), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \t\r")
	}
	return strings.Join(lines, "\n")
}

// In a shown answer, an object member `…` stands for members left out whatever they hold, an
// array element `…` for any number of elements, and a value `…` for any value.
const (
	anyValue    = "\x00any"
	moreMembers = "\x00more"
)

// parseShownJSON reads the JSON values a document shows, which may be abridged with `…` (or
// `...`) where JSON has no such token.
func parseShownJSON(s string) ([]any, error) {
	var out strings.Builder
	var stack []byte // open '{' and '['
	last := byte(0)  // the last character written outside strings, blanks aside
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"':
			j := i + 1
			for j < len(s) && s[j] != '"' {
				if s[j] == '\\' {
					j++
				}
				j++
			}
			if j >= len(s) {
				return nil, errors.New("a string never ends")
			}
			out.WriteString(s[i : j+1])
			i, last = j, '"'
			continue
		case strings.HasPrefix(s[i:], "…") || strings.HasPrefix(s[i:], "..."):
			if strings.HasPrefix(s[i:], "…") {
				i += len("…") - 1
			} else {
				i += 2
			}
			switch {
			case last == ':' || len(stack) == 0 || stack[len(stack)-1] == '[':
				out.WriteString(`"\u0000any"`)
			default:
				out.WriteString(`"\u0000more": 0`)
			}
			last = '"'
			// A `…` on a line of its own in a list may stand without its comma.
			if rest := strings.TrimLeft(s[i+1:], " \t\r\n"); rest != "" && !strings.ContainsRune(",]}", rune(rest[0])) {
				out.WriteByte(',')
				last = ','
			}
			continue
		case c == '{' || c == '[':
			stack = append(stack, c)
		case c == '}' || c == ']':
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		}
		out.WriteByte(c)
		if c != ' ' && c != '\t' && c != '\n' && c != '\r' {
			last = c
		}
	}
	return decodeJSONStream(out.String())
}

// decodeJSONStream reads every JSON value of s, numbers kept as written.
func decodeJSONStream(s string) ([]any, error) {
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	var vals []any
	for {
		var v any
		err := dec.Decode(&v)
		if errors.Is(err, io.EOF) {
			return vals, nil
		}
		if err != nil {
			return vals, err
		}
		vals = append(vals, v)
	}
}

// jsonMatches checks an answer against its shown, abridged form. Shown members must be there and
// match; a member left out must hold its default ("", 0, "0", false, [], {} or nothing) unless the
// object shows `…`. Arrays match element by element, `…` covering any run of elements; strings
// match as text with `…`. It returns where the first difference is.
func jsonMatches(shown, got any, path string) error {
	switch s := shown.(type) {
	case string:
		if s == anyValue {
			return nil
		}
		g, ok := got.(string)
		if !ok || !textMatches(s, g) {
			return fmt.Errorf("%s: shown %s, got %s", orRoot(path), compact(shown), compact(got))
		}
		return nil
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return fmt.Errorf("%s: shown an object, got %s", orRoot(path), compact(got))
		}
		for _, k := range sortedKeys(s) {
			if k == moreMembers {
				continue
			}
			gv, ok := g[k]
			if !ok {
				return fmt.Errorf("%s.%s: shown, but not in the answer", path, k)
			}
			if err := jsonMatches(s[k], gv, path+"."+k); err != nil {
				return err
			}
		}
		if _, more := s[moreMembers]; !more {
			for _, k := range sortedKeys(g) {
				if _, ok := s[k]; !ok && !isDefault(g[k]) {
					return fmt.Errorf("%s.%s: left out, but the answer has %s (show it, or `…` for members left out)", path, k, compact(g[k]))
				}
			}
		}
		return nil
	case []any:
		g, ok := got.([]any)
		if !ok {
			return fmt.Errorf("%s: shown an array, got %s", orRoot(path), compact(got))
		}
		if matchElements(s, g, path) {
			return nil
		}
		// Say which element differs when the lengths agree and nothing is elided.
		if len(s) == len(g) {
			for i := range s {
				if err := jsonMatches(s[i], g[i], fmt.Sprintf("%s[%d]", path, i)); err != nil {
					return err
				}
			}
		}
		return fmt.Errorf("%s: shown %s, got %s", orRoot(path), compact(shown), compact(got))
	case json.Number:
		g, ok := got.(json.Number)
		if !ok || !sameNumber(s, g) {
			return fmt.Errorf("%s: shown %s, got %s", orRoot(path), s, compact(got))
		}
		return nil
	default:
		if shown != got {
			return fmt.Errorf("%s: shown %s, got %s", orRoot(path), compact(shown), compact(got))
		}
		return nil
	}
}

// matchElements matches an array's elements, `…` covering any number of them.
func matchElements(shown, got []any, path string) bool {
	if len(shown) == 0 {
		return len(got) == 0
	}
	if shown[0] == anyValue {
		for k := 0; k <= len(got); k++ {
			if matchElements(shown[1:], got[k:], path) {
				return true
			}
		}
		return false
	}
	return len(got) > 0 && jsonMatches(shown[0], got[0], path) == nil && matchElements(shown[1:], got[1:], path)
}

func isDefault(v any) bool {
	switch v := v.(type) {
	case nil:
		return true
	case bool:
		return !v
	case string:
		return v == "" || v == "0"
	case json.Number:
		return sameNumber(v, "0")
	case []any:
		return len(v) == 0
	case map[string]any:
		return len(v) == 0
	}
	return false
}

func sameNumber(a, b json.Number) bool {
	x, ok1 := new(big.Float).SetString(string(a))
	y, ok2 := new(big.Float).SetString(string(b))
	return ok1 && ok2 && x.Cmp(y) == 0
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func orRoot(path string) string {
	if path == "" {
		return "the answer"
	}
	return path
}

// compact writes a value as one line of JSON, cut to a length a failure message can hold.
func compact(v any) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return fmt.Sprint(v)
	}
	s := strings.TrimSpace(b.String())
	s = strings.ReplaceAll(s, `"\u0000any"`, "…")
	s = strings.ReplaceAll(s, `"\u0000more":0`, "…")
	if len(s) > 600 {
		s = s[:600] + " [cut]"
	}
	return s
}

// The conventions themselves, on small cases.
func TestMatchers(t *testing.T) {
	text := []struct {
		want, got string
		ok        bool
	}{
		{"nodes 5312", "nodes 5312\n", true},
		{"info depth ... nodes ...", "info depth 3 nodes 812", true},
		{"[5] ['d1e1', 'd1e2', ...]", "[5] ['d1e1', 'd1e2', 'a2a3']", true},
		{"a\nb", "a\nc", false},
		{"x…", "y1", false},
	}
	for _, c := range text {
		if textMatches(c.want, c.got) != c.ok {
			t.Errorf("textMatches(%q, %q) = %v", c.want, c.got, !c.ok)
		}
	}
	answers := []struct {
		shown, got string
		ok         bool
	}{
		{`{"a": 1}`, `{"a":1,"b":"","c":[],"d":false,"e":{},"f":"0"}`, true},
		{`{"a": 1}`, `{"a":1,"b":"x"}`, false},
		{`{"a": 1, …}`, `{"a":1,"b":"x"}`, true},
		{`{"a": …}`, `{"a":[1,2]}`, true},
		{`{"m": [{"n": "a"}, …, {"n": "z"}]}`, `{"m":[{"n":"a"},{"n":"b"},{"n":"z"}]}`, true},
		{"{\"m\": [\n  {\"n\": \"a\"},\n  …\n  {\"n\": \"z\"}\n]}", `{"m":[{"n":"a"},{"n":"b"},{"n":"z"}]}`, true},
		{`{"m": [{"n": "a"}, …]}`, `{"m":[{"n":"b"}]}`, false},
		{`{"m": [{"n": "a"}]}`, `{"m":[{"n":"a"},{"n":"b"}]}`, false},
		{`{"t": "… b 5 - 0 1"}`, `{"t":"gB,2 b 5 - 0 1"}`, true},
		{`{"v": 1.0}`, `{"v":1}`, true},
		{`{"a": 1}
{"b": 2}`, `{"a":1}{"b":2}`, true},
	}
	for _, c := range answers {
		shown, err := parseShownJSON(c.shown)
		if err != nil {
			t.Fatalf("%s: %v", c.shown, err)
		}
		got, err := decodeJSONStream(c.got)
		if err != nil || len(got) != len(shown) {
			t.Fatalf("%s: %v, %d values", c.got, err, len(got))
		}
		var mismatch error
		for i := range shown {
			if err := jsonMatches(shown[i], got[i], ""); err != nil {
				mismatch = err
			}
		}
		if (mismatch == nil) != c.ok {
			t.Errorf("shown %s, got %s: match %v (%v)", c.shown, c.got, mismatch == nil, mismatch)
		}
	}
	blocks, err := parseMarkdown("text\n\n```sh\nH=localhost:8080\ncurl -s $H/v1/variants |\n  jq -c '{a,\n b}'   # it's shown\n```\n\n```json\n{\"a\": 1}\n```\n\n```\n$ jq -n 1\n1\n\n$ jq -n '2'\n2\n```\n")
	if err != nil {
		t.Fatal(err)
	}
	if len(blocks) != 2 || len(blocks[0].commands) != 2 || blocks[0].answer == nil || blocks[0].commands[1].line != 5 ||
		!blocks[1].transcript || len(blocks[1].commands) != 2 || blocks[1].commands[0].want != "1" {
		t.Errorf("parsed %+v", blocks)
	}
}
