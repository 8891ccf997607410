package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/metadata"
	"google.golang.org/protobuf/types/known/durationpb"

	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
)

func TestPerftCommand(t *testing.T) {
	var out strings.Builder
	if err := run(context.Background(), []string{"perft", "--variant", "chaturanga", "--depth", "4"}, &out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "nodes 68122\n") {
		t.Errorf("output %q lacks nodes 68122", out.String())
	}
	out.Reset()
	err := run(context.Background(), []string{"perft", "--depth", "3", "--divide", "--fen", "2r1k3/1P4P1/8/3q4/8/8/1p4p1/R3K3 w - - 0 40"}, &out)
	if err != nil || !strings.Contains(out.String(), "b7b8q: ") || !strings.Contains(out.String(), "nodes 5319\n") {
		t.Errorf("divide output %q, %v; want b7b8q and nodes 5319", out.String(), err)
	}
}

func TestMovesCommand(t *testing.T) {
	var out strings.Builder
	if err := run(context.Background(), []string{"moves", "--variant", "martian_chaturanga", "--fen", "rpmpr/ksksk/5/KSKSK/RPMPR l 2p,4s AEae - 0 1"}, &out); err != nil {
		t.Fatal(err)
	}
	if got := len(strings.Fields(out.String())); got != 7 {
		t.Errorf("%d moves listed, want 7:\n%s", got, out.String())
	}
	if err := run(context.Background(), []string{"moves", "--variant", "nope"}, &out); err == nil {
		t.Error("unknown variant accepted")
	}
}

func TestVersionCommand(t *testing.T) {
	var out strings.Builder
	if err := run(context.Background(), []string{"version"}, &out); err != nil {
		t.Fatal(err)
	}
	f := strings.Fields(out.String())
	if len(f) != 4 || f[0] != "ashtapada" || f[1] == "" || f[2] != runtime.Version() {
		t.Errorf("version printed %q", out.String())
	}
}

// Every serve flag can be set from its environment variable, and the usage text names both.
func TestServeFlags(t *testing.T) {
	t.Setenv("ASHTAPADA_SHUTDOWN_DRAIN", "7s")
	t.Setenv("ASHTAPADA_CORS_ORIGINS", "https://a.example")
	fs, o, err := serveFlags()
	if err != nil {
		t.Fatal(err)
	}
	if err := fs.Parse([]string{"--cors-origins", "https://b.example"}); err != nil {
		t.Fatal(err)
	}
	if o.cfg.ShutdownDrain != 7*time.Second || o.corsOrigins != "https://b.example" {
		t.Errorf("drain %v from the environment, origins %q from the command line", o.cfg.ShutdownDrain, o.corsOrigins)
	}
	usage := usageText()
	fs.VisitAll(func(f *flag.Flag) {
		env := "ASHTAPADA_" + strings.ToUpper(strings.ReplaceAll(f.Name, "-", "_"))
		if !strings.Contains(usage, "-"+f.Name+" ") && !strings.Contains(usage, "-"+f.Name+"\n") || !strings.Contains(f.Usage, "(env "+env+")") {
			t.Errorf("--%s or %s missing from the usage", f.Name, env)
		}
	})
	t.Setenv("ASHTAPADA_HTTP_READ_TIMEOUT", "soon")
	if _, _, err := serveFlags(); err == nil || !strings.Contains(err.Error(), "ASHTAPADA_HTTP_READ_TIMEOUT") {
		t.Errorf("a malformed variable: %v", err)
	}
}

// The built binary, with its version set at link time: SIGTERM during calls on both transports
// loses none of them, health turns NOT_SERVING during the drain, and every log line is flushed.
func TestServeProcess(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	bin := filepath.Join(t.TempDir(), "ashtapada")
	build := exec.Command(goTool, "build", "-ldflags", "-X main.version=v9.9.9-test", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	out, err := exec.Command(bin, "version").Output()
	if err != nil || !strings.HasPrefix(string(out), "ashtapada v9.9.9-test go") {
		t.Fatalf("version: %q %v", out, err)
	}

	// One analysis slot: a search holds it past the drain, and an HTTP search waits for it.
	const drain = time.Second
	cmd := exec.Command(bin, "serve", "--grpc-addr", "127.0.0.1:0", "--http-addr", "127.0.0.1:0",
		"--analyses", "1", "--analysis-queue-wait", "10s", "--shutdown-drain", drain.String(), "--public-metrics")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	lines := make(chan map[string]any, 100)
	var logged []map[string]any
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			var l map[string]any
			if json.Unmarshal(sc.Bytes(), &l) == nil {
				lines <- l
			}
		}
	}()
	var serving map[string]any
	for l := range lines {
		logged = append(logged, l)
		if l["msg"] == "serving" {
			serving = l
			break
		}
	}
	if serving == nil || serving["version"] != "v9.9.9-test" {
		t.Fatalf("no serving line with the version: %v", logged)
	}
	conn, err := grpc.NewClient(serving["grpc_addr"].(string), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	ctx := context.Background()
	pos := &pb.Position{Variant: "chaturanga", Text: "r3k2r/1bp2ppp/p1nqpn2/1p1p4/3P1B2/2NQPN1P/PPP2PP1/R3KB1R b - - 3 11"}
	var header metadata.MD
	holder, err := pb.NewAnalysisServiceClient(conn).SearchStream(ctx, &pb.SearchStreamRequest{Position: pos, TimeLimit: durationpb.New(drain + time.Second)})
	if err == nil {
		header, err = holder.Header()
	}
	if err == nil {
		_, err = holder.Recv()
	}
	if err != nil {
		t.Fatal(err)
	}
	if v := header.Get("ashtapada-version"); len(v) != 1 || v[0] != "v9.9.9-test" {
		t.Errorf("ashtapada-version header %v", v)
	}
	grpcDone := make(chan error, 1)
	go func() {
		var err error
		for err == nil {
			_, err = holder.Recv()
		}
		if errors.Is(err, io.EOF) {
			err = nil
		}
		grpcDone <- err
	}()
	httpDone := make(chan error, 1)
	go func() {
		res, err := http.Post("http://"+serving["http_addr"].(string)+"/v1/analysis:search", "application/json",
			strings.NewReader(`{"position":{"variant":"chaturanga","text":"`+pos.Text+`"},"depth":2}`))
		if err == nil {
			body, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode != http.StatusOK {
				err = fmt.Errorf("HTTP %d: %s", res.StatusCode, body)
			}
		}
		httpDone <- err
	}()
	// SIGTERM only once the HTTP search waits for the slot, as the server's metrics say.
	metrics := "http://" + serving["http_addr"].(string) + "/metrics"
	if !waitUntil(10*time.Second, func() bool { return scrapeGauge(metrics, "ashtapada_analyses_waiting") == 1 }) {
		t.Fatalf("the HTTP search never waited for the slot: ashtapada_analyses_waiting %v", scrapeGauge(metrics, "ashtapada_analyses_waiting"))
	}

	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	// The drain answers health checks; it must turn NOT_SERVING before the drain ends.
	health := healthpb.NewHealthClient(conn)
	var h *healthpb.HealthCheckResponse
	if !waitUntil(drain, func() bool {
		h, err = health.Check(ctx, &healthpb.HealthCheckRequest{})
		return err == nil && h.GetStatus() == healthpb.HealthCheckResponse_NOT_SERVING
	}) {
		t.Errorf("health during the drain: %v %v, want NOT_SERVING", h.GetStatus(), err)
	}
	if err := <-grpcDone; err != nil {
		t.Errorf("gRPC search in flight at SIGTERM: %v", err)
	}
	if err := <-httpDone; err != nil {
		t.Errorf("HTTP search in flight at SIGTERM: %v", err)
	}
	for l := range lines {
		logged = append(logged, l)
	}
	if err := cmd.Wait(); err != nil {
		t.Errorf("exit: %v", err)
	}
	var calls []string
	for _, l := range logged {
		if l["msg"] == "call" {
			calls = append(calls, fmt.Sprint(l["transport"], " ", l["method"], " ", l["code"]))
		}
	}
	// The HTTP search starts when the stream frees the slot, before the stream's line is written,
	// so the two lines come in either order.
	sort.Strings(calls)
	want := []string{"grpc /ashtapada.v1.AnalysisService/SearchStream OK", "http /ashtapada.v1.AnalysisService/Search OK"}
	if strings.Join(calls, "; ") != strings.Join(want, "; ") {
		t.Errorf("call lines %q, want %q", calls, want)
	}
	if last := logged[len(logged)-1]; last["msg"] != "stopped" {
		t.Errorf("last line %v, want stopped", last)
	}
}

// waitUntil polls cond until it holds or limit has passed, and reports whether it held.
func waitUntil(limit time.Duration, cond func() bool) bool {
	deadline := time.Now().Add(limit)
	for !cond() {
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(5 * time.Millisecond)
	}
	return true
}

// scrapeGauge reads one unlabelled metric from a Prometheus text page, -1 when it cannot.
func scrapeGauge(url, name string) float64 {
	res, err := http.Get(url)
	if err != nil {
		return -1
	}
	defer res.Body.Close()
	sc := bufio.NewScanner(res.Body)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), name+" "); ok {
			var f float64
			if _, err := fmt.Sscan(v, &f); err == nil {
				return f
			}
		}
	}
	return -1
}

// ashtapada openapi prints the document served at /openapi.json: JSON with the API's paths.
func TestOpenAPICommand(t *testing.T) {
	var out bytes.Buffer
	if err := run(context.Background(), []string{"openapi"}, &out); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		OpenAPI string         `json:"openapi"`
		Paths   map[string]any `json:"paths"`
	}
	if err := json.Unmarshal(out.Bytes(), &doc); err != nil || !strings.HasPrefix(doc.OpenAPI, "3.") || doc.Paths["/v1/moves:apply"] == nil {
		t.Errorf("openapi printed %d bytes: %v, version %q", out.Len(), err, doc.OpenAPI)
	}
}
