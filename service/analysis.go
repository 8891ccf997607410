package service

import (
	"context"
	"errors"
	"strconv"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/types/known/durationpb"

	"github.com/ashtapada/ashtapada/engine"
	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
)

// Analysis implements AnalysisService.
type Analysis struct {
	pb.UnimplementedAnalysisServiceServer
}

// Perft bounds: any depth a request may name, and the positions one count may visit.
const (
	maxPerftDepth      = 64
	defaultPerftBudget = 2_000_000_000
)

func (Analysis) Perft(ctx context.Context, req *pb.PerftRequest) (*pb.PerftResponse, error) {
	pos, err := positionFromProto(req.GetPosition(), "position")
	if err != nil {
		return nil, err
	}
	if req.GetDepth() < 1 || req.GetDepth() > maxPerftDepth {
		return nil, invalid("DEPTH_OUT_OF_RANGE", "depth", "depth must be from 1 to %d, got %d", maxPerftDepth, req.GetDepth())
	}
	if len(req.GetRolls()) > maxListLen {
		return nil, invalid("INVALID_DICE", "rolls", "at most %d fixed rolls", maxListLen)
	}
	var rolls [][]int
	for _, r := range req.GetRolls() {
		if len(r.GetValues()) > maxDiceCount {
			return nil, invalid("INVALID_DICE", "rolls", "a roll has at most %d dice", maxDiceCount)
		}
		vals := make([]int, len(r.GetValues()))
		for i, v := range r.GetValues() {
			vals[i] = int(v)
		}
		rolls = append(rolls, vals)
	}
	budget := req.GetMaxNodes()
	if budget == 0 || budget > defaultPerftBudget {
		budget = defaultPerftBudget
	}
	start := time.Now()
	res, err := engine.Perft(ctx, pos, int(req.GetDepth()), engine.PerftOptions{Rolls: rolls, Budget: budget, Divide: req.GetDivide()})
	switch {
	case errors.Is(err, engine.ErrBudget):
		return nil, statusError(codes.ResourceExhausted, "NODE_BUDGET_EXHAUSTED", "max_nodes",
			"the count needs more than the node budget of "+strconv.FormatUint(budget, 10)+" positions: lower depth or raise max_nodes")
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return nil, statusError(codesFromContext(err), "CANCELLED", "", "perft stopped: "+err.Error())
	case err != nil:
		return nil, invalid("INVALID_DICE", "rolls", "%v", err)
	}
	elapsed := time.Since(start)
	resp := &pb.PerftResponse{Nodes: res.Nodes, Visited: res.Visited, Elapsed: durationpb.New(elapsed)}
	for _, d := range res.Divide {
		resp.Divide = append(resp.Divide, &pb.PerftEntry{Move: actionToProto(pos, d.Move), Nodes: d.Nodes})
	}
	if s := elapsed.Seconds(); s > 0 {
		resp.NodesPerSecond = float64(resp.Nodes) / s
	}
	return resp, nil
}
