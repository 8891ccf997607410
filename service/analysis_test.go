package service

import (
	"bufio"
	"cmp"
	"context"
	"encoding/json"
	"math"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"google.golang.org/protobuf/proto"

	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/types/known/durationpb"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/search"
	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
)

const (
	analysisMethod = "/ashtapada.v1.AnalysisService/"
	rulesMethod    = "/ashtapada.v1.RulesService/"
	// mateInOne is white to play a1a8, checkmate.
	mateInOne = "4k3/8/4K3/8/8/8/8/R7 w - - 0 1"
	mated     = "R3k3/8/4K3/8/8/8/8/8 b - - 0 1"
)

func chaturanga(text string) *pb.Position { return &pb.Position{Variant: "chaturanga", Text: text} }

func searchOver(t *testing.T, tr transport, req *pb.SearchRequest) (*pb.SearchResponse, error) {
	t.Helper()
	resp := &pb.SearchResponse{}
	err := tr.call(t, analysisMethod+"Search", "/v1/analysis:search", req, resp)
	return resp, err
}

// checkLines checks that every line's principal variation starts with its move and replays
// legally from pos, and that the lines are sorted by the mover's value.
func checkLines(t *testing.T, pos engine.Position, resp *pb.SearchResponse) {
	t.Helper()
	mover := engine.Seats(pos)[pos.ToMove()].Name
	prev := math.Inf(1)
	for i, l := range resp.GetLines() {
		if len(l.GetPv()) == 0 || l.GetPv()[0].GetNotation() != l.GetMove().GetNotation() {
			t.Errorf("line %d: pv %v does not start with %s", i, l.GetPv(), l.GetMove().GetNotation())
		}
		p := pos
		for _, a := range l.GetPv() {
			m, err := p.ParseMove(a.GetNotation())
			if err != nil {
				t.Fatalf("line %d: pv action %q in %s: %v", i, a.GetNotation(), p, err)
			}
			p, _ = p.Play(m)
		}
		v := valueOf(l.GetValues(), mover)
		if v > prev {
			t.Errorf("line %d: %s's value %v after %v: lines not sorted", i, mover, v, prev)
		}
		prev = v
	}
}

func valueOf(values []*pb.PlayerValue, player string) float64 {
	for _, v := range values {
		if v.GetPlayer() == player {
			return v.GetValue()
		}
	}
	return math.NaN()
}

func mustParse(t *testing.T, variant, text string) engine.Position {
	t.Helper()
	v, ok := engine.Lookup(variant)
	if !ok {
		t.Fatalf("no variant %s", variant)
	}
	pos, err := v.Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	return pos
}

func TestSearchFindsMate(t *testing.T) {
	s := startServer(t)
	s.overBoth(t, func(t *testing.T, tr transport) {
		resp, err := searchOver(t, tr, &pb.SearchRequest{Position: chaturanga(mateInOne), Depth: 3})
		if err != nil {
			t.Fatal(err)
		}
		if got := resp.GetBestAction().GetNotation(); got != "a1a8" {
			t.Fatalf("best %s, want a1a8", got)
		}
		// The engine agrees that it mates.
		pos := mustParse(t, "chaturanga", mateInOne)
		m, _ := pos.ParseMove("a1a8")
		after, _ := pos.Play(m)
		if o := after.Outcome(); !o.Finished || o.Reason != "checkmate" || !slices.Equal(o.Winners, []int{0}) {
			t.Fatalf("a1a8 leads to %+v", o)
		}
		l := resp.GetLines()
		if len(l) != 1 || valueOf(l[0].GetValues(), "white") < engine.WinValue-10 || valueOf(l[0].GetValues(), "black") > -engine.WinValue+10 {
			t.Errorf("lines %v: want one line worth a win to white", l)
		}
		if len(l[0].GetPv()) != 1 || l[0].GetPv()[0].GetTo() != "a8" || l[0].GetPv()[0].GetPiece() != "ratha" {
			t.Errorf("pv %v, want the ratha's move alone", l[0].GetPv())
		}
		if !resp.GetComplete() || resp.GetDepth() < 1 || resp.GetNodes() == 0 || resp.GetElapsed() == nil {
			t.Errorf("complete %v, depth %d, nodes %d, elapsed %v", resp.GetComplete(), resp.GetDepth(), resp.GetNodes(), resp.GetElapsed())
		}
		if resp.GetRepetitionChecked() {
			t.Error("repetition_checked without a history, for a variant with a repetition rule")
		}
	})
}

func TestSearchMultiPV(t *testing.T) {
	s := startServer(t)
	pos := mustParse(t, "chaturanga", middlegame)
	s.overBoth(t, func(t *testing.T, tr transport) {
		resp, err := searchOver(t, tr, &pb.SearchRequest{Position: chaturanga(middlegame), Depth: 3, MultiPv: 4})
		if err != nil {
			t.Fatal(err)
		}
		if len(resp.GetLines()) != 4 {
			t.Fatalf("%d lines, want 4", len(resp.GetLines()))
		}
		if resp.GetBestAction().GetNotation() != resp.GetLines()[0].GetMove().GetNotation() {
			t.Errorf("best %s is not the first line's %s", resp.GetBestAction().GetNotation(), resp.GetLines()[0].GetMove().GetNotation())
		}
		checkLines(t, pos, resp)
		seen := map[string]bool{}
		for _, l := range resp.GetLines() {
			if seen[l.GetMove().GetNotation()] {
				t.Errorf("action %s in two lines", l.GetMove().GetNotation())
			}
			seen[l.GetMove().GetNotation()] = true
			if v := l.GetValues(); len(v) != 2 || v[0].GetValue() != -v[1].GetValue() {
				t.Errorf("values %v: want two zero-sum values", v)
			}
		}
	})
	// More lines than legal actions: one per action.
	legal := len(mustParse(t, "chaturanga", mateInOne).Moves(nil))
	resp, err := s.analysis.Search(context.Background(), &pb.SearchRequest{Position: chaturanga(mateInOne), Depth: 2, MultiPv: 64})
	if err != nil || len(resp.GetLines()) != legal {
		t.Errorf("multi_pv 64 with %d legal actions: %d lines, %v", legal, len(resp.GetLines()), err)
	}
	checkLines(t, mustParse(t, "chaturanga", mateInOne), resp)
}

func TestSearchTimeLimit(t *testing.T) {
	s := startServer(t)
	pos := mustParse(t, "chaturanga", middlegame)
	s.overBoth(t, func(t *testing.T, tr transport) {
		start := time.Now()
		resp, err := searchOver(t, tr, &pb.SearchRequest{Position: chaturanga(middlegame), TimeLimit: durationpb.New(50 * time.Millisecond)})
		if err != nil {
			t.Fatal(err)
		}
		took := time.Since(start)
		if resp.GetComplete() {
			t.Error("a 50 ms search of a middlegame is complete")
		}
		if took > 2*time.Second {
			t.Errorf("a 50 ms search answered after %v", took)
		}
		if _, err := pos.ParseMove(resp.GetBestAction().GetNotation()); err != nil {
			t.Errorf("best action %v: %v", resp.GetBestAction(), err)
		}
		checkLines(t, pos, resp)
	})
	// A node budget stops it as well.
	resp, err := s.analysis.Search(context.Background(), &pb.SearchRequest{Position: chaturanga(middlegame), MaxNodes: 5000})
	if err != nil || resp.GetComplete() || resp.GetNodes() > 10000 || resp.GetBestAction() == nil {
		t.Errorf("max_nodes 5000: complete %v, %d nodes, best %v, %v", resp.GetComplete(), resp.GetNodes(), resp.GetBestAction(), err)
	}
	// MCTS answers by a node budget, and a depth alone, which only caps its tree, gets the
	// default time.
	for _, req := range []*pb.SearchRequest{
		{Position: chaturanga(middlegame), MaxNodes: 5000, Algorithm: pb.SearchAlgorithm_SEARCH_ALGORITHM_MCTS},
		{Position: chaturanga(middlegame), Depth: 2, Algorithm: pb.SearchAlgorithm_SEARCH_ALGORITHM_MCTS},
		{Position: chaturanga(middlegame), MaxNodes: 5000, Algorithm: pb.SearchAlgorithm_SEARCH_ALGORITHM_MCTS_GREEDY_OPPONENTS},
		{Position: chaturanga(middlegame), Depth: 2, Algorithm: pb.SearchAlgorithm_SEARCH_ALGORITHM_MCTS_GREEDY_OPPONENTS},
	} {
		start := time.Now()
		resp, err := s.analysis.Search(context.Background(), req)
		if err != nil || resp.GetBestAction() == nil || len(resp.GetLines()) != 1 || time.Since(start) > 5*time.Second {
			t.Errorf("mcts, max_nodes %d, depth %d: best %v, %d lines after %v, %v", req.GetMaxNodes(), req.GetDepth(),
				resp.GetBestAction(), len(resp.GetLines()), time.Since(start), err)
		}
	}
}

func TestSearchStream(t *testing.T) {
	s := startServer(t)
	const depth = 4
	checkDepths := func(t *testing.T, msgs []*pb.SearchStreamResponse) {
		t.Helper()
		if len(msgs) < 2 {
			t.Fatalf("%d messages", len(msgs))
		}
		for i, m := range msgs[:len(msgs)-1] {
			if m.GetDepth() != int32(i+1) || m.GetFinal() || m.GetBestAction() == nil {
				t.Errorf("message %d: depth %d, final %v, best %v; want depth %d", i, m.GetDepth(), m.GetFinal(), m.GetBestAction(), i+1)
			}
		}
		last := msgs[len(msgs)-1]
		if !last.GetFinal() || last.GetDepth() != depth || !last.GetComplete() || len(msgs) != depth+1 {
			t.Errorf("last of %d messages: final %v, depth %d, complete %v", len(msgs), last.GetFinal(), last.GetDepth(), last.GetComplete())
		}
	}
	t.Run("grpc", func(t *testing.T) {
		stream, err := s.analysis.SearchStream(context.Background(), &pb.SearchStreamRequest{Position: chaturanga(middlegame), Depth: depth})
		if err != nil {
			t.Fatal(err)
		}
		var msgs []*pb.SearchStreamResponse
		for {
			m, err := stream.Recv()
			if err != nil {
				if err.Error() != "EOF" {
					t.Fatal(err)
				}
				break
			}
			msgs = append(msgs, m)
		}
		checkDepths(t, msgs)
	})
	t.Run("json", func(t *testing.T) {
		body := `{"position":{"variant":"chaturanga","text":"` + middlegame + `"},"depth":4}`
		r, err := http.Post(s.httpURL+"/v1/analysis:searchStream", "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer r.Body.Close()
		if r.StatusCode != 200 {
			t.Fatalf("HTTP %d", r.StatusCode)
		}
		var msgs []*pb.SearchStreamResponse
		sc := bufio.NewScanner(r.Body)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			var line struct {
				Result json.RawMessage `json:"result"`
				Error  json.RawMessage `json:"error"`
			}
			if err := json.Unmarshal(sc.Bytes(), &line); err != nil || line.Error != nil {
				t.Fatalf("line %s: %v", sc.Bytes(), err)
			}
			m := &pb.SearchStreamResponse{}
			if err := protojson.Unmarshal(line.Result, m); err != nil {
				t.Fatal(err)
			}
			msgs = append(msgs, m)
		}
		checkDepths(t, msgs)
	})
	// An error comes before any message.
	stream, err := s.analysis.SearchStream(context.Background(), &pb.SearchStreamRequest{Position: chaturanga(mated)})
	if err == nil {
		_, err = stream.Recv()
	}
	if code, reason, _ := errorDetails(err); code != codes.FailedPrecondition || reason != "GAME_OVER" {
		t.Errorf("stream on a finished game: %v %s", code, reason)
	}
}

func TestEvaluate(t *testing.T) {
	s := startServer(t)
	s.overBoth(t, func(t *testing.T, tr transport) {
		for _, text := range []string{startFEN, middlegame, mated} {
			resp := &pb.EvaluateResponse{}
			if err := tr.call(t, analysisMethod+"Evaluate", "/v1/analysis:evaluate", &pb.EvaluateRequest{Position: chaturanga(text)}, resp); err != nil {
				t.Fatal(err)
			}
			checkTerms(t, text, resp)
		}
	})
	resp, _ := s.analysis.Evaluate(context.Background(), &pb.EvaluateRequest{Position: chaturanga(mated)})
	if valueOf(resp.GetValues(), "white") != engine.WinValue {
		t.Errorf("checkmate evaluates to %v", resp.GetValues())
	}
}

// TestEvaluateFinishedChances checks the chances Evaluate gives a finished game with dice: 1 to
// the winner, 0 to everyone else, whatever place he took (four-player chaturaji's second place is
// worth 10000 / 3, Martian Coaster Chaturanga's last -10000 / 3); partners each show their side's.
// Over gRPC and over HTTP/JSON.
func TestEvaluateFinishedChances(t *testing.T) {
	s := startServer(t)
	rng := rand.New(rand.NewPCG(3, 4))
	for _, c := range []struct {
		variant string
		options map[string]engine.OptionValue
	}{
		{"chaturaji", nil},
		{"martian_coaster_chaturanga", nil},
		{"martian_coaster_chaturanga", map[string]engine.OptionValue{"partnership": {Kind: engine.OptionBool, Bool: true}}},
		{"martian_chaturanga", nil},
	} {
		v, _ := engine.Lookup(c.variant)
		pos, err := v.Start(c.options)
		if err != nil {
			t.Fatal(err)
		}
		for n := 0; n < 20000; n++ {
			moves := pos.Moves(nil)
			if len(moves) == 0 {
				break
			}
			pos, _ = pos.Play(moves[rng.IntN(len(moves))])
		}
		o := pos.Outcome()
		if !o.Finished {
			t.Fatalf("%s: a random game did not end", c.variant)
		}
		s.overBoth(t, func(t *testing.T, tr transport) {
			resp := &pb.EvaluateResponse{}
			req := &pb.EvaluateRequest{Position: &pb.Position{Variant: c.variant, Text: pos.String()}}
			if err := tr.call(t, analysisMethod+"Evaluate", "/v1/analysis:evaluate", req, resp); err != nil {
				t.Fatal(err)
			}
			sides := float64(len(o.Winners)) // sole winners share a tie for first
			if c.options != nil {
				sides = 1 // partners win together
			}
			for p, v := range resp.GetValues() {
				want := 0.0
				if slices.Contains(o.Winners, p) {
					want = math.Round(1/sides*1000) / 1000
				}
				if v.WinChance == nil || v.GetWinChance() != want || v.GetWinIn() != 0 {
					t.Errorf("%s won by %v: %s's value %v", c.variant, o.Winners, v.GetPlayer(), v)
				}
			}
		})
	}
}

// checkTerms checks that an evaluation's terms add up to its values, player by player.
func checkTerms(t *testing.T, what string, resp *pb.EvaluateResponse) {
	t.Helper()
	if len(resp.GetValues()) == 0 || len(resp.GetTerms()) == 0 {
		t.Fatalf("%s: values %v, terms %v", what, resp.GetValues(), resp.GetTerms())
	}
	for _, v := range resp.GetValues() {
		sum := 0.0
		for _, term := range resp.GetTerms() {
			sum += valueOf(term.GetValues(), v.GetPlayer())
		}
		if math.Abs(sum-v.GetValue()) > 1e-9 {
			t.Errorf("%s: %s's terms add up to %v, value %v", what, v.GetPlayer(), sum, v.GetValue())
		}
	}
}

func TestAnalysisErrors(t *testing.T) {
	s := startServer(t)
	martianStart := &pb.Position{Variant: "martian_chaturanga", Text: "rpmpr/ksksk/5/KSKSK/RPMPR l - AEae - 0 1"}
	search := func(req *pb.SearchRequest) func(t *testing.T, tr transport) error {
		return func(t *testing.T, tr transport) error { _, err := searchOver(t, tr, req); return err }
	}
	tests := []struct {
		name   string
		call   func(t *testing.T, tr transport) error
		code   codes.Code
		reason string
		field  string
	}{
		{"search too deep", search(&pb.SearchRequest{Position: chaturanga(startFEN), Depth: 65}), codes.InvalidArgument, "DEPTH_OUT_OF_RANGE", "depth"},
		{"search negative depth", search(&pb.SearchRequest{Position: chaturanga(startFEN), Depth: -1}), codes.InvalidArgument, "DEPTH_OUT_OF_RANGE", "depth"},
		{"unknown algorithm", search(&pb.SearchRequest{Position: chaturanga(startFEN), Depth: 2, Algorithm: 99}), codes.InvalidArgument, "UNKNOWN_ALGORITHM", "algorithm"},
		{"too many lines", search(&pb.SearchRequest{Position: chaturanga(startFEN), Depth: 2, MultiPv: 65}), codes.InvalidArgument, "MULTI_PV_OUT_OF_RANGE", "multi_pv"},
		{"level too high", search(&pb.SearchRequest{Position: chaturanga(startFEN), Level: 9}), codes.InvalidArgument, "LEVEL_OUT_OF_RANGE", "level"},
		{"negative level", search(&pb.SearchRequest{Position: chaturanga(startFEN), Level: -1}), codes.InvalidArgument, "LEVEL_OUT_OF_RANGE", "level"},
		{"negative time", search(&pb.SearchRequest{Position: chaturanga(startFEN), TimeLimit: durationpb.New(-time.Second)}), codes.InvalidArgument, "TIME_LIMIT_OUT_OF_RANGE", "time_limit"},
		{"clock without time left", search(&pb.SearchRequest{Position: chaturanga(startFEN), Clock: &pb.Clock{Increment: durationpb.New(time.Second)}}), codes.InvalidArgument, "CLOCK_OUT_OF_RANGE", "clock.remaining"},
		{"negative increment", search(&pb.SearchRequest{Position: chaturanga(startFEN), Clock: &pb.Clock{Remaining: durationpb.New(time.Second), Increment: durationpb.New(-time.Second)}}), codes.InvalidArgument, "CLOCK_OUT_OF_RANGE", "clock.increment"},
		{"too many moves to go", search(&pb.SearchRequest{Position: chaturanga(startFEN), Clock: &pb.Clock{Remaining: durationpb.New(time.Second), MovesToGo: 1001}}), codes.InvalidArgument, "CLOCK_OUT_OF_RANGE", "clock.moves_to_go"},
		{"search a roll", search(&pb.SearchRequest{Position: martianStart, Depth: 2}), codes.FailedPrecondition, "AWAITING_ROLL", "position"},
		{"search a finished game", search(&pb.SearchRequest{Position: chaturanga(mated), Depth: 2}), codes.FailedPrecondition, "GAME_OVER", "position"},
		{"search a malformed position", search(&pb.SearchRequest{Position: chaturanga("8/8 w")}), codes.InvalidArgument, "INVALID_POSITION", "position.text"},
		{"evaluate without a position", func(t *testing.T, tr transport) error {
			return tr.call(t, analysisMethod+"Evaluate", "/v1/analysis:evaluate", &pb.EvaluateRequest{}, &pb.EvaluateResponse{})
		}, codes.InvalidArgument, "MISSING_POSITION", "position"},
		{"perft over budget", func(t *testing.T, tr transport) error {
			return tr.call(t, analysisMethod+"Perft", "/v1/analysis:perft", &pb.PerftRequest{Position: chaturanga(startFEN), Depth: 5, MaxNodes: 1000}, &pb.PerftResponse{})
		}, codes.ResourceExhausted, "NODE_BUDGET_EXHAUSTED", "max_nodes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s.overBoth(t, func(t *testing.T, tr transport) {
				code, reason, field := errorDetails(tt.call(t, tr))
				if code != tt.code || reason != tt.reason || field != tt.field {
					t.Errorf("got %v %s %q, want %v %s %q", code, reason, field, tt.code, tt.reason, tt.field)
				}
			})
		})
	}
}

// A level's choice is the same for the same seed and position, over gRPC and JSON alike, and
// differs between seeds where the level's lines are close (the opening).
func TestSearchLevelSeed(t *testing.T) {
	s := startServer(t)
	choices := map[string]map[uint64]string{}
	s.overBoth(t, func(t *testing.T, tr transport) {
		got := map[uint64]string{}
		for seed := uint64(1); seed <= 12; seed++ {
			for range 2 {
				resp, err := searchOver(t, tr, &pb.SearchRequest{Position: chaturanga(startFEN), Level: 1, Seed: seed, MultiPv: 3})
				if err != nil {
					t.Fatal(err)
				}
				best := resp.GetBestAction().GetNotation()
				if prev, ok := got[seed]; ok && prev != best {
					t.Fatalf("seed %d: %s, then %s", seed, prev, best)
				}
				got[seed] = best
				if lines := resp.GetLines(); len(lines) != 3 || lines[0].GetMove().GetNotation() != best {
					t.Fatalf("seed %d: %d lines, the first %s, the choice %s", seed, len(lines), lines[0].GetMove().GetNotation(), best)
				}
			}
		}
		choices[tr.name] = got
	})
	distinct := map[string]bool{}
	for seed, best := range choices["grpc"] {
		distinct[best] = true
		if choices["json"][seed] != best {
			t.Errorf("seed %d: %s over gRPC, %s over JSON", seed, best, choices["json"][seed])
		}
	}
	if len(distinct) < 3 {
		t.Errorf("level 1 chose %d openings over 12 seeds: %v", len(distinct), distinct)
	}
}

// A search on a clock takes its share of the clock: far less than the clock, and within the
// hard limit ClockLimits gives, over both transports and for MCTS too.
func TestSearchOnClock(t *testing.T) {
	s := startServer(t)
	const left = 3 * time.Second
	_, hard := search.ClockLimits(left, 0, 0)
	for _, alg := range []pb.SearchAlgorithm{pb.SearchAlgorithm_SEARCH_ALGORITHM_UNSPECIFIED, pb.SearchAlgorithm_SEARCH_ALGORITHM_MCTS,
		pb.SearchAlgorithm_SEARCH_ALGORITHM_MCTS_GREEDY_OPPONENTS} {
		s.overBoth(t, func(t *testing.T, tr transport) {
			resp, err := searchOver(t, tr, &pb.SearchRequest{Position: chaturanga(startFEN), Algorithm: alg, Clock: &pb.Clock{Remaining: durationpb.New(left)}})
			if err != nil {
				t.Fatal(err)
			}
			// The hard limit plus the search's polling; a second would be the default time.
			if e := resp.GetElapsed().AsDuration(); e <= 0 || e > hard+hard/2 || resp.GetBestAction() == nil {
				t.Errorf("%v on a %v clock: elapsed %v (hard limit %v), best %v", alg, left, e, hard, resp.GetBestAction())
			}
		})
	}
}

// Values reach people without float noise: rounded, no -0, a proven result as actions to it, and
// in dice games a chance of winning.
func TestPlayerValuesReadable(t *testing.T) {
	for _, c := range []struct {
		v      float64
		dice   bool
		value  float64
		winIn  *int32
		chance *float64
	}{
		{1.33e-15, false, 0, nil, nil},
		{-1e-17, false, 0, nil, nil},
		{1.23456, false, 1.23, nil, nil},
		{engine.WinValue - 7, false, engine.WinValue - 7, proto.Int32(7), nil},
		{-(engine.WinValue - 4), false, -(engine.WinValue - 4), proto.Int32(-4), nil},
		{engine.WinValue, false, engine.WinValue, proto.Int32(0), nil},
		{350.2, true, 350.2, nil, proto.Float64(0.518)},
		{engine.WinValue - 12, true, engine.WinValue - 12, nil, proto.Float64(0.999)},
		{-engine.WinValue, true, -engine.WinValue, proto.Int32(0), proto.Float64(0)},
	} {
		got := playerValue("p", c.v, c.dice)
		if got.GetValue() != c.value || got.GetValue() == 0 && math.Signbit(got.GetValue()) || (got.WinIn == nil) != (c.winIn == nil) ||
			c.winIn != nil && got.GetWinIn() != *c.winIn || (got.WinChance == nil) != (c.chance == nil) ||
			c.chance != nil && got.GetWinChance() != *c.chance {
			t.Errorf("%v (dice %v): %v", c.v, c.dice, got)
		}
	}
}

// A search on two threads takes two analysis slots: with both free it runs (an MCTS search of
// four-player Martian Coaster Chaturanga at a node budget, the two trees' nodes added up) and a
// one-thread search asked for meanwhile waits; more threads than the server has slots is
// THREADS_OUT_OF_RANGE on the field threads; over gRPC and JSON.
func TestSearchThreads(t *testing.T) {
	const afterAim = "y0r1b2g3 gqgd2ypyq/gp4yd/6/6/bd4rp/bqbp2rdrq -,-,-,- bl aim 0"
	s := startServerWith(t, Limits{Analyses: 2})
	pos := &pb.Position{Variant: "martian_coaster_chaturanga", Text: afterAim}
	s.overBoth(t, func(t *testing.T, tr transport) {
		resp, err := searchOver(t, tr, &pb.SearchRequest{Position: pos, MaxNodes: 20000, Threads: 2})
		if err != nil {
			t.Fatal(err)
		}
		if n := resp.GetNodes(); n < 19000 || n > 21000 || resp.GetBestAction().GetNotation() == "" {
			t.Errorf("two threads: %d nodes, best %q", n, resp.GetBestAction().GetNotation())
		}
		_, err = searchOver(t, tr, &pb.SearchRequest{Position: pos, MaxNodes: 1000, Threads: 3})
		if code, reason, field := errorDetails(err); code != codes.InvalidArgument || reason != "THREADS_OUT_OF_RANGE" || field != "threads" {
			t.Errorf("three threads on two slots: %v %s %q", code, reason, field)
		}
		_, err = searchOver(t, tr, &pb.SearchRequest{Position: pos, MaxNodes: 1000, Threads: -1})
		if code, reason, field := errorDetails(err); code != codes.InvalidArgument || reason != "THREADS_OUT_OF_RANGE" || field != "threads" {
			t.Errorf("-1 threads: %v %s %q", code, reason, field)
		}
	})
}

// The slots of a call on several threads are held for the whole call and released together.
func TestEnterThreadsHoldsItsSlots(t *testing.T) {
	g := newFairGate(Limits{Analyses: 3, QueueWait: 50 * time.Millisecond})
	id := flowID{key: "a", class: "test", weight: 1}
	a, err := g.enterThreads(context.Background(), id, 3)
	if err != nil {
		t.Fatal(err)
	}
	if g.busy != 3 {
		t.Errorf("three threads hold %d slots", g.busy)
	}
	// No slot is left: another call waits out the queue wait and is refused.
	if _, err := g.enter(context.Background(), flowID{key: "b", class: "test", weight: 1}); err == nil {
		t.Errorf("a fourth slot was granted")
	}
	a.done()
	if g.busy != 0 {
		t.Errorf("%d slots held after done", g.busy)
	}
	b, err := g.enterThreads(context.Background(), id, 2)
	if err != nil {
		t.Fatal(err)
	}
	b.done()
}

// TestSearchChancesOfFirstPlace checks that a four-player Martian Coaster Chaturanga search,
// whose default values positions by chances of first place, answers every player's chance in
// win_chance, the four adding up to 1, with values that are the expected utilities (1 for first,
// -1/3 otherwise) times 10000; over gRPC and over HTTP/JSON.
func TestSearchChancesOfFirstPlace(t *testing.T) {
	const afterAim = "y0r1b2g3 gqgd2ypyq/gp4yd/6/6/bd4rp/bqbp2rdrq -,-,-,- bl aim 0"
	s := startServer(t)
	s.overBoth(t, func(t *testing.T, tr transport) {
		resp, err := searchOver(t, tr, &pb.SearchRequest{Position: &pb.Position{Variant: "martian_coaster_chaturanga", Text: afterAim},
			MaxNodes: 20000, MultiPv: 2})
		if err != nil {
			t.Fatal(err)
		}
		if len(resp.GetLines()) != 2 {
			t.Fatalf("%d lines, want 2", len(resp.GetLines()))
		}
		for _, l := range resp.GetLines() {
			values := l.GetValues()
			if len(values) != 4 {
				t.Fatalf("line %s: %d values, want 4", l.GetMove().GetNotation(), len(values))
			}
			sum := 0.0
			for _, v := range values {
				c := v.GetWinChance()
				if v.WinChance == nil || c < 0 || c > 1 || v.WinIn != nil {
					t.Fatalf("line %s: %v", l.GetMove().GetNotation(), v)
				}
				if want := 10000 * (4*c - 1) / 3; math.Abs(v.GetValue()-want) > 10000*4*0.0005/3+0.01 {
					t.Errorf("line %s: %s's value %v, want about %v for chance %v", l.GetMove().GetNotation(), v.GetPlayer(), v.GetValue(), want, c)
				}
				sum += c
			}
			if math.Abs(sum-1) > 0.0025 {
				t.Errorf("line %s: chances %v add up to %v", l.GetMove().GetNotation(), values, sum)
			}
		}
	})
}

// TestSearchChancesChaturaji checks that four-player chaturaji's default search, whose values are
// leads in pawns, answers every player's chance of first place read from them: the four adding up
// to 1, the mover's rising with his value from line to line, the values still in pawns; over gRPC
// and over HTTP/JSON.
func TestSearchChancesChaturaji(t *testing.T) {
	v, _ := engine.Lookup("chaturaji")
	start, err := v.Start(nil)
	if err != nil {
		t.Fatal(err)
	}
	rolled, _ := start.Play(start.Moves(nil)[3])
	position := &pb.Position{Variant: "chaturaji", Text: rolled.String()}
	mover := rolled.ToMove()
	s := startServer(t)
	s.overBoth(t, func(t *testing.T, tr transport) {
		resp, err := searchOver(t, tr, &pb.SearchRequest{Position: position, MaxNodes: 20000, MultiPv: 4})
		if err != nil {
			t.Fatal(err)
		}
		if len(resp.GetLines()) < 2 {
			t.Fatalf("%d lines, want several", len(resp.GetLines()))
		}
		type read struct{ value, chance float64 }
		var movers []read
		for _, l := range resp.GetLines() {
			values := l.GetValues()
			if len(values) != 4 {
				t.Fatalf("line %s: %d values, want 4", l.GetMove().GetNotation(), len(values))
			}
			sum := 0.0
			for _, v := range values {
				c := v.GetWinChance()
				if v.WinChance == nil || c < 0 || c > 1 || math.Abs(v.GetValue()) > 100 {
					t.Fatalf("line %s: %v", l.GetMove().GetNotation(), v)
				}
				sum += c
			}
			if math.Abs(sum-1) > 0.0025 {
				t.Errorf("line %s: chances %v add up to %v", l.GetMove().GetNotation(), values, sum)
			}
			movers = append(movers, read{values[mover].GetValue(), values[mover].GetWinChance()})
		}
		slices.SortFunc(movers, func(a, b read) int { return cmp.Compare(a.value, b.value) })
		for i := 1; i < len(movers); i++ {
			if movers[i].chance < movers[i-1].chance-0.002 {
				t.Errorf("the mover's chances fall as his value rises: %v", movers)
			}
		}
	})
}

// TestSearchChancesTwoSides checks that Martian Chaturanga's default search (MCTS) answers each
// player's chance of winning as its playouts' mean reads, (1 + tanh(value / 3)) / 2, the two
// adding up to 1, while alpha-beta's chances stay what its averaged values stand for; over gRPC
// and over HTTP/JSON.
func TestSearchChancesTwoSides(t *testing.T) {
	const rolled = "rpmpr/ksksk/5/KSKSK/RPMPR l 2p,4s AEae - 0 1"
	position := &pb.Position{Variant: "martian_chaturanga", Text: rolled}
	s := startServer(t)
	s.overBoth(t, func(t *testing.T, tr transport) {
		resp, err := searchOver(t, tr, &pb.SearchRequest{Position: position, MaxNodes: 20000, MultiPv: 2})
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range resp.GetLines() {
			values := l.GetValues()
			if len(values) != 2 || values[0].WinChance == nil || values[1].WinChance == nil {
				t.Fatalf("line %s: %v", l.GetMove().GetNotation(), values)
			}
			for _, v := range values {
				if want := (1 + math.Tanh(v.GetValue()/3)) / 2; math.Abs(v.GetWinChance()-want) > 0.002 {
					t.Errorf("line %s: %s's chance %v, want about %v for value %v", l.GetMove().GetNotation(), v.GetPlayer(), v.GetWinChance(), want, v.GetValue())
				}
			}
			if sum := values[0].GetWinChance() + values[1].GetWinChance(); math.Abs(sum-1) > 0.0015 {
				t.Errorf("line %s: chances add up to %v", l.GetMove().GetNotation(), sum)
			}
		}
		ab, err := searchOver(t, tr, &pb.SearchRequest{Position: position, Depth: 2})
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range ab.GetLines()[0].GetValues() {
			if want := (1 + v.GetValue()/10000) / 2; math.Abs(v.GetWinChance()-want) > 0.0011 {
				t.Errorf("alpha-beta: %s's chance %v, want %v for value %v", v.GetPlayer(), v.GetWinChance(), want, v.GetValue())
			}
		}
	})
}

// In four-player chaturaji the chances Evaluate and a paranoid search answer add up to 1, where
// the two-sided reading gave every player about 0.5.
func TestFourPlayerChancesAddUp(t *testing.T) {
	s := startServer(t)
	start, err := s.rules.StartPosition(context.Background(), &pb.StartPositionRequest{Variant: "chaturaji"})
	if err != nil {
		t.Fatal(err)
	}
	rolled, err := s.rules.ResolveDice(context.Background(), &pb.ResolveDiceRequest{Position: start.GetPosition(), Values: []int32{3}})
	if err != nil {
		t.Fatal(err)
	}
	pos := &pb.Position{Variant: "chaturaji", Text: rolled.GetPosition().GetText()}
	eval, err := s.analysis.Evaluate(context.Background(), &pb.EvaluateRequest{Position: pos})
	if err != nil {
		t.Fatal(err)
	}
	res, err := s.analysis.Search(context.Background(), &pb.SearchRequest{Position: pos, Depth: 2, Algorithm: pb.SearchAlgorithm_SEARCH_ALGORITHM_PARANOID})
	if err != nil {
		t.Fatal(err)
	}
	for name, values := range map[string][]*pb.PlayerValue{"evaluate": eval.GetValues(), "paranoid search": res.GetLines()[0].GetValues()} {
		total := 0.0
		for _, v := range values {
			if v.WinChance == nil {
				t.Fatalf("%s: %s has no chance", name, v.GetPlayer())
			}
			total += v.GetWinChance()
		}
		if math.Abs(total-1) > 0.003 {
			t.Errorf("%s: chances %v add up to %.3f, want 1", name, values, total)
		}
	}
}
