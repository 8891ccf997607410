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
	compact := &pb.ListLegalMovesRequest{Position: req.Position, View: pb.MoveView_MOVE_VIEW_NOTATION}
	call := func(name string, rpc func() error) {
		b.Run(name, func(b *testing.B) {
			b.SetParallelism(8)
			b.RunParallel(func(p *testing.PB) {
				for p.Next() {
					if err := rpc(); err != nil {
						b.Error(err)
						return
					}
				}
			})
		})
	}
	ctx := context.Background()
	call("ListLegalMoves", func() error { _, err := s.rules.ListLegalMoves(ctx, req); return err })
	call("ListLegalMovesNotationView", func() error { _, err := s.rules.ListLegalMoves(ctx, compact); return err })
	call("HealthCheck", func() error { _, err := s.health.Check(ctx, &healthpb.HealthCheckRequest{}); return err })
}

// startServerQuiet is startServer without per-call logs, as a production server at Info level
// writing to a discarded sink would be.
func startServerQuiet(b *testing.B) *testServer { return startServerQuietWith(b, Limits{}) }

func startServerQuietWith(b *testing.B, limits Limits) *testServer {
	prev := testLogger
	testLogger = func(testing.TB) *zap.Logger { return zap.NewNop() }
	defer func() { testLogger = prev }()
	return startServerWith(b, limits)
}
