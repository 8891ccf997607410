package service

import (
	"slices"
	"strings"
	"testing"

	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
)

// Chaturaji's team rules and max_rounds as a client sees them through ApplyMoves, ScorePosition
// and ListLegalMoves, over gRPC and the JSON gateway. Each case is worked out by hand from
// docs/rules/chaturaji.md; the board is given in each case's comment.

// chaturajiEnd is what a game has become after some actions: the answer of ScorePosition for
// the position ApplyMoves reached, and who chooses next.
type chaturajiEnd struct {
	pos     *pb.Position
	score   *pb.ScorePositionResponse
	chooser string
}

func playChaturaji(t *testing.T, tr transport, text string, actions ...string) chaturajiEnd {
	t.Helper()
	var moves []*pb.Action
	for _, a := range actions {
		moves = append(moves, &pb.Action{Notation: a})
	}
	a := &pb.ApplyMovesResponse{}
	gameRPC(t, tr, "ApplyMoves", &pb.ApplyMovesRequest{Position: &pb.Position{Variant: "chaturaji", Text: text}, Moves: moves}, a)
	if f := a.GetFailure(); f != nil {
		t.Fatalf("%s: action %d %q refused: %s", text, f.GetIndex(), f.GetNotation(), f.GetReason())
	}
	sc := &pb.ScorePositionResponse{}
	gameRPC(t, tr, "ScorePosition", &pb.ScorePositionRequest{Position: a.GetPosition()}, sc)
	list := &pb.ListLegalMovesResponse{}
	gameRPC(t, tr, "ListLegalMoves", &pb.ListLegalMovesRequest{Position: a.GetPosition()}, list)
	return chaturajiEnd{a.GetPosition(), sc, list.GetToMove()}
}

// finished checks a finished game's reason, what decided it and its winners.
func (e chaturajiEnd) finished(t *testing.T, what, reason, decidedBy string, winners ...string) {
	t.Helper()
	sc := e.score
	if sc.GetStatus() != pb.GameStatus_GAME_STATUS_FINISHED || sc.GetReason() != reason || sc.GetDecidedBy() != decidedBy || !slices.Equal(sc.GetWinners(), winners) {
		t.Errorf("%s: %v %q decided by %q, winners %v; want finished %q decided by %q, winners %v (standings %s)",
			what, sc.GetStatus(), sc.GetReason(), sc.GetDecidedBy(), sc.GetWinners(), reason, decidedBy, winners, standingLines(sc.GetStandings()))
	}
}

// standing is one player's standing line: player:place:score:team:parts.
func (e chaturajiEnd) standing(player string) string {
	for _, l := range strings.Fields(standingLines(e.score.GetStandings())) {
		if strings.HasPrefix(l, player+":") {
			return l
		}
	}
	return ""
}

func TestChaturajiMaxRoundsAfterCapture(t *testing.T) {
	// h8=rK e5=gPk d4=bPk a1=bK h1=yK; three quiet turns counted, max_rounds=1. Black's pawn takes
	// green's last piece: the capture resets the count, so the game goes on with red to roll, and
	// ends three quiet turns later, when the count reaches one round of the three players left.
	const start = "7,rK/8/8/4,gPk,3/3,bPk,4/8/8/bK,6,yK b - - 0,0,0,0 3 1 max_rounds=1"
	s := startServer(t)
	s.overBoth(t, func(t *testing.T, tr transport) {
		e := playChaturaji(t, tr, start, "roll 5", "d4e5")
		if e.score.GetStatus() != pb.GameStatus_GAME_STATUS_ONGOING || e.pos.GetToMove() != "red" || e.pos.GetPhase() != pb.Phase_PHASE_ROLL ||
			!strings.HasSuffix(e.pos.GetText(), " 1,0,0,0 0 2 max_rounds=1") {
			t.Fatalf("after the capture: %v, %s to move in %v, %q; want red to roll with the count 0", e.score.GetStatus(), e.pos.GetToMove(), e.pos.GetPhase(), e.pos.GetText())
		}
		e = playChaturaji(t, tr, start, "roll 5", "d4e5", "roll 5", "h8g8", "roll 5", "h1g1")
		if e.score.GetStatus() != pb.GameStatus_GAME_STATUS_ONGOING || e.pos.GetToMove() != "black" {
			t.Fatalf("two quiet turns: %v, %s to move; want the game going on with black", e.score.GetStatus(), e.pos.GetToMove())
		}
		e = playChaturaji(t, tr, start, "roll 5", "d4e5", "roll 5", "h8g8", "roll 5", "h1g1", "roll 5", "a1a2")
		e.finished(t, "three quiet turns", "move_limit", "score", "black")
	})
}

func TestChaturajiEmpireByThroneEntry(t *testing.T) {
	// e8=gK h8=rK b7=gPh e7=bK h7=rPb a2=bPb g1=yPb; yellow's raja is dead. Black's raja enters
	// red's throne e8, taking command, and kills green's raja there, the last enemy raja: the
	// empire is created with that kill on a throne square, 5 + 4.
	const board = "4,gK,2,rK/1,gPh,2,bK,2,rPb/8/8/8/8/bPb,7/6,yPb,1"
	s := startServer(t)
	s.overBoth(t, func(t *testing.T, tr transport) {
		for _, c := range []struct{ name, text string }{
			{"dice", board + " b - - 0,0,0,0 0 1 teams"},
			{"diceless", board + " b - - 0,0,0,0 0 1 diceless"},
		} {
			actions := []string{"roll 5", "e7e8"}
			if c.name == "diceless" {
				actions = actions[1:]
			}
			e := playChaturaji(t, tr, c.text, actions...)
			if got := e.standing("black"); got != "black:1:9:black_red:captures=5,throne=0,empire=4" {
				t.Errorf("%s: black's standing %q, want 9 points with empire 4", c.name, got)
			}
			decidedBy := "score"
			if c.name == "diceless" {
				decidedBy = "reason"
			}
			e.finished(t, c.name, "rajas_killed", decidedBy, "black", "red")
		}
	})
}

func TestChaturajiTeamWinnerByPoints(t *testing.T) {
	// b7 a black (or green) pawn, d5=gK h5=yK c4=bK; red has no pieces; black 20 points. Green's
	// raja kills black's. With the black pawn, both black_red rajas are dead (rajas_killed); with
	// the pawn green's, the raja was black_red's last piece (team_eliminated). Under goal points
	// the higher team score wins either way; under last_standing and diceless the other team wins.
	const (
		blackPawn = "8/1,bPh,6/8/3,gK,3,yK/2,bK,5/8/8/8 g - - 20,0,0,0 0 1"
		greenPawn = "8/1,gPh,6/8/3,gK,3,yK/2,bK,5/8/8/8 g - - 20,0,0,0 0 1"
	)
	s := startServer(t)
	s.overBoth(t, func(t *testing.T, tr transport) {
		for _, c := range []struct {
			name, text, reason, decidedBy string
			winners                       []string
		}{
			{"rajas killed, points", blackPawn + " teams", "rajas_killed", "score", []string{"black", "red"}},
			{"team eliminated, points", greenPawn + " teams", "team_eliminated", "score", []string{"black", "red"}},
			{"rajas killed, last standing", blackPawn + " teams goal=last_standing", "rajas_killed", "reason", []string{"green", "yellow"}},
			{"team eliminated, last standing", greenPawn + " teams goal=last_standing", "team_eliminated", "reason", []string{"green", "yellow"}},
			// The last piece is the last raja: diceless names the end rajas_killed.
			{"last raja, diceless", greenPawn + " diceless", "rajas_killed", "reason", []string{"green", "yellow"}},
		} {
			actions := []string{"roll 5", "d5c4"}
			if strings.HasSuffix(c.text, "diceless") {
				actions = actions[1:]
			}
			e := playChaturaji(t, tr, c.text, actions...)
			e.finished(t, c.name, c.reason, c.decidedBy, c.winners...)
			// Evaluate's chances of a finished game: 1 for the winners, 0 for the others.
			ev := &pb.EvaluateResponse{}
			if err := tr.call(t, analysisMethod+"Evaluate", "/v1/analysis:evaluate", &pb.EvaluateRequest{Position: e.pos}, ev); err != nil {
				t.Fatal(err)
			}
			for _, v := range ev.GetValues() {
				if want := float64(map[bool]int{true: 1}[slices.Contains(c.winners, v.GetPlayer())]); v.GetWinChance() != want {
					t.Errorf("%s: Evaluate gives %s a win chance of %v, want %v", c.name, v.GetPlayer(), v.GetWinChance(), want)
				}
			}
			// Records give the same result: black and red first in seat order.
			ex := &pb.ExportGameResponse{}
			var moves []*pb.Action
			for _, a := range actions {
				moves = append(moves, &pb.Action{Notation: a})
			}
			gameRPC(t, tr, "ExportGame", &pb.ExportGameRequest{Start: &pb.Position{Variant: "chaturaji", Text: c.text}, Actions: moves}, ex)
			want := "1-3-1-3"
			if c.winners[0] == "green" {
				want = "3-1-3-1"
			}
			if !strings.Contains(ex.GetRecord(), `[Result "`+want+`"]`) {
				t.Errorf("%s: record %s; want Result %s", c.name, ex.GetRecord(), want)
			}
		}
	})
}

func TestChaturajiTeamDecisions(t *testing.T) {
	s := startServer(t)
	s.overBoth(t, func(t *testing.T, tr transport) {
		// d7=bK g6=rK f8=rE a5=gK h4=yK c6=gPh: black's raja enters red's throne e8 and commands
		// red. On red's turn black chooses, the roll included.
		e := playChaturaji(t, tr, "5,rE,2/3,bK,4/2,gPh,3,rK,1/gK,7/7,yK/8/8/8 b 5 - 0,0,0,0 0 1 teams", "d7e8", "roll 4", "pass")
		if e.pos.GetToMove() != "red" || e.pos.GetPhase() != pb.Phase_PHASE_ROLL || e.chooser != "black" {
			t.Errorf("red's commanded turn: %s's turn in %v, chosen by %s; want red's roll, chosen by black", e.pos.GetToMove(), e.pos.GetPhase(), e.chooser)
		}

		// e6=rK a5=gK e2=gE g3=yPk c1=bE d1=bK; yellow's raja is dead. Green's elephant kills red's
		// raja, red's last piece, and green proposes the exchange; black answers. Red is out when it
		// is proposed, so the turn passes to yellow whatever black answers, though the exchange
		// brings red's raja back.
		const proposal = "8/8/4,rK,3/gK,7/8/6,yPk,1/4,gE,3/2,bE,bK,4 g 4 - 0,0,0,0 0 1 teams"
		for _, answer := range []string{"accept_exchange", "decline_exchange"} {
			e := playChaturaji(t, tr, proposal, "e2e6", "propose_exchange", answer)
			if e.pos.GetToMove() != "yellow" || e.pos.GetPhase() != pb.Phase_PHASE_ROLL {
				t.Errorf("%s: %s's turn in %v; want yellow to roll", answer, e.pos.GetToMove(), e.pos.GetPhase())
			}
			back := strings.HasPrefix(e.pos.GetText(), "4,rK,3/")
			if back != (answer == "accept_exchange") {
				t.Errorf("%s: %q; red's raja on e8 %v", answer, e.pos.GetText(), back)
			}
		}

		// Diceless: d2=gK kills d1=bK; c1=bE stays frozen, and red does not command black.
		e = playChaturaji(t, tr, "4,rK,3/8/8/8/7,yK/8/3,gK,4/2,bE,bK,4 g - - 0,0,0,0 0 1 diceless", "d2d1")
		list := &pb.ListLegalMovesResponse{}
		gameRPC(t, tr, "ListLegalMoves", &pb.ListLegalMovesRequest{Position: e.pos}, list)
		for _, m := range notationsOf(list.GetMoves()) {
			if strings.HasPrefix(m, "c1") {
				t.Errorf("diceless: red may move black's frozen elephant: %s", m)
			}
		}
		if e.pos.GetToMove() != "red" || list.GetToMove() != "red" || strings.Contains(e.pos.GetText(), ">") {
			t.Errorf("diceless: %s's turn chosen by %s, %q; want red alone, no command", e.pos.GetToMove(), list.GetToMove(), e.pos.GetText())
		}

		// g7=rK h1=rE h6=yK c6=gPh d1=bK; green's raja is dead and black commands red. Black moves
		// red's elephant to kill the last enemy raja: red's piece made the kill, so black's empire
		// is +1 and the 5 points are red's.
		e = playChaturaji(t, tr, "8/6,rK,1/2,gPh,4,yK/8/8/8/8/3,bK,3,rE b 4 b>r 0,0,0,0 0 1 teams", "h1h6")
		if b, r := e.standing("black"), e.standing("red"); b != "black:1:1:black_red:captures=0,throne=0,empire=1" || r != "red:1:5:black_red:captures=5,throne=0,empire=0" {
			t.Errorf("a partner's piece kills: black %q, red %q; want black empire 1, red captures 5", b, r)
		}

		// One empire per team. d1=bK h1=bE h5=yK c6=gPh; red's and green's rajas are dead and
		// black commands red. Black's elephant kills yellow's raja: empire +2. The exchange brings
		// red's and yellow's rajas back; killing yellow's raja again on its throne h4 scores the
		// capture and the throne, but no second empire.
		e = playChaturaji(t, tr, "8/8/2,gPh,5/7,yK/8/8/8/3,bK,3,bE b 4 b>r 0,0,0,0 0 1 teams",
			"h1h5", "propose_exchange", "accept_exchange", "roll 2", "pass", "roll 2", "pass", "roll 2", "pass", "roll 4", "h5h4")
		if b := e.standing("black"); b != "black:1:14:black_red:captures=10,throne=2,empire=2" {
			t.Errorf("a second empire: black %q; want captures 10, throne 2, empire 2", b)
		}
		e.finished(t, "second kill", "rajas_killed", "score", "black", "red")
	})
}
