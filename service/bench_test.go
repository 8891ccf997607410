package service

import (
	"context"
	"testing"

	"go.uber.org/zap"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"

	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
)

const middlegame = "r3k2r/1bp2ppp/p1nqpn2/1p1p4/3P1B2/2NQPN1P/PPP2PP1/R3KB1R b - - 3 11"

// BenchmarkLoopback compares ListLegalMoves on a middlegame with the health check, both over the
// same loopback gRPC connection with the same concurrency (GOMAXPROCS x -cpu goroutines).
func BenchmarkLoopback(b *testing.B) {
	s := startServerQuiet(b)
	req := &pb.ListLegalMovesRequest{Position: &pb.Position{Variant: "chaturanga", Text: middlegame}}
	b.Run("ListLegalMoves", func(b *testing.B) {
		b.SetParallelism(8)
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				if _, err := s.rules.ListLegalMoves(context.Background(), req); err != nil {
					b.Error(err)
					return
				}
			}
		})
	})
	compact := &pb.ListLegalMovesRequest{Position: req.Position, View: pb.MoveView_MOVE_VIEW_NOTATION}
	b.Run("ListLegalMovesNotationView", func(b *testing.B) {
		b.SetParallelism(8)
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				if _, err := s.rules.ListLegalMoves(context.Background(), compact); err != nil {
					b.Error(err)
					return
				}
			}
		})
	})
	b.Run("HealthCheck", func(b *testing.B) {
		b.SetParallelism(8)
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				if _, err := s.health.Check(context.Background(), &healthpb.HealthCheckRequest{}); err != nil {
					b.Error(err)
					return
				}
			}
		})
	})
}

// startServerQuiet is startServer without per-call logs, as a production server at Info level
// writing to a discarded sink would be.
func startServerQuiet(b *testing.B) *testServer {
	prev := testLogger
	testLogger = func(testing.TB) *zap.Logger { return zap.NewNop() }
	defer func() { testLogger = prev }()
	return startServer(b)
}
