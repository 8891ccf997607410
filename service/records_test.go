package service

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/enginetest"
	"github.com/ashtapada/ashtapada/engine/record"
	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
)

// Every variant's random games, dice rolls included, go out as records and come back over gRPC
// and the JSON gateway: the same actions, the same positions along the way and at the end.
func TestGameRecordsRoundTrip(t *testing.T) {
	s := startServer(t)
	s.overBoth(t, func(t *testing.T, tr transport) {
		r := rand.New(rand.NewPCG(5, 9))
		for _, v := range enginetest.Registered(t) {
			name := v.Describe().Name
			games, positions := 0, 0
			for g := range 6 {
				start, _ := v.Start(nil)
				cur := start
				var actions []*pb.Action
				var keys []uint64
				var buf [engine.MaxMoves]engine.Move
				for len(actions) < 20+g*40 && cur.Phase() != engine.PhaseFinished {
					legal := cur.Moves(buf[:0])
					m := legal[r.IntN(len(legal))]
					actions = append(actions, &pb.Action{Notation: cur.Notation(m)})
					cur, _ = cur.Play(m)
					keys = append(keys, cur.Key())
				}
				exp := &pb.ExportGameResponse{}
				gameRPC(t, tr, "ExportGame", &pb.ExportGameRequest{Start: positionToProto(start), Actions: actions,
					Tags: map[string]string{"Event": "round trip", "Round": "1"}}, exp)
				imp := &pb.ImportGameResponse{}
				gameRPC(t, tr, "ImportGame", &pb.ImportGameRequest{Record: exp.GetRecord(), IncludePositions: true}, imp)
				if imp.GetFailure() != nil || len(imp.GetActions()) != len(actions) || len(imp.GetPositions()) != len(actions) {
					t.Fatalf("%s: %d actions, %d positions back, failure %v\n%s", name, len(imp.GetActions()), len(imp.GetPositions()),
						imp.GetFailure(), exp.GetRecord())
				}
				for i, a := range imp.GetActions() {
					if a.GetNotation() != actions[i].GetNotation() || imp.GetPositions()[i].GetKey() != keys[i] {
						t.Fatalf("%s: action %d is %q (key %d), want %q (key %d)", name, i, a.GetNotation(),
							imp.GetPositions()[i].GetKey(), actions[i].GetNotation(), keys[i])
					}
				}
				if imp.GetPosition().GetKey() != cur.Key() || imp.GetPosition().GetText() != cur.String() ||
					imp.GetStart().GetText() != start.String() || imp.GetTags()["Event"] != "round trip" {
					t.Fatalf("%s: ends at %q, want %q; tags %v", name, imp.GetPosition().GetText(), cur.String(), imp.GetTags())
				}
				games++
				positions += len(actions)
			}
			t.Logf("%s over %s: %d games, %d positions", name, tr.name, games, positions)
		}
	})
}

// A record whose action cannot be played answers OK with the actions before it and the failure;
// a record that cannot be read, and a game that cannot be written, are refused naming the field.
func TestGameRecordsErrors(t *testing.T) {
	s := startServer(t)
	chat := &pb.Position{Variant: "chaturanga", Text: startFEN}
	s.overBoth(t, func(t *testing.T, tr transport) {
		imp := &pb.ImportGameResponse{}
		gameRPC(t, tr, "ImportGame", &pb.ImportGameRequest{Record: "[Variant \"chaturaji\"]\n\n1. roll-2 a1c3\n2. roll-2 a1c3 *"}, imp)
		f := imp.GetFailure()
		if len(imp.GetActions()) != 3 || f.GetIndex() != 3 || f.GetNotation() != "a1c3" || !strings.HasPrefix(f.GetReason(), "line 4: ") {
			t.Errorf("illegal action: %d actions, failure %v", len(imp.GetActions()), f)
		}
		if imp.GetPosition().GetPhase() != pb.Phase_PHASE_ACTION || imp.GetPosition().GetLastAction().GetNotation() != "roll 2" {
			t.Errorf("the position reached is %v", imp.GetPosition())
		}

		for _, c := range []struct {
			what, record, reason, says string
		}{
			{"unknown variant", "[Variant \"chess\"]\n\n1. e4 *", "INVALID_RECORD", "tag Variant: unknown variant \"chess\""},
			{"unknown option", "[Variant \"chaturaji\"]\n[Options \"castling\"]\n", "INVALID_RECORD", "tag Options: unknown option"},
			{"unterminated comment", "[Variant \"chaturanga\"]\n\n1. e3 {", "INVALID_RECORD", "line 3: a comment opened"},
			{"empty", "", "INVALID_RECORD", "record is required"},
			{"over the cap", "[Variant \"chaturanga\"]\n" + strings.Repeat(" ", 1<<20), "RECORD_TOO_LARGE", "record"},
			{"too many actions", "[Variant \"chaturanga\"]\n\n" + strings.Repeat("e3 ", maxActions+1), "RECORD_TOO_LARGE", "at most 10000 actions"},
		} {
			err := gameCall(t, tr, "ImportGame", &pb.ImportGameRequest{Record: c.record}, &pb.ImportGameResponse{})
			wantStatus(t, c.what, err, codes.InvalidArgument, c.reason, "record", c.says)
		}

		exp := &pb.ExportGameResponse{}
		err := gameCall(t, tr, "ExportGame", &pb.ExportGameRequest{Start: chat,
			Actions: []*pb.Action{{Notation: "e2e3"}, {Notation: "e2e3"}}}, exp)
		wantStatus(t, "illegal action", err, codes.InvalidArgument, "ILLEGAL_ACTION", "actions[1]", "e2e3")
		err = gameCall(t, tr, "ExportGame", &pb.ExportGameRequest{Start: chat, Tags: map[string]string{"Result": "1-0"}}, exp)
		wantStatus(t, "result given", err, codes.InvalidArgument, "INVALID_TAG", "tags.Result", "written from the game")
		err = gameCall(t, tr, "ExportGame", &pb.ExportGameRequest{Start: chat, Tags: map[string]string{"Bad name": "x"}}, exp)
		wantStatus(t, "bad tag name", err, codes.InvalidArgument, "INVALID_TAG", "tags.Bad name", "a tag name")
		err = gameCall(t, tr, "ExportGame", &pb.ExportGameRequest{Actions: []*pb.Action{{Notation: "e2e3"}}}, exp)
		wantStatus(t, "no start", err, codes.InvalidArgument, "MISSING_POSITION", "start", "start is required")
		many := make([]*pb.Action, maxActions+1)
		for i := range many {
			many[i] = &pb.Action{Notation: "e2e3"}
		}
		err = gameCall(t, tr, "ExportGame", &pb.ExportGameRequest{Start: chat, Actions: many}, exp)
		wantStatus(t, "too many actions", err, codes.InvalidArgument, "TOO_MANY_ACTIONS", "actions", "10000")
	})
}

// Chaturanga's record carries SAN, and its mate its result and reason.
func TestChaturangaRecordAPI(t *testing.T) {
	s := startServer(t)
	s.overBoth(t, func(t *testing.T, tr transport) {
		exp := &pb.ExportGameResponse{}
		gameRPC(t, tr, "ExportGame", &pb.ExportGameRequest{Start: &pb.Position{Variant: "chaturanga", Text: "4k3/8/4K3/8/8/8/8/R7 w - - 0 1"},
			Actions: []*pb.Action{{From: "a1", To: "a8"}}, Tags: map[string]string{"White": "Ann", "Black": "Bo"}}, exp)
		want := "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"Ann\"]\n[Black \"Bo\"]\n[Result \"1-0\"]\n" +
			"[Variant \"Chaturanga\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/4K3/8/8/8/8/R7 w - - 0 1\"]\n[Termination \"checkmate\"]\n\n1. Ra8# 1-0\n"
		if exp.GetRecord() != want {
			t.Fatalf("record\n%s\nwant\n%s", exp.GetRecord(), want)
		}
		imp := &pb.ImportGameResponse{}
		gameRPC(t, tr, "ImportGame", &pb.ImportGameRequest{Record: want}, imp)
		if imp.GetResult() != "1-0" || imp.GetPosition().GetPhase() != pb.Phase_PHASE_FINISHED || imp.GetActions()[0].GetSan() != "Ra8#" ||
			len(imp.GetPositions()) != 0 {
			t.Fatalf("imported %v", imp)
		}
	})
}

// Positions come back for records of at most maxImportPositions actions, so that the answer stays
// within what gRPC clients receive by default; the record itself still reads without them.
func TestImportPositionsCap(t *testing.T) {
	s := startServer(t)
	record := func(n int) string { return "[Variant \"chaturanga\"]\n\n" + strings.Repeat("e3 ", n) }
	s.overBoth(t, func(t *testing.T, tr transport) {
		err := gameCall(t, tr, "ImportGame", &pb.ImportGameRequest{Record: record(maxImportPositions + 1), IncludePositions: true}, &pb.ImportGameResponse{})
		wantStatus(t, "over the cap", err, codes.InvalidArgument, "TOO_MANY_ACTIONS", "include_positions", "at most 500 actions, the record has 501")
		for _, c := range []struct {
			n         int
			positions bool
		}{{maxImportPositions + 1, false}, {maxImportPositions, true}} {
			imp := &pb.ImportGameResponse{}
			gameRPC(t, tr, "ImportGame", &pb.ImportGameRequest{Record: record(c.n), IncludePositions: c.positions}, imp)
			if imp.GetFailure().GetIndex() != 1 || len(imp.GetActions()) != 1 || len(imp.GetPositions()) != len(imp.GetActions())*boolInt(c.positions) {
				t.Errorf("%d actions, positions %v: %d actions, %d positions, failure %v", c.n, c.positions, len(imp.GetActions()), len(imp.GetPositions()), imp.GetFailure())
			}
		}
	})
}

// The cap's reason: every variant's random games, brought to maxImportPositions positions at
// their largest position, answer in less than half of gRPC's default 4 MiB.
func TestImportPositionsSize(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 7))
	for _, v := range enginetest.Registered(t) {
		name := v.Describe().Name
		largest := 0
		for range 10 {
			start, _ := v.Start(nil)
			cur := start
			var moves []engine.Move
			var keys []uint64
			var buf [engine.MaxMoves]engine.Move
			// A record cannot go past a draw by repetition.
			for len(moves) < maxImportPositions && cur.Phase() != engine.PhaseFinished && !engine.DrawnByRepetition(cur, keys) {
				legal := cur.Moves(buf[:0])
				m := legal[r.IntN(len(legal))]
				moves = append(moves, m)
				keys = append(keys, cur.Key())
				cur, _ = cur.Play(m)
			}
			text, err := record.Write(start, moves, nil)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			imp, err := Rules{}.ImportGame(context.Background(), &pb.ImportGameRequest{Record: text, IncludePositions: true})
			if err != nil || len(imp.GetPositions()) != len(moves) {
				t.Fatalf("%s: %v, %d positions", name, err, len(imp.GetPositions()))
			}
			for _, p := range imp.GetPositions() {
				largest = max(largest, proto.Size(p))
			}
		}
		if worst := largest * maxImportPositions; worst > 2<<20 {
			t.Errorf("%s: positions of up to %d bytes, %d at the cap: above 2 MiB", name, largest, worst)
		}
		t.Logf("%s: positions of up to %d bytes", name, largest)
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// A record whose results disagree is read with warnings that say how, over gRPC and JSON.
func TestImportResultWarnings(t *testing.T) {
	s := startServer(t)
	s.overBoth(t, func(t *testing.T, tr transport) {
		text := "[Variant \"Chaturanga\"]\n[SetUp \"1\"]\n[FEN \"k7/8/1K6/8/8/8/8/7R w - - 0 1\"]\n[Result \"1-0\"]\n\n1. Rh8# 0-1"
		resp := &pb.ImportGameResponse{}
		if err := tr.call(t, rulesMethod+"ImportGame", "/v1/games:import", &pb.ImportGameRequest{Record: text}, resp); err != nil {
			t.Fatal(err)
		}
		want := []string{"the Result tag says 1-0, the movetext ends with 0-1", "the movetext says 0-1, but the game ends in checkmate: 1-0"}
		if strings.Join(resp.GetWarnings(), "|") != strings.Join(want, "|") || len(resp.GetActions()) != 1 {
			t.Errorf("warnings %q, %d actions; want %q", resp.GetWarnings(), len(resp.GetActions()), want)
		}
	})
}
