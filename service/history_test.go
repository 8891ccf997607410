package service

import (
	"context"
	"slices"
	"strings"
	"testing"

	"google.golang.org/grpc/codes"

	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
)

// The horses' dance: after these eight actions the start position stands for the third time.
var dance = []string{"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"}

// danceKeys replays the dance from the start through ApplyMoves and returns the keys of the
// positions before each action, and the position reached.
func danceKeys(t *testing.T, tr transport, start string, plies int) ([]uint64, *pb.Position) {
	t.Helper()
	req := &pb.ApplyMovesRequest{Position: chaturanga(start)}
	for _, n := range dance[:plies] {
		req.Moves = append(req.Moves, &pb.Action{Notation: n})
	}
	resp := &pb.ApplyMovesResponse{}
	if err := tr.call(t, rulesMethod+"ApplyMoves", "/v1/moves:apply", req, resp); err != nil {
		t.Fatal(err)
	}
	var keys []uint64
	// The start position's key is the one a client gets with the position it started from.
	first := &pb.ScorePositionResponse{}
	if err := tr.call(t, rulesMethod+"ScorePosition", "/v1/positions:score", &pb.ScorePositionRequest{Position: chaturanga(start)}, first); err != nil {
		t.Fatal(err)
	}
	keys = append(keys, first.GetPosition().GetKey())
	for _, st := range resp.GetSteps()[:len(resp.GetSteps())-1] {
		keys = append(keys, st.GetKey())
	}
	if resp.GetPosition().GetKey() != resp.GetSteps()[len(resp.GetSteps())-1].GetKey() || resp.GetPosition().GetKey() == 0 {
		t.Fatalf("position key %x, last step's %x", resp.GetPosition().GetKey(), resp.GetSteps()[len(resp.GetSteps())-1].GetKey())
	}
	return keys, resp.GetPosition()
}

func TestRepetition(t *testing.T) {
	s := startServer(t)
	s.overBoth(t, func(t *testing.T, tr transport) {
		keys, third := danceKeys(t, tr, startFEN, 8)
		if !strings.HasPrefix(third.GetText(), startFEN[:len(startFEN)-4]) || third.GetKey() != keys[0] || keys[4] != keys[0] {
			t.Fatalf("the dance reached %s, keys %x", third.GetText(), keys)
		}
		byKeys := &pb.GameHistory{Keys: keys}
		var actions []*pb.Action
		for _, n := range dance {
			actions = append(actions, &pb.Action{Notation: n})
		}
		byActions := &pb.GameHistory{Start: chaturanga(startFEN), Actions: actions}
		for name, h := range map[string]*pb.GameHistory{"keys": byKeys, "actions": byActions} {
			list := &pb.ListLegalMovesResponse{}
			if err := tr.call(t, rulesMethod+"ListLegalMoves", "/v1/moves:list", &pb.ListLegalMovesRequest{Position: third, History: h}, list); err != nil {
				t.Fatal(err)
			}
			if len(list.GetMoves()) != 0 || list.GetPhase() != pb.Phase_PHASE_FINISHED || list.GetReason() != "repetition" || !list.GetRepetitionChecked() {
				t.Errorf("%s: list of a third occurrence: %d moves, %v, reason %q, checked %v", name, len(list.GetMoves()), list.GetPhase(), list.GetReason(), list.GetRepetitionChecked())
			}
			score := &pb.ScorePositionResponse{}
			if err := tr.call(t, rulesMethod+"ScorePosition", "/v1/positions:score", &pb.ScorePositionRequest{Position: third, History: h}, score); err != nil {
				t.Fatal(err)
			}
			st := score.GetStandings()
			if score.GetStatus() != pb.GameStatus_GAME_STATUS_FINISHED || score.GetReason() != "repetition" || len(score.GetWinners()) != 0 ||
				len(st) != 2 || st[0].GetPlace() != 1 || st[1].GetPlace() != 1 || !score.GetRepetitionChecked() {
				t.Errorf("%s: score of a third occurrence: %v", name, score)
			}
			err := tr.call(t, rulesMethod+"ValidateMove", "/v1/moves:validate", &pb.ValidateMoveRequest{Position: third, History: h, Move: &pb.Action{Notation: "e2e3"}}, &pb.ValidateMoveResponse{})
			if code, reason, _ := errorDetails(err); code != codes.FailedPrecondition || reason != "GAME_OVER" {
				t.Errorf("%s: move after a draw by repetition: %v %s", name, code, reason)
			}
			err = tr.call(t, analysisMethod+"Search", "/v1/analysis:search", &pb.SearchRequest{Position: third, History: h, Depth: 1}, &pb.SearchResponse{})
			if code, reason, _ := errorDetails(err); code != codes.FailedPrecondition || reason != "GAME_OVER" {
				t.Errorf("%s: search after a draw by repetition: %v %s", name, code, reason)
			}
		}
		// Without the history the same position is the start: repetition not checked.
		list := &pb.ListLegalMovesResponse{}
		if err := tr.call(t, rulesMethod+"ListLegalMoves", "/v1/moves:list", &pb.ListLegalMovesRequest{Position: third}, list); err != nil {
			t.Fatal(err)
		}
		if len(list.GetMoves()) != 16 || list.GetRepetitionChecked() {
			t.Errorf("without history: %d moves, checked %v", len(list.GetMoves()), list.GetRepetitionChecked())
		}
		// The second occurrence is no draw.
		second := &pb.ScorePositionResponse{}
		if err := tr.call(t, rulesMethod+"ScorePosition", "/v1/positions:score", &pb.ScorePositionRequest{Position: third, History: &pb.GameHistory{Keys: keys[:4]}}, second); err != nil {
			t.Fatal(err)
		}
		if second.GetStatus() != pb.GameStatus_GAME_STATUS_ONGOING || !second.GetRepetitionChecked() {
			t.Errorf("second occurrence: %v", second)
		}
		// ValidateMove says which action draws.
		_, before := danceKeys(t, tr, startFEN, 7)
		v := &pb.ValidateMoveResponse{}
		if err := tr.call(t, rulesMethod+"ValidateMove", "/v1/moves:validate", &pb.ValidateMoveRequest{Position: before, Move: &pb.Action{Notation: "f6g8"},
			History: &pb.GameHistory{Keys: keys[:7]}}, v); err != nil {
			t.Fatal(err)
		}
		if !v.GetLegal() || !v.GetRepetitionDraw() || !v.GetRepetitionChecked() {
			t.Errorf("the drawing action: legal %v, draw %v, checked %v", v.GetLegal(), v.GetRepetitionDraw(), v.GetRepetitionChecked())
		}
		// ApplyMoves with a history stops at the draw.
		apply := &pb.ApplyMovesResponse{}
		// A start without actions is a history of no earlier position.
		req := &pb.ApplyMovesRequest{Position: chaturanga(startFEN), History: &pb.GameHistory{Start: chaturanga(startFEN)}}
		for _, n := range append(slices.Clone(dance), "e2e3") {
			req.Moves = append(req.Moves, &pb.Action{Notation: n})
		}
		if err := tr.call(t, rulesMethod+"ApplyMoves", "/v1/moves:apply", req, apply); err != nil {
			t.Fatal(err)
		}
		if apply.GetApplied() != 8 || apply.GetFailure().GetIndex() != 8 || !apply.GetRepetitionDraw() {
			t.Errorf("apply through a draw: applied %d, failure %v, draw %v", apply.GetApplied(), apply.GetFailure(), apply.GetRepetitionDraw())
		}
	})
}

// With the history, the search takes a draw by repetition a side short of a ratha would not
// otherwise get; without it, it cannot know.
func TestSearchUsesHistory(t *testing.T) {
	s := startServer(t)
	const noRatha = "1nbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1" // black without the a8 ratha
	s.overBoth(t, func(t *testing.T, tr transport) {
		keys, before := danceKeys(t, tr, noRatha, 7)
		with, err := searchOver(t, tr, &pb.SearchRequest{Position: before, Depth: 3, History: &pb.GameHistory{Keys: keys}})
		if err != nil {
			t.Fatal(err)
		}
		if with.GetBestAction().GetNotation() != "f6g8" || valueOf(with.GetLines()[0].GetValues(), "black") != 0 || !with.GetRepetitionChecked() {
			t.Errorf("with history: best %s worth %v to black, checked %v; want the drawing f6g8 worth 0",
				with.GetBestAction().GetNotation(), with.GetLines()[0].GetValues(), with.GetRepetitionChecked())
		}
		without, err := searchOver(t, tr, &pb.SearchRequest{Position: before, Depth: 3})
		if err != nil {
			t.Fatal(err)
		}
		if v := valueOf(without.GetLines()[0].GetValues(), "black"); v > -3 || without.GetRepetitionChecked() {
			t.Errorf("without history: black's value %v, checked %v; want a ratha down", v, without.GetRepetitionChecked())
		}
	})
}

func TestHistoryErrors(t *testing.T) {
	s := startServer(t)
	list := func(h *pb.GameHistory) func(t *testing.T, tr transport) error {
		return func(t *testing.T, tr transport) error {
			return tr.call(t, rulesMethod+"ListLegalMoves", "/v1/moves:list", &pb.ListLegalMovesRequest{Position: chaturanga(startFEN), History: h}, &pb.ListLegalMovesResponse{})
		}
	}
	tests := []struct {
		name          string
		call          func(t *testing.T, tr transport) error
		reason, field string
	}{
		{"keys and start", list(&pb.GameHistory{Keys: []uint64{1}, Start: chaturanga(startFEN)}), "INVALID_HISTORY", "history"},
		{"actions without start", list(&pb.GameHistory{Actions: []*pb.Action{{Notation: "e2e3"}}}), "INVALID_HISTORY", "history.start"},
		{"too many keys", list(&pb.GameHistory{Keys: make([]uint64, maxHistory+1)}), "HISTORY_TOO_LONG", "history.keys"},
		{"illegal action", list(&pb.GameHistory{Start: chaturanga(startFEN), Actions: []*pb.Action{{Notation: "e2e4"}}}), "ILLEGAL_ACTION", "history.actions[0]"},
		{"leads elsewhere", list(&pb.GameHistory{Start: chaturanga(startFEN), Actions: []*pb.Action{{Notation: "e2e3"}}}), "HISTORY_MISMATCH", "history.actions"},
		{"another variant", list(&pb.GameHistory{Start: &pb.Position{Variant: "martian_chaturanga", Text: "rpmpr/ksksk/5/KSKSK/RPMPR l - AEae - 0 1"}}), "INVALID_HISTORY", "history.start.variant"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s.overBoth(t, func(t *testing.T, tr transport) {
				code, reason, field := errorDetails(tt.call(t, tr))
				if code != codes.InvalidArgument || reason != tt.reason || field != tt.field {
					t.Errorf("got %v %s %q, want INVALID_ARGUMENT %s %q", code, reason, field, tt.reason, tt.field)
				}
			})
		})
	}
}

// TestEmptyHistoryIsGiven: a history given with no keys is a game that starts at the request's
// position, so the answer accounts for repetition; no history at all does not.
func TestEmptyHistoryIsGiven(t *testing.T) {
	s := startServer(t)
	pos := &pb.Position{Variant: "chaturanga", Text: startFEN}
	for _, c := range []struct {
		history *pb.GameHistory
		checked bool
	}{{nil, false}, {&pb.GameHistory{}, true}, {&pb.GameHistory{Keys: []uint64{}}, true}} {
		resp, err := s.rules.ListLegalMoves(context.Background(), &pb.ListLegalMovesRequest{Position: pos, History: c.history})
		if err != nil {
			t.Fatal(err)
		}
		if resp.GetRepetitionChecked() != c.checked {
			t.Errorf("history %v: repetition_checked %v, want %v", c.history, resp.GetRepetitionChecked(), c.checked)
		}
	}
	code, body := s.postJSON(t, "POST", "/v1/moves:list", `{"position":{"variant":"chaturanga","text":"`+startFEN+`"},"history":{"keys":[]}}`)
	if code != 200 || body["repetition_checked"] != true {
		t.Errorf("JSON empty history: %d %v", code, body)
	}
}
