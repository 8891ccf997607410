package service

import (
	"slices"
	"strings"
	"testing"

	"google.golang.org/grpc/codes"

	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
)

const martianChaturajiStart = "gRgPgM3yTyR/gTgSgSgS2ySyP/6ySyM/6yS1/1rS6/rMrS6/rPrS2bSbSbSbT/rRrT3bMbPbR b - brgy - 0 1"

// Martian Chaturaji through the real server over gRPC and the JSON gateway: the board and seats,
// the dice, the garrison, partners, a skipped player, the end on the second monarch, perft and
// search.
func TestMartianChaturajiAPI(t *testing.T) {
	pos := func(text string) *pb.Position { return &pb.Position{Variant: "martian_chaturaji", Text: text} }
	s := startServer(t)
	s.overBoth(t, func(t *testing.T, tr transport) {
		v := describeOver(t, s, tr, "martian_chaturaji")
		var seats, thrones []string
		for _, st := range v.GetSeats() {
			seats = append(seats, st.GetPlayer()+"@"+st.GetSeat()+"/"+st.GetTeam())
		}
		for _, m := range v.GetBoard().GetMarks() {
			if m.GetName() == "throne" {
				thrones = append(thrones, m.GetPlayer()+":"+strings.Join(m.GetSquares(), ","))
			}
		}
		if b := v.GetBoard(); b.GetFiles() != 8 || b.GetRanks() != 8 ||
			strings.Join(seats, " ") != "blue@south/blue_green red@west/red_yellow green@north/blue_green yellow@east/red_yellow" ||
			strings.Join(thrones, " ") != "blue:h2 red:b1 green:a7 yellow:g8" {
			t.Errorf("board %dx%d; seats %v; thrones %v", b.GetFiles(), b.GetRanks(), seats, thrones)
		}
		st := &pb.StartPositionResponse{}
		gameRPC(t, tr, "StartPosition", &pb.StartPositionRequest{Variant: "martian_chaturaji"}, st)
		if p := st.GetPosition(); p.GetText() != martianChaturajiStart || p.GetPhase() != pb.Phase_PHASE_ROLL || p.GetToMove() != "blue" || len(p.GetPieces()) != 28 {
			t.Errorf("start: %q, %s in %v, %d pieces", p.GetText(), p.GetToMove(), p.GetPhase(), len(p.GetPieces()))
		}

		// Blue throws 1 and 3: the monarch's three squares, the raven's flight, end.
		res := &pb.ResolveDiceResponse{}
		gameRPC(t, tr, "ResolveDice", &pb.ResolveDiceRequest{Position: pos(martianChaturajiStart), Values: []int32{3, 1}, IncludeNext: true}, res)
		if got := strings.Join(notationsOf(res.GetNext().GetMoves()), " "); got != "end f1c1 f1d1 f1e1 h1f3" || res.GetPosition().GetText() != strings.Replace(martianChaturajiStart, " b - ", " b 3r,1m ", 1) {
			t.Errorf("after 3 and 1: %q, next %s", res.GetPosition().GetText(), got)
		}
		checkNext(t, tr, "roll 3 1", res.GetNext(), res.GetPosition(), nil, pb.MoveView_MOVE_VIEW_UNSPECIFIED)

		// The garrison, as the monarch's move; the structured form names it.
		garrison := pos("gR1gM3yTyR/gT7/7yM/8/8/rM7/7bT/rRrT3bM1bR b 1m,3r brgy - 0 1")
		a := &pb.ApplyMovesResponse{}
		gameRPC(t, tr, "ApplyMoves", &pb.ApplyMovesRequest{Position: garrison, Moves: []*pb.Action{{From: "f1", To: "h1"}}, IncludeNext: true}, a)
		if m := a.GetSteps()[0].GetMove(); a.GetPosition().GetText() != "gR1gM3yTyR/gT7/7yM/8/8/rM7/7bT/rRrT4bRbM r - rgy - 1 2" || m.GetName() != "garrison" || a.GetNext().GetToMove() != "red" {
			t.Errorf("garrison: %q, move %v, next %s", a.GetPosition().GetText(), m, a.GetNext().GetToMove())
		}

		// Partners are not taken; thrones are not landed on.
		partners := pos("2gM3yT1/gT3gS3/4bR2yM/8/8/8/7bT/1rT1rM1bM2 b 3r,3r - - 0 1")
		wantIllegal(t, tr, partners, "e6e7", "the piece on e7 is your partner's")
		wantIllegal(t, tr, partners, "f1h2", "no unused die allows the monarch to move")
		wantIllegal(t, tr, pos("2gM3yT1/gT7/4bR2yM/8/8/8/7bT/1rT1rM1bM2 b 3r,3r - - 0 1"), "e6g8", "no piece may land on a throne")
		wantIllegal(t, tr, pos("2gM3yT1/gT7/7yM/8/7bR/8/7bT/1rT1rM1bM2 b 3r,3r - - 0 1"), "h4h1", "a raven on h4 cannot move to h1")

		// Red has only his throne: blue's end passes the turn to green, and says red is skipped.
		skip := &pb.ApplyMovesResponse{}
		gameRPC(t, tr, "ApplyMoves", &pb.ApplyMovesRequest{Position: pos("2gM3yT1/gT7/7yM/8/3bP4/8/7bT/1rT6 b 1p,4- - bMrM 0 1"),
			Moves: []*pb.Action{{Notation: "end"}}, IncludeNext: true}, skip)
		if ev := eventLines(skip.GetSteps()[0].GetEvents()); skip.GetNext().GetToMove() != "green" || !strings.HasPrefix(ev, "VARIANT/player_skipped/red/") {
			t.Errorf("skip: next %s, events %s", skip.GetNext().GetToMove(), ev)
		}
		err := gameCall(t, tr, "ListLegalMoves", &pb.ListLegalMovesRequest{Position: pos("2gM3yT1/gT7/7yM/8/3bP4/8/7bT/1rT6 r - - bMrM 0 1")}, &pb.ListLegalMovesResponse{})
		wantStatus(t, "red to move with no piece", err, codes.InvalidArgument, "INVALID_POSITION", "position.text", "skipped")

		// The second monarch of red and yellow falls: blue and green win, places 1 and 3.
		end := &pb.ValidateMoveResponse{}
		gameRPC(t, tr, "ValidateMove", &pb.ValidateMoveRequest{Position: pos("gM5yT1/gT7/7yM/7bR/8/8/7bT/1rT1bM4 b 3r,4- - rM 0 1"),
			Move: &pb.Action{Notation: "h5h6"}, IncludeNext: true}, end)
		n := end.GetNext()
		var teams []string
		for _, tm := range n.GetTeams() {
			teams = append(teams, tm.GetTeam()+":"+strings.Join(tm.GetPlayers(), ",")+":"+string(rune('0'+tm.GetPlace())))
		}
		if n.GetStatus() != pb.GameStatus_GAME_STATUS_FINISHED || n.GetReason() != "monarchs_captured" || n.GetDecidedBy() != "reason" ||
			!slices.Equal(n.GetWinners(), []string{"blue", "green"}) ||
			standingLines(n.GetStandings()) != "blue:1:0:blue_green: red:3:0:red_yellow: green:1:0:blue_green: yellow:3:0:red_yellow:" ||
			strings.Join(teams, " ") != "blue_green:blue,green:1 red_yellow:red,yellow:2" {
			t.Errorf("the end: %v %q %v, standings %s, teams %v", n.GetStatus(), n.GetReason(), n.GetWinners(), standingLines(n.GetStandings()), teams)
		}

		rolled := res.GetPosition()
		perftAndSearch(t, tr, pos(martianChaturajiStart), 2, 637, 10, rolled)
	})
}
