package service

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/structpb"

	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
)

// rpc calls one rules method over a transport, failing the test on an error.
func rpc(t *testing.T, tr transport, method string, req, resp proto.Message) {
	t.Helper()
	if err := tr.call(t, rulesMethod+method, jsonPaths[method], req, resp); err != nil {
		t.Fatalf("%s over %s: %v", method, tr.name, err)
	}
}

// separately is the next turn of pos as ListLegalMoves and ScorePosition answer it.
func separately(t *testing.T, tr transport, pos *pb.Position, hist *pb.GameHistory, view pb.MoveView) *pb.NextTurn {
	t.Helper()
	list, sc := &pb.ListLegalMovesResponse{}, &pb.ScorePositionResponse{}
	rpc(t, tr, "ListLegalMoves", &pb.ListLegalMovesRequest{Position: pos, History: hist, View: view}, list)
	rpc(t, tr, "ScorePosition", &pb.ScorePositionRequest{Position: pos, History: hist}, sc)
	return &pb.NextTurn{ToMove: list.GetToMove(), Moves: list.GetMoves(), Chance: list.GetChance(), Phase: list.GetPhase(),
		Status: sc.GetStatus(), Winners: sc.GetWinners(), Reason: sc.GetReason(), DecidedBy: sc.GetDecidedBy(), Standings: sc.GetStandings(), Teams: sc.GetTeams()}
}

// checkNext checks that a call's next turn is what the separate calls give for the position it
// reached, and that it is there at all.
func checkNext(t *testing.T, tr transport, what string, next *pb.NextTurn, pos *pb.Position, hist *pb.GameHistory, view pb.MoveView) {
	t.Helper()
	if next == nil {
		t.Fatalf("%s: no next turn", what)
	}
	if want := separately(t, tr, pos, hist, view); !proto.Equal(next, want) {
		t.Fatalf("%s: next turn\n%v\nwant, as ListLegalMoves and ScorePosition give it,\n%v", what, next, want)
	}
}

// pick chooses a move: a mate, else a capture, else any, so that the game ends soon.
func pick(rng *rand.Rand, moves []*pb.Action) *pb.Action {
	for _, mark := range []string{"#", "x"} {
		var some []*pb.Action
		for _, m := range moves {
			if strings.Contains(m.GetSan(), mark) {
				some = append(some, m)
			}
		}
		if len(some) > 0 && rng.IntN(4) > 0 {
			return some[rng.IntN(len(some))]
		}
	}
	return moves[rng.IntN(len(moves))]
}

// A chaturanga game played to its end one call per move, alternately by ValidateMove and
// ApplyMoves: each answer's next turn is what ListLegalMoves and ScorePosition give with the
// game's history, and the position it returns is sent back whole (text and structure) as the
// next request's.
func TestChaturangaOneCallPerMove(t *testing.T) {
	s := startServer(t)
	s.overBoth(t, func(t *testing.T, tr transport) {
		start := &pb.StartPositionResponse{}
		if err := tr.call(t, rulesMethod+"StartPosition", "/v1/variants/chaturanga:start", &pb.StartPositionRequest{Variant: "chaturanga"}, start); err != nil {
			t.Fatal(err)
		}
		pos := start.GetPosition()
		next := separately(t, tr, pos, nil, pb.MoveView_MOVE_VIEW_FULL)
		hist := &pb.GameHistory{}
		rng := rand.New(rand.NewPCG(13, 13)) // a game that ends in checkmate at ply 49
		plies, checks := 0, 0
		for ; next.GetPhase() != pb.Phase_PHASE_FINISHED; plies++ {
			if plies == 600 {
				t.Fatal("the game did not end")
			}
			move := pick(rng, next.GetMoves())
			var played *pb.Action
			before := pos.GetKey()
			if plies%2 == 0 {
				resp := &pb.ValidateMoveResponse{}
				rpc(t, tr, "ValidateMove", &pb.ValidateMoveRequest{Position: pos, Move: &pb.Action{Notation: move.GetNotation()},
					History: hist, IncludeNext: true}, resp)
				if !resp.GetLegal() {
					t.Fatalf("%s: %s is illegal: %s", pos.GetText(), move.GetNotation(), resp.GetReason())
				}
				pos, next, played = resp.GetPosition(), resp.GetNext(), resp.GetMove()
			} else {
				resp := &pb.ApplyMovesResponse{}
				rpc(t, tr, "ApplyMoves", &pb.ApplyMovesRequest{Position: pos, Moves: []*pb.Action{{Notation: move.GetNotation()}},
					History: hist, IncludeNext: true}, resp)
				if resp.GetApplied() != 1 {
					t.Fatalf("%s: %s not applied: %v", pos.GetText(), move.GetNotation(), resp.GetFailure())
				}
				pos, next, played = resp.GetPosition(), resp.GetNext(), resp.GetSteps()[0].GetMove()
			}
			hist.Keys = append(hist.Keys, before)
			checkNext(t, tr, move.GetSan(), next, pos, hist, pb.MoveView_MOVE_VIEW_FULL)
			// The position says how it was reached, and whether its mover is in check.
			if !proto.Equal(pos.GetLastAction(), played) || played.GetSan() != move.GetSan() || played.GetSan() == "" {
				t.Fatalf("%s: last action %v, want %v", move.GetSan(), pos.GetLastAction(), played)
			}
			if check := strings.ContainsAny(move.GetSan(), "+#"); pos.GetInCheck() != check {
				t.Fatalf("after %s: in_check %v", move.GetSan(), pos.GetInCheck())
			} else if check {
				checks++
			}
		}
		if next.GetStatus() != pb.GameStatus_GAME_STATUS_FINISHED || next.GetReason() != "checkmate" || len(next.GetWinners()) != 1 ||
			len(next.GetMoves()) != 0 || !pos.GetInCheck() {
			t.Errorf("end: %v after %d plies, %d checks", next, plies, checks)
		}
		t.Logf("%d plies, %d checks, %s: %v", plies, checks, next.GetReason(), next.GetWinners())
	})
}

// Chaturaji games played to their end one call per action: RollDice and ResolveDice for the
// dice, ValidateMove for the moves, each answer's next turn being what the separate calls give.
func TestChaturajiOneCallPerAction(t *testing.T) {
	s := startServer(t)
	s.overBoth(t, func(t *testing.T, tr transport) {
		for _, opts := range []map[string]*structpb.Value{
			{"max_rounds": structpb.NewNumberValue(6)},
			{"teams": structpb.NewBoolValue(true), "dice": structpb.NewNumberValue(2), "max_rounds": structpb.NewNumberValue(3)},
		} {
			start := &pb.StartPositionResponse{}
			if err := tr.call(t, rulesMethod+"StartPosition", "/v1/variants/chaturaji:start", &pb.StartPositionRequest{Variant: "chaturaji", Options: opts}, start); err != nil {
				t.Fatal(err)
			}
			pos := start.GetPosition()
			next := separately(t, tr, pos, nil, pb.MoveView_MOVE_VIEW_NOTATION)
			rng := rand.New(rand.NewPCG(3, 5))
			rolls, moves := 0, 0
			for seed := uint64(1); next.GetPhase() != pb.Phase_PHASE_FINISHED; seed++ {
				if seed > 2000 {
					t.Fatal("the game did not end")
				}
				switch {
				case next.GetChance() && seed%3 == 0:
					// The client's own dice, one of them perhaps a 1 or 6 thrown again.
					values := []int32{int32(1 + rng.IntN(6))}
					if opts["dice"] != nil {
						values = append(values, int32(2+rng.IntN(4)))
					}
					resp := &pb.ResolveDiceResponse{}
					rpc(t, tr, "ResolveDice", &pb.ResolveDiceRequest{Position: pos, Values: values, IncludeNext: true,
						NextView: pb.MoveView_MOVE_VIEW_NOTATION}, resp)
					last := resp.GetPosition().GetLastAction()
					if last.GetKind() != pb.ActionKind_ACTION_KIND_ROLL || !sameFaces(last.GetDice(), values) {
						t.Fatalf("ResolveDice %v: last action %v", values, last)
					}
					if resp.GetRollAgain() != (slices.Contains(values, 1) || slices.Contains(values, 6)) {
						t.Fatalf("ResolveDice %v: roll_again %v", values, resp.GetRollAgain())
					}
					pos, next = resp.GetPosition(), resp.GetNext()
					rolls++
				case next.GetChance():
					resp := &pb.RollDiceResponse{}
					rpc(t, tr, "RollDice", &pb.RollDiceRequest{Position: pos, Seed: &seed, IncludeNext: true,
						NextView: pb.MoveView_MOVE_VIEW_NOTATION}, resp)
					last := resp.GetPosition().GetLastAction()
					if last.GetKind() != pb.ActionKind_ACTION_KIND_ROLL || last.GetNotation() == "" ||
						!sameFaces(last.GetDice(), resp.GetValues()) {
						t.Fatalf("RollDice %v: last action %v", resp.GetValues(), last)
					}
					pos, next = resp.GetPosition(), resp.GetNext()
					rolls++
				default:
					move := next.GetMoves()[rng.IntN(len(next.GetMoves()))]
					if move.GetFrom() != "" || move.GetNotation() == "" {
						t.Fatalf("notation view: %v", move)
					}
					resp := &pb.ValidateMoveResponse{}
					rpc(t, tr, "ValidateMove", &pb.ValidateMoveRequest{Position: pos, Move: &pb.Action{Notation: move.GetNotation()},
						IncludeNext: true, NextView: pb.MoveView_MOVE_VIEW_NOTATION}, resp)
					if !resp.GetLegal() || resp.GetPosition().GetLastAction().GetNotation() != move.GetNotation() {
						t.Fatalf("%s: legal %v, last action %v", move.GetNotation(), resp.GetLegal(), resp.GetPosition().GetLastAction())
					}
					pos, next = resp.GetPosition(), resp.GetNext()
					moves++
				}
				checkNext(t, tr, pos.GetText(), next, pos, nil, pb.MoveView_MOVE_VIEW_NOTATION)
			}
			if len(next.GetStandings()) != 4 || next.GetStatus() != pb.GameStatus_GAME_STATUS_FINISHED {
				t.Errorf("end: %v", next)
			}
			t.Logf("%d rolls, %d moves: %s, won by %v", rolls, moves, next.GetReason(), next.GetWinners())
		}
	})
}

// Without include_next there is no next turn; an illegal action has none either. A position
// drawn by repetition after the action is finished in the next turn as in the separate calls.
func TestNextTurnEdges(t *testing.T) {
	s := startServer(t)
	s.overBoth(t, func(t *testing.T, tr transport) {
		v := &pb.ValidateMoveResponse{}
		rpc(t, tr, "ValidateMove", &pb.ValidateMoveRequest{Position: chaturanga(startFEN), Move: &pb.Action{Notation: "e2e3"}}, v)
		if !v.GetLegal() || v.GetNext() != nil {
			t.Errorf("without include_next: %v", v)
		}
		v = &pb.ValidateMoveResponse{}
		rpc(t, tr, "ValidateMove", &pb.ValidateMoveRequest{Position: chaturanga(startFEN), Move: &pb.Action{Notation: "e2e4"}, IncludeNext: true}, v)
		if v.GetLegal() || v.GetNext() != nil || v.GetPosition() != nil {
			t.Errorf("illegal with include_next: %v", v)
		}
		// Seven actions of the horses' dance; the eighth repeats the start a third time.
		keys, seventh := danceKeys(t, tr, startFEN, 7)
		hist := &pb.GameHistory{Keys: keys}
		v = &pb.ValidateMoveResponse{}
		rpc(t, tr, "ValidateMove", &pb.ValidateMoveRequest{Position: seventh, Move: &pb.Action{Notation: dance[7]}, History: hist, IncludeNext: true}, v)
		if !v.GetRepetitionDraw() || v.GetNext().GetPhase() != pb.Phase_PHASE_FINISHED || v.GetNext().GetReason() != "repetition" {
			t.Fatalf("the third occurrence: draw %v, next %v", v.GetRepetitionDraw(), v.GetNext())
		}
		after := &pb.GameHistory{Keys: append(slices.Clone(keys), seventh.GetKey())}
		checkNext(t, tr, "repetition", v.GetNext(), v.GetPosition(), after, pb.MoveView_MOVE_VIEW_FULL)
		a := &pb.ApplyMovesResponse{}
		rpc(t, tr, "ApplyMoves", &pb.ApplyMovesRequest{Position: seventh, Moves: []*pb.Action{{Notation: dance[7]}}, History: hist, IncludeNext: true}, a)
		if !proto.Equal(a.GetNext(), v.GetNext()) {
			t.Errorf("ApplyMoves' next %v, ValidateMove's %v", a.GetNext(), v.GetNext())
		}
		// A sequence stopped by an illegal action: the next turn is that of the position reached.
		a = &pb.ApplyMovesResponse{}
		rpc(t, tr, "ApplyMoves", &pb.ApplyMovesRequest{Position: chaturanga(startFEN), Moves: []*pb.Action{{Notation: "e2e3"}, {Notation: "e2e4"}},
			IncludeNext: true}, a)
		if a.GetFailure() == nil || a.GetNext().GetToMove() != "black" || a.GetPosition().GetLastAction().GetNotation() != "e2e3" {
			t.Errorf("stopped sequence: %v", a)
		}
		checkNext(t, tr, "stopped", a.GetNext(), a.GetPosition(), nil, pb.MoveView_MOVE_VIEW_FULL)
		// No action applied: nothing to say of how the position was reached.
		a = &pb.ApplyMovesResponse{}
		rpc(t, tr, "ApplyMoves", &pb.ApplyMovesRequest{Position: chaturanga(startFEN), Moves: []*pb.Action{{Notation: "e2e4"}}}, a)
		if a.GetPosition().GetLastAction() != nil {
			t.Errorf("no action applied, last action %v", a.GetPosition().GetLastAction())
		}
	})
}

// sameFaces reports whether two rolls show the same faces, in any order.
func sameFaces(a, b []int32) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}
