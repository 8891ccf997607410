package service

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"google.golang.org/protobuf/types/known/structpb"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"go.uber.org/zap"
	"go.uber.org/zap/zaptest"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	"github.com/ashtapada/ashtapada/engine/enginetest"
	_ "github.com/ashtapada/ashtapada/engine/games"
	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
)

// testServer is a real server on loopback ports: gRPC and the HTTP gateway.
type testServer struct {
	rules    pb.RulesServiceClient
	analysis pb.AnalysisServiceClient
	health   healthpb.HealthClient
	conn     *grpc.ClientConn
	httpURL  string
}

func startServer(t testing.TB) *testServer {
	t.Helper()
	return startServerWith(t, Limits{})
}

// startServerWith starts a server whose analysis calls run under limits.
func startServerWith(t testing.TB, limits Limits) *testServer {
	t.Helper()
	grpcLis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	httpLis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	log := testLogger(t) // now: startServerQuiet restores testLogger when this returns
	go func() { done <- Serve(ctx, grpcLis, httpLis, Config{Log: log, Limits: limits, PublicMetrics: true}) }()
	conn, err := grpc.NewClient(grpcLis.Addr().String(), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		conn.Close()
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Serve: %v", err)
		}
	})
	return &testServer{rules: pb.NewRulesServiceClient(conn), analysis: pb.NewAnalysisServiceClient(conn),
		health: healthpb.NewHealthClient(conn), conn: conn, httpURL: "http://" + httpLis.Addr().String()}
}

// postJSON sends body to the gateway and decodes the answer into a generic map.
func (s *testServer) postJSON(t *testing.T, method, path, body string) (int, map[string]any) {
	t.Helper()
	req, _ := http.NewRequest(method, s.httpURL+path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	var out map[string]any
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatalf("%s %s: bad JSON %q: %v", method, path, raw, err)
	}
	return resp.StatusCode, out
}

// transport calls one RPC over gRPC or over the JSON gateway. A failure comes back as a gRPC
// status either way: over HTTP it is read from the gateway's error body, after checking that
// the HTTP status is the one the gateway maps the code to.
type transport struct {
	name string
	// call invokes service/method over gRPC, or POSTs req to path over HTTP.
	call func(t *testing.T, method, path string, req, resp proto.Message) error
}

// transports returns the server's gRPC and JSON transports.
func (s *testServer) transports() []transport {
	return []transport{
		{"grpc", func(t *testing.T, method, _ string, req, resp proto.Message) error {
			return s.conn.Invoke(context.Background(), method, req, resp)
		}},
		{"json", func(t *testing.T, _, path string, req, resp proto.Message) error {
			t.Helper()
			body, err := protojson.MarshalOptions{UseProtoNames: true}.Marshal(req)
			if err != nil {
				t.Fatal(err)
			}
			r, err := http.Post(s.httpURL+path, "application/json", bytes.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			defer r.Body.Close()
			raw, _ := io.ReadAll(r.Body)
			if r.StatusCode == http.StatusOK {
				if err := protojson.Unmarshal(raw, resp); err != nil {
					t.Fatalf("POST %s: %v in %s", path, err, raw)
				}
				return nil
			}
			st := statusFromHTTP(t, r.StatusCode, raw)
			if want := runtime.HTTPStatusFromCode(codes.Code(st.GetCode())); r.StatusCode != want {
				t.Errorf("POST %s: HTTP %d for %v, want %d", path, r.StatusCode, codes.Code(st.GetCode()), want)
			}
			return status.FromProto(st).Err()
		}},
	}
}

// overBoth runs f as a subtest over each transport.
func (s *testServer) overBoth(t *testing.T, f func(t *testing.T, tr transport)) {
	t.Helper()
	for _, tr := range s.transports() {
		t.Run(tr.name, func(t *testing.T) { f(t, tr) })
	}
}

// testLogger builds the server's logger for a test.
var testLogger = func(t testing.TB) *zap.Logger { return zaptest.NewLogger(t) }

const startFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"

func TestJSONContract(t *testing.T) {
	s := startServer(t)
	code, body := s.postJSON(t, "GET", "/v1/variants", "")
	if code != 200 {
		t.Fatalf("GET /v1/variants: %d %v", code, body)
	}
	var names []string
	for _, v := range body["variants"].([]any) {
		names = append(names, v.(map[string]any)["name"].(string))
	}
	var registered []string
	for _, v := range enginetest.Registered(t) {
		registered = append(registered, v.Describe().Name)
	}
	slices.Sort(registered)
	if !slices.Equal(names, registered) {
		t.Errorf("variants = %v, want the registered ones, sorted: %v", names, registered)
	}

	code, body = s.postJSON(t, "POST", "/v1/variants/chaturanga:start", "{}")
	pos := body["position"].(map[string]any)
	if code != 200 || pos["variant"] != "chaturanga" || pos["text"] != startFEN || pos["to_move"] != "white" {
		t.Errorf("start: %d %v", code, body)
	}

	code, body = s.postJSON(t, "POST", "/v1/moves:list", `{"position":{"variant":"chaturanga","text":"`+startFEN+`"}}`)
	moves := body["moves"].([]any)
	if code != 200 || len(moves) != 16 {
		t.Fatalf("moves:list: %d, %d moves", code, len(moves))
	}
	found := false
	for _, m := range moves {
		found = found || m.(map[string]any)["notation"] == "e2e3"
	}
	if !found {
		t.Error("e2e3 not listed")
	}

	code, body = s.postJSON(t, "POST", "/v1/analysis:perft", `{"position":{"variant":"chaturanga","text":"`+startFEN+`"},"depth":4}`)
	if code != 200 || body["nodes"] != "68122" {
		t.Errorf("perft: %d %v", code, body)
	}

	code, body = s.postJSON(t, "POST", "/v1/moves:validate", `{"position":{"variant":"chaturanga","text":"`+startFEN+`"},"move":{"notation":"e2e4"}}`)
	if code != 200 || body["legal"] != false || !strings.Contains(body["reason"].(string), "cannot move") {
		t.Errorf("validate e2e4: %d %v", code, body)
	}

	code, body = s.postJSON(t, "POST", "/v1/moves:list", `{"position":{"variant":"chess","text":"x"}}`)
	if code != 404 {
		t.Errorf("unknown variant over HTTP: %d %v, want 404", code, body)
	}
	code, body = s.postJSON(t, "POST", "/v1/moves:list", `{"position":{"variant":"chaturanga","text":"8/8 w"}}`)
	if msg, _ := body["error"].(map[string]any)["message"].(string); code != 400 || !strings.Contains(msg, "board") {
		t.Errorf("bad FEN over HTTP: %d %v, want 400 naming the board", code, body)
	}

	resp, err := http.Get(s.httpURL + "/openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	doc, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !bytes.Contains(doc, []byte("/v1/moves:list")) {
		t.Errorf("openapi.json: %d, %d bytes", resp.StatusCode, len(doc))
	}
}

// errorDetails returns the ErrorInfo reason and the first field violation of a gRPC error.
func errorDetails(err error) (codes.Code, string, string) {
	st := status.Convert(err)
	var reason, field string
	for _, d := range st.Details() {
		switch x := d.(type) {
		case *errdetails.ErrorInfo:
			reason = x.Reason
		case *errdetails.BadRequest:
			if len(x.FieldViolations) > 0 {
				field = x.FieldViolations[0].Field
			}
		}
	}
	return st.Code(), reason, field
}

func TestErrors(t *testing.T) {
	s := startServer(t)
	ctx := context.Background()
	chat := func(text string) *pb.Position { return &pb.Position{Variant: "chaturanga", Text: text} }
	tests := []struct {
		name   string
		call   func() error
		code   codes.Code
		reason string
		field  string
	}{
		{"unknown variant", func() error {
			_, err := s.rules.GetVariant(ctx, &pb.GetVariantRequest{Name: "chess"})
			return err
		}, codes.NotFound, "VARIANT_NOT_FOUND", "name"},
		{"missing position", func() error {
			_, err := s.rules.ListLegalMoves(ctx, &pb.ListLegalMovesRequest{})
			return err
		}, codes.InvalidArgument, "MISSING_POSITION", "position"},
		{"a variant alone", func() error {
			_, err := s.rules.ListLegalMoves(ctx, &pb.ListLegalMovesRequest{Position: &pb.Position{Variant: "chaturanga"}})
			return err
		}, codes.InvalidArgument, "MISSING_POSITION", "position.text"},
		{"malformed FEN", func() error {
			_, err := s.rules.ListLegalMoves(ctx, &pb.ListLegalMovesRequest{Position: chat("rnbqkbnr w")})
			return err
		}, codes.InvalidArgument, "INVALID_POSITION", "position.text"},
		{"impossible structured position", func() error {
			_, err := s.rules.ListLegalMoves(ctx, &pb.ListLegalMovesRequest{Position: &pb.Position{Variant: "chaturanga", ToMove: "white",
				Pieces: []*pb.Piece{{Square: "e1", Kind: "king", Player: "white"}, {Square: "z9", Kind: "king", Player: "black"}}}})
			return err
		}, codes.InvalidArgument, "INVALID_POSITION", "position"},
		{"malformed move", func() error {
			_, err := s.rules.ValidateMove(ctx, &pb.ValidateMoveRequest{Position: chat(startFEN), Move: &pb.Action{Notation: "e2-"}})
			return err
		}, codes.InvalidArgument, "MALFORMED_ACTION", "move.notation"},
		{"move on a finished game", func() error {
			_, err := s.rules.ValidateMove(ctx, &pb.ValidateMoveRequest{Position: chat("R3k3/8/4K3/8/8/8/8/8 b - - 0 1"), Move: &pb.Action{Notation: "e8d8"}})
			return err
		}, codes.FailedPrecondition, "GAME_OVER", ""},
		{"roll in a game without dice", func() error {
			_, err := s.rules.RollDice(ctx, &pb.RollDiceRequest{Position: chat(startFEN)})
			return err
		}, codes.FailedPrecondition, "NO_DICE", "position.variant"},
		{"perft too deep", func() error {
			_, err := s.analysis.Perft(ctx, &pb.PerftRequest{Position: chat(startFEN), Depth: 99})
			return err
		}, codes.InvalidArgument, "DEPTH_OUT_OF_RANGE", "depth"},
		{"unknown option", func() error {
			_, err := s.rules.StartPosition(ctx, &pb.StartPositionRequest{Variant: "martian_chaturanga",
				Options: map[string]*structpb.Value{"turbo": structpb.NewBoolValue(true)}})
			return err
		}, codes.InvalidArgument, "INVALID_OPTION", "options.turbo"},
		{"bad dice values", func() error {
			_, err := s.rules.ResolveDice(ctx, &pb.ResolveDiceRequest{Position: &pb.Position{Variant: "martian_chaturanga",
				Text: "rpmpr/ksksk/5/KSKSK/RPMPR l - AEae - 0 1"}, Values: []int32{0, 9}})
			return err
		}, codes.InvalidArgument, "MALFORMED_ACTION", "values"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, reason, field := errorDetails(tt.call())
			if code != tt.code || reason != tt.reason || field != tt.field {
				t.Errorf("got %v %s %q, want %v %s %q", code, reason, field, tt.code, tt.reason, tt.field)
			}
		})
	}
}

func TestChaturangaOverGRPC(t *testing.T) {
	s := startServer(t)
	ctx := context.Background()
	for _, c := range []struct {
		fen   string
		depth int32
		nodes uint64
	}{
		{startFEN, 5, 1164248},
		{"2r1k3/1P4P1/8/3q4/8/8/1p4p1/R3K3 w - - 0 40", 4, 100031},
		{"r1b1k2r/1pp2ppp/p1n1pn2/3p4/3P1B2/2N1PN2/PPP2PPP/R3KB1R w - - 0 8", 3, 21557},
	} {
		resp, err := s.analysis.Perft(ctx, &pb.PerftRequest{Position: &pb.Position{Variant: "chaturanga", Text: c.fen}, Depth: c.depth, Divide: true})
		if err != nil {
			t.Fatal(err)
		}
		var sum uint64
		for _, d := range resp.GetDivide() {
			sum += d.GetNodes()
		}
		if resp.GetNodes() != c.nodes || sum != c.nodes {
			t.Errorf("perft(%s, %d) = %d (divide sum %d), want %d", c.fen, c.depth, resp.GetNodes(), sum, c.nodes)
		}
	}
	// A structured position gives the same answer as its text.
	start, err := s.rules.StartPosition(ctx, &pb.StartPositionRequest{Variant: "chaturanga"})
	if err != nil {
		t.Fatal(err)
	}
	structured := start.GetPosition()
	structured.Text = ""
	list, err := s.rules.ListLegalMoves(ctx, &pb.ListLegalMovesRequest{Position: structured})
	if err != nil || len(list.GetMoves()) != 16 || list.GetToMove() != "white" || list.GetPhase() != pb.Phase_PHASE_ACTION {
		t.Fatalf("structured start: %v, %d moves, %s to move in %v", err, len(list.GetMoves()), list.GetToMove(), list.GetPhase())
	}
	compact, err := s.rules.ListLegalMoves(ctx, &pb.ListLegalMovesRequest{Position: structured, View: pb.MoveView_MOVE_VIEW_NOTATION})
	if err != nil || len(compact.GetMoves()) != 16 || compact.GetMoves()[0].GetNotation() == "" || compact.GetMoves()[0].GetFrom() != "" {
		t.Errorf("notation view: %v %v", compact, err)
	}
	// A structured action is matched against the legal moves; a promotion needs its piece.
	v, err := s.rules.ValidateMove(ctx, &pb.ValidateMoveRequest{Position: &pb.Position{Variant: "chaturanga", Text: "2r1k3/1P4P1/8/3q4/8/8/1p4p1/R3K3 w - - 0 40"},
		Move: &pb.Action{From: "b7", To: "b8", Promotion: "mantri"}})
	if err != nil || !v.GetLegal() || v.GetMove().GetNotation() != "b7b8q" || len(v.GetEvents()) == 0 {
		t.Errorf("structured promotion: %v %v", v, err)
	}
	// ApplyMoves stops at the first illegal move and says which.
	a, err := s.rules.ApplyMoves(ctx, &pb.ApplyMovesRequest{Position: &pb.Position{Variant: "chaturanga", Text: startFEN},
		Moves: []*pb.Action{{Notation: "e2e3"}, {Notation: "e7e6"}, {Notation: "e3e5"}, {Notation: "d2d3"}}})
	if err != nil || a.GetApplied() != 2 || a.GetFailure().GetIndex() != 2 || a.GetPosition().GetToMove() != "white" {
		t.Errorf("apply: %v %v", a, err)
	}
	// Checkmate is scored with its reason.
	sc, err := s.rules.ScorePosition(ctx, &pb.ScorePositionRequest{Position: &pb.Position{Variant: "chaturanga", Text: "R3k3/8/4K3/8/8/8/8/8 b - - 0 1"}})
	if err != nil || sc.GetStatus() != pb.GameStatus_GAME_STATUS_FINISHED || sc.GetReason() != "checkmate" ||
		len(sc.GetWinners()) != 1 || sc.GetWinners()[0] != "white" {
		t.Errorf("score: %v %v", sc, err)
	}
	if st := sc.GetStandings(); len(st) != 2 || st[0].GetPlace() != 1 || st[1].GetPlace() != 2 {
		t.Errorf("the winner ranks first: %v", st)
	}
	// A draw by the 70-move rule shares first place.
	sc, err = s.rules.ScorePosition(ctx, &pb.ScorePositionRequest{Position: &pb.Position{Variant: "chaturanga", Text: "4k3/8/8/8/8/8/8/R3K3 w - - 140 90"}})
	if st := sc.GetStandings(); err != nil || sc.GetReason() != "move_limit" || len(st) != 2 || st[0].GetPlace() != 1 || st[1].GetPlace() != 1 {
		t.Errorf("draw: %v %v", sc, err)
	}
}

func TestMartianOverGRPC(t *testing.T) {
	s := startServer(t)
	ctx := context.Background()
	start, err := s.rules.StartPosition(ctx, &pb.StartPositionRequest{Variant: "martian_chaturanga",
		Options: map[string]*structpb.Value{"max_turns": structpb.NewNumberValue(40)}})
	if err != nil {
		t.Fatal(err)
	}
	pos := start.GetPosition()
	if pos.GetPhase() != pb.Phase_PHASE_ROLL || !strings.HasSuffix(pos.GetText(), "max_turns=40") {
		t.Fatalf("start: %v", pos)
	}
	// The same seed gives the same roll.
	seed := uint64(42)
	r1, err := s.rules.RollDice(ctx, &pb.RollDiceRequest{Position: pos, Seed: &seed})
	if err != nil {
		t.Fatal(err)
	}
	r2, _ := s.rules.RollDice(ctx, &pb.RollDiceRequest{Position: pos, Seed: &seed})
	if r1.GetPosition().GetText() != r2.GetPosition().GetText() || len(r1.GetValues()) != 2 {
		t.Errorf("seeded rolls differ: %v vs %v", r1.GetValues(), r2.GetValues())
	}
	// Client dice: the seed's garrison example, played through the API.
	r, err := s.rules.ResolveDice(ctx, &pb.ResolveDiceRequest{Position: pos, Values: []int32{2, 4}})
	if err != nil || r.GetPosition().GetPhase() != pb.Phase_PHASE_ACTION {
		t.Fatalf("resolve: %v %v", r, err)
	}
	a, err := s.rules.ApplyMoves(ctx, &pb.ApplyMovesRequest{Position: r.GetPosition(), Moves: []*pb.Action{
		{Notation: "b1a3"}, {Notation: "b2b3"}, {Notation: "roll 2 3"}, {Notation: "d5e3"}, {Notation: "a5c3"}, {Notation: "roll 1 3"}}})
	if err != nil || a.GetFailure() != nil || a.GetApplied() != 6 {
		t.Fatalf("apply: %v %v", a, err)
	}
	list, err := s.rules.ListLegalMoves(ctx, &pb.ListLegalMovesRequest{Position: a.GetPosition()})
	if err != nil {
		t.Fatal(err)
	}
	var garrison *pb.Action
	for _, m := range list.GetMoves() {
		if m.GetName() == "garrison" {
			garrison = m
		}
	}
	if garrison == nil || garrison.GetNotation() != "c1a1" {
		t.Fatalf("no garrison c1a1 among %v", list.GetMoves())
	}
	v, err := s.rules.ValidateMove(ctx, &pb.ValidateMoveRequest{Position: a.GetPosition(), Move: &pb.Action{Name: "garrison", To: "a1"}})
	if err != nil || !v.GetLegal() || v.GetPosition().GetToMove() != "dark" {
		t.Errorf("garrison by structure: %v %v", v, err)
	}
	// A structured roll names its dice in any order.
	roll, err := s.rules.ValidateMove(ctx, &pb.ValidateMoveRequest{Position: pos, Move: &pb.Action{Kind: pb.ActionKind_ACTION_KIND_ROLL, Dice: []int32{3, 1}}})
	if err != nil || !roll.GetLegal() || roll.GetMove().GetNotation() != "roll 1 3" {
		t.Errorf("structured roll 3 1: %v %v", roll, err)
	}
	// Perft with chance nodes and with fixed rolls, divided.
	p, err := s.analysis.Perft(ctx, &pb.PerftRequest{Position: pos, Depth: 2, Divide: true})
	if err != nil || p.GetNodes() != 536 || len(p.GetDivide()) != 10 {
		t.Errorf("chance perft: %v %v", p, err)
	}
	p, err = s.analysis.Perft(ctx, &pb.PerftRequest{Position: r.GetPosition(), Depth: 2, Rolls: []*pb.DiceRoll{{Values: []int32{2, 3}}}})
	if err != nil || p.GetNodes() != 31 {
		t.Errorf("fixed perft: %v %v", p, err)
	}
}

func TestHealthAndLogsQuiet(t *testing.T) {
	s := startServer(t)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	h, err := s.health.Check(ctx, &healthpb.HealthCheckRequest{Service: "ashtapada.v1.RulesService"})
	if err != nil || h.GetStatus() != healthpb.HealthCheckResponse_SERVING {
		t.Errorf("health: %v %v", h, err)
	}
}

func TestPanicBecomesInternal(t *testing.T) {
	log := zaptest.NewLogger(t)
	_, err := recoverPanics(log)(context.Background(), nil, &grpc.UnaryServerInfo{FullMethod: "/x/Y"},
		func(context.Context, any) (any, error) { panic("secret detail") })
	if status.Code(err) != codes.Internal || strings.Contains(err.Error(), "secret") {
		t.Errorf("panic answered %v, want a generic INTERNAL", err)
	}
}
