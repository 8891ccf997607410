package service

import (
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"

	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
)

// TestCapsOnTheServer sends oversized fields to a real server: each is refused at once with the
// field named, over gRPC and JSON, before the rules see it.
func TestCapsOnTheServer(t *testing.T) {
	s := startServer(t)
	bigKind := strings.Repeat("x", 3<<20)
	manyDice := make([]int32, 200000)
	cases := []struct {
		name, method, path string
		req                proto.Message
		field, reason      string
	}{
		{"piece kind", "/ashtapada.v1.RulesService/ListLegalMoves", "/v1/moves:list",
			&pb.ListLegalMovesRequest{Position: &pb.Position{Variant: "chaturanga", Pieces: []*pb.Piece{{Square: "a1", Kind: bigKind}}}},
			"position.pieces[0].kind", "FIELD_TOO_LARGE"},
		{"action dice", "/ashtapada.v1.RulesService/ValidateMove", "/v1/moves:validate",
			&pb.ValidateMoveRequest{Position: &pb.Position{Variant: "martian_chaturanga"}, Move: &pb.Action{Dice: manyDice}},
			"move.dice", "INVALID_DICE"},
	}
	s.overBoth(t, func(t *testing.T, tr transport) {
		for _, c := range cases {
			start := time.Now()
			err := tr.call(t, c.method, c.path, c.req, &pb.ValidateMoveResponse{})
			code, reason, field := errorDetails(err)
			if code != codes.InvalidArgument || field != c.field || reason != c.reason || !strings.Contains(err.Error(), "at most") {
				t.Errorf("%s: %v (%s on %q), want INVALID_ARGUMENT %s on %s saying the cap", c.name, err, reason, field, c.reason, c.field)
			}
			if n := len(err.Error()); n > 2048 {
				t.Errorf("%s: error of %d bytes echoes the input", c.name, n)
			}
			if d := time.Since(start); d > 2*time.Second {
				t.Errorf("%s: took %v", c.name, d)
			}
		}
	})
}

// Enum values and indexes outside their range are refused with the field named, over gRPC and
// JSON: proto3 keeps unknown enum numbers, so nothing else would.
func TestOutOfRangeValuesRefused(t *testing.T) {
	s := startServer(t)
	pos := chaturanga(startFEN)
	cases := []struct {
		name, method, path string
		req                proto.Message
		field, reason      string
	}{
		{"view 99", rulesMethod + "ListLegalMoves", "/v1/moves:list",
			&pb.ListLegalMovesRequest{Position: pos, View: 99}, "view", "UNKNOWN_ENUM_VALUE"},
		{"next_view -5", rulesMethod + "ApplyMoves", "/v1/moves:apply",
			&pb.ApplyMovesRequest{Position: pos, Moves: []*pb.Action{{Notation: "e2e3"}}, NextView: -5}, "next_view", "UNKNOWN_ENUM_VALUE"},
		{"action kind 77", rulesMethod + "ValidateMove", "/v1/moves:validate",
			&pb.ValidateMoveRequest{Position: pos, Move: &pb.Action{Kind: 77, From: "e2"}}, "move.kind", "UNKNOWN_ENUM_VALUE"},
		{"die_index -1", rulesMethod + "ValidateMove", "/v1/moves:validate",
			&pb.ValidateMoveRequest{Position: startOf(t, "martian_chaturanga"), Move: &pb.Action{From: "a1", DieIndex: proto.Int32(-1)}}, "move.die_index", "INVALID_DICE"},
		{"algorithm 9", analysisMethod + "Search", "/v1/analysis:search",
			&pb.SearchRequest{Position: pos, Algorithm: 9, Depth: 1}, "algorithm", "UNKNOWN_ALGORITHM"},
	}
	s.overBoth(t, func(t *testing.T, tr transport) {
		for _, c := range cases {
			err := tr.call(t, c.method, c.path, c.req, &pb.ValidateMoveResponse{})
			code, reason, field := errorDetails(err)
			if code != codes.InvalidArgument || field != c.field || reason != c.reason {
				t.Errorf("%s: %v (%s on %q), want INVALID_ARGUMENT %s on %s", c.name, err, reason, field, c.reason, c.field)
			}
		}
	})
}
