package service

import (
	"context"
	"io"
	"net"
	"testing"

	"google.golang.org/grpc"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/peer"
)

// fakeStream stands in for gRPC's server transport stream, joining headers as gRPC's does.
type fakeStream struct {
	method string
	header metadata.MD
}

func (s *fakeStream) Method() string { return s.method }
func (s *fakeStream) SetHeader(md metadata.MD) error {
	s.header = metadata.Join(s.header, md)
	return nil
}
func (s *fakeStream) SendHeader(md metadata.MD) error { return s.SetHeader(md) }
func (s *fakeStream) SetTrailer(metadata.MD) error    { return nil }

// chainUnary composes interceptors as grpc.ChainUnaryInterceptor does, the first outermost.
func chainUnary(ics []grpc.UnaryServerInterceptor, handler grpc.UnaryHandler, info *grpc.UnaryServerInfo) grpc.UnaryHandler {
	for i := len(ics) - 1; i >= 0; i-- {
		ic, next := ics[i], handler
		handler = func(ctx context.Context, req any) (any, error) { return ic(ctx, req, info, next) }
	}
	return handler
}

// BenchmarkInterceptors measures what the interceptor chain adds to a unary call: the version
// header, the log line (JSON, buffered, to io.Discard) and the metrics, against the bare handler.
func BenchmarkInterceptors(b *testing.B) {
	log, flush := NewLogger(io.Discard)
	defer func() { _ = flush() }()
	s := newGRPCServer(Config{Log: log, Version: "v1.2.3"}.withDefaults())
	unary, _ := s.interceptors(Config{Log: log, Version: "v1.2.3"})
	resp := new(int)
	handler := func(context.Context, any) (any, error) { return resp, nil }
	grpcMD := metadata.MD{":authority": {"localhost:50051"}, "content-type": {"application/grpc"}, "user-agent": {"grpc-go/1.85.0"}}
	httpMD := metadata.Join(grpcMD, metadata.Pairs(TransportMetadataKey, "http", "x-forwarded-for", "192.0.2.1"))
	addr := &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 40000}
	for _, c := range []struct {
		name, method string
		md           metadata.MD
		chain        []grpc.UnaryServerInterceptor
	}{
		{"bare", rulesMethod + "ListLegalMoves", grpcMD, nil},
		{"chain/grpc", rulesMethod + "ListLegalMoves", grpcMD, unary},
		{"chain/http", rulesMethod + "ListLegalMoves", httpMD, unary},
		{"chain/health", "/grpc.health.v1.Health/Check", grpcMD, unary},
		{"log", rulesMethod + "ListLegalMoves", grpcMD, unary[:1]},
		{"metrics", rulesMethod + "ListLegalMoves", grpcMD, unary[1:2]},
	} {
		b.Run(c.name, func(b *testing.B) {
			info := &grpc.UnaryServerInfo{FullMethod: c.method}
			h := chainUnary(c.chain, handler, info)
			from := net.Addr(addr)
			if c.md[TransportMetadataKey] != nil {
				from = s.gateway.Addr() // the gateway's calls come over its in-memory connection
			}
			base := peer.NewContext(metadata.NewIncomingContext(context.Background(), c.md), &peer.Peer{Addr: from})
			b.ReportAllocs()
			for b.Loop() {
				// A new stream per call, as gRPC makes.
				ctx := grpc.NewContextWithServerTransportStream(base, &fakeStream{method: c.method})
				if _, err := h(ctx, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
