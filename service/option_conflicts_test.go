package service

import (
	"fmt"
	"strings"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/structpb"

	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
)

// Options that contradict each other, through the real server over gRPC and the JSON gateway:
// refused with INVALID_ARGUMENT INVALID_OPTION and a message naming the fields, wherever options
// are read (StartPosition, a position's text or options, a record's Options tag), while the same
// options given at their harmless defaults are accepted.
func TestOptionConflictsAPI(t *testing.T) {
	const mccStart = "y0r1b2g3 gqgd2ypyq/gp4yd/6/6/bd4rp/bqbp2rdrq -,-,-,- bl - 0"
	num, flag, str := structpb.NewNumberValue, structpb.NewBoolValue, structpb.NewStringValue
	type opts = map[string]*structpb.Value
	s := startServer(t)
	s.overBoth(t, func(t *testing.T, tr transport) {
		for _, c := range []struct {
			variant string
			options opts
			field   string   // the field violation's
			says    []string // words of the message: the fields and why
		}{
			{"martian_coaster_chaturanga", opts{"players": num(2), "partnership": flag(false)}, "options.partnership",
				[]string{"option partnership:", "contradicts players 2", "partnership game"}},
			{"martian_coaster_chaturanga", opts{"drone_right": str("bl,bl")}, "options.drone_right",
				[]string{"option drone_right:", "seat bl is named twice"}},
			{"martian_coaster_chaturanga", opts{"players": num(2), "drone_right": str("tr,br,tr")}, "options.drone_right",
				[]string{"option drone_right:", "seat tr is named twice"}},
			{"martian_chess", opts{"players": num(2), "teams": flag(true)}, "options.teams",
				[]string{"option teams:", "four players (players 4), not 2"}},
			{"martian_chess", opts{"teams": flag(true)}, "options.teams", []string{"option teams:", "players 4"}},
			{"coaster_chess", opts{"players": num(2), "teams": flag(true)}, "options.teams", []string{"option teams:", "players 4"}},
		} {
			err := gameCall(t, tr, "StartPosition", &pb.StartPositionRequest{Variant: c.variant, Options: c.options}, &pb.StartPositionResponse{})
			wantStatus(t, c.variant+" "+c.field, err, codes.InvalidArgument, "INVALID_OPTION", c.field, c.says[0])
			for _, w := range c.says[1:] {
				if msg := status.Convert(err).Message(); !strings.Contains(msg, w) {
					t.Errorf("%s with %v: message %q does not say %q", c.variant, c.options, msg, w)
				}
			}
		}

		// The defaults given explicitly, and partnership true with two players (which is how the
		// server itself writes the two-player game's options), are accepted.
		for _, c := range []struct {
			variant string
			options opts
			text    string
		}{
			{"martian_coaster_chaturanga", opts{"players": num(2), "partnership": flag(true)}, mccStart + " players=2"},
			{"martian_coaster_chaturanga", opts{"players": num(4), "partnership": flag(false), "drone_right": str("")}, mccStart},
			{"martian_chess", opts{"players": num(2), "teams": flag(false)}, "qqd1/qdp1/dpp1/4/4/1ppd/1pdq/1dqq s -,- - - 1"},
			{"coaster_chess", opts{"players": num(4), "teams": flag(false)}, "qp2dq/d4p/6/6/p4d/qd2pq sw -,-,-,- - - 1"},
		} {
			st := &pb.StartPositionResponse{}
			if err := gameCall(t, tr, "StartPosition", &pb.StartPositionRequest{Variant: c.variant, Options: c.options}, st); err != nil || st.GetPosition().GetText() != c.text {
				t.Errorf("%s with %v: %v, %q; want %q", c.variant, c.options, err, st.GetPosition().GetText(), c.text)
			}
		}

		// A position: the two-player start's own options read back; with partnership false, in its
		// options or beside its text, it is refused at position.options.
		st := &pb.StartPositionResponse{}
		gameRPC(t, tr, "StartPosition", &pb.StartPositionRequest{Variant: "martian_coaster_chaturanga", Options: opts{"players": num(2)}}, st)
		two := st.GetPosition()
		list := &pb.ListLegalMovesResponse{}
		gameRPC(t, tr, "ListLegalMoves", &pb.ListLegalMovesRequest{Position: two}, list)
		structured := proto.Clone(two).(*pb.Position)
		structured.Text = ""
		structured.Options["partnership"] = flag(false)
		err := gameCall(t, tr, "ListLegalMoves", &pb.ListLegalMovesRequest{Position: structured}, &pb.ListLegalMovesResponse{})
		wantStatus(t, "structured, partnership false", err, codes.InvalidArgument, "INVALID_OPTION", "position.options.partnership", "contradicts players 2")
		beside := &pb.Position{Variant: "martian_coaster_chaturanga", Text: two.GetText(), Options: opts{"partnership": flag(false)}}
		err = gameCall(t, tr, "ListLegalMoves", &pb.ListLegalMovesRequest{Position: beside}, &pb.ListLegalMovesResponse{})
		wantStatus(t, "text and partnership false", err, codes.InvalidArgument, "INVALID_OPTION", "position.options.partnership", "contradicts players 2")

		// A position text states its options as words: teams beside two piles is the text's fault.
		err = gameCall(t, tr, "ListLegalMoves", &pb.ListLegalMovesRequest{Position: &pb.Position{Variant: "martian_chess",
			Text: "qqd1/qdp1/dpp1/4/4/1ppd/1pdq/1dqq s -,- - - 1 teams"}}, &pb.ListLegalMovesResponse{})
		wantStatus(t, "martian_chess text with teams and two piles", err, codes.InvalidArgument, "INVALID_OPTION", "position.text", "option teams:")

		// A record's Options tag.
		for _, c := range []struct{ variant, options, says string }{
			{"martian_coaster_chaturanga", "drone_right=bl,bl", "option drone_right: seat bl is named twice"},
			{"martian_chess", "teams", "option teams: team play needs four players"},
		} {
			rec := "[Variant \"" + c.variant + "\"]\n[Options \"" + c.options + "\"]\n\n*\n"
			err := gameCall(t, tr, "ImportGame", &pb.ImportGameRequest{Record: rec}, &pb.ImportGameResponse{})
			wantStatus(t, c.variant+" record with Options "+c.options, err, codes.InvalidArgument, "INVALID_RECORD", "record", c.says)
		}
		imp := &pb.ImportGameResponse{}
		gameRPC(t, tr, "ImportGame", &pb.ImportGameRequest{Record: "[Variant \"martian_coaster_chaturanga\"]\n[Options \"players=2 partnership\"]\n\n*\n"}, imp)
		if imp.GetStart().GetText() != mccStart+" players=2" {
			t.Errorf("record with Options players=2 partnership: start %q", imp.GetStart().GetText())
		}
	})
}

// Team play's standings name each player's team, and teams give the sides' totals, while the game
// goes on: in ScorePosition and in the next turn of a move.
func TestTeamStandingsDuringTheGameAPI(t *testing.T) {
	s := startServer(t)
	s.overBoth(t, func(t *testing.T, tr transport) {
		for _, c := range []struct {
			variant, text string
			standings     string // of the position
			teams         string
			move          string
			teamsAfter    string // in the move's next turn
		}{
			// Piles: south_west 1, north_west 0, north_east 3, south_east 3. South_west's pawn then
			// takes north_west's on b5 across the canal: 5 against 3.
			{"martian_chess", "7p/8/8/pp6/2p5/8/8/q6p sw p,-,dp,q - - 1 teams",
				"south_west:0:1:south_west_north_east: north_west:0:0:north_west_south_east: north_east:0:3:south_west_north_east: south_east:0:3:north_west_south_east:",
				"south_west_north_east[south_west,north_east]:0:4 north_west_south_east[north_west,south_east]:0:3",
				"c4b5", "south_west_north_east[south_west,north_east]:0:5 north_west_south_east[north_west,south_east]:0:3"},
			{"coaster_chess", "qp2dq/d4p/6/6/p4d/qd2pq sw p,-,dp,q - - 1 teams",
				"south_west:0:1:south_west_north_east: north_west:0:0:north_west_south_east: north_east:0:3:south_west_north_east: south_east:0:3:north_west_south_east:",
				"south_west_north_east[south_west,north_east]:0:4 north_west_south_east[north_west,south_east]:0:3",
				"a2b2", "south_west_north_east[south_west,north_east]:0:4 north_west_south_east[north_west,south_east]:0:3"},
			// Martian Chaturaji keeps no score, but its partnerships are named as well.
			{"martian_chaturaji", martianChaturajiStart,
				"blue:0:0:blue_green: red:0:0:red_yellow: green:0:0:blue_green: yellow:0:0:red_yellow:",
				"blue_green[blue,green]:0:0 red_yellow[red,yellow]:0:0",
				"roll 1 2", "blue_green[blue,green]:0:0 red_yellow[red,yellow]:0:0"},
		} {
			pos := &pb.Position{Variant: c.variant, Text: c.text}
			sc := &pb.ScorePositionResponse{}
			gameRPC(t, tr, "ScorePosition", &pb.ScorePositionRequest{Position: pos}, sc)
			if sc.GetStatus() != pb.GameStatus_GAME_STATUS_ONGOING || standingLines(sc.GetStandings()) != c.standings || teamLines(sc.GetTeams()) != c.teams {
				t.Errorf("%s during the game: %v\nstandings %s\nteams     %s\nwant\nstandings %s\nteams     %s", c.variant, sc.GetStatus(),
					standingLines(sc.GetStandings()), teamLines(sc.GetTeams()), c.standings, c.teams)
			}
			a := &pb.ApplyMovesResponse{}
			gameRPC(t, tr, "ApplyMoves", &pb.ApplyMovesRequest{Position: pos, Moves: []*pb.Action{{Notation: c.move}}, IncludeNext: true}, a)
			next := a.GetNext()
			if a.GetApplied() != 1 || next.GetStatus() != pb.GameStatus_GAME_STATUS_ONGOING || teamLines(next.GetTeams()) != c.teamsAfter ||
				len(next.GetStandings()) != 4 || next.GetStandings()[0].GetTeam() != next.GetTeams()[0].GetTeam() {
				t.Errorf("%s after %s: applied %d (%v), %v, standings %s, teams %s; want teams %s", c.variant, c.move, a.GetApplied(), a.GetFailure(),
					next.GetStatus(), standingLines(next.GetStandings()), teamLines(next.GetTeams()), c.teamsAfter)
			}
			checkNext(t, tr, c.variant+" "+c.move, next, a.GetPosition(), nil, pb.MoveView_MOVE_VIEW_UNSPECIFIED)
		}
	})
}

// teamLines writes teams as name[players]:place:score.
func teamLines(teams []*pb.TeamStanding) string {
	var out []string
	for _, tm := range teams {
		out = append(out, fmt.Sprintf("%s[%s]:%d:%d", tm.GetTeam(), strings.Join(tm.GetPlayers(), ","), tm.GetPlace(), tm.GetScore()))
	}
	return strings.Join(out, " ")
}
