package service

import (
	"context"
	"io"
	"strings"
	"testing"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"go.uber.org/zap/zaptest/observer"
	"google.golang.org/genproto/googleapis/api/annotations"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/encoding"
	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"
	"google.golang.org/protobuf/types/known/structpb"

	"github.com/ashtapada/ashtapada/engine/enginetest"
	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
	"github.com/ashtapada/ashtapada/service/internal/echo"
)

// rawCodec sends requests as the bytes given, whatever they are, and takes answers as bytes.
type rawCodec struct{}

func (rawCodec) Marshal(v any) ([]byte, error) { return *v.(*[]byte), nil }
func (rawCodec) Unmarshal(data []byte, v any) error {
	*v.(*[]byte) = append([]byte(nil), data...)
	return nil
}
func (rawCodec) Name() string { return "proto" }

var _ encoding.Codec = rawCodec{}

// undecodableRequests are, for a request type, bytes no decoder accepts, and the field and reason
// the answer must name.
func undecodableRequests(t *testing.T, md protoreflect.MessageDescriptor) map[string]struct {
	data          []byte
	field, reason string
} {
	t.Helper()
	out := map[string]struct {
		data          []byte
		field, reason string
	}{}
	// A length-delimited field 1 that claims more bytes than follow.
	first := ""
	if fd := md.Fields().ByNumber(1); fd != nil {
		first = string(fd.Name())
	}
	out["truncated"] = struct {
		data          []byte
		field, reason string
	}{protowire.AppendVarint(protowire.AppendTag(nil, 1, protowire.BytesType), 100), first, "INVALID_REQUEST"}
	// Invalid UTF-8 in the first string field reachable, top level or in position.
	if path, data := badString(md, ""); data != nil {
		out["invalid UTF-8"] = struct {
			data          []byte
			field, reason string
		}{data, path, "INVALID_REQUEST"}
	}
	// position.options nested 5,000 deep.
	if fd := md.Fields().ByName("position"); fd != nil {
		deep := &pb.Position{Variant: "chaturanga", Options: map[string]*structpb.Value{"x": nested(5000)}}
		b, err := proto.MarshalOptions{}.Marshal(deep)
		if err != nil {
			t.Fatal(err)
		}
		data := protowire.AppendBytes(protowire.AppendTag(nil, fd.Number(), protowire.BytesType), b)
		out["nested 5000 deep"] = struct {
			data          []byte
			field, reason string
		}{data, `position.options["x"]`, "FIELD_TOO_LARGE"}
	}
	return out
}

// badString encodes a message of md whose first string field (or that of its position) holds
// invalid UTF-8, and returns the field's path.
func badString(md protoreflect.MessageDescriptor, prefix string) (string, []byte) {
	fields := md.Fields()
	for i := 0; i < fields.Len(); i++ {
		fd := fields.Get(i)
		if fd.Kind() == protoreflect.StringKind && !fd.IsList() && !fd.IsMap() {
			return joinPath(prefix, string(fd.Name())), protowire.AppendString(protowire.AppendTag(nil, fd.Number(), protowire.BytesType), "\xff\xfe")
		}
	}
	if fd := fields.ByName("position"); fd != nil {
		path, inner := badString(fd.Message(), joinPath(prefix, "position"))
		if inner != nil {
			return path, protowire.AppendBytes(protowire.AppendTag(nil, fd.Number(), protowire.BytesType), inner)
		}
	}
	return "", nil
}

// A request gRPC cannot decode (wire format, UTF-8, nesting) is INVALID_ARGUMENT naming its field,
// on every method, and it is logged and counted like any other call.
func TestUndecodableRequestsOverGRPC(t *testing.T) {
	core, logs := observer.New(zapcore.InfoLevel)
	s := startConfigured(t, Config{Log: zap.New(core)})
	ctx := context.Background()
	counted := 0
	for _, sd := range []*grpc.ServiceDesc{&pb.RulesService_ServiceDesc, &pb.AnalysisService_ServiceDesc} {
		sdesc, err := protoregistry.GlobalFiles.FindDescriptorByName(protoreflect.FullName(sd.ServiceName))
		if err != nil {
			t.Fatal(err)
		}
		methods := sdesc.(protoreflect.ServiceDescriptor).Methods()
		for i := 0; i < methods.Len(); i++ {
			m := methods.Get(i)
			full := "/" + sd.ServiceName + "/" + string(m.Name())
			for name, c := range undecodableRequests(t, m.Input()) {
				var err error
				if m.IsStreamingServer() {
					var st grpc.ClientStream
					st, err = s.conn.NewStream(ctx, &grpc.StreamDesc{ServerStreams: true}, full, grpc.ForceCodec(rawCodec{}))
					if err == nil {
						data := c.data
						if err = st.SendMsg(&data); err == nil {
							_ = st.CloseSend()
							var out []byte
							err = st.RecvMsg(&out)
						}
					}
				} else {
					data, out := c.data, []byte(nil)
					err = s.conn.Invoke(ctx, full, &data, &out, grpc.ForceCodec(rawCodec{}))
				}
				if err == io.EOF {
					err = nil
				}
				code, reason, field := errorDetails(err)
				if code != codes.InvalidArgument || reason != c.reason || field != c.field {
					t.Errorf("%s %s: %v %s %q (%v), want INVALID_ARGUMENT %s %q", m.Name(), name, code, reason, field, err, c.reason, c.field)
				}
				counted++
			}
		}
	}
	lines := logs.FilterMessage("call").FilterField(zap.String("code", "InvalidArgument")).Len()
	if lines != counted {
		t.Errorf("%d call lines with code InvalidArgument, want one for each of the %d undecodable requests", lines, counted)
	}
	total := 0.0
	for _, m := range scrape(t, s.httpURL)["grpc_server_handled_total"].GetMetric() {
		for _, l := range m.GetLabel() {
			if l.GetName() == "grpc_code" && l.GetValue() == "InvalidArgument" {
				total += m.GetCounter().GetValue()
			}
		}
	}
	if int(total) != counted {
		t.Errorf("grpc_server_handled_total counts %v InvalidArgument calls, want %d", total, counted)
	}
	// The decoder's failures do not linger.
	n := 0
	undecodable.Range(func(any, any) bool { n++; return true })
	if n != 0 {
		t.Errorf("%d decode failures never taken", n)
	}
}

// A JSON body that cannot be decoded (a lone surrogate, invalid UTF-8, nesting) is 400
// INVALID_ARGUMENT naming its field on every POST route, logged and counted, whether the gateway
// or the server refuses it.
func TestUndecodableRequestsOverHTTP(t *testing.T) {
	core, logs := observer.New(zapcore.InfoLevel)
	s := startConfigured(t, Config{Log: zap.New(core)})
	deepJSON := func(depth int) string {
		return `{"position":{"variant":"chaturanga","options":{"o":` + strings.Repeat(`{"a":`, depth) + `1` + strings.Repeat(`}`, depth) + `}}}`
	}
	sent := 0
	for _, sd := range []*grpc.ServiceDesc{&pb.RulesService_ServiceDesc, &pb.AnalysisService_ServiceDesc} {
		d, err := protoregistry.GlobalFiles.FindDescriptorByName(protoreflect.FullName(sd.ServiceName))
		if err != nil {
			t.Fatal(err)
		}
		methods := d.(protoreflect.ServiceDescriptor).Methods()
		for i := 0; i < methods.Len(); i++ {
			m := methods.Get(i)
			rule, _ := proto.GetExtension(m.Options(), annotations.E_Http).(*annotations.HttpRule)
			if rule.GetPost() == "" || m.Input().Fields().ByName("position") == nil {
				continue
			}
			for _, c := range []struct {
				name, body, reason, field string
			}{
				{"lone surrogate", `{"position":{"variant":"\ud800"}}`, "INVALID_JSON", "position.variant"},
				{"invalid UTF-8", "{\"position\":{\"variant\":\"\xff\"}}", "INVALID_JSON", "position.variant"},
				{"nested 5000 deep", deepJSON(5000), "FIELD_TOO_LARGE", `position.options["o"]`},
				{"nested 12000 deep", deepJSON(12000), "FIELD_TOO_LARGE", `position.options["o"]`},
			} {
				resp, raw := httpDo(t, s.httpURL+rule.GetPost(), "POST", c.body, "Content-Type", "application/json")
				st := statusFromHTTP(t, resp.StatusCode, raw)
				reason, field := "", ""
				for _, det := range st.GetDetails() {
					var info errdetails.ErrorInfo
					var br errdetails.BadRequest
					if det.UnmarshalTo(&info) == nil {
						reason = info.GetReason()
					} else if det.UnmarshalTo(&br) == nil && len(br.GetFieldViolations()) > 0 {
						field = br.GetFieldViolations()[0].GetField()
					}
				}
				if resp.StatusCode != 400 || codes.Code(st.GetCode()) != codes.InvalidArgument || reason != c.reason || field != c.field {
					t.Errorf("POST %s %s: %d %v %s %q %q, want 400 INVALID_ARGUMENT %s %q", rule.GetPost(), c.name,
						resp.StatusCode, codes.Code(st.GetCode()), reason, field, echo.Clip(st.GetMessage(), 120), c.reason, c.field)
				}
				sent++
			}
		}
	}
	if sent == 0 {
		t.Fatal("no POST route takes a position")
	}
	// A path parameter is not decoded as JSON is: its UTF-8 is checked with the caps.
	resp, raw := httpDo(t, s.httpURL+"/v1/variants/%ff", "GET", "")
	wantError(t, resp, raw, 400, codes.InvalidArgument, "INVALID_REQUEST", "name")
	sent++
	lines := logs.FilterMessage("call").FilterField(zap.String("code", "InvalidArgument")).Len()
	if lines != sent {
		t.Errorf("%d call lines with code InvalidArgument, want one for each of the %d requests", lines, sent)
	}
	metrics := scrape(t, s.httpURL)
	counted := 0.0
	for _, name := range []string{"grpc_server_handled_total", "ashtapada_http_rejected_total"} {
		for _, m := range metrics[name].GetMetric() {
			for _, l := range m.GetLabel() {
				if (l.GetName() == "grpc_code" || l.GetName() == "code") && l.GetValue() == "InvalidArgument" {
					counted += m.GetCounter().GetValue()
				}
			}
		}
	}
	if int(counted) != sent {
		t.Errorf("the metrics count %v InvalidArgument calls, want %d", counted, sent)
	}
}

// The codec's generated marshalling writes every answer as protobuf's would: the bytes read back
// equal the message, for every variant's description, start position and move list.
func TestCodecMarshalsAsProtobuf(t *testing.T) {
	codec := newRequestCodec()
	ctx := context.Background()
	var answers []proto.Message
	for _, v := range enginetest.Registered(t) {
		name := v.Describe().Name
		gv, err := rules.GetVariant(ctx, &pb.GetVariantRequest{Name: name})
		if err != nil {
			t.Fatal(err)
		}
		start, err := rules.StartPosition(ctx, &pb.StartPositionRequest{Variant: name})
		if err != nil {
			t.Fatal(err)
		}
		list, err := rules.ListLegalMoves(ctx, &pb.ListLegalMovesRequest{Position: start.GetPosition()})
		if err != nil {
			t.Fatal(err)
		}
		answers = append(answers, gv, start, list)
	}
	for _, m := range answers {
		data, err := codec.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		back := m.ProtoReflect().New().Interface()
		if err := proto.Unmarshal(data.Materialize(), back); err != nil || !proto.Equal(back, m) {
			t.Errorf("%T does not read back from the codec's bytes: %v", m, err)
		}
		if want := proto.Size(m); data.Len() != want {
			t.Errorf("%T: %d bytes, protobuf writes %d", m, data.Len(), want)
		}
	}
}
