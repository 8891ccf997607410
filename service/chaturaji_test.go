package service

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"google.golang.org/protobuf/types/known/structpb"

	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
)

// rulesAPI is the rules service reached one way or another: gRPC, or JSON through the gateway.
type rulesAPI interface {
	name() string
	call(t *testing.T, method string, req, resp proto.Message)
}

type grpcAPI struct{ s *testServer }

func (grpcAPI) name() string { return "grpc" }

func (a grpcAPI) call(t *testing.T, method string, req, resp proto.Message) {
	t.Helper()
	if err := a.s.conn.Invoke(context.Background(), "/ashtapada.v1.RulesService/"+method, req, resp); err != nil {
		t.Fatalf("%s over gRPC: %v", method, err)
	}
}

type jsonAPI struct{ s *testServer }

func (jsonAPI) name() string { return "json" }

var jsonPaths = map[string]string{"ApplyMoves": "/v1/moves:apply", "ListLegalMoves": "/v1/moves:list",
	"ValidateMove": "/v1/moves:validate", "ScorePosition": "/v1/positions:score", "ResolveDice": "/v1/dice:resolve",
	"RollDice": "/v1/dice:roll"}

func (a jsonAPI) call(t *testing.T, method string, req, resp proto.Message) {
	t.Helper()
	a.callPath(t, jsonPaths[method], req, resp)
}

func (a jsonAPI) callPath(t *testing.T, path string, req, resp proto.Message) {
	t.Helper()
	body, err := protojson.MarshalOptions{UseProtoNames: true}.Marshal(req)
	if err != nil {
		t.Fatal(err)
	}
	r, err := http.Post(a.s.httpURL+path, "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Body.Close()
	raw, _ := io.ReadAll(r.Body)
	if r.StatusCode != http.StatusOK {
		t.Fatalf("%s over JSON: %d %s", path, r.StatusCode, raw)
	}
	if err := protojson.Unmarshal(raw, resp); err != nil {
		t.Fatalf("%s over JSON: %v in %s", path, err, raw)
	}
}

const chaturajiStart = "gB,gPb,2,rK,rE,rH,rB/gH,gPh,2,rPk,rPe,rPh,rPb/gE,gPe,6/gK,gPk,6/" +
	"6,yPk,yK/6,yPe,yE/bPb,bPh,bPe,bPk,2,yPh,yH/bB,bH,bE,bK,2,yPb,yB b - - 0,0,0,0 0 1"

// exchangeOffer: d1=bK a2=bE e7=rPk a4=gK c6=gPh h4=yK, team play, black commands red; the
// elephant's capture a2a4 kills green's raja after red's has died.
const exchangeOffer = "8/4,rPk,3/2,gPh,5/8/gK,6,yK/8/bE,7/3,bK,4 b 4 b>r 0,0,0,0 0 1 teams"

// ruleCase is a short game driven through the API: a position, actions applied to it, and what
// must then be true. The rules themselves are tested in engine/chaturaji; these cases check that
// what the engine decides reaches the client (legal lists, illegal reasons, events, pieces,
// command, proposals, scores, places and winners), and drive through the API every team rule the
// product's rules ask for: throne bonuses, command by throne entry and by capture, the empire, an
// accepted and a declined exchange, and the boat triumph in teams.
type ruleCase struct {
	name    string
	pos     string
	play    []string
	exactly []string          // the legal actions, in any order
	illegal map[string]string // action -> part of the reason ValidateMove gives
	events  []string          // names among the events of the actions played
	check   func(t *testing.T, r ruleResult)
}

type ruleResult struct {
	pos   *pb.Position
	list  *pb.ListLegalMovesResponse
	score *pb.ScorePositionResponse
}

func (r ruleResult) piece(square string) *pb.Piece {
	for _, p := range r.pos.GetPieces() {
		if p.GetSquare() == square {
			return p
		}
	}
	return nil
}

func (r ruleResult) standing(player string) *pb.Standing {
	for _, s := range r.score.GetStandings() {
		if s.GetPlayer() == player {
			return s
		}
	}
	return nil
}

func (r ruleResult) part(player, source string) int32 {
	for _, p := range r.standing(player).GetScoreParts() {
		if p.GetSource() == source {
			return p.GetPoints()
		}
	}
	return -1
}

func (r ruleResult) places() []int32 {
	var out []int32
	for _, s := range r.score.GetStandings() {
		out = append(out, s.GetPlace())
	}
	return out
}

func chaturajiCases() []ruleCase {
	return []ruleCase{
		{name: "start, roll, list and an illegal reason", pos: chaturajiStart, play: []string{"roll 5"},
			exactly: []string{"d1e1", "d1e2", "a2a3", "b2b3", "c2c3", "d2d3"}, illegal: map[string]string{"a2a4": "cannot move"},
			events: []string{"dice_rolled"}, check: func(t *testing.T, r ruleResult) {
				if r.list.GetToMove() != "black" || r.list.GetPhase() != pb.Phase_PHASE_ACTION || r.pos.GetDice()[0].GetMeans() != "raja_or_pawn" {
					t.Errorf("black moves a raja or a pawn: %s %v %v", r.list.GetToMove(), r.list.GetPhase(), r.pos.GetDice())
				}
			}},
		// d1=bK a5=gK e8=rK h4=yK a1=bB c4=gB d4=rB d3=yB, team play.
		{name: "boat triumph in teams: a commanded boat's colour", pos: "4,rK,3/8/8/gK,7/2,gB,rB,3,yK/3,yB,4/8/bB,2,bK,4 b 2 - 0,0,0,0 0 1 teams",
			play: []string{"a1c3"}, events: []string{"boat_triumph", "capture", "command", "turn_passed"},
			check: func(t *testing.T, r ruleResult) {
				if d4 := r.piece("d4"); d4.GetPlayer() != "black" || d4.GetColor() != "red" || r.piece("c4") != nil {
					t.Errorf("black commands red's boat on d4: %v", r.pos.GetPieces())
				}
				if r.score.GetTeams()[0].GetScore() != 4 || r.standing("black").GetTeam() != "black_red" {
					t.Errorf("two enemy boats are worth 4 to black_red: %v", r.score)
				}
			}},
		// a2=bE d1=bK a5=gK c6=gPh e8=rK h4=yK, team play.
		{name: "command: the list names the commander", pos: "4,rK,3/8/2,gPh,5/gK,7/7,yK/8/bE,7/3,bK,4 b 4 - 0,0,0,0 0 1 teams",
			play: []string{"a2a5", "roll 5"}, events: []string{"command", "points"},
			check: func(t *testing.T, r ruleResult) {
				if r.part("black", "captures") != 5 || r.part("black", "throne") != 2 {
					t.Errorf("a raja killed on its throne: 5 + 2, got %v", r.standing("black"))
				}
				if r.list.GetToMove() != "yellow" || r.pos.GetToMove() != "green" || !slices.Equal(r.pos.GetPlayers()[3].GetCommands(), []string{"green"}) {
					t.Errorf("yellow commands green on green's turn: %s %s %v", r.list.GetToMove(), r.pos.GetToMove(), r.pos.GetPlayers())
				}
			}},
		// b4=bK c7=gK e8=rK h4=yK c6=gPh, team play.
		{name: "throne entry", pos: "4,rK,3/2,gK,5/2,gPh,5/8/1,bK,5,yK/8/8/8 b 5 - 0,0,0,0 0 1 teams",
			play: []string{"b4a5"}, events: []string{"points"}, check: func(t *testing.T, r ruleResult) {
				if r.part("black", "throne") != 1 || r.score.GetTeams()[0].GetScore() != 1 {
					t.Errorf("entering an enemy throne earns 1: %v", r.score)
				}
			}},
		// d7=bK g6=rK f8=rE a5=gK h4=yK c6=gPh, team play.
		{name: "command by throne entry", pos: "5,rE,2/3,bK,4/2,gPh,3,rK,1/gK,7/7,yK/8/8/8 b 5 - 0,0,0,0 0 1 teams",
			play: []string{"d7e8", "roll 4", "pass", "roll 5"}, events: []string{"command"},
			check: func(t *testing.T, r ruleResult) {
				if r.list.GetToMove() != "black" || r.pos.GetToMove() != "red" || !slices.Equal(r.pos.GetPlayers()[0].GetCommands(), []string{"red"}) {
					t.Errorf("black commands red on red's turn: %s %s %v", r.list.GetToMove(), r.pos.GetToMove(), r.pos.GetPlayers())
				}
			}},
		{name: "exchange proposed", pos: exchangeOffer,
			play: []string{"a2a4", "propose_exchange"}, exactly: []string{"accept_exchange", "decline_exchange"}, events: []string{"exchange"},
			check: func(t *testing.T, r ruleResult) {
				if r.list.GetToMove() != "green" || r.pos.GetPhase() != pb.Phase_PHASE_RESPONSE || r.pos.GetProposal().GetStage() != "proposed" {
					t.Errorf("green answers: %s %v %v", r.list.GetToMove(), r.pos.GetPhase(), r.pos.GetProposal())
				}
			}},
		{name: "exchange accepted", pos: exchangeOffer,
			play: []string{"a2a4", "propose_exchange", "accept_exchange"}, events: []string{"exchange"},
			check: func(t *testing.T, r ruleResult) {
				if r.piece("a5").GetKind() != "raja" || r.piece("e8").GetPlayer() != "red" || r.standing("black").GetScore() != 5 {
					t.Errorf("both rajas return to their thrones, scores unchanged: %v %v", r.pos.GetPieces(), r.score.GetStandings())
				}
				if r.pos.GetToMove() != "green" || r.pos.GetPhase() != pb.Phase_PHASE_ROLL || r.pos.GetProposal() != nil {
					t.Errorf("green's turn goes on: %s %v %v", r.pos.GetToMove(), r.pos.GetPhase(), r.pos.GetProposal())
				}
			}},
		{name: "exchange declined", pos: exchangeOffer,
			play: []string{"a2a4", "propose_exchange", "decline_exchange"}, events: []string{"exchange"},
			check: func(t *testing.T, r ruleResult) {
				if r.piece("a5") != nil || r.piece("e8") != nil || r.pos.GetToMove() != "green" || r.pos.GetProposal() != nil {
					t.Errorf("no raja returns and play goes on: %v %s", r.pos.GetPieces(), r.pos.GetToMove())
				}
			}},
		// d1=bK h1=bE c6=gPh g7=rK h4=yK, team play, black commands red.
		{name: "finished team game", pos: "8/6,rK,1/2,gPh,5/8/7,yK/8/8/3,bK,3,bE b 4 b>r 0,0,0,0 0 1 teams",
			play: []string{"h1h4"}, exactly: []string{}, events: []string{"game_over"},
			check: func(t *testing.T, r ruleResult) {
				if r.score.GetStatus() != pb.GameStatus_GAME_STATUS_FINISHED || r.score.GetReason() != "rajas_killed" ||
					!slices.Equal(r.score.GetWinners(), []string{"black", "red"}) || !slices.Equal(r.places(), []int32{1, 2, 1, 2}) {
					t.Errorf("black and red win: %v", r.score)
				}
				if r.part("black", "empire") != 4 || r.part("black", "throne") != 2 || r.score.GetTeams()[0].GetPlace() != 1 || r.score.GetTeams()[1].GetPlace() != 2 {
					t.Errorf("empire +4 and throne +2 for black, team places 1 and 2: %v", r.score)
				}
			}},
		// c1=bE d1=bK c5=gK.
		{name: "finished individual game, shared places", pos: "8/8/8/2,gK,5/8/8/8/2,bE,bK,4 b 4 - 0,3,3,0 0 1",
			play: []string{"c1c5"}, check: func(t *testing.T, r ruleResult) {
				if r.score.GetReason() != "last_player_standing" || !slices.Equal(r.places(), []int32{1, 2, 2, 4}) ||
					!slices.Equal(r.score.GetWinners(), []string{"black"}) {
					t.Errorf("got %s %v %v", r.score.GetReason(), r.places(), r.score.GetWinners())
				}
			}},
	}
}

func TestChaturajiThroughAPI(t *testing.T) {
	s := startServer(t)
	for _, api := range []rulesAPI{grpcAPI{s}, jsonAPI{s}} {
		for _, c := range chaturajiCases() {
			t.Run(api.name()+"/"+c.name, func(t *testing.T) { runRuleCase(t, api, c) })
		}
	}
}

func runRuleCase(t *testing.T, api rulesAPI, c ruleCase) {
	t.Helper()
	pos := &pb.Position{Variant: "chaturaji", Text: c.pos}
	{
		req := &pb.ApplyMovesRequest{Position: pos}
		for _, a := range c.play {
			req.Moves = append(req.Moves, &pb.Action{Notation: a})
		}
		resp := &pb.ApplyMovesResponse{}
		api.call(t, "ApplyMoves", req, resp)
		if resp.GetFailure() != nil {
			t.Fatalf("action %d %q: %s", resp.GetFailure().GetIndex(), resp.GetFailure().GetNotation(), resp.GetFailure().GetReason())
		}
		var kinds []string
		for _, st := range resp.GetSteps() {
			for _, e := range st.GetEvents() {
				kinds = append(kinds, e.GetName())
			}
		}
		for _, k := range c.events {
			if !slices.Contains(kinds, k) {
				t.Errorf("no %v event among %v", k, kinds)
			}
		}
		pos = resp.GetPosition()
	}
	var r ruleResult
	r.pos = pos
	r.list = &pb.ListLegalMovesResponse{}
	api.call(t, "ListLegalMoves", &pb.ListLegalMovesRequest{Position: &pb.Position{Variant: "chaturaji", Text: pos.GetText()}}, r.list)
	var listed []string
	for _, m := range r.list.GetMoves() {
		listed = append(listed, m.GetNotation())
	}
	if c.exactly != nil {
		want := slices.Clone(c.exactly)
		sort.Strings(want)
		got := slices.Clone(listed)
		sort.Strings(got)
		if !slices.Equal(got, want) {
			t.Errorf("legal actions %v, want %v", got, want)
		}
	}
	for a, why := range c.illegal {
		resp := &pb.ValidateMoveResponse{}
		api.call(t, "ValidateMove", &pb.ValidateMoveRequest{Position: pos, Move: &pb.Action{Notation: a}}, resp)
		if resp.GetLegal() || !strings.Contains(resp.GetReason(), why) {
			t.Errorf("%s: legal=%v reason %q, want illegal because %q", a, resp.GetLegal(), resp.GetReason(), why)
		}
	}
	r.score = &pb.ScorePositionResponse{}
	api.call(t, "ScorePosition", &pb.ScorePositionRequest{Position: pos}, r.score)
	if c.check != nil {
		c.check(t, r)
	}
}

// A client's d6: 1 and 6 are rolled again, the position unchanged; a service roll counts only 2-5
// and depends on the seed alone. The dice rules themselves are tested in engine/chaturaji.
func TestChaturajiDice(t *testing.T) {
	s := startServer(t)
	for _, api := range []rulesAPI{grpcAPI{s}, jsonAPI{s}} {
		t.Run(api.name(), func(t *testing.T) {
			resolve := func(text string, values ...int32) *pb.ResolveDiceResponse {
				resp := &pb.ResolveDiceResponse{}
				api.call(t, "ResolveDice", &pb.ResolveDiceRequest{Position: &pb.Position{Variant: "chaturaji", Text: text}, Values: values}, resp)
				return resp
			}
			for _, v := range []int32{1, 6} {
				r := resolve(chaturajiStart, v)
				if !r.GetRollAgain() || r.GetPosition().GetText() != chaturajiStart || r.GetEvents()[0].GetKind() != pb.EventKind_EVENT_KIND_ROLL_AGAIN {
					t.Errorf("d6 %d: roll_again %v, position %q", v, r.GetRollAgain(), r.GetPosition().GetText())
				}
			}
			if r := resolve(chaturajiStart, 3); r.GetRollAgain() || r.GetPosition().GetDice()[0].GetValue() != 3 ||
				r.GetPosition().GetDice()[0].GetMeans() != "horse" || r.GetPosition().GetDice()[0].GetKind() != "d6_reroll" {
				t.Errorf("d6 3: %v", r)
			}
			seen := map[int32]bool{}
			for seed := uint64(0); seed < 64; seed++ {
				resp := &pb.RollDiceResponse{}
				api.call(t, "RollDice", &pb.RollDiceRequest{Position: &pb.Position{Variant: "chaturaji", Text: chaturajiStart}, Seed: &seed}, resp)
				again := &pb.RollDiceResponse{}
				api.call(t, "RollDice", &pb.RollDiceRequest{Position: &pb.Position{Variant: "chaturaji", Text: chaturajiStart}, Seed: &seed}, again)
				v := resp.GetValues()
				if len(v) != 1 || v[0] < 2 || v[0] > 5 || !slices.Equal(v, again.GetValues()) {
					t.Fatalf("seed %d: values %v then %v, want one value 2-5 twice", seed, v, again.GetValues())
				}
				seen[v[0]] = true
			}
			if len(seen) != 4 {
				t.Errorf("64 seeded rolls show only %v", seen)
			}
		})
	}
	_, err := s.rules.RollDice(context.Background(), &pb.RollDiceRequest{Position: &pb.Position{Variant: "chaturaji", Text: chaturajiStart + " diceless"}})
	if code, reason, _ := errorDetails(err); code != codes.FailedPrecondition || reason != "NO_DICE" {
		t.Errorf("diceless RollDice: %v", err)
	}
}

// A seeded random game played call by call over gRPC replays identically through ApplyMoves over
// JSON, and the same seeds give the same game.
func TestChaturajiSeededReplay(t *testing.T) {
	s := startServer(t)
	play := func(opts map[string]*structpb.Value) ([]string, string) {
		ctx := context.Background()
		start, err := s.rules.StartPosition(ctx, &pb.StartPositionRequest{Variant: "chaturaji", Options: opts})
		if err != nil {
			t.Fatal(err)
		}
		pos := start.GetPosition()
		var actions []string
		for seed := uint64(1); pos.GetPhase() != pb.Phase_PHASE_FINISHED; seed++ {
			if seed > 5000 {
				t.Fatal("the game did not end")
			}
			if pos.GetPhase() == pb.Phase_PHASE_ROLL {
				r, err := s.rules.RollDice(ctx, &pb.RollDiceRequest{Position: pos, Seed: &seed})
				if err != nil {
					t.Fatal(err)
				}
				actions = append(actions, "roll "+fmtInts(r.GetValues()))
				pos = r.GetPosition()
				continue
			}
			list, err := s.rules.ListLegalMoves(ctx, &pb.ListLegalMovesRequest{Position: pos, View: pb.MoveView_MOVE_VIEW_NOTATION})
			if err != nil {
				t.Fatal(err)
			}
			move := list.GetMoves()[seed%uint64(len(list.GetMoves()))].GetNotation()
			v, err := s.rules.ValidateMove(ctx, &pb.ValidateMoveRequest{Position: pos, Move: &pb.Action{Notation: move}})
			if err != nil || !v.GetLegal() {
				t.Fatalf("%s: %v %v", move, err, v.GetReason())
			}
			actions = append(actions, move)
			pos = v.GetPosition()
		}
		return actions, pos.GetText()
	}
	for _, opts := range []map[string]*structpb.Value{
		{"max_rounds": structpb.NewNumberValue(20)},
		{"teams": structpb.NewBoolValue(true), "dice": structpb.NewNumberValue(2),
			"max_rounds": structpb.NewNumberValue(20)},
	} {
		actions, final := play(opts)
		again, finalAgain := play(opts)
		if !slices.Equal(actions, again) || final != finalAgain {
			t.Fatalf("the same seeds gave different games")
		}
		start := &pb.StartPositionResponse{}
		jsonAPI{s}.callPath(t, "/v1/variants/chaturaji:start", &pb.StartPositionRequest{Variant: "chaturaji", Options: opts}, start)
		req := &pb.ApplyMovesRequest{Position: start.GetPosition()}
		for _, a := range actions {
			req.Moves = append(req.Moves, &pb.Action{Notation: a})
		}
		resp := &pb.ApplyMovesResponse{}
		jsonAPI{s}.call(t, "ApplyMoves", req, resp)
		if resp.GetFailure() != nil || int(resp.GetApplied()) != len(actions) || resp.GetPosition().GetText() != final {
			t.Fatalf("replay of %d actions: failure %v, applied %d, final %q want %q", len(actions), resp.GetFailure(),
				resp.GetApplied(), resp.GetPosition().GetText(), final)
		}
		t.Logf("%d actions replayed, ending %s", len(actions), final)
	}
}

func fmtInts(v []int32) string {
	var parts []string
	for _, x := range v {
		parts = append(parts, strconv.Itoa(int(x)))
	}
	return strings.Join(parts, " ")
}

func TestChaturajiOptions(t *testing.T) {
	s := startServer(t)
	ctx := context.Background()
	v, err := s.rules.GetVariant(ctx, &pb.GetVariantRequest{Name: "chaturaji"})
	if err != nil {
		t.Fatal(err)
	}
	boolValue := func(b bool) *structpb.Value { return structpb.NewBoolValue(b) }
	intValue := func(n int64) *structpb.Value { return structpb.NewNumberValue(float64(n)) }
	want := map[string]*structpb.Value{"teams": boolValue(false), "rank_rule": boolValue(false), "dice": intValue(1),
		"diceless": boolValue(false), "goal": structpb.NewStringValue("points"), "max_rounds": intValue(0)}
	for _, o := range v.GetVariant().GetOptions() {
		if !proto.Equal(o.GetDefaultValue(), want[o.GetName()]) || o.GetDescription() == "" {
			t.Errorf("option %s: default %v, want %v; description %q", o.GetName(), o.GetDefaultValue(), want[o.GetName()], o.GetDescription())
		}
	}
	if len(v.GetVariant().GetOptions()) != len(want) {
		t.Errorf("options %v", v.GetVariant().GetOptions())
	}
	code, body := s.postJSON(t, "POST", "/v1/variants/chaturaji:start", `{"options":{"teams":true,"dice":2,"max_rounds":30}}`)
	pos, _ := body["position"].(map[string]any)
	if code != 200 || !strings.HasSuffix(pos["text"].(string), " teams dice=2 max_rounds=30") {
		t.Errorf("start with options: %d %v", code, body)
	}
	for _, c := range []struct {
		opts  map[string]*structpb.Value
		field string
	}{
		{map[string]*structpb.Value{"goal": structpb.NewStringValue("last_standing")}, "options.goal"},
		{map[string]*structpb.Value{"diceless": structpb.NewBoolValue(true), "dice": structpb.NewNumberValue(2)}, "options.dice"},
		{map[string]*structpb.Value{"dice": structpb.NewNumberValue(3)}, "options.dice"},
		{map[string]*structpb.Value{"goal": structpb.NewStringValue("glory")}, "options.goal"},
	} {
		_, err := s.rules.StartPosition(ctx, &pb.StartPositionRequest{Variant: "chaturaji", Options: c.opts})
		if code, reason, field := errorDetails(err); code != codes.InvalidArgument || reason != "INVALID_OPTION" || field != c.field {
			t.Errorf("%v: %v %s %s", c.opts, code, reason, field)
		}
	}
}
