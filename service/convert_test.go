package service

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
)

// Every engine action and event kind converts to the API enum value of the same name, and every
// API value has an engine kind.
func TestKindNumbering(t *testing.T) {
	n := 0
	for _, k := range engine.ActionKinds {
		if got, want := actionKindToProto(k).String(), "ACTION_KIND_"+strings.ToUpper(k.String()); got != want {
			t.Errorf("action kind %s converts to %s", k, got)
		}
		n++
	}
	if n != len(pb.ActionKind_name)-1 {
		t.Errorf("%d engine action kinds, %d in the API", n, len(pb.ActionKind_name)-1)
	}
	n = 0
	for _, k := range engine.EventKinds {
		if got, want := eventKindToProto(k).String(), "EVENT_KIND_"+strings.ToUpper(k.String()); got != want {
			t.Errorf("event kind %s converts to %s", k, got)
		}
		n++
	}
	if n != len(pb.EventKind_name)-1 {
		t.Errorf("%d engine event kinds, %d in the API", n, len(pb.EventKind_name)-1)
	}
}

// Every variant names each action and event it produces in its description, with the kind it
// produces, so clients can rely on Variant.action_types and event_types.
func TestVariantsDeclareTheirActions(t *testing.T) {
	for _, v := range engine.Variants() {
		d := v.Describe()
		t.Run(d.Name, func(t *testing.T) {
			declared := map[string]engine.ActionKind{}
			for _, a := range d.Actions {
				declared[a.Name] = a.Kind
			}
			pos, err := v.Start(nil)
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(3, 4))
			for ply := 0; ply < 300 && pos.Phase() != engine.PhaseFinished; ply++ {
				moves := pos.Moves(nil)
				for _, m := range moves {
					a := pos.Action(m)
					if kind, ok := declared[a.Name]; !ok || kind != a.Kind {
						t.Fatalf("%s: action %q (%s) is not declared with that kind", pos, pos.Notation(m), a.Name)
					}
				}
				child, events := pos.Play(moves[rng.IntN(len(moves))])
				for _, e := range events {
					if !slices.ContainsFunc(d.Events, func(i engine.EventInfo) bool { return i.Name == e.Name && i.Kind == e.Kind }) {
						t.Fatalf("event %q (%s) is not declared with that kind", e.Name, e.Kind)
					}
				}
				pos = child
			}
		})
	}
}
