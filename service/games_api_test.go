package service

import (
	"fmt"
	"io"
	"net/http"
	"slices"
	"sort"
	"strings"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/structpb"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/enginetest/hexapawn"
	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
)

// One API smoke test per game, over gRPC and the JSON gateway: the board GetVariant describes,
// the start, a legal move list, an action with its events and next turn, an illegal and a
// malformed action, the dice, the end and its standings, perft and a short search. The rules
// themselves are checked in the game packages (engine/chaturaji, engine/martianchess,
// engine/coasterchaturanga, engine/ramayana); these tests check that the API carries them.

// jsonPaths are the gateway paths of the rules methods called by POST.
var jsonPaths = map[string]string{"ApplyMoves": "/v1/moves:apply", "ListLegalMoves": "/v1/moves:list",
	"ValidateMove": "/v1/moves:validate", "ScorePosition": "/v1/positions:score", "ResolveDice": "/v1/dice:resolve",
	"RollDice": "/v1/dice:roll", "ExportGame": "/v1/games:export", "ImportGame": "/v1/games:import"}

const chaturajiStart = "gB,gPb,2,rK,rE,rH,rB/gH,gPh,2,rPk,rPe,rPh,rPb/gE,gPe,6/gK,gPk,6/" +
	"6,yPk,yK/6,yPe,yE/bPb,bPh,bPe,bPk,2,yPh,yH/bB,bH,bE,bK,2,yPb,yB b - - 0,0,0,0 0 1"

// gameCall calls a rules or analysis method over tr and returns its error.
func gameCall(t *testing.T, tr transport, method string, req, resp proto.Message) error {
	t.Helper()
	switch method {
	case "Perft", "Search":
		return tr.call(t, analysisMethod+method, "/v1/analysis:"+strings.ToLower(method), req, resp)
	case "StartPosition":
		return tr.call(t, rulesMethod+method, "/v1/variants/"+req.(*pb.StartPositionRequest).GetVariant()+":start", req, resp)
	}
	return tr.call(t, rulesMethod+method, jsonPaths[method], req, resp)
}

func gameRPC(t *testing.T, tr transport, method string, req, resp proto.Message) {
	t.Helper()
	if err := gameCall(t, tr, method, req, resp); err != nil {
		t.Fatalf("%s over %s: %v", method, tr.name, err)
	}
}

// describeOver is GetVariant over gRPC, or GET /v1/variants/{name} over JSON.
func describeOver(t *testing.T, s *testServer, tr transport, name string) *pb.Variant {
	t.Helper()
	out := &pb.GetVariantResponse{}
	if tr.name == "grpc" {
		gameRPC(t, tr, "GetVariant", &pb.GetVariantRequest{Name: name}, out)
		return out.GetVariant()
	}
	resp, err := http.Get(s.httpURL + "/v1/variants/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET /v1/variants/%s: %d %s", name, resp.StatusCode, raw)
	}
	if err := protojson.Unmarshal(raw, out); err != nil {
		t.Fatalf("GET /v1/variants/%s: %v", name, err)
	}
	return out.GetVariant()
}

// notationsOf lists the actions' notations, sorted.
func notationsOf(moves []*pb.Action) []string {
	var out []string
	for _, m := range moves {
		out = append(out, m.GetNotation())
	}
	sort.Strings(out)
	return out
}

// eventLines writes events as kind/name/player/square/piece/points/description.
func eventLines(evs []*pb.Event) string {
	var out []string
	for _, e := range evs {
		out = append(out, fmt.Sprintf("%s/%s/%s/%s/%s/%d/%s", strings.TrimPrefix(e.GetKind().String(), "EVENT_KIND_"),
			e.GetName(), e.GetPlayer(), e.GetSquare(), e.GetPiece(), e.GetPoints(), e.GetDescription()))
	}
	return strings.Join(out, "; ")
}

// standingLines writes standings as player:place:score:team:score parts.
func standingLines(st []*pb.Standing) string {
	var out []string
	for _, s := range st {
		var parts []string
		for _, p := range s.GetScoreParts() {
			parts = append(parts, fmt.Sprintf("%s=%d", p.GetSource(), p.GetPoints()))
		}
		out = append(out, fmt.Sprintf("%s:%d:%d:%s:%s", s.GetPlayer(), s.GetPlace(), s.GetScore(), s.GetTeam(), strings.Join(parts, ",")))
	}
	return strings.Join(out, " ")
}

// wantIllegal checks that action is refused in pos with reason, by ValidateMove and ApplyMoves.
func wantIllegal(t *testing.T, tr transport, pos *pb.Position, action, reason string) {
	t.Helper()
	v := &pb.ValidateMoveResponse{}
	gameRPC(t, tr, "ValidateMove", &pb.ValidateMoveRequest{Position: pos, Move: &pb.Action{Notation: action}, IncludeNext: true}, v)
	if v.GetLegal() || v.GetReason() != reason || v.GetPosition() != nil || v.GetNext() != nil {
		t.Errorf("%s: legal %v, reason %q, position %v; want refused because %q", action, v.GetLegal(), v.GetReason(), v.GetPosition(), reason)
	}
	a := &pb.ApplyMovesResponse{}
	gameRPC(t, tr, "ApplyMoves", &pb.ApplyMovesRequest{Position: pos, Moves: []*pb.Action{{Notation: action}}}, a)
	if f := a.GetFailure(); a.GetApplied() != 0 || f.GetIndex() != 0 || f.GetNotation() != action || f.GetReason() != reason {
		t.Errorf("%s: applied %d, failure %v", action, a.GetApplied(), f)
	}
}

// wantStatus checks a call's error: its code, ErrorInfo reason, first field and words of its message.
func wantStatus(t *testing.T, what string, err error, code codes.Code, reason, field, says string) {
	t.Helper()
	c, r, f := errorDetails(err)
	if c != code || r != reason || f != field || !strings.Contains(status.Convert(err).Message(), says) {
		t.Errorf("%s: %v %s %q (%v); want %v %s %q saying %q", what, c, r, f, err, code, reason, field, says)
	}
}

// perftAndSearch checks perft with divide from pos, and a depth-2 search of choice (a position
// waiting for a player's action) that answers a legal action.
func perftAndSearch(t *testing.T, tr transport, pos *pb.Position, depth int32, nodes uint64, entries int, choice *pb.Position) {
	t.Helper()
	p := &pb.PerftResponse{}
	gameRPC(t, tr, "Perft", &pb.PerftRequest{Position: pos, Depth: depth, Divide: true}, p)
	var sum uint64
	for _, d := range p.GetDivide() {
		sum += d.GetNodes()
	}
	if p.GetNodes() != nodes || sum != nodes || len(p.GetDivide()) != entries {
		t.Errorf("perft %d of %s: %d nodes, %d divide entries adding to %d; want %d over %d", depth, pos.GetText(), p.GetNodes(), len(p.GetDivide()), sum, nodes, entries)
	}
	sr := &pb.SearchResponse{}
	gameRPC(t, tr, "Search", &pb.SearchRequest{Position: choice, Depth: 2}, sr)
	list := &pb.ListLegalMovesResponse{}
	gameRPC(t, tr, "ListLegalMoves", &pb.ListLegalMovesRequest{Position: choice}, list)
	if best := sr.GetBestAction().GetNotation(); !slices.Contains(notationsOf(list.GetMoves()), best) || !sr.GetComplete() {
		t.Errorf("search of %s: best %q, complete %v", choice.GetText(), best, sr.GetComplete())
	}
}

func TestRamayanaAPI(t *testing.T) {
	const start = "3imbw3/3ydrh3/3uuuu3/10/10/10/10/1K8/8K1/10/10/10/10/3UUUU3/3HRDY3/3WBMI3 y 0 1"
	pos := func(text string) *pb.Position { return &pb.Position{Variant: "ramayana", Text: text} }
	s := startServer(t)
	s.overBoth(t, func(t *testing.T, tr transport) {
		v := describeOver(t, s, tr, "ramayana")
		b := v.GetBoard()
		var b9 *pb.Square
		for _, sq := range b.GetSquares() {
			if sq.GetName() == "b9" {
				b9 = sq
			}
		}
		var ocean *pb.Region
		for _, r := range b.GetRegions() {
			if r.GetName() == "ocean" {
				ocean = r
			}
		}
		if b.GetFiles() != 10 || b.GetRanks() != 16 || len(b.GetSquares()) != 84 || b9.GetFile() != 1 || b9.GetRank() != 8 ||
			b9.GetRegion() != "west_archipelago" || ocean.GetKind() != "ocean" || len(ocean.GetSquares()) != 76 || v.GetRepetition() != 3 {
			t.Errorf("board %dx%d, %d squares, b9 %v, ocean %v, repetition %d", b.GetFiles(), b.GetRanks(), len(b.GetSquares()), b9, ocean, v.GetRepetition())
		}
		if m := b.GetMarks()[1]; m.GetName() != "maharajah_square" || m.GetPlayer() != "yellow" || !slices.Equal(m.GetSquares(), []string{"f15"}) || m.GetDescription() == "" {
			t.Errorf("mark %v", m)
		}

		st := &pb.StartPositionResponse{}
		gameRPC(t, tr, "StartPosition", &pb.StartPositionRequest{Variant: "ramayana"}, st)
		if p := st.GetPosition(); p.GetText() != start || p.GetToMove() != "yellow" || p.GetPhase() != pb.Phase_PHASE_ACTION || len(p.GetPieces()) != 26 || p.GetInCheck() {
			t.Errorf("start %q, %s to move in %v, %d pieces", p.GetText(), p.GetToMove(), p.GetPhase(), len(p.GetPieces()))
		}
		list := &pb.ListLegalMovesResponse{}
		gameRPC(t, tr, "ListLegalMoves", &pb.ListLegalMovesRequest{Position: pos(start)}, list)
		if got := strings.Join(notationsOf(list.GetMoves()), " "); got != "d2b4 d2e4 d2f4 d3d4 e3e4 f2e4 f2e5 f2g4 f2g5 f3f4 g2f5 g3g4" {
			t.Errorf("start moves %s", got)
		}
		if m := list.GetMoves()[0]; m.GetKind() != pb.ActionKind_ACTION_KIND_MOVE || m.GetName() != "move" || m.GetPiece() == "" || m.GetFrom()+m.GetTo() != m.GetNotation() {
			t.Errorf("first move %v", m)
		}

		// The Muni takes the Rakshasa on e5, which returns to b9.
		before := pos("10/5r4/10/9m/10/10/10/10/8K1/10/10/4K5/10/4M5/4R5/10 y 0 1")
		const after = "10/5r4/10/9m/10/10/10/1K8/8K1/10/10/4M5/10/10/4R5/10 r 0 1"
		a := &pb.ApplyMovesResponse{}
		gameRPC(t, tr, "ApplyMoves", &pb.ApplyMovesRequest{Position: before, Moves: []*pb.Action{{Notation: "e3e5"}}, IncludeNext: true}, a)
		if a.GetApplied() != 1 || a.GetPosition().GetText() != after || a.GetPosition().GetLastAction().GetNotation() != "e3e5" ||
			eventLines(a.GetSteps()[0].GetEvents()) != "CAPTURE/capture/yellow/e5/rakshasa/0/; VARIANT/respawn//b9/rakshasa/0/" {
			t.Errorf("e3e5: %d applied, %q, events %s", a.GetApplied(), a.GetPosition().GetText(), eventLines(a.GetSteps()[0].GetEvents()))
		}
		checkNext(t, tr, "e3e5", a.GetNext(), a.GetPosition(), nil, pb.MoveView_MOVE_VIEW_UNSPECIFIED)

		wantIllegal(t, tr, pos(start), "d3d5", "an Untouchable on d3 cannot reach d5: it steps one square straight forward and captures one square diagonally forward")
		err := gameCall(t, tr, "ValidateMove", &pb.ValidateMoveRequest{Position: pos(start), Move: &pb.Action{Notation: "c3c4"}}, &pb.ValidateMoveResponse{})
		wantStatus(t, "c3c4", err, codes.InvalidArgument, "MALFORMED_ACTION", "move.notation", `"c3" is ocean`)
		err = gameCall(t, tr, "ApplyMoves", &pb.ApplyMovesRequest{Position: pos(start), Moves: []*pb.Action{{Notation: "d3d4"}, {Notation: "c3c4"}}}, &pb.ApplyMovesResponse{})
		wantStatus(t, "ApplyMoves d3d4 c3c4", err, codes.InvalidArgument, "MALFORMED_ACTION", "moves[1].notation", `"c3" is ocean`)
		err = gameCall(t, tr, "RollDice", &pb.RollDiceRequest{Position: pos(start)}, &pb.RollDiceResponse{})
		wantStatus(t, "RollDice", err, codes.FailedPrecondition, "NO_DICE", "position.variant", "")

		// The Muni's leap to d14 mates.
		sc := &pb.ScorePositionResponse{}
		gameRPC(t, tr, "ScorePosition", &pb.ScorePositionRequest{Position: pos("3r6/10/3MM5/10/10/10/10/1K8/8K1/10/10/9=u/10/10/4R5/10 r 1 1")}, sc)
		if sc.GetStatus() != pb.GameStatus_GAME_STATUS_FINISHED || sc.GetReason() != "checkmate" || sc.GetDecidedBy() != "reason" || !slices.Equal(sc.GetWinners(), []string{"yellow"}) ||
			!sc.GetPosition().GetInCheck() || standingLines(sc.GetStandings()) != "yellow:1:0:: red:2:0::" {
			t.Errorf("checkmate: %v %q %v, in check %v, standings %s", sc.GetStatus(), sc.GetReason(), sc.GetWinners(), sc.GetPosition().GetInCheck(), standingLines(sc.GetStandings()))
		}
		perftAndSearch(t, tr, pos(start), 2, 144, 12, pos(start))
	})
}

func TestChaturajiAPI(t *testing.T) {
	pos := func(text string) *pb.Position { return &pb.Position{Variant: "chaturaji", Text: text} }
	s := startServer(t)
	s.overBoth(t, func(t *testing.T, tr transport) {
		v := describeOver(t, s, tr, "chaturaji")
		var seats []string
		for _, st := range v.GetSeats() {
			seats = append(seats, st.GetPlayer()+"@"+st.GetSeat()+"/"+st.GetTeam())
		}
		if b := v.GetBoard(); b.GetFiles() != 8 || b.GetRanks() != 8 || len(b.GetSquares()) != 64 ||
			strings.Join(seats, " ") != "black@south/black_red green@west/green_yellow red@north/black_red yellow@east/green_yellow" {
			t.Errorf("board %dx%d, %d squares; seats %v", b.GetFiles(), b.GetRanks(), len(b.GetSquares()), seats)
		}
		opts := map[string]any{}
		for _, o := range v.GetOptions() {
			opts[o.GetName()] = o.GetDefaultValue().AsInterface()
		}
		if fmt.Sprint(opts) != "map[dice:1 diceless:false goal:points max_rounds:0 rank_rule:false teams:false]" {
			t.Errorf("option defaults %v", opts)
		}
		st := &pb.StartPositionResponse{}
		gameRPC(t, tr, "StartPosition", &pb.StartPositionRequest{Variant: "chaturaji", Options: map[string]*structpb.Value{
			"teams": structpb.NewBoolValue(true), "dice": structpb.NewNumberValue(2), "max_rounds": structpb.NewNumberValue(30)}}, st)
		if p := st.GetPosition(); p.GetText() != chaturajiStart+" teams dice=2 max_rounds=30" || p.GetPhase() != pb.Phase_PHASE_ROLL || p.GetToMove() != "black" {
			t.Errorf("start with options: %q, %s in %v", p.GetText(), p.GetToMove(), p.GetPhase())
		}
		err := gameCall(t, tr, "StartPosition", &pb.StartPositionRequest{Variant: "chaturaji", Options: map[string]*structpb.Value{"dice": structpb.NewNumberValue(3)}}, &pb.StartPositionResponse{})
		wantStatus(t, "dice 3", err, codes.InvalidArgument, "INVALID_OPTION", "options.dice", "")

		// The client's d6: a 1 is rolled again; a 5 means the raja or a pawn.
		res := &pb.ResolveDiceResponse{}
		gameRPC(t, tr, "ResolveDice", &pb.ResolveDiceRequest{Position: pos(chaturajiStart), Values: []int32{1}}, res)
		if !res.GetRollAgain() || res.GetPosition().GetText() != chaturajiStart || res.GetEvents()[0].GetKind() != pb.EventKind_EVENT_KIND_ROLL_AGAIN {
			t.Errorf("d6 1: roll again %v, %q, events %v", res.GetRollAgain(), res.GetPosition().GetText(), res.GetEvents())
		}
		gameRPC(t, tr, "ResolveDice", &pb.ResolveDiceRequest{Position: pos(chaturajiStart), Values: []int32{5}, IncludeNext: true}, res)
		if d := res.GetPosition().GetDice(); res.GetRollAgain() || len(d) != 1 || d[0].GetValue() != 5 || d[0].GetMeans() != "raja_or_pawn" || d[0].GetKind() != "d6_reroll" ||
			strings.Join(notationsOf(res.GetNext().GetMoves()), " ") != "a2a3 b2b3 c2c3 d1e1 d1e2 d2d3" {
			t.Errorf("d6 5: dice %v, next %v", d, notationsOf(res.GetNext().GetMoves()))
		}
		checkNext(t, tr, "d6 5", res.GetNext(), res.GetPosition(), nil, pb.MoveView_MOVE_VIEW_UNSPECIFIED)
		rolled := res.GetPosition()
		illegal := &pb.ValidateMoveResponse{}
		gameRPC(t, tr, "ValidateMove", &pb.ValidateMoveRequest{Position: rolled, Move: &pb.Action{Notation: "a2a4"}}, illegal)
		if illegal.GetLegal() || !strings.Contains(illegal.GetReason(), "cannot move") {
			t.Errorf("a2a4 after a 5: legal %v, reason %q", illegal.GetLegal(), illegal.GetReason())
		}
		// The service's own roll counts only 2-5, and a seed repeats it; 32 seeds show every face.
		seen := map[int32]bool{}
		for seed := range uint64(32) {
			r1, r2 := &pb.RollDiceResponse{}, &pb.RollDiceResponse{}
			gameRPC(t, tr, "RollDice", &pb.RollDiceRequest{Position: pos(chaturajiStart), Seed: &seed}, r1)
			gameRPC(t, tr, "RollDice", &pb.RollDiceRequest{Position: pos(chaturajiStart), Seed: &seed}, r2)
			if v := r1.GetValues(); len(v) != 1 || v[0] < 2 || v[0] > 5 || !slices.Equal(v, r2.GetValues()) || r1.GetSeed() != seed {
				t.Fatalf("seed %d: rolls %v and %v", seed, v, r2.GetValues())
			}
			seen[r1.GetValues()[0]] = true
		}
		if len(seen) != 4 {
			t.Errorf("32 seeded rolls show only %v", seen)
		}
		err = gameCall(t, tr, "RollDice", &pb.RollDiceRequest{Position: pos(chaturajiStart + " diceless")}, &pb.RollDiceResponse{})
		wantStatus(t, "diceless RollDice", err, codes.FailedPrecondition, "NO_DICE", "position.variant", "")

		// Team play: the boat triumph hands black red's boat, by command, with a colour of its own.
		a := &pb.ApplyMovesResponse{}
		gameRPC(t, tr, "ApplyMoves", &pb.ApplyMovesRequest{Position: pos("4,rK,3/8/8/gK,7/2,gB,rB,3,yK/3,yB,4/8/bB,2,bK,4 b 2 - 0,0,0,0 0 1 teams"),
			Moves: []*pb.Action{{Notation: "a1c3"}}, IncludeNext: true}, a)
		var d4 *pb.Piece
		for _, p := range a.GetPosition().GetPieces() {
			if p.GetSquare() == "d4" {
				d4 = p
			}
		}
		if d4.GetPlayer() != "black" || d4.GetColor() != "red" || !strings.Contains(eventLines(a.GetSteps()[0].GetEvents()), "VARIANT/boat_triumph/black") {
			t.Errorf("a1c3: d4 %v, events %s", d4, eventLines(a.GetSteps()[0].GetEvents()))
		}
		checkNext(t, tr, "a1c3", a.GetNext(), a.GetPosition(), nil, pb.MoveView_MOVE_VIEW_UNSPECIFIED)
		// An exchange proposed waits for green's answer.
		const offer = "8/4,rPk,3/2,gPh,5/8/gK,6,yK/8/bE,7/3,bK,4 b 4 b>r 0,0,0,0 0 1 teams"
		gameRPC(t, tr, "ApplyMoves", &pb.ApplyMovesRequest{Position: pos(offer), Moves: []*pb.Action{{Notation: "a2a4"}, {Notation: "propose_exchange"}}}, a)
		if p := a.GetPosition(); p.GetPhase() != pb.Phase_PHASE_RESPONSE || p.GetProposal().GetStage() != "proposed" || p.GetProposal().GetResponder() != "green" {
			t.Errorf("proposed: %v %v", p.GetPhase(), p.GetProposal())
		}

		// Both enemy rajas dead: black and red win on points, the empire and throne points included.
		sc := &pb.ScorePositionResponse{}
		gameRPC(t, tr, "ApplyMoves", &pb.ApplyMovesRequest{Position: pos("8/6,rK,1/2,gPh,5/8/7,yK/8/8/3,bK,3,bE b 4 b>r 0,0,0,0 0 1 teams"),
			Moves: []*pb.Action{{Notation: "h1h4"}}}, a)
		gameRPC(t, tr, "ScorePosition", &pb.ScorePositionRequest{Position: a.GetPosition()}, sc)
		if sc.GetStatus() != pb.GameStatus_GAME_STATUS_FINISHED || sc.GetReason() != "rajas_killed" || sc.GetDecidedBy() != "score" || !slices.Equal(sc.GetWinners(), []string{"black", "red"}) ||
			!strings.HasPrefix(standingLines(sc.GetStandings()), "black:1:11:black_red:captures=5,throne=2,empire=4 green:3:0:green_yellow:") ||
			len(sc.GetTeams()) != 2 || sc.GetTeams()[0].GetTeam() != "black_red" || sc.GetTeams()[0].GetPlace() != 1 || sc.GetTeams()[1].GetPlace() != 2 {
			t.Errorf("the end: %v %q %v, standings %s, teams %v", sc.GetStatus(), sc.GetReason(), sc.GetWinners(), standingLines(sc.GetStandings()), sc.GetTeams())
		}
		// Each player's first roll: 1+2+1+6 actions, ten at every depth after the four rolls.
		perftAndSearch(t, tr, pos(chaturajiStart), 2, 100, 4, rolled)
	})
}

func TestMartianChessAPI(t *testing.T) {
	const start = "qqd1/qdp1/dpp1/4/4/1ppd/1pdq/1dqq s -,- - - 1"
	martian := func(text string) *pb.Position { return &pb.Position{Variant: "martian_chess", Text: text} }
	s := startServer(t)
	s.overBoth(t, func(t *testing.T, tr transport) {
		v := describeOver(t, s, tr, "martian_chess")
		var zones []string
		for _, r := range v.GetBoard().GetRegions() {
			zones = append(zones, fmt.Sprintf("%s:%s:%d", r.GetName(), r.GetKind(), len(r.GetSquares())))
		}
		if b := v.GetBoard(); b.GetFiles() != 4 || b.GetRanks() != 8 || len(b.GetSquares()) != 32 || strings.Join(zones, " ") != "south:zone:16 north:zone:16" {
			t.Errorf("board %dx%d, %d squares, regions %v", b.GetFiles(), b.GetRanks(), len(b.GetSquares()), zones)
		}
		// The four-player boards, without and with teams, by their options.
		obs := v.GetOptionBoards()
		if len(obs) != 2 || obs[1].GetOptions()["players"].GetNumberValue() != 4 || !obs[1].GetOptions()["teams"].GetBoolValue() ||
			obs[1].GetBoard().GetFiles() != 8 || obs[1].GetSeats()[0].GetPlayer() != "south_west" || obs[1].GetSeats()[0].GetTeam() != "south_west_north_east" {
			t.Errorf("option boards %v", obs)
		}
		// Coaster Chess: the arrows of the exits table as connections, c3 to c4 one way only.
		v = describeOver(t, s, tr, "coaster_chess")
		oneWay, back := false, false
		for _, c := range v.GetBoard().GetConnections() {
			oneWay = oneWay || c.GetFrom() == "c3" && c.GetTo() == "c4" && c.GetDirection() == "n"
			back = back || c.GetFrom() == "c4" && c.GetTo() == "c3"
		}
		if len(v.GetBoard().GetConnections()) != 112 || !oneWay || back {
			t.Errorf("coaster connections: %d, c3>c4 %v, c4>c3 %v", len(v.GetBoard().GetConnections()), oneWay, back)
		}

		st := &pb.StartPositionResponse{}
		gameRPC(t, tr, "StartPosition", &pb.StartPositionRequest{Variant: "martian_chess", Options: map[string]*structpb.Value{
			"players": structpb.NewNumberValue(4), "teams": structpb.NewBoolValue(true)}}, st)
		if p := st.GetPosition(); p.GetText() != "qqd2dqq/qdp2pdq/dpp2ppd/8/8/dpp2ppd/qdp2pdq/qqd2dqq sw -,-,-,- - - 1 teams" || p.GetToMove() != "south_west" || len(p.GetPlayers()) != 4 {
			t.Errorf("four-player start: %q, %s to move, %d players", p.GetText(), p.GetToMove(), len(p.GetPlayers()))
		}
		list := &pb.ListLegalMovesResponse{}
		gameRPC(t, tr, "ListLegalMoves", &pb.ListLegalMovesRequest{Position: martian(start)}, list)
		clock := 0
		for _, m := range list.GetMoves() {
			if strings.HasSuffix(m.GetNotation(), "+clock") && m.GetName() == "call_clock" && m.GetKind() == pb.ActionKind_ACTION_KIND_VARIANT {
				clock++
			}
		}
		if len(list.GetMoves()) != 20 || clock != 10 || list.GetToMove() != "south" {
			t.Errorf("start: %d actions, %d calling the clock, %s to move", len(list.GetMoves()), clock, list.GetToMove())
		}

		// A capture across the canal: the pawn is scored, the queen changes hands.
		before := martian("q3/4/4/1p2/4/p1d1/1q2/4 s -,- - - 1")
		val := &pb.ValidateMoveResponse{}
		gameRPC(t, tr, "ValidateMove", &pb.ValidateMoveRequest{Position: before, Move: &pb.Action{Notation: "b2b5"}, IncludeNext: true}, val)
		p := val.GetPosition()
		if m := val.GetMove(); !val.GetLegal() || m.GetPlayer() != "south" || m.GetPiece() != "queen" || m.GetCaptured() != "pawn" ||
			p.GetText() != "q3/4/4/1q2/4/p1d1/4/4 n p,- - b2b5 1" || p.GetState()["last_move"].GetStringValue() != "b2b5" || p.GetPlayers()[0].GetScore() != 1 ||
			!slices.Equal(p.GetPlayers()[0].GetHeld(), []string{"pawn"}) {
			t.Errorf("b2b5: %v, %q, state %v, players %v", m, p.GetText(), p.GetState(), p.GetPlayers())
		}
		if got := eventLines(val.GetEvents()); got != "CAPTURE/capture/south/b5/pawn/0/; POINTS/points/south/b5/pawn/1/; VARIANT/handed_over/north/b5/queen/0/now controlled by north" {
			t.Errorf("b2b5 events %s", got)
		}
		checkNext(t, tr, "b2b5", val.GetNext(), p, nil, pb.MoveView_MOVE_VIEW_UNSPECIFIED)
		wantIllegal(t, tr, p, "b5b2", "the queen just crossed from b2 to b5 and may not go straight back")
		gameRPC(t, tr, "ValidateMove", &pb.ValidateMoveRequest{Position: martian("q3/4/4/4/4/4/1p2/4 s -,- - - 1"), Move: &pb.Action{Notation: "b2c3+clock"}}, val)
		if c := val.GetPosition().GetCounters(); len(c) == 0 || c[0].GetName() != "clock" || c[0].GetValue() != 1 {
			t.Errorf("counters after calling the clock: %v", c)
		}
		err := gameCall(t, tr, "ValidateMove", &pb.ValidateMoveRequest{Position: martian(start), Move: &pb.Action{Notation: "b2"}}, &pb.ValidateMoveResponse{})
		wantStatus(t, "b2", err, codes.InvalidArgument, "MALFORMED_ACTION", "move.notation", "b2c3")
		err = gameCall(t, tr, "ListLegalMoves", &pb.ListLegalMovesRequest{Position: martian("q3/4/4/4/4/4/1p2/4 s -,-,- - - 1")}, &pb.ListLegalMovesResponse{})
		wantStatus(t, "three piles", err, codes.InvalidArgument, "INVALID_POSITION", "position.text", "piles")
		err = gameCall(t, tr, "RollDice", &pb.RollDiceRequest{Position: martian(start)}, &pb.RollDiceResponse{})
		wantStatus(t, "RollDice", err, codes.FailedPrecondition, "NO_DICE", "position.variant", "")

		// Four players in teams: south_west empties its zone; partners add their points.
		gameRPC(t, tr, "ValidateMove", &pb.ValidateMoveRequest{Position: martian("7p/8/8/p7/8/8/8/q6p sw -,-,d,- - - 1 teams"), Move: &pb.Action{Notation: "a1a5"}}, val)
		sc := &pb.ScorePositionResponse{}
		gameRPC(t, tr, "ScorePosition", &pb.ScorePositionRequest{Position: val.GetPosition()}, sc)
		tm := sc.GetTeams()
		if sc.GetReason() != "zone_empty" || sc.GetDecidedBy() != "score" || !slices.Equal(sc.GetWinners(), []string{"south_west", "north_east"}) || len(tm) != 2 ||
			tm[0].GetTeam() != "south_west_north_east" || tm[0].GetScore() != 3 || tm[0].GetPlace() != 1 || !slices.Equal(tm[0].GetPlayers(), []string{"south_west", "north_east"}) ||
			standingLines(sc.GetStandings()) != "south_west:1:1:south_west_north_east: north_west:3:0:north_west_south_east: north_east:1:2:south_west_north_east: south_east:3:0:north_west_south_east:" {
			t.Errorf("the end: %q %v, teams %v, standings %s", sc.GetReason(), sc.GetWinners(), tm, standingLines(sc.GetStandings()))
		}
		err = gameCall(t, tr, "ValidateMove", &pb.ValidateMoveRequest{Position: val.GetPosition(), Move: &pb.Action{Notation: "pass"}}, &pb.ValidateMoveResponse{})
		wantStatus(t, "an action on the finished game", err, codes.FailedPrecondition, "GAME_OVER", "", "")
		perftAndSearch(t, tr, martian(start), 2, 312, 20, martian(start))
	})
}

func TestCoasterChaturangaAPI(t *testing.T) {
	const start = "y0r1b2g3 gqgd2ypyq/gp4yd/6/6/bd4rp/bqbp2rdrq -,-,-,- bl - 0"
	mcc := func(text string) *pb.Position { return &pb.Position{Variant: "martian_coaster_chaturanga", Text: text} }
	// layoutOf writes the coasters' places, colours and quarter turns.
	layoutOf := func(p *pb.Position) string {
		var out []string
		for _, l := range p.GetLayout() {
			out = append(out, fmt.Sprintf("%s:%s:%d", l.GetPosition(), l.GetBoard(), l.GetQuarterTurns()))
		}
		return strings.Join(out, " ")
	}
	// regionOf is the region a board puts a square in.
	regionOf := func(b *pb.Board, name string) string {
		for _, sq := range b.GetSquares() {
			if sq.GetName() == name {
				return sq.GetRegion()
			}
		}
		return ""
	}
	s := startServer(t)
	s.overBoth(t, func(t *testing.T, tr transport) {
		v := describeOver(t, s, tr, "martian_coaster_chaturanga")
		b := v.GetBoard()
		var faces []string
		for _, f := range v.GetDieTypes()[0].GetFaces() {
			faces = append(faces, fmt.Sprintf("%d:%s", f.GetValue(), f.GetLabel()))
		}
		var first *pb.OptionSpec
		for _, o := range v.GetOptions() {
			if o.GetName() == "first" {
				first = o
			}
		}
		if !b.GetLayoutInPosition() || len(b.GetSquares()) != 36 || len(b.GetConnections()) != 112 || regionOf(b, "a6") != "yellow" ||
			v.GetMaxActionsPerTurn() != 3 || v.GetDieTypes()[0].GetKind() != "treehouse" || strings.Join(faces, " ") != "1:AIM 2:DIG 3:HOP 4:SWAP 5:TIP 6:WILD" ||
			first.GetType() != pb.OptionType_OPTION_TYPE_STRING || first.GetDefaultValue().GetStringValue() != "bl" || strings.Join(first.GetAllowed(), ",") != "bl,br,tr,tl" {
			t.Errorf("variant: board %v, dice %v, option first %v", b, v.GetDieTypes(), first)
		}

		st := &pb.StartPositionResponse{}
		gameRPC(t, tr, "StartPosition", &pb.StartPositionRequest{Variant: "martian_coaster_chaturanga"}, st)
		p := st.GetPosition()
		if p.GetText() != start || p.GetToMove() != "bl" || p.GetPhase() != pb.Phase_PHASE_ROLL || p.GetPlayers()[0].GetColor() != "green" ||
			layoutOf(p) != "top_left:yellow:0 top_right:red:1 bottom_right:blue:2 bottom_left:green:3" || regionOf(p.GetBoard(), "a6") != "yellow" {
			t.Errorf("start %q, %s to move in %v, layout %s", p.GetText(), p.GetToMove(), p.GetPhase(), layoutOf(p))
		}
		list := &pb.ListLegalMovesResponse{}
		gameRPC(t, tr, "ListLegalMoves", &pb.ListLegalMovesRequest{Position: mcc(start)}, list)
		if got := strings.Join(notationsOf(list.GetMoves()), ","); got != "roll aim,roll dig,roll hop,roll swap,roll tip,roll wild" || !list.GetChance() ||
			list.GetMoves()[0].GetKind() != pb.ActionKind_ACTION_KIND_ROLL || len(list.GetMoves()[0].GetDice()) != 1 {
			t.Errorf("start: %s, chance %v", got, list.GetChance())
		}
		wantIllegal(t, tr, mcc(start), "b1b2", "roll the Treehouse die first")

		// The service rolls by the seed; the client's own roll is resolved.
		seed := uint64(7)
		r1, r2 := &pb.RollDiceResponse{}, &pb.RollDiceResponse{}
		gameRPC(t, tr, "RollDice", &pb.RollDiceRequest{Position: mcc(start), Seed: &seed, IncludeNext: true}, r1)
		gameRPC(t, tr, "RollDice", &pb.RollDiceRequest{Position: mcc(start), Seed: &seed}, r2)
		if d := r1.GetPosition().GetDice(); len(r1.GetValues()) != 1 || !slices.Equal(r1.GetValues(), r2.GetValues()) || len(d) != 1 || d[0].GetKind() != "treehouse" ||
			d[0].GetValue() != r1.GetValues()[0] || eventLines(r1.GetEvents()) != fmt.Sprintf("DICE_ROLLED/dice_rolled/bl///0/rolled %d", d[0].GetValue()) {
			t.Errorf("seeded rolls %v and %v, dice %v, events %s", r1.GetValues(), r2.GetValues(), d, eventLines(r1.GetEvents()))
		}
		checkNext(t, tr, "roll", r1.GetNext(), r1.GetPosition(), nil, pb.MoveView_MOVE_VIEW_UNSPECIFIED)
		res := &pb.ResolveDiceResponse{}
		gameRPC(t, tr, "ResolveDice", &pb.ResolveDiceRequest{Position: mcc(start), Values: []int32{4}}, res)
		rolled := res.GetPosition()
		if rolled.GetText() != "y0r1b2g3 gqgd2ypyq/gp4yd/6/6/bd4rp/bqbp2rdrq -,-,-,- bl swap 0" || rolled.GetDice()[0].GetMeans() != "swap" {
			t.Errorf("resolve 4: %q, dice %v", rolled.GetText(), rolled.GetDice())
		}
		err := gameCall(t, tr, "ResolveDice", &pb.ResolveDiceRequest{Position: mcc(start), Values: []int32{7}}, &pb.ResolveDiceResponse{})
		wantStatus(t, "resolve 7", err, codes.InvalidArgument, "MALFORMED_ACTION", "values", "Treehouse")
		// A position whose die is rolled already takes no roll.
		err = gameCall(t, tr, "ResolveDice", &pb.ResolveDiceRequest{Position: rolled, Values: []int32{4}}, &pb.ResolveDiceResponse{})
		wantStatus(t, "resolve after the roll", err, codes.FailedPrecondition, "NOT_ROLL_PHASE", "", "does not wait for a dice roll")

		// The swap: the coasters and the seats' colours move, and the position's board follows.
		a := &pb.ApplyMovesResponse{}
		gameRPC(t, tr, "ApplyMoves", &pb.ApplyMovesRequest{Position: rolled, Moves: []*pb.Action{{Notation: "swap tl br"}}, IncludeNext: true}, a)
		p = a.GetPosition()
		if m := a.GetSteps()[0].GetMove(); m.GetName() != "swap" || m.GetKind() != pb.ActionKind_ACTION_KIND_VARIANT || m.DieIndex == nil || m.GetDieIndex() != 0 {
			t.Errorf("swap action %v", m)
		}
		if p.GetText() != "b0r1y2g3 rqrd2ypyq/rp4yd/6/6/bd4gp/bqbp2gdgq -,-,-,- bl swap:d 0" || !p.GetDice()[0].GetUsed() ||
			layoutOf(p) != "top_left:blue:0 top_right:red:1 bottom_right:yellow:2 bottom_left:green:3" || regionOf(p.GetBoard(), "a6") != "blue" ||
			eventLines(a.GetSteps()[0].GetEvents()) != "VARIANT/colour_changed/br///0/blue to yellow; VARIANT/colour_changed/tl///0/yellow to blue" {
			t.Errorf("after swap tl br: %q, layout %s, events %s", p.GetText(), layoutOf(p), eventLines(a.GetSteps()[0].GetEvents()))
		}
		checkNext(t, tr, "swap tl br", a.GetNext(), p, nil, pb.MoveView_MOVE_VIEW_UNSPECIFIED)
		gameRPC(t, tr, "ApplyMoves", &pb.ApplyMovesRequest{Position: rolled, Moves: []*pb.Action{{Notation: "b1b2"}}}, a)
		if st := a.GetPosition().GetState(); !st["move_done"].GetBoolValue() {
			t.Errorf("after b1b2: state %v", st)
		}

		// tr's queen takes tl's last yellow piece: the game is over when tl's turn begins. br holds
		// 10 pips of other colours, tl 3, tr the yellow drone's 2, bl none.
		val := &pb.ValidateMoveResponse{}
		gameRPC(t, tr, "ValidateMove", &pb.ValidateMoveRequest{Position: mcc("y0r1b2g3 5rq/5yd/6/6/6/gq2bq2 -,ypyqrprdgpgd,-,bpbd tr aim:d 38"),
			Move: &pb.Action{Notation: "f6f5"}, IncludeNext: true}, val)
		if n := val.GetNext(); n.GetStatus() != pb.GameStatus_GAME_STATUS_FINISHED || n.GetReason() != "colour_gone" || n.GetDecidedBy() != "score" || !slices.Equal(n.GetWinners(), []string{"br"}) ||
			standingLines(n.GetStandings()) != "bl:4:0::held_other_colours=0,held_own_colour=0 br:1:10::held_other_colours=10,held_own_colour=0 "+
				"tr:3:2::held_other_colours=2,held_own_colour=0 tl:2:3::held_other_colours=3,held_own_colour=0" {
			t.Errorf("the end: %v %q %v, standings %s", n.GetStatus(), n.GetReason(), n.GetWinners(), standingLines(n.GetStandings()))
		}
		err = gameCall(t, tr, "RollDice", &pb.RollDiceRequest{Position: val.GetPosition()}, &pb.RollDiceResponse{})
		wantStatus(t, "a roll after the end", err, codes.FailedPrecondition, "GAME_OVER", "", "")
		// Partners: the sides' standings with their score parts and tie-breaks.
		sc := &pb.ScorePositionResponse{}
		gameRPC(t, tr, "ScorePosition", &pb.ScorePositionRequest{Position: mcc("y0r1b2g3 gq4rd/6/6/6/6/1gp1bd2 yprqgd,yq,rpbq,ydbp tl - 39 partnership")}, sc)
		if tm := sc.GetTeams(); len(tm) != 2 || tm[0].GetTeam() != "bl_tr" || tm[0].GetScore() != 4 || tm[0].GetPlace() != 1 || len(tm[0].GetScoreParts()) != 2 ||
			len(tm[0].GetTieBreaks()) != 4 || tm[0].GetTieBreaks()[0].GetSource() != "own_pips_on_board" || tm[0].GetTieBreaks()[0].GetPoints() != 6 {
			t.Errorf("partnership teams %v", tm)
		}

		perftAndSearch(t, tr, mcc(start), 2, 5919, 6, rolled)
		p2 := &pb.PerftResponse{}
		gameRPC(t, tr, "Perft", &pb.PerftRequest{Position: mcc(start), Depth: 2, Rolls: []*pb.DiceRoll{{Values: []int32{4}}}}, p2)
		if p2.GetNodes() != 240 {
			t.Errorf("perft 2 rolling SWAP: %d, want 240", p2.GetNodes())
		}
		err = gameCall(t, tr, "Perft", &pb.PerftRequest{Position: mcc(start), Depth: 1, Rolls: []*pb.DiceRoll{{Values: []int32{9}}}}, &pb.PerftResponse{})
		wantStatus(t, "perft rolling 9", err, codes.InvalidArgument, "INVALID_DICE", "rolls[0].values", "")
	})
}

// A mark says how it is drawn: Martian Chess's canal as a border, the coasters' alignment dots as
// corner dots (a tip may bring them side by side across a border, like a canal's), the rest as
// signs on their squares.
func TestMarkShapes(t *testing.T) {
	s := startServer(t)
	s.overBoth(t, func(t *testing.T, tr transport) {
		want := map[string]pb.MarkShape{"canal": pb.MarkShape_MARK_SHAPE_BORDER, "dot": pb.MarkShape_MARK_SHAPE_CORNER_DOT}
		seen := map[string]bool{}
		for _, name := range []string{"martian_chess", "coaster_chess", "martian_coaster_chaturanga", "ramayana", "martian_chaturaji"} {
			for _, m := range describeOver(t, s, tr, name).GetBoard().GetMarks() {
				seen[m.GetName()] = true
				if got := m.GetShape(); got != want[m.GetName()] {
					t.Errorf("%s: mark %s is drawn as %v, want %v", name, m.GetName(), got, want[m.GetName()])
				}
			}
		}
		if !seen["canal"] || !seen["dot"] || !seen["portal"] {
			t.Errorf("marks seen: %v", seen)
		}
	})
}

// Every game served rates its eight playing levels on one Elo scale (random play at 0), each
// inside its own interval and monotone within the intervals (no level's upper bound below the
// rating of the level under it), over gRPC and JSON.
func TestLevelRatings(t *testing.T) {
	s := startServer(t)
	s.overBoth(t, func(t *testing.T, tr transport) {
		for _, v := range engine.Variants() {
			summary := v.Describe()
			if summary.Name == hexapawn.Name {
				continue // the test-only game of newgame_test.go: not served in production, not rated
			}
			levels := describeOver(t, s, tr, summary.Name).GetLevels()
			if len(levels) != 8 {
				t.Errorf("%s: %d levels rated", summary.Name, len(levels))
				continue
			}
			for i, l := range levels {
				if l.GetLevel() != int32(i+1) || l.GetEloLow() > l.GetElo() || l.GetElo() > l.GetEloHigh() {
					t.Errorf("%s: level %d rated %v", summary.Name, i+1, l)
				}
				if i > 0 && l.GetEloHigh() < levels[i-1].GetElo() {
					t.Errorf("%s: level %d (%.0f, at most %.0f) is below level %d (%.0f)", summary.Name, i+1, l.GetElo(), l.GetEloHigh(), i, levels[i-1].GetElo())
				}
			}
		}
	})
}
