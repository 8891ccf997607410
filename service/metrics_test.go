package service

import (
	"context"
	"net/http"
	"testing"
	"time"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/types/known/durationpb"

	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
)

// family is one scraped metric family.
type family struct{ *dto.MetricFamily }

// scrape reads the server's /metrics.
func scrape(t *testing.T, baseURL string) map[string]family {
	t.Helper()
	res, err := http.Get(baseURL + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("GET /metrics: %d", res.StatusCode)
	}
	p := expfmt.NewTextParser(model.UTF8Validation)
	fams, err := p.TextToMetricFamilies(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	out := make(map[string]family, len(fams))
	for name, f := range fams {
		out[name] = family{f}
	}
	return out
}

// value is the counter, gauge or histogram count of the series with the given labels (others
// may have any value); it fails the test unless exactly one series matches.
func (f family) value(t *testing.T, labels map[string]string) float64 {
	t.Helper()
	if f.MetricFamily == nil {
		t.Fatal("no such metric")
	}
	var found []float64
next:
	for _, m := range f.GetMetric() {
		have := map[string]string{}
		for _, l := range m.GetLabel() {
			have[l.GetName()] = l.GetValue()
		}
		for k, v := range labels {
			if have[k] != v {
				continue next
			}
		}
		switch {
		case m.Counter != nil:
			found = append(found, m.GetCounter().GetValue())
		case m.Gauge != nil:
			found = append(found, m.GetGauge().GetValue())
		case m.Histogram != nil:
			found = append(found, float64(m.GetHistogram().GetSampleCount()))
		}
	}
	if len(found) != 1 {
		t.Fatalf("%s%v: %d series", f.GetName(), labels, len(found))
	}
	return found[0]
}

// The counts scraped from /metrics are the calls made, by method and code, over both transports.
func TestMetricsCountCalls(t *testing.T) {
	s := startConfigured(t, Config{Limits: Limits{Analyses: 1, QueueWait: 20 * time.Millisecond}, Version: "v0.0.1-metrics"})
	ctx := context.Background()
	list := &pb.ListLegalMovesRequest{Position: chaturanga(startFEN)}
	for range 3 {
		if _, err := s.rules.ListLegalMoves(ctx, list); err != nil {
			t.Fatal(err)
		}
	}
	for range 2 {
		if _, err := postProto(ctx, http.DefaultClient, s.httpURL+"/v1/moves:list", list, &pb.ListLegalMovesResponse{}); err != nil {
			t.Fatal(err)
		}
	}
	for range 4 {
		_, _ = s.rules.GetVariant(ctx, &pb.GetVariantRequest{Name: "chess"})
	}
	// A search holds the only analysis slot, so a perft is refused.
	sctx, cancel := context.WithCancel(ctx)
	defer cancel()
	st, err := s.analysis.SearchStream(sctx, &pb.SearchStreamRequest{Position: chaturanga(middlegame), TimeLimit: durationpb.New(time.Minute)})
	if err == nil {
		_, err = st.Recv()
	}
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.analysis.Perft(ctx, &pb.PerftRequest{Position: chaturanga(startFEN), Depth: 1}); errorCode(err) != codes.ResourceExhausted {
		t.Fatalf("perft beside a search on the only slot: %v", err)
	}
	m := scrape(t, s.httpURL)
	cancel()

	rules := map[string]string{"grpc_service": "ashtapada.v1.RulesService", "grpc_type": "unary"}
	with := func(base map[string]string, kv ...string) map[string]string {
		out := map[string]string{}
		for k, v := range base {
			out[k] = v
		}
		for i := 0; i < len(kv); i += 2 {
			out[kv[i]] = kv[i+1]
		}
		return out
	}
	for _, c := range []struct {
		metric string
		labels map[string]string
		want   float64
	}{
		{"grpc_server_started_total", with(rules, "grpc_method", "ListLegalMoves"), 5},
		{"grpc_server_handled_total", with(rules, "grpc_method", "ListLegalMoves", "grpc_code", "OK"), 5},
		{"grpc_server_handled_total", with(rules, "grpc_method", "ListLegalMoves", "grpc_code", "InvalidArgument"), 0},
		{"grpc_server_handling_seconds", with(rules, "grpc_method", "ListLegalMoves"), 5},
		{"grpc_server_handled_total", with(rules, "grpc_method", "GetVariant", "grpc_code", "NotFound"), 4},
		{"grpc_server_handled_total", with(rules, "grpc_method", "GetVariant", "grpc_code", "OK"), 0},
		{"grpc_server_handled_total", map[string]string{"grpc_method": "Perft", "grpc_code": "ResourceExhausted"}, 1},
		{"grpc_server_handled_total", map[string]string{"grpc_method": "SearchStream", "grpc_type": "server_stream", "grpc_code": "OK"}, 0},
		{"ashtapada_analysis_busy_rejections_total", nil, 1},
		{"ashtapada_analyses_in_flight", nil, 1},
		{"ashtapada_analyses_waiting", nil, 0},
		{"ashtapada_analysis_slots", nil, 1},
		{"ashtapada_build_info", map[string]string{"version": "v0.0.1-metrics"}, 1},
	} {
		if got := m[c.metric].value(t, c.labels); got != c.want {
			t.Errorf("%s%v = %v, want %v", c.metric, c.labels, got, c.want)
		}
	}
	for _, name := range []string{"go_goroutines", "go_memstats_heap_alloc_bytes", "process_cpu_seconds_total", "process_resident_memory_bytes"} {
		if _, ok := m[name]; !ok {
			t.Errorf("no %s", name)
		}
	}
}
