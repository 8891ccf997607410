package service

import (
	"context"
	"strings"
	"testing"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/structpb"

	"github.com/ashtapada/ashtapada/engine/enginetest"
	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
	"github.com/ashtapada/ashtapada/service/internal/echo"
)

// nested is a google.protobuf.Value of lists within lists, depth deep.
func nested(depth int) *structpb.Value {
	v := structpb.NewStringValue("x")
	for range depth {
		v = structpb.NewListValue(&structpb.ListValue{Values: []*structpb.Value{v}})
	}
	return v
}

func TestCapsRefuse(t *testing.T) {
	long := func(n int) string { return strings.Repeat("x", n) }
	pieces := make([]*pb.Piece, 513)
	for i := range pieces {
		pieces[i] = &pb.Piece{Square: "a1", Kind: "pawn", Player: "white"}
	}
	for _, c := range []struct {
		req    proto.Message
		field  string
		says   string
		reason string // FIELD_TOO_LARGE when empty
	}{
		{&pb.ValidateMoveRequest{Position: chaturanga(startFEN), Move: &pb.Action{Dice: make([]int32, 4_100_000)}},
			"move.dice", "has 4100000 entries, at most 16", "INVALID_DICE"},
		{&pb.ListLegalMovesRequest{Position: &pb.Position{Variant: "chaturanga", Pieces: []*pb.Piece{{Square: "e1", Kind: long(3 << 20)}}}},
			"position.pieces[0].kind", "is 3145728 bytes long, at most 256", ""},
		{&pb.ListLegalMovesRequest{Position: &pb.Position{Variant: "chaturanga", Pieces: pieces}}, "position.pieces", "has 513 entries, at most 512", ""},
		{&pb.ScorePositionRequest{Position: chaturanga(long(maxTextLen + 1))}, "position.text", "at most 4096", "INVALID_POSITION"},
		{&pb.ScorePositionRequest{Position: chaturanga(startFEN), History: &pb.GameHistory{Keys: make([]uint64, maxHistory+1)}},
			"history.keys", "has 10001 entries, at most 10000", "HISTORY_TOO_LONG"},
		{&pb.ApplyMovesRequest{Position: chaturanga(startFEN), Moves: make([]*pb.Action, maxActions+1)}, "moves", "at most 10000", "TOO_MANY_ACTIONS"},
		{&pb.StartPositionRequest{Variant: "chaturaji", Options: map[string]*structpb.Value{long(300): structpb.NewBoolValue(true)}},
			"options", "has a key of 300 bytes, at most 256", ""},
		{&pb.StartPositionRequest{Variant: "chaturaji", Options: map[string]*structpb.Value{"goal": structpb.NewStringValue(long(257))}},
			`options["goal"].string_value`, "at most 256", ""},
		{&pb.StartPositionRequest{Variant: "chaturaji", Options: map[string]*structpb.Value{"goal": nested(40)}},
			`options["goal"]`, "nests messages more than 32 deep", ""},
		{&pb.ResolveDiceRequest{Position: chaturanga(startFEN), Values: make([]int32, 17)}, "values", "has 17 entries, at most 16", "INVALID_DICE"},
		{&pb.PerftRequest{Position: chaturanga(startFEN), Rolls: []*pb.DiceRoll{{Values: make([]int32, 17)}}}, "rolls[0].values", "at most 16", "INVALID_DICE"},
		{&pb.SearchStreamRequest{Position: chaturanga(startFEN), History: &pb.GameHistory{Start: chaturanga(startFEN),
			Actions: []*pb.Action{{Notation: "e2e3"}, {Notation: long(1000)}}}}, "history.actions[1].notation", "is 1000 bytes long", ""},
		{&pb.GetVariantRequest{Name: long(257)}, "name", "at most 256", ""},
	} {
		if c.reason == "" {
			c.reason = "FIELD_TOO_LARGE"
		}
		err := checkCaps(c.req)
		code, reason, field := errorDetails(err)
		msg := status.Convert(err).Message()
		if code != codes.InvalidArgument || reason != c.reason || field != c.field || !strings.Contains(msg, c.says) || len(msg) > 200 {
			t.Errorf("%T: %v %s %q %q, want %s %q saying %q", c.req, code, reason, field, echo.Clip(msg, 200), c.reason, c.field, c.says)
		}
	}
}

// Every position an answer gives, sent back whole, and requests at their caps pass.
func TestCapsAllowRealRequests(t *testing.T) {
	for _, v := range enginetest.Registered(t) {
		pos := startOf(t, v.Describe().Name)
		for _, req := range []proto.Message{
			&pb.ValidateMoveRequest{Position: pos, Move: &pb.Action{Notation: "e2e3", Dice: make([]int32, maxDiceCount)}},
			&pb.ApplyMovesRequest{Position: pos, Moves: make([]*pb.Action, maxActions), History: &pb.GameHistory{Keys: make([]uint64, maxHistory)}},
			&pb.ListLegalMovesRequest{Position: &pb.Position{Variant: pos.GetVariant(), Text: strings.Repeat("x", maxTextLen)}},
		} {
			if err := checkCaps(req); err != nil {
				t.Errorf("%s: %v", v.Describe().Name, err)
			}
		}
	}
}

func TestCapInterceptors(t *testing.T) {
	ran := false
	handler := func(context.Context, any) (any, error) { ran = true; return &pb.GetVariantResponse{}, nil }
	info := &grpc.UnaryServerInfo{FullMethod: "/ashtapada.v1.RulesService/GetVariant"}
	_, err := capRequests()(context.Background(), &pb.GetVariantRequest{Name: strings.Repeat("x", 1<<20)}, info, handler)
	if code, reason, field := errorDetails(err); code != codes.InvalidArgument || reason != "FIELD_TOO_LARGE" || field != "name" || ran {
		t.Errorf("oversized: %v %s %s, handler ran %v", code, reason, field, ran)
	}
	if _, err := capRequests()(context.Background(), &pb.GetVariantRequest{Name: "chaturanga"}, info, handler); err != nil || !ran {
		t.Errorf("within the caps: %v, handler ran %v", err, ran)
	}

	// A stream's handler reads its request through RecvMsg, which answers the caps' error.
	for _, c := range []struct {
		req  *pb.SearchStreamRequest
		want codes.Code
	}{
		{&pb.SearchStreamRequest{Position: chaturanga(strings.Repeat("x", maxTextLen+1))}, codes.InvalidArgument},
		{&pb.SearchStreamRequest{Position: chaturanga(startFEN)}, codes.OK},
	} {
		var recvErr error
		err := capStreamRequests()(nil, &oneMessageStream{msg: c.req}, &grpc.StreamServerInfo{FullMethod: "/ashtapada.v1.AnalysisService/SearchStream"},
			func(_ any, ss grpc.ServerStream) error {
				recvErr = ss.RecvMsg(&pb.SearchStreamRequest{})
				return recvErr
			})
		if status.Code(err) != c.want || status.Code(recvErr) != c.want {
			t.Errorf("stream: %v (RecvMsg %v), want %v", err, recvErr, c.want)
		}
	}
}

// oneMessageStream is a server stream whose client sent one message.
type oneMessageStream struct {
	grpc.ServerStream
	msg proto.Message
}

func (s *oneMessageStream) Context() context.Context { return context.Background() }

func (s *oneMessageStream) RecvMsg(m any) error {
	proto.Merge(m.(proto.Message), s.msg)
	return nil
}
