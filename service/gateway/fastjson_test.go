package gateway_test

import (
	"bytes"
	"context"
	"encoding/json"
	"math"
	"math/rand/v2"
	"testing"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/types/known/durationpb"
	"google.golang.org/protobuf/types/known/structpb"

	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
	"github.com/ashtapada/ashtapada/service"
	"github.com/ashtapada/ashtapada/service/gateway"
)

var gatewayJSON = protojson.MarshalOptions{UseProtoNames: true, EmitDefaultValues: true}

// sameAsProtojson fails unless the fast encoder writes m byte for byte as protojson does once its
// random spaces are compacted away.
func sameAsProtojson(t *testing.T, what string, m proto.Message) {
	t.Helper()
	want, err := gatewayJSON.Marshal(m)
	if err != nil {
		t.Fatalf("%s: protojson: %v", what, err)
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, want); err != nil {
		t.Fatal(err)
	}
	got, err := gateway.MarshalFastJSON(m.ProtoReflect())
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	if !bytes.Equal(got, compact.Bytes()) {
		t.Fatalf("%s:\n got %s\nwant %s", what, got, compact.Bytes())
	}
}

// Every kind of answer of every variant, along random games, is written as protojson writes it.
func TestFastJSONMatchesProtojsonOnAnswers(t *testing.T) {
	ctx := context.Background()
	r := service.Rules{}
	rng := rand.New(rand.NewPCG(1, 2))
	list, err := r.ListVariants(ctx, &pb.ListVariantsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	sameAsProtojson(t, "ListVariants", list)
	compared := map[protoreflect.FullName]int{}
	check := func(what string, m proto.Message) {
		t.Helper()
		sameAsProtojson(t, what, m)
		compared[m.ProtoReflect().Descriptor().FullName()]++
	}
	for _, v := range list.GetVariants() {
		name := v.GetName()
		desc, err := r.GetVariant(ctx, &pb.GetVariantRequest{Name: name})
		if err != nil {
			t.Fatal(err)
		}
		check(name+" GetVariant", desc)
		start, err := r.StartPosition(ctx, &pb.StartPositionRequest{Variant: name})
		if err != nil {
			t.Fatal(err)
		}
		check(name+" StartPosition", start)
		pos := start.GetPosition()
		for ply := 0; ply < 60; ply++ {
			score, err := r.ScorePosition(ctx, &pb.ScorePositionRequest{Position: pos})
			if err != nil {
				t.Fatal(err)
			}
			check(name+" ScorePosition", score)
			notation, err := r.ListLegalMoves(ctx, &pb.ListLegalMovesRequest{Position: pos, View: pb.MoveView_MOVE_VIEW_NOTATION})
			if err != nil {
				t.Fatal(err)
			}
			check(name+" ListLegalMoves notation", notation)
			moves, err := r.ListLegalMoves(ctx, &pb.ListLegalMovesRequest{Position: pos})
			if err != nil {
				t.Fatal(err)
			}
			check(name+" ListLegalMoves", moves)
			if moves.GetChance() {
				seed := rng.Uint64()
				roll, err := r.RollDice(ctx, &pb.RollDiceRequest{Position: pos, Seed: &seed, IncludeNext: true})
				if err != nil {
					t.Fatal(err)
				}
				check(name+" RollDice", roll)
				resolved, err := r.ResolveDice(ctx, &pb.ResolveDiceRequest{Position: pos, Values: roll.GetValues(), IncludeNext: true})
				if err != nil {
					t.Fatal(err)
				}
				check(name+" ResolveDice", resolved)
				pos = roll.GetPosition()
				continue
			}
			if len(moves.GetMoves()) == 0 {
				break
			}
			move := moves.GetMoves()[rng.IntN(len(moves.GetMoves()))]
			valid, err := r.ValidateMove(ctx, &pb.ValidateMoveRequest{Position: pos, Move: move, IncludeNext: ply%2 == 0})
			if err != nil {
				t.Fatal(err)
			}
			check(name+" ValidateMove", valid)
			if illegal, err := r.ValidateMove(ctx, &pb.ValidateMoveRequest{Position: pos, Move: &pb.Action{Notation: "a1a1"}}); err == nil {
				check(name+" ValidateMove illegal", illegal)
			}
			applied, err := r.ApplyMoves(ctx, &pb.ApplyMovesRequest{Position: pos, Moves: []*pb.Action{move, move}, IncludeNext: true})
			if err != nil {
				t.Fatal(err)
			}
			check(name+" ApplyMoves", applied)
			pos = valid.GetPosition()
		}
	}
	for _, n := range []protoreflect.FullName{"ListLegalMovesResponse", "ValidateMoveResponse", "ScorePositionResponse",
		"GetVariantResponse", "StartPositionResponse", "ApplyMovesResponse", "RollDiceResponse", "ResolveDiceResponse"} {
		if compared["ashtapada.v1."+n] == 0 {
			t.Errorf("no %s compared", n)
		}
	}
	t.Logf("compared: %v", compared)
}

// The encoder's own cases: escapes, numbers, map order, Values, presence.
func TestFastJSONEdgeCases(t *testing.T) {
	opts, _ := structpb.NewStruct(map[string]any{"z": 1.5, "a": true, "m": "x\"\\\n\t\x01é\u2028<>&", "n": nil,
		"l": []any{1e21, 1e-7, -0.0, 123456789.125, map[string]any{}}, "big": float64(1 << 53)})
	for _, m := range []proto.Message{
		&pb.StartPositionRequest{Variant: "a\x7fb\u00ff\U0001F600", Options: opts.GetFields()},
		&pb.StartPositionRequest{},
		&pb.RollDiceRequest{Seed: proto.Uint64(math.MaxUint64)},
		&pb.RollDiceResponse{Values: []int32{-1, 0, math.MaxInt32}, Seed: 1 << 63},
		&pb.ListLegalMovesResponse{Phase: pb.Phase(99)},
		structpb.NewNullValue(),
		structpb.NewListValue(&structpb.ListValue{}),
	} {
		sameAsProtojson(t, string(m.ProtoReflect().Descriptor().FullName()), m)
	}
	// Left to protojson: an invalid string, a Value without a kind or not finite, other
	// well-known types.
	for _, m := range []proto.Message{
		&pb.StartPositionRequest{Variant: "\xff"},
		&pb.StartPositionRequest{Options: map[string]*structpb.Value{"x": {}}},
		structpb.NewNumberValue(math.Inf(1)),
		durationpb.New(1),
		&pb.SearchResponse{},
	} {
		if b, err := gateway.MarshalFastJSON(m.ProtoReflect()); err != gateway.ErrFastJSON {
			t.Errorf("%T: %s, %v; want it left to protojson", m, b, err)
		}
	}
}
