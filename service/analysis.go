package service

import (
	"context"
	"errors"
	"math"
	"strconv"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/types/known/durationpb"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/search"
	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
)

// Analysis implements AnalysisService. Every call passes its gate: at most Limits.Analyses run at
// once, each for at most Limits.AnalysisTime, shared fairly among the clients' flows.
type Analysis struct {
	pb.UnimplementedAnalysisServiceServer
	gate      *fairGate
	flows     flowNamer
	searchers *searcherPool
}

// NewAnalysis returns the analysis service under the given limits.
func NewAnalysis(l Limits) *Analysis {
	g := newFairGate(l)
	return &Analysis{gate: g, searchers: newSearcherPool(g.limits.Analyses)}
}

// enter admits a call to the analysis, in its flow.
func (a *Analysis) enter(ctx context.Context) (*admission, error) {
	return a.gate.enter(ctx, a.flows.flow(ctx))
}

// defaultPerftBudget is the most positions one perft may visit.
const defaultPerftBudget = 2_000_000_000

func (a *Analysis) Perft(ctx context.Context, req *pb.PerftRequest) (*pb.PerftResponse, error) {
	pos, err := positionFromProto(req.GetPosition(), "position")
	if err != nil {
		return nil, err
	}
	if req.GetDepth() < 1 || req.GetDepth() > maxPerftDepth {
		return nil, invalid("DEPTH_OUT_OF_RANGE", "depth", "depth must be from 1 to %d, got %d", maxPerftDepth, req.GetDepth())
	}
	if len(req.GetRolls()) > maxRolls {
		return nil, invalid("INVALID_DICE", "rolls", "at most %d fixed rolls", maxRolls)
	}
	var rolls [][]int
	for i, r := range req.GetRolls() {
		if len(r.GetValues()) > maxDiceCount {
			return nil, invalid("INVALID_DICE", "rolls["+strconv.Itoa(i)+"].values", "a roll has at most %d dice", maxDiceCount)
		}
		vals := make([]int, len(r.GetValues()))
		for j, v := range r.GetValues() {
			vals[j] = int(v)
		}
		rolls = append(rolls, vals)
	}
	if _, err := engine.CheckRolls(pos, rolls); err != nil {
		return nil, rollsStatus(err)
	}
	budget := req.GetMaxNodes()
	if budget == 0 || budget > defaultPerftBudget {
		budget = defaultPerftBudget
	}
	call, err := a.enter(ctx)
	if err != nil {
		return nil, err
	}
	defer call.done()
	start := time.Now()
	res, err := engine.Perft(call.ctx, pos, int(req.GetDepth()), engine.PerftOptions{Rolls: rolls, Budget: budget, Divide: req.GetDivide(), Pause: call.pause})
	switch {
	case errors.Is(err, engine.ErrBudget):
		return nil, statusError(codes.ResourceExhausted, "NODE_BUDGET_EXHAUSTED", "max_nodes",
			"the count needs more than the node budget of "+strconv.FormatUint(budget, 10)+" positions: lower depth or raise max_nodes")
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return nil, call.stopped(err, "perft stopped after "+strconv.FormatUint(res.Visited, 10)+" positions")
	case err != nil:
		return nil, rollsStatus(err)
	}
	elapsed := time.Since(start) - call.paused
	resp := &pb.PerftResponse{Nodes: res.Nodes, Visited: res.Visited, Elapsed: durationpb.New(elapsed)}
	for _, d := range res.Divide {
		resp.Divide = append(resp.Divide, &pb.PerftEntry{Move: actionToProto(pos, d.Move), Nodes: d.Nodes})
	}
	resp.NodesPerSecond = perSecond(resp.Nodes, elapsed)
	return resp, nil
}

// rollsStatus names the fixed roll at fault: rolls[i].values, or rolls for a game without dice.
func rollsStatus(err error) error {
	var re *engine.RollsError
	if !errors.As(err, &re) {
		return statusError(codes.Internal, "INTERNAL", "", "internal error")
	}
	field := "rolls"
	if re.Index >= 0 {
		field = "rolls[" + strconv.Itoa(re.Index) + "].values"
	}
	return invalid("INVALID_DICE", field, "%s", re.Error())
}

// perSecond is a rate, 0 for no time.
func perSecond(n uint64, d time.Duration) float64 {
	if s := d.Seconds(); s > 0 {
		return float64(n) / s
	}
	return 0
}

func (a *Analysis) Evaluate(ctx context.Context, req *pb.EvaluateRequest) (*pb.EvaluateResponse, error) {
	pos, err := positionFromProto(req.GetPosition(), "position")
	if err != nil {
		return nil, err
	}
	n := pos
	call, err := a.enter(ctx)
	if err != nil {
		return nil, err
	}
	defer call.done()
	names := playerNames(pos)
	var e [engine.MaxPlayers]float64
	n.Evaluate(e[:len(names)])
	dice := len(pos.Variant().Describe().Dice) > 0
	var chances []float64
	var u [engine.MaxPlayers]float64
	if dice && n.Utility(u[:len(names)]) {
		chances = make([]float64, len(names))
		if err := search.FinishedChances(n, u[:len(names)], chances); err != nil {
			return nil, statusError(codes.Internal, "INTERNAL", "", "internal error")
		}
	}
	resp := &pb.EvaluateResponse{Values: playerValues(names, e[:len(names)], manySidesChances(n, e[:len(names)], chances), dice)}
	terms := n.Terms()
	balanceTerms(terms, e[:len(names)])
	for _, t := range terms {
		resp.Terms = append(resp.Terms, &pb.EvaluationTerm{Name: t.Name, Values: playerValues(names, t.Values, nil, false)})
	}
	return resp, nil
}

// balanceTerms rounds the terms' values to hundredths (valueSteps) as playerValue rounds the value, and
// moves what their rounding lost onto each player's largest term, so that the terms a client
// shows still add up to the value it shows.
func balanceTerms(terms []engine.EvalTerm, values []float64) {
	for p, v := range values {
		lost, largest := math.Round(v*valueSteps), -1
		for i, t := range terms {
			if p >= len(t.Values) {
				continue
			}
			t.Values[p] = math.Round(t.Values[p] * valueSteps)
			lost -= t.Values[p]
			if largest < 0 || math.Abs(t.Values[p]) > math.Abs(terms[largest].Values[p]) {
				largest = i
			}
		}
		for i, t := range terms {
			if p >= len(t.Values) {
				continue
			}
			if i == largest {
				t.Values[p] += lost
			}
			t.Values[p] /= valueSteps
		}
	}
}

// playerNames lists a position's players in turn order.
func playerNames(pos engine.Position) []string {
	players := engine.Seats(pos)
	out := make([]string, len(players))
	for i, p := range players {
		out[i] = p.Name
	}
	return out
}

// manySidesChances is chances, or where they are nil in a game with dice and more than two sides,
// the chances the values stand for (search.ValueChances), which add up to 1 over the sides: the
// two-sided reading of a value, (1 + value/10000) / 2, gives every one of four players about 0.5.
func manySidesChances(pos engine.Position, values, chances []float64) []float64 {
	if chances != nil || len(pos.Variant().Describe().Dice) == 0 {
		return chances
	}
	sides, err := search.Sides(pos)
	if err != nil {
		return nil
	}
	n := 0
	for p, side := range sides {
		if side == p {
			n++
		}
	}
	if n <= 2 {
		return nil
	}
	c := make([]float64, len(values))
	search.ValueChances(sides, values, c)
	return c
}

// playerValues converts every named player's value; chances, where the search estimated them
// (search.Line.Chances), are the win chances instead of what the values stand for.
func playerValues(names []string, values, chances []float64, dice bool) []*pb.PlayerValue {
	out := make([]*pb.PlayerValue, 0, len(values))
	for i, v := range values {
		if i >= len(names) {
			continue
		}
		pv := playerValue(names[i], v, dice)
		if i < len(chances) {
			c := round(chances[i], 1000)
			pv.WinChance = &c
		}
		out = append(out, pv)
	}
	return out
}

// playerValue is a value in pawns as people read it: rounded to 0.01 pawn, without -0; a proven
// result also as the actions to it; in games with dice also as a chance of winning.
func playerValue(name string, v float64, dice bool) *pb.PlayerValue {
	out := &pb.PlayerValue{Player: name, Value: round(v, valueSteps)}
	if dice {
		chance := round((1+max(-1, min(1, v/engine.WinValue)))/2, 1000)
		out.WinChance = &chance
	}
	if actions, ok := engine.ProvenIn(v, dice); ok {
		n := int32(actions)
		out.WinIn = &n
	}
	return out
}

// valueSteps is how finely values reach clients: hundredths of a pawn.
const valueSteps = 100

// round rounds v to 1/per, and never gives -0.
func round(v, per float64) float64 {
	r := math.Round(v*per) / per
	if r == 0 {
		return 0
	}
	return r
}
