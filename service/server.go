// Package service serves the engine's variants over gRPC and over an HTTP/JSON gateway. It is the
// only place where protobuf messages and engine values meet.
package service

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"runtime/debug"
	"strings"
	"time"

	"go.uber.org/zap"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/health"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/reflection"
	"google.golang.org/grpc/status"

	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
)

// NewGRPCServer returns a gRPC server with the rules and analysis services, health checking and
// reflection, logging one line per call and turning panics into INTERNAL errors. The analysis
// calls run under limits.
func NewGRPCServer(log *zap.Logger, limits Limits) *grpc.Server {
	s := grpc.NewServer(grpc.ChainUnaryInterceptor(logCalls(log), recoverPanics(log)),
		grpc.ChainStreamInterceptor(logStreams(log), recoverStreamPanics(log)))
	pb.RegisterRulesServiceServer(s, Rules{})
	pb.RegisterAnalysisServiceServer(s, NewAnalysis(limits))
	hs := health.NewServer()
	hs.SetServingStatus("", healthpb.HealthCheckResponse_SERVING)
	hs.SetServingStatus(pb.RulesService_ServiceDesc.ServiceName, healthpb.HealthCheckResponse_SERVING)
	hs.SetServingStatus(pb.AnalysisService_ServiceDesc.ServiceName, healthpb.HealthCheckResponse_SERVING)
	healthpb.RegisterHealthServer(s, hs)
	reflection.Register(s)
	return s
}

// quiet reports calls kept out of the logs: health checks and reflection.
func quiet(method string) bool {
	return strings.HasPrefix(method, "/grpc.health.") || strings.HasPrefix(method, "/grpc.reflection.")
}

func logCalls(log *zap.Logger) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		start := time.Now()
		resp, err := handler(ctx, req)
		logCall(log, info.FullMethod, start, err)
		return resp, err
	}
}

func logStreams(log *zap.Logger) grpc.StreamServerInterceptor {
	return func(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, handler grpc.StreamHandler) error {
		start := time.Now()
		err := handler(srv, ss)
		logCall(log, info.FullMethod, start, err)
		return err
	}
}

// logCall writes a call's one line: method, code and duration, and the error's message.
func logCall(log *zap.Logger, method string, start time.Time, err error) {
	if quiet(method) {
		return
	}
	code := status.Code(err)
	fields := []zap.Field{zap.String("method", method), zap.String("code", code.String()), zap.Duration("duration", time.Since(start))}
	if err != nil {
		fields = append(fields, zap.String("error", status.Convert(err).Message()))
	}
	switch code {
	case codes.OK, codes.InvalidArgument, codes.NotFound, codes.FailedPrecondition, codes.Canceled:
		log.Info("call", fields...)
	default:
		log.Warn("call", fields...)
	}
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

// Serve runs the gRPC server on grpcLis and the gateway on httpLis until ctx is done, then shuts
// both down gracefully. The analysis calls run under limits (the zero value: the defaults).
func Serve(ctx context.Context, grpcLis, httpLis net.Listener, log *zap.Logger, limits Limits) error {
	gs := NewGRPCServer(log, limits)
	gwCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	conn, err := grpc.NewClient(dialTarget(grpcLis.Addr()), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		return fmt.Errorf("dial the gRPC server: %w", err)
	}
	defer conn.Close()
	handler, err := NewGateway(gwCtx, conn, HTTPOptions{Log: log})
	if err != nil {
		return err
	}
	hs := &http.Server{Handler: handler, ReadHeaderTimeout: 10 * time.Second}
	errs := make(chan error, 2)
	go func() { errs <- gs.Serve(grpcLis) }()
	go func() {
		if err := hs.Serve(httpLis); !errors.Is(err, http.ErrServerClosed) {
			errs <- err
			return
		}
		errs <- nil
	}()
	log.Info("serving", zap.String("grpc_addr", grpcLis.Addr().String()), zap.String("http_addr", httpLis.Addr().String()))
	var first error
	select {
	case <-ctx.Done():
	case first = <-errs:
	}
	log.Info("shutting down")
	shutdownCtx, stop := context.WithTimeout(context.Background(), 10*time.Second)
	defer stop()
	_ = hs.Shutdown(shutdownCtx)
	done := make(chan struct{})
	go func() { gs.GracefulStop(); close(done) }()
	select {
	case <-done:
	case <-shutdownCtx.Done():
		gs.Stop()
	}
	return first
}

// dialTarget turns a listener address into one a client can dial: an unspecified host (":50051",
// "[::]:50051") becomes the loopback address.
func dialTarget(addr net.Addr) string {
	host, port, err := net.SplitHostPort(addr.String())
	if err != nil {
		return addr.String()
	}
	if ip := net.ParseIP(host); host == "" || (ip != nil && ip.IsUnspecified()) {
		host = "127.0.0.1"
	}
	return net.JoinHostPort(host, port)
}
