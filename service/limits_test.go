//go:build unix

package service

import (
	"context"
	"syscall"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/types/known/durationpb"

	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
)

// cpuTime is the CPU time this process (client and in-process server alike) has used.
func cpuTime(t testing.TB) time.Duration {
	t.Helper()
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		t.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// longCalls are analyses that run for many seconds unless stopped.
func longCalls(t *testing.T, s *testServer) map[string]func(ctx context.Context) error {
	start := startOf(t, "chaturaji")
	return map[string]func(ctx context.Context) error{
		"Search": func(ctx context.Context) error {
			_, err := s.analysis.Search(ctx, &pb.SearchRequest{Position: chaturanga(middlegame), TimeLimit: durationpb.New(time.Minute)})
			return err
		},
		"SearchStream": func(ctx context.Context) error {
			st, err := s.analysis.SearchStream(ctx, &pb.SearchStreamRequest{Position: chaturanga(middlegame), TimeLimit: durationpb.New(time.Minute)})
			for err == nil {
				_, err = st.Recv()
			}
			return err
		},
		"Rollout": func(ctx context.Context) error {
			_, err := s.analysis.Rollout(ctx, &pb.RolloutRequest{Position: start, Playouts: maxPlayouts})
			return err
		},
		"Perft": func(ctx context.Context) error {
			_, err := s.analysis.Perft(ctx, &pb.PerftRequest{Position: chaturanga(startFEN), Depth: 12})
			return err
		},
	}
}

// A client that cancels a long analysis stops its work: within 50 ms of the cancel the server
// uses no more CPU.
func TestCancelStopsWork(t *testing.T) {
	if testing.Short() {
		t.Skip("measures CPU for a second per call")
	}
	s := startServerWith(t, Limits{AnalysisTime: time.Minute})
	for name, call := range longCalls(t, s) {
		t.Run(name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			errc := make(chan error, 1)
			c0 := cpuTime(t)
			go func() { errc <- call(ctx) }()
			// Wait until the analysis has used 100 ms of CPU: it is running. (The machine may be
			// shared, so it may get less than a core.)
			began := time.Now()
			for cpuTime(t)-c0 < 100*time.Millisecond {
				if time.Since(began) > 10*time.Second {
					t.Fatal("the analysis used under 100 ms of CPU in 10 s")
				}
				time.Sleep(10 * time.Millisecond)
			}
			cancel()
			time.Sleep(50 * time.Millisecond)
			c1 := cpuTime(t)
			time.Sleep(200 * time.Millisecond)
			after := cpuTime(t) - c1
			t.Logf("CPU in the 200 ms from 50 ms after the cancel: %v", after)
			if after > 20*time.Millisecond {
				t.Errorf("%v of CPU in the 200 ms from 50 ms after the cancel: the analysis did not stop", after)
			}
			if code, _, _ := errorDetails(<-errc); code != codes.Canceled {
				t.Errorf("cancelled call ended with %v", code)
			}
		})
	}
}

// A call beyond the server's analysis slots waits briefly, then fails with ANALYSIS_BUSY.
func TestAnalysisBusy(t *testing.T) {
	for i, n := range []int{1, DefaultAnalyses()} {
		limits := Limits{Analyses: n, QueueWait: 50 * time.Millisecond}
		if i == 1 {
			limits.Analyses = 0 // the default
		}
		s := startServerWith(t, limits)
		// n long searches hold every slot once each has reported its first depth.
		ctx, cancel := context.WithCancel(context.Background())
		var streams []grpc.ServerStreamingClient[pb.SearchStreamResponse]
		for range n {
			st, err := s.analysis.SearchStream(ctx, &pb.SearchStreamRequest{Position: chaturanga(middlegame), TimeLimit: durationpb.New(time.Minute)})
			if err == nil {
				_, err = st.Recv()
			}
			if err != nil {
				t.Fatal(err)
			}
			streams = append(streams, st)
		}
		s.overBoth(t, func(t *testing.T, tr transport) {
			start := time.Now()
			err := tr.call(t, analysisMethod+"Perft", "/v1/analysis:perft", &pb.PerftRequest{Position: chaturanga(startFEN), Depth: 1}, &pb.PerftResponse{})
			if code, reason, _ := errorDetails(err); code != codes.ResourceExhausted || reason != "ANALYSIS_BUSY" {
				t.Errorf("analysis %d of %d slots: %v %s, want RESOURCE_EXHAUSTED ANALYSIS_BUSY", n+1, n, code, reason)
			}
			if waited := time.Since(start); waited < 50*time.Millisecond {
				t.Errorf("refused after %v, before the queue wait", waited)
			}
		})
		// The rules calls are not analyses.
		if _, err := s.rules.ListLegalMoves(context.Background(), &pb.ListLegalMovesRequest{Position: chaturanga(startFEN)}); err != nil {
			t.Errorf("ListLegalMoves while the analyses are busy: %v", err)
		}
		cancel()
		for _, st := range streams {
			for {
				if _, err := st.Recv(); err != nil {
					break
				}
			}
		}
		// The slots come free.
		deadline := time.Now().Add(2 * time.Second)
		for {
			_, err := s.analysis.Perft(context.Background(), &pb.PerftRequest{Position: chaturanga(startFEN), Depth: 1})
			if err == nil {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("a slot did not come free: %v", err)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
}

func TestAnalysisDeadlines(t *testing.T) {
	s := startServerWith(t, Limits{AnalysisTime: 200 * time.Millisecond})
	s.overBoth(t, func(t *testing.T, tr transport) {
		// The server's limit stops a perft...
		start := time.Now()
		err := tr.call(t, analysisMethod+"Perft", "/v1/analysis:perft", &pb.PerftRequest{Position: chaturanga(startFEN), Depth: 12}, &pb.PerftResponse{})
		if code, reason, _ := errorDetails(err); code != codes.DeadlineExceeded || reason != "ANALYSIS_TIME_EXCEEDED" {
			t.Errorf("perft past the server's limit: %v %s", code, reason)
		}
		if took := time.Since(start); took > 2*time.Second {
			t.Errorf("perft stopped after %v", took)
		}
		// ...and cuts a search short, which still answers.
		start = time.Now()
		resp, err := searchOver(t, tr, &pb.SearchRequest{Position: chaturanga(middlegame), TimeLimit: durationpb.New(time.Minute)})
		if err != nil || resp.GetComplete() || resp.GetBestAction() == nil {
			t.Errorf("search past the server's limit: complete %v, best %v, %v", resp.GetComplete(), resp.GetBestAction(), err)
		}
		if took := time.Since(start); took > 2*time.Second {
			t.Errorf("search stopped after %v", took)
		}
	})
	// The client's deadline.
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	_, err := s.analysis.Perft(ctx, &pb.PerftRequest{Position: chaturanga(startFEN), Depth: 12})
	if code := errorCode(err); code != codes.DeadlineExceeded {
		t.Errorf("perft past the client's deadline: %v", code)
	}
}

func errorCode(err error) codes.Code {
	code, _, _ := errorDetails(err)
	return code
}
