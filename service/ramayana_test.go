package service

import (
	"context"
	"net/http"
	"slices"
	"sort"
	"strings"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	"github.com/ashtapada/ashtapada/engine"
	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
)

// Ramayana Chess through the real server, over gRPC and over the JSON gateway. Every position
// text here was checked by parsing it with the engine, and every answer below was worked out by
// hand from the rules (docs/rules/ramayana.md).

const ramayanaStart = "3imbw3/3ydrh3/3uuuu3/10/10/10/10/1K8/8K1/10/10/10/10/3UUUU3/3HRDY3/3WBMI3 y 0 1"

func ramayana(text string) *pb.Position { return &pb.Position{Variant: "ramayana", Text: text} }

// eventTexts writes events as "name player square piece description", empty fields left out.
func eventTexts(evs []*pb.Event) []string {
	var out []string
	for _, e := range evs {
		var parts []string
		for _, f := range []string{e.GetName(), e.GetPlayer(), e.GetSquare(), e.GetPiece(), e.GetDescription()} {
			if f != "" {
				parts = append(parts, f)
			}
		}
		out = append(out, strings.Join(parts, " "))
	}
	return out
}

// notations lists the actions' texts, sorted.
func notations(moves []*pb.Action) []string {
	var out []string
	for _, m := range moves {
		out = append(out, m.GetNotation())
	}
	sort.Strings(out)
	return out
}

// getRamayana fetches the variant over gRPC or, with GET /v1/variants/ramayana, over JSON.
func getRamayana(t *testing.T, s *testServer, over string) *pb.Variant {
	t.Helper()
	if over == "grpc" {
		resp, err := s.rules.GetVariant(context.Background(), &pb.GetVariantRequest{Name: "ramayana"})
		if err != nil {
			t.Fatal(err)
		}
		return resp.GetVariant()
	}
	r, raw := httpDo(t, s.httpURL+"/v1/variants/ramayana", http.MethodGet, "")
	if r.StatusCode != http.StatusOK {
		t.Fatalf("GET /v1/variants/ramayana: %d %s", r.StatusCode, raw)
	}
	resp := &pb.GetVariantResponse{}
	if err := protojson.Unmarshal(raw, resp); err != nil {
		t.Fatal(err)
	}
	return resp.GetVariant()
}

// GetVariant describes the board well enough to draw it: every square with its coordinates and
// region, the regions (India, six islands, the ocean), and the squares the rules single out.
func TestRamayanaVariant(t *testing.T) {
	s := startServer(t)
	for _, over := range []string{"grpc", "json"} {
		t.Run(over, func(t *testing.T) {
			v := getRamayana(t, s, over)
			b := v.GetBoard()
			if v.GetTitle() != "Ramayana Chess" || v.GetMinPlayers() != 2 || v.GetMaxPlayers() != 2 || v.GetRepetition() != 3 {
				t.Errorf("variant %q players %d-%d repetition %d", v.GetTitle(), v.GetMinPlayers(), v.GetMaxPlayers(), v.GetRepetition())
			}
			if len(v.GetSeats()) != 2 || v.GetSeats()[0].GetPlayer() != "yellow" || v.GetSeats()[1].GetPlayer() != "red" {
				t.Errorf("seats %v", v.GetSeats())
			}
			if b.GetFiles() != 10 || b.GetRanks() != 16 || len(b.GetSquares()) != 84 {
				t.Fatalf("board %dx%d with %d squares", b.GetFiles(), b.GetRanks(), len(b.GetSquares()))
			}
			squares := map[string]*pb.Square{}
			for _, sq := range b.GetSquares() {
				if squares[sq.GetName()] != nil {
					t.Errorf("square %s listed twice", sq.GetName())
				}
				squares[sq.GetName()] = sq
			}
			for _, c := range []struct {
				name, region string
				file, rank   int32
			}{
				{"b9", "west_archipelago", 1, 8}, {"a8", "west_archipelago", 0, 7}, {"i8", "east_archipelago", 8, 7},
				{"j9", "east_archipelago", 9, 8}, {"a4", "west_square", 0, 3}, {"j13", "east_square", 9, 12},
				{"b12", "west_pair", 1, 11}, {"i5", "east_pair", 8, 4}, {"d1", "india", 3, 0}, {"g16", "india", 6, 15},
			} {
				sq := squares[c.name]
				if sq == nil || sq.GetFile() != c.file || sq.GetRank() != c.rank || sq.GetRegion() != c.region {
					t.Errorf("%s = %v, want file %d rank %d region %s", c.name, sq, c.file, c.rank, c.region)
				}
			}
			for _, absent := range []string{"c3", "h8", "a1", "j16", "c12", "b10"} {
				if squares[absent] != nil {
					t.Errorf("%s is listed as a square", absent)
				}
			}

			regions := map[string]*pb.Region{}
			for _, r := range b.GetRegions() {
				regions[r.GetName()] = r
			}
			want := map[string]struct {
				kind string
				n    int
			}{"india": {"mainland", 64}, "west_archipelago": {"island", 4}, "east_archipelago": {"island", 4},
				"west_square": {"island", 4}, "east_square": {"island", 4}, "west_pair": {"island", 2},
				"east_pair": {"island", 2}, "ocean": {"ocean", 76}}
			if len(regions) != len(want) || len(b.GetRegions()) != len(want) {
				t.Errorf("%d regions, want %d: %v", len(b.GetRegions()), len(want), b.GetRegions())
			}
			for name, w := range want {
				r := regions[name]
				if r == nil || r.GetKind() != w.kind || len(r.GetSquares()) != w.n {
					t.Errorf("region %s = %v, want kind %s with %d squares", name, r, w.kind, w.n)
				}
			}
			// A client draws the board from this alone: every square in a region that exists and
			// lists it, every grid cell a square or ocean, never both.
			for name, sq := range squares {
				r := regions[sq.GetRegion()]
				if r == nil || r.GetKind() == "ocean" || !slices.Contains(r.GetSquares(), name) {
					t.Errorf("square %s: region %q does not hold it", name, sq.GetRegion())
				}
			}
			ocean := map[string]bool{}
			for _, c := range regions["ocean"].GetSquares() {
				if squares[c] != nil {
					t.Errorf("ocean cell %s is a square", c)
				}
				ocean[c] = true
			}
			for r := range 16 {
				for f := range 10 {
					name := engine.SquareName(f, r)
					if (squares[name] != nil) == ocean[name] {
						t.Errorf("cell %s: square %v, ocean %v", name, squares[name] != nil, ocean[name])
					}
				}
			}

			var marks []string
			for _, m := range b.GetMarks() {
				if m.GetDescription() == "" {
					t.Errorf("mark %s has no description", m.GetName())
				}
				marks = append(marks, m.GetName()+" "+m.GetPlayer()+" "+strings.Join(m.GetSquares(), ","))
			}
			if got, want := strings.Join(marks, "; "), "rakshasa_start  i8,b9; maharajah_square yellow f15; maharajah_square red e2; "+
				"last_row yellow d16,e16,f16,g16; last_row red d1,e1,f1,g1"; got != want {
				t.Errorf("marks\n got %s\nwant %s", got, want)
			}

			kinds := map[string]*pb.PieceType{}
			for _, p := range v.GetPieceTypes() {
				kinds[p.GetKind()] = p
			}
			if len(kinds) != 13 || !kinds["rakshasa"].GetNeutral() || kinds["rakshasa"].GetLetter() != "K" ||
				!kinds["rajah"].GetRoyal() || !kinds["maharajah"].GetRoyal() || kinds["maharajah"].GetLetter() != "+R" ||
				!kinds["dropped_untouchable"].GetImmobile() || kinds["buddha"].GetLetter() != "+U" || kinds["brahmin"].GetRoyal() {
				t.Errorf("piece types %v", v.GetPieceTypes())
			}
			var actions []string
			for _, a := range v.GetActionTypes() {
				actions = append(actions, a.GetName()+" "+a.GetNotation())
			}
			if got := strings.Join(actions, ", "); got != "move d3d4, drop d15d16@b12, buddha d15d16=buddha, rakshasa b9e12^a8" {
				t.Errorf("action types %s", got)
			}
		})
	}
}

// The start position: the rules' set-up, yellow to move with the twelve moves of the four
// Untouchables, the Shikari, the Devapala and the Yavana.
func TestRamayanaStart(t *testing.T) {
	s := startServer(t)
	s.overBoth(t, func(t *testing.T, tr transport) {
		start := &pb.StartPositionResponse{}
		if err := tr.call(t, rulesMethod+"StartPosition", "/v1/variants/ramayana:start", &pb.StartPositionRequest{Variant: "ramayana"}, start); err != nil {
			t.Fatal(err)
		}
		pos := start.GetPosition()
		if pos.GetText() != ramayanaStart || pos.GetToMove() != "yellow" || pos.GetInCheck() {
			t.Fatalf("start %q to move %q", pos.GetText(), pos.GetToMove())
		}
		// The structured pieces agree with the text: twelve a side and the two Rakshasas.
		count := map[string]int{}
		for _, p := range pos.GetPieces() {
			count[p.GetPlayer()+" "+p.GetKind()]++
			if p.GetKind() == "rakshasa" && p.GetSquare() != "b9" && p.GetSquare() != "i8" {
				t.Errorf("Rakshasa on %s", p.GetSquare())
			}
		}
		if len(pos.GetPieces()) != 26 || count["yellow untouchable"] != 4 || count["red untouchable"] != 4 || count[" rakshasa"] != 2 ||
			count["yellow rajah"] != 1 || count["red shikari"] != 1 {
			t.Errorf("pieces %v", count)
		}
		list := &pb.ListLegalMovesResponse{}
		rpc(t, tr, "ListLegalMoves", &pb.ListLegalMovesRequest{Position: pos}, list)
		want := []string{"d2b4", "d2e4", "d2f4", "d3d4", "e3e4", "f2e4", "f2e5", "f2g4", "f2g5", "f3f4", "g2f5", "g3g4"}
		if got := notations(list.GetMoves()); !slices.Equal(got, want) {
			t.Errorf("start moves %v, want %v", got, want)
		}
		for _, m := range list.GetMoves() {
			if m.GetName() != "move" || m.GetFrom()+m.GetTo() != m.GetNotation() || m.GetPiece() == "" {
				t.Errorf("move %v", m)
			}
		}
	})
}

// ramayanaPlay is one action played from a prepared position.
type ramayanaPlay struct {
	name, text, action string
	after              string   // the position reached
	events             []string // as eventTexts writes them
	status             pb.GameStatus
	winners            []string
	reason             string
}

func ramayanaPlays() []ramayanaPlay {
	ongoing := pb.GameStatus_GAME_STATUS_ONGOING
	over := pb.GameStatus_GAME_STATUS_FINISHED
	return []ramayanaPlay{
		// Yellow's Untouchable reaches e16 and is dropped on b5; red's Shikari g12 attacks i13 and
		// the Rakshasa b9, beside red's dropped Untouchable b8, attacks a8.
		{"drop", "10/4U5/10/10/6h3/10/3r6/1K8/1=u6K1/10/10/10/10/10/4R5/10 y 0 1", "e15e16@b5",
			"10/10/10/10/6h3/10/3r6/1K8/1=u6K1/10/10/1=U8/10/10/4R5/10 r 0 1",
			[]string{"promotion yellow b5 dropped_untouchable"}, ongoing, nil, ""},
		// Red's Buddhas on a4 b5 i13 j12 attack every free island square: a Buddha on e16.
		{"buddha", "10/4Ur4/10/8+u1/9+u/10/10/10/10/10/10/1+u8/+u9/10/4R5/10 y 0 1", "e15e16=buddha",
			"4+U5/5r4/10/8+u1/9+u/10/10/10/10/10/10/1+u8/+u9/10/4R5/10 r 0 1",
			[]string{"promotion yellow e16 buddha"}, ongoing, nil, ""},
		// The Rakshasa b9 leaps along its diagonal to g14, taking red's Muni; yellow's dropped
		// Untouchable a9 pays and leaves the board.
		{"rakshasa", "10/5r4/6m3/10/10/10/10/=UK8/=Um6K1/10/10/10/10/10/3HR5/10 y 0 1", "b9g14^a9",
			"10/5r4/6K3/10/10/10/10/10/=Um6K1/10/10/10/10/10/3HR5/10 r 0 1",
			[]string{"capture yellow g14 muni", "capture yellow a9 dropped_untouchable pays for the Rakshasa move"}, ongoing, nil, ""},
		// The Rajah pays for the Rakshasa's leap from e5 to g7 and stays: no capture, a quiet ply.
		{"rajah pays", "10/5r4/10/9m/10/10/10/10/8K1/10/10/4K5/M3R5/10/10/10 y 0 1", "e5g7^e4",
			"10/5r4/10/9m/10/10/10/10/8K1/6K3/10/10/M3R5/10/10/10 r 1 1",
			nil, ongoing, nil, ""},
		// The Muni takes the Rakshasa on e5: one is left, so the captured one returns to b9 (i8 is
		// taken).
		{"respawn", "10/5r4/10/9m/10/10/10/10/8K1/10/10/4K5/10/4M5/4R5/10 y 0 1", "e3e5",
			"10/5r4/10/9m/10/10/10/1K8/8K1/10/10/4M5/10/10/4R5/10 r 0 1",
			[]string{"capture yellow e5 rakshasa", "respawn b9 rakshasa"}, ongoing, nil, ""},
		// Yellow's Rajah reaches f15, red's Rajah's start square.
		{"maharajah", "10/10/4R5/9m/10/10/3r6/1K8/8K1/10/10/10/M9/10/10/10 y 0 1", "e14f15",
			"10/5+R4/10/9m/10/10/3r6/1K8/8K1/10/10/10/M9/10/10/10 r 1 1",
			[]string{"promotion yellow f15 maharajah"}, ongoing, nil, ""},
		// The Muni d12 leaps to d14: the Rajah d16 is in check and d15 e15 e16 are covered.
		{"checkmate", "3r6/10/4M5/10/3M6/10/10/1K8/8K1/10/10/9=u/10/10/4R5/10 y 0 1", "d12d14",
			"3r6/10/3MM5/10/10/10/10/1K8/8K1/10/10/9=u/10/10/4R5/10 r 1 1",
			[]string{"game_over checkmate"}, over, []string{"yellow"}, "checkmate"},
		// The same with the Muni on d13: red is not in check and cannot move, and loses.
		{"stalemate", "3r6/10/4M5/10/10/3M6/10/1K8/8K1/10/10/9=u/10/10/4R5/10 y 0 1", "d11d13",
			"3r6/10/4M5/3M6/10/10/10/1K8/8K1/10/10/9=u/10/10/4R5/10 r 1 1",
			[]string{"game_over stalemate"}, over, []string{"yellow"}, "stalemate"},
		// Taking red's last piece but the Rajah.
		{"bare rajah", "10/5r4/10/10/10/10/4m5/1K8/4M3K1/10/10/10/10/10/4R5/10 y 0 1", "e8e10",
			"10/5r4/10/10/10/10/4M5/1K8/8K1/10/10/10/10/10/4R5/10 r 0 1",
			[]string{"capture yellow e10 muni", "game_over bare_rajah"}, over, []string{"yellow"}, "bare_rajah"},
		// The hundredth ply without a capture or an Untouchable move.
		{"100 plies", "10/5r4/10/9m/10/10/10/1K8/8K1/10/10/10/M9/10/4R5/10 y 99 1", "e2e3",
			"10/5r4/10/9m/10/10/10/1K8/8K1/10/10/10/M9/4R5/10/10 r 100 1",
			[]string{"game_over move_limit"}, over, nil, "move_limit"},
	}
}

// ramayanaPlayNamed is the play of that name.
func ramayanaPlayNamed(name string) ramayanaPlay {
	for _, c := range ramayanaPlays() {
		if c.name == name {
			return c
		}
	}
	panic("no play " + name)
}

// Each special action played through ValidateMove and ApplyMoves with include_next: the position
// reached, the events, and the next turn, which is what ListLegalMoves and ScorePosition say.
func TestRamayanaPlays(t *testing.T) {
	s := startServer(t)
	s.overBoth(t, func(t *testing.T, tr transport) {
		for _, c := range ramayanaPlays() {
			t.Run(c.name, func(t *testing.T) {
				pos := ramayana(c.text)
				list := &pb.ListLegalMovesResponse{}
				rpc(t, tr, "ListLegalMoves", &pb.ListLegalMovesRequest{Position: pos}, list)
				if !slices.Contains(notations(list.GetMoves()), c.action) {
					t.Fatalf("%s not among the legal actions %v", c.action, notations(list.GetMoves()))
				}

				val := &pb.ValidateMoveResponse{}
				rpc(t, tr, "ValidateMove", &pb.ValidateMoveRequest{Position: pos, Move: &pb.Action{Notation: c.action}, IncludeNext: true}, val)
				app := &pb.ApplyMovesResponse{}
				rpc(t, tr, "ApplyMoves", &pb.ApplyMovesRequest{Position: pos, Moves: []*pb.Action{{Notation: c.action}}, IncludeNext: true}, app)
				if !val.GetLegal() || app.GetApplied() != 1 || len(app.GetSteps()) != 1 {
					t.Fatalf("validate %v %q, apply %d %v", val.GetLegal(), val.GetReason(), app.GetApplied(), app.GetFailure())
				}
				step := app.GetSteps()[0]
				// The structured action names what the notation says.
				name, promotion := "move", ""
				switch c.name {
				case "drop":
					name, promotion = "drop", "dropped_untouchable"
				case "buddha":
					name, promotion = "buddha", "buddha"
				case "rakshasa", "rajah pays":
					name = "rakshasa"
				case "maharajah":
					promotion = "maharajah"
				}
				if m := val.GetMove(); m.GetName() != name || m.GetPromotion() != promotion || m.GetPlayer() != "yellow" || !proto.Equal(m, step.GetMove()) {
					t.Errorf("action %v, want name %s promotion %q; ApplyMoves says %v", m, name, promotion, step.GetMove())
				}
				for _, got := range []struct {
					via    string
					pos    *pb.Position
					events []*pb.Event
					next   *pb.NextTurn
				}{{"ValidateMove", val.GetPosition(), val.GetEvents(), val.GetNext()}, {"ApplyMoves", app.GetPosition(), step.GetEvents(), app.GetNext()}} {
					if got.pos.GetText() != c.after {
						t.Errorf("%s: position %q, want %q", got.via, got.pos.GetText(), c.after)
					}
					if ev := eventTexts(got.events); !slices.Equal(ev, c.events) {
						t.Errorf("%s: events %q, want %q", got.via, ev, c.events)
					}
					if got.pos.GetLastAction().GetNotation() != c.action {
						t.Errorf("%s: last action %v", got.via, got.pos.GetLastAction())
					}
					checkNext(t, tr, got.via, got.next, got.pos, nil, pb.MoveView_MOVE_VIEW_UNSPECIFIED)
					n := got.next
					if n.GetStatus() != c.status || !slices.Equal(n.GetWinners(), c.winners) || n.GetReason() != c.reason {
						t.Errorf("%s: next %v %v %q, want %v %v %q", got.via, n.GetStatus(), n.GetWinners(), n.GetReason(), c.status, c.winners, c.reason)
					}
					if over := c.status == pb.GameStatus_GAME_STATUS_FINISHED; over != (len(n.GetMoves()) == 0) || n.GetToMove() != "red" {
						t.Errorf("%s: next has %d moves for %s", got.via, len(n.GetMoves()), n.GetToMove())
					}
				}
				if step.GetText() != c.after || step.GetKey() != app.GetPosition().GetKey() {
					t.Errorf("step %q key %d, position key %d", step.GetText(), step.GetKey(), app.GetPosition().GetKey())
				}

				// ScorePosition agrees on the position reached; a checkmated Rajah is in check.
				sc := &pb.ScorePositionResponse{}
				rpc(t, tr, "ScorePosition", &pb.ScorePositionRequest{Position: ramayana(c.after)}, sc)
				if sc.GetStatus() != c.status || !slices.Equal(sc.GetWinners(), c.winners) || sc.GetReason() != c.reason {
					t.Errorf("score %v %v %q", sc.GetStatus(), sc.GetWinners(), sc.GetReason())
				}
				if sc.GetPosition().GetInCheck() != (c.reason == "checkmate") {
					t.Errorf("in_check %v", sc.GetPosition().GetInCheck())
				}
			})
		}
	})
}

// The structured actions a client shows: a drop and a Rakshasa move by name, the drop squares
// that are free and safe, and one Rakshasa action per payer.
func TestRamayanaActionLists(t *testing.T) {
	s := startServer(t)
	s.overBoth(t, func(t *testing.T, tr transport) {
		list := &pb.ListLegalMovesResponse{}
		rpc(t, tr, "ListLegalMoves", &pb.ListLegalMovesRequest{Position: ramayana(ramayanaPlayNamed("drop").text)}, list)
		var drops []string
		for _, m := range list.GetMoves() {
			if to, ok := strings.CutPrefix(m.GetNotation(), "e15e16@"); ok {
				drops = append(drops, to)
				if m.GetName() != "drop" || m.GetPromotion() != "dropped_untouchable" || m.GetTo() != "e16" {
					t.Errorf("drop %v", m)
				}
			}
		}
		// 20 island squares less b8 b9 i8 (taken) and i13 a8 a9 (attacked).
		sort.Strings(drops)
		if got := strings.Join(drops, " "); got != "a12 a4 a5 b12 b4 b5 i12 i5 i9 j12 j13 j5 j8 j9" {
			t.Errorf("drop squares %s", got)
		}

		list = &pb.ListLegalMovesResponse{}
		rpc(t, tr, "ListLegalMoves", &pb.ListLegalMovesRequest{Position: ramayana(ramayanaPlayNamed("rakshasa").text)}, list)
		var g14 []string
		for _, m := range list.GetMoves() {
			if strings.HasPrefix(m.GetNotation(), "b9g14") {
				g14 = append(g14, m.GetNotation())
				if m.GetName() != "rakshasa" || m.GetPiece() != "rakshasa" || m.GetCaptured() != "muni" {
					t.Errorf("Rakshasa move %v", m)
				}
			}
		}
		sort.Strings(g14)
		if !slices.Equal(g14, []string{"b9g14^a8", "b9g14^a9"}) {
			t.Errorf("Rakshasa moves to g14: %v", g14)
		}
	})
}

// Illegal actions are answers with a reason in the player's words, naming the squares; ApplyMoves
// stops at them with the same reason.
func TestRamayanaIllegalReasons(t *testing.T) {
	drop, raks := ramayanaPlayNamed("drop").text, ramayanaPlayNamed("rakshasa").text
	s := startServer(t)
	for _, c := range []struct{ text, action, reason string }{
		{ramayanaStart, "b9e12^a8", "the Rakshasa on b9 has no piece of yours beside it"},
		{ramayanaStart, "b9e12", "a Rakshasa move names the piece of yours that pays for it, and the Rakshasa on b9 has no piece of yours beside it"},
		{ramayanaStart, "e2f3", "f3 holds your own Untouchable"},
		{ramayanaStart, "d3d5", "an Untouchable on d3 cannot reach d5: it steps one square straight forward and captures one square diagonally forward"},
		{ramayanaStart, "d14d13", "the Untouchable on d14 is red's, and yellow is to move"},
		{ramayanaStart, "d2b4=buddha", "@ and =buddha are only for an Untouchable reaching its last row, and your Shikari on d2 is not one"},
		{raks, "b9e12", "a Rakshasa move names the piece of yours that pays for it: write b9e12^a9"},
		{raks, "b9e12^d2", "your Shikari on d2 is not beside the Rakshasa on b9"},
		{drop, "e15e16@i13", "i13 is attacked by the red Shikari on g12"},
		{drop, "e15e16@a8", "a8 is attacked by the Rakshasa on b9"},
		{drop, "e15e16=buddha", "the Untouchable becomes a Buddha only when no island square is free and safe: write e15e16@a4, e15e16@b4 or one of 12 more"},
		// Red's dropped Untouchable j8 stands beside the Rakshasa i8, whose diagonal runs through e4.
		{"10/5r4/10/9m/10/10/10/10/8K=u/10/10/10/M9/4R5/10/10 y 0 1", "e3e4", "e3e4 would leave your Rajah in check from the Rakshasa on i8"},
		{"10/5r4/10/9m/10/10/10/10/8K=u/10/5w4/10/M9/4R5/10/10 y 0 1", "e3e4",
			"e3e4 would leave your Rajah in check from the red Swami on f6 and the Rakshasa on i8"},
	} {
		s.overBoth(t, func(t *testing.T, tr transport) {
			resp := &pb.ValidateMoveResponse{}
			rpc(t, tr, "ValidateMove", &pb.ValidateMoveRequest{Position: ramayana(c.text), Move: &pb.Action{Notation: c.action}, IncludeNext: true}, resp)
			if resp.GetLegal() || resp.GetReason() != c.reason {
				t.Errorf("%s in %s: legal %v, reason\n got %q\nwant %q", c.action, c.text, resp.GetLegal(), resp.GetReason(), c.reason)
			}
			if resp.GetNext() != nil || resp.GetPosition() != nil || len(resp.GetEvents()) != 0 {
				t.Errorf("%s: an illegal action has a next turn %v or a position %v", c.action, resp.GetNext(), resp.GetPosition())
			}
			app := &pb.ApplyMovesResponse{}
			rpc(t, tr, "ApplyMoves", &pb.ApplyMovesRequest{Position: ramayana(c.text), Moves: []*pb.Action{{Notation: c.action}}}, app)
			if f := app.GetFailure(); app.GetApplied() != 0 || f.GetIndex() != 0 || f.GetNotation() != c.action || f.GetReason() != c.reason ||
				app.GetPosition().GetText() != c.text {
				t.Errorf("%s: apply %d, failure %v", c.action, app.GetApplied(), f)
			}
		})
	}
}

// Malformed actions are INVALID_ARGUMENT errors naming the field and what is wrong.
func TestRamayanaMalformedActions(t *testing.T) {
	s := startServer(t)
	s.overBoth(t, func(t *testing.T, tr transport) {
		for _, c := range []struct{ action, message string }{
			{"d3", `malformed action "d3": want two squares such as d3d4`},
			{"c3c4", `malformed action "c3c4": "c3" is ocean, not a square of the board`},
			{"d3c4", `malformed action "d3c4": "c4" is ocean, not a square of the board`},
			{"d15d16@c12", `malformed action "d15d16@c12": "c12" is ocean, not a square of the board`},
			{"b9e12^k3", `malformed action "b9e12^k3": "k3" is not a square of the board`},
			{"d15d16=mantri", `malformed action "d15d16=mantri": only =buddha may follow the squares`},
		} {
			err := tr.call(t, rulesMethod+"ValidateMove", jsonPaths["ValidateMove"], &pb.ValidateMoveRequest{Position: ramayana(ramayanaStart),
				Move: &pb.Action{Notation: c.action}}, &pb.ValidateMoveResponse{})
			if code, reason, field := errorDetails(err); code != codes.InvalidArgument || reason != "MALFORMED_ACTION" || field != "move.notation" {
				t.Errorf("ValidateMove %s: %v %s %q", c.action, code, reason, field)
			}
			if msg := status.Convert(err).Message(); msg != c.message {
				t.Errorf("ValidateMove %s: message\n got %q\nwant %q", c.action, msg, c.message)
			}
			err = tr.call(t, rulesMethod+"ApplyMoves", jsonPaths["ApplyMoves"], &pb.ApplyMovesRequest{Position: ramayana(ramayanaStart),
				Moves: []*pb.Action{{Notation: "d3d4"}, {Notation: c.action}}}, &pb.ApplyMovesResponse{})
			if code, reason, field := errorDetails(err); code != codes.InvalidArgument || reason != "MALFORMED_ACTION" || !strings.HasPrefix(field, "moves[1]") {
				t.Errorf("ApplyMoves %s: %v %s %q", c.action, code, reason, field)
			}
		}
	})
}

// ramayanaDance takes both Shikaris out and back twice: the eighth ply repeats the start for the
// third time.
var ramayanaDance = []string{"d2b4", "g15f13", "b4d2", "f13g15", "d2b4", "g15f13", "b4d2", "f13g15"}

// Threefold repetition is a draw when the request carries the game's history, by keys or by the
// start and the actions; without it nothing is drawn and the answers say so.
func TestRamayanaRepetition(t *testing.T) {
	s := startServer(t)
	s.overBoth(t, func(t *testing.T, tr transport) {
		// The keys of the dance's positions: the third occurrence of the start has the start's key.
		dance := &pb.ApplyMovesRequest{Position: ramayana(ramayanaStart)}
		for _, n := range ramayanaDance {
			dance.Moves = append(dance.Moves, &pb.Action{Notation: n})
		}
		played := &pb.ApplyMovesResponse{}
		rpc(t, tr, "ApplyMoves", dance, played)
		startScore := &pb.ScorePositionResponse{}
		rpc(t, tr, "ScorePosition", &pb.ScorePositionRequest{Position: ramayana(ramayanaStart)}, startScore)
		keys := []uint64{startScore.GetPosition().GetKey()}
		for _, st := range played.GetSteps()[:7] {
			keys = append(keys, st.GetKey())
		}
		third := played.GetPosition()
		// The same board and side as the start, eight quiet plies later.
		if played.GetApplied() != 8 || third.GetText() != strings.TrimSuffix(ramayanaStart, "0 1")+"8 5" {
			t.Fatalf("the dance reached %s after %d actions", third.GetText(), played.GetApplied())
		}
		if third.GetKey() != keys[0] || keys[4] != keys[0] {
			t.Fatalf("the start's key is %d, %d and %d at its three occurrences, want one key", keys[0], keys[4], third.GetKey())
		}

		// ApplyMoves with a history stops at the draw: the ninth action is not played.
		req := &pb.ApplyMovesRequest{Position: ramayana(ramayanaStart), History: &pb.GameHistory{Start: ramayana(ramayanaStart)}, IncludeNext: true,
			Moves: append(slices.Clone(dance.GetMoves()), &pb.Action{Notation: "d2b4"})}
		apply := &pb.ApplyMovesResponse{}
		rpc(t, tr, "ApplyMoves", req, apply)
		if apply.GetApplied() != 8 || apply.GetFailure().GetIndex() != 8 || !apply.GetRepetitionDraw() || !apply.GetRepetitionChecked() {
			t.Errorf("apply through a draw: applied %d, failure %v, draw %v", apply.GetApplied(), apply.GetFailure(), apply.GetRepetitionDraw())
		}
		if n := apply.GetNext(); n.GetPhase() != pb.Phase_PHASE_FINISHED || n.GetReason() != "repetition" || len(n.GetWinners()) != 0 || len(n.GetMoves()) != 0 {
			t.Errorf("next after the third occurrence: %v", n)
		}

		var actions []*pb.Action
		for _, n := range ramayanaDance {
			actions = append(actions, &pb.Action{Notation: n})
		}
		for name, h := range map[string]*pb.GameHistory{"keys": {Keys: keys}, "actions": {Start: ramayana(ramayanaStart), Actions: actions}} {
			score := &pb.ScorePositionResponse{}
			rpc(t, tr, "ScorePosition", &pb.ScorePositionRequest{Position: third, History: h}, score)
			if score.GetStatus() != pb.GameStatus_GAME_STATUS_FINISHED || score.GetReason() != "repetition" || len(score.GetWinners()) != 0 || !score.GetRepetitionChecked() {
				t.Errorf("%s: score of the third occurrence: %v", name, score)
			}
			list := &pb.ListLegalMovesResponse{}
			rpc(t, tr, "ListLegalMoves", &pb.ListLegalMovesRequest{Position: third, History: h}, list)
			if len(list.GetMoves()) != 0 || list.GetPhase() != pb.Phase_PHASE_FINISHED || list.GetReason() != "repetition" {
				t.Errorf("%s: list of the third occurrence: %d moves, %v %q", name, len(list.GetMoves()), list.GetPhase(), list.GetReason())
			}
		}
		// Without a history: twelve moves, repetition unchecked.
		score := &pb.ScorePositionResponse{}
		rpc(t, tr, "ScorePosition", &pb.ScorePositionRequest{Position: third}, score)
		if score.GetStatus() != pb.GameStatus_GAME_STATUS_ONGOING || score.GetRepetitionChecked() {
			t.Errorf("without history: %v", score)
		}
		// The second occurrence is no draw.
		rpc(t, tr, "ScorePosition", &pb.ScorePositionRequest{Position: third, History: &pb.GameHistory{Keys: keys[:4]}}, score)
		if score.GetStatus() != pb.GameStatus_GAME_STATUS_ONGOING || !score.GetRepetitionChecked() {
			t.Errorf("second occurrence: %v", score)
		}
		// ValidateMove says that red's f13g15 draws, from the position before it with its keys.
		before := ramayana(played.GetSteps()[6].GetText())
		v := &pb.ValidateMoveResponse{}
		rpc(t, tr, "ValidateMove", &pb.ValidateMoveRequest{Position: before, Move: &pb.Action{Notation: "f13g15"},
			History: &pb.GameHistory{Keys: keys[:7]}, IncludeNext: true}, v)
		if !v.GetLegal() || !v.GetRepetitionDraw() || !v.GetRepetitionChecked() || v.GetNext().GetReason() != "repetition" {
			t.Errorf("the drawing action: legal %v, draw %v, checked %v, next %v", v.GetLegal(), v.GetRepetitionDraw(), v.GetRepetitionChecked(), v.GetNext())
		}
		// Another move from there draws nothing.
		rpc(t, tr, "ValidateMove", &pb.ValidateMoveRequest{Position: before, Move: &pb.Action{Notation: "f13e11"},
			History: &pb.GameHistory{Keys: keys[:7]}}, v)
		if !v.GetLegal() || v.GetRepetitionDraw() {
			t.Errorf("f13e11: legal %v %q, draw %v", v.GetLegal(), v.GetReason(), v.GetRepetitionDraw())
		}
	})
}

// Perft over the API matches the rules' counts; the search answers a legal move.
func TestRamayanaAnalysis(t *testing.T) {
	s := startServer(t)
	s.overBoth(t, func(t *testing.T, tr transport) {
		for depth, want := range map[int32]uint64{1: 12, 2: 144, 3: 2544} {
			resp := &pb.PerftResponse{}
			if err := tr.call(t, analysisMethod+"Perft", "/v1/analysis:perft", &pb.PerftRequest{Position: ramayana(ramayanaStart), Depth: depth, Divide: true}, resp); err != nil {
				t.Fatal(err)
			}
			var sum uint64
			for _, e := range resp.GetDivide() {
				sum += e.GetNodes()
			}
			if resp.GetNodes() != want || len(resp.GetDivide()) != 12 || sum != want {
				t.Errorf("perft %d: %d nodes, %d divide entries adding up to %d; want %d", depth, resp.GetNodes(), len(resp.GetDivide()), sum, want)
			}
		}

		// The position before the mate of TestRamayanaPlays: the search wins at once.
		mate := ramayanaPlayNamed("checkmate")
		resp := &pb.SearchResponse{}
		if err := tr.call(t, analysisMethod+"Search", "/v1/analysis:search", &pb.SearchRequest{Position: ramayana(mate.text), Depth: 2}, resp); err != nil {
			t.Fatal(err)
		}
		// d12d13 stalemates, which wins as well.
		if best := resp.GetBestAction().GetNotation(); best != mate.action && best != "d12d13" || !resp.GetComplete() || len(resp.GetLines()) != 1 || resp.GetLines()[0].GetValues()[0].GetValue() < 1000 {
			t.Errorf("search of a mate in one: %v", resp)
		}
		// From the start: one of the twelve moves.
		if err := tr.call(t, analysisMethod+"Search", "/v1/analysis:search", &pb.SearchRequest{Position: ramayana(ramayanaStart), Depth: 3}, resp); err != nil {
			t.Fatal(err)
		}
		list := &pb.ListLegalMovesResponse{}
		rpc(t, tr, "ListLegalMoves", &pb.ListLegalMovesRequest{Position: ramayana(ramayanaStart)}, list)
		if best := resp.GetBestAction().GetNotation(); !slices.Contains(notations(list.GetMoves()), best) || resp.GetDepth() != 3 || !resp.GetComplete() {
			t.Errorf("search of the start: best %q at depth %d, complete %v", best, resp.GetDepth(), resp.GetComplete())
		}
	})
}
