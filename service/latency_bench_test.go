package service

import (
	"context"
	"errors"
	"net/http"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/durationpb"

	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
)

// BenchmarkRulesLatencyUnderAnalysis measures one client's ListLegalMoves calls, one at a time,
// over both transports: on an idle server, on one whose every analysis slot runs a search with the
// default slots (a core left for the rules calls), and with a slot for every core. It reports the
// median, 99th and 99.9th percentile latency: rules calls must stay fast while analyses run.
func BenchmarkRulesLatencyUnderAnalysis(b *testing.B) {
	for _, load := range []struct {
		name  string
		slots int // 0: idle
	}{{"idle", 0}, {"default-slots-busy", DefaultAnalyses()}, {"every-core-busy", runtime.GOMAXPROCS(0)}} {
		s := startServerQuietWith(b, Limits{Analyses: max(load.slots, 1)})
		for _, tr := range []string{"grpc", "http"} {
			b.Run(load.name+"/"+tr, func(b *testing.B) {
				if load.slots > 0 {
					stop := s.occupyAnalyses(b, load.slots)
					defer stop()
				}
				benchmarkLatency(b, s, tr)
			})
		}
	}
}

// benchmarkLatency times ListLegalMoves calls one at a time over transport tr.
func benchmarkLatency(b *testing.B, s *testServer, tr string) {
	req := &pb.ListLegalMovesRequest{Position: &pb.Position{Variant: "chaturanga", Text: middlegame}}
	body := `{"position":{"variant":"chaturanga","text":"` + middlegame + `"}}`
	ctx := context.Background()
	calls := map[string]func() error{
		"grpc": func() error { _, err := s.rules.ListLegalMoves(ctx, req); return err },
		"http": func() error {
			res, err := http.Post(s.httpURL+"/v1/moves:list", "application/json", strings.NewReader(body))
			if err != nil {
				return err
			}
			res.Body.Close()
			if res.StatusCode != http.StatusOK {
				return errors.New(res.Status)
			}
			return nil
		},
	}
	call := calls[tr]
	lat := make([]time.Duration, 0, b.N)
	for b.Loop() {
		start := time.Now()
		if err := call(); err != nil {
			b.Fatal(err)
		}
		lat = append(lat, time.Since(start))
	}
	slices.Sort(lat)
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds()), "p50-µs")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds()), "p99-µs")
	b.ReportMetric(float64(lat[len(lat)*999/1000].Microseconds()), "p999-µs")
}

// occupyAnalyses keeps the server's analysis slots busy with searches until the returned stop is
// called.
func (s *testServer) occupyAnalyses(b *testing.B, slots int) (stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	started := make(chan struct{}, slots)
	for range slots {
		wg.Add(1)
		go func() {
			defer wg.Done()
			first := true
			for ctx.Err() == nil {
				st, err := s.analysis.SearchStream(ctx, &pb.SearchStreamRequest{Position: chaturanga(middlegame), TimeLimit: durationpb.New(time.Minute)})
				for err == nil {
					if _, err = st.Recv(); err == nil && first {
						started <- struct{}{}
						first = false
					}
				}
				if status.Code(err) == codes.ResourceExhausted {
					time.Sleep(time.Millisecond)
				}
			}
		}()
	}
	for range slots {
		<-started
	}
	return func() { cancel(); wg.Wait() }
}
