package service

import (
	"context"
	"strings"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/structpb"

	"github.com/ashtapada/ashtapada/engine"
	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
)

// A variant's own state crosses the API by its declared kinds, and anything else is refused with
// the entry named.
func TestStateConversion(t *testing.T) {
	infos := []engine.StateInfo{
		{Name: "move_done", Kind: engine.StateBool},
		{Name: "turns", Kind: engine.StateInt},
		{Name: "entered", Kind: engine.StateString},
		{Name: "rights", Kind: engine.StateList, PerPlayer: true},
	}
	pos := map[string]engine.StateValue{
		"move_done": {Kind: engine.StateBool, Bool: true},
		"turns":     {Kind: engine.StateInt, Int: 12},
		"entered":   {Kind: engine.StateString, String: "gq"},
	}
	back, err := stateFromProto(infos, false, stateToProto(pos), "position.state")
	if err != nil || len(back) != 3 || back["turns"].Int != 12 || !back["move_done"].Bool || back["entered"].String != "gq" {
		t.Errorf("position state read back as %v, %v", back, err)
	}
	player := map[string]engine.StateValue{"rights": {Kind: engine.StateList, List: []string{"garrison_a", "garrison_e"}}}
	pb, err := stateFromProto(infos, true, stateToProto(player), "position.players[0].state")
	if err != nil || len(pb["rights"].List) != 2 || pb["rights"].List[1] != "garrison_e" {
		t.Errorf("player state read back as %v, %v", pb, err)
	}
	// Zero values are the state's absence.
	if got, _ := stateFromProto(infos, false, map[string]*structpb.Value{"move_done": structpb.NewBoolValue(false)}, "s"); len(got) != 0 {
		t.Errorf("a false flag kept: %v", got)
	}
	for _, c := range []struct {
		name      string
		perPlayer bool
		value     *structpb.Value
		says      string
	}{
		{"nope", false, structpb.NewBoolValue(true), "no state of this variant; want one of move_done, turns, entered"},
		{"rights", false, structpb.NewBoolValue(true), "no state of this variant"}, // a player's, not the position's
		{"turns", false, structpb.NewStringValue("12"), "wants a whole number"},
		{"turns", false, structpb.NewNumberValue(1.5), "wants a whole number"},
		{"move_done", false, structpb.NewNumberValue(1), "wants true or false"},
		{"rights", true, structpb.NewListValue(&structpb.ListValue{Values: []*structpb.Value{structpb.NewNumberValue(1)}}), "wants a list of strings"},
	} {
		_, err := stateFromProto(infos, c.perPlayer, map[string]*structpb.Value{c.name: c.value}, "position.state")
		code, reason, field := errorDetails(err)
		if code != codes.InvalidArgument || reason != "INVALID_POSITION" || field != `position.state["`+c.name+`"]` {
			t.Errorf("%s = %v: %v %s %q (%v)", c.name, c.value, code, reason, field, err)
		}
		if err != nil && !strings.Contains(err.Error(), c.says) {
			t.Errorf("%s: %v, want it to say %q", c.name, err, c.says)
		}
	}
}

// A variant's own state is described by GetVariant, answered in positions, and read back from a
// structured position, over both transports.
func TestStateThroughTheAPI(t *testing.T) {
	s := startServer(t)
	v, err := s.rules.GetVariant(context.Background(), &pb.GetVariantRequest{Name: "martian_chaturanga"})
	if err != nil {
		t.Fatal(err)
	}
	if st := v.GetVariant().GetStateTypes(); len(st) != 1 || st[0].GetName() != "rights" || st[0].GetKind() != "list" || !st[0].GetPerPlayer() {
		t.Errorf("martian_chaturanga's state types: %v", st)
	}
	s.overBoth(t, func(t *testing.T, tr transport) {
		start := &pb.StartPositionResponse{}
		if err := tr.call(t, rulesMethod+"StartPosition", "/v1/variants/martian_chaturanga:start", &pb.StartPositionRequest{Variant: "martian_chaturanga"}, start); err != nil {
			t.Fatal(err)
		}
		pos := start.GetPosition()
		rights := pos.GetPlayers()[0].GetState()["rights"].GetListValue().GetValues()
		if len(rights) != 2 || rights[0].GetStringValue() != "garrison_a" {
			t.Fatalf("light's rights at the start: %v", pos.GetPlayers()[0].GetState())
		}
		// Light gives up the garrison on a: the structured form says so, and the text follows.
		structured := proto.Clone(pos).(*pb.Position)
		structured.Text = ""
		structured.Players[0].State["rights"] = structpb.NewListValue(&structpb.ListValue{Values: []*structpb.Value{structpb.NewStringValue("garrison_e")}})
		score := &pb.ScorePositionResponse{}
		if err := tr.call(t, rulesMethod+"ScorePosition", "/v1/positions:score", &pb.ScorePositionRequest{Position: structured}, score); err != nil {
			t.Fatal(err)
		}
		if text := score.GetPosition().GetText(); !strings.Contains(text, " Eae ") {
			t.Errorf("light without garrison_a: %q, want rights Eae", text)
		}
		structured.Players[0].State["rights"] = structpb.NewStringValue("garrison_e")
		err := tr.call(t, rulesMethod+"ScorePosition", "/v1/positions:score", &pb.ScorePositionRequest{Position: structured}, score)
		if code, reason, field := errorDetails(err); code != codes.InvalidArgument || reason != "INVALID_POSITION" || field != `position.players[0].state["rights"]` {
			t.Errorf("rights as a string: %v %s %q", code, reason, field)
		}
	})
}
