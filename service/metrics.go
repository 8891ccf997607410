package service

import (
	"net/http"
	"runtime"
	"time"

	grpcprom "github.com/grpc-ecosystem/go-grpc-middleware/providers/prometheus"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
)

// callBuckets are the handling-time histogram's buckets in seconds: rules calls take tens of
// microseconds to milliseconds, analyses up to the analysis time.
var callBuckets = []float64{.0001, .00025, .0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30}

// metrics are the server's Prometheus metrics, on a registry of their own: every gRPC call (those
// of the HTTP gateway included) by method and code with its handling time, the analysis slots, and
// the Go runtime and process.
type metrics struct {
	registry *prometheus.Registry
	grpc     *grpcprom.ServerMetrics
	// rejected counts the HTTP requests the gateway answers itself, which reach no gRPC method.
	rejected *prometheus.CounterVec
}

func newMetrics(version string) *metrics {
	m := &metrics{
		registry: prometheus.NewRegistry(),
		grpc: grpcprom.NewServerMetrics(grpcprom.WithServerHandlingTimeHistogram(
			grpcprom.WithHistogramBuckets(callBuckets))),
		rejected: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "ashtapada_http_rejected_total",
			Help: "HTTP requests the gateway answered itself with an error (an unknown path or method, a body it cannot decode, CORS), by gRPC code and reason.",
		}, []string{"code", "reason"}),
	}
	m.registry.MustRegister(m.grpc, m.rejected,
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name:        "ashtapada_build_info",
			Help:        "Always 1; the labels name the server's version and Go version.",
			ConstLabels: prometheus.Labels{"version": version, "goversion": runtime.Version()},
		}, func() float64 { return 1 }))
	return m
}

// watchAnalyses exports the analysis gate's state. The values are read at scrape time, so the
// calls pay nothing for them, but for the per-class counters, which the gate adds to as it goes.
func (m *metrics) watchAnalyses(g *fairGate) {
	m.registry.MustRegister(
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "ashtapada_analyses_in_flight",
			Help: "Analysis calls running now, each holding one of the analysis slots.",
		}, func() float64 { return float64(g.inFlight()) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "ashtapada_analyses_waiting",
			Help: "Analysis calls waiting for a slot now, paused ones included.",
		}, func() float64 { return float64(g.waiting.Load()) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "ashtapada_analysis_slots",
			Help: "Analysis calls that may run at once.",
		}, func() float64 { return float64(g.limits.Analyses) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{
			Name: "ashtapada_analysis_busy_rejections_total",
			Help: "Analysis calls refused with RESOURCE_EXHAUSTED (ANALYSIS_BUSY): no slot came free in the queue wait.",
		}, func() float64 { return float64(g.busyRefusals.Load()) }),
	)
	g.stats = newFlowStats(m.registry, g)
}

// watchConns exports the connection guards' counts and the peer memory budget's, read at scrape
// time.
func (m *metrics) watchConns(budget *peerBudget, guards ...*connGuard) {
	open := prometheus.NewDesc("ashtapada_connections_open", "Connections open now, by port.", []string{"server"}, nil)
	refused := prometheus.NewDesc("ashtapada_connections_refused_total",
		"Connections closed as soon as accepted: the port's cap or its cap per peer address was reached, the peer memory budget was spent, or the address was refused for abuse.",
		[]string{"server"}, nil)
	late := prometheus.NewDesc("ashtapada_connections_write_timeouts_total",
		"Connections closed because an answer stayed unwritten past the write timeout: the client granted no window or did not read.",
		[]string{"server"}, nil)
	abusive := prometheus.NewDesc("ashtapada_connections_abusive_total",
		"Connections ended with GOAWAY ENHANCE_YOUR_CALM for resetting their streams as they opened them, or for a flood of control frames.",
		[]string{"server"}, nil)
	idle := prometheus.NewDesc("ashtapada_connections_idle_closed_total",
		"Connections without calls closed because their port was near its cap.", []string{"server"}, nil)
	held := prometheus.NewDesc("ashtapada_peer_memory_held_bytes", "What the connections hold in the server's memory, as the peer memory budget counts it.", nil, nil)
	limit := prometheus.NewDesc("ashtapada_peer_memory_budget_bytes", "The peer memory budget.", nil, nil)
	shed := prometheus.NewDesc("ashtapada_peer_memory_shed_total", "Connections closed because the peer memory budget was spent, costliest first.", nil, nil)
	m.registry.MustRegister(collectorFunc{descs: []*prometheus.Desc{open, refused, late, abusive, idle, held, limit, shed}, collect: func(ch chan<- prometheus.Metric) {
		for _, g := range guards {
			ch <- prometheus.MustNewConstMetric(open, prometheus.GaugeValue, float64(g.openConns()), g.name)
			ch <- prometheus.MustNewConstMetric(refused, prometheus.CounterValue, float64(g.refused.Load()), g.name)
			ch <- prometheus.MustNewConstMetric(idle, prometheus.CounterValue, float64(g.idleClosed.Load()), g.name)
			if g.writeTimeout > 0 {
				ch <- prometheus.MustNewConstMetric(late, prometheus.CounterValue, float64(g.timedOut.Load()), g.name)
			}
			if g.h2 {
				ch <- prometheus.MustNewConstMetric(abusive, prometheus.CounterValue, float64(g.abusive.Load()), g.name)
			}
		}
		ch <- prometheus.MustNewConstMetric(held, prometheus.GaugeValue, float64(budget.held.Load()))
		ch <- prometheus.MustNewConstMetric(limit, prometheus.GaugeValue, float64(budget.limit))
		ch <- prometheus.MustNewConstMetric(shed, prometheus.CounterValue, float64(budget.shed.Load()))
	}})
}

// collectorFunc is a collector of metrics computed at scrape time.
type collectorFunc struct {
	descs   []*prometheus.Desc
	collect func(chan<- prometheus.Metric)
}

func (c collectorFunc) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range c.descs {
		ch <- d
	}
}

func (c collectorFunc) Collect(ch chan<- prometheus.Metric) { c.collect(ch) }

// reject counts an HTTP request the gateway answered itself.
func (m *metrics) reject(code codes.Code, reason string) {
	m.rejected.WithLabelValues(code.String(), reason).Inc()
}

// handler serves the metrics in the Prometheus text format.
func (m *metrics) handler() http.Handler {
	return promhttp.HandlerFor(m.registry, promhttp.HandlerOpts{Registry: m.registry})
}

func (m *metrics) unary() grpc.UnaryServerInterceptor   { return m.grpc.UnaryServerInterceptor() }
func (m *metrics) stream() grpc.StreamServerInterceptor { return m.grpc.StreamServerInterceptor() }

// flowStats are the analysis gate's metrics by flow class: the API key's name, or "address" for
// the flows named by their client's address.
type flowStats struct {
	wait    *prometheus.HistogramVec
	slot    *prometheus.CounterVec
	refusal *prometheus.CounterVec
}

func newFlowStats(r *prometheus.Registry, g *fairGate) *flowStats {
	s := &flowStats{
		wait: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "ashtapada_analysis_wait_seconds",
			Help:    "How long admitted analysis calls waited for their first slot, by flow class.",
			Buckets: []float64{0.001, 0.005, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10},
		}, []string{"class"}),
		slot: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "ashtapada_analysis_served_seconds_total",
			Help: "Analysis slot time served, by flow class.",
		}, []string{"class"}),
		refusal: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "ashtapada_analysis_refusals_total",
			Help: "Analysis calls refused by the gate, by flow class and reason (ANALYSIS_BUSY, ANALYSIS_QUEUE_FULL, ANALYSIS_QUOTA_EXHAUSTED).",
		}, []string{"class", "reason"}),
	}
	queued := prometheus.NewDesc("ashtapada_analysis_queue_length", "Analysis calls waiting for a slot now, paused ones included, by flow class.", []string{"class"}, nil)
	r.MustRegister(s.wait, s.slot, s.refusal, collectorFunc{descs: []*prometheus.Desc{queued}, collect: func(ch chan<- prometheus.Metric) {
		for class, n := range g.queueLengths() {
			ch <- prometheus.MustNewConstMetric(queued, prometheus.GaugeValue, float64(n), class)
		}
	}})
	return s
}

func (s *flowStats) waited(class string, d time.Duration) {
	if s != nil {
		s.wait.WithLabelValues(class).Observe(d.Seconds())
	}
}

func (s *flowStats) served(class string, d time.Duration) {
	if s != nil {
		s.slot.WithLabelValues(class).Add(d.Seconds())
	}
}

func (s *flowStats) refused(class, reason string) {
	if s != nil {
		s.refusal.WithLabelValues(class, reason).Inc()
	}
}
