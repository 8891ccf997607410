package service

import (
	"context"
	"math"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"

	"github.com/ashtapada/ashtapada/engine"

	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
)

// startOf is the start position of a variant with its default options.
func startOf(t testing.TB, variant string) *pb.Position {
	t.Helper()
	v, ok := engine.Lookup(variant)
	if !ok {
		t.Fatalf("no variant %s", variant)
	}
	pos, err := v.Start(nil)
	if err != nil {
		t.Fatal(err)
	}
	return &pb.Position{Variant: variant, Text: pos.String()}
}

func rolloutOver(t *testing.T, tr transport, req *pb.RolloutRequest) (*pb.RolloutResponse, error) {
	t.Helper()
	resp := &pb.RolloutResponse{}
	err := tr.call(t, analysisMethod+"Rollout", "/v1/analysis:rollout", req, resp)
	return resp, err
}

func TestRollout(t *testing.T) {
	s := startServer(t)
	seed := uint64(11)
	s.overBoth(t, func(t *testing.T, tr transport) {
		for _, c := range []struct {
			pos    *pb.Position
			policy pb.RolloutPolicy
		}{
			{chaturanga(middlegame), pb.RolloutPolicy_ROLLOUT_POLICY_RANDOM},
			{chaturanga(middlegame), pb.RolloutPolicy_ROLLOUT_POLICY_GREEDY},
			{startOf(t, "chaturaji"), pb.RolloutPolicy_ROLLOUT_POLICY_UNSPECIFIED},
		} {
			req := &pb.RolloutRequest{Position: c.pos, Playouts: 40, Seed: &seed, Policy: c.policy}
			a, err := rolloutOver(t, tr, req)
			if err != nil {
				t.Fatal(err)
			}
			b, err := rolloutOver(t, tr, req)
			if err != nil {
				t.Fatal(err)
			}
			if a.GetPlayouts() != 40 || !a.GetComplete() || a.GetSeed() != seed || a.GetActions() == 0 || a.GetActionsPerSecond() <= 0 {
				t.Errorf("%s %v: %v", c.pos.GetVariant(), c.policy, a)
			}
			// The same seed plays the same games.
			a.Elapsed, b.Elapsed, a.ActionsPerSecond, b.ActionsPerSecond = nil, nil, 0, 0
			if !proto.Equal(a, b) {
				t.Errorf("%s %v: one seed, two results:\n%v\n%v", c.pos.GetVariant(), c.policy, a, b)
			}
			finished := a.GetPlayouts() - a.GetUnfinished()
			for _, p := range a.GetPlayers() {
				if p.GetWins()+p.GetDraws()+p.GetLosses() != finished {
					t.Errorf("%s: %s won %d, drew %d, lost %d of %d finished games", c.pos.GetVariant(), p.GetPlayer(), p.GetWins(), p.GetDraws(), p.GetLosses(), finished)
				}
				if p.GetWinRateLow() > p.GetWinRate() || p.GetWinRate() > p.GetWinRateHigh() || p.GetWinRateHigh() > 1 || p.GetWinRateLow() < 0 {
					t.Errorf("%s: win rate %v outside its interval [%v, %v]", p.GetPlayer(), p.GetWinRate(), p.GetWinRateLow(), p.GetWinRateHigh())
				}
				if p.GetMeanUtility() < -1 || p.GetMeanUtility() > 1 {
					t.Errorf("%s: mean utility %v", p.GetPlayer(), p.GetMeanUtility())
				}
			}
			if want := math.Round(float64(a.GetActions())/float64(a.GetPlayouts())*100) / 100; a.GetMeanLength() != want {
				t.Errorf("mean length %v, want %v", a.GetMeanLength(), want)
			}
		}
	})
	// Chaturaji counts points.
	resp, err := s.analysis.Rollout(context.Background(), &pb.RolloutRequest{Position: startOf(t, "chaturaji"), Playouts: 10, Seed: &seed})
	if err != nil || len(resp.GetPlayers()) != 4 || resp.GetPlayers()[0].GetMeanScore() == 0 {
		t.Errorf("chaturaji scores: %v %v", resp, err)
	}
	// Capped games are unfinished.
	resp, err = s.analysis.Rollout(context.Background(), &pb.RolloutRequest{Position: chaturanga(startFEN), Playouts: 5, MaxActions: 2})
	if err != nil || resp.GetUnfinished() != 5 || resp.GetMeanLength() != 2 {
		t.Errorf("max_actions 2: %v %v", resp, err)
	}
}

// The server's time limit cuts a rollout short; it answers with the games it played.
func TestRolloutTimeLimit(t *testing.T) {
	s := startServerWith(t, Limits{AnalysisTime: 100 * time.Millisecond})
	start := time.Now()
	resp, err := s.analysis.Rollout(context.Background(), &pb.RolloutRequest{Position: startOf(t, "chaturaji"), Playouts: maxPlayouts})
	if err != nil || resp.GetComplete() || resp.GetPlayouts() == 0 || resp.GetPlayouts() == maxPlayouts {
		t.Errorf("rollout past the server's limit: complete %v, %d playouts, %v", resp.GetComplete(), resp.GetPlayouts(), err)
	}
	if took := time.Since(start); took > 2*time.Second {
		t.Errorf("stopped after %v", took)
	}
}

func TestRolloutErrors(t *testing.T) {
	s := startServer(t)
	tests := []struct {
		name   string
		req    *pb.RolloutRequest
		code   codes.Code
		reason string
		field  string
	}{
		{"no playouts", &pb.RolloutRequest{Position: chaturanga(startFEN)}, codes.InvalidArgument, "PLAYOUTS_OUT_OF_RANGE", "playouts"},
		{"too many playouts", &pb.RolloutRequest{Position: chaturanga(startFEN), Playouts: maxPlayouts + 1}, codes.InvalidArgument, "PLAYOUTS_OUT_OF_RANGE", "playouts"},
		{"negative cap", &pb.RolloutRequest{Position: chaturanga(startFEN), Playouts: 1, MaxActions: -1}, codes.InvalidArgument, "MAX_ACTIONS_OUT_OF_RANGE", "max_actions"},
		{"unknown policy", &pb.RolloutRequest{Position: chaturanga(startFEN), Playouts: 1, Policy: 7}, codes.InvalidArgument, "UNKNOWN_POLICY", "policy"},
		{"finished game", &pb.RolloutRequest{Position: chaturanga(mated), Playouts: 1}, codes.FailedPrecondition, "GAME_OVER", "position"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s.overBoth(t, func(t *testing.T, tr transport) {
				_, err := rolloutOver(t, tr, tt.req)
				if code, reason, field := errorDetails(err); code != tt.code || reason != tt.reason || field != tt.field {
					t.Errorf("got %v %s %q, want %v %s %q", code, reason, field, tt.code, tt.reason, tt.field)
				}
			})
		})
	}
}
