//go:build linux

package deploy_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"text/template"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/stats"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
)

const (
	replicas = 3
	// Workers per transport; each makes one call at a time.
	workers = 4
	// Load runs for beforeKill with every replica up, then for afterKill with one SIGKILLed.
	beforeKill = 2500 * time.Millisecond
	afterKill  = 2500 * time.Millisecond
	// A bound on the calls, whatever the machine's speed.
	maxCalls = 200000
	variant  = "chaturanga"
)

// Three replicas of the built server behind nginx on loopback, called over gRPC and HTTP/JSON
// through it. The load spreads over all three; one replica is SIGKILLed mid-load, and no client
// call fails: nginx makes the JSON calls again on another replica, and the gRPC calls it had not
// yet sent; those the dead replica had taken come back UNAVAILABLE and the client's retry policy
// makes them again. The one exception is a gRPC answer the replica had begun to send when it died:
// its headers have reached the client, which may then retry nothing, and nginx resets the stream.
// Each such call must match a line of nginx's error log saying so. The other two replicas keep
// serving.
func TestScaleOutBehindNginx(t *testing.T) {
	nginxBin := findNginx(t)
	bin := buildServer(t)

	reps := make([]*replica, replicas)
	for i := range reps {
		reps[i] = startReplica(t, bin, i)
	}
	ng := startNginx(t, nginxBin, reps)

	// The clients' retry policy from grpc_service_config.json: nginx cannot retry a gRPC call
	// whose replica died after it was sent, and answers it UNAVAILABLE.
	serviceConfig, err := os.ReadFile("grpc_service_config.json")
	if err != nil {
		t.Fatal(err)
	}
	attempts := &attemptCounter{}
	conn, err := grpc.NewClient(ng.grpcAddr, grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithDefaultServiceConfig(string(serviceConfig)), grpc.WithStatsHandler(attempts))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	rules := pb.NewRulesServiceClient(conn)
	httpc := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: workers}, Timeout: 20 * time.Second}
	defer httpc.CloseIdleConnections()

	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	start, err := rules.StartPosition(ctx, &pb.StartPositionRequest{Variant: variant})
	if err != nil {
		t.Fatalf("StartPosition through nginx: %v", err)
	}
	pos := &pb.Position{Variant: variant, Text: start.GetPosition().GetText()}
	list, err := rules.ListLegalMoves(ctx, &pb.ListLegalMovesRequest{Position: pos})
	if err != nil {
		t.Fatalf("ListLegalMoves through nginx: %v", err)
	}
	wantMoves := len(list.GetMoves())
	if wantMoves == 0 {
		t.Fatalf("no legal moves from the start position %q", pos.GetText())
	}
	var moves []string
	for _, m := range list.GetMoves() {
		moves = append(moves, m.GetNotation())
	}
	warmup := 2

	c := &caller{rules: rules, httpc: httpc, httpURL: "http://" + ng.httpAddr, pos: pos, moves: moves, wantMoves: wantMoves}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		for _, overHTTP := range []bool{false, true} {
			wg.Add(1)
			go func(w int, overHTTP bool) {
				defer wg.Done()
				for n := 0; ; n++ {
					select {
					case <-stop:
						return
					default:
					}
					if c.calls.Load() >= maxCalls {
						return
					}
					c.call(ctx, overHTTP, n, w)
				}
			}(w, overHTTP)
		}
	}

	time.Sleep(beforeKill)
	victim := reps[1]
	victim.kill(t)
	killedAt := time.Now()
	// The victim's last lines are in the pipe: read them all before taking the counts.
	<-victim.logDone
	logged := make([]int64, replicas)
	for i, r := range reps {
		logged[i] = r.served.Load()
	}
	time.Sleep(afterKill)
	close(stop)
	wg.Wait()

	grpcOK, httpOK, failures := c.okGRPC.Load(), c.okHTTP.Load(), c.failed.Load()
	transparent := attempts.transparent.Load()
	clientRetries := attempts.n.Load() - grpcOK - c.failedGRPC.Load() - int64(warmup) - transparent
	nl := ng.readAccessLog(t, killedAt)
	t.Logf("client calls: %d gRPC and %d HTTP/JSON answered, %d failed; gRPC calls retried by the client's policy: %d (and %d transparently)",
		grpcOK, httpOK, failures, clientRetries, transparent)
	for _, tr := range []string{"grpc", "http"} {
		t.Logf("nginx %s: answered by replica before/after the kill: %v / %v; calls retried on another replica: %d; attempts failed: %d; answered UNAVAILABLE: %d",
			tr, nl.before[tr], nl.after[tr], nl.retried[tr], nl.failedAttempts[tr], nl.unavailable[tr])
	}

	if failures > 0 {
		t.Errorf("%d client calls failed; first: %s", failures, c.firstErr())
	}
	if torn := c.torn.Load(); torn > 0 {
		cut := ng.answersCut(t)
		t.Logf("gRPC answers cut off by the kill: %d at the client, %d in nginx's error log", torn, cut)
		if torn > int64(cut) {
			t.Errorf("%d gRPC calls reset, but nginx cut only %d answers under way", torn, cut)
		}
	}
	if grpcOK == 0 || httpOK == 0 {
		t.Fatalf("gRPC calls %d, HTTP calls %d: both transports must have carried load", grpcOK, httpOK)
	}
	// Round robin gives each replica a third; a quarter shows every one had its share, over each
	// transport, and after the kill each survivor a quarter of what was left.
	for _, tr := range []string{"grpc", "http"} {
		spread := func(counts []int, when string, skip int) {
			total := 0
			for _, n := range counts {
				total += n
			}
			for i, n := range counts {
				if i != skip && n*4 < total {
					t.Errorf("%s %s: replica %d answered %d of %d calls: the load did not spread", tr, when, i, n, total)
				}
			}
		}
		spread(nl.before[tr], "before the kill", -1)
		spread(nl.after[tr], "after the kill", 1)
	}
	// The kill must have been met by a retry, or the test proved nothing: the JSON calls by
	// nginx, the gRPC calls by nginx (not yet sent) or by the client (UNAVAILABLE from nginx).
	if nl.retried["http"] == 0 {
		t.Error("nginx retried no HTTP call on another replica after the kill")
	}
	if nl.retried["grpc"]+int(clientRetries) == 0 {
		t.Error("no gRPC call was retried after the kill, by nginx or by the client")
	}

	// The replicas' own logs: every one answered calls before the kill, and the survivors after
	// it. The logs may sample or buffer lines, so they show that calls were served, not how many.
	deadline := time.Now().Add(3 * time.Second)
	for i, r := range reps {
		if r == victim {
			continue
		}
		for r.served.Load() <= logged[i] && time.Now().Before(deadline) {
			time.Sleep(50 * time.Millisecond)
		}
	}
	for i, r := range reps {
		t.Logf("replica %d: logged %d calls answered before the kill, %d after%s", i, logged[i], r.served.Load()-logged[i],
			map[bool]string{true: " (killed)"}[r == victim])
		if r == victim {
			continue
		}
		// A survivor's own count of the calls it answered is exactly the count of nginx's
		// attempts it answered: nothing was lost or counted twice between them.
		served := r.metricsServed(t)
		answered := nl.before["grpc"][i] + nl.after["grpc"][i] + nl.before["http"][i] + nl.after["http"][i]
		t.Logf("replica %d: /metrics counts %d rules calls answered, nginx %d", i, served, answered)
		if served != answered {
			t.Errorf("replica %d answered %d rules calls by its /metrics, nginx counts %d", i, served, answered)
		}
		if logged[i] == 0 {
			t.Errorf("replica %d logged no call before the kill", i)
		}
		if r != victim {
			if r.served.Load() == logged[i] {
				t.Errorf("replica %d logged no call after the kill", i)
			}
			if r.exited() {
				t.Errorf("replica %d exited", i)
			}
		}
	}
}

// attemptCounter counts the client's attempts: n all of them, transparent those that grpc-go
// made again by itself because the first never reached a server (a connection nginx was closing).
type attemptCounter struct{ n, transparent atomic.Int64 }

func (a *attemptCounter) TagRPC(ctx context.Context, _ *stats.RPCTagInfo) context.Context { return ctx }
func (a *attemptCounter) HandleRPC(_ context.Context, s stats.RPCStats) {
	if b, ok := s.(*stats.Begin); ok && b.IsClient() {
		a.n.Add(1)
		if b.IsTransparentRetryAttempt {
			a.transparent.Add(1)
		}
	}
}
func (a *attemptCounter) TagConn(ctx context.Context, _ *stats.ConnTagInfo) context.Context {
	return ctx
}
func (a *attemptCounter) HandleConn(context.Context, stats.ConnStats) {}

// findNginx returns the nginx binary: $ASHTAPADA_NGINX, else nginx on the PATH or in /usr/sbin.
// Without one the test is skipped, unless ASHTAPADA_REQUIRE_NGINX is set, as CI sets it.
func findNginx(t *testing.T) string {
	t.Helper()
	required := os.Getenv("ASHTAPADA_REQUIRE_NGINX") != ""
	if testing.Short() && !required {
		t.Skip("loads the machine for several seconds; not in -short mode")
	}
	candidates := []string{os.Getenv("ASHTAPADA_NGINX")}
	if candidates[0] == "" {
		candidates = []string{"nginx", "/usr/sbin/nginx"}
	}
	for _, c := range candidates {
		if p, err := exec.LookPath(c); err == nil {
			return p
		}
	}
	if required {
		t.Fatalf("nginx not found as %v (Debian: apt-get install nginx), and ASHTAPADA_REQUIRE_NGINX is set", candidates)
	}
	t.Skipf("nginx not found as %v (Debian: apt-get install nginx); set ASHTAPADA_REQUIRE_NGINX=1 to fail instead", candidates)
	return ""
}

// buildServer builds cmd/ashtapada as the image does.
func buildServer(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "ashtapada")
	cmd := exec.Command("go", "build", "-trimpath", "-o", bin, "./cmd/ashtapada")
	cmd.Dir = ".."
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

type replica struct {
	cmd                *exec.Cmd
	grpcAddr, httpAddr string
	// served counts the rules calls the replica logged as answered.
	served  atomic.Int64
	logDone chan struct{}
	waited  chan struct{}
	mu      sync.Mutex
	tail    []string
}

// startReplica runs `ashtapada serve` on free loopback ports and reads the addresses it chose
// from its "serving" log line.
func startReplica(t *testing.T, bin string, i int) *replica {
	t.Helper()
	r := &replica{logDone: make(chan struct{}), waited: make(chan struct{})}
	// nginx, on loopback, is the proxy in front: its connections are not one client's.
	r.cmd = exec.Command(bin, "serve", "--grpc-addr", "127.0.0.1:0", "--http-addr", "127.0.0.1:0", "--trusted-proxies", "127.0.0.1", "--public-metrics")
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	r.cmd.Stderr = pw
	r.cmd.Stdout = pw
	if err := r.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	pw.Close()
	go func() { _ = r.cmd.Wait(); close(r.waited) }()
	t.Cleanup(func() {
		// Killed, not stopped: a graceful stop would wait out the server's drain delay, and
		// shutting down is not what this test is about.
		if !r.exited() {
			_ = r.cmd.Process.Kill()
			<-r.waited
		}
		if t.Failed() {
			t.Logf("replica %d log tail:\n%s", i, strings.Join(r.lastLines(), "\n"))
		}
	})
	addrs := make(chan [2]string, 1)
	go r.readLog(pr, addrs)
	select {
	case a := <-addrs:
		r.grpcAddr, r.httpAddr = a[0], a[1]
	case <-r.waited:
		t.Fatalf("replica %d exited before serving:\n%s", i, strings.Join(r.lastLines(), "\n"))
	case <-time.After(15 * time.Second):
		t.Fatalf("replica %d did not log its addresses:\n%s", i, strings.Join(r.lastLines(), "\n"))
	}
	return r
}

// readLog parses the replica's JSON log, one object a line, counting the calls it answered.
func (r *replica) readLog(rd io.ReadCloser, addrs chan<- [2]string) {
	defer close(r.logDone)
	defer rd.Close()
	sc := bufio.NewScanner(rd)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		line := sc.Bytes()
		r.keep(string(line))
		var e struct {
			Msg      string `json:"msg"`
			Method   string `json:"method"`
			Code     string `json:"code"`
			GRPCAddr string `json:"grpc_addr"`
			HTTPAddr string `json:"http_addr"`
		}
		if json.Unmarshal(line, &e) != nil {
			continue
		}
		switch {
		case e.Msg == "serving" && e.GRPCAddr != "":
			addrs <- [2]string{e.GRPCAddr, e.HTTPAddr}
		case e.Msg == "call" && strings.HasPrefix(e.Method, "/ashtapada.v1.RulesService/") && e.Code == "OK":
			r.served.Add(1)
		}
	}
}

// metricsServed sums grpc_server_handled_total over the RulesService's OK calls, from the
// replica's /metrics, which the replicas serve publicly (--public-metrics).
func (r *replica) metricsServed(t *testing.T) (served int) {
	t.Helper()
	resp, err := http.Get("http://" + r.httpAddr + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("/metrics: HTTP %d, %v", resp.StatusCode, err)
	}
	found := false
	for _, line := range strings.Split(string(body), "\n") {
		if !strings.HasPrefix(line, "grpc_server_handled_total{") || !strings.Contains(line, `grpc_service="ashtapada.v1.RulesService"`) ||
			!strings.Contains(line, `grpc_code="OK"`) {
			continue
		}
		var v float64
		if _, err := fmt.Sscan(line[strings.LastIndexByte(line, ' ')+1:], &v); err != nil {
			t.Fatalf("/metrics line %q: %v", line, err)
		}
		served += int(v)
		found = true
	}
	if !found {
		t.Fatalf("/metrics has no grpc_server_handled_total for the RulesService's OK calls:\n%s", body)
	}
	return served
}

func (r *replica) keep(line string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.tail = append(r.tail, line)
	if len(r.tail) > 20 {
		r.tail = r.tail[1:]
	}
}

func (r *replica) lastLines() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.tail...)
}

func (r *replica) exited() bool {
	select {
	case <-r.waited:
		return true
	default:
		return false
	}
}

func (r *replica) kill(t *testing.T) {
	t.Helper()
	if err := r.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	<-r.waited
}

type upstreamOf struct {
	transport string
	replica   int
}

type nginx struct {
	dir                string
	grpcAddr, httpAddr string
	// upstream maps a replica's addresses to it.
	upstream map[string]upstreamOf
}

// startNginx renders nginx/ashtapada.conf.tmpl for the replicas into a temporary directory and
// runs nginx on it in the foreground.
func startNginx(t *testing.T, bin string, reps []*replica) *nginx {
	t.Helper()
	tmpl, err := template.ParseFiles("nginx/ashtapada.conf.tmpl")
	if err != nil {
		t.Fatal(err)
	}
	type upstream struct{ GRPC, HTTP string }
	ng := &nginx{dir: t.TempDir(), upstream: map[string]upstreamOf{}}
	var ups []upstream
	for i, r := range reps {
		ups = append(ups, upstream{r.grpcAddr, r.httpAddr})
		ng.upstream[r.grpcAddr] = upstreamOf{"grpc", i}
		ng.upstream[r.httpAddr] = upstreamOf{"http", i}
	}
	user := ""
	if os.Geteuid() == 0 {
		// Workers would otherwise switch to nobody, who cannot enter the test's directory.
		user = "root root"
	}
	// The ports are found free and then given to nginx, which another process may take in between:
	// try again with others then.
	var lastErr error
	for try := 0; try < 3; try++ {
		ng.grpcAddr, ng.httpAddr = freeAddr(t), freeAddr(t)
		conf := filepath.Join(ng.dir, "nginx.conf")
		var b bytes.Buffer
		if err := tmpl.Execute(&b, map[string]any{"Dir": ng.dir, "User": user, "GRPCListen": ng.grpcAddr, "HTTPListen": ng.httpAddr, "Replicas": ups}); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(conf, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		errLog := filepath.Join(ng.dir, "error.log")
		cmd := exec.Command(bin, "-p", ng.dir, "-c", conf, "-e", errLog, "-g", "daemon off;")
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		// Its own process group, so that killing it takes the workers too.
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		waited := make(chan error, 1)
		go func() { waited <- cmd.Wait() }()
		if err := waitListening(waited, ng.grpcAddr, ng.httpAddr); err != nil {
			_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			logText, _ := os.ReadFile(errLog)
			lastErr = fmt.Errorf("nginx did not start: %v\n%s%s", err, out.String(), logText)
			continue
		}
		t.Cleanup(func() {
			// QUIT is nginx's graceful stop; the master waits for its workers.
			_ = cmd.Process.Signal(syscall.SIGQUIT)
			select {
			case <-waited:
			case <-time.After(10 * time.Second):
				_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
				<-waited
			}
			if t.Failed() {
				logText, _ := os.ReadFile(errLog)
				t.Logf("nginx error log:\n%s", logText)
			}
		})
		return ng
	}
	t.Fatal(lastErr)
	return nil
}

// freeAddr returns a loopback address whose port was free a moment ago.
func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

func waitListening(exited <-chan error, addrs ...string) error {
	deadline := time.Now().Add(10 * time.Second)
	for _, a := range addrs {
		for {
			c, err := net.DialTimeout("tcp", a, time.Second)
			if err == nil {
				c.Close()
				break
			}
			select {
			case err := <-exited:
				return fmt.Errorf("exited: %v", err)
			default:
			}
			if time.Now().After(deadline) {
				return fmt.Errorf("%s: %v", a, err)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	return nil
}

// nginxLog is what nginx's access log tells, per transport ("grpc", "http").
type nginxLog struct {
	// before and after count the calls each replica answered, before and after the kill.
	before, after map[string][]int
	// retried counts the calls that went to more than one replica.
	retried map[string]int
	// failedAttempts counts attempts that ended in an error, a retried one or not.
	failedAttempts map[string]int
	// unavailable counts the calls nginx itself answered for want of a replica.
	unavailable map[string]int
}

// readAccessLog reads nginx's access log, one line per call:
// $msec $server_port $status "$upstream_addr" "$upstream_status", the last two with one entry
// per attempt ("a:1, b:2" and "502, 200" for a call retried on b).
func (ng *nginx) readAccessLog(t *testing.T, killedAt time.Time) nginxLog {
	t.Helper()
	// nginx writes a call's line just after its answer, so the last lines may come after the
	// clients are done: read until the log has stopped growing.
	var b []byte
	for deadline, lastGrowth := time.Now().Add(5*time.Second), time.Now(); ; time.Sleep(50 * time.Millisecond) {
		nb, err := os.ReadFile(filepath.Join(ng.dir, "access.log"))
		if err != nil {
			t.Fatal(err)
		}
		if len(nb) != len(b) {
			b, lastGrowth = nb, time.Now()
		}
		if time.Since(lastGrowth) > 300*time.Millisecond || time.Now().After(deadline) {
			break
		}
	}
	nl := nginxLog{before: map[string][]int{}, after: map[string][]int{}, retried: map[string]int{},
		failedAttempts: map[string]int{}, unavailable: map[string]int{}}
	for _, tr := range []string{"grpc", "http"} {
		nl.before[tr] = make([]int, replicas)
		nl.after[tr] = make([]int, replicas)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		parts := strings.Split(line, `"`)
		fields := strings.Fields(parts[0])
		if len(parts) < 4 || len(fields) < 3 {
			t.Fatalf("access log line %q", line)
		}
		var sec, msec int64
		if _, err := fmt.Sscanf(fields[0], "%d.%d", &sec, &msec); err != nil {
			t.Fatalf("access log time %q: %v", fields[0], err)
		}
		at := time.Unix(sec, msec*int64(time.Millisecond))
		addrs, codes := strings.Split(parts[1], ", "), strings.Split(parts[3], ", ")
		tr := ""
		answered := false
		for k, a := range addrs {
			up, ok := ng.upstream[a]
			if !ok {
				continue
			}
			tr = up.transport
			if k < len(codes) && codes[k] == "200" {
				answered = true
				if at.Before(killedAt) {
					nl.before[tr][up.replica]++
				} else {
					nl.after[tr][up.replica]++
				}
			} else {
				nl.failedAttempts[tr]++
			}
		}
		if tr == "" {
			continue
		}
		if len(addrs) > 1 {
			nl.retried[tr]++
		}
		if !answered {
			nl.unavailable[tr]++
		}
	}
	return nl
}

// caller makes the load's calls: ListLegalMoves and ApplyMoves from the start position, over
// gRPC or HTTP/JSON, each checked.
type caller struct {
	rules     pb.RulesServiceClient
	httpc     *http.Client
	httpURL   string
	pos       *pb.Position
	moves     []string
	wantMoves int

	calls, okGRPC, okHTTP, failed, failedGRPC atomic.Int64
	// torn counts the gRPC calls reset because their replica died while answering them.
	torn  atomic.Int64
	errMu sync.Mutex
	err   error
}

// call makes worker w's n-th call: ListLegalMoves and ApplyMoves by turns, each worker applying
// the moves in its own order.
func (c *caller) call(ctx context.Context, overHTTP bool, n, w int) {
	c.calls.Add(1)
	ctx, cancel := context.WithTimeout(ctx, 15*time.Second)
	defer cancel()
	var err error
	if n%2 == 0 {
		req := &pb.ListLegalMovesRequest{Position: c.pos}
		resp := &pb.ListLegalMovesResponse{}
		if overHTTP {
			err = c.post(ctx, "/v1/moves:list", req, resp)
		} else {
			resp, err = c.rules.ListLegalMoves(ctx, req)
		}
		if err == nil && len(resp.GetMoves()) != c.wantMoves {
			err = fmt.Errorf("ListLegalMoves: %d moves, want %d", len(resp.GetMoves()), c.wantMoves)
		}
	} else {
		move := c.moves[(n/2+w*5)%len(c.moves)]
		req := &pb.ApplyMovesRequest{Position: c.pos, Moves: []*pb.Action{{Notation: move}}}
		resp := &pb.ApplyMovesResponse{}
		if overHTTP {
			err = c.post(ctx, "/v1/moves:apply", req, resp)
		} else {
			resp, err = c.rules.ApplyMoves(ctx, req)
		}
		if err == nil && (resp.GetApplied() != 1 || resp.GetFailure() != nil || resp.GetPosition().GetText() == c.pos.GetText()) {
			err = fmt.Errorf("ApplyMoves %s: applied %d, failure %v", move, resp.GetApplied(), resp.GetFailure())
		}
	}
	if err != nil {
		if !overHTTP {
			c.failedGRPC.Add(1)
			if answerCut(err) {
				c.torn.Add(1)
				return
			}
		}
		c.failed.Add(1)
		c.errMu.Lock()
		if c.err == nil {
			c.err = fmt.Errorf("over %s: %w", map[bool]string{false: "gRPC", true: "HTTP"}[overHTTP], err)
		}
		c.errMu.Unlock()
		return
	}
	if overHTTP {
		c.okHTTP.Add(1)
	} else {
		c.okGRPC.Add(1)
	}
}

// answerCut says whether a gRPC call failed because nginx reset its stream after the answer had
// begun (a committed call, which the client's retry policy may not make again).
func answerCut(err error) bool {
	st, ok := status.FromError(err)
	return ok && st.Code() == codes.Internal && strings.Contains(st.Message(), "RST_STREAM")
}

// answersCut counts the gRPC answers nginx's error log says an upstream stopped while they were
// being sent.
func (ng *nginx) answersCut(t *testing.T) int {
	text, err := os.ReadFile(filepath.Join(ng.dir, "error.log"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, line := range strings.Split(string(text), "\n") {
		if strings.Contains(line, "upstream prematurely closed connection while sending to client") &&
			strings.Contains(line, "HTTP/2.0") {
			n++
		}
	}
	return n
}

func (c *caller) post(ctx context.Context, path string, req, resp proto.Message) error {
	body, err := protojson.MarshalOptions{UseProtoNames: true}.Marshal(req)
	if err != nil {
		return err
	}
	hr, err := http.NewRequestWithContext(ctx, http.MethodPost, c.httpURL+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	hr.Header.Set("Content-Type", "application/json")
	r, err := c.httpc.Do(hr)
	if err != nil {
		return err
	}
	defer r.Body.Close()
	raw, err := io.ReadAll(r.Body)
	if err != nil {
		return err
	}
	if r.StatusCode != http.StatusOK {
		return fmt.Errorf("%s: HTTP %d: %s", path, r.StatusCode, raw)
	}
	return protojson.UnmarshalOptions{DiscardUnknown: true}.Unmarshal(raw, resp)
}

func (c *caller) firstErr() error {
	c.errMu.Lock()
	defer c.errMu.Unlock()
	if c.err == nil {
		return errors.New("none recorded")
	}
	return c.err
}
