// Package openapi serves the OpenAPI 3 document that buf generates next to this file, as JSON,
// completed with what the generator cannot derive from the protos: the gateway's error bodies and
// the statuses they come with, the form of a server-streaming answer, the fields every answer
// carries, summaries and the server. This file is the only one under gen/ that is not generated.
package openapi

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"unicode"

	"go.yaml.in/yaml/v3"
	"google.golang.org/protobuf/reflect/protoreflect"

	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
)

//go:embed openapi.yaml
var generated []byte

// Document returns the OpenAPI 3 description of the HTTP/JSON API, as JSON. It is built on first
// use, not at start-up, which would cost every program that imports the package some 5 ms.
var Document = sync.OnceValue(func() []byte { return mustBuild(generated) })

// serviceFiles declare the services the gateway serves.
var serviceFiles = []protoreflect.FileDescriptor{pb.File_ashtapada_v1_rules_service_proto, pb.File_ashtapada_v1_analysis_service_proto}

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

// errorResponse is every operation's default response: the statuses no operation lists, such as
// 431 for headers the HTTP server refuses before any routing.
const errorResponse = `{
  "description": "Any other error, with the HTTP status its gRPC code maps to.",
  "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
}`

// errorStatus is an HTTP status the API answers errors with, as grpc-gateway maps the gRPC codes
// (runtime.HTTPStatusFromCode) or as the gateway answers itself, described once in
// components.responses. CANCELLED (499) is left out: its client has gone and reads no answer.
type errorStatus struct {
	status, name, description string
	// applies says whether an operation can answer with the status.
	applies func(operation) bool
}

// operation is what decides an operation's error statuses.
type operation struct {
	method protoreflect.MethodDescriptor
	body   bool // it takes a request body
}

var errorStatuses = []errorStatus{
	{"400", "BadRequest", "INVALID_ARGUMENT: a request, position, action or field that is malformed, beyond its cap or unknown, or a header " +
		"(Grpc-Timeout) that cannot be read; FAILED_PRECONDITION: the position does not allow the call (GAME_OVER, AWAITING_ROLL, " +
		"NOT_ROLL_PHASE, NO_DICE). The ErrorInfo reason says which, and a BadRequest detail names the field at fault.",
		func(operation) bool { return true }},
	// Every request with a field names a variant, in the path or in its position.
	{"404", "NotFound", "NOT_FOUND (VARIANT_NOT_FOUND): no variant of that name; ListVariants lists them.",
		func(o operation) bool { return o.method.Input().Fields().Len() > 0 }},
	{"413", "ContentTooLarge", "RESOURCE_EXHAUSTED (REQUEST_TOO_LARGE): the body is larger than the server's limit (4 MiB unless " +
		"configured otherwise), given in the ErrorInfo's max_bytes.",
		func(o operation) bool { return o.body }},
	{"415", "UnsupportedMediaType", "INVALID_ARGUMENT (UNSUPPORTED_MEDIA_TYPE): the body is not declared as application/json.",
		func(o operation) bool { return o.body }},
	// Only AnalysisService's calls wait for an analysis slot or spend a node budget.
	{"429", "TooManyRequests", "RESOURCE_EXHAUSTED: every analysis slot is busy (ANALYSIS_BUSY: retry with backoff, or ask another " +
		"replica), or a perft needs more than its node budget (NODE_BUDGET_EXHAUSTED: the same call fails again).",
		func(o operation) bool { return o.method.Parent().FullName() == "ashtapada.v1.AnalysisService" }},
	{"500", "InternalServerError", "INTERNAL: a bug; the details are only in the server's log.",
		func(operation) bool { return true }},
	{"503", "ServiceUnavailable", "UNAVAILABLE: the server is shutting down or cannot reach its gRPC side; retry with backoff.",
		func(operation) bool { return true }},
	{"504", "GatewayTimeout", "DEADLINE_EXCEEDED: the client's deadline (its Grpc-Timeout header) or the server's analysis time " +
		"ran out, or a SearchStream's client did not read its answers (ANSWERS_NOT_READ).",
		func(operation) bool { return true }},
}

// streamContentType is how the gateway sends a server stream's messages: one JSON object a line.
const streamContentType = "application/x-ndjson"

// streamNote describes the answer of a server-streaming method over HTTP.
const streamNote = "OK: newline-delimited JSON, one object a line: {\"result\": ...} for each message, or an error " +
	"body if the call fails after the answer began."

// servers is where the API is: `ashtapada serve` listens on :8080 unless --http-addr says
// otherwise. A variable, not a fixed http://localhost:8080, since every deployment has its own
// address (and redocly rightly takes a fixed localhost for a placeholder).
const servers = `[{
  "url": "http://{host}",
  "description": "ashtapada serve, at its --http-addr",
  "variables": {"host": {"default": "localhost:8080", "description": "host and port of the HTTP/JSON listener"}}
}]`

// alwaysSet are the message fields the service sets in every answer that has them. Fields of
// message type have presence, so the gateway writes them only when set and the descriptors alone
// cannot tell that they always are; the tests that validate real answers against the document
// keep this list honest.
var alwaysSet = []protoreflect.FullName{
	"ashtapada.v1.AppliedMove.move",
	"ashtapada.v1.ApplyMovesResponse.position",
	"ashtapada.v1.GetVariantResponse.variant",
	"ashtapada.v1.OptionBoard.board",
	"ashtapada.v1.OptionSpec.default_value",
	"ashtapada.v1.PerftEntry.move",
	"ashtapada.v1.PerftResponse.elapsed",
	"ashtapada.v1.ResolveDiceResponse.position",
	"ashtapada.v1.RollDiceResponse.position",
	"ashtapada.v1.RolloutResponse.elapsed",
	"ashtapada.v1.ScorePositionResponse.position",
	"ashtapada.v1.SearchLine.move",
	"ashtapada.v1.SearchResponse.elapsed",
	"ashtapada.v1.SearchStreamResponse.elapsed",
	"ashtapada.v1.StartPositionResponse.position",
	"ashtapada.v1.Variant.board",
}

// outputSuffix names the answer's form of a message that requests use too (PositionOutput).
const outputSuffix = "Output"

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
	components := doc["components"].(object)
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
	// The API has no authentication: an empty requirement says so, where no security at all
	// would leave it unsaid.
	doc["security"] = []any{}
	var srv []any
	if err := json.Unmarshal([]byte(servers), &srv); err != nil {
		return nil, err
	}
	doc["servers"] = srv

	var def object
	if err := json.Unmarshal([]byte(errorResponse), &def); err != nil {
		return nil, err
	}
	responses := object{}
	for _, s := range errorStatuses {
		responses[s.name] = object{
			"description": s.description,
			"content":     object{"application/json": object{"schema": object{"$ref": "#/components/schemas/Error"}}},
		}
	}
	components["responses"] = responses

	renamed, err := requireAnswerFields(schemas)
	if err != nil {
		return nil, err
	}

	methods := rpcMethods()
	paths, _ := doc["paths"].(object)
	for path, item := range paths {
		item, _ := item.(object)
		for verb, op := range item {
			op, ok := op.(object)
			if !ok {
				continue
			}
			id, _ := op["operationId"].(string)
			m, ok := methods[id]
			if !ok {
				return nil, fmt.Errorf("%s %s: operation %q is no RPC", verb, path, id)
			}
			op["summary"] = words(string(m.Name()))
			resps, ok := op["responses"].(object)
			if !ok {
				return nil, fmt.Errorf("operation %s has no responses", id)
			}
			rewriteRefs(resps, renamed)
			o := operation{method: m, body: op["requestBody"] != nil}
			for _, s := range errorStatuses {
				if s.applies(o) {
					resps[s.status] = object{"$ref": "#/components/responses/" + s.name}
				}
			}
			resps["default"] = def
			if m.IsStreamingServer() {
				if err := describeStream(schemas, resps, m); err != nil {
					return nil, fmt.Errorf("%s: %w", id, err)
				}
			}
		}
	}
	return json.Marshal(doc)
}

// requireAnswerFields lists as required, in the schemas of the messages answers carry, every
// field the gateway always writes: it writes every field without presence (EmitDefaultValues),
// at its default too, and alwaysSet names the message fields the service always sets. A message
// that requests carry too (Position, Action, ...) gets a copy for answers, named with
// outputSuffix, since a request may leave out any field but the few it must give: the request's
// schema keeps only those (field_behavior REQUIRED), and a position from an answer still fits it
// as it is. It returns the schemas copied, by their names in requests.
func requireAnswerFields(schemas object) (map[string]string, error) {
	inRequests, inAnswers := map[protoreflect.FullName]bool{}, map[protoreflect.FullName]bool{}
	var answers []protoreflect.MessageDescriptor
	for _, m := range rpcMethods() {
		reachable(m.Input(), inRequests, nil)
		answers = reachable(m.Output(), inAnswers, answers)
	}
	always := map[protoreflect.FullName]bool{}
	for _, name := range alwaysSet {
		always[name] = true
	}
	renamed := map[string]string{}
	required := map[string][]any{}
	for _, md := range answers {
		name := schemaName(md)
		s, ok := schemas[name].(object)
		if !ok {
			return nil, fmt.Errorf("message %s has no schema %s", md.FullName(), name)
		}
		props, _ := s["properties"].(object)
		req, _ := s["required"].([]any)
		for i := 0; i < md.Fields().Len(); i++ {
			fd := md.Fields().Get(i)
			if _, ok := props[string(fd.Name())]; !ok {
				return nil, fmt.Errorf("schema %s has no property %s", name, fd.Name())
			}
			if (!fd.HasPresence() || always[fd.FullName()]) && !slices.Contains(req, any(string(fd.Name()))) {
				req = append(req, string(fd.Name()))
			}
			delete(always, fd.FullName())
		}
		required[name] = req
		if inRequests[md.FullName()] {
			renamed[name] = name + outputSuffix
		}
	}
	for name := range always {
		return nil, fmt.Errorf("alwaysSet names %s, which no answer has", name)
	}
	for from, to := range renamed {
		if _, taken := schemas[to]; taken {
			return nil, fmt.Errorf("schema %s is generated too", to)
		}
		s := deepCopy(schemas[from]).(object)
		desc, _ := s["description"].(string)
		s["description"] = strings.TrimSpace(desc + "\n\nThis is the form answers carry: every field the server always writes is required.")
		schemas[to] = s
	}
	for _, md := range answers {
		name := schemaName(md)
		if to, ok := renamed[name]; ok {
			name = to
		}
		s := schemas[name].(object)
		if req := required[schemaName(md)]; len(req) > 0 {
			s["required"] = req
		} else {
			delete(s, "required") // an answer of one oneof only (ReviewGameResponse) always writes nothing
		}
		rewriteRefs(s, renamed)
	}
	return renamed, nil
}

// reachable adds md and the messages of this package its fields reach to seen, appending the
// new ones to out.
func reachable(md protoreflect.MessageDescriptor, seen map[protoreflect.FullName]bool, out []protoreflect.MessageDescriptor) []protoreflect.MessageDescriptor {
	if seen[md.FullName()] || md.ParentFile().Package() != pb.File_ashtapada_v1_types_proto.Package() {
		return out
	}
	seen[md.FullName()] = true
	out = append(out, md)
	for i := 0; i < md.Fields().Len(); i++ {
		fd := md.Fields().Get(i)
		if fd.IsMap() {
			fd = fd.MapValue()
		}
		if fd.Message() != nil {
			out = reachable(fd.Message(), seen, out)
		}
	}
	return out
}

// schemaName is the generator's name for the schema of a message of this package.
func schemaName(md protoreflect.MessageDescriptor) string { return string(md.Name()) }

// rewriteRefs points the schema references under v at the renamed schemas.
func rewriteRefs(v any, renamed map[string]string) {
	const prefix = "#/components/schemas/"
	switch v := v.(type) {
	case object:
		if ref, ok := v["$ref"].(string); ok {
			if to, ok := renamed[strings.TrimPrefix(ref, prefix)]; ok && strings.HasPrefix(ref, prefix) {
				v["$ref"] = prefix + to
			}
		}
		for _, x := range v {
			rewriteRefs(x, renamed)
		}
	case []any:
		for _, x := range v {
			rewriteRefs(x, renamed)
		}
	}
}

func deepCopy(v any) any {
	switch v := v.(type) {
	case object:
		out := make(object, len(v))
		for k, x := range v {
			out[k] = deepCopy(x)
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = deepCopy(x)
		}
		return out
	}
	return v
}

// describeStream turns the generated answer of a server-streaming method, which describes one
// message as JSON, into the gateway's: newline-delimited lines, each {"result": message} or an
// error body, described by a schema of its own (SearchStreamResponseLine).
func describeStream(schemas, responses object, m protoreflect.MethodDescriptor) error {
	ok200, _ := responses["200"].(object)
	media, ok := lookup(ok200, "content", "application/json")
	if !ok {
		return fmt.Errorf("no 200 application/json response")
	}
	line := schemaName(m.Output()) + "Line"
	if _, taken := schemas[line]; taken {
		return fmt.Errorf("schema %s is generated too", line)
	}
	schemas[line] = object{
		"description": "One line of " + string(m.Name()) + "'s newline-delimited answer: a message, or the error that ended the call.",
		"oneOf": []any{
			object{"type": "object", "required": []any{"result"}, "properties": object{"result": media["schema"]}},
			object{"$ref": "#/components/schemas/Error"},
		},
	}
	ok200["content"] = object{streamContentType: object{"schema": object{"$ref": "#/components/schemas/" + line}}}
	ok200["description"] = streamNote
	return nil
}

// rpcMethods returns the served methods by operation ID (Service_Method, as the generator names
// them).
func rpcMethods() map[string]protoreflect.MethodDescriptor {
	out := map[string]protoreflect.MethodDescriptor{}
	for _, f := range serviceFiles {
		for i := 0; i < f.Services().Len(); i++ {
			s := f.Services().Get(i)
			for j := 0; j < s.Methods().Len(); j++ {
				m := s.Methods().Get(j)
				out[string(s.Name())+"_"+string(m.Name())] = m
			}
		}
	}
	return out
}

// words writes a method's name as a summary: ListLegalMoves is "List legal moves".
func words(name string) string {
	var b strings.Builder
	for i, r := range name {
		if i > 0 && unicode.IsUpper(r) {
			b.WriteByte(' ')
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
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
