package service

import (
	"strings"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/types/known/structpb"

	"github.com/ashtapada/ashtapada/engine"
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
