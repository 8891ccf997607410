package service

import (
	"fmt"
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

	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
)

// Martian Chess and Coaster Chess through the real server, over gRPC and over the JSON gateway:
// the boards GetVariant describes, the start positions, every rule of the rules files
// (/work/shared/rules/martian-chess.md, coaster-chess.md, coasters.md) played through
// ValidateMove and ApplyMoves, the end and its tie-breaks in ScorePosition, and perft and search.

// mcCall calls a rules or analysis method over tr and returns its error.
func mcCall(t *testing.T, tr transport, method string, req, resp proto.Message) error {
	t.Helper()
	switch method {
	case "Perft", "Search":
		return tr.call(t, analysisMethod+method, "/v1/analysis:"+strings.ToLower(method), req, resp)
	case "StartPosition":
		return tr.call(t, rulesMethod+method, "/v1/variants/"+req.(*pb.StartPositionRequest).GetVariant()+":start", req, resp)
	}
	return tr.call(t, rulesMethod+method, jsonPaths[method], req, resp)
}

// mcRPC is mcCall failing the test on an error.
func mcRPC(t *testing.T, tr transport, method string, req, resp proto.Message) {
	t.Helper()
	if err := mcCall(t, tr, method, req, resp); err != nil {
		t.Fatalf("%s over %s: %v", method, tr.name, err)
	}
}

// getVariant describes a variant over gRPC, or by GET /v1/variants/{name} over JSON.
func getVariant(t *testing.T, s *testServer, tr transport, name string) *pb.Variant {
	t.Helper()
	out := &pb.GetVariantResponse{}
	if tr.name == "grpc" {
		mcRPC(t, tr, "GetVariant", &pb.GetVariantRequest{Name: name}, out)
		return out.GetVariant()
	}
	resp, raw := httpDo(t, s.httpURL+"/v1/variants/"+name, "GET", "")
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET /v1/variants/%s: %d %s", name, resp.StatusCode, raw)
	}
	if err := protojson.Unmarshal(raw, out); err != nil {
		t.Fatalf("GET /v1/variants/%s: %v", name, err)
	}
	return out.GetVariant()
}

func mcPos(variant, text string) *pb.Position { return &pb.Position{Variant: variant, Text: text} }

func martian(text string) *pb.Position { return mcPos("martian_chess", text) }

func sortedSet(s []string) string {
	c := slices.Clone(s)
	sort.Strings(c)
	return strings.Join(c, " ")
}

func wantSet(t *testing.T, what string, got []string, want string) {
	t.Helper()
	if g, w := sortedSet(got), sortedSet(strings.Fields(want)); g != w {
		t.Errorf("%s: %s, want %s", what, g, w)
	}
}

// squaresOf lists the squares of files x ranks from file f0, rank r0 (zero-based) on.
func squaresOf(f0, r0, files, ranks int) string {
	var out []string
	for f := f0; f < f0+files; f++ {
		for r := r0; r < r0+ranks; r++ {
			out = append(out, fmt.Sprintf("%c%d", 'a'+f, r+1))
		}
	}
	return strings.Join(out, " ")
}

func region(b *pb.Board, name string) *pb.Region {
	for _, r := range b.GetRegions() {
		if r.GetName() == name {
			return r
		}
	}
	return nil
}

func mark(b *pb.Board, name string) *pb.SquareMark {
	for _, m := range b.GetMarks() {
		if m.GetName() == name {
			return m
		}
	}
	return nil
}

// wantZones checks a board's zone regions, named by seat, and their squares.
func wantZones(t *testing.T, b *pb.Board, zones [][2]string) {
	t.Helper()
	var names []string
	for _, r := range b.GetRegions() {
		if r.GetKind() == "zone" {
			names = append(names, r.GetName())
		}
	}
	var want []string
	for _, z := range zones {
		want = append(want, z[0])
		r := region(b, z[0])
		if r == nil || r.GetKind() != "zone" {
			t.Errorf("no zone %s among %v", z[0], b.GetRegions())
			continue
		}
		wantSet(t, "zone "+z[0], r.GetSquares(), z[1])
	}
	if sortedSet(names) != sortedSet(want) {
		t.Errorf("zones %v, want %v", names, want)
	}
}

func seatNames(seats []*pb.Seat) (names, teams []string) {
	for _, s := range seats {
		names = append(names, s.GetSeat())
		teams = append(teams, s.GetTeam())
	}
	return names, teams
}

var fourSeatNames = []string{"south_west", "north_west", "north_east", "south_east"}

// optionValues reads an option map into plain values.
func optionValues(m map[string]*structpb.Value) map[string]any {
	out := map[string]any{}
	for k, v := range m {
		out[k] = v.AsInterface()
	}
	return out
}

func fourZones8x8() [][2]string {
	return [][2]string{{"south_west", squaresOf(0, 0, 4, 4)}, {"north_west", squaresOf(0, 4, 4, 4)},
		{"north_east", squaresOf(4, 4, 4, 4)}, {"south_east", squaresOf(4, 0, 4, 4)}}
}

// checkOptionBoards checks the two four-player option boards: options, seats in turn order, team
// names in team play, and the board check describes.
func checkOptionBoards(t *testing.T, v *pb.Variant, check func(t *testing.T, b *pb.Board)) {
	t.Helper()
	obs := v.GetOptionBoards()
	if len(obs) != 2 {
		t.Fatalf("%d option boards, want players=4 and players=4 with teams", len(obs))
	}
	for i, teams := range []bool{false, true} {
		ob := obs[i]
		if o := optionValues(ob.GetOptions()); o["players"] != float64(4) || o["teams"] != teams {
			t.Errorf("option board %d: options %v, want players 4 teams %v", i, o, teams)
		}
		names, teamNames := seatNames(ob.GetSeats())
		if !slices.Equal(names, fourSeatNames) {
			t.Errorf("option board %d: seats %v, want %v", i, names, fourSeatNames)
		}
		want := []string{"", "", "", ""}
		if teams {
			want = []string{"south_west_north_east", "north_west_south_east", "south_west_north_east", "north_west_south_east"}
		}
		if !slices.Equal(teamNames, want) {
			t.Errorf("option board %d: teams %v, want %v", i, teamNames, want)
		}
		check(t, ob.GetBoard())
	}
}

// The rules' exits table (coasters.md) for the start layout, rank 6 first.
var startExits = [6][6]string{
	{"NES", "ESW", "NEW", "NSW", "NES", "ESW"},
	{"NEW", "NES", "NES", "NESW", "ESW", "NSW"},
	{"ESW", "NESW", "NEW", "NES", "ESW", "NES"},
	{"NSW", "NEW", "NSW", "ESW", "NESW", "NEW"},
	{"NES", "NEW", "NESW", "NSW", "NSW", "ESW"},
	{"NEW", "NSW", "NES", "ESW", "NEW", "NSW"},
}

// exitConnections turns the exits table into connections written from>to/direction, with an
// empty to for an exit off the board.
func exitConnections() []string {
	var out []string
	for row, exits := range startExits {
		r := 5 - row
		for f, e := range exits {
			for _, d := range e {
				df, dr := map[rune][2]int{'N': {0, 1}, 'E': {1, 0}, 'S': {0, -1}, 'W': {-1, 0}}[d][0], map[rune][2]int{'N': {0, 1}, 'E': {1, 0}, 'S': {0, -1}, 'W': {-1, 0}}[d][1]
				to := ""
				if nf, nr := f+df, r+dr; nf >= 0 && nf < 6 && nr >= 0 && nr < 6 {
					to = fmt.Sprintf("%c%d", 'a'+nf, nr+1)
				}
				out = append(out, fmt.Sprintf("%c%d>%s/%c", 'a'+f, r+1, to, d+'a'-'A'))
			}
		}
	}
	return out
}

// checkCoasterBoard checks the 6x6 coaster board: connections equal to the exits table (40
// two-way pairs, 16 one-way steps, 16 exits off the board), the coasters as regions, portals
// and dots as marks.
func checkCoasterBoard(t *testing.T, b *pb.Board) {
	t.Helper()
	if b.GetFiles() != 6 || b.GetRanks() != 6 || len(b.GetSquares()) != 36 || b.GetLayoutInPosition() {
		t.Errorf("board %dx%d, %d squares, layout in position %v; want a fixed 6x6 board", b.GetFiles(), b.GetRanks(), len(b.GetSquares()), b.GetLayoutInPosition())
	}
	var got []string
	steps := map[[2]string]bool{}
	off := 0
	for _, c := range b.GetConnections() {
		got = append(got, c.GetFrom()+">"+c.GetTo()+"/"+c.GetDirection())
		if c.GetTo() == "" {
			off++
		} else {
			steps[[2]string{c.GetFrom(), c.GetTo()}] = true
		}
	}
	if g, w := sortedSet(got), sortedSet(exitConnections()); g != w {
		t.Errorf("connections\n%s\nwant, from the rules' exits table,\n%s", g, w)
	}
	twoWay, oneWay := 0, 0
	for s := range steps {
		if steps[[2]string{s[1], s[0]}] {
			twoWay++
		} else {
			oneWay++
		}
	}
	if twoWay/2 != 40 || oneWay != 16 || off != 16 {
		t.Errorf("%d two-way pairs, %d one-way steps, %d exits off the board; want 40, 16, 16", twoWay/2, oneWay, off)
	}
	for _, c := range [][2]string{{"top_left", squaresOf(0, 3, 3, 3)}, {"top_right", squaresOf(3, 3, 3, 3)},
		{"bottom_right", squaresOf(3, 0, 3, 3)}, {"bottom_left", squaresOf(0, 0, 3, 3)}} {
		r := region(b, c[0])
		if r == nil || r.GetKind() != "coaster" {
			t.Errorf("no coaster region %s", c[0])
			continue
		}
		wantSet(t, "coaster "+c[0], r.GetSquares(), c[1])
	}
	if m := mark(b, "portal"); m == nil || !slices.Equal(m.GetSquares(), []string{"b5", "e5", "e2", "b2"}) {
		t.Errorf("portal mark %v, want b5 e5 e2 b2", m)
	}
	if m := mark(b, "dot"); m == nil || !slices.Equal(m.GetSquares(), []string{"a6", "f6", "f1", "a1"}) {
		t.Errorf("dot mark %v, want a6 f6 f1 a1", m)
	}
}

func TestMartianChessVariantBoards(t *testing.T) {
	s := startServer(t)
	s.overBoth(t, func(t *testing.T, tr transport) {
		v := getVariant(t, s, tr, "martian_chess")
		b := v.GetBoard()
		if v.GetMinPlayers() != 2 || v.GetMaxPlayers() != 4 || b.GetFiles() != 4 || b.GetRanks() != 8 || len(b.GetSquares()) != 32 || len(b.GetConnections()) != 0 {
			t.Errorf("martian_chess: %d-%d players, %dx%d board, %d squares, %d connections; want 2-4, 4x8, 32, 0",
				v.GetMinPlayers(), v.GetMaxPlayers(), b.GetFiles(), b.GetRanks(), len(b.GetSquares()), len(b.GetConnections()))
		}
		wantZones(t, b, [][2]string{{"south", squaresOf(0, 0, 4, 4)}, {"north", squaresOf(0, 4, 4, 4)}})
		if m := mark(b, "canal"); m == nil {
			t.Errorf("no canal mark among %v", b.GetMarks())
		} else {
			wantSet(t, "canal", m.GetSquares(), "a4 b4 c4 d4 a5 b5 c5 d5")
		}
		var kinds []string
		for _, p := range v.GetPieceTypes() {
			kinds = append(kinds, fmt.Sprintf("%s:%s:%d", p.GetKind(), p.GetLetter(), p.GetValue()))
		}
		if strings.Join(kinds, " ") != "pawn:p:1 drone:d:2 queen:q:3" {
			t.Errorf("piece types %v", kinds)
		}
		checkOptionBoards(t, v, func(t *testing.T, b *pb.Board) {
			if b.GetFiles() != 8 || b.GetRanks() != 8 || len(b.GetSquares()) != 64 {
				t.Errorf("four-player board %dx%d, %d squares; want 8x8", b.GetFiles(), b.GetRanks(), len(b.GetSquares()))
			}
			wantZones(t, b, fourZones8x8())
			// The squares beside the two canals: ranks 4 and 5, files d and e.
			var canal []string
			for f := 0; f < 8; f++ {
				for r := 0; r < 8; r++ {
					if f == 3 || f == 4 || r == 3 || r == 4 {
						canal = append(canal, fmt.Sprintf("%c%d", 'a'+f, r+1))
					}
				}
			}
			if m := mark(b, "canal"); m == nil || len(m.GetSquares()) != 28 {
				t.Errorf("four-player canal mark %v, want 28 squares", m)
			} else {
				wantSet(t, "four-player canal", m.GetSquares(), strings.Join(canal, " "))
			}
		})

		v = getVariant(t, s, tr, "coaster_chess")
		checkCoasterBoard(t, v.GetBoard())
		wantZones(t, v.GetBoard(), [][2]string{{"south", squaresOf(0, 0, 6, 3)}, {"north", squaresOf(0, 3, 6, 3)}})
		checkOptionBoards(t, v, func(t *testing.T, b *pb.Board) {
			checkCoasterBoard(t, b)
			// Four players: each zone is a coaster.
			wantZones(t, b, [][2]string{{"south_west", squaresOf(0, 0, 3, 3)}, {"north_west", squaresOf(0, 3, 3, 3)},
				{"north_east", squaresOf(3, 3, 3, 3)}, {"south_east", squaresOf(3, 0, 3, 3)}})
		})
	})
}

type mcStart struct {
	variant string
	options map[string]*structpb.Value
	text    string
	seats   []string
	actions int
	// perft3 is depth 3 from the rules files.
	perft3 uint64
}

func players4(teams bool) map[string]*structpb.Value {
	o := map[string]*structpb.Value{"players": structpb.NewNumberValue(4)}
	if teams {
		o["teams"] = structpb.NewBoolValue(true)
	}
	return o
}

func mcStarts() []mcStart {
	two := []string{"south", "north"}
	return []mcStart{
		{"martian_chess", nil, "qqd1/qdp1/dpp1/4/4/1ppd/1pdq/1dqq s -,- - - 1", two, 20, 5312},
		{"martian_chess", players4(false), "qqd2dqq/qdp2pdq/dpp2ppd/8/8/dpp2ppd/qdp2pdq/qqd2dqq sw -,-,-,- - - 1", fourSeatNames, 22, 5412},
		{"martian_chess", players4(true), "qqd2dqq/qdp2pdq/dpp2ppd/8/8/dpp2ppd/qdp2pdq/qqd2dqq sw -,-,-,- - - 1 teams", fourSeatNames, 22, 5412},
		{"coaster_chess", nil, "q3dq/5p/6/6/p5/qd3q s -,- - - 1", two, 24, 9916},
		{"coaster_chess", players4(false), "qp2dq/d4p/6/6/p4d/qd2pq sw -,-,-,- - - 1", fourSeatNames, 10, 500},
		{"coaster_chess", players4(true), "qp2dq/d4p/6/6/p4d/qd2pq sw -,-,-,- - - 1 teams", fourSeatNames, 10, 500},
	}
}

// pieceMap writes a position's pieces as square:kind:player, sorted.
func pieceMap(p *pb.Position) string {
	var out []string
	for _, pc := range p.GetPieces() {
		out = append(out, pc.GetSquare()+":"+pc.GetKind()+":"+pc.GetPlayer())
	}
	return sortedSet(out)
}

// Every start, square by square as the rules files set it up, with its seats and actions.
func TestMartianChessStartPositions(t *testing.T) {
	s := startServer(t)
	// The set-ups as the rules write them, square by square.
	setups := map[string]string{
		"martian_chess/2": "a8:queen:north b8:queen:north c8:drone:north a7:queen:north b7:drone:north c7:pawn:north a6:drone:north b6:pawn:north c6:pawn:north " +
			"d1:queen:south c1:queen:south b1:drone:south d2:queen:south c2:drone:south b2:pawn:south d3:drone:south c3:pawn:south b3:pawn:south",
		"coaster_chess/2": "a1:queen:south b1:drone:south a2:pawn:south f1:queen:south a6:queen:north f6:queen:north e6:drone:north f5:pawn:north",
		"coaster_chess/4": "a1:queen:south_west b1:drone:south_west a2:pawn:south_west a6:queen:north_west a5:drone:north_west b6:pawn:north_west " +
			"f6:queen:north_east e6:drone:north_east f5:pawn:north_east f1:queen:south_east f2:drone:south_east e1:pawn:south_east",
	}
	// Four-player Martian Chess: the bottom-left block (queens a1 a2 b1, drones a3 b2 c1, pawns b3
	// c2 c3) mirrored into every corner.
	var four []string
	for _, c := range []struct {
		seat             string
		mirrorF, mirrorR bool
	}{{"south_west", false, false}, {"north_west", false, true}, {"north_east", true, true}, {"south_east", true, false}} {
		for _, pc := range strings.Fields("a1:queen a2:queen b1:queen a3:drone b2:drone c1:drone b3:pawn c2:pawn c3:pawn") {
			f, r := int(pc[0]-'a'), int(pc[1]-'1')
			if c.mirrorF {
				f = 7 - f
			}
			if c.mirrorR {
				r = 7 - r
			}
			four = append(four, fmt.Sprintf("%c%d%s:%s", 'a'+f, r+1, pc[2:], c.seat))
		}
	}
	setups["martian_chess/4"] = sortedSet(four)
	s.overBoth(t, func(t *testing.T, tr transport) {
		for _, c := range mcStarts() {
			st := &pb.StartPositionResponse{}
			mcRPC(t, tr, "StartPosition", &pb.StartPositionRequest{Variant: c.variant, Options: c.options}, st)
			p := st.GetPosition()
			if p.GetText() != c.text || p.GetToMove() != c.seats[0] || p.GetPhase() != pb.Phase_PHASE_ACTION {
				t.Errorf("%s %v: start %q, %s to move in %v; want %q, %s", c.variant, optionValues(c.options), p.GetText(), p.GetToMove(), p.GetPhase(), c.text, c.seats[0])
			}
			var names []string
			for _, ps := range p.GetPlayers() {
				names = append(names, ps.GetName())
				if ps.GetScore() != 0 || len(ps.GetHeld()) != 0 {
					t.Errorf("%s: %s starts with %d points, %v held", c.variant, ps.GetName(), ps.GetScore(), ps.GetHeld())
				}
			}
			if !slices.Equal(names, c.seats) {
				t.Errorf("%s: players %v, want %v", c.variant, names, c.seats)
			}
			if want := setups[fmt.Sprintf("%s/%d", c.variant, len(c.seats))]; pieceMap(p) != sortedSet(strings.Fields(want)) {
				t.Errorf("%s %d players: pieces\n%s\nwant\n%s", c.variant, len(c.seats), pieceMap(p), sortedSet(strings.Fields(want)))
			}
			list := &pb.ListLegalMovesResponse{}
			mcRPC(t, tr, "ListLegalMoves", &pb.ListLegalMovesRequest{Position: mcPos(c.variant, c.text)}, list)
			clock := 0
			for _, m := range list.GetMoves() {
				if strings.HasSuffix(m.GetNotation(), "+clock") {
					clock++
					if m.GetName() != "call_clock" || m.GetKind() != pb.ActionKind_ACTION_KIND_VARIANT {
						t.Errorf("%s: %s is %s/%v, want call_clock", c.variant, m.GetNotation(), m.GetName(), m.GetKind())
					}
				}
			}
			if len(list.GetMoves()) != c.actions || clock*2 != c.actions || list.GetToMove() != c.seats[0] {
				t.Errorf("%s %s: %d actions (%d calling the clock), %s to move; want %d, half of them calling the clock",
					c.variant, c.text, len(list.GetMoves()), clock, list.GetToMove(), c.actions)
			}
		}
	})
}

// Perft from every start to depth 3 gives the rules files' numbers, and divide adds up.
func TestMartianChessPerftAndSearch(t *testing.T) {
	s := startServer(t)
	s.overBoth(t, func(t *testing.T, tr transport) {
		for _, c := range mcStarts() {
			resp := &pb.PerftResponse{}
			mcRPC(t, tr, "Perft", &pb.PerftRequest{Position: mcPos(c.variant, c.text), Depth: 3, Divide: true}, resp)
			var sum uint64
			for _, d := range resp.GetDivide() {
				sum += d.GetNodes()
			}
			if resp.GetNodes() != c.perft3 || sum != c.perft3 || len(resp.GetDivide()) != c.actions {
				t.Errorf("perft(%s %s, 3) = %d (divide: %d entries adding to %d), want %d over %d", c.variant, c.text, resp.GetNodes(), len(resp.GetDivide()), sum, c.perft3, c.actions)
			}
		}
		// Coaster Chess, four players, depth 4.
		resp := &pb.PerftResponse{}
		mcRPC(t, tr, "Perft", &pb.PerftRequest{Position: mcPos("coaster_chess", "qp2dq/d4p/6/6/p4d/qd2pq sw -,-,-,- - - 1"), Depth: 4}, resp)
		if resp.GetNodes() != 3125 {
			t.Errorf("coaster_chess four players perft 4 = %d, want 3125", resp.GetNodes())
		}
		// A search answers one of the legal actions, for each game.
		for _, pos := range []*pb.Position{
			martian("qqd1/qdp1/dpp1/4/4/1ppd/1pdq/1dqq s -,- - - 1"),
			mcPos("coaster_chess", "qp2dq/d4p/6/6/p4d/qd2pq sw -,-,-,- - - 1 teams"),
			// South can take north's last pawn... with the queen that then stands in north's
			// zone; the best move takes the drone on b4 (2 points), which empties nothing.
			martian("4/4/4/1p2/1d2/4/1q2/p3 s -,- - - 1"),
		} {
			sr := &pb.SearchResponse{}
			mcRPC(t, tr, "Search", &pb.SearchRequest{Position: pos, Depth: 2}, sr)
			list := &pb.ListLegalMovesResponse{}
			mcRPC(t, tr, "ListLegalMoves", &pb.ListLegalMovesRequest{Position: pos}, list)
			best := sr.GetBestAction().GetNotation()
			if !slices.ContainsFunc(list.GetMoves(), func(a *pb.Action) bool { return a.GetNotation() == best }) {
				t.Errorf("search in %s: best action %q is not legal", pos.GetText(), best)
			}
		}
	})
}

// validate plays one action through ValidateMove with the next turn, checks the next turn
// against ListLegalMoves and ScorePosition, and returns the answer.
func validate(t *testing.T, tr transport, pos *pb.Position, action string) *pb.ValidateMoveResponse {
	t.Helper()
	v := &pb.ValidateMoveResponse{}
	mcRPC(t, tr, "ValidateMove", &pb.ValidateMoveRequest{Position: pos, Move: &pb.Action{Notation: action}, IncludeNext: true}, v)
	if !v.GetLegal() {
		t.Fatalf("%s in %s: illegal: %s", action, pos.GetText(), v.GetReason())
	}
	checkNext(t, tr, action, v.GetNext(), v.GetPosition(), nil, pb.MoveView_MOVE_VIEW_UNSPECIFIED)
	return v
}

// refused checks that action is illegal in pos and that the reason says every one of words.
func refused(t *testing.T, tr transport, pos *pb.Position, action string, words ...string) {
	t.Helper()
	v := &pb.ValidateMoveResponse{}
	mcRPC(t, tr, "ValidateMove", &pb.ValidateMoveRequest{Position: pos, Move: &pb.Action{Notation: action}}, v)
	if v.GetLegal() {
		t.Errorf("%s in %s: legal, want it refused", action, pos.GetText())
		return
	}
	for _, w := range words {
		if !strings.Contains(v.GetReason(), w) {
			t.Errorf("%s in %s: reason %q does not say %q", action, pos.GetText(), v.GetReason(), w)
		}
	}
}

// events writes events as name:player:square:piece:points.
func mcEvents(ev []*pb.Event) string {
	var out []string
	for _, e := range ev {
		out = append(out, fmt.Sprintf("%s:%s:%s:%s:%d", e.GetName(), e.GetPlayer(), e.GetSquare(), e.GetPiece(), e.GetPoints()))
	}
	return strings.Join(out, " ")
}

func playerStates(p *pb.Position) string {
	var out []string
	for _, ps := range p.GetPlayers() {
		out = append(out, fmt.Sprintf("%s:%d:%s", ps.GetName(), ps.GetScore(), strings.Join(ps.GetHeld(), ",")))
	}
	return strings.Join(out, " ")
}

func standings(st []*pb.Standing) string {
	var out []string
	for _, s := range st {
		out = append(out, fmt.Sprintf("%s:%d:%d", s.GetPlayer(), s.GetPlace(), s.GetScore()))
	}
	return strings.Join(out, " ")
}

func counter(p *pb.Position, name string) (int64, bool) {
	for _, c := range p.GetCounters() {
		if c.GetName() == name {
			return c.GetValue(), true
		}
	}
	return 0, false
}

func mcScore(t *testing.T, tr transport, pos *pb.Position) *pb.ScorePositionResponse {
	t.Helper()
	sc := &pb.ScorePositionResponse{}
	mcRPC(t, tr, "ScorePosition", &pb.ScorePositionRequest{Position: pos}, sc)
	return sc
}

// A capture across the canal: the captured pawn goes to south's pile and scores a pip, the queen
// that crossed now belongs to north, and north may not send it straight back on the next move.
func TestMartianChessCaptureAndCanal(t *testing.T) {
	s := startServer(t)
	const before = "q3/4/4/1p2/4/p1d1/1q2/4 s -,- - - 1"
	s.overBoth(t, func(t *testing.T, tr transport) {
		v := validate(t, tr, martian(before), "b2b5")
		m, p := v.GetMove(), v.GetPosition()
		if m.GetPlayer() != "south" || m.GetPiece() != "queen" || m.GetCaptured() != "pawn" || m.GetPromotion() != "" {
			t.Errorf("b2b5: %v, want south's queen capturing a pawn", m)
		}
		if got, want := mcEvents(v.GetEvents()), "capture:south:b5:pawn:0 points:south:b5:pawn:1 handed_over:north:b5:queen:0"; got != want {
			t.Errorf("b2b5 events %s, want %s", got, want)
		}
		if p.GetText() != "q3/4/4/1q2/4/p1d1/4/4 n p,- - b2b5 1" || p.GetLastMove() != "b2b5" || p.GetToMove() != "north" {
			t.Errorf("after b2b5: %q, last move %q, %s to move", p.GetText(), p.GetLastMove(), p.GetToMove())
		}
		if got := playerStates(p); got != "south:1:pawn north:0:" {
			t.Errorf("players after b2b5: %s", got)
		}
		if pm := pieceMap(p); pm != "a3:pawn:south a8:queen:north b5:queen:north c3:drone:south" {
			t.Errorf("pieces after b2b5: %s (the queen on b5 is north's now)", pm)
		}
		sc := mcScore(t, tr, p)
		if sc.GetStatus() != pb.GameStatus_GAME_STATUS_ONGOING || standings(sc.GetStandings()) != "south:0:1 north:0:0" {
			t.Errorf("score after b2b5: %v %s", sc.GetStatus(), standings(sc.GetStandings()))
		}
		// No rejection: the queen may not go back to b2 now, though b1, past b2, is fine.
		next := v.GetNext().GetMoves()
		has := func(n string) bool {
			return slices.ContainsFunc(next, func(a *pb.Action) bool { return a.GetNotation() == n })
		}
		if has("b5b2") || has("b5b2+clock") || !has("b5b1") || !has("b5b3") {
			t.Errorf("after b2b5: b5b2 listed %v, b5b1 %v, b5b3 %v; want only b5b2 barred", has("b5b2"), has("b5b1"), has("b5b3"))
		}
		refused(t, tr, p, "b5b2", "b2", "b5", "queen")
		refused(t, tr, p, "b5b2+clock", "b2", "b5")
		// The same through ApplyMoves: the game stops at the barred move.
		a := &pb.ApplyMovesResponse{}
		mcRPC(t, tr, "ApplyMoves", &pb.ApplyMovesRequest{Position: martian(before), Moves: []*pb.Action{{Notation: "b2b5"}, {Notation: "b5b2"}}, IncludeNext: true}, a)
		if a.GetApplied() != 1 || a.GetFailure().GetIndex() != 1 || a.GetFailure().GetNotation() != "b5b2" || !strings.Contains(a.GetFailure().GetReason(), "b2") {
			t.Errorf("apply b2b5 b5b2: %d applied, failure %v", a.GetApplied(), a.GetFailure())
		}
		// One move later the bar is gone, and moving back across the canal hands the queen to south.
		mcRPC(t, tr, "ApplyMoves", &pb.ApplyMovesRequest{Position: martian(before), Moves: []*pb.Action{{Notation: "b2b5"}, {Notation: "a8a7"}, {Notation: "c3c2"}, {Notation: "b5b2"}}, IncludeNext: true}, a)
		if a.GetFailure() != nil || a.GetApplied() != 4 {
			t.Fatalf("apply b2b5 a8a7 c3c2 b5b2: %d applied, failure %v", a.GetApplied(), a.GetFailure())
		}
		if got := mcEvents(a.GetSteps()[3].GetEvents()); got != "handed_over:south:b2:queen:0" {
			t.Errorf("b5b2 events %s, want the queen handed over to south", got)
		}
		if p := a.GetPosition(); p.GetText() != "4/q3/4/4/4/p3/1qd1/4 s p,- - b5b2 3" || p.GetLastMove() != "b5b2" {
			t.Errorf("after b5b2: %q", p.GetText())
		}
		checkNext(t, tr, "apply", a.GetNext(), a.GetPosition(), nil, pb.MoveView_MOVE_VIEW_UNSPECIFIED)
	})
}

// Field promotion merges a drone and a pawn into a queen when the player has no queen, two pawns
// into a drone when he has no drone; otherwise a move onto his own piece is refused.
func TestMartianChessFieldPromotion(t *testing.T) {
	s := startServer(t)
	s.overBoth(t, func(t *testing.T, tr transport) {
		for _, c := range []struct {
			before, action, promotion, after string
		}{
			{"q3/4/4/4/4/p3/4/d3 s -,- - - 1", "a1a3", "queen", "q3/4/4/4/4/q3/4/4 n -,- - - 1"},
			{"q3/4/4/4/4/p3/4/d3 s -,- - - 1", "a3a1", "", ""}, // a pawn steps diagonally only
			{"q3/4/4/4/4/4/1p2/p3 s -,- - - 1", "a1b2", "drone", "q3/4/4/4/4/4/1d2/4 n -,- - - 1"},
			{"q3/4/4/4/4/1d2/p3/4 s -,- - - 1", "a2b3", "queen", "q3/4/4/4/4/1q2/4/4 n -,- - - 1"},
		} {
			if c.promotion == "" {
				refused(t, tr, martian(c.before), c.action, c.action[:2], c.action[2:], "pawn")
				continue
			}
			v := validate(t, tr, martian(c.before), c.action)
			if v.GetMove().GetPromotion() != c.promotion || v.GetMove().GetCaptured() != "" || v.GetPosition().GetText() != c.after {
				t.Errorf("%s in %s: %v, position %q; want a %s in %s", c.action, c.before, v.GetMove(), v.GetPosition().GetText(), c.promotion, c.after)
			}
			if got, want := mcEvents(v.GetEvents()), "promotion:south:"+c.action[2:]+":"+c.promotion+":0"; got != want {
				t.Errorf("%s events %s, want %s", c.action, got, want)
			}
			if got := playerStates(v.GetPosition()); got != "south:0: north:0:" {
				t.Errorf("a merge scores nothing: %s", got)
			}
		}
		// With a queen (d1) the drone may not merge with the pawn; with a drone (c1) two pawns
		// may not merge.
		refused(t, tr, martian("q3/4/4/4/4/p3/4/d2q s -,- - - 1"), "a1a3", "drone", "pawn", "queen")
		refused(t, tr, martian("q3/4/4/4/4/4/1p2/p1d1 s -,- - - 1"), "a1b2", "pawn", "drone")
		// Ending on an own piece of any other pair is refused, naming the square.
		refused(t, tr, martian("q3/4/4/4/4/4/1p2/q3 s -,- - - 1"), "a1b2", "b2")
	})
}

// The clock: b2c3+clock calls it (once per game); seven moves in a row without a capture, the
// calling move the first, end the game; a capture restarts the count; a tie then is a draw.
func TestMartianChessClock(t *testing.T) {
	s := startServer(t)
	s.overBoth(t, func(t *testing.T, tr transport) {
		v := validate(t, tr, martian("q3/4/4/4/4/4/1p2/4 s -,- - - 1"), "b2c3+clock")
		m, p := v.GetMove(), v.GetPosition()
		if m.GetName() != "call_clock" || m.GetKind() != pb.ActionKind_ACTION_KIND_VARIANT || m.GetFrom() != "b2" || m.GetTo() != "c3" {
			t.Errorf("b2c3+clock: %v", m)
		}
		if got := mcEvents(v.GetEvents()); got != "clock_called:south:::0" {
			t.Errorf("b2c3+clock events %s", got)
		}
		if c, ok := counter(p, "clock"); !ok || c != 1 || p.GetText() != "q3/4/4/4/4/2p1/4/4 n -,- 1 - 1" {
			t.Errorf("after the call: clock %d (%v), %q", c, ok, p.GetText())
		}
		for _, a := range v.GetNext().GetMoves() {
			if strings.Contains(a.GetNotation(), "+clock") {
				t.Errorf("%s offered after the clock was called", a.GetNotation())
			}
		}
		refused(t, tr, p, "a8a7+clock", "clock")

		// Six moves without a capture so far; the seventh ends the game, and south's queen in
		// the pile wins it.
		v = validate(t, tr, martian("q3/4/4/4/4/4/1p2/4 s q,- 6 - 9"), "b2a3")
		sc := mcScore(t, tr, v.GetPosition())
		if v.GetNext().GetStatus() != pb.GameStatus_GAME_STATUS_FINISHED || v.GetNext().GetReason() != "clock" || len(v.GetNext().GetMoves()) != 0 ||
			!slices.Equal(sc.GetWinners(), []string{"south"}) || sc.GetReason() != "clock" || standings(sc.GetStandings()) != "south:1:3 north:2:0" {
			t.Errorf("clock's end: next %v; score %v %s %s", v.GetNext().GetStatus(), sc.GetWinners(), sc.GetReason(), standings(sc.GetStandings()))
		}
		if got := mcEvents(v.GetEvents()); got != "game_over::::0" {
			t.Errorf("clock's end events %s", got)
		}
		// A tie at the clock's end is a draw, even for the player who moved last.
		v = validate(t, tr, martian("q3/4/4/4/4/4/1p2/4 s p,p 6 - 9"), "b2a3")
		if n := v.GetNext(); n.GetReason() != "clock" || len(n.GetWinners()) != 0 || standings(n.GetStandings()) != "south:1:1 north:1:1" {
			t.Errorf("clock's end in a tie: %v %s %s", n.GetWinners(), n.GetReason(), standings(n.GetStandings()))
		}
		// A capture restarts the count.
		v = validate(t, tr, martian("q3/4/4/1p2/4/4/1q2/p3 s -,- 6 - 9"), "b2b5")
		if c, _ := counter(v.GetPosition(), "clock"); c != 0 || v.GetNext().GetStatus() != pb.GameStatus_GAME_STATUS_ONGOING {
			t.Errorf("capture with the clock at 6: clock %d, %v", c, v.GetNext().GetStatus())
		}
		// A calling move that captures counts 0.
		v = validate(t, tr, martian("q3/4/4/1p2/4/4/1q2/p3 s -,- - - 1"), "b2b5+clock")
		if c, _ := counter(v.GetPosition(), "clock"); c != 0 || v.GetMove().GetCaptured() != "pawn" {
			t.Errorf("calling capture: clock %d, %v", c, v.GetMove())
		}
	})
}

// The game ends when a zone is empty: the highest score wins, a tie goes to the player who moved
// last if he is among the leaders.
func TestMartianChessZoneEmpty(t *testing.T) {
	s := startServer(t)
	s.overBoth(t, func(t *testing.T, tr transport) {
		for _, c := range []struct {
			before, action, winners, standings string
		}{
			// South's last piece captures into north's zone: 1-1, south moved last and wins.
			{"4/4/4/1p2/4/4/1q2/4 s -,p - - 1", "b2b5", "south", "south:1:1 north:2:1"},
			// North leads 3-1: the last move does not matter.
			{"4/4/4/1p2/4/4/1q2/4 s -,q - - 1", "b2b5", "north", "south:2:1 north:1:3"},
			// North's last piece leaves: north's zone is empty, south wins 2-0.
			{"4/4/4/1q2/4/4/4/d3 n d,- - - 7", "b5b4", "south", "south:1:2 north:2:0"},
		} {
			v := validate(t, tr, martian(c.before), c.action)
			if got := mcEvents(v.GetEvents()); !strings.HasSuffix(got, "game_over::::0") {
				t.Errorf("%s in %s: events %s, want game_over last", c.action, c.before, got)
			}
			if v.GetPosition().GetPhase() != pb.Phase_PHASE_FINISHED {
				t.Errorf("%s in %s: phase %v", c.action, c.before, v.GetPosition().GetPhase())
			}
			sc := mcScore(t, tr, v.GetPosition())
			if sc.GetStatus() != pb.GameStatus_GAME_STATUS_FINISHED || sc.GetReason() != "zone_empty" ||
				strings.Join(sc.GetWinners(), " ") != c.winners || standings(sc.GetStandings()) != c.standings {
				t.Errorf("%s in %s: %v %s winners %v standings %s; want zone_empty, %s, %s", c.action, c.before, sc.GetStatus(), sc.GetReason(),
					sc.GetWinners(), standings(sc.GetStandings()), c.winners, c.standings)
			}
			// A finished game takes no more actions.
			err := mcCall(t, tr, "ValidateMove", &pb.ValidateMoveRequest{Position: v.GetPosition(), Move: &pb.Action{Notation: "pass"}}, &pb.ValidateMoveResponse{})
			if code, reason, _ := errorDetails(err); code != codes.FailedPrecondition || reason != "GAME_OVER" {
				t.Errorf("action on the finished game: %v", err)
			}
		}
	})
}

// Four players: with teams partners add their points and the last mover's team takes a tie;
// without, each plays for himself.
func TestMartianChessFourPlayers(t *testing.T) {
	s := startServer(t)
	// South_west's queen takes north_west's pawn (1 point) and leaves its zone empty; north_east
	// already has 2 points.
	const board = "7p/8/8/p7/8/8/8/q6p sw -,-,d,- - - 1"
	s.overBoth(t, func(t *testing.T, tr transport) {
		v := validate(t, tr, martian(board+" teams"), "a1a5")
		sc := mcScore(t, tr, v.GetPosition())
		if !slices.Equal(sc.GetWinners(), []string{"south_west", "north_east"}) || sc.GetReason() != "zone_empty" {
			t.Errorf("teams: winners %v (%s), want south_west and north_east", sc.GetWinners(), sc.GetReason())
		}
		tm := sc.GetTeams()
		if len(tm) != 2 || tm[0].GetTeam() != "south_west_north_east" || tm[0].GetScore() != 3 || tm[0].GetPlace() != 1 ||
			!slices.Equal(tm[0].GetPlayers(), []string{"south_west", "north_east"}) ||
			tm[1].GetTeam() != "north_west_south_east" || tm[1].GetScore() != 0 || tm[1].GetPlace() != 2 {
			t.Errorf("team standings %v", tm)
		}
		for _, st := range sc.GetStandings() {
			want := "north_west_south_east"
			if st.GetPlayer() == "south_west" || st.GetPlayer() == "north_east" {
				want = "south_west_north_east"
			}
			if st.GetTeam() != want {
				t.Errorf("%s's team %q, want %s", st.GetPlayer(), st.GetTeam(), want)
			}
		}
		if got := standings(sc.GetStandings()); !strings.HasPrefix(got, "south_west:1:1 north_west:") || !strings.Contains(got, "north_east:1:2") {
			t.Errorf("team play standings %s", got)
		}
		// Without teams north_east leads alone.
		v = validate(t, tr, martian(board), "a1a5")
		sc = mcScore(t, tr, v.GetPosition())
		if !slices.Equal(sc.GetWinners(), []string{"north_east"}) || len(sc.GetTeams()) != 0 || standings(sc.GetStandings()) != "south_west:2:1 north_west:3:0 north_east:1:2 south_east:3:0" {
			t.Errorf("no teams: winners %v, standings %s, teams %v", sc.GetWinners(), standings(sc.GetStandings()), sc.GetTeams())
		}
		// Turn order south_west, north_west, north_east, south_east; the move number grows after
		// south_east; four players have no bar on moving back.
		a := &pb.ApplyMovesResponse{}
		mcRPC(t, tr, "ApplyMoves", &pb.ApplyMovesRequest{Position: martian("qqd2dqq/qdp2pdq/dpp2ppd/8/8/dpp2ppd/qdp2pdq/qqd2dqq sw -,-,-,- - - 1"),
			Moves: []*pb.Action{{Notation: "c3d4"}, {Notation: "c6d5"}, {Notation: "f6e5"}, {Notation: "f3e4"}, {Notation: "d4e5"}}, IncludeNext: true}, a)
		var movers []string
		for _, st := range a.GetSteps() {
			movers = append(movers, st.GetMove().GetPlayer())
		}
		if a.GetFailure() != nil || strings.Join(movers, " ") != "south_west north_west north_east south_east south_west" {
			t.Fatalf("four-player round: movers %v, failure %v", movers, a.GetFailure())
		}
		p := a.GetPosition()
		if p.GetToMove() != "north_west" || !strings.HasSuffix(p.GetText(), " nw p,-,-,- - - 2") || p.GetLastMove() != "" {
			t.Errorf("after a round: %q, %s to move", p.GetText(), p.GetToMove())
		}
		last := a.GetSteps()[4]
		if got := mcEvents(last.GetEvents()); got != "capture:south_west:e5:pawn:0 points:south_west:e5:pawn:1 handed_over:north_east:e5:pawn:0" {
			t.Errorf("d4e5 events %s", got)
		}
		// Partners may capture from each other's zones: south_west takes north_east's pawn.
		v = validate(t, tr, martian("p6p/8/8/4p3/3q4/8/8/p6p sw -,-,-,- - - 1 teams"), "d4e5")
		if v.GetMove().GetCaptured() != "pawn" || playerStates(v.GetPosition()) != "south_west:1:pawn north_west:0: north_east:0: south_east:0:" {
			t.Errorf("capture from a partner: %v, %s", v.GetMove(), playerStates(v.GetPosition()))
		}
		// The seat tokens are sw nw ne se; 2-player tokens are refused.
		err := mcCall(t, tr, "ListLegalMoves", &pb.ListLegalMovesRequest{Position: martian("7p/8/8/4p3/3q4/8/8/p6p s -,-,-,- - - 1")}, &pb.ListLegalMovesResponse{})
		if code, reason, field := errorDetails(err); code != codes.InvalidArgument || reason != "INVALID_POSITION" || field != "position.text" || !strings.Contains(err.Error(), "to_move") {
			t.Errorf("a two-player seat token with four piles: %v", err)
		}
	})
}

// Coaster Chess: moves follow the arrows, up to 1/2/3 steps; zones are halves (2 players) or
// coasters (4 players); captures, crossing and the end are Martian Chess's.
func TestCoasterChessPlay(t *testing.T) {
	s := startServer(t)
	const start2 = "q3dq/5p/6/6/p5/qd3q s -,- - - 1"
	coaster := func(text string) *pb.Position { return mcPos("coaster_chess", text) }
	s.overBoth(t, func(t *testing.T, tr transport) {
		list := &pb.ListLegalMovesResponse{}
		mcRPC(t, tr, "ListLegalMoves", &pb.ListLegalMovesRequest{Position: coaster(start2)}, list)
		var moves []string
		for _, m := range list.GetMoves() {
			if !strings.HasSuffix(m.GetNotation(), "+clock") {
				moves = append(moves, m.GetNotation())
			}
		}
		// By the exits table: the drone b1 (exits N S W) reaches the portal b2 (N E W) and from
		// there b3 and c2; the pawn a2 (N E S) reaches a3 and b2.
		for _, want := range []string{"b1b2", "b1b3", "b1c2", "a2a3", "a2b2"} {
			if !slices.Contains(moves, want) {
				t.Errorf("coaster start: %s missing among %v", want, moves)
			}
		}
		if len(moves) != 12 {
			t.Errorf("coaster start: %d moves %v, want 12", len(moves), moves)
		}
		refused(t, tr, coaster(start2), "b1c1", "b1", "c1", "drone", "arrows")
		refused(t, tr, coaster(start2), "a6a5", "a6", "north")
		// A queen may not pass through a piece: a1 (N) to a2 is blocked by the pawn.
		refused(t, tr, coaster(start2), "a1a3", "a3", "a2")

		// Two players: crossing from south's half into north's hands the piece over, capture
		// scores, and the way back is barred. The pawn on c3 (NSW) steps north to c4, which
		// holds north's pawn.
		v := validate(t, tr, coaster("q5/6/2p3/2p3/6/q5 s -,- - - 1"), "c3c4")
		if got := mcEvents(v.GetEvents()); got != "capture:south:c4:pawn:0 points:south:c4:pawn:1 handed_over:north:c4:pawn:0" {
			t.Errorf("c3c4 events %s", got)
		}
		if p := v.GetPosition(); p.GetText() != "q5/6/2p3/6/6/q5 n p,- - c3c4 1" || p.GetLastMove() != "c3c4" {
			t.Errorf("after c3c4: %q", p.GetText())
		}
		// c4 (NEW) has no exit south: the pawn could not go back anyway; the reason names both.
		refused(t, tr, v.GetPosition(), "c4c3", "c4", "c3")

		// Four players: zones are coasters. Play one round, each seat's first listed action, by
		// ValidateMove and by ApplyMoves.
		a := &pb.ApplyMovesResponse{}
		const start4 = "qp2dq/d4p/6/6/p4d/qd2pq sw -,-,-,- - - 1"
		list4 := &pb.ListLegalMovesResponse{}
		mcRPC(t, tr, "ListLegalMoves", &pb.ListLegalMovesRequest{Position: coaster(start4)}, list4)
		if list4.GetToMove() != "south_west" || len(list4.GetMoves()) != 10 {
			t.Fatalf("four-player coaster start: %s, %d actions", list4.GetToMove(), len(list4.GetMoves()))
		}
		var round []*pb.Action
		pos := coaster(start4)
		for i := 0; i < 4; i++ {
			l := &pb.ListLegalMovesResponse{}
			mcRPC(t, tr, "ListLegalMoves", &pb.ListLegalMovesRequest{Position: pos}, l)
			round = append(round, &pb.Action{Notation: l.GetMoves()[0].GetNotation()})
			if l.GetToMove() != fourSeatNames[i] {
				t.Errorf("coaster round: %s to move at %d, want %s", l.GetToMove(), i, fourSeatNames[i])
			}
			st := &pb.ValidateMoveResponse{}
			mcRPC(t, tr, "ValidateMove", &pb.ValidateMoveRequest{Position: pos, Move: round[i]}, st)
			pos = st.GetPosition()
		}
		mcRPC(t, tr, "ApplyMoves", &pb.ApplyMovesRequest{Position: coaster(start4), Moves: round}, a)
		if a.GetApplied() != 4 || a.GetPosition().GetText() != pos.GetText() || a.GetPosition().GetToMove() != "south_west" {
			t.Errorf("coaster round by ApplyMoves: %d applied, %q vs %q", a.GetApplied(), a.GetPosition().GetText(), pos.GetText())
		}
	})
}

// Malformed actions and positions are INVALID_ARGUMENT naming the field.
func TestMartianChessMalformed(t *testing.T) {
	s := startServer(t)
	const start = "qqd1/qdp1/dpp1/4/4/1ppd/1pdq/1dqq s -,- - - 1"
	s.overBoth(t, func(t *testing.T, tr transport) {
		for _, c := range []struct {
			name          string
			pos           *pb.Position
			action        string
			reason, field string
			says          string
		}{
			{"half a move", martian(start), "b2", "MALFORMED_ACTION", "move.notation", "b2c3"},
			{"off the board", martian(start), "b2e3", "MALFORMED_ACTION", "move.notation", ""},
			{"unknown suffix", martian(start), "b3a4+call", "MALFORMED_ACTION", "move.notation", ""},
			{"clock out of range", martian("q3/4/4/4/4/4/1p2/4 s -,- 9 - 1"), "b2c3", "INVALID_POSITION", "position.text", "clock"},
			{"unknown seat", martian("q3/4/4/4/4/4/1p2/4 x -,- - - 1"), "b2c3", "INVALID_POSITION", "position.text", "to_move"},
			{"three piles", martian("q3/4/4/4/4/4/1p2/4 s -,-,- - - 1"), "b2c3", "INVALID_POSITION", "position.text", "piles"},
			{"bad pile", martian("q3/4/4/4/4/4/1p2/4 s k,- - - 1"), "b2c3", "INVALID_POSITION", "position.text", "piles"},
			{"last move not crossing", martian("q3/4/4/4/4/4/1p2/4 s -,- - b2c3 1"), "b2c3", "INVALID_POSITION", "position.text", "last_move"},
			{"short board", martian("q3/4/4/4/4/1p2 s -,- - - 1"), "b2c3", "INVALID_POSITION", "position.text", "board"},
			{"move number", martian("q3/4/4/4/4/4/1p2/4 s -,- - - 0"), "b2c3", "INVALID_POSITION", "position.text", "move_number"},
			{"teams with two players", martian("q3/4/4/4/4/4/1p2/4 s -,- - - 1 teams"), "b2c3", "INVALID_OPTION", "position.text.teams", "four players"},
			{"coaster board too narrow", mcPos("coaster_chess", "q3d/5p/6/6/p5/qd3q s -,- - - 1"), "a1a2", "INVALID_POSITION", "position.text", "board"},
			{"structured piece in another's zone", &pb.Position{Variant: "martian_chess", ToMove: "south",
				Pieces: []*pb.Piece{{Square: "b2", Kind: "pawn", Player: "north"}, {Square: "a8", Kind: "queen"}}}, "b2c3", "INVALID_POSITION", "position", "pieces[0].player"},
		} {
			err := mcCall(t, tr, "ValidateMove", &pb.ValidateMoveRequest{Position: c.pos, Move: &pb.Action{Notation: c.action}}, &pb.ValidateMoveResponse{})
			code, reason, field := errorDetails(err)
			if code != codes.InvalidArgument || reason != c.reason || field != c.field || !strings.Contains(status.Convert(err).Message(), c.says) {
				t.Errorf("%s: %v %s %q %v; want INVALID_ARGUMENT %s %q saying %q", c.name, code, reason, field, err, c.reason, c.field, c.says)
			}
		}
		// ValidateMove's reasons for illegal moves name the squares and the pieces.
		for _, c := range []struct {
			action string
			says   []string
		}{
			{"a3b4", []string{"a3"}},                     // no piece there
			{"c6b5", []string{"c6", "north"}},            // north's pawn
			{"d1d3", []string{"d3", "d2"}},               // the queen is blocked by d2
			{"b3b4", []string{"b3", "b4", "pawn"}},       // a pawn steps diagonally
			{"b1b2", []string{"drone", "pawn", "queen"}}, // no merge while south has queens
			{"c2c4", []string{"c4", "c3"}},               // the drone cannot pass c3
			{"pass", []string{"south"}},                  // south has moves
		} {
			refused(t, tr, martian(start), c.action, c.says...)
		}
	})
}
