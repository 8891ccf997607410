package service

import (
	"context"
	"fmt"
	"net/http"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"go.uber.org/zap"
	"google.golang.org/grpc"
	"google.golang.org/protobuf/encoding/protojson"

	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
	"github.com/ashtapada/ashtapada/gen/openapi"
)

// HTTPOptions configures the HTTP/JSON handler.
type HTTPOptions struct {
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
}

// DefaultMaxBodyBytes is the default cap on an HTTP request body.
const DefaultMaxBodyBytes = 4 << 20

// NewGateway returns the HTTP/JSON handler: the gateway, which calls the gRPC server over conn so
// that every interceptor runs for JSON calls too, and the OpenAPI document at /openapi.json.
func NewGateway(ctx context.Context, conn *grpc.ClientConn, opts HTTPOptions) (http.Handler, error) {
	mux := runtime.NewServeMux(runtime.WithMarshalerOption(runtime.MIMEWildcard, &runtime.JSONPb{
		MarshalOptions:   protojson.MarshalOptions{UseProtoNames: true},
		UnmarshalOptions: protojson.UnmarshalOptions{DiscardUnknown: false},
	}))
	if err := pb.RegisterRulesServiceHandler(ctx, mux, conn); err != nil {
		return nil, fmt.Errorf("register rules gateway: %w", err)
	}
	if err := pb.RegisterAnalysisServiceHandler(ctx, mux, conn); err != nil {
		return nil, fmt.Errorf("register analysis gateway: %w", err)
	}
	root := http.NewServeMux()
	root.HandleFunc("GET /openapi.json", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(openapi.Document)
	})
	root.Handle("/", mux)
	return root, nil
}
