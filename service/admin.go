package service

import (
	"net/http"
	"net/http/pprof"
)

// adminHandler serves the profiler and the metrics. It is for the opt-in admin address only:
// profiles reveal the server's internals and cost CPU, so they are never on the public port.
func adminHandler(metrics http.Handler) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	mux.Handle("/metrics", metrics)
	return mux
}
