// Command fairness measures how `ashtapada serve` shares its analysis slots among clients. It
// starts the server as a child process with its default flags (plus --flag and --env), drives
// analysis calls through the HTTP/JSON gateway from several loopback addresses (each address, or
// each API key, is one flow of the server's fair queuing) and prints what every client got.
// Throughout every scenario a probe on 127.0.0.99 calls ListLegalMoves every 20 ms; its p50 and
// p99 are printed next to those of the idle server, measured for 5 s before the scenario. Every
// call is on the start position of --variant (default chaturanga), as the server gives it.
//
//	go run ./cmd/fairness [--binary PATH] [--variant NAME] [--duration 40s] [--env K=V] [--flag --analyses=2] SCENARIO...
//
// Scenarios:
//
//	greedy-polite  127.0.0.2 keeps four 5 s searches going, retrying at once when refused;
//	               127.0.0.3 asks for one 0.2 s search every 2 s (40 s by default)
//	ten-flows      127.0.0.10-19 keep two 1 s searches going each (60 s by default): each
//	               address's served time, its deviation from the mean, and Jain's index
//	alone          one 3 s search on the idle server: nodes and nodes per second, to compare
//	               builds (--binary)
//	keys           two API keys of weights 2 and 1 keep two 1 s searches going each (30 s by
//	               default): their served times and ratio; also the 401s without a key and with
//	               a wrong one, and that no key appears in the server's log
//
// Served time is the sum of the "elapsed" of the answered searches, which includes the time a
// search spent paused while other flows had its slot; the server's own count of slot time by
// flow class (ashtapada_analysis_served_seconds_total) is printed next to it.
//
// Loopback addresses other than 127.0.0.1 need Linux, where the whole 127.0.0.0/8 is local.
package main

import (
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"text/tabwriter"
	"time"
)

const (
	searchPath = "/v1/analysis:search"
	movesPath  = "/v1/moves:list"
	probeAddr  = "127.0.0.99"
	// maxCalls bounds every loop of calls, far above what a run makes.
	maxCalls = 100_000
)

var scenarios = map[string]time.Duration{"greedy-polite": 40 * time.Second, "ten-flows": 60 * time.Second, "alone": 0, "keys": 30 * time.Second}

type server struct {
	cmd       *exec.Cmd
	log       string
	httpAddr  string
	adminAddr string
	exited    chan struct{}
	exitErr   error
	once      sync.Once
}

// startPos is the position of every call: --variant's start position, its variant and text, as
// the server gives it.
var startPos map[string]string

// current is the running child, stopped on a fatal error or an interrupt; workDir is removed then.
var (
	currentMu sync.Mutex
	current   *server
	workDir   string
)

func main() {
	binary := flag.String("binary", "", "ashtapada binary (default: build ./cmd/ashtapada)")
	duration := flag.Duration("duration", 0, "how long greedy-polite, ten-flows and keys run (default: 40s, 60s, 30s)")
	variant := flag.String("variant", "chaturanga", "the variant whose start position (from the server) the searches and the probe are on")
	var env, flags []string
	flag.Func("env", "KEY=VALUE for the server (repeatable)", func(v string) error {
		if !strings.Contains(v, "=") {
			return errors.New("want KEY=VALUE")
		}
		env = append(env, v)
		return nil
	})
	flag.Func("flag", "a flag for `ashtapada serve` (repeatable)", func(v string) error { flags = append(flags, v); return nil })
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "fairness: name a scenario: greedy-polite, ten-flows, alone, keys")
		os.Exit(2)
	}
	for _, sc := range flag.Args() {
		if _, ok := scenarios[sc]; !ok {
			fmt.Fprintln(os.Stderr, "fairness: unknown scenario", sc)
			os.Exit(2)
		}
	}
	if *duration < 0 {
		fmt.Fprintln(os.Stderr, "fairness: --duration must not be negative")
		os.Exit(2)
	}
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	go func() {
		<-sig
		cleanUp()
		os.Exit(130)
	}()
	dir, err := os.MkdirTemp("", "fairness")
	check(err)
	currentMu.Lock()
	workDir = dir
	currentMu.Unlock()
	defer cleanUp()
	if *binary == "" {
		*binary = filepath.Join(dir, "ashtapada")
		build := exec.Command("go", "build", "-o", *binary, "./cmd/ashtapada")
		build.Stderr = os.Stderr
		check(build.Run())
	}
	for _, sc := range flag.Args() {
		d := scenarios[sc]
		if *duration > 0 && d > 0 {
			d = *duration
		}
		serveFlags := flags
		var keys *keyPair
		if sc == "keys" {
			keys = newKeys(dir)
			serveFlags = append(slices.Clone(flags), "--api-keys", keys.file)
		}
		s := start(*binary, dir, env, serveFlags)
		if d > 0 {
			fmt.Printf("== %s (%v; env %v, flags %v)\n", sc, d, env, flags)
		} else {
			fmt.Printf("== %s (env %v, flags %v)\n", sc, env, flags)
		}
		fmt.Printf("  analysis slots %s\n", s.metricText("ashtapada_analysis_slots"))
		probeKey := ""
		if keys != nil {
			probeKey = keys.heavy // the rules calls take it too, with --api-keys-rules
		}
		startPos = startPosition(s, probeKey, *variant)
		idle := probe(s, probeKey, nil, 5*time.Second)
		stopProbe := make(chan struct{})
		during := make(chan probeResult, 1)
		go func() { during <- probe(s, probeKey, stopProbe, d+5*time.Minute) }()
		t0 := time.Now()
		switch sc {
		case "greedy-polite":
			greedyPolite(s, d)
		case "ten-flows":
			tenFlows(s, d)
		case "alone":
			alone(s)
		case "keys":
			keysScenario(s, d, keys)
		}
		close(stopProbe)
		busy := <-during
		fmt.Printf("  ListLegalMoves p99 idle %s, during %s; p50 idle %s, during %s (from %s: %d calls idle, %d during, %s)\n",
			ms(idle.pct(0.99)), ms(busy.pct(0.99)), ms(idle.pct(0.50)), ms(busy.pct(0.50)), probeAddr, len(idle.lat), len(busy.lat),
			busy.failures())
		fmt.Printf("  server: slot time by class %s; refusals %s\n", s.seriesText("ashtapada_analysis_served_seconds_total", "s"),
			s.seriesText("ashtapada_analysis_refusals_total", ""))
		s.stop()
		if s.exitErr != nil {
			fmt.Printf("  the server exited with %v\n", s.exitErr)
		}
		if keys != nil {
			keys.checkLog(s)
		}
		fmt.Printf("  (%s)\n", time.Since(t0).Round(time.Second))
	}
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "fairness:", err)
		cleanUp()
		os.Exit(1)
	}
}

func cleanUp() {
	currentMu.Lock()
	s, dir := current, workDir
	currentMu.Unlock()
	if s != nil {
		s.stop()
	}
	if dir != "" {
		_ = os.RemoveAll(dir)
	}
}

func start(binary, dir string, env, flags []string) *server {
	s := &server{log: filepath.Join(dir, fmt.Sprintf("server-%d.log", time.Now().UnixNano())), exited: make(chan struct{})}
	out, err := os.Create(s.log)
	check(err)
	defer out.Close()
	args := append([]string{"serve", "--grpc-addr", "127.0.0.1:0", "--http-addr", "127.0.0.1:0", "--admin-addr", "127.0.0.1:0"}, flags...)
	s.cmd = exec.Command(binary, args...)
	s.cmd.Env = append(os.Environ(), env...)
	s.cmd.Stdout, s.cmd.Stderr = out, out
	check(s.cmd.Start())
	go func() {
		s.exitErr = s.cmd.Wait()
		close(s.exited)
	}()
	currentMu.Lock()
	current = s
	currentMu.Unlock()
	for range 500 {
		b, _ := os.ReadFile(s.log)
		if i := bytes.Index(b, []byte(`"serving"`)); i >= 0 {
			line := string(b[i:])
			s.httpAddr, s.adminAddr = field(line, "http_addr"), field(line, "admin_addr")
			time.Sleep(300 * time.Millisecond) // let the idle server settle
			return s
		}
		select {
		case <-s.exited:
			b, _ = os.ReadFile(s.log)
			check(fmt.Errorf("the server exited (%v):\n%s", s.exitErr, excerpt(b)))
		case <-time.After(20 * time.Millisecond):
		}
	}
	b, _ := os.ReadFile(s.log)
	check(fmt.Errorf("the server did not start:\n%s", excerpt(b)))
	return nil
}

// excerpt is the start and the end of a long log.
func excerpt(b []byte) string {
	if len(b) > 2000 {
		return string(b[:800]) + "\n...\n" + string(b[len(b)-1000:])
	}
	return string(b)
}

func field(line, name string) string {
	i := strings.Index(line, `"`+name+`":"`)
	if i < 0 {
		return ""
	}
	rest := line[i+len(name)+4:]
	return rest[:strings.IndexByte(rest, '"')]
}

func (s *server) stop() {
	s.once.Do(func() {
		_ = s.cmd.Process.Signal(os.Interrupt)
		select {
		case <-s.exited:
		case <-time.After(30 * time.Second):
			_ = s.cmd.Process.Kill()
			<-s.exited
		}
		currentMu.Lock()
		if current == s {
			current = nil
		}
		currentMu.Unlock()
	})
}

func (s *server) base() string { return "http://" + s.httpAddr }

// series reads every series of a metric from the admin port's /metrics, by their labels.
func (s *server) series(name string) map[string]float64 {
	out := map[string]float64{}
	if s.adminAddr == "" {
		return out
	}
	c := &http.Client{Timeout: 5 * time.Second}
	resp, err := c.Get("http://" + s.adminAddr + "/metrics")
	if err != nil {
		return out
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 16<<20))
	for _, l := range strings.Split(string(b), "\n") {
		rest, ok := strings.CutPrefix(l, name)
		if !ok || rest == "" || rest[0] != ' ' && rest[0] != '{' {
			continue
		}
		labels := ""
		if rest[0] == '{' {
			end := strings.LastIndexByte(rest, '}')
			if end < 0 {
				continue
			}
			labels, rest = rest[1:end], rest[end+1:]
		}
		if v, err := strconv.ParseFloat(strings.TrimSpace(rest), 64); err == nil {
			out[labels] = v
		}
	}
	return out
}

func (s *server) metricText(name string) string {
	if v, ok := s.series(name)[""]; ok {
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	return "n/a"
}

// seriesText is a metric's series in one line: the label values, then the value.
func (s *server) seriesText(name, unit string) string {
	m := s.series(name)
	if len(m) == 0 {
		return "none"
	}
	var parts []string
	for labels, v := range m {
		var vals []string
		for _, kv := range strings.Split(labels, ",") {
			if _, val, ok := strings.Cut(kv, "="); ok {
				vals = append(vals, strings.Trim(val, `"`))
			}
		}
		parts = append(parts, fmt.Sprintf("%s %s%s", strings.Join(vals, "/"), strconv.FormatFloat(v, 'f', 1, 64), unit))
	}
	sort.Strings(parts)
	return strings.Join(parts, ", ")
}

// client is an HTTP client whose connections come from the loopback address local.
func client(local string) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(local)}, Timeout: 5 * time.Second}
	return &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{DialContext: d.DialContext,
		MaxIdleConnsPerHost: 16, IdleConnTimeout: time.Minute}}
}

// startPosition asks the server for the variant's start position, with the API key if there is
// one, and returns its variant and text.
func startPosition(s *server, key, variant string) map[string]string {
	req, err := http.NewRequest(http.MethodPost, s.base()+"/v1/variants/"+url.PathEscape(variant)+":start", strings.NewReader("{}"))
	check(err)
	req.Header.Set("Content-Type", "application/json")
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	c := client(probeAddr)
	defer c.CloseIdleConnections()
	resp, err := c.Do(req)
	check(err)
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	check(err)
	if resp.StatusCode != http.StatusOK {
		check(fmt.Errorf("the start position of %s: %s %s", variant, resp.Status, data))
	}
	var answer struct {
		Position struct {
			Variant string `json:"variant"`
			Text    string `json:"text"`
		} `json:"position"`
	}
	check(json.Unmarshal(data, &answer))
	return map[string]string{"variant": answer.Position.Variant, "text": answer.Position.Text}
}

func searchBody(limit time.Duration) map[string]any {
	return map[string]any{"position": startPos, "time_limit": strconv.FormatFloat(limit.Seconds(), 'f', -1, 64) + "s"}
}

// searchAnswer is what the tool reads of a SearchResponse.
type searchAnswer struct {
	Nodes          number `json:"nodes"`
	NodesPerSecond number `json:"nodes_per_second"`
	Elapsed        string `json:"elapsed"`
	Depth          int    `json:"depth"`
	Complete       bool   `json:"complete"`
}

func (a searchAnswer) elapsed() time.Duration {
	d, _ := time.ParseDuration(a.Elapsed)
	return d
}

// number is a JSON number, or a string holding one (64-bit integers, NaN).
type number float64

func (n *number) UnmarshalJSON(b []byte) error {
	v, err := strconv.ParseFloat(strings.Trim(string(b), `"`), 64)
	*n = number(v)
	return err
}

// reply is one call's outcome.
type reply struct {
	status     int // 0: no answer (err)
	latency    time.Duration
	reason     string // the error's reason, or its status
	retryAfter string
	wwwAuth    string
	search     searchAnswer
	err        error
}

// what names a call's outcome: its status and reason, or its error.
func (r reply) what() string {
	switch {
	case r.status == 0 && r.err != nil:
		var ne net.Error
		if errors.As(r.err, &ne) && ne.Timeout() {
			return "timeout"
		}
		return "error"
	case r.reason != "":
		return fmt.Sprintf("%d %s", r.status, r.reason)
	case r.err != nil:
		return fmt.Sprintf("%d unreadable", r.status)
	}
	return strconv.Itoa(r.status)
}

func post(c *http.Client, base, path, key string, body any) reply {
	b, err := json.Marshal(body)
	if err != nil {
		return reply{err: err}
	}
	req, err := http.NewRequest(http.MethodPost, base+path, bytes.NewReader(b))
	if err != nil {
		return reply{err: err}
	}
	req.Header.Set("Content-Type", "application/json")
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	t0 := time.Now()
	resp, err := c.Do(req)
	if err != nil {
		return reply{err: err, latency: time.Since(t0)}
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 8<<20))
	r := reply{status: resp.StatusCode, latency: time.Since(t0), retryAfter: resp.Header.Get("Retry-After"),
		wwwAuth: resp.Header.Get("WWW-Authenticate"), err: err}
	if err != nil {
		return r
	}
	if resp.StatusCode != http.StatusOK {
		var e struct {
			Error struct {
				Status  string `json:"status"`
				Details []struct {
					Reason string `json:"reason"`
				} `json:"details"`
			} `json:"error"`
		}
		if json.Unmarshal(data, &e) == nil {
			r.reason = e.Error.Status
			for _, d := range e.Error.Details {
				if d.Reason != "" {
					r.reason = d.Reason
					break
				}
			}
		}
	} else if path == searchPath {
		r.err = json.Unmarshal(data, &r.search)
	}
	return r
}

// tally is what one flow's calls got.
type tally struct {
	mu       sync.Mutex
	answered int
	refused  map[string]int // 429s by reason
	other    map[string]int // other outcomes
	served   time.Duration  // the answers' elapsed, summed
	nodes    float64
	lat      []time.Duration // of the answered calls
	retry    []int           // the refusals' Retry-After, in seconds
}

func newTally() *tally { return &tally{refused: map[string]int{}, other: map[string]int{}} }

func (t *tally) add(r reply) {
	t.mu.Lock()
	defer t.mu.Unlock()
	switch {
	case r.status == http.StatusOK && r.err == nil:
		t.answered++
		t.served += r.search.elapsed()
		t.nodes += float64(r.search.Nodes)
		t.lat = append(t.lat, r.latency)
	case r.status == http.StatusTooManyRequests:
		t.refused[r.reason]++
		if n, err := strconv.Atoi(r.retryAfter); err == nil {
			t.retry = append(t.retry, n)
		} else {
			t.other["429 without Retry-After"]++
		}
	default:
		t.other[r.what()]++
	}
}

// refusals is the refused calls in one line: how many, why, and their Retry-After.
func (t *tally) refusals() string {
	n := total(t.refused)
	if n == 0 {
		return "0 refused"
	}
	if len(t.retry) == 0 {
		return fmt.Sprintf("%d refused (%s; no Retry-After)", n, counts(t.refused))
	}
	return fmt.Sprintf("%d refused (%s; Retry-After %d-%d s)", n, counts(t.refused), slices.Min(t.retry), slices.Max(t.retry))
}

func total(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

// counts is a map of counts in one line, "none" when empty.
func counts(m map[string]int) string {
	if len(m) == 0 {
		return "none"
	}
	var parts []string
	for k, v := range m {
		parts = append(parts, fmt.Sprintf("%s %d", k, v))
	}
	sort.Strings(parts)
	return strings.Join(parts, ", ")
}

// keepGoing makes searches of limit one after another until end: the next starts as soon as the
// last is answered or refused (after 100 ms on any other outcome).
func keepGoing(c *http.Client, base, key string, limit time.Duration, end time.Time, t *tally) {
	body := searchBody(limit)
	for n := 0; n < maxCalls && time.Now().Before(end); n++ {
		r := post(c, base, searchPath, key, body)
		t.add(r)
		if r.status != http.StatusOK && r.status != http.StatusTooManyRequests {
			time.Sleep(100 * time.Millisecond)
		}
	}
}

// group runs n loops of keepGoing from local.
func group(wg *sync.WaitGroup, s *server, local, key string, n int, limit time.Duration, end time.Time) *tally {
	t := newTally()
	c := client(local)
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			keepGoing(c, s.base(), key, limit, end, t)
		}()
	}
	return t
}

type probeResult struct {
	lat    []time.Duration
	failed map[string]int
}

// probe calls ListLegalMoves from probeAddr every 20 ms until stop is closed or limit passes.
func probe(s *server, key string, stop <-chan struct{}, limit time.Duration) probeResult {
	res := probeResult{failed: map[string]int{}}
	c := client(probeAddr)
	body := map[string]any{"position": startPos}
	end := time.Now().Add(limit)
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for n := 0; n < maxCalls && time.Now().Before(end); n++ {
		select {
		case <-stop:
			return res
		case <-tick.C:
		}
		r := post(c, s.base(), movesPath, key, body)
		if r.status == http.StatusOK && r.err == nil {
			res.lat = append(res.lat, r.latency)
		} else {
			res.failed[r.what()]++
		}
	}
	return res
}

func (p probeResult) pct(q float64) time.Duration { return percentile(p.lat, q) }

func (p probeResult) failures() string {
	if len(p.failed) == 0 {
		return "no failures"
	}
	return "failed: " + counts(p.failed)
}

// percentile is the nearest-rank percentile q of ds, 0 when empty.
func percentile(ds []time.Duration, q float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	i := int(math.Ceil(q*float64(len(s)))) - 1
	return s[min(max(i, 0), len(s)-1)]
}

func ms(d time.Duration) string { return fmt.Sprintf("%.2f ms", float64(d)/float64(time.Millisecond)) }

func secs(d time.Duration) string { return fmt.Sprintf("%.2f s", d.Seconds()) }

// jain is Jain's fairness index of xs: 1 when all are equal, 1/n when one has everything.
func jain(xs []float64) float64 {
	var sum, sq float64
	for _, x := range xs {
		sum += x
		sq += x * x
	}
	if sq == 0 {
		return math.NaN()
	}
	return sum * sum / (float64(len(xs)) * sq)
}

func mean(xs []float64) float64 {
	var sum float64
	for _, x := range xs {
		sum += x
	}
	return sum / float64(len(xs))
}

func greedyPolite(s *server, d time.Duration) {
	const politeAddr, greedyAddr = "127.0.0.3", "127.0.0.2"
	start := time.Now()
	end := start.Add(d)
	var wg sync.WaitGroup
	greedy := group(&wg, s, greedyAddr, "", 4, 5*time.Second, end)
	type ask struct {
		at time.Duration
		r  reply
	}
	var mu sync.Mutex
	var asks []ask
	pc := client(politeAddr)
	body := searchBody(200 * time.Millisecond)
	// The first a second in, once the greedy address's searches run.
	for at := time.Second; at < d; at += 2 * time.Second {
		time.Sleep(time.Until(start.Add(at)))
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := post(pc, s.base(), searchPath, "", body)
			mu.Lock()
			asks = append(asks, ask{at, r})
			mu.Unlock()
		}()
	}
	wg.Wait()
	slices.SortFunc(asks, func(a, b ask) int { return int(a.at - b.at) })
	var lat []time.Duration
	var each []string
	answered, within := 0, 0
	for _, a := range asks {
		item := fmt.Sprintf("%.0f", float64(a.r.latency)/float64(time.Millisecond))
		if a.r.status == http.StatusOK && a.r.err == nil {
			answered++
			lat = append(lat, a.r.latency)
			if a.r.latency <= 1500*time.Millisecond {
				within++
			}
		} else {
			item += "[" + a.r.what()
			if a.r.retryAfter != "" {
				item += " Retry-After " + a.r.retryAfter
			}
			item += "]"
		}
		each = append(each, item)
	}
	fmt.Printf("  polite %s: %d/%d answered; latency median %s, max %s; within 1.5 s %d/%d\n", politeAddr, answered, len(asks),
		ms(percentile(lat, 0.5)), ms(percentile(lat, 1)), within, len(asks))
	fmt.Printf("    each (ms, in order): %s\n", strings.Join(each, " "))
	fmt.Printf("  greedy %s: %d answered (served %s by elapsed, %.1f M nodes), %s, other %s\n", greedyAddr, greedy.answered,
		secs(greedy.served), greedy.nodes/1e6, greedy.refusals(), counts(greedy.other))
}

func tenFlows(s *server, d time.Duration) {
	end := time.Now().Add(d)
	var wg sync.WaitGroup
	var addrs []string
	var tallies []*tally
	for i := 10; i <= 19; i++ {
		addr := fmt.Sprintf("127.0.0.%d", i)
		addrs = append(addrs, addr)
		tallies = append(tallies, group(&wg, s, addr, "", 2, time.Second, end))
	}
	wg.Wait()
	served := make([]float64, len(tallies))
	nodes := make([]float64, len(tallies))
	for i, t := range tallies {
		served[i], nodes[i] = t.served.Seconds(), t.nodes
	}
	ma, mn := mean(served), mean(nodes)
	w := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(w, "  address\tanswered\trefused\tother\tserved s (elapsed)\tdev\tM nodes\tdev\t")
	for i, t := range tallies {
		fmt.Fprintf(w, "  %s\t%d\t%d\t%d\t%.2f\t%+.1f%%\t%.1f\t%+.1f%%\t\n", addrs[i], t.answered, total(t.refused), total(t.other),
			served[i], 100*(served[i]-ma)/ma, nodes[i]/1e6, 100*(nodes[i]-mn)/mn)
	}
	w.Flush()
	fmt.Printf("  mean served %.2f s, %.1f M nodes; Jain's index %.4f by served time, %.4f by nodes\n", ma, mn/1e6, jain(served), jain(nodes))
}

func alone(s *server) {
	r := post(client("127.0.0.50"), s.base(), searchPath, "", searchBody(3*time.Second))
	if r.status != http.StatusOK || r.err != nil {
		fmt.Printf("  the search failed: %s %v\n", r.what(), r.err)
		return
	}
	a := r.search
	fmt.Printf("  3 s search: %.0f nodes, %.3f M nodes/s, depth %d, elapsed %s, latency %s\n", float64(a.Nodes),
		float64(a.NodesPerSecond)/1e6, a.Depth, a.Elapsed, secs(r.latency))
}

// keyPair is the keys scenario's two API keys and their file.
type keyPair struct {
	heavy, light, wrong string
	file                string
}

func randomKey() string {
	b := make([]byte, 24)
	_, err := rand.Read(b)
	check(err)
	return hex.EncodeToString(b)
}

func newKeys(dir string) *keyPair {
	k := &keyPair{heavy: randomKey(), light: randomKey(), wrong: randomKey()}
	hash := func(key string) string { h := sha256.Sum256([]byte(key)); return hex.EncodeToString(h[:]) }
	entries := []map[string]any{
		{"name": "heavy", "sha256": hash(k.heavy), "weight": 2},
		{"name": "light", "sha256": hash(k.light), "weight": 1},
	}
	b, err := json.Marshal(entries)
	check(err)
	k.file = filepath.Join(dir, fmt.Sprintf("keys-%d.json", time.Now().UnixNano()))
	check(os.WriteFile(k.file, b, 0o600))
	return k
}

func keysScenario(s *server, d time.Duration, k *keyPair) {
	c := client("127.0.0.32")
	short := searchBody(100 * time.Millisecond)
	none := post(c, s.base(), searchPath, "", short)
	verdict := "ok"
	if none.status != http.StatusUnauthorized || none.wwwAuth == "" {
		verdict = "NOT 401 with WWW-Authenticate"
	}
	fmt.Printf("  without a key: %s, WWW-Authenticate %q (%s)\n", none.what(), none.wwwAuth, verdict)
	wrong := post(c, s.base(), searchPath, k.wrong, short)
	verdict = "ok"
	if wrong.status != http.StatusUnauthorized {
		verdict = "NOT 401"
	}
	fmt.Printf("  with a wrong key: %s, WWW-Authenticate %q (%s)\n", wrong.what(), wrong.wwwAuth, verdict)

	end := time.Now().Add(d)
	var wg sync.WaitGroup
	heavy := group(&wg, s, "127.0.0.30", k.heavy, 2, time.Second, end)
	light := group(&wg, s, "127.0.0.31", k.light, 2, time.Second, end)
	wg.Wait()
	for _, g := range []struct {
		name string
		t    *tally
	}{{"heavy (weight 2)", heavy}, {"light (weight 1)", light}} {
		fmt.Printf("  %s: %d answered, served %s by elapsed (%.1f M nodes), %s, other %s\n", g.name, g.t.answered,
			secs(g.t.served), g.t.nodes/1e6, g.t.refusals(), counts(g.t.other))
	}
	ratio := func(a, b float64) string {
		if b == 0 {
			return "n/a"
		}
		return fmt.Sprintf("%.2f", a/b)
	}
	slot := s.series("ashtapada_analysis_served_seconds_total")
	sh, okh := slot[`class="heavy"`]
	sl, okl := slot[`class="light"`]
	bySlot := "n/a"
	if okh && okl {
		bySlot = fmt.Sprintf("%s (%.2f s / %.2f s)", ratio(sh, sl), sh, sl)
	}
	fmt.Printf("  heavy / light (want 2): by served time (elapsed) %s, by nodes %s, by the server's slot time %s\n",
		ratio(heavy.served.Seconds(), light.served.Seconds()), ratio(heavy.nodes, light.nodes), bySlot)
}

// checkLog looks for the keys in the stopped server's log.
func (k *keyPair) checkLog(s *server) {
	b, err := os.ReadFile(s.log)
	if err != nil {
		fmt.Printf("  the server's log: %v\n", err)
		return
	}
	lines := bytes.Count(b, []byte("\n"))
	for _, key := range []struct{ name, key string }{{"heavy", k.heavy}, {"light", k.light}, {"wrong", k.wrong}} {
		n := bytes.Count(b, []byte(key.key))
		verdict := "ok"
		if n > 0 {
			verdict = "LEAKED"
		}
		fmt.Printf("  key %s appears %d times in the server's log of %d lines (%s)\n", key.name, n, lines, verdict)
	}
}
