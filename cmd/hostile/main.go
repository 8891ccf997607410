// Command hostile attacks `ashtapada serve` the way a hostile peer would, from several loopback
// addresses, and prints what the server did: its peak resident memory, whether it ended the
// attacking connections (GOAWAY), how many log lines it wrote, and how a legitimate client on
// another address fared meanwhile. It starts the server as a child process with its default flags
// (plus --flag and --env), so the figures are those of a real process.
//
//	go run ./cmd/hostile [--binary PATH] [--env GOMEMLIMIT=256MiB] [--flag --max-connections=64] ATTACK...
//
// Attacks:
//
//	zero-window  128 connections over 127.0.0.1-.4 that grant no flow-control window, 100 streams
//	             each, held 15 s; a legitimate Search from 127.0.0.5 every 500 ms
//	header       a request with a 1 MB header on the gRPC port
//	rapid-reset  4 connections opening and resetting streams for 8 s; a legitimate call from
//	             127.0.0.5 in a loop
//	flood        4 connections sending SETTINGS, WINDOW_UPDATE and empty DATA frames for 5 s
//	idle         32 connections from each of 127.0.0.1 and .2 that send only the preface and
//	             SETTINGS (use with --flag --max-connections=64); then a call from 127.0.0.3 and
//	             the probe path
//
// Loopback addresses other than 127.0.0.1 need Linux, where the whole 127.0.0.0/8 is local.
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
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
			zeroWindow(s)
		case "header":
			bigHeader(s)
		case "rapid-reset":
			rapidReset(s)
		case "flood":
			flood(s)
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

// raw is an HTTP/2 client connection written with the framer alone.
type raw struct {
	conn   net.Conn
	mu     sync.Mutex
	bw     *bufio.Writer
	fr     *http2.Framer
	enc    *hpack.Encoder
	hbuf   bytes.Buffer
	next   uint32
	goaway atomic.Uint32 // 1 + the GOAWAY's error code
	closed chan struct{}
}

func dialFrom(local, addr string, window uint32) (*raw, error) {
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(local)}, Timeout: 5 * time.Second}
	c, err := d.Dial("tcp", addr)
	if err != nil {
		return nil, err
	}
	r := &raw{conn: c, next: 1, closed: make(chan struct{})}
	r.bw = bufio.NewWriterSize(c, 64<<10)
	r.fr = http2.NewFramer(r.bw, c)
	r.fr.ReadMetaHeaders = hpack.NewDecoder(4096, nil)
	r.fr.MaxHeaderListSize = 16 << 20
	r.enc = hpack.NewEncoder(&r.hbuf)
	r.enc.SetMaxDynamicTableSizeLimit(0)
	r.mu.Lock()
	_, _ = io.WriteString(r.bw, http2.ClientPreface)
	_ = r.fr.WriteSettings(http2.Setting{ID: http2.SettingInitialWindowSize, Val: window})
	_ = r.bw.Flush()
	r.mu.Unlock()
	go r.read()
	return r, nil
}

func (r *raw) read() {
	defer close(r.closed)
	for {
		f, err := r.fr.ReadFrame()
		if err != nil {
			return
		}
		switch f := f.(type) {
		case *http2.SettingsFrame:
			if !f.IsAck() {
				r.locked(func() { _ = r.fr.WriteSettingsAck() })
			}
		case *http2.PingFrame:
			if !f.IsAck() {
				r.locked(func() { _ = r.fr.WritePing(true, f.Data) })
			}
		case *http2.GoAwayFrame:
			r.goaway.Store(1 + uint32(f.ErrCode))
		}
	}
}

func (r *raw) locked(f func()) {
	r.mu.Lock()
	f()
	_ = r.bw.Flush()
	r.mu.Unlock()
}

func (r *raw) isClosed() bool {
	select {
	case <-r.closed:
		return true
	default:
		return false
	}
}

// open writes a call's HEADERS and DATA (without flushing); extra headers may be added.
func (r *raw) open(method string, msg []byte, extra ...hpack.HeaderField) (uint32, error) {
	id := r.next
	r.next += 2
	r.hbuf.Reset()
	for _, f := range [][2]string{{":method", "POST"}, {":scheme", "http"}, {":path", method}, {":authority", "ashtapada"},
		{"content-type", "application/grpc"}, {"te", "trailers"}} {
		_ = r.enc.WriteField(hpack.HeaderField{Name: f[0], Value: f[1]})
	}
	for _, f := range extra {
		_ = r.enc.WriteField(f)
	}
	block := r.hbuf.Bytes()
	first := min(len(block), 16<<10)
	if err := r.fr.WriteHeaders(http2.HeadersFrameParam{StreamID: id, BlockFragment: block[:first], EndHeaders: first == len(block)}); err != nil {
		return id, err
	}
	for block = block[first:]; len(block) > 0; {
		n := min(len(block), 16<<10)
		if err := r.fr.WriteContinuation(id, n == len(block), block[:n]); err != nil {
			return id, err
		}
		block = block[n:]
	}
	frame := make([]byte, 5+len(msg))
	binary.BigEndian.PutUint32(frame[1:], uint32(len(msg)))
	copy(frame[5:], msg)
	return id, r.fr.WriteData(id, true, frame)
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

const chaturangaStart = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1"

func zeroWindow(s *server) {
	idleRSS := s.status("VmRSS")
	msg := marshal(&pb.GetVariantRequest{Name: "coaster_chess"})
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
				r.locked(func() {
					for range 100 {
						if _, err := r.open("/ashtapada.v1.RulesService/GetVariant", msg); err != nil {
							return
						}
					}
				})
				for !stop.Load() && !r.isClosed() {
					time.Sleep(50 * time.Millisecond)
				}
				if r.isClosed() {
					closedByServer.Add(1)
					time.Sleep(100 * time.Millisecond)
				}
				r.conn.Close()
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
			_, err := client.Search(ctx, &pb.SearchRequest{Position: &pb.Position{Variant: "chaturanga", Text: chaturangaStart}, Depth: 3})
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
	fmt.Printf("  attacking connections opened %d, closed by the server %d\n", opened.Load(), closedByServer.Load())
	fmt.Printf("  legitimate Search from 127.0.0.5: %d answered (slowest %v), %d failed\n", answered, worst.Round(time.Millisecond), failed)
}

func bigHeader(s *server) {
	r, err := dialFrom("127.0.0.1", s.grpcAddr, 65535)
	check(err)
	var id uint32
	r.locked(func() {
		id, err = r.open("/ashtapada.v1.RulesService/ListVariants", nil, hpack.HeaderField{Name: "x-big", Value: strings.Repeat("a", 1<<20)})
	})
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
	fmt.Printf("  raw connection closed by the server: %v; GOAWAY code %d\n", r.isClosed(), int(r.goaway.Load())-1)
}

func rapidReset(s *server) {
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
				for n := 0; n < 200_000 && !stop.Load() && !r.isClosed(); n++ {
					r.mu.Lock()
					id, err := r.open("/ashtapada.v1.RulesService/ListVariants", msg)
					if err == nil {
						err = r.fr.WriteRSTStream(id, http2.ErrCodeCancel)
					}
					if n%16 == 15 {
						_ = r.bw.Flush()
					}
					r.mu.Unlock()
					if err != nil {
						break
					}
					streams.Add(1)
				}
				r.locked(func() {})
				select {
				case <-r.closed:
				case <-time.After(time.Second):
				}
				if g := r.goaway.Load(); g > 0 {
					goaways.Add(1)
					if g-1 == uint32(http2.ErrCodeEnhanceYourCalm) {
						calm.Add(1)
					}
				}
				r.conn.Close()
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
		_, err := client.ListLegalMoves(ctx, &pb.ListLegalMovesRequest{Position: &pb.Position{Variant: "chaturanga", Text: chaturangaStart}})
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

func flood(s *server) {
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
				var id uint32
				r.locked(func() {
					id, _ = r.open("/ashtapada.v1.AnalysisService/Search", marshal(&pb.SearchRequest{Position: &pb.Position{Variant: "chaturanga", Text: chaturangaStart},
						TimeLimit: durationpb.New(time.Second)}))
				})
				for n := 0; !stop.Load() && !r.isClosed(); n++ {
					r.mu.Lock()
					var err error
					switch n % 3 {
					case 0:
						err = r.fr.WriteSettings()
					case 1:
						err = r.fr.WriteWindowUpdate(0, 1)
					case 2:
						err = r.fr.WriteData(id+2, false, nil)
					}
					if n%64 == 63 {
						_ = r.bw.Flush()
					}
					r.mu.Unlock()
					if err != nil {
						break
					}
					frames.Add(1)
				}
				select {
				case <-r.closed:
				case <-time.After(time.Second):
				}
				if g := r.goaway.Load(); g-1 == uint32(http2.ErrCodeEnhanceYourCalm) {
					calm.Add(1)
				}
				r.conn.Close()
			}
		}()
	}
	time.Sleep(5 * time.Second)
	stop.Store(true)
	wg.Wait()
	fmt.Printf("  %d control frames over %d connections; ENHANCE_YOUR_CALM on %d\n", frames.Load(), conns.Load(), calm.Load())
}

func idle(s *server) {
	var held []*raw
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
		if r.isClosed() {
			closed++
		}
		r.conn.Close()
	}
	fmt.Printf("  %d idle connections held; calls from 127.0.0.3: %d of 10 answered; idle connections closed by the server %d; admin /readyz: %s\n", len(held), ok, closed, probe)
}
