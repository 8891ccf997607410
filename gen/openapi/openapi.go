// Package openapi serves the OpenAPI 3 document that buf generates next to this file, as JSON,
// completed with what the generator cannot derive from the protos: the gateway's error body and
// the form of a server-streaming answer. This file is the only one under gen/ that is not
// generated.
package openapi

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"sync"

	"go.yaml.in/yaml/v3"
	"google.golang.org/protobuf/reflect/protoreflect"

	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
)

//go:embed openapi.yaml
var generated []byte

// Document returns the OpenAPI 3 description of the HTTP/JSON API, as JSON. It is built on first
// use, not at start-up, which would cost every program that imports the package some 5 ms.
var Document = sync.OnceValue(func() []byte { return mustBuild(generated) })

// errorSchemas describe the gateway's error body: google.rpc.Status in the AIP-193 HTTP form,
// which the generator, knowing only the bare Status, cannot write.
const errorSchemas = `{
  "Error": {
    "description": "The body of every error answer (AIP-193).",
    "type": "object",
    "required": ["error"],
    "properties": {"error": {"$ref": "#/components/schemas/ErrorStatus"}}
  },
  "ErrorStatus": {
    "type": "object",
    "required": ["code", "message", "status", "details"],
    "properties": {
      "code": {"type": "integer", "format": "int32", "description": "The HTTP status code."},
      "message": {"type": "string", "description": "What went wrong, for a developer to read."},
      "status": {
        "type": "string",
        "description": "The gRPC code's name.",
        "enum": ["OK", "CANCELLED", "UNKNOWN", "INVALID_ARGUMENT", "DEADLINE_EXCEEDED", "NOT_FOUND",
          "ALREADY_EXISTS", "PERMISSION_DENIED", "RESOURCE_EXHAUSTED", "FAILED_PRECONDITION", "ABORTED",
          "OUT_OF_RANGE", "UNIMPLEMENTED", "INTERNAL", "UNAVAILABLE", "DATA_LOSS", "UNAUTHENTICATED"]
      },
      "details": {"type": "array", "items": {"$ref": "#/components/schemas/ErrorDetail"}}
    }
  },
  "ErrorDetail": {
    "description": "A google.rpc error detail named by its @type. Every error has a google.rpc.ErrorInfo (reason, domain \"ashtapada\", metadata); an error about a request field adds a google.rpc.BadRequest whose field_violations name it.",
    "type": "object",
    "required": ["@type"],
    "properties": {"@type": {"type": "string"}},
    "additionalProperties": true
  }
}`

// errorResponse is every operation's default response.
const errorResponse = `{
  "description": "An error, with the HTTP status its gRPC code maps to.",
  "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
}`

// streamNote describes the answer of a server-streaming method over HTTP.
const streamNote = "OK: newline-delimited JSON, one object a line: {\"result\": ...} for each message, or an error " +
	"body if the call fails after the answer began."

func mustBuild(yamlDoc []byte) []byte {
	b, err := build(yamlDoc)
	if err != nil {
		panic("openapi: " + err.Error())
	}
	return b
}

type object = map[string]any

func build(yamlDoc []byte) ([]byte, error) {
	var doc object
	if err := yaml.Unmarshal(yamlDoc, &doc); err != nil {
		return nil, err
	}
	schemas, ok := lookup(doc, "components", "schemas")
	if !ok {
		return nil, fmt.Errorf("no components.schemas")
	}
	var extra object
	if err := json.Unmarshal([]byte(errorSchemas), &extra); err != nil {
		return nil, err
	}
	for name, s := range extra {
		if _, taken := schemas[name]; taken {
			return nil, fmt.Errorf("schema %s is generated too", name)
		}
		schemas[name] = s
	}
	var def object
	if err := json.Unmarshal([]byte(errorResponse), &def); err != nil {
		return nil, err
	}
	streaming := streamingOperations()
	paths, _ := doc["paths"].(object)
	for _, item := range paths {
		item, _ := item.(object)
		for _, op := range item {
			op, ok := op.(object)
			if !ok {
				continue
			}
			responses, ok := op["responses"].(object)
			if !ok {
				return nil, fmt.Errorf("operation %v has no responses", op["operationId"])
			}
			responses["default"] = def
			if id, _ := op["operationId"].(string); streaming[id] {
				if err := describeStream(responses); err != nil {
					return nil, fmt.Errorf("%s: %w", id, err)
				}
			}
		}
	}
	return json.Marshal(doc)
}

// describeStream turns the generated answer of a server-streaming method, which describes one
// message, into the gateway's: lines of {"result": message}, or an error body.
func describeStream(responses object) error {
	media, ok := lookup(responses, "200", "content", "application/json")
	if !ok {
		return fmt.Errorf("no 200 application/json response")
	}
	media["schema"] = object{
		"description": "One line of the answer.",
		"oneOf": []any{
			object{"type": "object", "required": []any{"result"}, "properties": object{"result": media["schema"]}},
			object{"$ref": "#/components/schemas/Error"},
		},
	}
	responses["200"].(object)["description"] = streamNote
	return nil
}

// streamingOperations returns the operation IDs (Service_Method, as the generator names them) of
// the server-streaming methods.
func streamingOperations() map[string]bool {
	out := map[string]bool{}
	for _, f := range []protoreflect.FileDescriptor{pb.File_ashtapada_v1_rules_service_proto, pb.File_ashtapada_v1_analysis_service_proto} {
		for i := 0; i < f.Services().Len(); i++ {
			s := f.Services().Get(i)
			for j := 0; j < s.Methods().Len(); j++ {
				if m := s.Methods().Get(j); m.IsStreamingServer() {
					out[string(s.Name())+"_"+string(m.Name())] = true
				}
			}
		}
	}
	return out
}

// lookup follows keys down nested objects.
func lookup(v object, keys ...string) (object, bool) {
	for _, k := range keys {
		next, ok := v[k].(object)
		if !ok {
			return nil, false
		}
		v = next
	}
	return v, true
}
