package docs

// TestExamples runs the examples of README.md and docs/**/*.md against a server built from this
// tree, and fails when one no longer shows what the server answers. How examples are written:
//
//   - A fenced block (sh, or plain) with lines starting with `$ ` is a transcript: a `$ ` line is
//     a command (with its continuation lines: open quotes, a trailing \ or |), and the lines
//     after it, up to the next `$ ` or the fence, are its output (standard output and error),
//     compared as text line by line; lines starting with # are comments. In shown output `...`
//     (or `…`) stands for any text, as doctest's ELLIPSIS: mask with it what varies (times,
//     node counts, search values). Text, not JSON, is compared because the reader sees text:
//     `jq -c` prints one answer a line in the server's field order, so a transcript shows
//     exactly what a terminal shows.
//   - A sh block without `$ ` is a script: each command runs, and must succeed and answer no
//     error body. A json block right after it (only blank lines between) shows the answers
//     the script prints, abridged for reading, and is compared as JSON: shown members must
//     match; a member left out must hold its default ("", 0, false, [], {}) unless the object
//     shows `…`; `…` in an array stands for any run of elements, as a value for any value, in
//     a string for any text.
//   - The test runs curl, grpcurl and jq commands and shell variable assignments. Other commands
//     (go run ... serve, make, apt-get, npm) are for readers; the test builds and starts what it
//     needs itself.
//   - Python and TypeScript snippets (python, ts blocks) run against the server: a document's
//     Python snippets in one /usr/bin/python3 process, in order, sharing their names (gRPC stubs
//     generated into examples/python/gen of the working directory), each TypeScript snippet as
//     a module beside a copy of examples/typescript/src (import "./client.js"), type-checked
//     with its tsconfig.json. Every line that prints (print(...), console.log(...)) shows its
//     output in the comment that ends it, or in a comment line right after it; the output is
//     compared as text, with `...`.
//
// The documents' addresses, localhost:8080 (HTTP) and localhost:50051 (gRPC), are the test
// server's. Each document runs in a working directory of its own, so a file one command writes
// (> w1.json) is there for the next; shell variables assigned in a document hold for the rest of
// it. Needs bash, curl and jq; Python with grpcio and protoc for the Python snippets; Node with
// the npm packages of examples/typescript for the TypeScript ones: make deps installs them.
// go test -short skips it.

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"
)

const commandTimeout = 60 * time.Second

type document struct {
	path   string // from the repository's root
	blocks []block
}

func TestExamples(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and starts the server")
	}
	began := time.Now()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range []string{"bash", "curl", "jq", "go"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("the documents' examples need %s, not found: make deps installs it (apt-get install -y curl jq)", tool)
		}
	}
	docs := readDocuments(t, root)
	var python, typescript bool
	for _, d := range docs {
		for _, b := range d.blocks {
			python = python || b.lang == "python"
			typescript = typescript || b.lang == "typescript"
		}
	}

	s := &server{root: root, bin: t.TempDir()}
	// The TypeScript compiler runs while the server builds: each takes seconds.
	var compiled <-chan string
	if typescript {
		compiled = s.compileTypeScript(t, docs)
	}
	s.start(t)
	if typescript {
		s.readTypeScriptErrors(t, <-compiled)
	}
	if python {
		s.preparePython(t, docs)
	}

	total, notRun := 0, 0
	var counts []string
	for _, d := range docs {
		ran, skipped := 0, 0
		t.Run(d.path, func(t *testing.T) { ran, skipped = s.runDocument(t, d) })
		if ran+skipped > 0 {
			counts = append(counts, fmt.Sprintf("%s %d", d.path, ran))
		}
		total += ran
		notRun += skipped
	}
	t.Logf("ran %d examples (%s); %d commands shown for readers not run (build, install, start); %.1fs",
		total, strings.Join(counts, ", "), notRun, time.Since(began).Seconds())
}

// readDocuments parses README.md and every Markdown file under docs/.
func readDocuments(t *testing.T, root string) []document {
	paths := []string{"README.md"}
	err := filepath.WalkDir(filepath.Join(root, "docs"), func(p string, e os.DirEntry, err error) error {
		if err == nil && !e.IsDir() && strings.HasSuffix(p, ".md") {
			rel, _ := filepath.Rel(root, p)
			paths = append(paths, filepath.ToSlash(rel))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(paths[1:])
	var docs []document
	for _, p := range paths {
		text, err := os.ReadFile(filepath.Join(root, p))
		if err != nil {
			t.Fatal(err)
		}
		blocks, err := parseMarkdown(string(text))
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		docs = append(docs, document{path: p, blocks: blocks})
	}
	return docs
}

type server struct {
	root     string
	bin      string // ashtapada and grpcurl
	httpAddr string
	grpcAddr string
	addrs    *strings.Replacer

	python string

	tsDir    string
	tsNames  map[*block]string // snippet's module name in tsDir/src
	tsErrors map[string][]string
}

// start builds ashtapada and grpcurl (from the tools module) and serves on free loopback ports.
func (s *server) start(t *testing.T) {
	root := s.root
	builds := [][]string{
		{"go", "build", "-o", filepath.Join(s.bin, "ashtapada"), "./cmd/ashtapada"},
		{"go", "build", "-modfile=tools/go.mod", "-o", filepath.Join(s.bin, "grpcurl"), "github.com/fullstorydev/grpcurl/cmd/grpcurl"},
	}
	var wg sync.WaitGroup
	errs := make([]error, len(builds))
	for i, b := range builds {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cmd := exec.Command(b[0], b[1:]...)
			cmd.Dir = root
			if out, err := cmd.CombinedOutput(); err != nil {
				errs[i] = fmt.Errorf("%s: %v\n%s", strings.Join(b, " "), err, out)
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}

	// Analyses wait for a slot instead of failing: the examples run one at a time anyway.
	cmd := exec.Command(filepath.Join(s.bin, "ashtapada"), "serve", "--grpc-addr", "127.0.0.1:0",
		"--http-addr", "127.0.0.1:0", "--analysis-queue-wait", "10s")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	serving := make(chan map[string]any, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			var l map[string]any
			if json.Unmarshal(sc.Bytes(), &l) == nil && l["msg"] == "serving" {
				serving <- l
			}
		}
	}()
	select {
	case l := <-serving:
		s.grpcAddr, _ = l["grpc_addr"].(string)
		s.httpAddr, _ = l["http_addr"].(string)
	case <-time.After(30 * time.Second):
		t.Fatal("the server did not report its addresses")
	}
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		res, err := http.Get("http://" + s.httpAddr + "/readyz")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				break
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("the server at %s is not ready: %v", s.httpAddr, err)
		}
	}
	s.addrs = strings.NewReplacer("localhost:8080", s.httpAddr, "localhost:50051", s.grpcAddr)
}

// runDocument runs a document's examples in order and returns how many it ran and how many
// shell commands it left to readers.
func (s *server) runDocument(t *testing.T, d document) (ran, notRun int) {
	dir := t.TempDir()
	var vars []string // assignments so far, run before every command
	var snippets []*block
	for bi := range d.blocks {
		b := &d.blocks[bi]
		switch b.lang {
		case "python":
			snippets = append(snippets, b)
			ran++
			continue
		case "typescript":
			s.runTypeScript(t, d.path, b)
			ran++
			continue
		}
		var printed strings.Builder
		called := false // a command of the block ran
		for ci := range b.commands {
			c := &b.commands[ci]
			where := fmt.Sprintf("%s:%d", d.path, c.line)
			switch {
			case isAssignment(c.text):
				vars = append(vars, c.text)
				continue
			case !runnable(c.text):
				if b.transcript {
					t.Errorf("%s: a transcript command the test cannot run (only curl, grpcurl and jq):\n%s", where, c.text)
				}
				notRun++
				continue
			}
			ran++
			called = true
			stdout, stderr, err := s.shell(dir, vars, c.text, b.transcript)
			if b.transcript {
				if !textMatches(c.want, stdout) || (err != nil && c.want == "") {
					t.Errorf("%s: the output differs from the document's\ncommand:\n%s\nwant:\n%s\ngot:\n%s%s",
						where, indent(c.text), indent(c.want), indent(stdout), errText(err))
				}
				continue
			}
			if err != nil || stderr != "" {
				t.Errorf("%s: the command fails\ncommand:\n%s\nstdout:\n%s\nstderr:\n%s%s", where, indent(c.text), indent(stdout), indent(stderr), errText(err))
				continue
			}
			printed.WriteString(stdout)
			if b.answer == nil {
				if e := errorBody(stdout); e != "" {
					t.Errorf("%s: the command answers an error, and the document shows none\ncommand:\n%s\ngot:\n%s", where, indent(c.text), indent(e))
				}
			}
		}
		if b.answer != nil {
			s.checkAnswer(t, d.path, b, called, printed.String())
		}
	}
	if len(snippets) > 0 {
		s.runPython(t, d.path, dir, snippets)
	}
	return ran, notRun
}

// shell runs one command with the document's variables in dir, with the documents' addresses
// replaced by the server's. A transcript's command gets its standard error with its output.
func (s *server) shell(dir string, vars []string, command string, mergeStderr bool) (stdout, stderr string, err error) {
	ctx, cancel := context.WithTimeout(context.Background(), commandTimeout)
	defer cancel()
	script := "set -o pipefail\n" + strings.Join(vars, "\n") + "\n" + command + "\n"
	cmd := exec.CommandContext(ctx, "bash", "--noprofile", "--norc", "-c", s.addrs.Replace(script))
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PATH="+s.bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	var out, errOut bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = &errOut
	if mergeStderr {
		cmd.Stderr = &out
	}
	err = cmd.Run()
	if ctx.Err() != nil {
		err = fmt.Errorf("timed out after %v", commandTimeout)
	}
	return out.String(), errOut.String(), err
}

// checkAnswer compares what a script block printed with the json block shown after it.
func (s *server) checkAnswer(t *testing.T, doc string, b *block, called bool, printed string) {
	where := fmt.Sprintf("%s:%d", doc, b.answer.line)
	shown, err := parseShownJSON(b.answer.text)
	if err != nil {
		t.Errorf("%s: the shown answer is no JSON: %v", where, err)
		return
	}
	if !called {
		t.Errorf("%s: an answer is shown after a block that calls nothing", where)
		return
	}
	got, err := decodeJSONStream(printed)
	if err != nil {
		t.Errorf("%s: the commands at line %d print no JSON: %v\n%s", where, b.line, err, indent(printed))
		return
	}
	if len(got) != len(shown) {
		t.Errorf("%s: %d answers shown, the commands at line %d print %d:\n%s", where, len(shown), b.line, len(got), indent(printed))
		return
	}
	for i := range shown {
		if err := jsonMatches(shown[i], got[i], ""); err != nil {
			var cmds []string
			for _, c := range b.commands {
				if runnable(c.text) {
					cmds = append(cmds, c.text)
				}
			}
			t.Errorf("%s: answer %d of the commands at line %d differs from the document's: %v\ncommands:\n%s\ngot:\n%s",
				where, i+1, b.line, err, indent(strings.Join(cmds, "\n")), indent(compact(got[i])))
		}
	}
}

// errorBody returns the first API error in a command's output, if any.
func errorBody(out string) string {
	vals, _ := decodeJSONStream(out)
	for _, v := range vals {
		if m, ok := v.(map[string]any); ok && m["error"] != nil {
			return compact(v)
		}
	}
	return ""
}

// preparePython finds Debian's Python with grpcio and generates the gRPC stubs when a snippet
// imports them.
func (s *server) preparePython(t *testing.T, docs []document) {
	s.python = "/usr/bin/python3"
	if p := os.Getenv("ASHTAPADA_PYTHON"); p != "" {
		s.python = p
	}
	if _, err := exec.LookPath(s.python); err != nil {
		t.Fatalf("the Python snippets need %s: make deps installs it", s.python)
	}
	for _, d := range docs {
		for _, b := range d.blocks {
			if b.lang == "python" && strings.Contains(b.code, "import grpc") {
				if out, err := exec.Command(s.python, "-c", "import grpc, google.protobuf").CombinedOutput(); err != nil {
					t.Fatalf("the Python gRPC snippets need grpcio and protobuf for %s (%v: %s): make deps installs python3-grpcio python3-protobuf", s.python, err, out)
				}
				for _, tool := range []string{"protoc", "grpc_python_plugin"} {
					if _, err := exec.LookPath(tool); err != nil {
						t.Fatalf("the Python gRPC snippets need %s for their stubs: make deps installs protobuf-compiler protobuf-compiler-grpc", tool)
					}
				}
				return
			}
		}
	}
}

// The driver runs snippets in one interpreter, as a reader pastes them one after another, with a
// marker before each one's output. Blank lines in front keep the document's line numbers in
// tracebacks.
const pythonDriver = `import json, sys, traceback
snippets = json.load(open(sys.argv[1]))
scope = {"__name__": "__main__"}
for i, (name, line, code) in enumerate(snippets):
    print("\x1esnippet %d" % i, flush=True)
    try:
        exec(compile("\n" * (line - 1) + code, name, "exec"), scope)
    except BaseException:
        sys.stdout.flush()
        traceback.print_exc()
        sys.exit(1)
    sys.stdout.flush()
`

func (s *server) runPython(t *testing.T, doc, dir string, snippets []*block) {
	var args [][]any
	for _, b := range snippets {
		args = append(args, []any{doc, b.line, s.addrs.Replace(b.code)})
		if strings.Contains(b.code, "examples/python/gen") {
			gen := exec.Command("bash", filepath.Join(s.root, "examples/python/gen_stubs.sh"), filepath.Join(dir, "examples/python/gen"))
			if out, err := gen.CombinedOutput(); err != nil {
				t.Fatalf("%s:%d: generating the gRPC stubs: %v\n%s", doc, b.line, err, out)
			}
		}
	}
	js, _ := json.Marshal(args)
	if err := os.WriteFile(filepath.Join(dir, "snippets.json"), js, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "driver.py"), []byte(pythonDriver), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), commandTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, s.python, "driver.py", "snippets.json")
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	runErr := cmd.Run()
	outputs := regexp.MustCompile("\x1esnippet \\d+\n").Split(stdout.String(), -1)[1:]
	for i, b := range snippets {
		where := fmt.Sprintf("%s:%d", doc, b.line)
		if i >= len(outputs) {
			break
		}
		if runErr != nil && i == len(outputs)-1 {
			t.Errorf("%s: the Python snippet fails: %v\n%s", where, runErr, indent(stderr.String()))
			break
		}
		want, err := shownOutput(b.code, "python")
		if err != nil {
			t.Errorf("%s: %v", where, err)
			continue
		}
		if !textMatches(want, outputs[i]) {
			t.Errorf("%s: the Python snippet prints other than its comments show\nwant:\n%s\ngot:\n%s", where, indent(want), indent(outputs[i]))
		}
	}
}

// compileTypeScript type-checks and compiles every TypeScript snippet at once, each as a module
// beside the example client's modules (its program, play.ts, aside), with its compiler options
// and npm packages. The compiler's output comes on the channel.
func (s *server) compileTypeScript(t *testing.T, docs []document) <-chan string {
	if _, err := exec.LookPath("node"); err != nil {
		t.Fatal("the TypeScript snippets need Node.js 20: make deps says how to get it")
	}
	// The snippets import the example client, which needs its own packages (openapi-fetch).
	modules := filepath.Join(s.root, "examples/typescript/node_modules")
	if !exists(filepath.Join(modules, "typescript/bin/tsc")) || !exists(filepath.Join(modules, "@types/node")) {
		t.Fatal("the TypeScript snippets need the npm packages of examples/typescript: make deps installs them (npm ci in examples/typescript)")
	}
	s.tsDir = t.TempDir()
	s.tsNames = map[*block]string{}
	files := map[string][]byte{
		"package.json": []byte(`{"type": "module"}`),
	}
	var err error
	if files["tsconfig.json"], err = os.ReadFile(filepath.Join(s.root, "examples/typescript/tsconfig.json")); err != nil {
		t.Fatal(err)
	}
	sources, _ := filepath.Glob(filepath.Join(s.root, "examples/typescript/src/*.ts"))
	for _, src := range sources {
		if filepath.Base(src) == "play.ts" {
			continue
		}
		if files["src/"+filepath.Base(src)], err = os.ReadFile(src); err != nil {
			t.Fatal(err)
		}
	}
	for di := range docs {
		for bi := range docs[di].blocks {
			b := &docs[di].blocks[bi]
			if b.lang != "typescript" {
				continue
			}
			name := fmt.Sprintf("snippet%d", len(s.tsNames)+1)
			s.tsNames[b] = name
			files["src/"+name+".ts"] = []byte(b.code)
		}
	}
	for name, data := range files {
		p := filepath.Join(s.tsDir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(modules, filepath.Join(s.tsDir, "node_modules")); err != nil {
		t.Fatal(err)
	}
	out := make(chan string, 1)
	go func() {
		tsc := exec.Command("node", filepath.Join(modules, "typescript/bin/tsc"), "-p", ".")
		tsc.Dir = s.tsDir
		b, err := tsc.CombinedOutput()
		if err != nil && len(b) == 0 {
			b = []byte(err.Error())
		}
		out <- string(b)
	}()
	return out
}

// readTypeScriptErrors files the compiler's errors by snippet, and points the compiled snippets
// at the server.
func (s *server) readTypeScriptErrors(t *testing.T, out string) {
	// Errors are written src/snippetN.ts(line,col): ...; they are reported at the snippet's line.
	s.tsErrors = map[string][]string{}
	re := regexp.MustCompile(`^src/(snippet\d+)\.ts\((\d+),\d+\): (.*)$`)
	for _, l := range strings.Split(out, "\n") {
		if m := re.FindStringSubmatch(l); m != nil {
			s.tsErrors[m[1]] = append(s.tsErrors[m[1]], fmt.Sprintf("snippet line %s: %s", m[2], m[3]))
		} else if strings.TrimSpace(l) != "" {
			t.Errorf("tsc: %s", l)
		}
	}
	for _, name := range s.tsNames {
		p := filepath.Join(s.tsDir, "dist", name+".js")
		if js, err := os.ReadFile(p); err == nil {
			if err := os.WriteFile(p, []byte(s.addrs.Replace(string(js))), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func (s *server) runTypeScript(t *testing.T, doc string, b *block) {
	where := fmt.Sprintf("%s:%d", doc, b.line)
	name := s.tsNames[b]
	if errs := s.tsErrors[name]; len(errs) > 0 {
		t.Errorf("%s: the TypeScript snippet does not type-check:\n%s", where, indent(strings.Join(errs, "\n")))
		return
	}
	want, err := shownOutput(b.code, "typescript")
	if err != nil {
		t.Errorf("%s: %v", where, err)
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), commandTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", "dist/"+name+".js")
	cmd.Dir = s.tsDir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Errorf("%s: the TypeScript snippet fails: %v\n%s", where, err, indent(stderr.String()))
		return
	}
	if !textMatches(want, stdout.String()) {
		t.Errorf("%s: the TypeScript snippet prints other than its comments show\nwant:\n%s\ngot:\n%s", where, indent(want), indent(stdout.String()))
	}
}

func exists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

func indent(s string) string {
	s = strings.TrimRight(s, "\n")
	if s == "" {
		return "    (nothing)"
	}
	return "    " + strings.ReplaceAll(s, "\n", "\n    ")
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return "\n(" + err.Error() + ")"
}
