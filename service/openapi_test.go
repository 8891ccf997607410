package service

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"
	"google.golang.org/genproto/googleapis/api/annotations"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/types/known/structpb"

	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
	"github.com/ashtapada/ashtapada/gen/openapi"
)

// loadOpenAPI parses and validates an OpenAPI document.
func loadOpenAPI(t *testing.T, data []byte) *openapi3.T {
	t.Helper()
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromData(data)
	if err != nil {
		t.Fatalf("load the OpenAPI document: %v", err)
	}
	if err := doc.Validate(loader.Context); err != nil {
		t.Fatalf("the OpenAPI document is invalid: %v", err)
	}
	return doc
}

// rpcRoute is one HTTP binding of an RPC, from its google.api.http option.
type rpcRoute struct {
	operationID, method, path string
	streaming                 bool
}

func rpcRoutes(t *testing.T) []rpcRoute {
	t.Helper()
	var out []rpcRoute
	for _, f := range []protoreflect.FileDescriptor{pb.File_ashtapada_v1_rules_service_proto, pb.File_ashtapada_v1_analysis_service_proto} {
		for i := 0; i < f.Services().Len(); i++ {
			s := f.Services().Get(i)
			for j := 0; j < s.Methods().Len(); j++ {
				m := s.Methods().Get(j)
				rule, _ := proto.GetExtension(m.Options(), annotations.E_Http).(*annotations.HttpRule)
				if rule == nil {
					continue
				}
				for _, r := range append([]*annotations.HttpRule{rule}, rule.GetAdditionalBindings()...) {
					route := rpcRoute{operationID: string(s.Name()) + "_" + string(m.Name()), streaming: m.IsStreamingServer()}
					switch p := r.GetPattern().(type) {
					case *annotations.HttpRule_Get:
						route.method, route.path = http.MethodGet, p.Get
					case *annotations.HttpRule_Post:
						route.method, route.path = http.MethodPost, p.Post
					case *annotations.HttpRule_Put:
						route.method, route.path = http.MethodPut, p.Put
					case *annotations.HttpRule_Patch:
						route.method, route.path = http.MethodPatch, p.Patch
					case *annotations.HttpRule_Delete:
						route.method, route.path = http.MethodDelete, p.Delete
					default:
						t.Fatalf("%s: unexpected HTTP rule %v", route.operationID, r)
					}
					out = append(out, route)
				}
			}
		}
	}
	return out
}

func TestOpenAPIDocument(t *testing.T) {
	doc := loadOpenAPI(t, openapi.Document())
	if !strings.HasPrefix(doc.OpenAPI, "3.") {
		t.Errorf("openapi = %q, want 3.x", doc.OpenAPI)
	}
	if doc.Info.Title != "Ashtapada" || doc.Info.Version != "v1" || !strings.Contains(doc.Info.Description, "AIP-193") {
		t.Errorf("info = %q %q %q", doc.Info.Title, doc.Info.Version, doc.Info.Description)
	}

	// Every RPC with an HTTP rule, and nothing else, with its method.
	documented := map[string]bool{}
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			documented[method+" "+path+" "+op.OperationID] = true
		}
	}
	routes := rpcRoutes(t)
	for _, r := range routes {
		key := r.method + " " + r.path + " " + r.operationID
		if !documented[key] {
			t.Errorf("%s is not documented", key)
		}
		delete(documented, key)
	}
	for key := range documented {
		t.Errorf("%s is documented but has no HTTP rule", key)
	}
	if len(routes) == 0 {
		t.Error("no HTTP rules found")
	}

	schema := func(name string) *openapi3.Schema {
		ref := doc.Components.Schemas[name]
		if ref == nil || ref.Value == nil {
			t.Fatalf("no schema %s", name)
		}
		return ref.Value
	}
	// These messages require the fields the service refuses to go without, and no others.
	required := map[string][]string{
		"Position":              {"variant"},
		"Piece":                 {"square", "kind"},
		"ListLegalMovesRequest": {"position"},
		"ValidateMoveRequest":   {"position", "move"},
		"ResolveDiceRequest":    {"position", "values"},
		"PerftRequest":          {"position", "depth"},
		"SearchRequest":         {"position"},
		"RolloutRequest":        {"position", "playouts"},
		"Action":                nil,
		"GameHistory":           nil,
		"ApplyMovesRequest":     {"position"},
		// The variant is the path's; the body need not repeat it.
		"StartPositionRequest": nil,
	}
	for name, want := range required {
		if got := schema(name).Required; !slices.Equal(got, want) {
			t.Errorf("%s requires %v, want %v", name, got, want)
		}
	}
	readOnly := map[string][]string{
		"Position": {"key", "in_check", "last_action"},
		"Action":   {"san", "player", "captured"},
	}
	for name, fields := range readOnly {
		s := schema(name)
		for _, f := range fields {
			if p := s.Properties[f]; p == nil || !p.Value.ReadOnly {
				t.Errorf("%s.%s is not readOnly", name, f)
			}
		}
	}
	for _, f := range []string{"variant", "text", "pieces", "to_move", "phase"} {
		if schema("Position").Properties[f].Value.ReadOnly {
			t.Errorf("Position.%s is readOnly, but requests give it", f)
		}
	}
	// Proto names, int64 as strings and enums as names: the gateway's protojson.
	if p := schema("Position").Properties["to_move"]; p == nil {
		t.Error("Position has no to_move: field names must be the proto names")
	}
	if k := schema("Position").Properties["key"].Value; !k.Type.Is("string") {
		t.Errorf("Position.key is %v, want a string", k.Type)
	}
	if ph := schema("Position").Properties["phase"].Value; !ph.Type.Is("string") || !slices.Contains(ph.Enum, any("PHASE_ROLL")) {
		t.Errorf("Position.phase is %v %v, want enum names", ph.Type, ph.Enum)
	}

	// A path parameter is not asked for in the body too.
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			if op.RequestBody == nil {
				continue
			}
			body := op.RequestBody.Value.Content.Get("application/json").Schema.Value
			for _, p := range op.Parameters {
				if p.Value.In == "path" && slices.Contains(body.Required, p.Value.Name) {
					t.Errorf("%s %s: the body requires %s, which the path gives", method, path, p.Value.Name)
				}
			}
		}
	}

	checkSummariesAndServers(t, doc)
	checkErrorResponses(t, doc)
	checkStreamResponses(t, doc, routes)
	checkAnswerFields(t, doc, openapi.Document())
}

// checkSummariesAndServers: what linters and generators expect besides paths: a summary for every
// operation, a server, and security said to be none.
func checkSummariesAndServers(t *testing.T, doc *openapi3.T) {
	t.Helper()
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			if op.Summary == "" || strings.Contains(op.Summary, "_") {
				t.Errorf("%s %s: summary %q", method, path, op.Summary)
			}
		}
	}
	if len(doc.Servers) == 0 || doc.Servers[0].Variables["host"] == nil ||
		doc.Servers[0].Variables["host"].Default != "localhost:8080" {
		t.Errorf("servers %v: want one at the host variable, localhost:8080 by default", doc.Servers)
	}
	var raw struct {
		Security *[]any `json:"security"`
	}
	if err := json.Unmarshal(openapi.Document(), &raw); err != nil || raw.Security == nil || len(*raw.Security) != 0 {
		t.Errorf("security is not declared empty: %v", raw.Security)
	}
}

// checkErrorResponses: every operation lists the error statuses it can answer with, each the
// Error body, besides the default.
func checkErrorResponses(t *testing.T, doc *openapi3.T) {
	t.Helper()
	errRef := "#/components/schemas/Error"
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			want := []int{400, 404, 413, 415, 500, 503, 504}
			if op.OperationID == "RulesService_ListVariants" {
				// The one request that names no variant.
				want = slices.DeleteFunc(want, func(s int) bool { return s == 404 })
			}
			if op.RequestBody == nil {
				want = slices.DeleteFunc(want, func(s int) bool { return s == 413 || s == 415 })
			}
			if strings.HasPrefix(op.OperationID, "AnalysisService_") {
				// ANALYSIS_BUSY, NODE_BUDGET_EXHAUSTED
				want = append(want, 429)
				slices.Sort(want)
			}
			var got []int
			for code := range op.Responses.Map() {
				if n, err := strconv.Atoi(code); err == nil && n >= 400 {
					got = append(got, n)
				}
			}
			slices.Sort(got)
			if !slices.Equal(got, want) {
				t.Errorf("%s %s: error statuses %v, want %v", method, path, got, want)
			}
			for _, code := range append(got, 0) {
				r := op.Responses.Default()
				if code != 0 {
					r = op.Responses.Status(code)
				}
				if r == nil || r.Value == nil || r.Value.Description == nil || *r.Value.Description == "" {
					t.Errorf("%s %s: %d has no description", method, path, code)
					continue
				}
				media := r.Value.Content.Get("application/json")
				if media == nil || media.Schema == nil || media.Schema.Ref != errRef {
					t.Errorf("%s %s: %d is not the Error body", method, path, code)
				}
			}
		}
	}
}

// checkStreamResponses: a server stream answers newline-delimited JSON, each line a result or an
// error; every other answer is JSON.
func checkStreamResponses(t *testing.T, doc *openapi3.T, routes []rpcRoute) {
	t.Helper()
	streaming := map[string]bool{}
	for _, r := range routes {
		streaming[r.operationID] = r.streaming
	}
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			ok := op.Responses.Status(http.StatusOK).Value
			if !streaming[op.OperationID] {
				if len(ok.Content) != 1 || ok.Content.Get("application/json") == nil {
					t.Errorf("%s %s: 200 is %v, want application/json", method, path, slices.Collect(maps.Keys(ok.Content)))
				}
				continue
			}
			media := ok.Content.Get("application/x-ndjson")
			if len(ok.Content) != 1 || media == nil {
				t.Errorf("%s %s: 200 is %v, want application/x-ndjson", method, path, slices.Collect(maps.Keys(ok.Content)))
				continue
			}
			line := media.Schema.Value
			if len(line.OneOf) != 2 || line.OneOf[1].Ref != "#/components/schemas/Error" ||
				!slices.Equal(line.OneOf[0].Value.Required, []string{"result"}) {
				t.Errorf("%s %s: the line is not {result} or Error: %v", method, path, line.OneOf)
			}
		}
	}
	if !slices.Contains(slices.Collect(maps.Values(streaming)), true) {
		t.Error("no streaming method found")
	}
}

// checkAnswerFields: the schemas of what answers carry require every field the gateway always
// writes (EmitDefaultValues: every field without presence), and never a proto3 optional one; the
// messages requests carry too have a copy for answers (PositionOutput), so that the request's
// schema requires only the REQUIRED fields; requests never refer to an answer's copy, nor answers
// to a request's schema.
func checkAnswerFields(t *testing.T, doc *openapi3.T, raw []byte) {
	t.Helper()
	var inRequests, inAnswers []protoreflect.MessageDescriptor
	reqSeen, ansSeen := map[protoreflect.FullName]bool{}, map[protoreflect.FullName]bool{}
	for _, f := range []protoreflect.FileDescriptor{pb.File_ashtapada_v1_rules_service_proto, pb.File_ashtapada_v1_analysis_service_proto} {
		for i := 0; i < f.Services().Len(); i++ {
			for j := 0; j < f.Services().Get(i).Methods().Len(); j++ {
				m := f.Services().Get(i).Methods().Get(j)
				inRequests = reachableMessages(m.Input(), reqSeen, inRequests)
				inAnswers = reachableMessages(m.Output(), ansSeen, inAnswers)
			}
		}
	}
	answerSchema := func(md protoreflect.MessageDescriptor) string {
		if reqSeen[md.FullName()] {
			return string(md.Name()) + "Output"
		}
		return string(md.Name())
	}
	for _, md := range inAnswers {
		name := answerSchema(md)
		ref := doc.Components.Schemas[name]
		if ref == nil {
			t.Errorf("%s has no answer schema %s", md.FullName(), name)
			continue
		}
		for i := 0; i < md.Fields().Len(); i++ {
			fd := md.Fields().Get(i)
			required := slices.Contains(ref.Value.Required, string(fd.Name()))
			switch {
			case !fd.HasPresence() && !required:
				t.Errorf("%s.%s is always written but not required", name, fd.Name())
			case fd.HasPresence() && fd.Message() == nil && required:
				t.Errorf("%s.%s is optional but required", name, fd.Name())
			}
		}
	}
	for _, md := range inRequests {
		var want []string
		for i := 0; i < md.Fields().Len(); i++ {
			fd := md.Fields().Get(i)
			behaviors, _ := proto.GetExtension(fd.Options(), annotations.E_FieldBehavior).([]annotations.FieldBehavior)
			if slices.Contains(behaviors, annotations.FieldBehavior_REQUIRED) {
				want = append(want, string(fd.Name()))
			}
		}
		ref := doc.Components.Schemas[string(md.Name())]
		if ref == nil {
			continue // a GET's request: path and query parameters
		}
		// A REQUIRED field may be left to the path (StartPositionRequest.variant), no other.
		if got := ref.Value.Required; !isSubset(got, want) {
			t.Errorf("request schema %s requires %v, beyond its REQUIRED fields %v", md.Name(), got, want)
		}
	}

	// The references each operation's request body and 200 answer reach.
	var generic map[string]any
	if err := json.Unmarshal(raw, &generic); err != nil {
		t.Fatal(err)
	}
	schemas := generic["components"].(map[string]any)["schemas"].(map[string]any)
	paths := generic["paths"].(map[string]any)
	for path, item := range paths {
		for method, op := range item.(map[string]any) {
			op := op.(map[string]any)
			if body, ok := op["requestBody"]; ok {
				for ref := range schemaRefs(body, schemas) {
					if strings.HasSuffix(ref, "Output") {
						t.Errorf("%s %s: the request refers to %s, an answer's schema", method, path, ref)
					}
				}
			}
			answer := op["responses"].(map[string]any)["200"]
			for ref := range schemaRefs(answer, schemas) {
				if md := messageNamed(inAnswers, ref); md != nil && reqSeen[md.FullName()] {
					t.Errorf("%s %s: the answer refers to %s, a request's schema", method, path, ref)
				}
			}
		}
	}
}

// reachableMessages adds md and the ashtapada.v1 messages its fields reach to seen and out.
func reachableMessages(md protoreflect.MessageDescriptor, seen map[protoreflect.FullName]bool, out []protoreflect.MessageDescriptor) []protoreflect.MessageDescriptor {
	if seen[md.FullName()] || md.ParentFile().Package() != "ashtapada.v1" {
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
			out = reachableMessages(fd.Message(), seen, out)
		}
	}
	return out
}

func messageNamed(mds []protoreflect.MessageDescriptor, name string) protoreflect.MessageDescriptor {
	for _, md := range mds {
		if string(md.Name()) == name {
			return md
		}
	}
	return nil
}

func isSubset(sub, of []string) bool {
	for _, s := range sub {
		if !slices.Contains(of, s) {
			return false
		}
	}
	return true
}

// schemaRefs returns the names of the component schemas v refers to, directly or through them.
func schemaRefs(v any, schemas map[string]any) map[string]bool {
	out := map[string]bool{}
	var walk func(any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			if ref, ok := v["$ref"].(string); ok {
				if name, ok := strings.CutPrefix(ref, "#/components/schemas/"); ok && !out[name] {
					out[name] = true
					walk(schemas[name])
				}
			}
			for _, x := range v {
				walk(x)
			}
		case []any:
			for _, x := range v {
				walk(x)
			}
		}
	}
	walk(v)
	return out
}

// apiCall is one HTTP request to the gateway and what it answers.
type apiCall struct {
	name         string
	method, path string
	body         string
	status       int
	// docRejects: the document refuses the request.
	docRejects bool
	// reason is an error's ErrorInfo reason.
	reason string
	// header holds request headers as name, value pairs; Content-Type is application/json unless
	// it says otherwise.
	header []string
}

func TestOpenAPIMatchesGateway(t *testing.T) {
	s := startServer(t)
	resp, err := http.Get(s.httpURL + "/openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	served, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "application/json" {
		t.Fatalf("GET /openapi.json: %d %q", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	doc := loadOpenAPI(t, served)
	// The documented server, at the test server's address (the router would match the host
	// variable as one name without dots).
	u, _ := url.Parse(s.httpURL)
	doc.Servers[0].URL = strings.ReplaceAll(doc.Servers[0].URL, "{host}", u.Host)
	router, err := gorillamux.NewRouter(doc)
	if err != nil {
		t.Fatal(err)
	}

	chat := `{"variant":"chaturanga","text":"` + startFEN + `"}`
	mate := `{"variant":"chaturanga","text":"R3k3/8/4K3/8/8/8/8/8 b - - 0 1"}`
	martian := `{"variant":"martian_chaturanga","text":"rpmpr/ksksk/5/KSKSK/RPMPR l - AEae - 0 1"}`
	start, err := s.rules.StartPosition(context.Background(), &pb.StartPositionRequest{Variant: "chaturaji"})
	if err != nil {
		t.Fatal(err)
	}
	chaturaji := `{"variant":"chaturaji","text":"` + start.GetPosition().GetText() + `"}`
	calls := []apiCall{
		{name: "list variants", method: "GET", path: "/v1/variants", status: 200},
		{name: "get variant", method: "GET", path: "/v1/variants/chaturaji", status: 200},
		{name: "start", method: "POST", path: "/v1/variants/chaturaji:start", body: `{"options":{"teams":true,"dice":2}}`, status: 200},
		{name: "start without options", method: "POST", path: "/v1/variants/martian_chaturanga:start", body: `{}`, status: 200},
		{name: "list moves", method: "POST", path: "/v1/moves:list", body: `{"position":` + chat + `}`, status: 200},
		{name: "list moves by notation", method: "POST", path: "/v1/moves:list",
			body: `{"position":` + chaturaji + `,"view":"MOVE_VIEW_NOTATION"}`, status: 200},
		{name: "validate", method: "POST", path: "/v1/moves:validate",
			body: `{"position":` + chat + `,"move":{"from":"e2","to":"e3"},"include_next":true,"next_view":"MOVE_VIEW_FULL"}`, status: 200},
		{name: "validate illegal", method: "POST", path: "/v1/moves:validate",
			body: `{"position":` + chat + `,"move":{"notation":"e2e4"}}`, status: 200},
		{name: "apply", method: "POST", path: "/v1/moves:apply",
			body: `{"position":` + chat + `,"moves":[{"notation":"e2e3"},{"notation":"d7d6"},{"notation":"e3e5"}],` +
				`"history":{"start":` + chat + `,"actions":[]},"include_next":true}`, status: 200},
		{name: "roll", method: "POST", path: "/v1/dice:roll", body: `{"position":` + martian + `,"seed":"42"}`, status: 200},
		{name: "resolve", method: "POST", path: "/v1/dice:resolve", body: `{"position":` + martian + `,"values":[3,4]}`, status: 200},
		{name: "score", method: "POST", path: "/v1/positions:score", body: `{"position":` + mate + `}`, status: 200},
		{name: "score team play", method: "POST", path: "/v1/positions:score",
			body: `{"position":{"variant":"chaturaji","text":"` + teamStart(t, s) + `"}}`, status: 200},
		{name: "perft", method: "POST", path: "/v1/analysis:perft",
			body: `{"position":` + chat + `,"depth":2,"divide":true,"max_nodes":"100000"}`, status: 200},
		{name: "search", method: "POST", path: "/v1/analysis:search",
			body: `{"position":` + chat + `,"depth":2,"multi_pv":2,"algorithm":"SEARCH_ALGORITHM_ALPHA_BETA","time_limit":"10s"}`, status: 200},
		{name: "search stream", method: "POST", path: "/v1/analysis:searchStream", body: `{"position":` + chat + `,"depth":2}`, status: 200},
		{name: "evaluate", method: "POST", path: "/v1/analysis:evaluate", body: `{"position":` + chaturaji + `}`, status: 200},
		{name: "rollout", method: "POST", path: "/v1/analysis:rollout",
			body: `{"position":` + martian + `,"playouts":3,"seed":"7","policy":"ROLLOUT_POLICY_GREEDY","max_actions":40}`, status: 200},
		{name: "export", method: "POST", path: "/v1/games:export",
			body: `{"start":` + martian + `,"actions":[{"notation":"roll 3 4"},{"notation":"b2b3"}],"tags":{"Event":"Test"}}`, status: 200},
		{name: "import", method: "POST", path: "/v1/games:import",
			body: `{"record":"[Variant \"Chaturanga\"]\n\n1. e3 e6 2. e5 *","include_positions":true}`, status: 200},
		{name: "import malformed", method: "POST", path: "/v1/games:import", body: `{"record":"[Variant \"chess\"]"}`,
			status: 400, reason: "INVALID_RECORD"},
		{name: "review", method: "POST", path: "/v1/games:review",
			body: `{"position":` + martian + `,"moves":[{"notation":"roll 3 4"},{"notation":"b2b3"}],"depth":2,"players":["light"]}`, status: 200},
		{name: "review refused", method: "POST", path: "/v1/games:review", body: `{}`, status: 400, reason: "MISSING_GAME"},

		{name: "unknown variant", method: "GET", path: "/v1/variants/chess", status: 404, reason: "VARIANT_NOT_FOUND"},
		{name: "bad position text", method: "POST", path: "/v1/moves:list",
			body: `{"position":{"variant":"chaturanga","text":"8/8 w"}}`, status: 400, reason: "INVALID_POSITION"},
		{name: "perft too deep", method: "POST", path: "/v1/analysis:perft", body: `{"position":` + chat + `,"depth":99}`,
			status: 400, reason: "DEPTH_OUT_OF_RANGE"},
		{name: "no dice", method: "POST", path: "/v1/dice:roll", body: `{"position":` + chat + `}`, status: 400, reason: "NO_DICE"},
		{name: "game over", method: "POST", path: "/v1/analysis:search", body: `{"position":` + mate + `}`,
			status: 400, reason: "GAME_OVER"},
		{name: "stream refused", method: "POST", path: "/v1/analysis:searchStream", body: `{"position":` + mate + `}`,
			status: 400, reason: "GAME_OVER"},
		// Output-only fields are for answers: the document refuses them in requests, the service
		// ignores them.
		{name: "output-only field given", method: "POST", path: "/v1/moves:list",
			body: `{"position":{"variant":"chaturanga","text":"` + startFEN + `","key":"1","in_check":true}}`, status: 200, docRejects: true},
		{name: "missing position", method: "POST", path: "/v1/moves:list", body: `{}`, status: 400, docRejects: true,
			reason: "MISSING_POSITION"},
		{name: "missing depth", method: "POST", path: "/v1/analysis:perft", body: `{"position":` + chat + `}`, status: 400,
			docRejects: true, reason: "DEPTH_OUT_OF_RANGE"},
		{name: "missing variant", method: "POST", path: "/v1/analysis:evaluate", body: `{"position":{"text":"` + startFEN + `"}}`,
			status: 400, docRejects: true, reason: "MISSING_VARIANT"},
		{name: "invalid JSON", method: "POST", path: "/v1/moves:list", body: `{"position":`, status: 400, docRejects: true,
			reason: "INVALID_JSON"},
		{name: "enum by unknown name", method: "POST", path: "/v1/moves:list", body: `{"position":` + chat + `,"view":"MOVE_VIEW_ALL"}`,
			status: 400, docRejects: true},
		{name: "unknown variant of a position", method: "POST", path: "/v1/positions:score",
			body: `{"position":{"variant":"chess","text":"` + startFEN + `"}}`, status: 404, reason: "VARIANT_NOT_FOUND"},
		{name: "body not JSON", method: "POST", path: "/v1/moves:list", body: `{"position":` + chat + `}`,
			header: []string{"Content-Type", "text/plain"}, status: 415, docRejects: true, reason: "UNSUPPORTED_MEDIA_TYPE"},
		{name: "body too large", method: "POST", path: "/v1/moves:apply",
			body:   `{"position":` + chat + `,"moves":[` + strings.Repeat(`{"notation":"e2e3"},`, 1<<18) + `{}]}`,
			status: 413, reason: "REQUEST_TOO_LARGE"},
		{name: "node budget", method: "POST", path: "/v1/analysis:perft", body: `{"position":` + chat + `,"depth":3,"max_nodes":"10"}`,
			status: 429, reason: "NODE_BUDGET_EXHAUSTED"},
		{name: "deadline", method: "GET", path: "/v1/variants", header: []string{"Grpc-Timeout", "1n"}, status: 504},
		{name: "unreadable deadline", method: "GET", path: "/v1/variants/chaturanga", header: []string{"Grpc-Timeout", "soon"},
			status: 400, reason: "INVALID_REQUEST"},
	}

	exercised := map[*openapi3.Operation]bool{}
	// call makes c and checks the request and the answer against the document; it returns the
	// answer's body.
	call := func(t *testing.T, c apiCall) []byte {
		t.Helper()
		req, err := http.NewRequest(c.method, s.httpURL+c.path, strings.NewReader(c.body))
		if err != nil {
			t.Fatal(err)
		}
		if c.body != "" {
			req.Header.Set("Content-Type", "application/json")
		}
		for i := 0; i+1 < len(c.header); i += 2 {
			req.Header.Set(c.header[i], c.header[i+1])
		}
		route, params, err := router.FindRoute(req)
		if err != nil {
			t.Fatalf("no documented route: %v", err)
		}
		in := &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route,
			Options: &openapi3filter.Options{MultiError: true}}
		err = openapi3filter.ValidateRequest(context.Background(), in)
		if c.docRejects && err == nil {
			t.Errorf("the document accepts the request, which the service refuses")
		} else if !c.docRejects && err != nil {
			t.Errorf("the document refuses the request: %v", err)
		}
		req.Body = io.NopCloser(strings.NewReader(c.body))
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != c.status {
			t.Fatalf("HTTP %d, want %d: %s", resp.StatusCode, c.status, body)
		}
		if c.status == http.StatusOK {
			exercised[route.Operation] = true
		}
		out := &openapi3filter.ResponseValidationInput{RequestValidationInput: in, Status: resp.StatusCode, Header: resp.Header,
			Options: &openapi3filter.Options{MultiError: true, IncludeResponseStatus: true}}
		if ok := route.Operation.Responses.Status(http.StatusOK); ok != nil && ok.Value.Content.Get("application/x-ndjson") != nil && resp.StatusCode == http.StatusOK {
			if ct := resp.Header.Get("Content-Type"); ct != "application/x-ndjson" {
				t.Errorf("the stream's Content-Type is %q, want application/x-ndjson", ct)
			}
			// The body is newline-delimited JSON, which openapi3filter cannot decode: each line
			// is checked against the documented line schema below.
			out.Options.ExcludeResponseBody = true
			checkStreamLines(t, route, resp.Header, body)
		}
		out.SetBodyBytes(body)
		if err := openapi3filter.ValidateResponse(context.Background(), out); err != nil {
			t.Errorf("the answer disagrees with the document: %v\n%s", err, body)
		}
		if c.status != http.StatusOK {
			// Each error status an operation answers is one it lists, not left to the default.
			if route.Operation.Responses.Status(resp.StatusCode) == nil {
				t.Errorf("%s does not list HTTP %d", route.Operation.OperationID, resp.StatusCode)
			}
			checkAIP193(t, resp.StatusCode, body, c.reason)
		}
		return body
	}
	for _, c := range calls {
		t.Run(c.name, func(t *testing.T) { call(t, c) })
	}
	// A game of every variant, at its default options and its largest number of players, starts,
	// lists its moves, plays one and scores: their answers fill most fields of every schema.
	t.Run("every variant", func(t *testing.T) {
		var list pb.ListVariantsResponse
		unmarshalAnswer(t, call(t, apiCall{method: "GET", path: "/v1/variants", status: 200}), &list)
		for _, v := range list.GetVariants() {
			call(t, apiCall{method: "GET", path: "/v1/variants/" + v.GetName(), status: 200})
			options := "{}"
			if v.GetMaxPlayers() > 2 && slices.ContainsFunc(v.GetOptions(), func(o *pb.OptionSpec) bool { return o.GetName() == "players" }) {
				options = fmt.Sprintf(`{"players":%d}`, v.GetMaxPlayers())
			}
			var start pb.StartPositionResponse
			unmarshalAnswer(t, call(t, apiCall{method: "POST", path: "/v1/variants/" + v.GetName() + ":start",
				body: `{"options":` + options + `}`, status: 200}), &start)
			pos := fmt.Sprintf(`{"variant":%q,"text":%q}`, v.GetName(), start.GetPosition().GetText())
			var moves pb.ListLegalMovesResponse
			unmarshalAnswer(t, call(t, apiCall{method: "POST", path: "/v1/moves:list", body: `{"position":` + pos + `}`, status: 200}), &moves)
			reached := start.GetPosition()
			if moves.GetChance() {
				var roll pb.RollDiceResponse
				unmarshalAnswer(t, call(t, apiCall{method: "POST", path: "/v1/dice:roll",
					body: `{"position":` + pos + `,"seed":"1","include_next":true}`, status: 200}), &roll)
				reached = roll.GetPosition()
			} else if len(moves.GetMoves()) > 0 {
				var applied pb.ApplyMovesResponse
				move := fmt.Sprintf(`[{"notation":%q}]`, moves.GetMoves()[0].GetNotation())
				unmarshalAnswer(t, call(t, apiCall{method: "POST", path: "/v1/moves:apply",
					body: `{"position":` + pos + `,"moves":` + move + `,"include_next":true}`, status: 200}), &applied)
				reached = applied.GetPosition()
			}
			next := fmt.Sprintf(`{"variant":%q,"text":%q}`, v.GetName(), reached.GetText())
			call(t, apiCall{method: "POST", path: "/v1/positions:score", body: `{"position":` + next + `}`, status: 200})
			call(t, apiCall{method: "POST", path: "/v1/analysis:evaluate", body: `{"position":` + next + `}`, status: 200})
		}
	})

	// What no route documents is still answered with the documented error body.
	errSchema := doc.Components.Schemas["Error"].Value
	for _, c := range []apiCall{
		{name: "unknown path", method: "GET", path: "/v1/nothing", status: 404, reason: "UNKNOWN_PATH"},
		{name: "method not allowed", method: "GET", path: "/v1/moves:list", status: 405, reason: "METHOD_NOT_ALLOWED"},
	} {
		t.Run(c.name, func(t *testing.T) {
			req, _ := http.NewRequest(c.method, s.httpURL+c.path, nil)
			if _, _, err := router.FindRoute(req); err == nil {
				t.Errorf("%s %s is documented", c.method, c.path)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != c.status {
				t.Fatalf("HTTP %d, want %d: %s", resp.StatusCode, c.status, body)
			}
			var v any
			if err := json.Unmarshal(body, &v); err != nil {
				t.Fatalf("not JSON: %s", body)
			}
			if err := errSchema.VisitJSON(v, openapi3.VisitAsResponse(), openapi3.MultiErrors()); err != nil {
				t.Errorf("the error body disagrees with the document: %v\n%s", err, body)
			}
			checkAIP193(t, resp.StatusCode, body, c.reason)
		})
	}

	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			if !exercised[op] {
				t.Errorf("%s %s has no successful call", method, path)
			}
		}
	}
}

// teamStart is the start position of Chaturaji in team play, whose scores have teams.
func teamStart(t *testing.T, s *testServer) string {
	t.Helper()
	resp, err := s.rules.StartPosition(context.Background(), &pb.StartPositionRequest{Variant: "chaturaji",
		Options: map[string]*structpb.Value{"teams": structpb.NewBoolValue(true)}})
	if err != nil {
		t.Fatal(err)
	}
	return resp.GetPosition().GetText()
}

// checkStreamLines validates every line of a streamed answer against the documented schema.
func checkStreamLines(t *testing.T, route *routers.Route, header http.Header, body []byte) {
	t.Helper()
	ok := route.Operation.Responses.Status(http.StatusOK).Value
	media := ok.Content.Get(header.Get("Content-Type"))
	if media == nil {
		t.Fatalf("Content-Type %q is not documented", header.Get("Content-Type"))
	}
	sc := bufio.NewScanner(bytes.NewReader(body))
	sc.Buffer(nil, 1<<20)
	lines, final := 0, false
	for sc.Scan() {
		var v any
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatalf("line %d is not JSON: %v: %s", lines+1, err, sc.Bytes())
		}
		if err := media.Schema.Value.VisitJSON(v, openapi3.VisitAsResponse(), openapi3.MultiErrors()); err != nil {
			t.Errorf("line %d disagrees with the document: %v\n%s", lines+1, err, sc.Bytes())
		}
		if r, ok := v.(map[string]any)["result"].(map[string]any); ok && (r["final"] == true || r["summary"] != nil) {
			final = true
		}
		lines++
	}
	if lines < 2 || !final {
		t.Errorf("%d lines, final %v: %s", lines, final, body)
	}
}

// checkAIP193 checks an error body's form: {"error": {"code", "status", "message", "details"}}, code
// the HTTP status, details holding an ErrorInfo with the reason.
func checkAIP193(t *testing.T, httpStatus int, body []byte, reason string) {
	t.Helper()
	var e struct {
		Error *struct {
			Code    *int             `json:"code"`
			Status  string           `json:"status"`
			Message string           `json:"message"`
			Details []map[string]any `json:"details"`
		} `json:"error"`
	}
	if err := json.Unmarshal(body, &e); err != nil || e.Error == nil {
		t.Fatalf("error body is not {\"error\": {...}}: %s", body)
	}
	if e.Error.Code == nil || *e.Error.Code != httpStatus || e.Error.Status == "" || e.Error.Message == "" {
		t.Errorf("error body lacks code %d, status or message: %s", httpStatus, body)
	}
	found := ""
	for _, d := range e.Error.Details {
		if d["@type"] == "type.googleapis.com/google.rpc.ErrorInfo" {
			found, _ = d["reason"].(string)
		}
	}
	if found == "" || (reason != "" && found != reason) {
		t.Errorf("ErrorInfo reason %q, want %q: %s", found, reason, body)
	}
}

// unmarshalAnswer decodes a JSON answer as the gateway writes it.
func unmarshalAnswer(t *testing.T, body []byte, m proto.Message) {
	t.Helper()
	if err := protojson.Unmarshal(body, m); err != nil {
		t.Fatalf("the answer cannot be read: %v: %.300s", err, body)
	}
}
