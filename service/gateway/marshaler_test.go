package gateway

import (
	"bytes"
	"encoding/json"
	"net/http"
	"testing"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
)

func TestHTTPJSONPath(t *testing.T) {
	data := []byte(`{"a":{"b":[1,{"c":2},[3,4]]},"d":"x"}`)
	for _, c := range []struct {
		at   string
		path string
	}{
		{`"a"`, "a"}, {`{"b"`, "a"}, {`"b"`, "a.b"}, {`1,`, "a.b[0]"}, {`"c"`, "a.b[1].c"}, {`2}`, "a.b[1].c"},
		{`4]`, "a.b[2][1]"}, {`"d"`, "d"}, {`"x"`, "d"},
	} {
		if got := jsonPath(data, bytes.Index(data, []byte(c.at))); got != c.path {
			t.Errorf("at %s: %q, want %q", c.at, got, c.path)
		}
	}
	if got := jsonPath(data, 0); got != "" {
		t.Errorf("at 0: %q", got)
	}
	if off := byteOffset([]byte("ab\n\"é\": 1"), 2, 4); off != 7 {
		t.Errorf("line 2 column 4 at byte %d, want 7", off)
	}
}

// The marshaler writes a stream's error chunk as the AIP-193 body, and nothing else so.
func TestHTTPStreamErrorChunk(t *testing.T) {
	m := jsonMarshaler{&runtime.JSONPb{}}
	st := gatewayStatus(codes.DeadlineExceeded, "X", "", "late", nil)
	b, err := m.Marshal(map[string]any{"error": st})
	if err != nil || bytes.Contains(b, []byte(`"status"`)) {
		t.Errorf("a map[string]any is not the gateway's error chunk: %s %v", b, err)
	}
	b, _ = m.Marshal(map[string]proto.Message{"error": st})
	var got struct {
		Error struct {
			Code    int             `json:"code"`
			Message string          `json:"message"`
			Status  string          `json:"status"`
			Details json.RawMessage `json:"details"`
		} `json:"error"`
	}
	if err := json.Unmarshal(b, &got); err != nil || got.Error.Code != http.StatusGatewayTimeout ||
		got.Error.Status != "DEADLINE_EXCEEDED" || got.Error.Message != "late" || len(got.Error.Details) == 0 {
		t.Errorf("chunk %s", b)
	}
}

// decodeRequests are the request types of the rules routes, which the fuzzer decodes bodies into.
var decodeRequests = []func() proto.Message{
	func() proto.Message { return &pb.StartPositionRequest{} },
	func() proto.Message { return &pb.ListLegalMovesRequest{} },
	func() proto.Message { return &pb.ValidateMoveRequest{} },
	func() proto.Message { return &pb.ApplyMovesRequest{} },
	func() proto.Message { return &pb.RollDiceRequest{} },
	func() proto.Message { return &pb.ResolveDiceRequest{} },
	func() proto.Message { return &pb.ScorePositionRequest{} },
}

// FuzzDecodeErrors words the JSON decoder's errors for any bytes: never a panic, and a field path
// and message of bounded size.
func FuzzDecodeErrors(f *testing.F) {
	for i, body := range []string{
		`{"options":{"teams":true,"dice":2}}`,
		`{"position":{"variant":"chaturanga","pieces":[{"square":"e1","kind":"king","player":"white"},{"square":7}]}}`,
		`{"position":{"variant":"chaturanga","text":"8/8/8/8/8/8/8/8 w - - 0 1"},"move":{"from":"b7","to":"b8","promotion":"q"},"include_next":true}`,
		`{"position":{"variant":"martian_chaturanga"},"moves":[{"notation":"b4b5=r"}],"history":{}}`,
		`{"position":{"variant":"chaturaji"},"seed":"3","include_next":true}`,
		`{"position":{"variant":"martian_chaturanga"},"values":[4,1]}`,
		`{"position":{"variant":"chaturaji"},"history":{"keys":["1","2"]}}`,
	} {
		f.Add(uint8(i), []byte(body))
	}
	f.Add(uint8(0), []byte(`{"position":{"variant":"\ud800"}}`))
	f.Add(uint8(1), []byte(`{"position":{"options":{"o":{"a":{"a":{"a":1}}}}}}`))
	f.Fuzz(func(t *testing.T, route uint8, data []byte) {
		req := decodeRequests[int(route)%len(decodeRequests)]()
		if err := protojson.Unmarshal(data, req); err != nil {
			e := newDecodeError(err, data, req.ProtoReflect().Descriptor())
			_, st := e.status(DefaultMaxBodyBytes)
			if len(st.GetMessage()) > maxMessageLen+16 {
				t.Fatalf("a message of %d bytes", len(st.GetMessage()))
			}
		}
	})
}
