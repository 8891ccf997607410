// Package service serves the engine's variants over gRPC and over an HTTP/JSON gateway. It is the
// only place where protobuf messages and engine values meet.
package service

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/health"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/peer"
	"google.golang.org/grpc/reflection"
	"google.golang.org/grpc/status"
	"google.golang.org/grpc/test/bufconn"

	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
	"github.com/ashtapada/ashtapada/service/gateway"
	"github.com/ashtapada/ashtapada/service/internal/echo"
)

// Config is how Serve runs. A zero field takes its default.
type Config struct {
	// Log receives one line per call and the server's own events (default: none).
	Log *zap.Logger
	// Limits bound the analysis calls.
	Limits Limits
	// Conn bound the connections of both servers.
	Conn ConnLimits
	// Version is sent with every response: the gRPC header ashtapada-version and the HTTP header
	// Ashtapada-Version (default: BuildVersion).
	Version string
	// AllowedOrigins are the origins browsers may call the HTTP API from (CORS); empty: none,
	// "*": any.
	AllowedOrigins []string
	// MaxBodyBytes caps HTTP request bodies (default DefaultMaxBodyBytes).
	MaxBodyBytes int64
	// Playground, when set, is served on the HTTP port beside the API (the page at /).
	Playground Playground
	// AdminListener, when set, serves the profiler (/debug/pprof/), /metrics and the probes
	// /healthz and /readyz. Keep it private: the public HTTP port never serves the profiler.
	AdminListener net.Listener
	// APIKeys, when set, are the keys the analysis calls (and with RulesToo the rules calls) need:
	// each key is a flow of its own for the fair sharing of the analysis, with its weight and
	// quota. Without them the service is open, and a flow is a client's address.
	APIKeys *APIKeys
	// PublicMetrics serves /metrics on the HTTP port too; by default only the admin address does,
	// as the metrics tell a stranger much about the server.
	PublicMetrics bool
	// ShutdownDrain is how long the server keeps answering once shutdown begins, while its health
	// is NOT_SERVING and /readyz fails, so that load balancers stop sending it calls before its
	// listeners close (default: none).
	ShutdownDrain time.Duration
	// ShutdownGrace bounds the wait for the calls in flight once the listeners are closed; calls
	// still running then are cut off (default: the analysis time and queue wait plus 5 s).
	ShutdownGrace time.Duration
	// TrustedProxies are the addresses of the proxies (load balancers) in front of the server:
	// their connections are exempt from the per-peer connection cap, and the client they name in
	// X-Forwarded-For is logged as the call's peer. Anyone else's X-Forwarded-For is ignored.
	TrustedProxies []netip.Prefix
}

func (c Config) withDefaults() Config {
	if c.Log == nil {
		c.Log = zap.NewNop()
	}
	c.Limits = c.Limits.withDefaults()
	c.Conn = c.Conn.withDefaults(c.Limits)
	if c.Version == "" {
		c.Version = BuildVersion()
	}
	if c.ShutdownGrace <= 0 {
		c.ShutdownGrace = c.Limits.longest() + slack
	}
	return c
}

// grpcServer is the gRPC server with the parts that shutdown and the HTTP handler reach.
type grpcServer struct {
	*grpc.Server
	// gateway is the in-memory listener of the HTTP gateway's connection: calls on it come from
	// the gateway, whose metadata (transport, X-Forwarded-For) is trusted.
	gateway *bufconn.Listener
	health  *health.Server
	metrics *metrics
	unary   []grpc.UnaryServerInterceptor // the chain, which the gateway's in-process calls run too
	// running counts the calls whose handlers run, health checks and reflection aside.
	running atomic.Int64
	calls   *callLog
}

// newGRPCServer returns a gRPC server with the rules and analysis services, health checking and
// reflection, under the connection limits, logging one line per call, counting calls in the
// metrics and turning panics into INTERNAL errors. The analysis calls run under the limits.
func newGRPCServer(cfg Config, extra ...grpc.ServerOption) *grpcServer {
	s := &grpcServer{health: health.NewServer(), metrics: newMetrics(cfg.Version), gateway: bufconn.Listen(gatewayBuffer)}
	unary, stream := s.interceptors(cfg)
	s.unary = unary
	opts := append(cfg.Conn.grpcOptions(), grpc.ChainUnaryInterceptor(unary...), grpc.ChainStreamInterceptor(stream...),
		grpc.ForceServerCodecV2(newRequestCodec()))
	opts = append(opts, extra...)
	s.Server = grpc.NewServer(opts...)
	pb.RegisterRulesServiceServer(s, Rules{})
	analysis := NewAnalysis(cfg.Limits)
	analysis.flows = flowNamer{gateway: s.gateway.Addr(), trusted: cfg.TrustedProxies}
	pb.RegisterAnalysisServiceServer(s, analysis)
	s.metrics.watchAnalyses(analysis.gate)
	for _, name := range []string{"", pb.RulesService_ServiceDesc.ServiceName, pb.AnalysisService_ServiceDesc.ServiceName} {
		s.health.SetServingStatus(name, healthpb.HealthCheckResponse_SERVING)
	}
	healthpb.RegisterHealthServer(s, s.health)
	reflection.Register(s)
	s.metrics.grpc.InitializeMetrics(s.Server)
	return s
}

// interceptors are the server's interceptor chains, outermost first. Every call is logged and
// counted, panics included, since recovery runs inside both; the size caps refuse a request before
// any work, last in the chains, so that their refusals are logged and counted too.
func (s *grpcServer) interceptors(cfg Config) ([]grpc.UnaryServerInterceptor, []grpc.StreamServerInterceptor) {
	calls := &callLog{log: cfg.Log, header: versionMD(cfg.Version), running: &s.running, gateway: s.gateway.Addr(), trusted: cfg.TrustedProxies}
	s.calls = calls
	unary := []grpc.UnaryServerInterceptor{calls.unary, s.metrics.unary(), skipCancelled, recoverPanics(cfg.Log), capRequests()}
	stream := []grpc.StreamServerInterceptor{calls.stream, s.metrics.stream(), skipCancelledStream, recoverStreamPanics(cfg.Log), capStreamRequests()}
	if cfg.APIKeys != nil {
		// After the log and the metrics, which count its refusals; before any work.
		unary = slices.Insert(unary, 3, cfg.APIKeys.unary)
		stream = slices.Insert(stream, 3, cfg.APIKeys.stream)
	}
	return unary, stream
}

// quiet reports calls kept out of the logs: health checks and reflection.
func quiet(method string) bool {
	return strings.HasPrefix(method, "/grpc.health.") || strings.HasPrefix(method, "/grpc.reflection.")
}

// callLog is the outermost interceptor: it sends the version header and logs one line per call,
// but for the calls their clients cancelled before they ran: those are counted, and written as
// one line a second at most ("calls cancelled before they ran"), so that a client resetting its
// streams as fast as it opens them cannot make the log a copy of its attack.
type callLog struct {
	log     *zap.Logger
	header  metadata.MD
	peers   peerNames
	running *atomic.Int64
	gateway net.Addr       // the address of the gateway's connection
	trusted []netip.Prefix // proxies whose X-Forwarded-For is believed

	cancelled    atomic.Uint64 // calls cancelled before they ran, not yet in a line
	cancelledLog rateLimited
}

// cancelledEarly counts a call cancelled before it ran, and writes the count when a second has
// passed since the last line.
func (c *callLog) cancelledEarly() {
	c.cancelled.Add(1)
	if _, ok := c.cancelledLog.allow(time.Now()); ok {
		c.flushCancelled()
	}
}

// flushCancelled writes the calls cancelled before they ran since the last line, if any.
func (c *callLog) flushCancelled() {
	if n := c.cancelled.Swap(0); n > 0 {
		c.log.Info("calls cancelled before they ran", zap.Uint64("calls", n))
	}
}

// skipCancelled answers CANCELLED, without running the handler, a call whose client cancelled it
// before it ran; the metrics, outside it, count it.
func skipCancelled(ctx context.Context, req any, _ *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
	if err := ctx.Err(); err != nil {
		return nil, status.FromContextError(err).Err()
	}
	return handler(ctx, req)
}

func skipCancelledStream(srv any, ss grpc.ServerStream, _ *grpc.StreamServerInfo, handler grpc.StreamHandler) error {
	if err := ss.Context().Err(); err != nil {
		return status.FromContextError(err).Err()
	}
	return handler(srv, ss)
}

// peerNames caches the text of peer addresses: every call of a connection has the same address
// value, which gRPC would otherwise format once per call.
type peerNames struct {
	names sync.Map // net.Addr -> string
	n     atomic.Int64
}

// maxPeerNames bounds the cache; past it, it starts over.
const maxPeerNames = 4096

func (p *peerNames) name(a net.Addr) string {
	if s, ok := p.names.Load(a); ok {
		return s.(string)
	}
	if p.n.Add(1) > maxPeerNames {
		p.names.Clear()
		p.n.Store(1)
	}
	s := a.String()
	p.names.Store(a, s)
	return s
}

func (c *callLog) unary(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
	start := time.Now()
	if c.header != nil {
		_ = grpc.SetHeader(ctx, c.header)
	}
	early := ctx.Err() != nil
	c.running.Add(1)
	resp, err := handler(ctx, req)
	c.running.Add(-1)
	if early && status.Code(err) == codes.Canceled {
		c.cancelledEarly()
		return resp, err
	}
	c.write(ctx, info.FullMethod, start, err)
	return resp, err
}

func (c *callLog) stream(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, handler grpc.StreamHandler) error {
	start := time.Now()
	if c.header != nil {
		_ = ss.SetHeader(c.header)
	}
	// A health watch lasts as long as its client wants: it is no call to wait for.
	counted := !quiet(info.FullMethod)
	early := ss.Context().Err() != nil
	if counted {
		c.running.Add(1)
	}
	err := handler(srv, ss)
	if counted {
		c.running.Add(-1)
	}
	if early && status.Code(err) == codes.Canceled {
		c.cancelledEarly()
		return err
	}
	c.write(ss.Context(), info.FullMethod, start, err)
	return err
}

// write logs a call's one line: method, code, duration, transport, peer, and the error's message.
// Client errors are Info, the server's Warn or Error; none is ever sampled away.
func (c *callLog) write(ctx context.Context, method string, start time.Time, err error) {
	if quiet(method) {
		return
	}
	code := status.Code(err)
	ce := c.log.Check(callLevel(code), "call")
	if ce == nil {
		return
	}
	transport, from := c.origin(ctx)
	msg := zap.Skip()
	if err != nil {
		msg = zap.String("error", status.Convert(err).Message())
	}
	ce.Write(zap.String("method", method), zap.String("code", code.String()), zap.Duration("duration", time.Since(start)),
		transport, from, msg)
}

// origin is a call's transport and peer. Only the gateway's calls (in-process ones carry no peer)
// are believed when they say they came over HTTP; their peer is the HTTP client, which the gateway
// appends to X-Forwarded-For. A peer that is a trusted proxy is replaced by the client it names.
func (c *callLog) origin(ctx context.Context) (transport, from zap.Field) {
	overHTTP, named, conn := caller(ctx, c.gateway, c.trusted)
	transport = zap.String("transport", "grpc")
	if overHTTP {
		transport = zap.String("transport", "http")
	}
	switch {
	case named != "":
		return transport, zap.String("peer", named)
	case conn != nil:
		return transport, zap.String("peer", c.peers.name(conn))
	}
	return transport, zap.Skip()
}

// caller is who made a call, as far as the server may believe it: overHTTP when the gateway made
// it for an HTTP client; named, the client that the gateway or a trusted proxy names in
// X-Forwarded-For ("" when none does); conn, the connection's address (nil for the gateway's
// calls, which come in-process or over its in-memory connection).
func caller(ctx context.Context, gateway net.Addr, trusted []netip.Prefix) (overHTTP bool, named string, conn net.Addr) {
	p, ok := peer.FromContext(ctx)
	if !ok || p.Addr == nil || p.Addr == gateway {
		if v := metadata.ValueFromIncomingContext(ctx, TransportMetadataKey); len(v) == 1 && v[0] == "http" {
			return true, forwardedClient(metadata.ValueFromIncomingContext(ctx, "x-forwarded-for"), trusted), nil
		}
		return false, "", nil
	}
	if len(trusted) > 0 && trustedIP(trusted, addrIP(p.Addr)) {
		if client := forwardedClient(metadata.ValueFromIncomingContext(ctx, "x-forwarded-for"), trusted); client != "" {
			return false, client, p.Addr
		}
	}
	return false, "", p.Addr
}

// forwardedClient is the client an X-Forwarded-For chain names: its last address that is no
// trusted proxy (each proxy appends the address it got the request from), or its first when all
// are trusted; "" for no chain.
func forwardedClient(values []string, trusted []netip.Prefix) string {
	first := ""
	for i := len(values) - 1; i >= 0; i-- {
		v := values[i]
		for v != "" {
			entry := v
			if k := strings.LastIndexByte(v, ','); k >= 0 {
				entry, v = v[k+1:], v[:k]
			} else {
				v = ""
			}
			entry = strings.TrimSpace(entry)
			if entry == "" {
				continue
			}
			first = entry
			ip, err := netip.ParseAddr(entry)
			if err != nil || !trustedIP(trusted, ip.Unmap()) {
				return echo.Clip(entry, maxForwarded)
			}
		}
	}
	return echo.Clip(first, maxForwarded)
}

// maxForwarded caps a forwarded client's address in the log.
const maxForwarded = 64

// callLevel is Info for the codes a client's request causes, Warn for load and deadlines, Error
// for the server's faults.
func callLevel(code codes.Code) zapcore.Level {
	switch code {
	case codes.OK, codes.InvalidArgument, codes.NotFound, codes.FailedPrecondition, codes.Canceled, codes.OutOfRange:
		return zap.InfoLevel
	case codes.Internal, codes.Unknown, codes.DataLoss, codes.Unimplemented:
		return zap.ErrorLevel
	}
	return zap.WarnLevel
}

// recoverPanics is the innermost interceptor: a panic is logged with its stack and answered with a
// generic INTERNAL error that reveals nothing of the server's internals.
func recoverPanics(log *zap.Logger) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (resp any, err error) {
		defer func() {
			if r := recover(); r != nil {
				log.Error("panic", zap.String("method", info.FullMethod), zap.Any("panic", r), zap.ByteString("stack", debug.Stack()))
				resp, err = nil, statusError(codes.Internal, "INTERNAL", "", "internal error")
			}
		}()
		return handler(ctx, req)
	}
}

func recoverStreamPanics(log *zap.Logger) grpc.StreamServerInterceptor {
	return func(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, handler grpc.StreamHandler) (err error) {
		defer func() {
			if r := recover(); r != nil {
				log.Error("panic", zap.String("method", info.FullMethod), zap.Any("panic", r), zap.ByteString("stack", debug.Stack()))
				err = statusError(codes.Internal, "INTERNAL", "", "internal error")
			}
		}()
		return handler(srv, ss)
	}
}

// Serve runs the gRPC server on grpcLis, the HTTP/JSON gateway on httpLis and, when configured,
// the admin server, until ctx is done. Then it shuts down without losing a call in flight:
//
//  1. health turns NOT_SERVING for every service and /readyz fails, while calls are still served
//     for cfg.ShutdownDrain, so that load balancers stop sending new ones;
//  2. the HTTP server stops accepting and waits for its calls in flight;
//  3. the gRPC server stops accepting (GOAWAY) and waits for its calls in flight;
//  4. the admin server and then the gateway's connection to the gRPC server close.
//
// Steps 2 and 3 together take at most cfg.ShutdownGrace; calls still running then are cut off.
func Serve(ctx context.Context, grpcLis, httpLis net.Listener, cfg Config) error {
	cfg = cfg.withDefaults()
	log := cfg.Log
	if err := cfg.Conn.check(cfg.Limits); err != nil {
		return err
	}
	grpcGuard := newConnGuard(grpcLis, "grpc", cfg.Conn.MaxConnections, cfg.Conn.MaxConnectionsPerPeer, cfg.TrustedProxies, log)
	grpcGuard.writeTimeout, grpcGuard.h2, grpcGuard.idleGrace = cfg.Conn.GRPCWriteTimeout, true, cfg.Conn.IdleGrace
	httpGuard := newConnGuard(httpLis, "http", cfg.Conn.MaxConnections, cfg.Conn.MaxConnectionsPerPeer, cfg.TrustedProxies, log)
	httpGuard.idleGrace = cfg.Conn.IdleGrace
	budget := newPeerBudget(cfg.Conn.PeerMemory, log, grpcGuard, httpGuard)
	gs := newGRPCServer(cfg, grpc.StatsHandler(grpcGuard.stats()))
	httpGuard.plainErrors, httpGuard.rejected = true, gs.metrics.reject
	gs.metrics.watchConns(budget, grpcGuard, httpGuard)
	watchCtx, stopWatching := context.WithCancel(context.Background())
	defer stopWatching()
	go grpcGuard.watch(watchCtx, min(max(cfg.Conn.GRPCWriteTimeout/4, 10*time.Millisecond), time.Second))
	go budget.watch(watchCtx)
	var ready atomic.Bool
	ready.Store(true)
	// The gateway calls RulesService in-process and AnalysisService over an in-memory connection,
	// which no client can open and no connection limit counts. It outlives ctx: it closes last,
	// after every HTTP call has ended.
	conn, err := grpc.NewClient("passthrough:///gateway", grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) { return gs.gateway.DialContext(ctx) }))
	if err != nil {
		return fmt.Errorf("connect the gateway: %w", err)
	}
	defer conn.Close()
	gwCtx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var publicMetrics http.Handler
	if cfg.PublicMetrics {
		publicMetrics = gs.metrics.handler()
	}
	handler, err := gateway.New(gwCtx, conn, gateway.Options{
		Log:            log,
		AllowedOrigins: cfg.AllowedOrigins,
		MaxBodyBytes:   cfg.MaxBodyBytes,
		Ready:          ready.Load,
		Metrics:        publicMetrics,
		Version:        cfg.Version,
		Rules:          Rules{},
		Interceptors:   gs.unary,
		Playground:     cfg.Playground,
		Rejected:       gs.metrics.reject,
		BodyRefused:    bodyRefused,
	})
	if err != nil {
		return err
	}
	hs := cfg.Conn.httpServer(handler)
	hs.ConnState = httpGuard.connState
	hs.ConnContext = func(ctx context.Context, c net.Conn) context.Context { return context.WithValue(ctx, httpConnKey{}, c) }
	// net/http reports only failures here (accept errors, handler panics).
	hs.ErrorLog, err = zap.NewStdLogAt(log.Named("http"), zap.WarnLevel)
	if err != nil {
		return err
	}

	errs := make(chan error, 4)
	serveHTTP := func(s *http.Server, lis net.Listener) {
		if err := s.Serve(lis); !errors.Is(err, http.ErrServerClosed) {
			errs <- err
			return
		}
		errs <- nil
	}
	running := 3
	serveGRPC := func(lis net.Listener) {
		// A shutdown that comes before this goroutine runs stops the server first.
		if err := gs.Serve(lis); !errors.Is(err, grpc.ErrServerStopped) {
			errs <- err
			return
		}
		errs <- nil
	}
	go serveGRPC(grpcGuard)
	go serveGRPC(gs.gateway)
	go serveHTTP(hs, httpGuard)
	fields := []zap.Field{zap.String("version", cfg.Version), zap.String("grpc_addr", grpcLis.Addr().String()),
		zap.String("http_addr", httpLis.Addr().String())}
	var admin *http.Server
	if cfg.AdminListener != nil {
		// No write timeout: a CPU profile or trace takes as long as it is asked to.
		admin = &http.Server{Handler: adminHandler(gs.metrics.handler(), ready.Load), ReadHeaderTimeout: cfg.Conn.ReadHeaderTimeout,
			IdleTimeout: cfg.Conn.IdleTimeout, ErrorLog: hs.ErrorLog}
		running++
		go serveHTTP(admin, cfg.AdminListener)
		fields = append(fields, zap.String("admin_addr", cfg.AdminListener.Addr().String()))
	}
	log.Info("serving", fields...)
	_ = log.Sync() // at once: scripts and operators wait for this line

	var first error
	select {
	case <-ctx.Done():
	case first = <-errs:
		running--
		log.Error("server failed", zap.Error(first))
	}

	log.Info("shutting down", zap.Duration("drain", cfg.ShutdownDrain), zap.Duration("grace", cfg.ShutdownGrace))
	ready.Store(false)
	gs.health.Shutdown()
	if cfg.ShutdownDrain > 0 {
		time.Sleep(cfg.ShutdownDrain)
	}
	graceCtx, stop := context.WithTimeout(context.Background(), cfg.ShutdownGrace)
	defer stop()
	if err := hs.Shutdown(graceCtx); err != nil {
		log.Warn("HTTP calls cut off at the end of the shutdown grace", zap.Error(err))
		_ = hs.Close()
	}
	stopped := make(chan struct{})
	go func() { gs.GracefulStop(); close(stopped) }()
	select {
	case <-stopped:
	case <-gs.handlersDone(graceCtx):
		// Every call has been answered, but a connection stays open until its answers are
		// written, and a client that grants no flow-control window never lets them be: after a
		// moment for the rest to flush, such connections are closed.
		select {
		case <-stopped:
		case <-time.After(shutdownFlush):
			log.Warn("connections closed with answers their clients did not read")
			gs.Stop()
			<-stopped
		}
	case <-graceCtx.Done():
		log.Warn("gRPC calls cut off at the end of the shutdown grace")
		gs.Stop()
		<-stopped
	}
	if admin != nil {
		_ = admin.Close()
	}
	for ; running > 0; running-- {
		if err := <-errs; err != nil && first == nil {
			first = err
		}
	}
	gs.calls.flushCancelled()
	log.Info("stopped")
	return first
}

// gatewayBuffer is the in-memory buffer of each direction of the gateway's connection.
const gatewayBuffer = 1 << 20

// shutdownFlush is how long a stopping server waits, once every call has been answered, for the
// answers still queued to reach their clients.
const shutdownFlush = time.Second

// handlersDone is closed when no call's handler runs, or when ctx ends first.
func (s *grpcServer) handlersDone(ctx context.Context) <-chan struct{} {
	done := make(chan struct{})
	go func() {
		t := time.NewTicker(10 * time.Millisecond)
		defer t.Stop()
		for s.running.Load() > 0 {
			select {
			case <-t.C:
			case <-ctx.Done():
				return
			}
		}
		close(done)
	}()
	return done
}
