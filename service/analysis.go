package service

import (
	"context"
	"time"

	"google.golang.org/protobuf/types/known/durationpb"

	"github.com/ashtapada/ashtapada/engine"
	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
)

// Analysis implements AnalysisService.
type Analysis struct {
	pb.UnimplementedAnalysisServiceServer
}

func (Analysis) Perft(ctx context.Context, req *pb.PerftRequest) (*pb.PerftResponse, error) {
	pos, err := positionFromProto(req.GetPosition(), "position")
	if err != nil {
		return nil, err
	}
	maxDepth := int32(pos.Variant().Describe().MaxPerftDepth)
	if req.GetDepth() < 1 || req.GetDepth() > maxDepth {
		return nil, invalid("DEPTH_OUT_OF_RANGE", "depth", "depth must be from 1 to %d for %s, got %d", maxDepth, pos.Variant().Describe().Name, req.GetDepth())
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
	depth := int(req.GetDepth())
	start := time.Now()
	resp := &pb.PerftResponse{}
	if !req.GetDivide() {
		resp.Nodes = pos.Perft(depth, rolls)
	} else {
		var buf [engine.MaxMoves]engine.Move
		chance := pos.Phase() == engine.PhaseRoll
		for _, m := range pos.Moves(buf[:0]) {
			if err := ctx.Err(); err != nil {
				return nil, statusError(codesFromContext(err), "CANCELLED", "", "perft stopped: "+err.Error())
			}
			child, _ := pos.Play(m)
			var n uint64
			if chance {
				n = child.Perft(depth, nil)
			} else {
				n = child.Perft(depth-1, rolls)
			}
			resp.Divide = append(resp.Divide, &pb.PerftEntry{Move: actionToProto(pos, m), Nodes: n})
			resp.Nodes += n
		}
	}
	elapsed := time.Since(start)
	resp.Elapsed = durationpb.New(elapsed)
	if s := elapsed.Seconds(); s > 0 {
		resp.NodesPerSecond = float64(resp.Nodes) / s
	}
	return resp, nil
}
