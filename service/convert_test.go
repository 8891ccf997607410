package service

import (
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
)

// Every engine action and event kind converts to the API enum value of the same name, and every
// API value has an engine kind.
func TestKindNumbering(t *testing.T) {
	n := 0
	for k := engine.ActionKind(1); k.String() != "unknown"; k++ {
		if got, want := actionKindToProto(k).String(), "ACTION_KIND_"+strings.ToUpper(k.String()); got != want {
			t.Errorf("action kind %s converts to %s", k, got)
		}
		n++
	}
	if n != len(pb.ActionKind_name)-1 {
		t.Errorf("%d engine action kinds, %d in the API", n, len(pb.ActionKind_name)-1)
	}
	n = 0
	for k := engine.EventKind(1); k.String() != "unknown"; k++ {
		if got, want := eventKindToProto(k).String(), "EVENT_KIND_"+strings.ToUpper(k.String()); got != want {
			t.Errorf("event kind %s converts to %s", k, got)
		}
		n++
	}
	if n != len(pb.EventKind_name)-1 {
		t.Errorf("%d engine event kinds, %d in the API", n, len(pb.EventKind_name)-1)
	}
}
