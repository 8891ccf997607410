// Command servicebench measures the server's CPU time per call: it starts `ashtapada serve` on
// loopback ports as a child process, drives each call at saturation (gRPC with ghz, HTTP/JSON with
// an in-process client on keep-alive connections), reads the child's CPU time from /proc before
// and after every run, and prints the medians of several rounds with the service's targets.
//
//	go run ./cmd/servicebench [--calls 10000] [--concurrency 16] [--rounds 3] [--binary PATH]
//	go run ./cmd/servicebench --profile DIR --only 'ListLegalMoves|ValidateMove'
//	go run ./cmd/servicebench --variant NAME --position TEXT --moves M1,M2,...
//
// The rules calls are on --position, of --variant (by default the chaturanga middlegame of
// service.BenchmarkLoopback): ListLegalMoves lists its moves, ValidateMove checks the first of
// --moves and ApplyMoves plays them all; the tool checks that they are legal before it measures.
//
// Run it from the repository's root. With --profile, the server gets an --admin-addr and the last round of every case leaves
// its CPU profile, fetched from /debug/pprof/profile, in DIR/<call>-<transport>.pprof.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"text/tabwriter"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protodesc"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/types/descriptorpb"

	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
)

// The default --position, the middlegame of service.BenchmarkLoopback (black to move), and the
// default --moves, a legal line from it.
const (
	middlegame = "r3k2r/1bp2ppp/p1nqpn2/1p1p4/3P1B2/2NQPN1P/PPP2PP1/R3KB1R b - - 3 11"
	line       = "c6d4,e3d4,d6c5,d4c5"
)

// benchCase is one call over one transport.
type benchCase struct {
	name      string // the method's short name
	transport string // "grpc" or "http"
	method    string // gRPC full method, package.Service/Method
	path      string // HTTP path (POST)
	req       proto.Message
}

func (c benchCase) label() string { return c.name + "/" + c.transport }

// result is one run of a case.
type result struct {
	calls  int
	rate   float64 // calls per second, wall clock
	cpuPer float64 // server CPU microseconds per call
}

type config struct {
	binary      string
	ghz         string
	calls       int
	warmup      int
	concurrency int
	connections int
	rounds      int
	only        *regexp.Regexp
	profile     string
	strict      bool
	env         []string // added to the server's environment
	variant     string   // the variant of position
	position    string   // the rules calls' position, in the variant's text form
	moves       []string // legal moves from position: ValidateMove checks the first, ApplyMoves plays them all
}

// errMissed is run's answer under --strict when a target is missed.
var errMissed = errors.New("a target is missed")

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "servicebench:", err)
		if errors.Is(err, errMissed) {
			os.Exit(2)
		}
		os.Exit(1)
	}
}

func run() error {
	var cfg config
	var only, moves string
	flag.StringVar(&cfg.binary, "binary", "", "ashtapada binary to serve with (default: build ./cmd/ashtapada)")
	flag.StringVar(&cfg.ghz, "ghz", "", "ghz binary (default: go tool -modfile=tools/ghz/go.mod ghz)")
	flag.IntVar(&cfg.calls, "calls", 10000, "calls per run")
	flag.IntVar(&cfg.warmup, "warmup", 2000, "calls per case before the first round")
	flag.IntVar(&cfg.concurrency, "concurrency", 16, "calls in flight, for both transports")
	flag.IntVar(&cfg.connections, "connections", 1, "gRPC connections ghz spreads the calls over")
	flag.IntVar(&cfg.rounds, "rounds", 3, "runs per case; the table shows the median")
	flag.StringVar(&only, "only", "", "run only the cases whose call/transport matches this regexp")
	flag.StringVar(&cfg.profile, "profile", "", "write the server's CPU profile of each case's last round in this directory")
	flag.BoolVar(&cfg.strict, "strict", false, "exit with status 2 when a target is missed")
	flag.StringVar(&cfg.variant, "variant", "chaturanga", "the variant of --position")
	flag.StringVar(&cfg.position, "position", middlegame, "the position of the rules calls, in --variant's text form")
	flag.StringVar(&moves, "moves", line, "legal moves from --position, comma-separated: ValidateMove checks the first, ApplyMoves plays them all")
	flag.Func("env", "`KEY=VALUE` for the server's environment, such as GOGC=400 (repeatable)", func(v string) error {
		if !strings.Contains(v, "=") {
			return errors.New("want KEY=VALUE")
		}
		cfg.env = append(cfg.env, v)
		return nil
	})
	flag.Parse()
	if cfg.calls <= 0 || cfg.concurrency <= 0 || cfg.rounds <= 0 || cfg.connections <= 0 {
		return errors.New("--calls, --concurrency, --rounds and --connections must be positive")
	}
	for _, m := range strings.Split(moves, ",") {
		if m = strings.TrimSpace(m); m != "" {
			cfg.moves = append(cfg.moves, m)
		}
	}
	if len(cfg.moves) == 0 {
		return errors.New("--moves must name at least one move")
	}
	if only != "" {
		re, err := regexp.Compile(only)
		if err != nil {
			return err
		}
		cfg.only = re
	}
	root, err := moduleRoot()
	if err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "servicebench")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)

	if cfg.ghz == "" {
		out, err := goCmd(root, "tool", "-n", "-modfile=tools/ghz/go.mod", "ghz")
		if err != nil {
			return fmt.Errorf("locate ghz: %w", err)
		}
		cfg.ghz = strings.TrimSpace(out)
	}
	if cfg.profile != "" {
		if err := os.MkdirAll(cfg.profile, 0o755); err != nil {
			return err
		}
	}
	serverBin := cfg.binary
	if serverBin == "" {
		serverBin = filepath.Join(tmp, "ashtapada")
		if _, err := goCmd(root, "build", "-o", serverBin, "./cmd/ashtapada"); err != nil {
			return err
		}
	}
	protoset := filepath.Join(tmp, "services.protoset")
	if err := writeProtoset(protoset, pb.File_ashtapada_v1_rules_service_proto, healthpb.File_grpc_health_v1_health_proto); err != nil {
		return err
	}

	srv, err := startServer(serverBin, cfg.profile != "", cfg.env)
	if err != nil {
		return err
	}
	defer srv.stop()
	if err := srv.check(allCases(cfg)); err != nil {
		return err
	}

	cases := allCases(cfg)
	if cfg.only != nil {
		cases = slices.DeleteFunc(cases, func(c benchCase) bool { return !cfg.only.MatchString(c.label()) })
		if len(cases) == 0 {
			return fmt.Errorf("--only %q matches no case", only)
		}
	}
	b := &bench{cfg: cfg, srv: srv, tmp: tmp, protoset: protoset, perCall: map[string]time.Duration{}}
	start := time.Now()
	fmt.Fprintf(os.Stderr, "server %s %s(pid %d), gRPC %s, HTTP %s; %d calls a run, concurrency %d, %d rounds\n",
		filepath.Base(serverBin), strings.Join(append(cfg.env, ""), " "), srv.cmd.Process.Pid, srv.grpcAddr, srv.httpAddr,
		cfg.calls, cfg.concurrency, cfg.rounds)
	if cfg.warmup > 0 {
		for _, c := range cases {
			if _, err := b.run(c, cfg.warmup, ""); err != nil {
				return fmt.Errorf("warm-up %s: %w", c.label(), err)
			}
		}
	}
	results := map[string][]result{}
	for r := 0; r < cfg.rounds; r++ {
		for _, c := range cases {
			prof := ""
			if cfg.profile != "" && r == cfg.rounds-1 {
				prof = filepath.Join(cfg.profile, c.name+"-"+c.transport+".pprof")
			}
			res, err := b.run(c, cfg.calls, prof)
			if err != nil {
				return fmt.Errorf("%s: %w", c.label(), err)
			}
			fmt.Fprintf(os.Stderr, "round %d %-22s %8.0f calls/s %7.1f us/call\n", r+1, c.label(), res.rate, res.cpuPer)
			results[c.label()] = append(results[c.label()], res)
		}
	}
	fmt.Fprintf(os.Stderr, "measured in %s\n", time.Since(start).Round(time.Second))
	missed := report(os.Stdout, cases, results)
	if cfg.profile != "" {
		fmt.Printf("\nCPU profiles (last round) in %s; per call: divide a function's time by %d.\n", cfg.profile, cfg.calls)
	}
	if missed && cfg.strict {
		return errMissed
	}
	return nil
}

func allCases(cfg config) []benchCase {
	pos := &pb.Position{Variant: cfg.variant, Text: cfg.position}
	var moves []*pb.Action
	for _, m := range cfg.moves {
		moves = append(moves, &pb.Action{Notation: m})
	}
	list := &pb.ListLegalMovesRequest{Position: pos}
	validate := &pb.ValidateMoveRequest{Position: pos, Move: moves[0]}
	const rules = "ashtapada.v1.RulesService/"
	return []benchCase{
		{name: "HealthCheck", transport: "grpc", method: "grpc.health.v1.Health/Check", req: &healthpb.HealthCheckRequest{}},
		{name: "ListVariants", transport: "grpc", method: rules + "ListVariants", req: &pb.ListVariantsRequest{}},
		{name: "ListLegalMoves", transport: "grpc", method: rules + "ListLegalMoves", req: list},
		{name: "ValidateMove", transport: "grpc", method: rules + "ValidateMove", req: validate},
		{name: "ApplyMoves", transport: "grpc", method: rules + "ApplyMoves", req: &pb.ApplyMovesRequest{Position: pos, Moves: moves}},
		{name: "ListLegalMoves", transport: "http", path: "/v1/moves:list", req: list},
		{name: "ValidateMove", transport: "http", path: "/v1/moves:validate", req: validate},
	}
}

type bench struct {
	cfg      config
	srv      *server
	tmp      string
	protoset string
	perCall  map[string]time.Duration // wall time per call of each case's last run
}

// run makes n calls of c and measures the server's CPU time over them; prof, when set, is where
// the server writes a CPU profile of the run.
func (b *bench) run(c benchCase, n int, prof string) (result, error) {
	var call func() (int, time.Duration, error)
	switch c.transport {
	case "grpc":
		data, err := proto.Marshal(c.req)
		if err != nil {
			return result{}, err
		}
		bin := filepath.Join(b.tmp, c.name+".bin")
		if err := os.WriteFile(bin, data, 0o644); err != nil {
			return result{}, err
		}
		call = func() (int, time.Duration, error) { return b.ghz(c, bin, n) }
	case "http":
		body, err := protojson.MarshalOptions{UseProtoNames: true}.Marshal(c.req)
		if err != nil {
			return result{}, err
		}
		call = func() (int, time.Duration, error) {
			return httpLoad("http://"+b.srv.httpAddr+c.path, body, n, b.cfg.concurrency)
		}
	}
	var profDone chan error
	var window time.Duration
	if prof != "" {
		// The profile runs for whole seconds: long enough for the run, judging by the last one.
		perCall := b.perCall[c.label()]
		if perCall == 0 {
			perCall = time.Millisecond
		}
		window = (time.Duration(n)*perCall*3/2 + 1500*time.Millisecond).Truncate(time.Second)
		profDone = make(chan error, 1)
		go func() { profDone <- b.srv.profile(prof, window) }()
		time.Sleep(200 * time.Millisecond) // for the profile to start
	}
	cpu0, err := processCPU(b.srv.cmd.Process.Pid)
	if err != nil {
		return result{}, err
	}
	ok, elapsed, err := call()
	if err != nil {
		return result{}, err
	}
	cpu1, err := processCPU(b.srv.cmd.Process.Pid)
	if err != nil {
		return result{}, err
	}
	b.perCall[c.label()] = elapsed / time.Duration(n)
	if prof != "" {
		if err := <-profDone; err != nil {
			return result{}, err
		}
		if elapsed > window-200*time.Millisecond {
			fmt.Fprintf(os.Stderr, "%s: the run (%s) outlasted its profile (%s)\n", c.label(), elapsed.Round(time.Millisecond), window)
		}
	}
	if ok != n {
		return result{}, fmt.Errorf("%d of %d calls succeeded", ok, n)
	}
	return result{calls: n, rate: float64(n) / elapsed.Seconds(), cpuPer: float64(cpu1-cpu0) / float64(time.Microsecond) / float64(n)}, nil
}

// ghz runs n calls of c with ghz and returns the calls answered OK and ghz's own wall time.
func (b *bench) ghz(c benchCase, bin string, n int) (int, time.Duration, error) {
	data := []string{"--binary-file", bin}
	if proto.Size(c.req) == 0 {
		data = []string{"--data", "{}"} // ghz reads an empty binary message as none
	}
	args := append([]string{"--insecure", "--protoset", b.protoset, "--call", c.method}, data...)
	args = append(args, "-n", strconv.Itoa(n), "-c", strconv.Itoa(b.cfg.concurrency), "--connections", strconv.Itoa(b.cfg.connections),
		"-O", "json", b.srv.grpcAddr)
	cmd := exec.Command(b.cfg.ghz, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return 0, 0, fmt.Errorf("ghz: %w: %.300s", err, stderr.String())
	}
	var rep struct {
		Total       time.Duration  `json:"total"` // nanoseconds
		StatusCodes map[string]int `json:"statusCodeDistribution"`
		Errors      map[string]int `json:"errorDistribution"`
	}
	if err := json.Unmarshal(out, &rep); err != nil {
		return 0, 0, fmt.Errorf("ghz output: %w", err)
	}
	if len(rep.Errors) > 0 {
		return 0, 0, fmt.Errorf("ghz errors: %v", rep.Errors)
	}
	return rep.StatusCodes["OK"], rep.Total, nil
}

// httpLoad posts body to url n times from conc workers, each on its own keep-alive connection,
// and returns the calls answered 200 and the wall time.
func httpLoad(url string, body []byte, n, conc int) (int, time.Duration, error) {
	tr := &http.Transport{MaxIdleConnsPerHost: conc, MaxConnsPerHost: conc, DisableCompression: true}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr, Timeout: 20 * time.Second}
	var next, ok atomic.Int64
	var firstErr error
	var once sync.Once
	var wg sync.WaitGroup
	start := time.Now()
	for range conc {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for next.Add(1) <= int64(n) {
				resp, err := client.Post(url, "application/json", bytes.NewReader(body))
				if err != nil {
					once.Do(func() { firstErr = err })
					return
				}
				_, _ = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode != http.StatusOK {
					once.Do(func() { firstErr = fmt.Errorf("HTTP %s", resp.Status) })
					return
				}
				ok.Add(1)
			}
		}()
	}
	wg.Wait()
	return int(ok.Load()), time.Since(start), firstErr
}

// processCPU is the user and system CPU time of process pid and all its threads so far.
func processCPU(pid int) (time.Duration, error) {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, err
	}
	// The command name, in parentheses, may hold spaces: fields count from the last ')'.
	s := string(data)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return 0, fmt.Errorf("malformed /proc/%d/stat", pid)
	}
	f := strings.Fields(s[i+1:])
	if len(f) < 13 {
		return 0, fmt.Errorf("malformed /proc/%d/stat", pid)
	}
	// Fields 14 and 15 of stat (utime, stime) are 11 and 12 after the name, in clock ticks of
	// 1/100 s (USER_HZ).
	utime, err1 := strconv.ParseInt(f[11], 10, 64)
	stime, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, fmt.Errorf("malformed /proc/%d/stat", pid)
	}
	return time.Duration(utime+stime) * 10 * time.Millisecond, nil
}

// server is the child process serving the calls.
type server struct {
	cmd       *exec.Cmd
	grpcAddr  string
	httpAddr  string
	adminAddr string // --admin-addr, with the profiler; empty when not profiling
	log       *os.File
	exited    chan struct{} // closed when the process has exited
	exitErr   error
	stopped   bool
}

func startServer(bin string, profiled bool, env []string) (*server, error) {
	ports, err := freePorts(3)
	if err != nil {
		return nil, err
	}
	s := &server{grpcAddr: ports[0], httpAddr: ports[1], exited: make(chan struct{})}
	args := []string{"serve", "--grpc-addr", s.grpcAddr, "--http-addr", s.httpAddr}
	if profiled {
		s.adminAddr = ports[2]
		args = append(args, "--admin-addr", s.adminAddr)
	}
	// The server logs a line per call, as it does in production; the lines go to a file, so
	// their cost is a write to the page cache.
	s.log, err = os.CreateTemp("", "servicebench-server-*.log")
	if err != nil {
		return nil, err
	}
	s.cmd = exec.Command(bin, args...)
	s.cmd.Env = append(os.Environ(), env...)
	s.cmd.Stdout = s.log
	s.cmd.Stderr = s.log
	if err := s.cmd.Start(); err != nil {
		s.log.Close()
		os.Remove(s.log.Name())
		return nil, err
	}
	go func() {
		s.exitErr = s.cmd.Wait()
		close(s.exited)
	}()
	return s, nil
}

func (s *server) stop() {
	if s.stopped {
		return
	}
	s.stopped = true
	// Killed rather than interrupted: a graceful shutdown would drain for seconds.
	_ = s.cmd.Process.Kill()
	<-s.exited
	s.log.Close()
	os.Remove(s.log.Name())
}

// logTail is the end of the server's output, for error messages.
func (s *server) logTail() string {
	data, _ := os.ReadFile(s.log.Name())
	if len(data) > 1000 {
		data = data[len(data)-1000:]
	}
	return string(data)
}

// check waits for the server to answer and makes sure that the requests of the cases succeed.
func (s *server) check(cases []benchCase) error {
	conn, err := grpc.NewClient(s.grpcAddr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		return err
	}
	defer conn.Close()
	deadline := time.Now().Add(30 * time.Second)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		_, err = healthpb.NewHealthClient(conn).Check(ctx, &healthpb.HealthCheckRequest{})
		cancel()
		if err == nil {
			break
		}
		select {
		case <-s.exited:
			return fmt.Errorf("server exited: %v\n%s", s.exitErr, s.logTail())
		default:
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("server not answering: %w\n%s", err, s.logTail())
		}
		time.Sleep(50 * time.Millisecond)
	}
	ctx := context.Background()
	rules := pb.NewRulesServiceClient(conn)
	for _, c := range cases {
		var err error
		switch req := c.req.(type) {
		case *pb.ListLegalMovesRequest:
			var r *pb.ListLegalMovesResponse
			if r, err = rules.ListLegalMoves(ctx, req); err == nil && len(r.GetMoves()) == 0 {
				err = errors.New("no legal moves")
			}
		case *pb.ValidateMoveRequest:
			var r *pb.ValidateMoveResponse
			if r, err = rules.ValidateMove(ctx, req); err == nil && !r.GetLegal() {
				err = fmt.Errorf("%s is illegal: %s", req.GetMove().GetNotation(), r.GetReason())
			}
		case *pb.ApplyMovesRequest:
			var r *pb.ApplyMovesResponse
			if r, err = rules.ApplyMoves(ctx, req); err == nil && int(r.GetApplied()) != len(req.GetMoves()) {
				err = fmt.Errorf("applied %d of %d: %v", r.GetApplied(), len(req.GetMoves()), r.GetFailure())
			}
		}
		if err != nil {
			return fmt.Errorf("%s: %w", c.name, err)
		}
	}
	return nil
}

// profile writes the server's CPU profile over the next window to path.
func (s *server) profile(path string, window time.Duration) error {
	u := fmt.Sprintf("http://%s/debug/pprof/profile?seconds=%d", s.adminAddr, int(window/time.Second))
	resp, err := http.Get(u)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("%s: %s %.200s", u, resp.Status, data)
	}
	return os.WriteFile(path, data, 0o644)
}

// freePorts returns n loopback addresses that were free a moment ago.
func freePorts(n int) ([]string, error) {
	var addrs []string
	var ls []net.Listener
	defer func() {
		for _, l := range ls {
			l.Close()
		}
	}()
	for range n {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, err
		}
		ls = append(ls, l)
		addrs = append(addrs, l.Addr().String())
	}
	return addrs, nil
}

// writeProtoset writes the files and everything they import as a FileDescriptorSet, for ghz.
func writeProtoset(path string, files ...protoreflect.FileDescriptor) error {
	set := &descriptorpb.FileDescriptorSet{}
	seen := map[string]bool{}
	var add func(fd protoreflect.FileDescriptor)
	add = func(fd protoreflect.FileDescriptor) {
		if seen[fd.Path()] {
			return
		}
		seen[fd.Path()] = true
		imports := fd.Imports()
		for i := 0; i < imports.Len(); i++ {
			add(imports.Get(i).FileDescriptor)
		}
		set.File = append(set.File, protodesc.ToFileDescriptorProto(fd))
	}
	for _, fd := range files {
		add(fd)
	}
	data, err := proto.Marshal(set)
	if err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}

// moduleRoot is the directory of the main module's go.mod, found upwards from the working
// directory.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil && bytes.Contains(data, []byte("module github.com/ashtapada/ashtapada\n")) {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("run inside the github.com/ashtapada/ashtapada module")
		}
		dir = parent
	}
}

func goCmd(dir string, args ...string) (string, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go %s: %w\n%s", strings.Join(args, " "), err, stderr.String())
	}
	return string(out), nil
}

func median(v []float64) float64 {
	s := slices.Clone(v)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// report prints the table of medians and the targets; it reports whether a target was missed.
func report(w io.Writer, cases []benchCase, results map[string][]result) bool {
	type row struct {
		rate, cpu, lo, hi float64
		calls             int
	}
	rows := map[string]row{}
	for _, c := range cases {
		rs := results[c.label()]
		var rates, cpus []float64
		for _, r := range rs {
			rates = append(rates, r.rate)
			cpus = append(cpus, r.cpuPer)
		}
		rows[c.label()] = row{rate: median(rates), cpu: median(cpus), lo: slices.Min(cpus), hi: slices.Max(cpus), calls: rs[0].calls}
	}
	health, haveHealth := rows["HealthCheck/grpc"]
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "call\ttransport\tcalls\tcalls/s\tserver CPU us/call\tmin-max\tx health\t")
	for _, c := range cases {
		r := rows[c.label()]
		ratio := "-"
		if haveHealth {
			ratio = fmt.Sprintf("%.2f", r.cpu/health.cpu)
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%.0f\t%.1f\t%.1f-%.1f\t%s\t\n", c.name, c.transport, r.calls, r.rate, r.cpu, r.lo, r.hi, ratio)
	}
	tw.Flush()

	fmt.Fprintln(w)
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "target (server CPU per call)\tmeasured\tlimit\tresult\t")
	missed := false
	target := func(name, a, b string, limit float64) {
		ra, okA := rows[a]
		rb, okB := rows[b]
		if !okA || !okB {
			return
		}
		v, verdict := ra.cpu/rb.cpu, "pass"
		if v > limit {
			verdict, missed = "FAIL", true
		}
		fmt.Fprintf(tw, "%s\t%.2fx\t<= %.2f\t%s\t\n", name, v, limit, verdict)
	}
	target("ListLegalMoves gRPC / health check", "ListLegalMoves/grpc", "HealthCheck/grpc", 1.25)
	target("ValidateMove gRPC / ListLegalMoves gRPC", "ValidateMove/grpc", "ListLegalMoves/grpc", 1)
	for _, name := range []string{"ListLegalMoves", "ValidateMove"} {
		target(name+" HTTP / gRPC", name+"/http", name+"/grpc", 2)
	}
	tw.Flush()
	// Throughput depends on the clients too: ghz and the Go client share the machine with the
	// server and spend different CPU per call, so CPU per call decides.
	for _, name := range []string{"ListLegalMoves", "ValidateMove"} {
		h, okH := rows[name+"/http"]
		g, okG := rows[name+"/grpc"]
		if okH && okG {
			fmt.Fprintf(w, "%s calls/s, HTTP / gRPC: %.2fx (for information: the clients differ)\n", name, h.rate/g.rate)
		}
	}
	return missed
}
