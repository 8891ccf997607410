package service

import (
	"errors"
	"fmt"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/types/known/durationpb"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/record"
	"github.com/ashtapada/ashtapada/engine/review"
	"github.com/ashtapada/ashtapada/engine/search"
	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
)

// defaultReviewTime is each position's search time in a review that names no budget.
const defaultReviewTime = 100 * time.Millisecond

// reviewJob is a validated ReviewGame request.
type reviewJob struct {
	start engine.Position
	moves []engine.Move
	// before holds the position each action is played in.
	before []engine.Position
	tags   []record.Tag
	opts   review.Options
	names  []string
	dice   bool
}

// newReviewJob validates a ReviewGame request against the analysis time a call may take.
func newReviewJob(req *pb.ReviewGameRequest, analysisTime time.Duration) (*reviewJob, error) {
	j := &reviewJob{}
	var err error
	switch {
	case req.GetRecord() != "" && (req.GetPosition() != nil || len(req.GetMoves()) > 0):
		return nil, invalid("INVALID_ARGUMENT", "record", "give either record, or position with moves, not both")
	case req.GetRecord() != "":
		err = j.readRecord(req.GetRecord())
	case req.GetPosition() != nil:
		err = j.readMoves(req.GetPosition(), req.GetMoves())
	default:
		return nil, invalid("MISSING_GAME", "record", "record is required, or position with moves: the game to review")
	}
	if err != nil {
		return nil, err
	}
	j.names = playerNames(j.start)
	j.dice = len(j.start.Variant().Describe().Dice) > 0
	for i, name := range req.GetPlayers() {
		p := -1
		for k, n := range j.names {
			if n == name {
				p = k
			}
		}
		if p < 0 {
			return nil, invalid("UNKNOWN_PLAYER", fmt.Sprintf("players[%d]", i), "%q is not a player of this game; want one of %v", engine.Text(name), j.names)
		}
		j.opts.Players = append(j.opts.Players, p)
	}
	limits := search.Limits{Depth: int(req.GetDepth()), Nodes: req.GetMaxNodes()}
	if d := req.GetDepth(); d < 0 || d > search.MaxDepth {
		return nil, invalid("DEPTH_OUT_OF_RANGE", "depth", "depth must be from 1 to %d, or 0 for no depth limit; got %d", search.MaxDepth, d)
	}
	positions := time.Duration(len(j.moves) + 1)
	if t := req.GetTimePerAction(); t != nil {
		if err := t.CheckValid(); err != nil || t.AsDuration() <= 0 {
			return nil, invalid("TIME_LIMIT_OUT_OF_RANGE", "time_per_action", "time_per_action must be a positive duration")
		}
		limits.Time = t.AsDuration()
		if total := limits.Time * positions; total > analysisTime {
			return nil, invalid("REVIEW_TOO_LONG", "time_per_action",
				"the review would take about %v (%d positions at %v), more than the server's analysis time of %v: give at most %v per action, or review fewer actions",
				total, positions, limits.Time, analysisTime, (analysisTime / positions).Truncate(time.Millisecond))
		}
	}
	if limits == (search.Limits{}) {
		limits.Time = min(defaultReviewTime, analysisTime/positions)
	}
	j.opts.Search = search.Options{Limits: limits}
	return j, nil
}

// readRecord reads the game of a record, which must replay to its end.
func (j *reviewJob) readRecord(text string) error {
	rec, err := record.Read(text, maxReviewActions)
	if err != nil {
		var re *record.Error
		if errors.As(err, &re) && re.TooLarge {
			return invalid("RECORD_TOO_LARGE", "record", "%s", re.Error())
		}
		return invalid("INVALID_RECORD", "record", "%s", err.Error())
	}
	steps, fail := rec.Play()
	if fail != nil {
		return invalid("INVALID_RECORD", "record", "action %d (%s), line %d: %s", fail.Index, engine.Text(fail.Notation), fail.Line, fail.Reason)
	}
	j.start = rec.Start
	for _, s := range steps {
		j.moves = append(j.moves, s.Move)
		j.before = append(j.before, s.Before)
	}
	for _, t := range rec.Tags {
		switch t.Name {
		case "Variant", "Options", "SetUp", "FEN", "Result", "Termination", "PlyCount", "Annotator":
		default:
			j.tags = append(j.tags, t)
		}
	}
	return nil
}

// readMoves reads a start position and the actions played from it.
func (j *reviewJob) readMoves(p *pb.Position, moves []*pb.Action) error {
	start, err := positionFromProto(p, "position")
	if err != nil {
		return err
	}
	j.start = start
	g := engine.NewGameAfter(start, nil)
	for i, a := range moves {
		field := fmt.Sprintf("moves[%d]", i)
		if g.Drawn() {
			return statusError(codes.FailedPrecondition, "GAME_OVER", field, "the game was drawn by repetition before this action")
		}
		m, reason, err := resolveAction(g.Position(), a, field)
		if err != nil {
			return err
		}
		if reason != "" {
			return invalid("ILLEGAL_ACTION", field, "%s", reason)
		}
		j.moves = append(j.moves, m)
		j.before = append(j.before, g.Position())
		g.Play(m)
	}
	return nil
}

func (a *Analysis) ReviewGame(req *pb.ReviewGameRequest, stream grpc.ServerStreamingServer[pb.ReviewGameResponse]) error {
	j, err := newReviewJob(req, a.gate.limits.AnalysisTime)
	if err != nil {
		return err
	}
	call, err := a.enter(stream.Context())
	if err != nil {
		return err
	}
	defer call.done()
	out := newAnswerWriter(stream.Send)
	s := a.searchers.get()
	opts := j.opts
	opts.Search.Pause = call.pause
	var steps []review.Step
	sum, err := review.Review(call.ctx, s, j.start, j.moves, opts, func(st review.Step) error {
		steps = append(steps, st)
		out.put(call.ctx, &pb.ReviewGameResponse{Item: &pb.ReviewGameResponse_Action{Action: j.step(st)}})
		return nil
	})
	a.searchers.put(s)
	var final *pb.ReviewGameResponse
	switch {
	case err == nil:
		var summary *pb.GameReview
		summary, err = j.summary(steps, sum)
		final = &pb.ReviewGameResponse{Item: &pb.ReviewGameResponse_Summary{Summary: summary}}
	case call.ctx.Err() != nil:
		err = call.stopped(call.ctx.Err(), "review")
	default:
		err = statusError(codes.FailedPrecondition, "REVIEW_FAILED", "", err.Error())
	}
	if werr := out.finish(final, final != nil); werr != nil && (err == nil || werr == errNotRead) {
		return werr
	}
	return err
}

// step converts one action's review.
func (j *reviewJob) step(st review.Step) *pb.ActionReview {
	pos := j.before[st.Index]
	out := &pb.ActionReview{Action: actionToProto(pos, st.Move), Index: int32(st.Index), Total: int32(st.Total), Loss: round(st.Loss, 1000),
		Judgement: judgements[st.Judgement], Forced: st.Forced, Depth: int32(st.Depth), Nodes: st.Nodes,
		Before: j.values(st.Before), After: j.values(st.After)}
	if st.Player >= 0 {
		out.Player = j.names[st.Player]
		if legal(pos, st.Best) {
			out.BestAction = actionToProto(pos, st.Best)
		}
	}
	if st.Judgement != review.Unjudged {
		acc := round(st.Accuracy, 10)
		out.Accuracy = &acc
	}
	for p, l := range st.Luck {
		out.Luck = append(out.Luck, &pb.PlayerLuck{Player: j.names[p], Luck: round(l, 1000)})
	}
	return out
}

var judgements = map[review.Judgement]pb.Judgement{
	review.Unjudged:       pb.Judgement_JUDGEMENT_UNSPECIFIED,
	review.Best:           pb.Judgement_JUDGEMENT_BEST,
	review.Good:           pb.Judgement_JUDGEMENT_GOOD,
	review.InaccuracyMark: pb.Judgement_JUDGEMENT_INACCURACY,
	review.MistakeMark:    pb.Judgement_JUDGEMENT_MISTAKE,
	review.BlunderMark:    pb.Judgement_JUDGEMENT_BLUNDER,
}

// values converts a position's values, with the review's chances.
func (j *reviewJob) values(v review.Values) []*pb.PlayerValue {
	out := make([]*pb.PlayerValue, len(v.Values))
	for p, x := range v.Values {
		out[p] = playerValue(j.names[p], x, j.dice)
		c := round(v.Chances[p], 1000)
		out[p].WinChance = &c
	}
	return out
}

// summary converts the summary and writes the annotated record.
func (j *reviewJob) summary(steps []review.Step, sum review.Summary) (*pb.GameReview, error) {
	text, err := review.Record(j.start, j.moves, steps, sum, j.tags)
	if err != nil {
		return nil, statusError(codes.Internal, "REVIEW_FAILED", "", "the annotated record: "+err.Error())
	}
	out := &pb.GameReview{Record: text, Searches: int32(sum.Searches), Nodes: sum.Nodes, Elapsed: durationpb.New(sum.Elapsed)}
	for _, p := range sum.Players {
		pr := &pb.PlayerReview{Player: j.names[p.Player], Judged: int32(p.Judged),
			Inaccuracies: int32(p.Inaccuracies), Mistakes: int32(p.Mistakes), Blunders: int32(p.Blunders),
			MeanLoss: round(p.MeanLoss, 1000), Result: round(p.Result, 1000)}
		if p.Judged > 0 {
			acc := round(p.Accuracy, 10)
			pr.Accuracy = &acc
		}
		if sum.Dice {
			luck, adjusted := round(p.Luck, 1000), round(p.LuckAdjusted, 1000)
			pr.Luck, pr.LuckAdjustedResult = &luck, &adjusted
		}
		out.Players = append(out.Players, pr)
	}
	return out, nil
}
