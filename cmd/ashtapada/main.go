// Command ashtapada serves the Chaturanga-family rules over gRPC and HTTP/JSON, and offers perft,
// move listing and search on the command line.
//
//	ashtapada serve [flags]   (ashtapada serve -h lists them, each with its environment variable)
//	ashtapada version
//	ashtapada perft --variant V --depth N [--fen TEXT] [--divide]
//	ashtapada moves --variant V [--fen TEXT]
//	ashtapada search --variant V [--fen TEXT] [--depth N | --movetime D] [--multipv K] [--algorithm A]
//	ashtapada review [--movetime D | --depth N] [--server ADDR] [--json] FILE...
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/netip"
	"os"
	"os/signal"
	"runtime"
	"runtime/debug"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/ashtapada/ashtapada/engine"
	_ "github.com/ashtapada/ashtapada/engine/games"
	"github.com/ashtapada/ashtapada/gen/openapi"
	"go.uber.org/zap"

	"github.com/ashtapada/ashtapada/service"
	"github.com/ashtapada/ashtapada/web"
)

// version is set at build time: go build -ldflags "-X main.version=v1.2.3". Empty, the build
// information decides.
var version string

const usage = `usage:
  ashtapada serve [flags]     serve gRPC and HTTP/JSON until SIGINT or SIGTERM; flags below
  ashtapada version           print the version and the Go version
  ashtapada openapi           print the OpenAPI 3 document of the HTTP/JSON API (as served at /openapi.json)
  ashtapada perft --variant V --depth N [--fen TEXT] [--divide]
  ashtapada moves --variant V [--fen TEXT]
  ashtapada search --variant V [--fen TEXT] [--depth N | --movetime D] [--multipv K] [--algorithm A]
  ashtapada match --variant V --players SPEC,SPEC,... --games N --seed S [--depth D | --movetime T] [--max-actions M]
  ashtapada ladder --variant V [--options O] [--games N] [--movetime T] [--state FILE] [--go]
  ` + reviewUsage + `
`

// usageText is the usage with every serve flag, its environment variable and default.
func usageText() string {
	var b strings.Builder
	b.WriteString(usage + "\nserve flags:\n")
	fs, _, _ := serveFlags()
	fs.SetOutput(&b)
	fs.PrintDefaults()
	return b.String()
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	// After the first signal, a second one kills the process instead of waiting for the shutdown.
	context.AfterFunc(ctx, stop)
	if err := run(ctx, os.Args[1:], os.Stdout); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return // -h of a command: its flags are printed, which is what was asked
		}
		fmt.Fprintln(os.Stderr, "ashtapada:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, out io.Writer) error {
	if len(args) == 0 {
		return errors.New("no command\n" + usageText())
	}
	switch args[0] {
	case "serve":
		return serve(ctx, args[1:], os.Stderr)
	case "version":
		fmt.Fprintf(out, "ashtapada %s %s %s/%s\n", appVersion(), runtime.Version(), runtime.GOOS, runtime.GOARCH)
		return nil
	case "openapi":
		_, err := out.Write(openapi.Document())
		return err
	case "perft":
		return perft(ctx, args[1:], out)
	case "moves":
		return moves(args[1:], out)
	case "search":
		return searchCommand(ctx, args[1:], out)
	case "match":
		return match(ctx, args[1:], out)
	case "review":
		return review(ctx, args[1:], out, os.Stderr)
	case "ladder":
		return ladder(ctx, args[1:], out)
	case "help", "-h", "--help":
		fmt.Fprint(out, usageText())
		return nil
	}
	return fmt.Errorf("unknown command %q\n%s", args[0], usageText())
}

// appVersion is the version set at build time, else the one in the build information.
func appVersion() string {
	if version != "" {
		return version
	}
	return service.BuildVersion()
}

func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

// serveOptions are the serve command's settings.
type serveOptions struct {
	grpcAddr, httpAddr, adminAddr string
	corsOrigins                   string
	playground                    bool
	cfg                           service.Config
	permitIdlePings               bool
	maxConcurrentStreams          uint
	trustedProxies                string
	apiKeys                       string
	apiKeysRules                  bool
}

// serveFlags defines the serve flags, each set from its environment variable when that is set; a
// malformed variable is the error.
func serveFlags() (*flag.FlagSet, *serveOptions, error) {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	o := &serveOptions{}
	e := &envFlags{fs: fs}
	c := &o.cfg
	e.str(&o.grpcAddr, "grpc-addr", ":50051", "gRPC listen address")
	e.str(&o.httpAddr, "http-addr", ":8080", "HTTP/JSON listen address; also serves /healthz, /readyz, /openapi.json and the playground at /")
	e.bool(&o.playground, "playground", true, "serve the playground page, a browser client of the JSON API, at / on the HTTP port")
	e.str(&o.adminAddr, "admin-addr", "", "admin listen address for the profiler (/debug/pprof/), /metrics and the probes /healthz and /readyz; keep it private (default: off)")
	e.bool(&c.PublicMetrics, "public-metrics", false, "serve /metrics on the HTTP port too (default: on the admin address only)")
	e.str(&o.corsOrigins, "cors-origins", "", `comma-separated origins browsers may call the HTTP API from; "*" for any (default: none)`)
	e.int64(&c.MaxBodyBytes, "max-body-bytes", service.DefaultMaxBodyBytes, "largest HTTP request body, in bytes")

	e.duration(&c.Limits.AnalysisTime, "analysis-time", service.DefaultAnalysisTime, "longest time an analysis call runs")
	e.int(&c.Limits.Analyses, "analyses", service.DefaultAnalyses(), "analysis calls running at once (default: one fewer than the processors, at least 1, so that rules calls keep a core)")
	e.duration(&c.Limits.QueueWait, "analysis-queue-wait", service.DefaultQueueWait,
		"how long an analysis call waits for a free slot before RESOURCE_EXHAUSTED (ANALYSIS_BUSY)")

	e.duration(&c.Conn.ReadHeaderTimeout, "http-read-header-timeout", service.DefaultReadHeaderTimeout, "time an HTTP client has to send a request's headers")
	e.duration(&c.Conn.ReadTimeout, "http-read-timeout", service.DefaultReadTimeout, "time an HTTP client has to send a whole request, body included")
	e.duration(&c.Conn.WriteTimeout, "http-write-timeout", 0,
		"longest HTTP response, SearchStream's included; must exceed analysis-time plus analysis-queue-wait (default: their sum plus 5s)")
	e.duration(&c.Conn.IdleTimeout, "http-idle-timeout", service.DefaultIdleTimeout, "how long a kept-alive HTTP connection may sit idle")
	e.int(&c.Conn.MaxHeaderBytes, "http-max-header-bytes", service.DefaultMaxHeaderBytes, "largest HTTP request header block, in bytes")

	e.duration(&c.Conn.HandshakeTimeout, "grpc-handshake-timeout", service.DefaultHandshakeTimeout, "time a gRPC client has to open its HTTP/2 connection")
	e.duration(&c.Conn.KeepaliveMinTime, "grpc-keepalive-min-time", service.DefaultKeepaliveMinTime,
		"shortest interval between a client's keepalive pings; more often gets GOAWAY too_many_pings")
	e.bool(&o.permitIdlePings, "grpc-keepalive-permit-without-stream", true, "allow keepalive pings on connections without calls")
	e.duration(&c.Conn.KeepaliveTime, "grpc-keepalive-time", service.DefaultKeepaliveTime, "silence on a gRPC connection before the server pings it")
	e.duration(&c.Conn.KeepaliveTimeout, "grpc-keepalive-timeout", service.DefaultKeepaliveTimeout, "wait for a ping's answer before closing the connection")
	e.duration(&c.Conn.MaxConnectionIdle, "grpc-max-connection-idle", service.DefaultMaxConnectionIdle, "close gRPC connections without calls for this long")
	e.duration(&c.Conn.MaxConnectionAge, "grpc-max-connection-age", service.DefaultMaxConnectionAge,
		"close gRPC connections this old (GOAWAY, then the grace), so clients spread over new replicas and none keeps a connection for ever")
	e.duration(&c.Conn.MaxConnectionAgeGrace, "grpc-max-connection-age-grace", 0,
		"time the calls of a connection closed for its age have to finish (default: analysis-time plus analysis-queue-wait plus 5s)")
	e.uint(&o.maxConcurrentStreams, "grpc-max-concurrent-streams", service.DefaultMaxConcurrentStreams,
		"calls in flight per gRPC connection; the HTTP gateway's calls share one connection")
	e.int(&c.Conn.MaxRecvMsgSize, "grpc-max-recv-msg-size", service.DefaultMaxRecvMsgSize, "largest gRPC request message, in bytes")
	e.duration(&c.Conn.GRPCWriteTimeout, "grpc-write-timeout", service.DefaultGRPCWriteTimeout,
		"close a gRPC connection that leaves an answer unwritten this long (its client grants no flow-control window, or does not read)")
	e.int(&c.Conn.MaxConnections, "max-connections", service.DefaultMaxConnections, "connections open at once on each port; more are closed at once")
	e.int(&c.Conn.MaxConnectionsPerPeer, "max-connections-per-peer", service.DefaultMaxConnectionsPerPeer,
		"connections open at once on each port from one IP address, trusted proxies aside; more are closed at once")
	e.int64(&c.Conn.PeerMemory, "peer-memory-budget", 0,
		"bytes that both ports' connections may hold in memory (unsent answers, open streams, requests being read); past it the costliest connections are closed and new ones refused (default: a quarter of GOMEMLIMIT or of the container's memory limit, else 48 MiB)")
	e.duration(&c.Conn.IdleGrace, "idle-grace", service.DefaultIdleGrace,
		"how long a connection without calls is kept once its port holds seven eighths of --max-connections; a new connection at the cap takes the place of one idle this long")
	e.str(&o.apiKeys, "api-keys", "",
		"file of the API keys the analysis calls need (a JSON array of {name, sha256, weight, quota}; docs/scheduling.md), read again on SIGHUP (default: none, the service is open)")
	e.bool(&o.apiKeysRules, "api-keys-rules", false, "with --api-keys, the rules calls need a key too")
	e.str(&o.trustedProxies, "trusted-proxies", "",
		"comma-separated addresses or CIDR prefixes of the proxies in front of the server: exempt from the per-peer cap, and the client they name in X-Forwarded-For is logged as the peer (default: none)")

	e.duration(&c.ShutdownDrain, "shutdown-drain", 5*time.Second,
		"on SIGTERM, how long to keep serving while reporting NOT_SERVING and /readyz 503, so load balancers stop sending calls")
	e.duration(&c.ShutdownGrace, "shutdown-grace", 0,
		"after the drain, how long calls in flight have to finish before they are cut off (default: analysis-time plus analysis-queue-wait plus 5s)")
	return fs, o, e.err
}

// serveGCPercent is the GC's target when GOGC is unset. The server's live heap is a few MB, so at
// Go's 100 it collected every ~140 rules calls; a memory limit (GOMEMLIMIT, which the deployment
// sets) still makes it collect harder near the limit.
const serveGCPercent = 400

func serve(ctx context.Context, args []string, logOut io.Writer) error {
	if _, set := os.LookupEnv("GOGC"); !set {
		debug.SetGCPercent(serveGCPercent)
	}
	fs, o, err := serveFlags()
	if err != nil {
		return err
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil // the flag set has printed the usage
		}
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("serve takes no arguments, got %q", fs.Args())
	}
	c := &o.cfg
	if c.Limits.AnalysisTime <= 0 || c.Limits.Analyses <= 0 || c.Limits.QueueWait <= 0 {
		return errors.New("--analysis-time, --analyses and --analysis-queue-wait must be positive")
	}
	if c.ShutdownDrain < 0 {
		return errors.New("--shutdown-drain must not be negative")
	}
	if o.maxConcurrentStreams == 0 || o.maxConcurrentStreams > 1<<31 {
		return errors.New("--grpc-max-concurrent-streams must be from 1 to 2^31")
	}
	c.Conn.MaxConcurrentStreams = uint32(o.maxConcurrentStreams)
	if o.playground {
		c.Playground = web.New()
	}
	c.Conn.ForbidIdlePings = !o.permitIdlePings
	if c.Conn.MaxConnections <= 0 || c.Conn.MaxConnectionsPerPeer <= 0 || c.Conn.GRPCWriteTimeout <= 0 || c.Conn.MaxConnectionAge <= 0 {
		return errors.New("--max-connections, --max-connections-per-peer, --grpc-write-timeout and --grpc-max-connection-age must be positive")
	}
	if c.Conn.PeerMemory < 0 || c.Conn.IdleGrace <= 0 {
		return errors.New("--peer-memory-budget must not be negative, and --idle-grace must be positive")
	}
	if c.TrustedProxies, err = parsePrefixes(o.trustedProxies); err != nil {
		return fmt.Errorf("--trusted-proxies: %w", err)
	}
	for _, origin := range strings.Split(o.corsOrigins, ",") {
		if origin = strings.TrimSpace(origin); origin != "" {
			c.AllowedOrigins = append(c.AllowedOrigins, origin)
		}
	}
	c.Version = appVersion()
	log, flush := service.NewLogger(logOut)
	defer func() { _ = flush() }()
	c.Log = log
	if o.apiKeys != "" {
		if c.APIKeys, err = service.LoadAPIKeys(o.apiKeys); err != nil {
			return err
		}
		c.APIKeys.RulesToo = o.apiKeysRules
		reloadOnHangup(ctx, c.APIKeys, log)
	} else if o.apiKeysRules {
		return errors.New("--api-keys-rules needs --api-keys")
	}
	// Serve closes the listeners; these closes are for the errors before it runs.
	grpcLis, err := net.Listen("tcp", o.grpcAddr)
	if err != nil {
		return err
	}
	defer grpcLis.Close()
	httpLis, err := net.Listen("tcp", o.httpAddr)
	if err != nil {
		return err
	}
	defer httpLis.Close()
	if o.adminAddr != "" {
		if c.AdminListener, err = net.Listen("tcp", o.adminAddr); err != nil {
			return err
		}
		defer c.AdminListener.Close()
	}
	return service.Serve(ctx, grpcLis, httpLis, *c)
}

// reloadOnHangup reads the API keys file again on every SIGHUP until ctx ends; a file that does not
// read leaves the keys as they were.
func reloadOnHangup(ctx context.Context, keys *service.APIKeys, log *zap.Logger) {
	hup := make(chan os.Signal, 1)
	signal.Notify(hup, syscall.SIGHUP)
	go func() {
		defer signal.Stop(hup)
		for {
			select {
			case <-ctx.Done():
				return
			case <-hup:
				if err := keys.Reload(); err != nil {
					log.Error("API keys not reloaded", zap.Error(err))
				} else {
					log.Info("API keys reloaded")
				}
			}
		}
	}()
}

// parsePrefixes reads a comma-separated list of addresses (one address each) and CIDR prefixes.
func parsePrefixes(list string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, item := range strings.Split(list, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		if p, err := netip.ParsePrefix(item); err == nil {
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(item)
		if err != nil {
			return nil, fmt.Errorf("%q is neither an IP address nor a CIDR prefix", item)
		}
		out = append(out, netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen()))
	}
	return out, nil
}

// envFlags defines flags whose default the environment variable named ASHTAPADA_ and the flag's
// name in capitals overrides; the first malformed variable is kept in err.
type envFlags struct {
	fs  *flag.FlagSet
	err error
}

// fromEnv names the flag's environment variable in its usage, and sets the flag from it.
func (e *envFlags) fromEnv(name string) {
	env := "ASHTAPADA_" + strings.ToUpper(strings.ReplaceAll(name, "-", "_"))
	f := e.fs.Lookup(name)
	f.Usage += " (env " + env + ")"
	if v := os.Getenv(env); v != "" {
		if err := f.Value.Set(v); err != nil && e.err == nil {
			e.err = fmt.Errorf("%s=%q: invalid value for --%s: %w", env, v, name, err)
		}
	}
}

func (e *envFlags) str(p *string, name, def, usage string) {
	e.fs.StringVar(p, name, def, usage)
	e.fromEnv(name)
}

func (e *envFlags) duration(p *time.Duration, name string, def time.Duration, usage string) {
	e.fs.DurationVar(p, name, def, usage)
	e.fromEnv(name)
}

func (e *envFlags) int(p *int, name string, def int, usage string) {
	e.fs.IntVar(p, name, def, usage)
	e.fromEnv(name)
}

func (e *envFlags) int64(p *int64, name string, def int64, usage string) {
	e.fs.Int64Var(p, name, def, usage)
	e.fromEnv(name)
}

func (e *envFlags) uint(p *uint, name string, def uint, usage string) {
	e.fs.UintVar(p, name, def, usage)
	e.fromEnv(name)
}

func (e *envFlags) bool(p *bool, name string, def bool, usage string) {
	e.fs.BoolVar(p, name, def, usage)
	e.fromEnv(name)
}

// position reads --variant and --fen into a position: the start position when fen is empty.
func position(variant, fen string) (engine.Position, error) {
	v, ok := engine.Lookup(variant)
	if !ok {
		var names []string
		for _, x := range engine.Variants() {
			names = append(names, x.Describe().Name)
		}
		sort.Strings(names)
		return nil, fmt.Errorf("unknown variant %q (have %v)", variant, names)
	}
	if fen == "" {
		return v.Start(nil)
	}
	return v.Parse(fen)
}

func perft(ctx context.Context, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	variant := fs.String("variant", "chaturanga", "variant name")
	depth := fs.Int("depth", 0, "depth in plies (rolls are not plies)")
	fen := fs.String("fen", "", "position text (default: the start position)")
	divide := fs.Bool("divide", false, "print the count below every first action")
	if err := fs.Parse(args); err != nil {
		return err
	}
	pos, err := position(*variant, *fen)
	if err != nil {
		return err
	}
	if *depth < 1 {
		return errors.New("--depth must be at least 1")
	}
	start := time.Now()
	res, err := engine.Perft(ctx, pos, *depth, engine.PerftOptions{Divide: *divide})
	if err != nil {
		return err
	}
	for _, d := range res.Divide {
		fmt.Fprintf(out, "%s: %d\n", pos.Notation(d.Move), d.Nodes)
	}
	elapsed := time.Since(start)
	fmt.Fprintf(out, "nodes %d\ntime %s\nnps %.0f\n", res.Nodes, elapsed.Round(time.Microsecond), float64(res.Nodes)/elapsed.Seconds())
	return nil
}

func moves(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("moves", flag.ContinueOnError)
	variant := fs.String("variant", "chaturanga", "variant name")
	fen := fs.String("fen", "", "position text (default: the start position)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	pos, err := position(*variant, *fen)
	if err != nil {
		return err
	}
	for _, m := range pos.Moves(nil) {
		fmt.Fprintln(out, pos.Notation(m))
	}
	return nil
}
