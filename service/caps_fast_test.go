package service

import (
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/structpb"

	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
)

// overCaps, which decides whether walkCaps runs, agrees with it on requests at every kind of cap
// and one step beyond it: a list's entries, a string's bytes, a map's keys and values, nesting.
func TestOverCapsAgreesWithWalk(t *testing.T) {
	long := func(n int) string { return strings.Repeat("x", n) }
	opts := func(n int) map[string]*structpb.Value {
		m := map[string]*structpb.Value{}
		for i := range n {
			m[long(i+1)] = structpb.NewBoolValue(true)
		}
		return m
	}
	start := chaturanga(startFEN)
	for _, c := range []struct {
		name     string
		at, over proto.Message
	}{
		{"list of ints", &pb.ResolveDiceRequest{Position: start, Values: make([]int32, 16)},
			&pb.ResolveDiceRequest{Position: start, Values: make([]int32, 17)}},
		{"ints in a message in a list", &pb.PerftRequest{Position: start, Rolls: []*pb.DiceRoll{{}, {Values: make([]int32, 16)}}},
			&pb.PerftRequest{Position: start, Rolls: []*pb.DiceRoll{{}, {Values: make([]int32, 17)}}}},
		{"string", &pb.GetVariantRequest{Name: long(256)}, &pb.GetVariantRequest{Name: long(257)}},
		{"position text", &pb.ScorePositionRequest{Position: chaturanga(long(maxTextLen))},
			&pb.ScorePositionRequest{Position: chaturanga(long(maxTextLen + 1))}},
		{"string in a list", &pb.ValidateMoveRequest{Position: &pb.Position{Variant: "chaturanga", Pieces: []*pb.Piece{{Kind: long(256)}}}},
			&pb.ValidateMoveRequest{Position: &pb.Position{Variant: "chaturanga", Pieces: []*pb.Piece{{}, {Kind: long(257)}}}}},
		{"map entries", &pb.StartPositionRequest{Options: opts(64)}, &pb.StartPositionRequest{Options: opts(65)}},
		{"map key", &pb.StartPositionRequest{Options: map[string]*structpb.Value{long(256): structpb.NewBoolValue(true)}},
			&pb.StartPositionRequest{Options: map[string]*structpb.Value{long(257): structpb.NewBoolValue(true)}}},
		{"map value", &pb.StartPositionRequest{Options: map[string]*structpb.Value{"a": structpb.NewStringValue(long(256))}},
			&pb.StartPositionRequest{Options: map[string]*structpb.Value{"a": structpb.NewStringValue(long(257))}}},
		{"nesting", &pb.StartPositionRequest{Options: map[string]*structpb.Value{"a": nested(15)}},
			&pb.StartPositionRequest{Options: map[string]*structpb.Value{"a": nested(16)}}},
		{"the middlegame", &pb.ValidateMoveRequest{Position: chaturanga(middlegame), Move: &pb.Action{Notation: "c6d4"}},
			&pb.ValidateMoveRequest{Position: chaturanga(middlegame), Move: &pb.Action{Notation: "c6d4", Dice: make([]int32, 17)}}},
	} {
		for _, m := range []proto.Message{c.at, c.over} {
			walked := walkCaps(m.ProtoReflect(), "", "", false, 0)
			if over := overCaps(m.ProtoReflect(), 0); over != (walked != nil) {
				t.Errorf("%s: overCaps %v, walkCaps %v", c.name, over, walked)
			}
		}
		if err := checkCaps(c.at); err != nil {
			t.Errorf("%s at its cap: %v", c.name, err)
		}
		if checkCaps(c.over) == nil {
			t.Errorf("%s beyond its cap: passes", c.name)
		}
	}
}
