package service

import (
	"math"
	"slices"

	"google.golang.org/protobuf/types/known/structpb"

	"github.com/ashtapada/ashtapada/engine"
	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
	"github.com/ashtapada/ashtapada/service/internal/echo"
)

// A variant's own state (engine.Description.State) is converted here and only here, by its
// declared kinds: Position.state and PlayerState.state are maps of google.protobuf.Value, so a
// new game's state needs no field in the API.

// stateToProto writes a position's or a player's own state.
func stateToProto(in map[string]engine.StateValue) map[string]*structpb.Value {
	if len(in) == 0 {
		return nil
	}
	out := make(map[string]*structpb.Value, len(in))
	for name, v := range in {
		switch v.Kind {
		case engine.StateBool:
			out[name] = structpb.NewBoolValue(v.Bool)
		case engine.StateInt:
			out[name] = structpb.NewNumberValue(float64(v.Int))
		case engine.StateString:
			out[name] = structpb.NewStringValue(v.String)
		case engine.StateList:
			list := make([]*structpb.Value, len(v.List))
			for i, s := range v.List {
				list[i] = structpb.NewStringValue(s)
			}
			out[name] = structpb.NewListValue(&structpb.ListValue{Values: list})
		}
	}
	return out
}

// stateFromProto reads the own state of a position (perPlayer false) or of a player, checking
// every entry against the variant's declarations: a known name of the right kind. field is the
// map's path (position.state, position.players[1].state).
func stateFromProto(infos []engine.StateInfo, perPlayer bool, in map[string]*structpb.Value, field string) (map[string]engine.StateValue, error) {
	if len(in) == 0 {
		return nil, nil
	}
	out := make(map[string]engine.StateValue, len(in))
	for name, v := range in {
		f := field + "[" + echo.Quote(name) + "]"
		i := slices.IndexFunc(infos, func(s engine.StateInfo) bool { return s.Name == name && s.PerPlayer == perPlayer })
		if i < 0 {
			return nil, invalid("INVALID_POSITION", f, "%s is no state of this variant%s", echo.Quote(name), stateNames(infos, perPlayer))
		}
		sv, ok := stateValue(infos[i].Kind, v)
		if !ok {
			return nil, invalid("INVALID_POSITION", f, "%s wants %s", echo.Quote(name), kindWords[infos[i].Kind])
		}
		if !sv.IsZero() {
			out[name] = sv
		}
	}
	return out, nil
}

// kindWords say what a value of each kind is.
var kindWords = map[engine.StateKind]string{engine.StateBool: "true or false", engine.StateInt: "a whole number",
	engine.StateString: "a string", engine.StateList: "a list of strings"}

// stateValue reads one value of the given kind.
func stateValue(kind engine.StateKind, v *structpb.Value) (engine.StateValue, bool) {
	sv := engine.StateValue{Kind: kind}
	switch kind {
	case engine.StateBool:
		b, ok := v.GetKind().(*structpb.Value_BoolValue)
		if ok {
			sv.Bool = b.BoolValue
		}
		return sv, ok
	case engine.StateInt:
		n, ok := v.GetKind().(*structpb.Value_NumberValue)
		if !ok || n.NumberValue != math.Trunc(n.NumberValue) || math.Abs(n.NumberValue) > 1<<53 {
			return sv, false
		}
		sv.Int = int64(n.NumberValue)
		return sv, true
	case engine.StateString:
		s, ok := v.GetKind().(*structpb.Value_StringValue)
		if ok {
			sv.String = s.StringValue
		}
		return sv, ok
	case engine.StateList:
		l, ok := v.GetKind().(*structpb.Value_ListValue)
		if !ok {
			return sv, false
		}
		for _, e := range l.ListValue.GetValues() {
			s, ok := e.GetKind().(*structpb.Value_StringValue)
			if !ok {
				return sv, false
			}
			sv.List = append(sv.List, s.StringValue)
		}
		return sv, true
	}
	return sv, false
}

// stateNames is ": want one of a, b" for the state the variant declares, or "" for none.
func stateNames(infos []engine.StateInfo, perPlayer bool) string {
	var names []string
	for _, s := range infos {
		if s.PerPlayer == perPlayer {
			names = append(names, s.Name)
		}
	}
	if len(names) == 0 {
		return ""
	}
	out := "; want one of "
	for i, n := range names {
		if i > 0 {
			out += ", "
		}
		out += n
	}
	return out
}

// stateTypesToProto describes a variant's own state.
func stateTypesToProto(infos []engine.StateInfo) []*pb.StateType {
	out := make([]*pb.StateType, len(infos))
	for i, s := range infos {
		out[i] = &pb.StateType{Name: s.Name, Kind: s.Kind.String(), PerPlayer: s.PerPlayer, Description: s.Description}
	}
	return out
}
