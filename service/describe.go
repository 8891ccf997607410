package service

import (
	"google.golang.org/protobuf/types/known/structpb"

	"github.com/ashtapada/ashtapada/engine"
	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
)

func optionSpecsToProto(specs []engine.OptionSpec) []*pb.OptionSpec {
	out := make([]*pb.OptionSpec, 0, len(specs))
	for _, s := range specs {
		t := pb.OptionType_OPTION_TYPE_STRING
		switch s.Kind {
		case engine.OptionBool:
			t = pb.OptionType_OPTION_TYPE_BOOL
		case engine.OptionInt:
			t = pb.OptionType_OPTION_TYPE_INT
		}
		out = append(out, &pb.OptionSpec{Name: s.Name, Type: t, DefaultValue: optionValueToProto(s.Default),
			Description: s.Description, Min: s.Min, Max: s.Max, Allowed: s.Allowed})
	}
	return out
}

func seatsToProto(players []engine.PlayerInfo) []*pb.Seat {
	out := make([]*pb.Seat, 0, len(players))
	for _, p := range players {
		out = append(out, &pb.Seat{Player: p.Name, Seat: p.Seat, Team: p.Team, Color: p.Color})
	}
	return out
}

func boardToProto(b *engine.Board) *pb.Board {
	out := &pb.Board{Files: int32(b.Files), Ranks: int32(b.Ranks), LayoutInPosition: b.LayoutInPosition}
	for _, s := range b.Squares {
		out.Squares = append(out.Squares, &pb.Square{Name: s.Name, File: int32(s.File), Rank: int32(s.Rank), Region: s.Region})
	}
	for _, r := range b.Regions {
		out.Regions = append(out.Regions, &pb.Region{Name: r.Name, Kind: r.Kind, Squares: r.Squares})
	}
	for _, c := range b.Connections {
		out.Connections = append(out.Connections, &pb.Connection{From: c.From, To: c.To, Direction: c.Direction})
	}
	for _, m := range b.Marks {
		out.Marks = append(out.Marks, &pb.SquareMark{Name: m.Name, Player: m.Player, Squares: m.Squares, Description: m.Description, Shape: markShapes[m.Shape]})
	}
	return out
}

func variantToProto(d *engine.Description) *pb.Variant {
	v := &pb.Variant{Name: d.Name, Title: d.Title, Summary: d.Summary, MinPlayers: int32(d.MinPlayers),
		MaxPlayers: int32(d.MaxPlayers), Options: optionSpecsToProto(d.Options), MaxActionsPerTurn: int32(d.ActionsPerTurn),
		PositionNotation: d.PositionNotation, ActionNotation: d.ActionNotation, Repetition: int32(d.Repetition)}
	for _, a := range d.Actions {
		v.ActionTypes = append(v.ActionTypes, &pb.ActionType{Name: a.Name, Kind: actionKindToProto(a.Kind), Notation: a.Notation, Description: a.Description})
	}
	for _, e := range d.Events {
		v.EventTypes = append(v.EventTypes, &pb.EventType{Name: e.Name, Kind: eventKindToProto(e.Kind), Description: e.Description})
	}
	v.StateTypes = stateTypesToProto(d.State)
	for _, l := range d.Levels {
		v.Levels = append(v.Levels, &pb.LevelRating{Level: int32(l.Level), Elo: l.Elo, EloLow: l.Low, EloHigh: l.High})
	}
	v.Seats = seatsToProto(d.Players)
	v.Board = boardToProto(d.Board)
	for _, ob := range d.OptionBoards {
		o := &pb.OptionBoard{Options: map[string]*structpb.Value{}, Board: boardToProto(ob.Board), Seats: seatsToProto(ob.Players)}
		for name, val := range ob.Options {
			o.Options[name] = optionValueToProto(val)
		}
		v.OptionBoards = append(v.OptionBoards, o)
	}
	for _, p := range d.Pieces {
		v.PieceTypes = append(v.PieceTypes, &pb.PieceType{Kind: p.Kind, Letter: p.Letter, Title: p.Title, Movement: p.Movement,
			Value: int32(p.Value), Royal: p.Royal, Immobile: p.Immobile, Neutral: p.Neutral})
	}
	for _, dt := range d.Dice {
		die := &pb.DieType{Kind: dt.Kind, Count: int32(dt.Count)}
		for _, f := range dt.Faces {
			die.Faces = append(die.Faces, &pb.DieFace{Value: int32(f.Value), Label: f.Label, Meaning: f.Meaning})
		}
		v.DieTypes = append(v.DieTypes, die)
	}
	return v
}

var markShapes = map[engine.MarkShape]pb.MarkShape{
	engine.MarkOnSquares: pb.MarkShape_MARK_SHAPE_UNSPECIFIED,
	engine.MarkBorder:    pb.MarkShape_MARK_SHAPE_BORDER,
	engine.MarkCornerDot: pb.MarkShape_MARK_SHAPE_CORNER_DOT,
}
