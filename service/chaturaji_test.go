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

// board writes a Chaturaji board from square=piece pairs such as "d1=bK a2=bPb d4=bB:r".
func board(pieces string) string {
	var grid [8][8]string
	for _, pair := range strings.Fields(pieces) {
		sq, piece, _ := strings.Cut(pair, "=")
		grid[sq[1]-'1'][sq[0]-'a'] = piece
	}
	var rows []string
	for r := 7; r >= 0; r-- {
		var toks []string
		gap := 0
		for f := 0; f < 8; f++ {
			if grid[r][f] == "" {
				gap++
				continue
			}
			if gap > 0 {
				toks = append(toks, string(rune('0'+gap)))
				gap = 0
			}
			toks = append(toks, grid[r][f])
		}
		if gap > 0 {
			toks = append(toks, string(rune('0'+gap)))
		}
		rows = append(rows, strings.Join(toks, ","))
	}
	return strings.Join(rows, "/")
}

const chaturajiStart = "gB,gPb,2,rK,rE,rH,rB/gH,gPh,2,rPk,rPe,rPh,rPb/gE,gPe,6/gK,gPk,6/" +
	"6,yPk,yK/6,yPe,yE/bPb,bPh,bPe,bPk,2,yPh,yH/bB,bH,bE,bK,2,yPb,yB b - - 0,0,0,0 0 1"

// rajas on their thrones, the background of many hand positions.
const thronedRajas = "d1=bK a5=gK e8=rK h4=yK "

// ruleCase is one rule driven through the API: a position, actions applied to it, and what must
// then be true.
type ruleCase struct {
	name    string
	pos     string
	play    []string
	exactly []string          // the legal actions, in any order
	has     []string          // legal actions that must be listed
	lacks   []string          // actions that must not be listed
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
	var cases []ruleCase
	add := func(c ruleCase) { cases = append(cases, c) }

	// Each piece's moves from the start position, for every player's direction.
	add(ruleCase{name: "start/black boat", pos: chaturajiStart, play: []string{"roll 2"}, exactly: []string{"a1c3"}})
	add(ruleCase{name: "start/black horse", pos: chaturajiStart, play: []string{"roll 3"}, exactly: []string{"b1a3", "b1c3"}})
	add(ruleCase{name: "start/black elephant blocked", pos: chaturajiStart, play: []string{"roll 4"}, exactly: []string{"pass"}})
	add(ruleCase{name: "start/black raja or pawn", pos: chaturajiStart, play: []string{"roll 5"},
		exactly: []string{"d1e1", "d1e2", "a2a3", "b2b3", "c2c3", "d2d3"}, illegal: map[string]string{"a2a4": "cannot move"}})
	add(ruleCase{name: "start/green raja or pawn", pos: chaturajiStart, play: []string{"roll 4", "pass", "roll 5"},
		exactly: []string{"a5a4", "a5b4", "b5c5", "b6c6", "b7c7", "b8c8"}})
	add(ruleCase{name: "start/red horse", pos: chaturajiStart, play: []string{"roll 4", "pass", "roll 4", "pass", "roll 3"},
		exactly: []string{"g8f6", "g8h6"}, events: []string{"dice_rolled", "turn_passed"}})
	add(ruleCase{name: "start/yellow raja or pawn", pos: chaturajiStart,
		play:    []string{"roll 4", "pass", "roll 4", "pass", "roll 4", "pass", "roll 5"},
		exactly: []string{"g1f1", "g2f2", "g3f3", "g4f4", "h4g5", "h4h5"}})
	add(ruleCase{name: "start/yellow boat", pos: chaturajiStart,
		play: []string{"roll 4", "pass", "roll 4", "pass", "roll 4", "pass", "roll 2"}, exactly: []string{"h1f3"}})

	// Moves in the open.
	add(ruleCase{name: "elephant slides and captures", pos: board(thronedRajas+"d4=bE d6=gPh b4=bPh") + " b 4 - 0,0,0,0 0 1",
		exactly: []string{"d4d5", "d4d6", "d4d3", "d4d2", "d4e4", "d4f4", "d4g4", "d4h4", "d4c4"}})
	add(ruleCase{name: "horse leaps", pos: board(thronedRajas+"e5=bH g6=bPh d7=rPk") + " b 3 - 0,0,0,0 0 1",
		exactly: []string{"e5f7", "e5g4", "e5f3", "e5d3", "e5c4", "e5c6", "e5d7"}})
	add(ruleCase{name: "raja steps", pos: board(thronedRajas+"e2=gPh") + " b 5 - 0,0,0,0 0 1",
		exactly: []string{"d1c1", "d1e1", "d1c2", "d1d2", "d1e2", "resign"}})
	add(ruleCase{name: "boat jumps, never onto a boat", pos: board(thronedRajas+"c3=bB d4=rPk e5=gB b2=bPh") + " b 2 - 0,0,0,0 0 1",
		exactly: []string{"c3a1", "c3e1", "c3a5"}, illegal: map[string]string{"c3e5": "never lands on a boat"}})
	add(ruleCase{name: "black pawn", pos: board(thronedRajas+"c3=bPe d4=gPh b4=bPh f3=bPk f4=gPh") + " b 5 - 0,0,0,0 0 1",
		has: []string{"c3c4", "c3d4"}, lacks: []string{"c3b4", "f3f4", "f3g4", "c3c5"},
		illegal: map[string]string{"f3f4": "cannot move"}})
	add(ruleCase{name: "green pawn", pos: board(thronedRajas+"c4=gPk d5=bPh d3=rPk d4=yPh") + " g 5 - 0,0,0,0 0 1",
		has: []string{"c4d5", "c4d3"}, lacks: []string{"c4d4", "c4b5", "c4c5"}})
	add(ruleCase{name: "red pawn", pos: board(thronedRajas+"e5=rPk d4=gPh f4=bPh") + " r 5 - 0,0,0,0 0 1",
		has: []string{"e5e4", "e5d4", "e5f4"}, lacks: []string{"e5e6", "e5d6"}})
	add(ruleCase{name: "yellow pawn", pos: board(thronedRajas+"f5=yPk e6=rPh e4=gPh") + " y 5 - 0,0,0,0 0 1",
		has: []string{"f5e5", "f5e6", "f5e4"}, lacks: []string{"f5g5", "f5g6"}})
	add(ruleCase{name: "pass when the piece is missing", pos: board(thronedRajas+"a2=bPb") + " b 3 - 0,0,0,0 0 1",
		exactly: []string{"pass"}})

	// Boat triumph.
	triumph := "a1=bB c4=gB d4=rB d3=yB "
	add(ruleCase{name: "boat triumph/individual", pos: board(thronedRajas+triumph) + " b 2 - 0,0,0,0 0 1", play: []string{"a1c3"},
		events: []string{"boat_triumph", "capture"},
		check: func(t *testing.T, r ruleResult) {
			if r.standing("black").GetScore() != 6 || r.piece("c4") != nil || r.piece("d4") != nil || r.piece("d3") != nil {
				t.Errorf("black captures three boats for 6 points: score %d, pieces %v", r.standing("black").GetScore(), r.pos.GetPieces())
			}
		}})
	add(ruleCase{name: "boat triumph/teams", pos: board(thronedRajas+triumph) + " b 2 - 0,0,0,0 0 1 teams",
		play:   []string{"a1c3", "roll 2", "pass", "roll 2", "pass", "roll 2", "pass", "roll 2"},
		events: []string{"boat_triumph", "command"},
		has:    []string{"c3e5", "d4f6", "d4b2"},
		check: func(t *testing.T, r ruleResult) {
			d4 := r.piece("d4")
			if d4.GetPlayer() != "black" || d4.GetColor() != "red" || r.piece("c4") != nil || r.piece("d3") != nil {
				t.Errorf("black takes red's boat under command and captures the two enemy boats: %v", r.pos.GetPieces())
			}
			if r.standing("black").GetScore() != 4 || r.score.GetTeams()[0].GetScore() != 4 {
				t.Errorf("two enemy boats are worth 4: %v", r.score)
			}
		}})
	add(ruleCase{name: "boat triumph/not by a promotion", pos: board(thronedRajas+"c4=gB d4=rB d3=yB b7=bPb") + " b 5 - 0,0,0,0 0 1",
		play: []string{"b7b8=b"}, check: func(t *testing.T, r ruleResult) {
			if r.piece("c4") == nil || r.standing("black").GetScore() != 0 {
				t.Errorf("only a boat's own move forms a triumph")
			}
		}})

	// Promotion.
	promote := board(thronedRajas+"a7=bPb") + " b 5 - 0,0,0,0 0 1"
	add(ruleCase{name: "promotion/compulsory to the lost piece", pos: promote,
		has: []string{"a7a8=b"}, lacks: []string{"a7a8"}, illegal: map[string]string{"a7a8": "compulsory", "a7a8=e": "only to the boat"}})
	add(ruleCase{name: "promotion/promoted", pos: promote, play: []string{"a7a8=b"}, events: []string{"promotion"}, check: func(t *testing.T, r ruleResult) {
		if p := r.piece("a8"); p.GetKind() != "boat" || p.GetPlayer() != "black" {
			t.Errorf("a8 holds %v, want black's boat", p)
		}
	}})
	add(ruleCase{name: "promotion/target follows the pawn", pos: board(thronedRajas+"c7=bPb c1=bE") + " b 5 - 0,0,0,0 0 1",
		has: []string{"c7c8=b"}, lacks: []string{"c7c8=e", "c7c8"}})
	add(ruleCase{name: "promotion/waits while the piece lives", pos: board(thronedRajas+"a7=bPe c1=bE") + " b 5 - 0,0,0,0 0 1",
		has: []string{"a7a8"}, lacks: []string{"a7a8=e"}, illegal: map[string]string{"a7a8=e": "lost the elephant"}})
	add(ruleCase{name: "promotion/waiting pawn promotes later", pos: board("d1=bK a5=gK e8=rK h4=yK a8=bPe c1=bE b3=gH") + " b 5 - 0,0,0,0 0 1",
		lacks: []string{"a8=e"}, play: []string{"d1e1", "roll 3", "b3c1", "roll 2", "pass", "roll 2", "pass", "roll 5", "a8=e"},
		events: []string{"promotion"}, check: func(t *testing.T, r ruleResult) {
			if p := r.piece("a8"); p.GetKind() != "elephant" || p.GetPlayer() != "black" {
				t.Errorf("a8 holds %v, want black's elephant", p)
			}
			if r.standing("green").GetScore() != 4 {
				t.Errorf("green's capture of the elephant scores 4, got %d", r.standing("green").GetScore())
			}
		}})

	// Scoring: each kind's points.
	for _, k := range []struct {
		token, kind string
		points      int32
	}{{"gPk", "pawn", 1}, {"gB", "boat", 2}, {"gH", "horse", 3}, {"gE", "elephant", 4}, {"gK", "raja", 5}} {
		rest := "d1=bK e8=rK h4=yK c1=bE c5=" + k.token
		if k.kind != "raja" {
			rest += " a5=gK"
		}
		add(ruleCase{name: "points/" + k.kind, pos: board(rest) + " b 4 - 0,0,0,0 0 1", play: []string{"c1c5"},
			check: func(t *testing.T, r ruleResult) {
				if got := r.standing("black").GetScore(); got != k.points {
					t.Errorf("capturing a %s scores %d, want %d", k.kind, got, k.points)
				}
			}})
	}

	// A player without his raja plays on; resignation; skipping players who are out.
	add(ruleCase{name: "raja lost, pawns still move", pos: board("a5=gK e8=rK h4=yK d2=bPk") + " b 5 - 0,0,0,0 0 1", exactly: []string{"d2d3"}})
	resign := board(thronedRajas+"c4=gPh") + " b 3 - 0,0,0,0 0 1"
	add(ruleCase{name: "resign/offered", pos: resign, exactly: []string{"pass", "resign"}})
	add(ruleCase{name: "resign/and be skipped", pos: resign,
		play:   []string{"resign", "roll 4", "pass", "roll 4", "pass", "roll 4", "pass"},
		events: []string{"resignation"},
		check: func(t *testing.T, r ruleResult) {
			if r.pos.GetToMove() != "green" || !r.pos.GetPlayers()[0].GetOut() || r.piece("d1") != nil {
				t.Errorf("black resigned and is skipped: to_move %s, players %v", r.pos.GetToMove(), r.pos.GetPlayers())
			}
			for _, s := range r.score.GetStandings() {
				if s.GetScore() != 0 {
					t.Errorf("nobody scores a resigned raja: %v", r.score.GetStandings())
				}
			}
		}})
	add(ruleCase{name: "out after losing every piece", pos: board("c1=bE d1=bK c5=gPk e8=rK h4=yK") + " b 4 - 0,0,0,0 0 1",
		play: []string{"c1c5"}, check: func(t *testing.T, r ruleResult) {
			if r.pos.GetToMove() != "red" || !r.pos.GetPlayers()[1].GetOut() || r.standing("black").GetScore() != 1 {
				t.Errorf("green lost his last piece and is skipped: to_move %s, players %v", r.pos.GetToMove(), r.pos.GetPlayers())
			}
		}})
	add(ruleCase{name: "resign/only with a raja alone", pos: board(thronedRajas+"d2=bPk") + " b 3 - 0,0,0,0 0 1",
		exactly: []string{"pass"}, illegal: map[string]string{"resign": "raja alone"}})

	// The end and the ranking.
	add(ruleCase{name: "end/last player standing, shared places", pos: board("c1=bE d1=bK c5=gK") + " b 4 - 0,3,3,0 0 1",
		play: []string{"c1c5"}, exactly: []string{}, check: func(t *testing.T, r ruleResult) {
			if r.score.GetReason() != "last_player_standing" || !slices.Equal(r.places(), []int32{1, 2, 2, 4}) ||
				!slices.Equal(r.score.GetWinners(), []string{"black"}) {
				t.Errorf("got %s %v %v", r.score.GetReason(), r.places(), r.score.GetWinners())
			}
		}})
	add(ruleCase{name: "end/honourable peace", pos: board(thronedRajas+"e2=gPb") + " b 5 - 4,5,1,1 0 1",
		play: []string{"d1e2"}, check: func(t *testing.T, r ruleResult) {
			if r.score.GetReason() != "honourable_peace" || !slices.Equal(r.places(), []int32{1, 1, 3, 3}) ||
				!slices.Equal(r.score.GetWinners(), []string{"black", "green"}) {
				t.Errorf("got %s %v %v", r.score.GetReason(), r.places(), r.score.GetWinners())
			}
		}})
	add(ruleCase{name: "end/max rounds", pos: chaturajiStart + " max_rounds=1",
		play: []string{"roll 4", "pass", "roll 4", "pass", "roll 4", "pass", "roll 4", "pass"}, exactly: []string{},
		check: func(t *testing.T, r ruleResult) {
			if r.score.GetReason() != "move_limit" || !slices.Equal(r.places(), []int32{1, 1, 1, 1}) {
				t.Errorf("got %s %v", r.score.GetReason(), r.places())
			}
		}})
	add(ruleCase{name: "end/max rounds not yet", pos: chaturajiStart + " max_rounds=1",
		play: []string{"roll 4", "pass", "roll 4", "pass", "roll 4", "pass", "roll 4"}, exactly: []string{"pass"}})

	// Two dice.
	add(ruleCase{name: "two dice/either order, end forfeits", pos: chaturajiStart + " dice=2", play: []string{"roll 2 3"},
		exactly: []string{"a1c3", "b1a3", "b1c3", "end"}})
	add(ruleCase{name: "two dice/end is all that is left", pos: chaturajiStart + " dice=2", play: []string{"roll 2 3", "b1c3"},
		exactly: []string{"end"}})
	add(ruleCase{name: "two dice/turn passes when both are used", pos: chaturajiStart + " dice=2",
		play: []string{"roll 3 2", "a1c3", "b1a3"}, check: func(t *testing.T, r ruleResult) {
			if r.pos.GetToMove() != "green" || r.pos.GetPhase() != pb.Phase_PHASE_ROLL {
				t.Errorf("turn passes after both dice: %s %v", r.pos.GetToMove(), r.pos.GetPhase())
			}
		}})

	// The rank rule.
	rank := board(thronedRajas+"c2=bPe d3=gH b3=gPb a1=bB c3=gE") + " b 5 - 0,0,0,0 0 1"
	add(ruleCase{name: "rank rule/weak may not take strong", pos: rank + " rank_rule", has: []string{"c2b3"}, lacks: []string{"c2d3"},
		illegal: map[string]string{"c2d3": "rank rule"}})
	add(ruleCase{name: "rank rule/off", pos: rank, has: []string{"c2b3", "c2d3"}})
	add(ruleCase{name: "rank rule/boat", pos: strings.Replace(rank, " b 5 ", " b 2 ", 1) + " rank_rule", exactly: []string{"pass"}})

	// Diceless play.
	add(ruleCase{name: "diceless/any piece moves", pos: chaturajiStart + " diceless",
		has: []string{"a1c3", "b1a3", "d1e2", "a2a3"}, lacks: []string{"pass"}, check: func(t *testing.T, r ruleResult) {
			if r.pos.GetPhase() != pb.Phase_PHASE_ACTION || !r.pos.GetOptions()["teams"].GetBoolValue() {
				t.Errorf("diceless waits for an action and implies teams: %v %v", r.pos.GetPhase(), r.pos.GetOptions())
			}
		}})
	add(ruleCase{name: "diceless/frozen without a raja", pos: board("d1=bK a5=gK h4=yK e7=rPk e6=rE") + " b - - 0,0,0,0 0 1 diceless",
		lacks: []string{"e6e5", "e7e6"}, play: []string{"d1d2", "a5a4"}, check: func(t *testing.T, r ruleResult) {
			if r.pos.GetToMove() != "yellow" {
				t.Errorf("red is frozen and skipped: to_move %s", r.pos.GetToMove())
			}
		}})
	add(ruleCase{name: "diceless/no command by capture", pos: board("d1=bK c1=bE c5=gK h4=yK e8=rK b6=gPh") + " b - - 0,0,0,0 0 1 diceless",
		play: []string{"c1c5", "e8f8", "h4h5"}, lacks: []string{"b6c6"}, check: func(t *testing.T, r ruleResult) {
			if r.score.GetStatus() != pb.GameStatus_GAME_STATUS_ONGOING || len(r.pos.GetPlayers()[0].GetCommands()) != 0 {
				t.Errorf("one raja dead: game on, no command by capture in diceless play: %v", r.score)
			}
		}})
	add(ruleCase{name: "diceless/both rajas", pos: board("d1=bK c1=bE h5=yK e8=rK b6=gPh h1=rE") + " r - - 5,0,0,0 0 1 diceless",
		play: []string{"h1h5"}, check: func(t *testing.T, r ruleResult) {
			if r.score.GetReason() != "rajas_killed" || !slices.Equal(r.score.GetWinners(), []string{"black", "red"}) {
				t.Errorf("got %s %v", r.score.GetReason(), r.score.GetWinners())
			}
		}})

	// Goals in team play.
	goal := board("c1=bE d1=bK c5=gK e8=rK") + " b 4 - 0,20,0,0 0 1 teams"
	add(ruleCase{name: "goal/points", pos: goal, play: []string{"c1c5"}, check: func(t *testing.T, r ruleResult) {
		if r.score.GetReason() != "team_eliminated" || !slices.Equal(r.score.GetWinners(), []string{"green", "yellow"}) {
			t.Errorf("the higher team score wins: %s %v", r.score.GetReason(), r.score.GetWinners())
		}
	}})
	add(ruleCase{name: "goal/last standing", pos: goal + " goal=last_standing", play: []string{"c1c5"}, check: func(t *testing.T, r ruleResult) {
		if r.score.GetReason() != "team_eliminated" || !slices.Equal(r.score.GetWinners(), []string{"black", "red"}) {
			t.Errorf("the last team standing wins: %s %v", r.score.GetReason(), r.score.GetWinners())
		}
	}})

	// Team play: thrones, command, empire, exchange, partners.
	add(ruleCase{name: "teams/throne entry", pos: board("b4=bK c7=gK e8=rK h4=yK c6=gPh") + " b 5 - 0,0,0,0 0 1 teams",
		play: []string{"b4a5"}, check: func(t *testing.T, r ruleResult) {
			if r.part("black", "throne") != 1 || r.score.GetTeams()[0].GetScore() != 1 {
				t.Errorf("entering an enemy throne earns 1: %v", r.score)
			}
		}})
	add(ruleCase{name: "teams/throne kill and command by capture", pos: board("a2=bE d1=bK a5=gK c6=gPh e8=rK h4=yK") + " b 4 - 0,0,0,0 0 1 teams",
		play: []string{"a2a5", "roll 5"}, has: []string{"c6d6", "h4g5"},
		events: []string{"command", "points"},
		check: func(t *testing.T, r ruleResult) {
			if r.part("black", "captures") != 5 || r.part("black", "throne") != 2 {
				t.Errorf("a raja killed on its throne: 5 + 2, got %v", r.standing("black"))
			}
			if r.list.GetToMove() != "yellow" || r.pos.GetToMove() != "green" || !slices.Equal(r.pos.GetPlayers()[3].GetCommands(), []string{"green"}) {
				t.Errorf("yellow commands green on green's turn: %s %s %v", r.list.GetToMove(), r.pos.GetToMove(), r.pos.GetPlayers())
			}
		}})
	add(ruleCase{name: "teams/command by throne entry", pos: board("d7=bK g6=rK f8=rE a5=gK h4=yK c6=gPh") + " b 5 - 0,0,0,0 0 1 teams",
		play: []string{"d7e8", "roll 4", "pass", "roll 5"}, has: []string{"g6g7", "e8d8"},
		check: func(t *testing.T, r ruleResult) {
			if r.list.GetToMove() != "black" || !slices.Equal(r.pos.GetPlayers()[0].GetCommands(), []string{"red"}) {
				t.Errorf("black commands red: %s %v", r.list.GetToMove(), r.pos.GetPlayers())
			}
		}})
	empire := func(name, pieces, state, move, scorer string, want int32) {
		add(ruleCase{name: "teams/empire " + name, pos: board(pieces) + " b 4 " + state + " 0,0,0,0 0 1 teams", play: []string{move},
			check: func(t *testing.T, r ruleResult) {
				if got := r.part(scorer, "empire"); got != want {
					t.Errorf("%s's empire points = %d, want %d", scorer, got, want)
				}
				if r.score.GetReason() != "rajas_killed" || !slices.Equal(r.score.GetWinners(), []string{"black", "red"}) {
					t.Errorf("both enemy rajas killed: %s %v", r.score.GetReason(), r.score.GetWinners())
				}
			}})
	}
	empire("+4 on a throne", "d1=bK h1=bE c6=gPh g7=rK h4=yK", "b>r", "h1h4", "black", 4)
	empire("+2 killed himself", "d1=bK h1=bE c6=gPh g7=rK h5=yK", "b>r", "h1h5", "black", 2)
	empire("+1 created", "d1=bK h1=rE c6=gPh g7=rK h5=yK", "b>r", "h1h5", "black", 1)
	empire("none without command", "d1=bK h1=bE c6=gPh g7=rK h5=yK", "-", "h1h5", "black", 0)

	exchange := board("d1=bK a2=bE e7=rPk a4=gK c6=gPh h4=yK") + " b 4 b>r 0,0,0,0 0 1 teams"
	occupied := board("d1=bK a2=bE e7=rPk a4=gK c6=gPh h4=yK a5=bPb") + " b 4 b>r 0,0,0,0 0 1 teams"
	add(ruleCase{name: "exchange/offered", pos: exchange, play: []string{"a2a4"}, exactly: []string{"propose_exchange", "end"}})
	add(ruleCase{name: "exchange/proposed", pos: exchange, play: []string{"a2a4", "propose_exchange"},
		exactly: []string{"accept_exchange", "decline_exchange"}, check: func(t *testing.T, r ruleResult) {
			if r.list.GetToMove() != "green" || r.pos.GetPhase() != pb.Phase_PHASE_RESPONSE || r.pos.GetProposal().GetStage() != "proposed" {
				t.Errorf("green answers: %s %v %v", r.list.GetToMove(), r.pos.GetPhase(), r.pos.GetProposal())
			}
		}})
	add(ruleCase{name: "exchange/accepted", pos: exchange, play: []string{"a2a4", "propose_exchange", "accept_exchange"},
		check: func(t *testing.T, r ruleResult) {
			if r.piece("a5").GetKind() != "raja" || r.piece("e8").GetPlayer() != "red" || r.standing("black").GetScore() != 5 {
				t.Errorf("both rajas return to their thrones, scores unchanged: %v %v", r.pos.GetPieces(), r.score.GetStandings())
			}
			if r.pos.GetToMove() != "green" || r.pos.GetPhase() != pb.Phase_PHASE_ROLL || r.pos.GetProposal() != nil {
				t.Errorf("green's turn goes on: %s %v", r.pos.GetToMove(), r.pos.GetPhase())
			}
		}})
	add(ruleCase{name: "exchange/accepted, throne occupied",
		pos:  occupied,
		play: []string{"a2a4", "propose_exchange", "accept_exchange"}, has: []string{"return_raja b4"}, lacks: []string{"return_raja a5", "return_raja a4"},
		check: func(t *testing.T, r ruleResult) {
			if r.list.GetToMove() != "green" || r.piece("e8").GetKind() != "raja" {
				t.Errorf("green chooses a square, red's raja is back: %s %v", r.list.GetToMove(), r.pos.GetPieces())
			}
		}})
	add(ruleCase{name: "exchange/returned to a chosen square", pos: occupied,
		play: []string{"a2a4", "propose_exchange", "accept_exchange", "return_raja b4"}, check: func(t *testing.T, r ruleResult) {
			if r.piece("b4").GetKind() != "raja" || r.piece("b4").GetPlayer() != "green" || r.pos.GetPhase() != pb.Phase_PHASE_ROLL {
				t.Errorf("green's raja returns on b4: %v", r.pos.GetPieces())
			}
		}})
	add(ruleCase{name: "exchange/declined", pos: exchange, play: []string{"a2a4", "propose_exchange", "decline_exchange"},
		check: func(t *testing.T, r ruleResult) {
			if r.piece("a5") != nil || r.piece("e8") != nil || r.pos.GetToMove() != "green" || r.pos.GetPhase() != pb.Phase_PHASE_ROLL {
				t.Errorf("no raja returns and play goes on: %v %s", r.pos.GetPieces(), r.pos.GetToMove())
			}
			if !slices.Equal(r.pos.GetPlayers()[3].GetCommands(), []string{"green"}) {
				t.Errorf("yellow commands green after the capture: %v", r.pos.GetPlayers())
			}
		}})
	add(ruleCase{name: "exchange/let go", pos: exchange, play: []string{"a2a4", "end"}, check: func(t *testing.T, r ruleResult) {
		if r.pos.GetProposal() != nil || r.pos.GetToMove() != "green" || r.piece("a5") != nil {
			t.Errorf("after end the offer is gone: %v", r.pos)
		}
	}})
	add(ruleCase{name: "exchange/only right after the kill", pos: exchange, illegal: map[string]string{"propose_exchange": "right after"}})

	limit := board(thronedRajas+"c4=rPk") + " b 4 - 0,3,0,0 3 9 teams max_rounds=1"
	add(ruleCase{name: "teams/round limit decided by points", pos: limit, play: []string{"pass"}, check: func(t *testing.T, r ruleResult) {
		if r.score.GetReason() != "move_limit" || !slices.Equal(r.score.GetWinners(), []string{"green", "yellow"}) {
			t.Errorf("the higher team score wins at the round limit: %s %v", r.score.GetReason(), r.score.GetWinners())
		}
	}})
	add(ruleCase{name: "teams/round limit under last standing", pos: limit + " goal=last_standing", play: []string{"pass"},
		check: func(t *testing.T, r ruleResult) {
			if r.score.GetReason() != "move_limit" || len(r.score.GetWinners()) != 0 {
				t.Errorf("points do not matter: a draw, got %s %v", r.score.GetReason(), r.score.GetWinners())
			}
		}})
	lastRaja := board("d1=bK h1=bE e7=rPk c6=gPh h5=yK") + " b 4 b>r,y>g 0,0,0,0 0 1 teams"
	add(ruleCase{name: "teams/both rajas dead, exchange still possible", pos: lastRaja, play: []string{"h1h5"},
		exactly: []string{"propose_exchange", "end"}, check: func(t *testing.T, r ruleResult) {
			if r.score.GetStatus() != pb.GameStatus_GAME_STATUS_ONGOING {
				t.Errorf("the game waits while an exchange may be proposed: %v", r.score)
			}
		}})
	add(ruleCase{name: "teams/both rajas dead, exchange let go", pos: lastRaja, play: []string{"h1h5", "end"},
		check: func(t *testing.T, r ruleResult) {
			if r.score.GetReason() != "rajas_killed" || !slices.Equal(r.score.GetWinners(), []string{"black", "red"}) {
				t.Errorf("got %s %v", r.score.GetReason(), r.score.GetWinners())
			}
		}})
	add(ruleCase{name: "teams/partner plays on alone", pos: board("d1=bK e8=rK h4=yK c3=yPk") + " b 4 - 0,0,0,0 0 1 teams",
		play: []string{"pass"}, check: func(t *testing.T, r ruleResult) {
			if r.pos.GetToMove() != "red" || r.score.GetStatus() != pb.GameStatus_GAME_STATUS_ONGOING {
				t.Errorf("green, without pieces, is skipped: %s %v", r.pos.GetToMove(), r.score.GetStatus())
			}
		}})
	add(ruleCase{name: "teams/honourable peace is a draw", pos: board(thronedRajas+"e2=gPb") + " b 5 - 4,0,0,0 0 1 teams",
		play: []string{"d1e2"}, check: func(t *testing.T, r ruleResult) {
			if r.score.GetReason() != "honourable_peace" || len(r.score.GetWinners()) != 0 || r.score.GetTeams()[0].GetPlace() != 1 ||
				r.score.GetTeams()[1].GetPlace() != 1 {
				t.Errorf("got %v", r.score)
			}
		}})
	add(ruleCase{name: "teams/resign scores nothing", pos: board(thronedRajas+"c4=rPk") + " b 3 - 0,0,0,0 0 1 teams",
		play: []string{"resign"}, check: func(t *testing.T, r ruleResult) {
			if r.score.GetTeams()[1].GetScore() != 0 || r.pos.GetToMove() != "green" {
				t.Errorf("got %v", r.score)
			}
		}})
	add(ruleCase{name: "teams/no capturing the partner", pos: board(thronedRajas+"c1=bE c5=rPk") + " b 4 - 0,0,0,0 0 1 teams",
		lacks: []string{"c1c5"}, has: []string{"c1c4"}, illegal: map[string]string{"c1c5": "own side"}})
	return cases
}

func TestChaturajiRulesThroughAPI(t *testing.T) {
	s := startServer(t)
	for _, api := range []rulesAPI{grpcAPI{s}, jsonAPI{s}} {
		for _, c := range chaturajiCases() {
			t.Run(api.name()+"/"+c.name, func(t *testing.T) { runRuleCase(t, api, c) })
		}
	}
}

func runRuleCase(t *testing.T, api rulesAPI, c ruleCase) {
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
	for _, a := range c.has {
		if !slices.Contains(listed, a) {
			t.Errorf("%s is not listed: %v", a, listed)
		}
	}
	for _, a := range c.lacks {
		if slices.Contains(listed, a) {
			t.Errorf("%s is listed: %v", a, listed)
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

// A client's d6: 1 and 6 are rolled again, the position unchanged; a service roll counts only 2-5.
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
			if r := resolve(chaturajiStart+" dice=2", 2, 6); !r.GetRollAgain() {
				t.Errorf("two dice with a 6 are thrown again: %v", r)
			}
			r := resolve(chaturajiStart+" dice=2", 5, 2)
			if d := r.GetPosition().GetDice(); len(d) != 2 || d[0].GetValue() != 5 || d[1].GetValue() != 2 {
				t.Errorf("two dice keep their order: %v", d)
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
	play := func(opts map[string]*pb.OptionValue) ([]string, string) {
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
	for _, opts := range []map[string]*pb.OptionValue{
		{"max_rounds": {Value: &pb.OptionValue_IntValue{IntValue: 20}}},
		{"teams": {Value: &pb.OptionValue_BoolValue{BoolValue: true}}, "dice": {Value: &pb.OptionValue_IntValue{IntValue: 2}},
			"max_rounds": {Value: &pb.OptionValue_IntValue{IntValue: 20}}},
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
	boolValue := func(b bool) *pb.OptionValue { return &pb.OptionValue{Value: &pb.OptionValue_BoolValue{BoolValue: b}} }
	intValue := func(n int64) *pb.OptionValue { return &pb.OptionValue{Value: &pb.OptionValue_IntValue{IntValue: n}} }
	want := map[string]*pb.OptionValue{"teams": boolValue(false), "rank_rule": boolValue(false), "dice": intValue(1),
		"diceless": boolValue(false), "goal": {Value: &pb.OptionValue_StringValue{StringValue: "points"}}, "max_rounds": intValue(0)}
	for _, o := range v.GetVariant().GetOptions() {
		if !proto.Equal(o.GetDefaultValue(), want[o.GetName()]) || o.GetDescription() == "" {
			t.Errorf("option %s: default %v, want %v; description %q", o.GetName(), o.GetDefaultValue(), want[o.GetName()], o.GetDescription())
		}
	}
	if len(v.GetVariant().GetOptions()) != len(want) {
		t.Errorf("options %v", v.GetVariant().GetOptions())
	}
	code, body := s.postJSON(t, "POST", "/v1/variants/chaturaji:start", `{"options":{"teams":{"bool_value":true},"dice":{"int_value":"2"},"max_rounds":{"int_value":"30"}}}`)
	pos, _ := body["position"].(map[string]any)
	if code != 200 || !strings.HasSuffix(pos["text"].(string), " teams dice=2 max_rounds=30") {
		t.Errorf("start with options: %d %v", code, body)
	}
	for _, c := range []struct {
		opts  map[string]*pb.OptionValue
		field string
	}{
		{map[string]*pb.OptionValue{"goal": {Value: &pb.OptionValue_StringValue{StringValue: "last_standing"}}}, "options.goal"},
		{map[string]*pb.OptionValue{"diceless": {Value: &pb.OptionValue_BoolValue{BoolValue: true}}, "dice": {Value: &pb.OptionValue_IntValue{IntValue: 2}}}, "options.dice"},
		{map[string]*pb.OptionValue{"dice": {Value: &pb.OptionValue_IntValue{IntValue: 3}}}, "options.dice"},
		{map[string]*pb.OptionValue{"goal": {Value: &pb.OptionValue_StringValue{StringValue: "glory"}}}, "options.goal"},
	} {
		_, err := s.rules.StartPosition(ctx, &pb.StartPositionRequest{Variant: "chaturaji", Options: c.opts})
		if code, reason, field := errorDetails(err); code != codes.InvalidArgument || reason != "INVALID_OPTION" || field != c.field {
			t.Errorf("%v: %v %s %s", c.opts, code, reason, field)
		}
	}
}
