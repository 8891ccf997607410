package service

import "github.com/ashtapada/ashtapada/service/gateway"

// Playground is a web page served on the HTTP port beside the API (see gateway.Playground).
type Playground = gateway.Playground

// DefaultMaxBodyBytes is the default cap on an HTTP request body.
const DefaultMaxBodyBytes = gateway.DefaultMaxBodyBytes

// TransportMetadataKey is the gRPC metadata the gateway sets on its calls, with the value "http",
// so that the server can tell JSON calls from native ones.
const TransportMetadataKey = gateway.TransportMetadataKey
