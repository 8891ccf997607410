package service

import (
	"io"
	"net/http"
	"net/http/pprof"
)

// adminHandler serves the profiler, the metrics and the probes. It is for the opt-in admin address
// only: profiles reveal the server's internals and cost CPU, so they are never on the public port.
// The probes are there so that an orchestrator reaches the process on a port that no client's
// connections can fill: /healthz answers while the process runs, /readyz while it takes calls.
func adminHandler(metrics http.Handler, ready func() bool) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) { _, _ = io.WriteString(w, "ok\n") })
	mux.HandleFunc("GET /readyz", func(w http.ResponseWriter, _ *http.Request) {
		if !ready() {
			http.Error(w, "shutting down", http.StatusServiceUnavailable)
			return
		}
		_, _ = io.WriteString(w, "ok\n")
	})
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	mux.Handle("/metrics", metrics)
	return mux
}
