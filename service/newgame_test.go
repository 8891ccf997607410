package service

import (
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	// A new game costs one package and this one import line: nothing else in the service knows
	// hexapawn, yet every call below serves it.
	_ "github.com/ashtapada/ashtapada/engine/enginetest/hexapawn"
	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
)

// getJSON GETs path from the gateway into resp; the call's failure comes back as a gRPC status,
// as transport's JSON calls do.
func (s *testServer) getJSON(t *testing.T, path string, resp proto.Message) error {
	t.Helper()
	r, err := http.Get(s.httpURL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Body.Close()
	raw, _ := io.ReadAll(r.Body)
	if r.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: HTTP %d %s", path, r.StatusCode, raw)
	}
	return protojson.Unmarshal(raw, resp)
}

// TestNewGameServed checks that a game registered by its package alone (the blank import above)
// is listed, described, started, listed moves, played, refused, ended, exported and searched over
// gRPC and over HTTP/JSON, with no line of the service changed for it.
func TestNewGameServed(t *testing.T) {
	s := startServer(t)
	s.overBoth(t, func(t *testing.T, tr transport) {
		call := func(method, path string, req, resp proto.Message) error {
			t.Helper()
			if tr.name == "json" && strings.HasPrefix(path, "GET ") {
				return s.getJSON(t, strings.TrimPrefix(path, "GET "), resp)
			}
			return tr.call(t, method, strings.TrimPrefix(path, "GET "), req, resp)
		}
		must := func(err error) {
			t.Helper()
			if err != nil {
				t.Fatal(err)
			}
		}

		var list pb.ListVariantsResponse
		must(call("/ashtapada.v1.RulesService/ListVariants", "GET /v1/variants", &pb.ListVariantsRequest{}, &list))
		i := slices.IndexFunc(list.GetVariants(), func(v *pb.VariantSummary) bool { return v.GetName() == "hexapawn" })
		if i < 0 || list.GetVariants()[i].GetTitle() != "Hexapawn" || list.GetVariants()[i].GetMaxPlayers() != 2 {
			t.Fatalf("ListVariants does not list hexapawn: %v", list.GetVariants())
		}

		var desc pb.GetVariantResponse
		must(call("/ashtapada.v1.RulesService/GetVariant", "GET /v1/variants/hexapawn", &pb.GetVariantRequest{Name: "hexapawn"}, &desc))
		v := desc.GetVariant()
		if b := v.GetBoard(); b.GetFiles() != 3 || b.GetRanks() != 3 || len(b.GetSquares()) != 9 ||
			len(v.GetSeats()) != 2 || v.GetSeats()[0].GetPlayer() != "white" || v.GetSeats()[1].GetSeat() != "north" ||
			len(v.GetPieceTypes()) != 1 || v.GetPieceTypes()[0].GetKind() != "pawn" ||
			len(v.GetActionTypes()) != 1 || len(v.GetEventTypes()) != 2 || !strings.Contains(v.GetPositionNotation(), "ppp/3/PPP w") {
			t.Errorf("GetVariant: %v", v)
		}

		var start pb.StartPositionResponse
		must(call("/ashtapada.v1.RulesService/StartPosition", "/v1/variants/hexapawn:start", &pb.StartPositionRequest{Variant: "hexapawn"}, &start))
		pos := start.GetPosition()
		if pos.GetText() != "ppp/3/PPP w" || pos.GetToMove() != "white" || len(pos.GetPieces()) != 6 || pos.GetPhase() != pb.Phase_PHASE_ACTION {
			t.Fatalf("StartPosition: %v", pos)
		}

		var moves pb.ListLegalMovesResponse
		must(call("/ashtapada.v1.RulesService/ListLegalMoves", "/v1/moves:list", &pb.ListLegalMovesRequest{Position: pos}, &moves))
		var notes []string
		for _, m := range moves.GetMoves() {
			notes = append(notes, m.GetNotation())
		}
		if strings.Join(notes, " ") != "a1a2 b1b2 c1c2" || moves.GetToMove() != "white" {
			t.Errorf("ListLegalMoves: %v", notes)
		}

		// A legal move, by notation and by its structured fields.
		var valid pb.ValidateMoveResponse
		must(call("/ashtapada.v1.RulesService/ValidateMove", "/v1/moves:validate",
			&pb.ValidateMoveRequest{Position: pos, Move: &pb.Action{From: "b1", To: "b2"}}, &valid))
		if !valid.GetLegal() || valid.GetMove().GetNotation() != "b1b2" || valid.GetPosition().GetText() != "ppp/1P1/P1P b" {
			t.Errorf("ValidateMove b1b2: %v", &valid)
		}
		// An illegal move is refused with its reason, and ApplyMoves names the one at fault.
		valid.Reset()
		must(call("/ashtapada.v1.RulesService/ValidateMove", "/v1/moves:validate",
			&pb.ValidateMoveRequest{Position: pos, Move: &pb.Action{Notation: "a1b2"}}, &valid))
		if valid.GetLegal() || !strings.Contains(valid.GetReason(), "diagonally only to capture") {
			t.Errorf("ValidateMove a1b2: %v", &valid)
		}
		var failed pb.ApplyMovesResponse
		must(call("/ashtapada.v1.RulesService/ApplyMoves", "/v1/moves:apply", &pb.ApplyMovesRequest{Position: pos,
			Moves: []*pb.Action{{Notation: "b1b2"}, {Notation: "b3b2"}}}, &failed))
		if failed.GetApplied() != 1 || failed.GetFailure().GetIndex() != 1 || failed.GetFailure().GetNotation() != "b3b2" ||
			!strings.Contains(failed.GetFailure().GetReason(), "not empty") {
			t.Errorf("ApplyMoves with b3b2: %v", &failed)
		}
		// A malformed move and an illegal action of a record are errors that name their field.
		err := call("/ashtapada.v1.RulesService/ValidateMove", "/v1/moves:validate",
			&pb.ValidateMoveRequest{Position: pos, Move: &pb.Action{Notation: "a1-a9"}}, &valid)
		if code, reason, field := errorDetails(err); code != codes.InvalidArgument || reason != "MALFORMED_ACTION" || field != "move.notation" {
			t.Errorf("malformed move: %v %s %q", code, reason, field)
		}
		var export pb.ExportGameResponse
		err = call("/ashtapada.v1.RulesService/ExportGame", "/v1/games:export", &pb.ExportGameRequest{Start: pos,
			Actions: []*pb.Action{{Notation: "b1b2"}, {Notation: "a3a1"}}}, &export)
		if code, reason, field := errorDetails(err); code != codes.InvalidArgument || reason != "ILLEGAL_ACTION" || field != "actions[1]" {
			t.Errorf("illegal action in a record: %v %s %q", code, reason, field)
		}
		err = call("/ashtapada.v1.RulesService/ListLegalMoves", "/v1/moves:list",
			&pb.ListLegalMovesRequest{Position: &pb.Position{Variant: "hexapawn", Text: "pppp/3/PP w"}}, &moves)
		if code, reason, field := errorDetails(err); code != codes.InvalidArgument || reason != "INVALID_POSITION" || field != "position.text" {
			t.Errorf("impossible position: %v %s %q", code, reason, field)
		}

		// A game played to the end: black reaches the far rank.
		game := []*pb.Action{{Notation: "b1b2"}, {Notation: "a3b2"}, {Notation: "c1b2"}, {Notation: "c3c2"}, {Notation: "a1a2"}, {Notation: "c2c1"}}
		var applied pb.ApplyMovesResponse
		must(call("/ashtapada.v1.RulesService/ApplyMoves", "/v1/moves:apply", &pb.ApplyMovesRequest{Position: pos, Moves: game, IncludeNext: true}, &applied))
		next := applied.GetNext()
		if applied.GetApplied() != 6 || applied.GetFailure() != nil || applied.GetPosition().GetPhase() != pb.Phase_PHASE_FINISHED ||
			next.GetStatus() != pb.GameStatus_GAME_STATUS_FINISHED || next.GetReason() != "far_rank" ||
			!slices.Equal(next.GetWinners(), []string{"black"}) || len(next.GetMoves()) != 0 {
			t.Fatalf("ApplyMoves to the end: %v", &applied)
		}
		if ev := applied.GetSteps()[5].GetEvents(); len(ev) != 1 || ev[0].GetKind() != pb.EventKind_EVENT_KIND_GAME_OVER {
			t.Errorf("the last move's events: %v", ev)
		}
		var score pb.ScorePositionResponse
		must(call("/ashtapada.v1.RulesService/ScorePosition", "/v1/positions:score", &pb.ScorePositionRequest{Position: applied.GetPosition()}, &score))
		if score.GetReason() != "far_rank" || !slices.Equal(score.GetWinners(), []string{"black"}) {
			t.Errorf("ScorePosition: %v", &score)
		}
		err = call("/ashtapada.v1.RulesService/ValidateMove", "/v1/moves:validate",
			&pb.ValidateMoveRequest{Position: applied.GetPosition(), Move: &pb.Action{Notation: "a2a3"}}, &valid)
		if code, reason, _ := errorDetails(err); code != codes.FailedPrecondition || reason != "GAME_OVER" {
			t.Errorf("a move after the end: %v %s", code, reason)
		}

		// The record of the game, and back.
		export.Reset()
		must(call("/ashtapada.v1.RulesService/ExportGame", "/v1/games:export", &pb.ExportGameRequest{Start: pos, Actions: game}, &export))
		if !strings.Contains(export.GetRecord(), `[Variant "hexapawn"]`) || !strings.Contains(export.GetRecord(), "3. a1a2 c2c1 0-1") {
			t.Errorf("ExportGame: %s", export.GetRecord())
		}
		var imported pb.ImportGameResponse
		must(call("/ashtapada.v1.RulesService/ImportGame", "/v1/games:import", &pb.ImportGameRequest{Record: export.GetRecord()}, &imported))
		if len(imported.GetActions()) != 6 || imported.GetResult() != "0-1" || imported.GetPosition().GetText() != applied.GetPosition().GetText() {
			t.Errorf("ImportGame: %v", &imported)
		}

		// Search: black to move wins in 3 by b3a2 alone; from the start white loses whatever it does.
		var found pb.SearchResponse
		must(call("/ashtapada.v1.AnalysisService/Search", "/v1/analysis:search",
			&pb.SearchRequest{Position: &pb.Position{Variant: "hexapawn", Text: "ppp/P2/1PP b"}, Depth: 3}, &found))
		if found.GetBestAction().GetNotation() != "b3a2" || len(found.GetLines()) == 0 || found.GetLines()[0].GetValues()[1].GetValue() != 10000-3 {
			t.Errorf("Search of a won position: %v", &found)
		}
		found.Reset()
		must(call("/ashtapada.v1.AnalysisService/Search", "/v1/analysis:search", &pb.SearchRequest{Position: pos, Depth: 12}, &found))
		best := found.GetBestAction().GetNotation()
		if !slices.Contains(notes, best) || found.GetLines()[0].GetValues()[0].GetValue() != -(10000-6) {
			t.Errorf("Search from the start: %v", &found)
		}
	})
}
