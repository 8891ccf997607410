package service

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/structpb"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/enginetest"
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
	for _, v := range enginetest.Registered(t) {
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

// rules calls a rules method directly, as the server does after its interceptors.
var rules Rules

// A structured promotion names the kind or its letter, in either case.
func TestPromotionByLetter(t *testing.T) {
	ctx := context.Background()
	pos := chaturanga("2r1k3/1P4P1/8/3q4/8/8/1p4p1/R3K3 w - - 0 40")
	for _, promo := range []string{"mantri", "Q", "q", "Mantri"} {
		v, err := rules.ValidateMove(ctx, &pb.ValidateMoveRequest{Position: pos, Move: &pb.Action{From: "g7", To: "g8", Promotion: promo}})
		if err != nil || !v.GetLegal() || v.GetMove().GetNotation() != "g7g8q" || v.GetMove().GetPromotion() != "mantri" {
			t.Errorf("promotion %q: %v %v", promo, v, err)
		}
	}
	for _, promo := range []string{"n", "queen", "x"} {
		v, err := rules.ValidateMove(ctx, &pb.ValidateMoveRequest{Position: pos, Move: &pb.Action{From: "g7", To: "g8", Promotion: promo}})
		if err != nil || v.GetLegal() {
			t.Errorf("promotion %q: %v %v", promo, v, err)
		}
	}
	// Martian Chaturanga promotes to a captured piece: R is the raven.
	mars := &pb.Position{Variant: "martian_chaturanga", Text: "4m/1S3/5/5/M4 l 3s,4s - R 0 1"}
	for _, promo := range []string{"raven", "R", "r"} {
		v, err := rules.ValidateMove(ctx, &pb.ValidateMoveRequest{Position: mars, Move: &pb.Action{From: "b4", To: "b5", Promotion: promo}})
		if err != nil || !v.GetLegal() || v.GetMove().GetPromotion() != "raven" {
			t.Errorf("martian promotion %q: %v %v", promo, v, err)
		}
	}
}

// A position given as text and structure at once must be one position; the error names the
// structured fields that differ from the text.
func TestTextAndStructure(t *testing.T) {
	ctx := context.Background()
	start, err := rules.StartPosition(ctx, &pb.StartPositionRequest{Variant: "chaturanga"})
	if err != nil {
		t.Fatal(err)
	}
	echo := start.GetPosition()
	edit := func(f func(p *pb.Position)) *pb.Position {
		p := proto.Clone(echo).(*pb.Position)
		f(p)
		return p
	}
	for _, c := range []struct {
		name   string
		pos    *pb.Position
		fields []string // the violations, none when the position is accepted
	}{
		{"an answer's position sent back whole", echo, nil},
		{"text and an agreeing field", &pb.Position{Variant: "chaturanga", Text: echo.GetText(), ToMove: "white"}, nil},
		{"text and agreeing counters, one given", &pb.Position{Variant: "chaturanga", Text: echo.GetText(),
			Counters: []*pb.Counter{{Name: "fullmove_number", Value: 1}}}, nil},
		{"output fields are ignored", edit(func(p *pb.Position) { p.Key, p.InCheck, p.LastAction = 7, true, &pb.Action{Notation: "e2e3"} }), nil},
		{"a board editor's change with the text left stale", edit(func(p *pb.Position) { p.Pieces = p.Pieces[1:] }),
			[]string{"position.pieces"}},
		{"another side to move", edit(func(p *pb.Position) { p.ToMove = "black" }), []string{"position.to_move"}},
		{"another move number", &pb.Position{Variant: "chaturanga", Text: echo.GetText(),
			Counters: []*pb.Counter{{Name: "fullmove_number", Value: 40}}}, []string{"position.counters"}},
		{"another phase", edit(func(p *pb.Position) { p.Phase = pb.Phase_PHASE_FINISHED }), []string{"position.phase"}},
		{"two fields at once", edit(func(p *pb.Position) { p.Pieces = p.Pieces[1:]; p.ToMove = "black" }),
			[]string{"position.pieces", "position.to_move"}},
	} {
		_, err := rules.ListLegalMoves(ctx, &pb.ListLegalMovesRequest{Position: c.pos})
		if c.fields == nil {
			if err != nil {
				t.Errorf("%s: %v", c.name, err)
			}
			continue
		}
		code, reason, _ := errorDetails(err)
		if code != codes.InvalidArgument || reason != "POSITION_MISMATCH" || !slices.Equal(violations(err), c.fields) {
			t.Errorf("%s: %v %s %v, want POSITION_MISMATCH on %v", c.name, code, reason, violations(err), c.fields)
		}
	}
}

// Every position an answer gives, sent back whole, is accepted: its text and structure agree.
func TestAnswersSentBackWhole(t *testing.T) {
	ctx := context.Background()
	for _, v := range enginetest.Registered(t) {
		name := v.Describe().Name
		start, err := rules.StartPosition(ctx, &pb.StartPositionRequest{Variant: name})
		if err != nil {
			t.Fatal(err)
		}
		pos := start.GetPosition()
		rng := rand.New(rand.NewPCG(1, 2))
		for ply := 0; ply < 120 && pos.GetPhase() != pb.Phase_PHASE_FINISHED; ply++ {
			list, err := rules.ListLegalMoves(ctx, &pb.ListLegalMovesRequest{Position: pos})
			if err != nil {
				t.Fatalf("%s, ply %d: %v", name, ply, err)
			}
			move := list.GetMoves()[rng.IntN(len(list.GetMoves()))]
			resp, err := rules.ValidateMove(ctx, &pb.ValidateMoveRequest{Position: pos, Move: &pb.Action{Notation: move.GetNotation()}})
			if err != nil || !resp.GetLegal() {
				t.Fatalf("%s, ply %d, %s: %v %v", name, ply, move.GetNotation(), resp, err)
			}
			pos = resp.GetPosition()
		}
	}
}

// violations lists the fields a status error's BadRequest names.
func violations(err error) []string {
	var out []string
	for _, d := range status.Convert(err).Details() {
		if br, ok := d.(*errdetails.BadRequest); ok {
			for _, v := range br.GetFieldViolations() {
				out = append(out, v.GetField())
			}
		}
	}
	return out
}

// in_check is set for the mover in check, mated or not, in variants with check.
func TestInCheck(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		pos   *pb.Position
		check bool
	}{
		{chaturanga(startFEN), false},
		{chaturanga("4k3/8/8/8/8/8/8/R3K2r w - - 0 1"), true},
		{chaturanga("R3k3/8/4K3/8/8/8/8/8 b - - 0 1"), true}, // checkmate
		{&pb.Position{Variant: "chaturaji", Text: chaturajiStart}, false},
	} {
		sc, err := rules.ScorePosition(ctx, &pb.ScorePositionRequest{Position: c.pos})
		if err != nil || sc.GetPosition().GetInCheck() != c.check {
			t.Errorf("%s: in_check %v, want %v (%v)", c.pos.GetText(), sc.GetPosition().GetInCheck(), c.check, err)
		}
	}
}

// Chaturanga's actions carry SAN in the full view and every answer but the compact view, which
// is notation and kind only; a variant without SAN leaves it empty.
func TestSANInAnswers(t *testing.T) {
	ctx := context.Background()
	pos := chaturanga("4k3/8/8/8/8/1N3N2/8/4K3 w - - 0 1")
	for _, view := range []pb.MoveView{pb.MoveView_MOVE_VIEW_UNSPECIFIED, pb.MoveView_MOVE_VIEW_FULL, pb.MoveView_MOVE_VIEW_NOTATION} {
		list, err := rules.ListLegalMoves(ctx, &pb.ListLegalMovesRequest{Position: pos, View: view})
		if err != nil {
			t.Fatal(err)
		}
		sans := map[string]string{}
		for _, m := range list.GetMoves() {
			sans[m.GetNotation()] = m.GetSan()
		}
		if len(sans) != len(list.GetMoves()) || len(sans) == 0 {
			t.Errorf("%v: %v", view, sans)
		}
		if view == pb.MoveView_MOVE_VIEW_NOTATION {
			for n, s := range sans {
				if s != "" {
					t.Errorf("%v: %s has SAN %q", view, n, s)
				}
			}
		} else if sans["b3d2"] != "Nbd2" || sans["f3d2"] != "Nfd2" || sans["e1e2"] != "Ke2" {
			t.Errorf("%v: %v", view, sans)
		}
	}
	v, err := rules.ValidateMove(ctx, &pb.ValidateMoveRequest{Position: chaturanga("4k3/8/4K3/8/8/8/8/R7 w - - 0 1"), Move: &pb.Action{Notation: "a1a8"}})
	if err != nil || v.GetMove().GetSan() != "Ra8#" || v.GetPosition().GetLastAction().GetSan() != "Ra8#" {
		t.Errorf("mate: %v %v", v, err)
	}
	list, err := rules.ListLegalMoves(ctx, &pb.ListLegalMovesRequest{Position: &pb.Position{Variant: "chaturaji", Text: chaturajiStart}})
	if err != nil || len(list.GetMoves()) == 0 || list.GetMoves()[0].GetSan() != "" {
		t.Errorf("chaturaji: %v %v", list, err)
	}
}

// Dice a client gives that do not fit are refused naming the request's field, in its words.
func TestDiceErrorsNameValues(t *testing.T) {
	ctx := context.Background()
	mars := &pb.Position{Variant: "martian_chaturanga", Text: "rpmpr/ksksk/5/KSKSK/RPMPR l - AEae - 0 1"}
	for _, values := range [][]int32{{0, 9}, {2, 5, 1}, {3}} {
		_, err := rules.ResolveDice(ctx, &pb.ResolveDiceRequest{Position: mars, Values: values})
		code, _, field := errorDetails(err)
		msg := status.Convert(err).Message()
		if code != codes.InvalidArgument || field != "values" || !strings.HasPrefix(msg, "values ") || strings.Contains(msg, "action") {
			t.Errorf("values %v: %v %q %q", values, code, field, msg)
		}
	}
}

// A structured action's dice are counted before any matching: four million of them cost one
// check, not a comparison with every legal action.
func TestActionDiceCapped(t *testing.T) {
	ctx := context.Background()
	mars := &pb.Position{Variant: "martian_chaturanga", Text: "rpmpr/ksksk/5/KSKSK/RPMPR l - AEae - 0 1"}
	_, err := rules.ValidateMove(ctx, &pb.ValidateMoveRequest{Position: mars, Move: &pb.Action{Kind: pb.ActionKind_ACTION_KIND_ROLL,
		Dice: make([]int32, 4_100_000)}})
	if code, reason, field := errorDetails(err); code != codes.InvalidArgument || reason != "INVALID_DICE" || field != "move.dice" {
		t.Errorf("4.1M dice: %v %s %s", code, reason, field)
	}
}

// An absurd piece kind is not echoed back whole, even before the caps are checked.
func TestErrorsEchoLittle(t *testing.T) {
	ctx := context.Background()
	huge := strings.Repeat("x", 3<<20)
	for name, call := range map[string]func() error{
		"piece kind": func() error {
			_, err := rules.ListLegalMoves(ctx, &pb.ListLegalMovesRequest{Position: &pb.Position{Variant: "chaturanga", ToMove: "white",
				Pieces: []*pb.Piece{{Square: "e1", Kind: huge, Player: "white"}}}})
			return err
		},
		"option name": func() error {
			_, err := rules.StartPosition(ctx, &pb.StartPositionRequest{Variant: "chaturanga",
				Options: map[string]*structpb.Value{huge: structpb.NewListValue(&structpb.ListValue{})}})
			return err
		},
		"side to move": func() error {
			_, err := rules.ListLegalMoves(ctx, &pb.ListLegalMovesRequest{Position: &pb.Position{Variant: "chaturanga", ToMove: huge,
				Pieces: []*pb.Piece{{Square: "e1", Kind: "king", Player: "white"}, {Square: "e8", Kind: "king", Player: "black"}}}})
			return err
		},
		"option value": func() error {
			_, err := rules.StartPosition(ctx, &pb.StartPositionRequest{Variant: "chaturaji",
				Options: map[string]*structpb.Value{"goal": structpb.NewStringValue(huge)}})
			return err
		},
	} {
		err := call()
		if err == nil {
			t.Fatalf("%s: no error", name)
		}
		if n := proto.Size(status.Convert(err).Proto()); n > 8<<10 {
			t.Errorf("%s: an error of %d bytes", name, n)
		}
	}
}
