package service

import (
	"context"
	"errors"

	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/types/known/durationpb"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/search"
	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
)

var policies = map[pb.RolloutPolicy]search.Policy{
	pb.RolloutPolicy_ROLLOUT_POLICY_UNSPECIFIED: search.Random,
	pb.RolloutPolicy_ROLLOUT_POLICY_RANDOM:      search.Random,
	pb.RolloutPolicy_ROLLOUT_POLICY_GREEDY:      search.Greedy,
}

func (a *Analysis) Rollout(ctx context.Context, req *pb.RolloutRequest) (*pb.RolloutResponse, error) {
	pos, err := positionFromProto(req.GetPosition(), "position")
	if err != nil {
		return nil, err
	}
	if n := req.GetPlayouts(); n < 1 || n > maxPlayouts {
		return nil, invalid("PLAYOUTS_OUT_OF_RANGE", "playouts", "playouts must be from 1 to %d; got %d", maxPlayouts, n)
	}
	if n := req.GetMaxActions(); n < 0 || n > maxPlayoutActions {
		return nil, invalid("MAX_ACTIONS_OUT_OF_RANGE", "max_actions", "max_actions must be from 1 to %d, or 0 for %d; got %d",
			maxPlayoutActions, search.DefaultMaxActions, n)
	}
	policy, ok := policies[req.GetPolicy()]
	if !ok {
		return nil, invalid("UNKNOWN_POLICY", "policy", "unknown playout policy %d; want one of RolloutPolicy's values", req.GetPolicy())
	}
	root := pos
	if pos.Phase() == engine.PhaseFinished {
		return nil, statusError(codes.FailedPrecondition, "GAME_OVER", "position", "the game is over ("+pos.Outcome().Reason+"): there is nothing to play out")
	}
	seed := req.GetSeed()
	if req.Seed == nil {
		seed = randomSeed()
	}
	call, err := a.enter(ctx)
	if err != nil {
		return nil, err
	}
	defer call.done()
	res, err := search.Rollout(call.ctx, root, search.RolloutOptions{Playouts: int(req.GetPlayouts()), Seed: seed, Policy: policy, Pause: call.pause,
		MaxActions: int(req.GetMaxActions())})
	switch {
	case errors.Is(err, context.DeadlineExceeded) && call.serverDeadline && res.Playouts > 0:
		// The server's time limit: the playouts played are the answer.
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return nil, call.stopped(err, "rollout stopped")
	case err != nil:
		return nil, statusError(codes.FailedPrecondition, "ROLLOUT_FAILED", "position", err.Error())
	}
	// Means are rounded where further digits are noise: 4 places for rates and utilities.
	resp := &pb.RolloutResponse{Playouts: int32(res.Playouts), Unfinished: int32(res.Unfinished), MeanLength: round(res.MeanLength, 100),
		Actions: res.Actions, ActionsPerSecond: perSecond(res.Actions, res.Elapsed), Elapsed: durationpb.New(res.Elapsed), Seed: seed,
		Complete: err == nil}
	for p, name := range playerNames(pos) {
		st := &pb.RolloutStanding{Player: name}
		if p < len(res.Wins) {
			st.Wins, st.Draws, st.Losses = int32(res.Wins[p]), int32(res.Draws[p]), int32(res.Losses[p])
			st.MeanUtility = round(res.MeanUtility[p], 1e4)
		}
		if p < len(res.MeanScore) {
			st.MeanScore = round(res.MeanScore[p], 1e4)
		}
		if p < len(res.WinRateCI) && res.Playouts > 0 {
			st.WinRate = round(float64(res.Wins[p])/float64(res.Playouts), 1e4)
			st.WinRateLow, st.WinRateHigh = round(res.WinRateCI[p][0], 1e4), round(res.WinRateCI[p][1], 1e4)
		}
		resp.Players = append(resp.Players, st)
	}
	return resp, nil
}
