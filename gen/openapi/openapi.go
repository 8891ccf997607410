// Package openapi embeds the OpenAPI document that buf generates next to this file. This file is
// the only one under gen/ that is not generated.
package openapi

import _ "embed"

// Document is the OpenAPI (Swagger 2.0) description of the HTTP/JSON API.
//
//go:embed ashtapada.swagger.json
var Document []byte
