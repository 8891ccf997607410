package gateway

import "net/http"

// Internals the external tests (package gateway_test, which may import service) look at.

const (
	MaxFieldPath  = maxFieldPath
	MaxMessageLen = maxMessageLen
	MaxLogged     = maxLogged
)

var (
	MarshalFastJSON = marshalFastJSON
	ErrFastJSON     = errFastJSON
)

// Mux is the grpc-gateway mux inside h, a handler of New, without the gateway's own middleware.
func Mux(h http.Handler) http.Handler { return h.(*gateway).mux }
