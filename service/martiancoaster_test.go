package service

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/structpb"

	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
)

// Martian Coaster Chaturanga through the real server, over gRPC and over the JSON gateway. The
// expectations come from the rules (/work/shared/rules/martian-coaster-chaturanga.md and
// coasters.md): the start layout y0r1b2g3 makes bl green, br blue, tr red and tl yellow.

const (
	mccName  = "martian_coaster_chaturanga"
	mccStart = "y0r1b2g3 gqgd2ypyq/gp4yd/6/6/bd4rp/bqbp2rdrq -,-,-,- bl - 0"
	// After roll swap and swap tl br: blue comes to tl turned two quarters, yellow to br; the
	// green trio rides to f1 e1 f2 and the red trio to a6 b6 a5.
	mccSwapped = "b0r1y2g3 rqrd2ypyq/rp4yd/6/6/bd4gp/bqbp2gdgq -,-,-,- bl swap:d 0"
)

// mccFaceActions are bl's actions at the start after each face (the perft table's hand count):
// 18 moves, plus aim 1-3, nothing to dig, 16 hops, 6 swaps, tip 1-3, and under WILD all of these.
var mccFaceActions = map[int32]int{1: 21, 2: 18, 3: 34, 4: 24, 5: 21, 6: 46}

var mccFaceNames = []string{"", "aim", "dig", "hop", "swap", "tip", "wild"}

func mcc(text string) *pb.Position { return mcPos(mccName, text) }

// mccList lists the legal actions of pos.
func mccList(t *testing.T, tr transport, pos *pb.Position) *pb.ListLegalMovesResponse {
	t.Helper()
	list := &pb.ListLegalMovesResponse{}
	mcRPC(t, tr, "ListLegalMoves", &pb.ListLegalMovesRequest{Position: pos}, list)
	return list
}

// mccApply plays actions from pos with ApplyMoves, failing on a refused one.
func mccApply(t *testing.T, tr transport, pos *pb.Position, actions ...string) *pb.ApplyMovesResponse {
	t.Helper()
	req := &pb.ApplyMovesRequest{Position: pos, IncludeNext: true}
	for _, a := range actions {
		req.Moves = append(req.Moves, &pb.Action{Notation: a})
	}
	resp := &pb.ApplyMovesResponse{}
	mcRPC(t, tr, "ApplyMoves", req, resp)
	if resp.GetFailure() != nil || int(resp.GetApplied()) != len(actions) {
		t.Fatalf("%v from %q: %d applied, failure %v", actions, pos.GetText(), resp.GetApplied(), resp.GetFailure())
	}
	return resp
}

// wantActions checks the notations of a list of actions against want, in any order.
func wantActions(t *testing.T, what string, moves []*pb.Action, want ...string) {
	t.Helper()
	w := slices.Clone(want)
	slices.Sort(w)
	if got := notations(moves); !slices.Equal(got, w) {
		t.Errorf("%s: %d actions %q,\nwant %d %q", what, len(got), got, len(w), w)
	}
}

// piecesBySeat writes a position's pieces as square:colour+kind:seat, sorted.
func piecesBySeat(p *pb.Position) string {
	var out []string
	for _, pc := range p.GetPieces() {
		out = append(out, pc.GetSquare()+":"+pc.GetColor()[:1]+pc.GetKind()[:1]+":"+pc.GetPlayer())
	}
	return sortedSet(out)
}

// coasterRegions writes a board's coaster regions as colour:squares.
func coasterRegions(t *testing.T, b *pb.Board) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, r := range b.GetRegions() {
		if r.GetKind() != "coaster" {
			t.Errorf("region %s of kind %q, want coaster", r.GetName(), r.GetKind())
		}
		out[r.GetName()] = sortedSet(r.GetSquares())
	}
	return out
}

// checkMccBoard checks a board of the start's dot pattern whose coasters at tl tr br bl have the
// given colours: 36 squares, the exits table's arrows, coaster regions named by colour, each
// square in its coaster's region, the portals and the dots.
func checkMccBoard(t *testing.T, b *pb.Board, tl, tr, br, bl string) {
	t.Helper()
	if b.GetFiles() != 6 || b.GetRanks() != 6 || len(b.GetSquares()) != 36 || !b.GetLayoutInPosition() {
		t.Errorf("board %dx%d, %d squares, layout in position %v; want 6x6, 36, true", b.GetFiles(), b.GetRanks(), len(b.GetSquares()), b.GetLayoutInPosition())
	}
	var got []string
	for _, c := range b.GetConnections() {
		got = append(got, c.GetFrom()+">"+c.GetTo()+"/"+c.GetDirection())
	}
	if g, w := sortedSet(got), sortedSet(exitConnections()); g != w {
		t.Errorf("connections\n%s\nwant, from the rules' exits table,\n%s", g, w)
	}
	want := map[string]string{tl: squaresOf(0, 3, 3, 3), tr: squaresOf(3, 3, 3, 3), br: squaresOf(3, 0, 3, 3), bl: squaresOf(0, 0, 3, 3)}
	regions := coasterRegions(t, b)
	if len(regions) != 4 || len(b.GetRegions()) != 4 {
		t.Errorf("regions %v, want the four coasters", b.GetRegions())
	}
	for colour, sqs := range want {
		if regions[colour] != sortedSet(strings.Fields(sqs)) {
			t.Errorf("coaster %s: %q, want %q", colour, regions[colour], sortedSet(strings.Fields(sqs)))
		}
	}
	for _, sq := range b.GetSquares() {
		if !strings.Contains(want[sq.GetRegion()], sq.GetName()) {
			t.Errorf("square %s in region %q", sq.GetName(), sq.GetRegion())
		}
	}
	if m := mark(b, "portal"); m == nil || !slices.Equal(m.GetSquares(), []string{"b5", "e5", "e2", "b2"}) {
		t.Errorf("portal mark %v, want b5 e5 e2 b2", m)
	}
	if m := mark(b, "dot"); m == nil || !slices.Equal(m.GetSquares(), []string{"a6", "f6", "f1", "a1"}) {
		t.Errorf("dot mark %v, want a6 f6 f1 a1", m)
	}
}

func TestCoasterChaturangaVariant(t *testing.T) {
	s := startServer(t)
	s.overBoth(t, func(t *testing.T, tr transport) {
		v := getVariant(t, s, tr, mccName)
		if v.GetTitle() != "Martian Coaster Chaturanga" || v.GetMinPlayers() != 2 || v.GetMaxPlayers() != 4 || v.GetMaxActionsPerTurn() != 3 {
			t.Errorf("%q, %d-%d players, %d actions a turn", v.GetTitle(), v.GetMinPlayers(), v.GetMaxPlayers(), v.GetMaxActionsPerTurn())
		}
		// Seats in turn order, counter-clockwise from the bottom left.
		var seats []string
		for _, st := range v.GetSeats() {
			seats = append(seats, st.GetPlayer()+"@"+st.GetSeat()+st.GetTeam())
		}
		if got := strings.Join(seats, " "); got != "bl@bl br@br tr@tr tl@tl" {
			t.Errorf("seats %s", got)
		}
		checkMccBoard(t, v.GetBoard(), "yellow", "red", "blue", "green")

		var kinds []string
		for _, p := range v.GetPieceTypes() {
			kinds = append(kinds, fmt.Sprintf("%s:%s:%d", p.GetKind(), p.GetLetter(), p.GetValue()))
		}
		if got := strings.Join(kinds, " "); got != "pawn:p:1 drone:d:2 queen:q:3" {
			t.Errorf("piece types %s", got)
		}
		// One Treehouse die, six faces.
		dice := v.GetDieTypes()
		var faces []string
		if len(dice) == 1 {
			for _, f := range dice[0].GetFaces() {
				faces = append(faces, fmt.Sprintf("%d:%s:%s", f.GetValue(), f.GetLabel(), f.GetMeaning()))
			}
		}
		if len(dice) != 1 || dice[0].GetKind() != "treehouse" || dice[0].GetCount() != 1 ||
			strings.Join(faces, " ") != "1:AIM:aim 2:DIG:dig 3:HOP:hop 4:SWAP:swap 5:TIP:tip 6:WILD:wild" {
			t.Errorf("dice %v", dice)
		}

		var actions []string
		for _, a := range v.GetActionTypes() {
			actions = append(actions, a.GetName()+":"+strings.TrimPrefix(a.GetKind().String(), "ACTION_KIND_")+":"+a.GetNotation())
			if a.GetDescription() == "" {
				t.Errorf("action %s has no description", a.GetName())
			}
		}
		if got, want := strings.Join(actions, ", "), "roll:ROLL:roll hop, move:MOVE:b6e2, enter:DROP:enter gq, aim:VARIANT:aim 2, tip:VARIANT:tip 1, "+
			"swap:VARIANT:swap tl br, dig:VARIANT:dig gp, hop:VARIANT:hop a5@b2, end:END_TURN:end, pass:PASS:pass"; got != want {
			t.Errorf("action types\n got %s\nwant %s", got, want)
		}
		var events []string
		for _, e := range v.GetEventTypes() {
			events = append(events, e.GetName()+":"+strings.TrimPrefix(e.GetKind().String(), "EVENT_KIND_"))
		}
		if got := strings.Join(events, " "); got != "dice_rolled:DICE_ROLLED capture:CAPTURE colour_changed:VARIANT turn_passed:TURN_PASSED game_over:GAME_OVER" {
			t.Errorf("event types %s", got)
		}

		var opts []string
		for _, o := range v.GetOptions() {
			opts = append(opts, fmt.Sprintf("%s:%s:%v:%d-%d:%s", o.GetName(), strings.TrimPrefix(o.GetType().String(), "OPTION_TYPE_"),
				o.GetDefaultValue().AsInterface(), o.GetMin(), o.GetMax(), strings.Join(o.GetAllowed(), ",")))
		}
		if got, want := strings.Join(opts, " "), "players:INT:4:2-4: partnership:BOOL:false:0-0: max_turns:INT:0:0-100000: "+
			"first:STRING:bl:0-0:bl,br,tr,tl drone_right:STRING::0-0: colours:STRING:yrbg:0-0:"; got != want {
			t.Errorf("options\n got %s\nwant %s", got, want)
		}
		// The board is the same for every option: there are no option boards.
		if len(v.GetOptionBoards()) != 0 {
			t.Errorf("option boards %v", v.GetOptionBoards())
		}
		if !strings.Contains(v.GetPositionNotation(), "y0r1b2g3") || !strings.Contains(v.GetActionNotation(), "swap tl br") {
			t.Errorf("notations %q %q", v.GetPositionNotation(), v.GetActionNotation())
		}
	})
}

// The set-up of the rules: each seat holds the trio of the next seat's colour on its own coaster.
func TestCoasterChaturangaStart(t *testing.T) {
	s := startServer(t)
	s.overBoth(t, func(t *testing.T, tr transport) {
		st := &pb.StartPositionResponse{}
		mcRPC(t, tr, "StartPosition", &pb.StartPositionRequest{Variant: mccName}, st)
		p := st.GetPosition()
		if p.GetText() != mccStart || p.GetToMove() != "bl" || p.GetPhase() != pb.Phase_PHASE_ROLL || len(p.GetDice()) != 0 {
			t.Errorf("start %q, %s to move, %v, dice %v", p.GetText(), p.GetToMove(), p.GetPhase(), p.GetDice())
		}
		// A piece's player is the seat whose colour it is: bl green, br blue, tr red, tl yellow.
		if got, want := piecesBySeat(p), sortedSet(strings.Fields("a1:bq:br a2:bd:br b1:bp:br f1:rq:tr e1:rd:tr f2:rp:tr "+
			"f6:yq:tl f5:yd:tl e6:yp:tl a6:gq:bl b6:gd:bl a5:gp:bl")); got != want {
			t.Errorf("start pieces\n%s\nwant\n%s", got, want)
		}
		var layout []string
		for _, l := range p.GetLayout() {
			layout = append(layout, fmt.Sprintf("%s:%s:%d", l.GetPosition(), l.GetBoard(), l.GetQuarterTurns()))
		}
		if got := strings.Join(layout, " "); got != "top_left:yellow:0 top_right:red:1 bottom_right:blue:2 bottom_left:green:3" {
			t.Errorf("layout %s", got)
		}
		if p.GetBoard() == nil {
			t.Fatal("the start has no board")
		}
		checkMccBoard(t, p.GetBoard(), "yellow", "red", "blue", "green")
		if got := playerStates(p); got != "bl:0: br:0: tr:0: tl:0:" {
			t.Errorf("players %s", got)
		}

		// Options: players 2 is the partnership game; colours and drone_right change the set-up;
		// first picks the seat to move.
		for _, c := range []struct {
			opts map[string]*structpb.Value
			text string
		}{
			{map[string]*structpb.Value{"players": structpb.NewNumberValue(2)}, mccStart + " players=2"},
			{map[string]*structpb.Value{"partnership": structpb.NewBoolValue(true), "max_turns": structpb.NewNumberValue(5)}, mccStart + " partnership max_turns=5"},
			// tl's drone to its right: a5, the pawn b6.
			{map[string]*structpb.Value{"drone_right": structpb.NewStringValue("tl"), "first": structpb.NewStringValue("tr")},
				"y0r1b2g3 gqgp2ypyq/gd4yd/6/6/bd4rp/bqbp2rdrq -,-,-,- tr - 0 first=tr"},
			// Coasters g r y b: bl is blue, br yellow, tr red, tl green, and each takes the next
			// seat's colour: bl yellow, br red, tr green, tl blue.
			{map[string]*structpb.Value{"colours": structpb.NewStringValue("gryb")},
				"g0r1y2b3 bqbd2gpgq/bp4gd/6/6/yd4rp/yqyp2rdrq -,-,-,- bl - 0"},
		} {
			st := &pb.StartPositionResponse{}
			mcRPC(t, tr, "StartPosition", &pb.StartPositionRequest{Variant: mccName, Options: c.opts}, st)
			if st.GetPosition().GetText() != c.text {
				t.Errorf("start with %v: %q, want %q", optionValues(c.opts), st.GetPosition().GetText(), c.text)
			}
		}
		err := mcCall(t, tr, "StartPosition", &pb.StartPositionRequest{Variant: mccName,
			Options: map[string]*structpb.Value{"colours": structpb.NewStringValue("yyrb")}}, &pb.StartPositionResponse{})
		if code, reason, field := errorDetails(err); code != codes.InvalidArgument || reason != "INVALID_OPTION" || !strings.Contains(field, "colours") {
			t.Errorf("colours yyrb: %v %s %q %v", code, reason, field, err)
		}
	})
}

// At the start bl rolls; after SWAP it has the 18 moves of the perft table and the six pairs of
// coasters; after swap tl br the coasters, their pieces and the seats' colours have moved.
func TestCoasterChaturangaLegalMoves(t *testing.T) {
	s := startServer(t)
	s.overBoth(t, func(t *testing.T, tr transport) {
		list := mccList(t, tr, mcc(mccStart))
		if got := strings.Join(notations(list.GetMoves()), ","); got != "roll aim,roll dig,roll hop,roll swap,roll tip,roll wild" ||
			!list.GetChance() || list.GetToMove() != "bl" || list.GetPhase() != pb.Phase_PHASE_ROLL {
			t.Errorf("start: %s, chance %v, %s to move in %v", got, list.GetChance(), list.GetToMove(), list.GetPhase())
		}
		for _, m := range list.GetMoves() {
			if m.GetKind() != pb.ActionKind_ACTION_KIND_ROLL || m.GetName() != "roll" || len(m.GetDice()) != 1 {
				t.Errorf("roll action %v", m)
			}
		}

		rolled := mccApply(t, tr, mcc(mccStart), "roll swap")
		if p := rolled.GetPosition(); p.GetText() != "y0r1b2g3 gqgd2ypyq/gp4yd/6/6/bd4rp/bqbp2rdrq -,-,-,- bl swap 0" ||
			p.GetPhase() != pb.Phase_PHASE_ACTION || len(p.GetDice()) != 1 || p.GetDice()[0].GetValue() != 4 || p.GetDice()[0].GetUsed() {
			t.Errorf("after roll swap: %q %v dice %v", p.GetText(), p.GetPhase(), p.GetDice())
		}
		// The blue drone a2 (a3 a4 b2 b3 c2 and the jumps from b2), the blue pawn b1, the green
		// pawn a5 onto its portal, the green drone b6; the queens are shut in.
		moves := "a2a3 a2a4 a2b2 a2b3 a2c2 a2b5 a2e2 a2e5 b1b2 a5b5 b6b2 b6b4 b6b5 b6c5 b6c6 b6d6 b6e2 b6e5"
		swaps := []string{"swap tl tr", "swap tl br", "swap tl bl", "swap tr br", "swap tr bl", "swap br bl"}
		next := rolled.GetNext().GetMoves()
		if len(next) != 24 {
			t.Errorf("after roll swap: %d actions, want 24: %v", len(next), notations(next))
		}
		wantActions(t, "after roll swap", next, append(strings.Fields(moves), swaps...)...)
		for _, m := range next {
			if m.GetName() == "swap" && (m.GetKind() != pb.ActionKind_ACTION_KIND_VARIANT || m.GetDieIndex() != 0) {
				t.Errorf("swap action %v", m)
			}
			if m.GetNotation() == "b6e5" && (m.GetPiece() != "gd" || m.GetFrom() != "b6" || m.GetTo() != "e5" || m.GetKind() != pb.ActionKind_ACTION_KIND_MOVE) {
				t.Errorf("b6e5: %v", m)
			}
		}

		sw := mccApply(t, tr, rolled.GetPosition(), "swap tl br")
		p := sw.GetPosition()
		if p.GetText() != mccSwapped || p.GetToMove() != "bl" || !p.GetDice()[0].GetUsed() {
			t.Errorf("after swap tl br: %q, %s to move, dice %v; want %q", p.GetText(), p.GetToMove(), p.GetDice(), mccSwapped)
		}
		if got := eventTexts(sw.GetSteps()[0].GetEvents()); !slices.Equal(got, []string{"colour_changed br blue to yellow", "colour_changed tl yellow to blue"}) {
			t.Errorf("swap events %q", got)
		}
		// The regions follow the coasters; the arrows are those of the start, the dot pattern kept.
		checkMccBoard(t, p.GetBoard(), "blue", "red", "yellow", "green")
		var layout []string
		for _, l := range p.GetLayout() {
			layout = append(layout, fmt.Sprintf("%s:%s:%d", l.GetPosition(), l.GetBoard(), l.GetQuarterTurns()))
		}
		if got := strings.Join(layout, " "); got != "top_left:blue:0 top_right:red:1 bottom_right:yellow:2 bottom_left:green:3" {
			t.Errorf("layout after the swap %s", got)
		}
		// The pieces rode along, and br (now yellow) and tl (now blue) changed colours: the seat of
		// each piece is the one whose colour it is, as the text's coasters say.
		if got, want := piecesBySeat(p), sortedSet(strings.Fields("a1:bq:tl a2:bd:tl b1:bp:tl f1:gq:bl e1:gd:bl f2:gp:bl "+
			"a6:rq:tr b6:rd:tr a5:rp:tr f6:yq:br f5:yd:br e6:yp:br")); got != want {
			t.Errorf("pieces after the swap\n%s\nwant\n%s", got, want)
		}
		// The green drone e1: e2 e3 d2 d1 c1 and the jumps b2 b5 e5; the green pawn f2e2; the blue
		// drone's 8 and b1b2; then end.
		wantActions(t, "after swap tl br", sw.GetNext().GetMoves(), strings.Fields(
			"e1e2 e1e3 e1d2 e1d1 e1c1 e1b2 e1b5 e1e5 f2e2 a2a3 a2a4 a2b2 a2b3 a2c2 a2b5 a2e2 a2e5 b1b2 end")...)
		checkNext(t, tr, "swap tl br", sw.GetNext(), p, nil, pb.MoveView_MOVE_VIEW_UNSPECIFIED)
	})
}

// A whole turn: the die rolled by the service with a seed, or by the client (ResolveDice), then
// the die action and the move in either order; the turn passes by itself.
func TestCoasterChaturangaTurn(t *testing.T) {
	s := startServer(t)
	s.overBoth(t, func(t *testing.T, tr transport) {
		seed := uint64(7)
		var first *pb.RollDiceResponse
		for i := 0; i < 2; i++ {
			r := &pb.RollDiceResponse{}
			mcRPC(t, tr, "RollDice", &pb.RollDiceRequest{Position: mcc(mccStart), Seed: &seed, IncludeNext: true}, r)
			if len(r.GetValues()) != 1 || r.GetValues()[0] < 1 || r.GetValues()[0] > 6 || r.GetSeed() != seed {
				t.Fatalf("roll: values %v seed %d", r.GetValues(), r.GetSeed())
			}
			v := r.GetValues()[0]
			p := r.GetPosition()
			if want := "y0r1b2g3 gqgd2ypyq/gp4yd/6/6/bd4rp/bqbp2rdrq -,-,-,- bl " + mccFaceNames[v] + " 0"; p.GetText() != want ||
				len(p.GetDice()) != 1 || p.GetDice()[0].GetValue() != v || p.GetDice()[0].GetMeans() != mccFaceNames[v] || p.GetDice()[0].GetKind() != "treehouse" {
				t.Errorf("rolled %d: %q dice %v, want %q", v, p.GetText(), p.GetDice(), want)
			}
			if got := eventTexts(r.GetEvents()); !slices.Equal(got, []string{fmt.Sprintf("dice_rolled bl rolled %d", v)}) {
				t.Errorf("roll events %q", got)
			}
			if n := len(r.GetNext().GetMoves()); n != mccFaceActions[v] || r.GetNext().GetChance() {
				t.Errorf("after rolling %d: %d actions, want %d", v, n, mccFaceActions[v])
			}
			checkNext(t, tr, "roll", r.GetNext(), p, nil, pb.MoveView_MOVE_VIEW_UNSPECIFIED)
			if first == nil {
				first = r
			} else if !slices.Equal(r.GetValues(), first.GetValues()) || r.GetPosition().GetText() != first.GetPosition().GetText() {
				t.Errorf("seed %d rolled %v, then %v", seed, first.GetValues(), r.GetValues())
			}
		}

		// The client's own roll: SWAP is face 4.
		res := &pb.ResolveDiceResponse{}
		mcRPC(t, tr, "ResolveDice", &pb.ResolveDiceRequest{Position: mcc(mccStart), Values: []int32{4}, IncludeNext: true}, res)
		if res.GetPosition().GetText() != "y0r1b2g3 gqgd2ypyq/gp4yd/6/6/bd4rp/bqbp2rdrq -,-,-,- bl swap 0" || res.GetRollAgain() || len(res.GetNext().GetMoves()) != 24 {
			t.Errorf("resolve 4: %q, roll again %v, %d actions", res.GetPosition().GetText(), res.GetRollAgain(), len(res.GetNext().GetMoves()))
		}
		// A position whose die is rolled already takes no roll.
		err := mcCall(t, tr, "ResolveDice", &pb.ResolveDiceRequest{Position: res.GetPosition(), Values: []int32{4}}, &pb.ResolveDiceResponse{})
		if code := status.Code(err); code != codes.FailedPrecondition {
			t.Errorf("resolve after the roll: %v", err)
		}

		// The die action, then the move: e1e3 ends the turn, br rolls next.
		const after = "b0r1y2g3 rqrd2ypyq/rp4yd/6/4gd1/bd4gp/bqbp3gq -,-,-,- br - 1"
		a := mccApply(t, tr, res.GetPosition(), "swap tl br", "e1e3")
		if p := a.GetPosition(); p.GetText() != after || p.GetToMove() != "br" || p.GetPhase() != pb.Phase_PHASE_ROLL || len(p.GetDice()) != 0 {
			t.Errorf("after the turn: %q, %s to move, %v", p.GetText(), p.GetToMove(), p.GetPhase())
		}
		if got := eventTexts(a.GetSteps()[1].GetEvents()); !slices.Equal(got, []string{"turn_passed br"}) {
			t.Errorf("e1e3 events %q", got)
		}
		if c, _ := counter(a.GetPosition(), "turns"); c != 1 || !a.GetNext().GetChance() || len(a.GetNext().GetMoves()) != 6 {
			t.Errorf("after the turn: turns %d, chance %v, %d actions", c, a.GetNext().GetChance(), len(a.GetNext().GetMoves()))
		}
		checkNext(t, tr, "turn", a.GetNext(), a.GetPosition(), nil, pb.MoveView_MOVE_VIEW_UNSPECIFIED)
		// ValidateMove agrees on the last action.
		v := validate(t, tr, mcc(mccSwapped), "e1e3")
		if v.GetPosition().GetText() != after || v.GetMove().GetPiece() != "gd" || v.GetMove().GetPlayer() != "bl" {
			t.Errorf("validate e1e3: %q %v", v.GetPosition().GetText(), v.GetMove())
		}

		// The move first: then the swap or end, nothing else; the swap ends the turn.
		a = mccApply(t, tr, res.GetPosition(), "b1b2")
		if p := a.GetPosition(); p.GetText() != "y0r1b2g3 gqgd2ypyq/gp4yd/6/6/bdbp3rp/bq3rdrq -,-,-,- bl swap:m 0" || !p.GetTurn().GetMoveDone() {
			t.Errorf("after b1b2: %q, turn %v", p.GetText(), p.GetTurn())
		}
		wantActions(t, "after the move", a.GetNext().GetMoves(), "swap tl tr", "swap tl br", "swap tl bl", "swap tr br", "swap tr bl", "swap br bl", "end")
		a = mccApply(t, tr, a.GetPosition(), "swap tr bl")
		if p := a.GetPosition(); p.GetToMove() != "br" || !strings.HasSuffix(p.GetText(), " br - 1") {
			t.Errorf("after b1b2 swap tr bl: %q", p.GetText())
		}
	})
}

// Values that are no face of the Treehouse die are the client's mistake, named by the field.
func TestCoasterChaturangaResolveBadDice(t *testing.T) {
	s := startServer(t)
	s.overBoth(t, func(t *testing.T, tr transport) {
		for _, bad := range [][]int32{{7}, {0}, {4, 4}} {
			err := mcCall(t, tr, "ResolveDice", &pb.ResolveDiceRequest{Position: mcc(mccStart), Values: bad}, &pb.ResolveDiceResponse{})
			if code, reason, field := errorDetails(err); code != codes.InvalidArgument || field != "values" || !strings.Contains(status.Convert(err).Message(), "Treehouse") {
				t.Errorf("resolve %v: %v %s %q %v; want INVALID_ARGUMENT on values", bad, code, reason, field, err)
			}
		}
		// Perft's fixed rolls are checked the same way.
		err := mcCall(t, tr, "Perft", &pb.PerftRequest{Position: mcc(mccStart), Depth: 1, Rolls: []*pb.DiceRoll{{Values: []int32{9}}}}, &pb.PerftResponse{})
		if code, reason, field := errorDetails(err); code != codes.InvalidArgument || reason != "INVALID_DICE" || field != "rolls[0].values" {
			t.Errorf("perft with roll 9: %v %s %q %v", code, reason, field, err)
		}
	})
}

// ValidateMove's reasons for well-formed actions the rules refuse, in the player's words, and
// ApplyMoves stopping at them with the same reason.
func TestCoasterChaturangaReasons(t *testing.T) {
	// bl (green) holds its green pawn, and a yellow pawn stands on its portal b2, on the green
	// coaster: clearing the portal comes first, before re-entry and the die.
	const occupied = "y0r1b2g3 gq5/6/6/6/1yp4/5gd gp,ydyqrprdrq,bpbdbq,- bl - 0"
	const portalReason = "your portal is occupied: move the yellow pawn off b2 first"
	s := startServer(t)
	s.overBoth(t, func(t *testing.T, tr transport) {
		a := mccApply(t, tr, mcc(occupied), "roll aim")
		cleared := a.GetPosition()
		if cleared.GetText() != "y0r1b2g3 gq5/6/6/6/1yp4/5gd gp,ydyqrprdrq,bpbdbq,- bl aim!clear 0" || cleared.GetTurn().GetCompulsory() != "clear_portal" {
			t.Errorf("after the roll: %q, turn %v", cleared.GetText(), cleared.GetTurn())
		}
		// The pawn steps by b2's exits N E W, or jumps to an empty portal with its one pip.
		wantActions(t, "clearing the portal", a.GetNext().GetMoves(), "b2b3", "b2c2", "b2a2", "b2b5", "b2e5", "b2e2")
		swapped := mccApply(t, tr, mcc(mccStart), "roll swap").GetPosition()
		for _, c := range []struct {
			pos            *pb.Position
			action, reason string
		}{
			{cleared, "a6b6", portalReason},
			{cleared, "aim 1", portalReason},
			{cleared, "enter gp", portalReason},
			{mcc(mccStart), "b1b2", "roll the Treehouse die first"},
			{mcc(mccStart), "swap tl br", "roll the Treehouse die first"},
			{swapped, "roll aim", "the die is rolled already this turn"},
			{swapped, "aim 1", "the die shows swap, not aim"},
			{swapped, "f6f5", "bl moves pieces of green and pieces on the green coaster, not the yellow queen on f6"},
			{swapped, "c3c4", "there is no piece on c3"},
			{swapped, "enter gq", "bl does not hold the green queen"},
			{swapped, "end", "make the move or the die action before ending the turn"},
			{swapped, "pass", "pass only when neither a move nor the die action is possible"},
			{swapped, "hop a2@e5", "the die shows swap, not hop"},
			{mcc(mccSwapped), "swap tl tr", "the die action of this turn is done"},
			// The queen a1 is shut in by its own pieces.
			{swapped, "a1a3", "the blue queen on a1 cannot reach a3 within 3 steps: the way is blocked (a move passes only empty squares, and a jump from a portal with pips left must go on)"},
		} {
			v := &pb.ValidateMoveResponse{}
			mcRPC(t, tr, "ValidateMove", &pb.ValidateMoveRequest{Position: c.pos, Move: &pb.Action{Notation: c.action}, IncludeNext: true}, v)
			if v.GetLegal() || v.GetReason() != c.reason || v.GetPosition() != nil || v.GetNext() != nil {
				t.Errorf("%s in %q: legal %v, reason\n got %q\nwant %q", c.action, c.pos.GetText(), v.GetLegal(), v.GetReason(), c.reason)
			}
			app := &pb.ApplyMovesResponse{}
			mcRPC(t, tr, "ApplyMoves", &pb.ApplyMovesRequest{Position: c.pos, Moves: []*pb.Action{{Notation: c.action}}}, app)
			if f := app.GetFailure(); app.GetApplied() != 0 || f.GetIndex() != 0 || f.GetNotation() != c.action || f.GetReason() != c.reason {
				t.Errorf("%s: apply %d, failure %v", c.action, app.GetApplied(), f)
			}
		}
		// Once the portal is clear the move is made: the die action or end remain.
		wantActions(t, "after clearing", mccApply(t, tr, cleared, "b2a2").GetNext().GetMoves(), "aim 1", "aim 2", "aim 3", "end")
	})
}

// Malformed actions and positions are INVALID_ARGUMENT naming the field and what is wrong.
func TestCoasterChaturangaMalformed(t *testing.T) {
	s := startServer(t)
	swappedRoll := "y0r1b2g3 gqgd2ypyq/gp4yd/6/6/bd4rp/bqbp2rdrq -,-,-,- bl swap 0"
	s.overBoth(t, func(t *testing.T, tr transport) {
		for _, c := range []struct{ action, message string }{
			{"swap tl tl", `malformed action "swap tl tl": swap wants two different positions among tl tr br bl, such as swap tl br`},
			{"swap tl xx", `malformed action "swap tl xx": swap wants two different positions among tl tr br bl, such as swap tl br`},
			{"aim 4", `malformed action "aim 4": aim wants 1, 2 or 3 quarter turns`},
			{"tip 0", `malformed action "tip 0": tip wants 1, 2 or 3 quarter turns`},
			{"enter gk", `malformed action "enter gk": want a piece such as gq after enter`},
			{"hop a5b2", `malformed action "hop a5b2": hop wants a square and a portal, such as hop a5@b2`},
			{"roll six", `malformed action "roll six": roll wants a face: aim dig hop swap tip wild`},
			{"end now", `malformed action "end now": end takes nothing after it`},
			{"b6g2", `malformed action "b6g2": want a move such as b6e2, or enter gq, aim 2, tip 1, swap tl br, dig gp, hop a5@b2, end, pass, roll aim`},
		} {
			err := mcCall(t, tr, "ValidateMove", &pb.ValidateMoveRequest{Position: mcc(swappedRoll), Move: &pb.Action{Notation: c.action}}, &pb.ValidateMoveResponse{})
			if code, reason, field := errorDetails(err); code != codes.InvalidArgument || reason != "MALFORMED_ACTION" || field != "move.notation" {
				t.Errorf("ValidateMove %s: %v %s %q", c.action, code, reason, field)
			}
			if msg := status.Convert(err).Message(); msg != c.message {
				t.Errorf("ValidateMove %s: message\n got %q\nwant %q", c.action, msg, c.message)
			}
		}
		for _, c := range []struct{ text, says string }{
			{"y0r1b2g2 gqgd2ypyq/gp4yd/6/6/bd4rp/bqbp2rdrq -,-,-,- bl - 0", "one dot pattern"},
			{"y0y1b2g3 gqgd2ypyq/gp4yd/6/6/bd4rp/bqbp2rdrq -,-,-,- bl - 0", "each colour"},
			{"y0r1b2g3 gqgd2ypyq/gp4yd/6/6/bd4rp/bqbp3rq -,-,-,- bl - 0", "rd is neither on the board nor held"},
			{"y0r1b2g3 gqgd2ypyq/gp4yd/6/6/bd4rp/bqbp2rdrq -,-,- bl - 0", "held"},
			{"y0r1b2g3 gqgd2ypyq/gp4yd/6/6/bd4rp/bqbp2rdrq -,-,-,- xx - 0", "to_move"},
			{"y0r1b2g3 gqgd2ypyq/gp4yd/6/6/bd4rp/bqbp2rdrq -,-,-,- bl jump 0", "turn"},
			{"y0r1b2g3 gqgd2ypyq/gp4yd/6/6/bd4rp/bqbp2rdrq -,-,-,- bl - 0 max_turns=0", "max_turns"},
			// The re-entered piece must stand on bl's portal b2.
			{"y0r1b2g3 gqgd2ypyq/gp4yd/6/6/bd4rp/bqbp2rdrq -,-,-,- bl aim:m^bd 0", "portal"},
		} {
			err := mcCall(t, tr, "ListLegalMoves", &pb.ListLegalMovesRequest{Position: mcc(c.text)}, &pb.ListLegalMovesResponse{})
			if code, reason, field := errorDetails(err); code != codes.InvalidArgument || reason != "INVALID_POSITION" || field != "position.text" ||
				!strings.Contains(status.Convert(err).Message(), c.says) {
				t.Errorf("%q: %v %s %q %v; want INVALID_POSITION on position.text saying %q", c.text, code, reason, field, err, c.says)
			}
		}
	})
}

// mccStandings writes standings' score parts and tie-breaks as player:place:score:parts:tiebreaks.
func mccStandings(st []*pb.Standing) string {
	var out []string
	for _, s := range st {
		out = append(out, fmt.Sprintf("%s:%d:%d:%s:%s", s.GetPlayer(), s.GetPlace(), s.GetScore(), scoreParts(s.GetScoreParts()), scoreParts(s.GetTieBreaks())))
	}
	return strings.Join(out, " ")
}

func scoreParts(parts []*pb.ScorePart) string {
	var out []string
	for _, p := range parts {
		out = append(out, fmt.Sprintf("%s=%d", p.GetSource(), p.GetPoints()))
	}
	return strings.Join(out, ",")
}

func mccTeams(tm []*pb.TeamStanding) string {
	var out []string
	for _, s := range tm {
		out = append(out, fmt.Sprintf("%s[%s]:%d:%d:%s:%s", s.GetTeam(), strings.Join(s.GetPlayers(), ","), s.GetPlace(), s.GetScore(),
			scoreParts(s.GetScoreParts()), scoreParts(s.GetTieBreaks())))
	}
	return strings.Join(out, " ")
}

// The score by the colours as they are: + pips held of other colours, - pips held of one's own;
// ties by own pips, largest own piece and own pieces on the board, then turn order. Counted by
// hand on the start layout (bl green, br blue, tr red, tl yellow).
func TestCoasterChaturangaScore(t *testing.T) {
	// On the board gq a6, gp b1 (bl's), bd d1 (br's), rd f6 (tr's); no yellow, and tl is to move:
	// the game is over. bl holds yp rq gd: +4 -2 = 2, own pips 4; br holds yq: 3; tr holds rp bq:
	// +3 -1 = 2, own pips 2; tl holds yd bp: +1 -2 = -1. bl and tr tie on 2: bl's pips win.
	const board = "y0r1b2g3 gq4rd/6/6/6/6/1gp1bd2 yprqgd,yq,rpbq,ydbp"
	const tb = "own_pips_on_board=%d,largest_own_piece=%d,own_pieces_on_board=%d,turn_order=%d"
	seat := func(name string, place, score, plus, minus int, tie ...any) string {
		return fmt.Sprintf("%s:%d:%d:held_other_colours=%d,held_own_colour=%d:", name, place, score, plus, minus) + fmt.Sprintf(tb, tie...)
	}
	solo := func(pl [4]int) string {
		return strings.Join([]string{seat("bl", pl[0], 2, 4, -2, 4, 3, 2, 1), seat("br", pl[1], 3, 3, 0, 2, 2, 1, 2),
			seat("tr", pl[2], 2, 3, -1, 2, 2, 1, 3), seat("tl", pl[3], -1, 1, -2, 0, 0, 0, 4)}, " ")
	}
	// Each seat's standing is its own; the team standings carry the side's sums, the larger of
	// the largest pieces and the earlier seat: bl+tr 4 (+7 -3; pips 6, largest 3, 3 pieces),
	// br+tl 2 (+4 -2; 2, 2, 1). Partners share their side's place.
	side1, side2 := "held_other_colours=7,held_own_colour=-3:"+fmt.Sprintf(tb, 6, 3, 3, 1), "held_other_colours=4,held_own_colour=-2:"+fmt.Sprintf(tb, 2, 2, 1, 2)
	partners := solo
	teams := func(p1, p2 int) string {
		return fmt.Sprintf("bl_tr[bl,tr]:%d:4:%s br_tl[br,tl]:%d:2:%s", p1, side1, p2, side2)
	}
	ongoing, finished := pb.GameStatus_GAME_STATUS_ONGOING, pb.GameStatus_GAME_STATUS_FINISHED
	s := startServer(t)
	s.overBoth(t, func(t *testing.T, tr transport) {
		for _, c := range []struct {
			text      string
			status    pb.GameStatus
			reason    string
			winners   string
			standings string
			teams     string
		}{
			{board + " tl - 39", finished, "colour_gone", "br", solo([4]int{2, 1, 3, 4}), ""},
			// bl to move has green on the board: the game goes on, with the same scores.
			{board + " bl - 36", ongoing, "", "", solo([4]int{}), ""},
			// The turn limit is checked first, and names the end.
			{board + " tl - 40 max_turns=10", finished, "turn_limit", "br", solo([4]int{2, 1, 3, 4}), ""},
			{board + " tl - 39 partnership", finished, "colour_gone", "bl tr", partners([4]int{1, 3, 1, 3}), teams(1, 2)},
			{board + " tl - 39 players=2", finished, "colour_gone", "bl tr", partners([4]int{1, 3, 1, 3}), teams(1, 2)},
			{board + " bl - 36 players=2", ongoing, "", "", partners([4]int{}), teams(0, 0)},
		} {
			sc := mcScore(t, tr, mcc(c.text))
			if sc.GetStatus() != c.status || sc.GetReason() != c.reason || strings.Join(sc.GetWinners(), " ") != c.winners {
				t.Errorf("%q: %v %q winners %v; want %v %q %s", c.text, sc.GetStatus(), sc.GetReason(), sc.GetWinners(), c.status, c.reason, c.winners)
			}
			if got := mccStandings(sc.GetStandings()); got != c.standings {
				t.Errorf("%q: standings\n got %s\nwant %s", c.text, got, c.standings)
			}
			if got := mccTeams(sc.GetTeams()); got != c.teams {
				t.Errorf("%q: teams\n got %s\nwant %s", c.text, got, c.teams)
			}
			for _, st := range sc.GetStandings() {
				want := ""
				if c.teams != "" {
					want = map[string]string{"bl": "bl_tr", "tr": "bl_tr", "br": "br_tl", "tl": "br_tl"}[st.GetPlayer()]
				}
				if st.GetTeam() != want {
					t.Errorf("%q: %s in team %q, want %q", c.text, st.GetPlayer(), st.GetTeam(), want)
				}
			}
			// The held pieces per seat, and each seat's own score parts, are in the position.
			if got := playerStates(sc.GetPosition()); got != "bl:2:yp,rq,gd br:3:yq tr:2:rp,bq tl:-1:yd,bp" {
				t.Errorf("%q: players %s", c.text, got)
			}
			// The same held pieces in structured form, each with its colour, and each seat's colour.
			var held []string
			for _, pl := range sc.GetPosition().GetPlayers() {
				var hs []string
				for _, h := range pl.GetHeldPieces() {
					hs = append(hs, h.GetColor()+" "+h.GetKind())
				}
				held = append(held, pl.GetName()+"("+pl.GetColor()+"):"+strings.Join(hs, ","))
			}
			if got := strings.Join(held, " "); got != "bl(green):yellow pawn,red queen,green drone br(blue):yellow queen tr(red):red pawn,blue queen tl(yellow):yellow drone,blue pawn" {
				t.Errorf("%q: held pieces %s", c.text, got)
			}
		}
		// A tie in everything goes to the earlier seat in turn order, counted from the first.
		for _, c := range []struct{ text, winner, places string }{
			{"y0r1b2g3 gqgd2ypyq/gp4yd/6/6/bd4rp/bqbp2rdrq -,-,-,- bl - 4 max_turns=1", "bl", "bl:1 br:2 tr:3 tl:4"},
			{"y0r1b2g3 gqgd2ypyq/gp4yd/6/6/bd4rp/bqbp2rdrq -,-,-,- tr - 4 max_turns=1 first=tr", "tr", "bl:3 br:4 tr:1 tl:2"},
		} {
			sc := mcScore(t, tr, mcc(c.text))
			var places []string
			for _, st := range sc.GetStandings() {
				places = append(places, fmt.Sprintf("%s:%d", st.GetPlayer(), st.GetPlace()))
			}
			if strings.Join(sc.GetWinners(), " ") != c.winner || strings.Join(places, " ") != c.places || sc.GetReason() != "turn_limit" {
				t.Errorf("%q: winners %v, places %v, %q; want %s, %s", c.text, sc.GetWinners(), places, sc.GetReason(), c.winner, c.places)
			}
		}
	})
}

// The game ends at the start of a turn whose seat has no piece of its colour on the board, or
// after max_turns turns of every seat.
func TestCoasterChaturangaEnd(t *testing.T) {
	s := startServer(t)
	s.overBoth(t, func(t *testing.T, tr transport) {
		// tr (red) has done its AIM; its queen takes the yellow drone, tl's last yellow piece, and
		// the turn passes to tl, who has none.
		v := validate(t, tr, mcc("y0r1b2g3 5rq/5yd/6/6/6/gq2bq2 -,ypyqrprdgpgd,-,bpbd tr aim:d 38"), "f6f5")
		p := v.GetPosition()
		if p.GetText() != "y0r1b2g3 6/5rq/6/6/6/gq2bq2 -,ypyqrprdgpgd,yd,bpbd tl - 39" || p.GetPhase() != pb.Phase_PHASE_FINISHED {
			t.Errorf("after f6f5: %q %v", p.GetText(), p.GetPhase())
		}
		if m := v.GetMove(); m.GetCaptured() != "yd" || m.GetPiece() != "rq" || m.GetPlayer() != "tr" {
			t.Errorf("f6f5: %v", m)
		}
		if got := eventTexts(v.GetEvents()); !slices.Equal(got, []string{"capture tr f5 yd held by tr", "game_over colour_gone"}) {
			t.Errorf("f6f5 events %q", got)
		}
		// br holds 10 pips, tl 3, tr 2, bl none.
		n := v.GetNext()
		if n.GetStatus() != pb.GameStatus_GAME_STATUS_FINISHED || n.GetReason() != "colour_gone" || !slices.Equal(n.GetWinners(), []string{"br"}) ||
			len(n.GetMoves()) != 0 || standings(n.GetStandings()) != "bl:4:0 br:1:10 tr:3:2 tl:2:3" {
			t.Errorf("the end: %v %q %v %s, %d actions", n.GetStatus(), n.GetReason(), n.GetWinners(), standings(n.GetStandings()), len(n.GetMoves()))
		}
		err := mcCall(t, tr, "ValidateMove", &pb.ValidateMoveRequest{Position: p, Move: &pb.Action{Notation: "roll aim"}}, &pb.ValidateMoveResponse{})
		if code, reason, _ := errorDetails(err); code != codes.FailedPrecondition || reason != "GAME_OVER" {
			t.Errorf("an action after the end: %v", err)
		}
		err = mcCall(t, tr, "RollDice", &pb.RollDiceRequest{Position: p}, &pb.RollDiceResponse{})
		if code, reason, _ := errorDetails(err); code != codes.FailedPrecondition || reason != "GAME_OVER" {
			t.Errorf("a roll after the end: %v", err)
		}

		// max_turns 1: one turn each, then the game is over whatever is on the board.
		st := &pb.StartPositionResponse{}
		mcRPC(t, tr, "StartPosition", &pb.StartPositionRequest{Variant: mccName, Options: map[string]*structpb.Value{"max_turns": structpb.NewNumberValue(1)}}, st)
		pos := st.GetPosition()
		var last *pb.ApplyMovesResponse
		for i := 0; i < 40 && pos.GetPhase() != pb.Phase_PHASE_FINISHED; i++ {
			if c, _ := counter(pos, "turns"); c >= 4 {
				t.Fatalf("turn %d reached: %q", c, pos.GetText())
			}
			list := mccList(t, tr, pos)
			// DIG has nothing to dig: the turn is a move, then it passes.
			action := "roll dig"
			if !list.GetChance() {
				action = list.GetMoves()[0].GetNotation()
			}
			last = mccApply(t, tr, pos, action)
			pos = last.GetPosition()
		}
		if c, _ := counter(pos, "turns"); c != 4 || pos.GetPhase() != pb.Phase_PHASE_FINISHED || !strings.HasSuffix(pos.GetText(), " bl - 4 max_turns=1") ||
			last.GetNext().GetReason() != "turn_limit" {
			t.Errorf("after a round with max_turns 1: %q, turns %d, %v, %q", pos.GetText(), c, pos.GetPhase(), last.GetNext().GetReason())
		}
		if got := eventTexts(last.GetSteps()[0].GetEvents()); len(got) == 0 || got[len(got)-1] != "game_over turn_limit" || slices.Contains(got, "turn_passed bl") {
			t.Errorf("last events %q", got)
		}
	})
}

// Perft over the API gives the rules file's numbers; the search answers a legal action.
func TestCoasterChaturangaPerftAndSearch(t *testing.T) {
	s := startServer(t)
	s.overBoth(t, func(t *testing.T, tr transport) {
		for depth, want := range []uint64{1: 164, 2: 5919, 3: 583192} {
			if depth == 0 {
				continue
			}
			resp := &pb.PerftResponse{}
			mcRPC(t, tr, "Perft", &pb.PerftRequest{Position: mcc(mccStart), Depth: int32(depth), Divide: true}, resp)
			var sum uint64
			for _, d := range resp.GetDivide() {
				sum += d.GetNodes()
			}
			if resp.GetNodes() != want || sum != want || len(resp.GetDivide()) != 6 {
				t.Errorf("perft %d = %d (%d divide entries adding to %d), want %d over the six rolls", depth, resp.GetNodes(), len(resp.GetDivide()), sum, want)
			}
			if depth == 1 {
				for _, d := range resp.GetDivide() {
					if f := slices.Index(mccFaceNames, strings.TrimPrefix(d.GetMove().GetNotation(), "roll ")); f < 1 || d.GetNodes() != uint64(mccFaceActions[int32(f)]) {
						t.Errorf("perft 1 divide %s: %d", d.GetMove(), d.GetNodes())
					}
				}
			}
		}
		// players=2 at depth 2, and fixed rolls: SWAP then the perft table's 24 and 240.
		resp := &pb.PerftResponse{}
		mcRPC(t, tr, "Perft", &pb.PerftRequest{Position: mcc(mccStart + " players=2"), Depth: 2}, resp)
		if resp.GetNodes() != 5834 {
			t.Errorf("players=2 perft 2 = %d, want 5834", resp.GetNodes())
		}
		mcRPC(t, tr, "Perft", &pb.PerftRequest{Position: mcc(mccStart), Depth: 2, Rolls: []*pb.DiceRoll{{Values: []int32{4}}}}, resp)
		if resp.GetNodes() != 240 {
			t.Errorf("perft 2 rolling SWAP = %d, want 240", resp.GetNodes())
		}

		for _, text := range []string{mccSwapped, "y0r1b2g3 gqgd2ypyq/gp4yd/6/6/bd4rp/bqbp2rdrq -,-,-,- bl wild 0",
			"y0r1b2g3 5rq/5yd/6/6/6/gq2bq2 -,ypyqrprdgpgd,-,bpbd tr aim:d 38"} {
			sr := &pb.SearchResponse{}
			mcRPC(t, tr, "Search", &pb.SearchRequest{Position: mcc(text), Depth: 2}, sr)
			list := mccList(t, tr, mcc(text))
			if best := sr.GetBestAction().GetNotation(); !slices.Contains(notations(list.GetMoves()), best) {
				t.Errorf("search in %q: best %q is not among %v", text, best, notations(list.GetMoves()))
			}
		}
	})
}
