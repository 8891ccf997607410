// Package gateway serves the gRPC API as HTTP/JSON, as docs/http.md describes. grpc-gateway's
// ServeMux transcodes the calls, rs/cors answers CORS and protojson decodes the bodies; around
// them are the pieces no library of the ecosystem does, or does at the same speed, each saying
// why: the route table (routes.go), the AIP-193 errors (errors.go), the strict body decoder and
// its error words (marshaler.go), the answers' encoder (fastjson.go), the in-process RulesService
// calls (inprocess.go) and the rewrite of net/http's own refusals (refusal.go).
//
// It knows no service: it calls RulesService through the interceptors it is given and the rest
// over a gRPC connection.
package gateway

import (
	"context"
	"fmt"
	"io"
	"mime"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"github.com/rs/cors"
	"go.uber.org/zap"
	spb "google.golang.org/genproto/googleapis/rpc/status"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/protobuf/encoding/protojson"

	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
	"github.com/ashtapada/ashtapada/gen/openapi"
	"github.com/ashtapada/ashtapada/service/internal/echo"
)

// Options configures the HTTP/JSON handler.
type Options struct {
	Log *zap.Logger
	// AllowedOrigins are the origins browsers may call from (CORS); empty: none, "*": any.
	AllowedOrigins []string
	// MaxBodyBytes caps request bodies; 0 means DefaultMaxBodyBytes.
	MaxBodyBytes int64
	// Ready reports whether the server takes calls, for /readyz; nil means always.
	Ready func() bool
	// Metrics, when set, is served at /metrics.
	Metrics http.Handler
	// Version is sent in every response's Ashtapada-Version header.
	Version string
	// Rules, when set, serves RulesService's routes in-process through Interceptors, the gRPC
	// server's unary chain, instead of over the connection: one gRPC trip fewer per JSON call.
	Rules        pb.RulesServiceServer
	Interceptors []grpc.UnaryServerInterceptor
	// Playground, when set, serves a web page at the paths it claims (the package web's page).
	Playground Playground
	// Rejected, when set, counts the requests the handler answers itself with an error, which
	// the gRPC server's metrics never see: by gRPC code and ErrorInfo reason.
	Rejected func(code codes.Code, reason string)
	// BodyRefused, when set, is told of every request whose body the gateway refused as too
	// large (413), while the client may still be sending it.
	BodyRefused func(*http.Request)
}

// Playground is a web page served beside the API: it answers GET and HEAD for the paths it
// Serves; every other path stays the API's.
type Playground interface {
	http.Handler
	Serves(path string) bool
}

// DefaultMaxBodyBytes is the default cap on an HTTP request body.
const DefaultMaxBodyBytes = 4 << 20

// TransportMetadataKey is the gRPC metadata the gateway sets on its calls, with the value "http",
// so that the server can tell JSON calls from native ones.
const TransportMetadataKey = "ashtapada-transport"

// transportMD is shared by every call: the gateway joins it into a new map, never writing to it.
var transportMD = metadata.Pairs(TransportMetadataKey, "http")

// gatewayServices are the services served over HTTP; their google.api.http options are the routes.
var gatewayServices = []struct {
	desc     *grpc.ServiceDesc
	register func(context.Context, *runtime.ServeMux, *grpc.ClientConn) error
}{
	{&pb.RulesService_ServiceDesc, pb.RegisterRulesServiceHandler},
	// Over the connection always: the in-process registration has no server streams (SearchStream).
	{&pb.AnalysisService_ServiceDesc, pb.RegisterAnalysisServiceHandler},
}

// corsHeaders are the request headers browsers may send: the JSON body's type, and the deadline
// the gateway passes on to the call.
var corsHeaders = []string{"Content-Type", "Accept", "Grpc-Timeout"}

// corsMaxAge lets browsers reuse a preflight for ten minutes instead of one per call.
const corsMaxAge = 600

type gateway struct {
	mux         *runtime.ServeMux
	routes      *routeTable
	cors        *cors.Cors
	corsMethods []string
	next        http.Handler // CORS, then serve
	log         *zap.Logger
	maxBody     int64
	ready       func() bool
	metrics     http.Handler
	playground  Playground
	version     []string
	rejected    func(codes.Code, string)
	bodyRefused func(*http.Request)
}

// New returns the HTTP/JSON handler: the gateway, which calls the gRPC server over conn (or
// RulesService in-process, see Options.Rules) so that every interceptor runs for JSON calls too,
// the OpenAPI document at /openapi.json, /healthz, /readyz and, when configured, /metrics. Errors
// are AIP-193 JSON; see docs/http.md.
func New(ctx context.Context, conn *grpc.ClientConn, opts Options) (http.Handler, error) {
	g := &gateway{log: opts.Log, maxBody: opts.MaxBodyBytes, ready: opts.Ready, metrics: opts.Metrics, playground: opts.Playground,
		rejected: opts.Rejected, bodyRefused: opts.BodyRefused}
	if g.log == nil {
		g.log = zap.NewNop()
	}
	if g.maxBody <= 0 {
		g.maxBody = DefaultMaxBodyBytes
	}
	if opts.Version != "" {
		g.version = []string{opts.Version}
	}
	names := make([]string, len(gatewayServices))
	for i, s := range gatewayServices {
		names[i] = s.desc.ServiceName
	}
	var err error
	if g.routes, err = newRouteTable(names...); err != nil {
		return nil, fmt.Errorf("gateway routes: %w", err)
	}
	g.mux = runtime.NewServeMux(
		runtime.WithMarshalerOption(runtime.MIMEWildcard, jsonMarshaler{&runtime.JSONPb{
			// Default values are written ("legal": false, "file": 0) so that clients need not
			// know proto3's defaults; fields with presence stay absent when unset.
			MarshalOptions: protojson.MarshalOptions{UseProtoNames: true, EmitDefaultValues: true},
		}}),
		runtime.WithErrorHandler(g.gatewayError),
		runtime.WithRoutingErrorHandler(g.routingError),
		runtime.WithStreamErrorHandler(g.streamError),
		runtime.WithMetadata(func(context.Context, *http.Request) metadata.MD { return transportMD }),
		runtime.WithIncomingHeaderMatcher(incomingHeader),
		runtime.WithOutgoingHeaderMatcher(outgoingHeader),
		// The route table decides methods from r.Method; nothing may change it afterwards.
		runtime.WithDisablePathLengthFallback(),
		runtime.WithDisableHTTPMethodOverride(),
	)
	for _, s := range gatewayServices {
		var err error
		if s.desc == &pb.RulesService_ServiceDesc && opts.Rules != nil {
			err = pb.RegisterRulesServiceHandlerServer(ctx, g.mux, newInProcessRules(opts.Rules, opts.Interceptors))
		} else {
			err = s.register(ctx, g.mux, conn)
		}
		if err != nil {
			return nil, fmt.Errorf("register %s gateway: %w", s.desc.ServiceName, err)
		}
	}
	g.corsMethods = append(slices.Clone(g.routes.methods), http.MethodHead)
	if !slices.Contains(g.corsMethods, http.MethodGet) {
		g.corsMethods = append(g.corsMethods, http.MethodGet)
	}
	co := cors.Options{
		AllowedMethods: g.corsMethods,
		AllowedHeaders: corsHeaders,
		ExposedHeaders: []string{versionHeader, "Allow"},
		MaxAge:         corsMaxAge,
		// Preflights come through to serve, which refuses the failed ones with 403 and logs them.
		OptionsPassthrough: true,
	}
	if len(opts.AllowedOrigins) > 0 {
		co.AllowedOrigins = opts.AllowedOrigins
	} else {
		// rs/cors reads an empty list as any origin.
		co.AllowOriginFunc = func(string) bool { return false }
	}
	g.cors = cors.New(co)
	g.next = g.cors.Handler(http.HandlerFunc(g.serve))
	return g, nil
}

// versionHeader carries the server's version on every answer. The server's interceptors send it
// as the header metadata of every call under the same name in gRPC's lower case.
const versionHeader = "Ashtapada-Version"

// outgoingHeader forwards a call's header metadata as Grpc-Metadata-* headers, except what the
// HTTP answer already says in its own headers: the version and the content type.
func outgoingHeader(key string) (string, bool) {
	if strings.EqualFold(key, versionHeader) || key == "content-type" {
		return "", false
	}
	return runtime.MetadataHeaderPrefix + key, true
}

// incomingHeader forwards headers as the gateway does by default, except that a client cannot set
// the transport marker itself.
func incomingHeader(key string) (string, bool) {
	if key == runtime.MetadataHeaderPrefix+"Ashtapada-Transport" {
		return "", false
	}
	return runtime.DefaultHeaderMatcher(key)
}

// nosniff keeps browsers from reading an answer as anything but its declared type.
var nosniff = []string{"nosniff"}

var connectionClose = []string{"close"}

func (g *gateway) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	if g.version != nil {
		h[versionHeader] = g.version
	}
	h["X-Content-Type-Options"] = nosniff
	if g.ready != nil && !g.ready() {
		// Draining: a kept-alive connection ends with its answer, so that few are left idle
		// when the listener closes, where a request sent just then would find it gone. Idle
		// ones are not closed now, for the same reason.
		h["Connection"] = connectionClose
	}
	g.next.ServeHTTP(w, r)
}

// requestBody is a request's capped body, which also carries what the error handler needs: when
// the request came in and why its body was refused.
type requestBody struct {
	io.ReadCloser
	start time.Time
	err   *decodeError
}

// call is the request passed to the mux with its body, in one allocation.
type call struct {
	req  http.Request
	body requestBody
}

// serve answers what the mux is not to see: preflights, the gateway's own paths, the route
// table's 404, 405 and OPTIONS, bodies not declared as JSON and bodies declared too large; it
// caps the rest with http.MaxBytesReader. grpc-gateway's mux would take any body: it picks the
// decoder by Content-Type and falls back to the JSON one for a type it does not know
// (runtime.MarshalerForRequest), and reads bodies without a bound.
func (g *gateway) serve(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	if r.Method == http.MethodOptions && r.Header.Get("Access-Control-Request-Method") != "" {
		g.preflight(w, r, start)
		return
	}
	switch r.URL.Path {
	case "/healthz", "/readyz", "/openapi.json", "/metrics":
		g.serveOwn(w, r, start)
		return
	}
	if g.playground != nil && g.playground.Serves(r.URL.Path) {
		g.servePlayground(w, r, start)
		return
	}
	mask := g.routes.lookup(r.URL.Path)
	if mask == 0 {
		g.reject(w, r, http.StatusNotFound, g.notFound(r), start)
		return
	}
	if !g.routes.allows(mask, r.Method) {
		if r.Method == http.MethodOptions {
			w.Header().Set("Allow", g.routes.allow(mask, http.MethodOptions))
			w.WriteHeader(http.StatusNoContent)
			return
		}
		g.methodNotAllowed(w, r, g.routes.allow(mask), start)
		return
	}
	if !jsonBody(r) {
		// Only a JSON body: a page on any site may make its visitors' browsers send a form or
		// text/plain body without asking (no CORS preflight), but never a JSON one.
		msg := "the request body must be JSON: send it with Content-Type: application/json, not " + echo.Quote(echo.Clip(r.Header.Get("Content-Type"), maxEcho))
		g.reject(w, r, http.StatusUnsupportedMediaType, gatewayStatus(codes.InvalidArgument, reasonMediaType, "", msg,
			map[string]string{"accept": "application/json"}), start)
		return
	}
	if r.ContentLength > g.maxBody {
		// Refused before reading any of it (nor sending 100 Continue to a client that waits).
		g.reject(w, r, http.StatusRequestEntityTooLarge, tooLargeStatus(g.maxBody), start)
		return
	}
	body := r.Body
	if body == nil {
		body = http.NoBody
	}
	c := &call{req: *r}
	c.body = requestBody{ReadCloser: http.MaxBytesReader(w, body, g.maxBody), start: start}
	c.req.Body = &c.body
	g.mux.ServeHTTP(w, &c.req)
}

// jsonBody reports whether r carries no body, or a body declared as JSON.
func jsonBody(r *http.Request) bool {
	if r.ContentLength == 0 || r.Method == http.MethodGet || r.Method == http.MethodHead {
		return true
	}
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	return err == nil && mt == "application/json"
}

func (g *gateway) methodNotAllowed(w http.ResponseWriter, r *http.Request, allow string, start time.Time) {
	w.Header().Set("Allow", allow)
	msg := echo.Clip(r.Method, maxEcho) + " is not allowed on " + echo.Quote(r.URL.Path) + "; allowed: " + allow
	g.reject(w, r, http.StatusMethodNotAllowed,
		gatewayStatus(codes.Unimplemented, reasonMethodNotAllowed, "", msg, map[string]string{"allow": allow}), start)
}

// preflight ends a CORS preflight that rs/cors has already checked: it set
// Access-Control-Allow-Origin when the origin, method and headers are all allowed. rs/cors
// answers a refused preflight with no word of why (only its debug log says), so with
// OptionsPassthrough the refusal is answered here, naming what was refused.
func (g *gateway) preflight(w http.ResponseWriter, r *http.Request, start time.Time) {
	if _, ok := w.Header()["Access-Control-Allow-Origin"]; ok {
		w.WriteHeader(http.StatusNoContent)
		if ce := g.log.Check(zap.DebugLevel, "preflight"); ce != nil {
			ce.Write(zap.String("transport", "http"), zap.String("path", echo.Clip(r.URL.Path, maxLogged)),
				zap.String("origin", echo.Clip(r.Header.Get("Origin"), maxLogged)))
		}
		return
	}
	var msg string
	origin, method := r.Header.Get("Origin"), r.Header.Get("Access-Control-Request-Method")
	switch {
	case origin == "":
		msg = "CORS preflight without an Origin header"
	case !g.cors.OriginAllowed(r):
		msg = "CORS: origin " + echo.Quote(origin) + " is not allowed"
	case !slices.Contains(g.corsMethods, method):
		msg = "CORS: method " + echo.Quote(method) + " is not allowed"
	default:
		msg = "CORS: request headers " + echo.Quote(r.Header.Get("Access-Control-Request-Headers")) + " are not allowed"
	}
	g.reject(w, r, http.StatusForbidden, gatewayStatus(codes.PermissionDenied, reasonCORS, "", msg, nil), start)
}

// serveOwn answers the paths that are not gRPC calls. grpc-gateway's WithHealthzEndpoint is no
// liveness probe: it asks the gRPC health service, which turns NOT_SERVING for the shutdown drain,
// so a pod would fail liveness while it drains.
func (g *gateway) serveOwn(w http.ResponseWriter, r *http.Request, start time.Time) {
	if r.URL.Path == "/metrics" && g.metrics == nil {
		g.reject(w, r, http.StatusNotFound, g.notFound(r), start)
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		g.methodNotAllowed(w, r, "GET, HEAD", start)
		return
	}
	switch r.URL.Path {
	case "/healthz":
		writeText(w, "ok\n")
	case "/readyz":
		if g.ready == nil || g.ready() {
			writeText(w, "ok\n")
			return
		}
		writeError(w, http.StatusServiceUnavailable, gatewayStatus(codes.Unavailable, reasonNotReady, "", "the server is not ready for calls", nil))
	case "/metrics":
		g.metrics.ServeHTTP(w, r)
	case "/openapi.json":
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(openapi.Document())
	}
}

// servePlayground answers the page's paths, GET and HEAD only.
func (g *gateway) servePlayground(w http.ResponseWriter, r *http.Request, start time.Time) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		g.methodNotAllowed(w, r, "GET, HEAD", start)
		return
	}
	g.playground.ServeHTTP(w, r)
}

func writeText(w http.ResponseWriter, s string) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = io.WriteString(w, s)
}

// reject answers a request the gRPC server never sees, and logs it in the server's call format.
func (g *gateway) reject(w http.ResponseWriter, r *http.Request, httpStatus int, st *spb.Status, start time.Time) {
	g.writeError(w, r, httpStatus, st)
	g.logRejected(r, httpStatus, st, start)
}

// logRejected logs, and counts, an error the handler answered itself, in the server's call format.
func (g *gateway) logRejected(r *http.Request, httpStatus int, st *spb.Status, start time.Time) {
	code, msg := codes.Code(st.GetCode()), st.GetMessage()
	if g.rejected != nil {
		g.rejected(code, errorReason(st))
	}
	level := zap.InfoLevel
	if httpStatus >= 500 {
		level = zap.WarnLevel
	}
	if ce := g.log.Check(level, "call"); ce != nil {
		ce.Write(zap.String("transport", "http"), zap.String("method", echo.Clip(r.Method, maxLogged)),
			zap.String("path", echo.Clip(r.URL.Path, maxLogged)), zap.Int("http_status", httpStatus),
			zap.String("code", code.String()), zap.Duration("duration", time.Since(start)),
			zap.String("error", echo.Clip(msg, maxLogged)))
	}
}
