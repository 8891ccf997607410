package service

import (
	"context"
	"errors"
	"maps"
	"slices"
	"strconv"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/record"
	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
	"github.com/ashtapada/ashtapada/service/internal/echo"
)

func (Rules) ExportGame(_ context.Context, req *pb.ExportGameRequest) (*pb.ExportGameResponse, error) {
	start, err := positionFromProto(req.GetStart(), "start")
	if err != nil {
		return nil, err
	}
	if len(req.GetActions()) > maxActions {
		return nil, invalid("TOO_MANY_ACTIONS", "actions", "at most %d actions per record, got %d", maxActions, len(req.GetActions()))
	}
	actions := req.GetActions()
	moves := make([]engine.Move, 0, len(actions))
	_, _, err = engine.Replay(start, len(actions), func(i int, p engine.Position) (engine.Move, error) {
		field := "actions[" + strconv.Itoa(i) + "]"
		if p.Phase() == engine.PhaseFinished {
			return 0, invalid("ILLEGAL_ACTION", field, "the game is over: %s", p.Outcome().Reason)
		}
		m, reason, err := resolveAction(p, actions[i], field)
		if err != nil {
			return 0, err
		}
		if reason != "" {
			if n := actions[i].GetNotation(); n != "" {
				reason = echo.Quote(n) + ": " + reason
			}
			return 0, invalid("ILLEGAL_ACTION", field, "%s", reason)
		}
		moves = append(moves, m)
		return m, nil
	})
	var replay *engine.ReplayError
	if errors.As(err, &replay) {
		if errors.Is(err, engine.ErrDrawnBefore) {
			return nil, invalid("ILLEGAL_ACTION", "actions["+strconv.Itoa(replay.Index)+"]", "%s", engine.ErrDrawnBefore.Error())
		}
		return nil, replay.Err
	}
	// Sorted by name: a map has no order of its own, and the same request gives the same record.
	var tags []record.Tag
	for _, name := range slices.Sorted(maps.Keys(req.GetTags())) {
		tags = append(tags, record.Tag{Name: name, Value: req.GetTags()[name]})
	}
	text, err := record.Write(start, moves, tags)
	if err != nil {
		var re *record.Error
		switch {
		case !errors.As(err, &re):
		case re.Action >= 0:
			return nil, invalid("ILLEGAL_ACTION", "actions["+strconv.Itoa(re.Action)+"]", "%s", re.Reason)
		case re.TooLarge:
			return nil, invalid("FIELD_TOO_LARGE", "tags", "%s", re.Reason)
		default:
			// Write's other errors are about a tag given.
			field := "tags"
			if re.Tag != "" {
				field += "." + re.Tag
			}
			return nil, invalid("INVALID_TAG", field, "%s", re.Reason)
		}
		return nil, toStatus(err, "")
	}
	return &pb.ExportGameResponse{Record: text}, nil
}

func (Rules) ImportGame(_ context.Context, req *pb.ImportGameRequest) (*pb.ImportGameResponse, error) {
	if req.GetRecord() == "" {
		return nil, invalid("INVALID_RECORD", "record", "record is required")
	}
	rec, err := record.Read(req.GetRecord(), maxActions)
	if err != nil {
		var re *record.Error
		if errors.As(err, &re) && re.TooLarge {
			return nil, invalid("RECORD_TOO_LARGE", "record", "%s", re.Error())
		}
		return nil, invalid("INVALID_RECORD", "record", "%s", err.Error())
	}
	if req.GetIncludePositions() && len(rec.Actions) > maxImportPositions {
		return nil, invalid("TOO_MANY_ACTIONS", "include_positions",
			"positions are sent for records of at most %d actions, the record has %d; import without include_positions and replay with ApplyMoves",
			maxImportPositions, len(rec.Actions))
	}
	steps, fail := rec.Play()
	resp := &pb.ImportGameResponse{Start: positionToProto(rec.Start), Result: rec.Result, Tags: make(map[string]string, len(rec.Tags))}
	for _, t := range rec.Tags {
		resp.Tags[t.Name] = t.Value
	}
	resp.Actions = make([]*pb.Action, len(steps))
	if req.GetIncludePositions() {
		resp.Positions = make([]*pb.Position, 0, len(steps))
	}
	for i, s := range steps {
		resp.Actions[i] = actionToProto(s.Before, s.Move)
		if req.GetIncludePositions() {
			p := positionToProto(s.After)
			p.LastAction = resp.Actions[i]
			resp.Positions = append(resp.Positions, p)
		}
	}
	resp.Position = resp.Start
	switch n := len(steps); {
	case n > 0 && req.GetIncludePositions():
		// The last position is already made; the answer shares it.
		resp.Position = resp.Positions[n-1]
	case n > 0:
		resp.Position = positionToProto(steps[n-1].After)
		resp.Position.LastAction = resp.Actions[n-1]
	}
	if fail != nil {
		resp.Failure = &pb.MoveFailure{Index: int32(fail.Index), Notation: fail.Notation,
			Reason: "line " + strconv.Itoa(fail.Line) + ": " + fail.Reason}
	} else {
		resp.Warnings = rec.Disagreements(steps)
	}
	return resp, nil
}
