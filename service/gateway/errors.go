package gateway

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"net/http"
	"strconv"
	"time"

	"github.com/ashtapada/ashtapada/service/internal/echo"
	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"go.uber.org/zap"
	"google.golang.org/genproto/googleapis/rpc/code"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	spb "google.golang.org/genproto/googleapis/rpc/status"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/types/known/anypb"
)

// Reasons of the errors the HTTP handler itself answers, before or instead of a gRPC call.
const (
	reasonUnknownPath      = "UNKNOWN_PATH"
	reasonMethodNotAllowed = "METHOD_NOT_ALLOWED"
	reasonInvalidJSON      = "INVALID_JSON"
	reasonTooLarge         = "REQUEST_TOO_LARGE"
	reasonCORS             = "CORS_REJECTED"
	reasonNotReady         = "NOT_READY"
	reasonInvalidRequest   = "INVALID_REQUEST"
	reasonMediaType        = "UNSUPPORTED_MEDIA_TYPE"
)

// errorDomain is the ErrorInfo domain of every error, the service's and the gateway's alike.
const errorDomain = "ashtapada"

// Bounds on what an error repeats of a request, the same as the service's, so that no answer or
// log line grows with the client's input: a quoted value, a field path, a whole message.
// Bounds on what an error repeats of a request (package echo).
const (
	maxEcho       = echo.MaxQuoted
	maxFieldPath  = echo.MaxFieldPath
	maxMessageLen = echo.MaxMessage
)

// maxLogged caps client-influenced text (paths, decoder messages) in a log line.
const maxLogged = 200

// gatewayStatus builds an error of the HTTP handler: one ErrorInfo and, when field is set, a
// field violation, bounded like the service's own errors.
func gatewayStatus(c codes.Code, reason, field, msg string, meta map[string]string) *spb.Status {
	msg, field = echo.Clip(msg, maxMessageLen), echo.Clip(field, maxFieldPath)
	st := &spb.Status{Code: int32(c), Message: msg}
	if a, err := anypb.New(&errdetails.ErrorInfo{Reason: reason, Domain: errorDomain, Metadata: meta}); err == nil {
		st.Details = append(st.Details, a)
	}
	if field != "" {
		br := &errdetails.BadRequest{FieldViolations: []*errdetails.BadRequest_FieldViolation{{Field: field, Description: msg}}}
		if a, err := anypb.New(br); err == nil {
			st.Details = append(st.Details, a)
		}
	}
	return st
}

// detailJSON writes error details with the API's field names and their @type.
var detailJSON = protojson.MarshalOptions{UseProtoNames: true}

// aipError is the AIP-193 HTTP error body's "error" object: code is the HTTP status, status the
// google.rpc.Code name. grpc-gateway's DefaultHTTPErrorHandler writes the google.rpc.Status as it
// is ({"code": 3, "message": ..., "details": [...]}: the gRPC code's number, neither the envelope
// nor the name), so the mux's error hooks (WithErrorHandler, WithRoutingErrorHandler,
// WithStreamErrorHandler) write this form instead.
type aipError struct {
	Code    int               `json:"code"`
	Message string            `json:"message"`
	Status  string            `json:"status"`
	Details []json.RawMessage `json:"details"`
}

func newAIPError(httpStatus int, st *spb.Status) aipError {
	name, ok := code.Code_name[st.GetCode()]
	if !ok {
		name = code.Code_UNKNOWN.String()
	}
	e := aipError{Code: httpStatus, Message: st.GetMessage(), Status: name, Details: []json.RawMessage{}}
	for _, d := range st.GetDetails() {
		b, err := detailJSON.Marshal(d)
		if err != nil {
			// A detail of a type this binary does not know: its type at least.
			b, _ = json.Marshal(map[string]string{"@type": d.GetTypeUrl()})
		}
		e.Details = append(e.Details, b)
	}
	return e
}

// errorBody is the whole AIP-193 body: {"error": {...}}.
func errorBody(httpStatus int, st *spb.Status) []byte {
	b, err := json.Marshal(struct {
		Error aipError `json:"error"`
	}{newAIPError(httpStatus, st)})
	if err != nil {
		return []byte(`{"error":{"code":500,"message":"internal error","status":"INTERNAL","details":[]}}`)
	}
	return b
}

func writeError(w http.ResponseWriter, httpStatus int, st *spb.Status) {
	body := errorBody(httpStatus, st)
	h := w.Header()
	// What HTTP clients read without parsing the body: when to retry, and how to authenticate.
	for _, d := range st.GetDetails() {
		ri := &errdetails.RetryInfo{}
		if d.MessageIs(ri) && d.UnmarshalTo(ri) == nil && ri.GetRetryDelay() != nil {
			secs := int64(math.Ceil(ri.GetRetryDelay().AsDuration().Seconds()))
			h.Set("Retry-After", strconv.FormatInt(max(secs, 1), 10))
		}
	}
	if codes.Code(st.GetCode()) == codes.Unauthenticated {
		h.Set("WWW-Authenticate", `Bearer realm="ashtapada"`)
	}
	h.Set("Content-Type", "application/json")
	h.Set("Content-Length", strconv.Itoa(len(body)))
	h.Del("Transfer-Encoding")
	w.WriteHeader(httpStatus)
	_, _ = w.Write(body)
}

// writeError answers r with an error, and tells BodyRefused of a body refused as too large.
func (g *gateway) writeError(w http.ResponseWriter, r *http.Request, httpStatus int, st *spb.Status) {
	if httpStatus == http.StatusRequestEntityTooLarge && g.bodyRefused != nil {
		g.bodyRefused(r)
	}
	writeError(w, httpStatus, st)
}

// hasErrorInfo reports whether st carries an ErrorInfo, as every error of the gRPC service does.
func hasErrorInfo(st *spb.Status) bool {
	for _, d := range st.GetDetails() {
		if d.MessageIs((*errdetails.ErrorInfo)(nil)) {
			return true
		}
	}
	return false
}

// callEndReason is the reason of a call the gateway ended itself.
func callEndReason(c codes.Code) string {
	switch c {
	case codes.DeadlineExceeded:
		return "DEADLINE_EXCEEDED"
	case codes.Canceled:
		return "CANCELLED"
	case codes.Unavailable:
		return "UNAVAILABLE"
	}
	return "INTERNAL"
}

// callEndMessage words the status of a call the gateway ended itself.
func callEndMessage(s *status.Status) string {
	switch s.Code() {
	case codes.DeadlineExceeded:
		return "the call's deadline (its Grpc-Timeout header) passed before the answer: allow more time or ask for less work"
	case codes.Canceled:
		return "the call was cancelled"
	case codes.Unavailable:
		return "the server is unavailable (shutting down, or unreachable): retry with backoff"
	}
	return s.Message()
}

// errorReason is the reason of st's ErrorInfo, "" for none.
func errorReason(st *spb.Status) string {
	for _, d := range st.GetDetails() {
		if d.MessageIs((*errdetails.ErrorInfo)(nil)) {
			var info errdetails.ErrorInfo
			if d.UnmarshalTo(&info) == nil {
				return info.GetReason()
			}
		}
	}
	return ""
}

// gatewayError is the mux's error handler. Errors from the gRPC server pass through in the AIP-193
// form. The gateway's own (a body, path or header it cannot turn into a call) get an ErrorInfo;
// they, and calls that found the server unreachable, are logged here since the server has no line
// for them.
func (g *gateway) gatewayError(ctx context.Context, _ *runtime.ServeMux, _ runtime.Marshaler, w http.ResponseWriter, r *http.Request, err error) {
	httpStatus := 0
	var hse *runtime.HTTPStatusError
	if errors.As(err, &hse) {
		httpStatus, err = hse.HTTPStatus, hse.Err
	}
	body, _ := r.Body.(*requestBody)
	var st *spb.Status
	logged := true
	switch s, isStatus := status.FromError(err); {
	case body != nil && body.err != nil:
		httpStatus, st = body.err.status(g.maxBody)
	case !isStatus && httpStatus != 0:
		st = gatewayStatus(codes.InvalidArgument, reasonInvalidRequest, "", err.Error(), nil)
	case !isStatus:
		st = g.internal(ctx, err)
	case hasErrorInfo(s.Proto()):
		st, logged = s.Proto(), false
	case s.Code() == codes.InvalidArgument || httpStatus != 0:
		st = gatewayStatus(s.Code(), reasonInvalidRequest, "", s.Message(), nil)
	default:
		// The gateway's own end of the call: the client's deadline (Grpc-Timeout) or its leaving,
		// or the server unreachable or shutting down, which never saw the call.
		st, logged = gatewayStatus(s.Code(), callEndReason(s.Code()), "", callEndMessage(s), nil), s.Code() == codes.Unavailable
	}
	if httpStatus == 0 {
		httpStatus = runtime.HTTPStatusFromCode(codes.Code(st.GetCode()))
	}
	if md, ok := runtime.ServerMetadataFromContext(ctx); ok {
		for k, vs := range md.HeaderMD {
			name, ok := outgoingHeader(k)
			for _, v := range vs {
				if ok {
					w.Header().Add(name, v)
				}
			}
		}
	}
	g.writeError(w, r, httpStatus, st)
	if logged {
		start := time.Now()
		if body != nil {
			start = body.start
		}
		g.logRejected(r, httpStatus, st, start)
	}
}

// internal turns an error that is no gRPC status (a response the gateway failed to encode) into a
// generic INTERNAL, logging the cause, which the client is not shown.
func (g *gateway) internal(ctx context.Context, err error) *spb.Status {
	if ctxErr := ctx.Err(); ctxErr != nil {
		return status.FromContextError(ctxErr).Proto()
	}
	g.log.Warn("gateway failure", zap.String("transport", "http"), zap.String("error", echo.Clip(err.Error(), maxLogged)))
	return gatewayStatus(codes.Internal, "INTERNAL", "", "internal error", nil)
}

// routingError answers what the mux itself cannot route; the route table catches most of it first.
func (g *gateway) routingError(_ context.Context, _ *runtime.ServeMux, _ runtime.Marshaler, w http.ResponseWriter, r *http.Request, httpStatus int) {
	switch httpStatus {
	case http.StatusMethodNotAllowed:
		g.reject(w, r, httpStatus, gatewayStatus(codes.Unimplemented, reasonMethodNotAllowed, "",
			echo.Clip(r.Method, maxEcho)+" is not allowed on "+echo.Quote(r.URL.Path), nil), time.Now())
	case http.StatusBadRequest:
		g.reject(w, r, httpStatus, gatewayStatus(codes.InvalidArgument, reasonInvalidRequest, "", "malformed request path", nil), time.Now())
	default:
		g.reject(w, r, http.StatusNotFound, g.notFound(r), time.Now())
	}
}

func (g *gateway) notFound(r *http.Request) *spb.Status {
	return gatewayStatus(codes.NotFound, reasonUnknownPath, "", "no such path: "+echo.Quote(r.URL.Path), nil)
}

// streamError converts an error of a server stream; the marshaler writes it in the AIP-193 form.
func (g *gateway) streamError(ctx context.Context, err error) *status.Status {
	if s, ok := status.FromError(err); ok {
		if hasErrorInfo(s.Proto()) {
			return s
		}
		return status.FromProto(gatewayStatus(s.Code(), callEndReason(s.Code()), "", callEndMessage(s), nil))
	}
	return status.FromProto(g.internal(ctx, err))
}
