// Command hostile attacks `ashtapada serve` the way a hostile peer would, from several loopback
// addresses, and prints what the server did: its peak resident memory, whether it ended the
// attacking connections (GOAWAY), how many log lines it wrote, and how a legitimate client on
// another address fared meanwhile. It starts the server as a child process with its default flags
// (plus --flag and --env), so the figures are those of a real process. The legitimate calls and
// the attacking searches are on the start position of --variant (default chaturanga), as the
// server gives it.
//
//	go run ./cmd/hostile [--binary PATH] [--variant NAME] [--env GOMEMLIMIT=256MiB] [--flag --max-connections=64] ATTACK...
//
// Attacks:
//
//	zero-window  128 connections over 127.0.0.1-.4 that grant no flow-control window, 100 streams
//	             each asking GetVariant of the variant with the longest answer, held 15 s; a
//	             legitimate Search from 127.0.0.5 every 500 ms
//	header       a request with a 1 MB header on the gRPC port
//	rapid-reset  4 connections opening and resetting streams for 8 s; a legitimate call from
//	             127.0.0.5 in a loop
//	flood        4 connections sending SETTINGS, WINDOW_UPDATE and empty DATA frames for 5 s
//	idle         32 connections from each of 127.0.0.1 and .2 that send only the preface and
//	             SETTINGS (use with --flag --max-connections=64); then a call from 127.0.0.3 and
//	             the probe path
//
// The attacking connections are written with HTTP/2's framer alone (internal/rawh2), their
// headers encoded without HPACK's dynamic table. Loopback addresses other than 127.0.0.1 need
// Linux, where the whole 127.0.0.0/8 is local.
package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/net/http2"
	"golang.org/x/net/http2/hpack"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/durationpb"

	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
	"github.com/ashtapada/ashtapada/internal/rawh2"
)

type server struct {
	cmd       *exec.Cmd
	log       string
	grpcAddr  string
	httpAddr  string
	adminAddr string
}

func main() {
	binary := flag.String("binary", "", "ashtapada binary (default: build ./cmd/ashtapada)")
	variant := flag.String("variant", "chaturanga", "the variant whose start position (from the server) the legitimate calls and the attacking searches use")
	var env, flags []string
	flag.Func("env", "KEY=VALUE for the server (repeatable)", func(v string) error { env = append(env, v); return nil })
	flag.Func("flag", "a flag for `ashtapada serve` (repeatable)", func(v string) error { flags = append(flags, v); return nil })
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "hostile: name an attack: zero-window, header, rapid-reset, flood, idle")
		os.Exit(2)
	}
	dir, err := os.MkdirTemp("", "hostile")
	check(err)
	defer os.RemoveAll(dir)
	if *binary == "" {
		*binary = filepath.Join(dir, "ashtapada")
		build := exec.Command("go", "build", "-o", *binary, "./cmd/ashtapada")
		build.Stderr = os.Stderr
		check(build.Run())
	}
	for _, attack := range flag.Args() {
		s := start(*binary, dir, env, flags)
		fmt.Printf("== %s (env %v, flags %v)\n", attack, env, flags)
		switch attack {
		case "zero-window":
			zeroWindow(s, *variant)
		case "header":
			bigHeader(s)
		case "rapid-reset":
			rapidReset(s, *variant)
		case "flood":
			flood(s, *variant)
		case "idle":
			idle(s)
		default:
			fmt.Fprintln(os.Stderr, "hostile: unknown attack", attack)
		}
		s.stop()
	}
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "hostile:", err)
		os.Exit(1)
	}
}

func start(binary, dir string, env, flags []string) *server {
	s := &server{log: filepath.Join(dir, fmt.Sprintf("server-%d.log", time.Now().UnixNano()))}
	out, err := os.Create(s.log)
	check(err)
	args := append([]string{"serve", "--grpc-addr", "127.0.0.1:0", "--http-addr", "127.0.0.1:0", "--admin-addr", "127.0.0.1:0"}, flags...)
	s.cmd = exec.Command(binary, args...)
	s.cmd.Env = append(os.Environ(), env...)
	s.cmd.Stdout, s.cmd.Stderr = out, out
	check(s.cmd.Start())
	for range 300 {
		b, _ := os.ReadFile(s.log)
		if i := bytes.Index(b, []byte(`"serving"`)); i >= 0 {
			line := string(b[i:])
			s.grpcAddr, s.httpAddr, s.adminAddr = field(line, "grpc_addr"), field(line, "http_addr"), field(line, "admin_addr")
			time.Sleep(300 * time.Millisecond) // let the idle server settle
			return s
		}
		time.Sleep(20 * time.Millisecond)
	}
	check(errors.New("the server did not start"))
	return nil
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
	_ = s.cmd.Process.Signal(os.Interrupt)
	done := make(chan error, 1)
	go func() { done <- s.cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		_ = s.cmd.Process.Kill()
		<-done
	}
}

// check stops the server before it ends the tool on an error.
func (s *server) check(err error) {
	if err != nil {
		s.stop()
		check(err)
	}
}

// status reads a field of /proc/PID/status, in kB.
func (s *server) status(name string) int {
	b, _ := os.ReadFile(fmt.Sprintf("/proc/%d/status", s.cmd.Process.Pid))
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, name+":"); ok {
			n, _ := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")))
			return n
		}
	}
	return 0
}

// metric reads a metric from the admin port's /metrics, -1 when it is not there.
func (s *server) metric(name string) float64 {
	resp, err := http.Get("http://" + s.adminAddr + "/metrics")
	if err != nil {
		return -1
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, name+" "); ok {
			f, _ := strconv.ParseFloat(v, 64)
			return f
		}
	}
	return -1
}

func (s *server) logLines() int {
	b, _ := os.ReadFile(s.log)
	return bytes.Count(b, []byte("\n"))
}

// dialFrom opens a raw HTTP/2 connection from the loopback address local whose streams' window
// is window. Its headers are encoded without HPACK's dynamic table, so that the server decodes
// every request's in full.
func dialFrom(local, addr string, window uint32) (*rawh2.Conn, error) {
	return rawh2.Dial(addr, rawh2.Options{Local: local, Timeout: 5 * time.Second, Window: window, NoDynamicTable: true})
}

func marshal(m proto.Message) []byte {
	b, err := proto.Marshal(m)
	check(err)
	return b
}

// legit is a well-behaved gRPC client on its own loopback address.
func legit(local, addr string) *grpc.ClientConn {
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(local)}}
	cc, err := grpc.NewClient("passthrough:///"+addr, grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithContextDialer(func(ctx context.Context, a string) (net.Conn, error) { return d.DialContext(ctx, "tcp", a) }))
	check(err)
	return cc
}

// startPosition is the variant's start position, as the server gives it: its variant and text.
func startPosition(s *server, variant string) *pb.Position {
	cc := legit("127.0.0.1", s.grpcAddr)
	defer cc.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	resp, err := pb.NewRulesServiceClient(cc).StartPosition(ctx, &pb.StartPositionRequest{Variant: variant})
	s.check(err)
	return &pb.Position{Variant: resp.GetPosition().GetVariant(), Text: resp.GetPosition().GetText()}
}

// largestVariant is the name of the variant whose GetVariant answer is the longest.
func largestVariant(s *server) string {
	cc := legit("127.0.0.1", s.grpcAddr)
	defer cc.Close()
	client := pb.NewRulesServiceClient(cc)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	list, err := client.ListVariants(ctx, &pb.ListVariantsRequest{})
	s.check(err)
	name, size := "", -1
	for _, v := range list.GetVariants() {
		resp, err := client.GetVariant(ctx, &pb.GetVariantRequest{Name: v.GetName()})
		s.check(err)
		if n := proto.Size(resp); n > size {
			name, size = v.GetName(), n
		}
	}
	return name
}

func zeroWindow(s *server, variant string) {
	pos := startPosition(s, variant)
	target := largestVariant(s)
	idleRSS := s.status("VmRSS")
	msg := marshal(&pb.GetVariantRequest{Name: target})
	var stop atomic.Bool
	var wg sync.WaitGroup
	var opened, closedByServer atomic.Int64
	for i := range 128 {
		local := fmt.Sprintf("127.0.0.%d", 1+i%4)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !stop.Load() {
				r, err := dialFrom(local, s.grpcAddr, 0)
				if err != nil {
					time.Sleep(100 * time.Millisecond)
					continue
				}
				opened.Add(1)
				for range 100 {
					if _, err := r.Call("/ashtapada.v1.RulesService/GetVariant", msg); err != nil {
						break
					}
				}
				_ = r.Flush()
				for !stop.Load() && !r.IsClosed() {
					time.Sleep(50 * time.Millisecond)
				}
				if r.IsClosed() {
					closedByServer.Add(1)
					time.Sleep(100 * time.Millisecond)
				}
				r.Close()
			}
		}()
	}
	cc := legit("127.0.0.5", s.grpcAddr)
	defer cc.Close()
	client := pb.NewAnalysisServiceClient(cc)
	var answered, failed int
	var worst time.Duration
	peak := idleRSS
	var peakHeld, peakHeap float64
	deadline := time.Now().Add(15 * time.Second)
	next := time.Now()
	for time.Now().Before(deadline) {
		if rss := s.status("VmRSS"); rss > peak {
			peak = rss
		}
		peakHeld = max(peakHeld, s.metric("ashtapada_peer_memory_held_bytes"))
		peakHeap = max(peakHeap, s.metric("go_memstats_heap_inuse_bytes"))
		if time.Now().After(next) {
			next = time.Now().Add(500 * time.Millisecond)
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			t0 := time.Now()
			_, err := client.Search(ctx, &pb.SearchRequest{Position: pos, Depth: 3})
			cancel()
			if err != nil {
				failed++
				fmt.Println("  legitimate Search:", err)
			} else {
				answered++
				worst = max(worst, time.Since(t0))
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	stop.Store(true)
	wg.Wait()
	time.Sleep(2 * time.Second)
	fmt.Printf("  RSS idle %d MB, peak %d MB (+%d MB; VmHWM %d MB), after %d MB\n", idleRSS>>10, peak>>10, (peak-idleRSS)>>10, s.status("VmHWM")>>10, s.status("VmRSS")>>10)
	fmt.Printf("  peak held (the budget's count) %.0f MB of %.0f MB; peak heap in use %.0f MB; shed %.0f\n", peakHeld/(1<<20),
		s.metric("ashtapada_peer_memory_budget_bytes")/(1<<20), peakHeap/(1<<20), s.metric("ashtapada_peer_memory_shed_total"))
	fmt.Printf("  attacking connections opened %d (GetVariant %s), closed by the server %d\n", opened.Load(), target, closedByServer.Load())
	fmt.Printf("  legitimate Search from 127.0.0.5: %d answered (slowest %v), %d failed\n", answered, worst.Round(time.Millisecond), failed)
}

func bigHeader(s *server) {
	r, err := dialFrom("127.0.0.1", s.grpcAddr, 65535)
	check(err)
	id, err := r.Call("/ashtapada.v1.RulesService/ListVariants", nil, hpack.HeaderField{Name: "x-big", Value: strings.Repeat("a", 1<<20)})
	if err == nil {
		err = r.Flush()
	}
	fmt.Printf("  1 MB header sent on stream %d (write error %v)\n", id, err)
	// What came back: read with a second framer is not possible; watch for the stream's end instead.
	cc := legit("127.0.0.2", s.grpcAddr)
	defer cc.Close()
	md := strings.Repeat("b", 1<<20)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	ctx = metadata.AppendToOutgoingContext(ctx, "x-big", md)
	_, err = pb.NewRulesServiceClient(cc).ListVariants(ctx, &pb.ListVariantsRequest{})
	fmt.Printf("  grpc-go client with a 1 MB header: %v\n", err)
	time.Sleep(500 * time.Millisecond)
	goaway := "none"
	if st := r.Stats(); st.GoAway {
		goaway = st.GoAwayCode.String()
	}
	fmt.Printf("  raw connection closed by the server: %v; GOAWAY %s\n", r.IsClosed(), goaway)
}

func rapidReset(s *server, variant string) {
	pos := startPosition(s, variant)
	before := s.logLines()
	msg := marshal(&pb.ListVariantsRequest{})
	var stop atomic.Bool
	var wg sync.WaitGroup
	var streams, conns, goaways, calm atomic.Int64
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !stop.Load() {
				r, err := dialFrom("127.0.0.1", s.grpcAddr, 65535)
				if err != nil {
					time.Sleep(10 * time.Millisecond)
					continue
				}
				conns.Add(1)
				for n := 0; n < 200_000 && !stop.Load() && !r.IsClosed(); n++ {
					id, err := r.Call("/ashtapada.v1.RulesService/ListVariants", msg)
					if err == nil {
						err = r.WriteRSTStream(id, http2.ErrCodeCancel)
					}
					if n%16 == 15 {
						_ = r.Flush()
					}
					if err != nil {
						break
					}
					streams.Add(1)
				}
				_ = r.Flush()
				r.WaitClosed(time.Second)
				if st := r.Stats(); st.GoAway {
					goaways.Add(1)
					if st.GoAwayCode == http2.ErrCodeEnhanceYourCalm {
						calm.Add(1)
					}
				}
				r.Close()
			}
		}()
	}
	cc := legit("127.0.0.5", s.grpcAddr)
	defer cc.Close()
	client := pb.NewRulesServiceClient(cc)
	var lat []time.Duration
	var failed int
	end := time.Now().Add(8 * time.Second)
	for time.Now().Before(end) {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		t0 := time.Now()
		_, err := client.ListLegalMoves(ctx, &pb.ListLegalMovesRequest{Position: pos})
		cancel()
		if err != nil {
			failed++
		} else {
			lat = append(lat, time.Since(t0))
		}
		time.Sleep(20 * time.Millisecond)
	}
	stop.Store(true)
	wg.Wait()
	time.Sleep(2 * time.Second) // the log is flushed every second
	slices.Sort(lat)
	p50 := time.Duration(0)
	if len(lat) > 0 {
		p50 = lat[len(lat)/2]
	}
	fmt.Printf("  %d streams opened and reset over %d connections; GOAWAY on %d (ENHANCE_YOUR_CALM %d)\n", streams.Load(), conns.Load(), goaways.Load(), calm.Load())
	fmt.Printf("  log lines during the attack: %d\n", s.logLines()-before)
	fmt.Printf("  legitimate ListLegalMoves from 127.0.0.5: %d answered, p50 %v, %d failed\n", len(lat), p50.Round(10*time.Microsecond), failed)
}

func flood(s *server, variant string) {
	search := marshal(&pb.SearchRequest{Position: startPosition(s, variant), TimeLimit: durationpb.New(time.Second)})
	var stop atomic.Bool
	var wg sync.WaitGroup
	var frames, conns, calm atomic.Int64
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !stop.Load() {
				r, err := dialFrom("127.0.0.1", s.grpcAddr, 65535)
				if err != nil {
					time.Sleep(10 * time.Millisecond)
					continue
				}
				conns.Add(1)
				id, _ := r.Call("/ashtapada.v1.AnalysisService/Search", search)
				_ = r.Flush()
				for n := 0; !stop.Load() && !r.IsClosed(); n++ {
					var err error
					switch n % 3 {
					case 0:
						err = r.WriteSettings()
					case 1:
						err = r.WriteWindowUpdate(0, 1)
					case 2:
						err = r.WriteData(id+2, false, nil)
					}
					if n%64 == 63 {
						_ = r.Flush()
					}
					if err != nil {
						break
					}
					frames.Add(1)
				}
				r.WaitClosed(time.Second)
				if st := r.Stats(); st.GoAway && st.GoAwayCode == http2.ErrCodeEnhanceYourCalm {
					calm.Add(1)
				}
				r.Close()
			}
		}()
	}
	time.Sleep(5 * time.Second)
	stop.Store(true)
	wg.Wait()
	fmt.Printf("  %d control frames over %d connections; ENHANCE_YOUR_CALM on %d\n", frames.Load(), conns.Load(), calm.Load())
}

func idle(s *server) {
	var held []*rawh2.Conn
	for i := range 64 {
		r, err := dialFrom(fmt.Sprintf("127.0.0.%d", 1+i%2), s.grpcAddr, 65535)
		if err == nil {
			held = append(held, r)
		}
	}
	time.Sleep(3 * time.Second)
	cc := legit("127.0.0.3", s.grpcAddr)
	defer cc.Close()
	ok := 0
	for range 10 {
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		_, err := pb.NewRulesServiceClient(cc).ListVariants(ctx, &pb.ListVariantsRequest{})
		cancel()
		if err == nil {
			ok++
		} else {
			fmt.Println("  call from 127.0.0.3:", err)
		}
	}
	probe := "no admin address"
	if s.adminAddr != "" {
		resp, err := http.Get("http://" + s.adminAddr + "/readyz")
		if err != nil {
			probe = err.Error()
		} else {
			probe = resp.Status
			resp.Body.Close()
		}
	}
	closed := 0
	for _, r := range held {
		if r.IsClosed() {
			closed++
		}
		r.Close()
	}
	fmt.Printf("  %d idle connections held; calls from 127.0.0.3: %d of 10 answered; idle connections closed by the server %d; admin /readyz: %s\n", len(held), ok, closed, probe)
}
