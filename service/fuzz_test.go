package service

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"slices"
	"testing"
	"time"

	"go.uber.org/zap"
	"golang.org/x/net/http2"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/emptypb"

	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
)

// fuzzRoutes are the rules calls: each is cheap whatever its input, so a fuzzer can run many.
var fuzzRoutes = []struct {
	method, path string
	request      func() proto.Message
}{
	{"/ashtapada.v1.RulesService/StartPosition", "/v1/variants/chaturaji:start", func() proto.Message { return &pb.StartPositionRequest{} }},
	{"/ashtapada.v1.RulesService/ListLegalMoves", "/v1/moves:list", func() proto.Message { return &pb.ListLegalMovesRequest{} }},
	{"/ashtapada.v1.RulesService/ValidateMove", "/v1/moves:validate", func() proto.Message { return &pb.ValidateMoveRequest{} }},
	{"/ashtapada.v1.RulesService/ApplyMoves", "/v1/moves:apply", func() proto.Message { return &pb.ApplyMovesRequest{} }},
	{"/ashtapada.v1.RulesService/RollDice", "/v1/dice:roll", func() proto.Message { return &pb.RollDiceRequest{} }},
	{"/ashtapada.v1.RulesService/ResolveDice", "/v1/dice:resolve", func() proto.Message { return &pb.ResolveDiceRequest{} }},
	{"/ashtapada.v1.RulesService/ScorePosition", "/v1/positions:score", func() proto.Message { return &pb.ScorePositionRequest{} }},
	{"/ashtapada.v1.RulesService/ExportGame", "/v1/games:export", func() proto.Message { return &pb.ExportGameRequest{} }},
	{"/ashtapada.v1.RulesService/ImportGame", "/v1/games:import", func() proto.Message { return &pb.ImportGameRequest{} }},
}

// fuzzSeeds are valid and nearly valid request bodies, by route index.
var fuzzSeeds = []struct {
	route int
	body  string
}{
	{0, `{"options":{"teams":true,"dice":2}}`},
	{1, `{"position":{"variant":"chaturanga","text":"` + middlegame + `"},"view":"MOVE_VIEW_NOTATION"}`},
	{1, `{"position":{"variant":"chaturanga","pieces":[{"square":"e1","kind":"king","player":"white"},{"square":"e8","kind":"king","player":"black"}],"to_move":"white"}}`},
	{2, `{"position":{"variant":"chaturanga","text":"2r1k3/1P4P1/8/3q4/8/8/1p4p1/R3K3 w - - 0 40"},"move":{"from":"b7","to":"b8","promotion":"q"},"include_next":true}`},
	{2, `{"position":{"variant":"martian_chaturanga","text":"4m/1S3/5/5/M4 l 2s,2s - R 0 1"},"move":{"notation":"a1a1="}}`},
	{3, `{"position":{"variant":"martian_chaturanga","text":"4m/1S3/5/5/M4 l 3s,4s - R 0 1"},"moves":[{"notation":"b4b5=r"}],"include_next":true,"history":{}}`},
	{4, `{"position":{"variant":"chaturaji","text":"8/4,rPk,3/2,gPh,5/bPb,7/7,yK/8/bE,7/3,bK,4 b - - 0,0,0,0 0 1 teams"},"seed":"3","include_next":true}`},
	{5, `{"position":{"variant":"martian_chaturanga","text":"rpmpr/ksksk/5/KSKSK/RPMPR l - AEae - 0 1"},"values":[4,1]}`},
	{6, `{"position":{"variant":"chaturaji","text":"8/8/8/bB:r,7/8/8/8/3,bK,4 g - ask=rgy,b>r 1t2e4,0,0,0 0 1 teams"},"history":{"keys":["1","2"]}}`},
	{1, `{"position":{"variant":"ramayana","text":"10/3U1rU3/3ym1h3/10/10/10/10/1K8/8K1/10/10/10/10/3H1MY3/3uR1u3/10 y 0 1"}}`},
	{2, `{"position":{"variant":"ramayana","text":"10/3U1rU3/3ym1h3/10/10/10/10/1K8/8K1/10/10/10/10/3H1MY3/3uR1u3/10 y 0 1"},"move":{"notation":"d15d16@b12"},"include_next":true}`},
	{2, `{"position":{"variant":"ramayana","pieces":[{"square":"e2","kind":"rajah","player":"yellow"},{"square":"f15","kind":"rajah","player":"red"},{"square":"a8","kind":"muni","player":"yellow"},{"square":"b9","kind":"rakshasa"}],"to_move":"yellow"},"move":{"notation":"b9e12^a8"}}`},
	{1, `{"position":{"variant":"martian_coaster_chaturanga","text":"y0r1b2g3 gqgd2ypyq/gp4yd/6/6/bd4rp/bqbp2rdrq -,-,-,- bl swap 0"}}`},
	{2, `{"position":{"variant":"martian_coaster_chaturanga","text":"y0r1b2g3 gqgd3yq/gp4yd/6/6/bdyp3rp/bqbp2rdrq -,-,-,- bl aim!clear 0"},"move":{"notation":"b2a2"},"include_next":true}`},
	{4, `{"position":{"variant":"martian_coaster_chaturanga","text":"y0r1b2g3 gqgd2ypyq/5yd/6/6/bd4rp/bqbp2rdrq -,gp,-,- bl - 0 players=2 max_turns=9"},"seed":"7","include_next":true}`},
	{6, `{"position":{"variant":"martian_coaster_chaturanga","text":"b1r2y3g0 gqgd2ypyq/gp4yd/6/6/bd4rp/bqbp2rdrq -,-,-,- tr wild:m^gp 7 partnership first=br"}}`},
	{7, `{"start":{"variant":"martian_chaturanga","text":"rpmpr/ksksk/5/KSKSK/RPMPR l - AEae - 0 1"},"actions":[{"notation":"roll 3 4"},{"from":"b2","to":"b3"}],"tags":{"Event":"x"}}`},
	{8, `{"record":"[Variant \"Chaturanga\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/4K3/8/8/8/8/R7 w - - 0 1\"]\n\n1. Ra8# {mate} 1-0","include_positions":true}`},
	{8, `{"record":"[Variant \"chaturaji\"]\n[Options \"teams dice=2\"]\n\n1. roll-2-5 a1c3 (2. x) $1 *"}`},
}

// FuzzJSONRequests sends any body to the rules routes of the gateway: every answer is JSON, a
// success or an AIP-193 error whose code is the HTTP status, and never a server fault.
func FuzzJSONRequests(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(uint8(s.route), []byte(s.body))
	}
	s := startFuzzServer(f)
	client := &http.Client{Timeout: 10 * time.Second}
	f.Fuzz(func(t *testing.T, route uint8, body []byte) {
		r := fuzzRoutes[int(route)%len(fuzzRoutes)]
		resp, err := client.Post(s.httpURL+r.path, "application/json", bytes.NewReader(body))
		if err != nil {
			t.Fatalf("POST %s %q: %v", r.path, body, err)
		}
		raw, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		var answer struct {
			Error *struct {
				Code    int    `json:"code"`
				Status  string `json:"status"`
				Message string `json:"message"`
			} `json:"error"`
		}
		if err := json.Unmarshal(raw, &answer); err != nil {
			t.Fatalf("POST %s %q: HTTP %d, not JSON: %q", r.path, body, resp.StatusCode, raw)
		}
		switch {
		case resp.StatusCode >= 500:
			t.Fatalf("POST %s %q: HTTP %d %s", r.path, body, resp.StatusCode, raw)
		case resp.StatusCode != http.StatusOK && (answer.Error == nil || answer.Error.Code != resp.StatusCode ||
			answer.Error.Status == "" || answer.Error.Message == ""):
			t.Fatalf("POST %s %q: HTTP %d with %s, not an AIP-193 error", r.path, body, resp.StatusCode, raw)
		}
	})
}

// FuzzProtoRequests sends any protobuf message to the rules calls over gRPC: structured
// positions, actions and histories of every shape are refused with a client error, never a
// server fault.
func FuzzProtoRequests(f *testing.F) {
	for _, s := range fuzzSeeds {
		r := fuzzRoutes[s.route]
		req := r.request()
		if err := protojson.Unmarshal([]byte(s.body), req); err != nil {
			f.Fatalf("seed %s: %v", s.body, err)
		}
		wire, _ := proto.Marshal(req)
		f.Add(uint8(s.route), wire)
	}
	s := startFuzzServer(f)
	f.Fuzz(func(t *testing.T, route uint8, wire []byte) {
		r := fuzzRoutes[int(route)%len(fuzzRoutes)]
		req := r.request()
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if proto.Unmarshal(wire, req) != nil {
			// Bytes no decoder takes are the client's fault too, and said so.
			var out []byte
			err := s.conn.Invoke(ctx, r.method, &wire, &out, grpc.ForceCodec(rawCodec{}))
			if status.Code(err) != codes.InvalidArgument {
				t.Fatalf("%s with undecodable bytes %x: %v", r.method, wire, err)
			}
			return
		}
		var resp emptypb.Empty
		err := s.conn.Invoke(ctx, r.method, req, &resp)
		switch status.Code(err) {
		case codes.Internal, codes.Unknown, codes.Unavailable, codes.DeadlineExceeded, codes.Unimplemented:
			t.Fatalf("%s %v: %v", r.method, req, err)
		}
	})
}

// FuzzDecodeErrors words the gRPC codec's errors for any bytes read as the wire format: never a
// panic, and always INVALID_ARGUMENT. The gateway's words for the same bytes read as JSON are
// fuzzed in package gateway.
func FuzzDecodeErrors(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(uint8(s.route), []byte(s.body))
	}
	f.Add(uint8(0), []byte(`{"position":{"variant":"\ud800"}}`))
	f.Add(uint8(1), []byte(`{"position":{"options":{"o":{"a":{"a":{"a":1}}}}}}`))
	f.Fuzz(func(t *testing.T, route uint8, data []byte) {
		md := fuzzRoutes[int(route)%len(fuzzRoutes)].request().ProtoReflect().Descriptor()
		if err := proto.Unmarshal(data, fuzzRoutes[int(route)%len(fuzzRoutes)].request()); err != nil {
			if code, _, _ := errorDetails(decodeStatus(md, data, err)); code != codes.InvalidArgument {
				t.Fatalf("decodeStatus: %v", code)
			}
		}
	})
}

// FuzzFrameCounter cuts a server's HTTP/2 output anywhere: the DATA bytes counted are the same
// as for the output whole.
func FuzzFrameScanner(f *testing.F) {
	var frames bytes.Buffer
	fr := http2.NewFramer(&frames, nil)
	_ = fr.WriteSettings()
	_ = fr.WriteData(1, false, bytes.Repeat([]byte("x"), 300))
	_ = fr.WriteHeaders(http2.HeadersFrameParam{StreamID: 1, BlockFragment: []byte("abc"), EndHeaders: true})
	_ = fr.WriteData(3, true, nil)
	_ = fr.WritePing(true, [8]byte{1})
	_ = fr.WriteRSTStream(5, http2.ErrCodeCancel)
	_ = fr.WriteData(3, true, []byte("yy"))
	f.Add(frames.Bytes(), uint16(5), uint16(9), uint8(0))
	f.Add(append([]byte(http2.ClientPreface), frames.Bytes()...), uint16(30), uint16(40), uint8(24))
	f.Fuzz(func(t *testing.T, out []byte, cut1, cut2 uint16, preface uint8) {
		skip := int(preface) % (clientPrefaceLen + 1)
		var seenWhole, seenParts []frameHeader
		whole := frameScanner{skip: skip}
		want := whole.scan(out, func(h frameHeader) { seenWhole = append(seenWhole, h) })
		a, b := min(int(cut1), len(out)), min(int(cut2), len(out))
		if a > b {
			a, b = b, a
		}
		parts := frameScanner{skip: skip}
		on := func(h frameHeader) { seenParts = append(seenParts, h) }
		if got := parts.scan(out[:a], on) + parts.scan(out[a:b], on) + parts.scan(out[b:], on); got != want {
			t.Fatalf("cut at %d and %d: %d DATA bytes, whole %d", a, b, got, want)
		}
		if !slices.Equal(seenWhole, seenParts) || whole.atBoundary() != parts.atBoundary() {
			t.Fatalf("cut at %d and %d: frames %v, whole %v", a, b, seenParts, seenWhole)
		}
		if want > len(out) || len(seenWhole) > len(out)/9 {
			t.Fatalf("%d DATA bytes and %d frames in %d bytes", want, len(seenWhole), len(out))
		}
	})
}

// startFuzzServer is a server without per-call logs: a fuzzer makes millions of calls.
func startFuzzServer(f *testing.F) *testServer {
	prev := testLogger
	testLogger = func(testing.TB) *zap.Logger { return zap.NewNop() }
	defer func() { testLogger = prev }()
	return startServer(f)
}
