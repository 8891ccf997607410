package service

import (
	"context"
	crand "crypto/rand"
	"encoding/binary"
	"errors"
	"math/rand/v2"
	"slices"
	"strconv"

	"google.golang.org/grpc/codes"

	"github.com/ashtapada/ashtapada/engine"
	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
)

// Rules implements RulesService over the engine's registered variants.
type Rules struct {
	pb.UnimplementedRulesServiceServer
}

func (Rules) ListVariants(context.Context, *pb.ListVariantsRequest) (*pb.ListVariantsResponse, error) {
	resp := &pb.ListVariantsResponse{}
	for _, v := range engine.Variants() {
		d := v.Describe()
		resp.Variants = append(resp.Variants, &pb.VariantSummary{Name: d.Name, Title: d.Title, Summary: d.Summary,
			MinPlayers: int32(d.MinPlayers), MaxPlayers: int32(d.MaxPlayers), Options: optionSpecsToProto(d.Options)})
	}
	return resp, nil
}

func (Rules) GetVariant(_ context.Context, req *pb.GetVariantRequest) (*pb.GetVariantResponse, error) {
	v, err := lookupVariant(req.GetName(), "name")
	if err != nil {
		return nil, err
	}
	return &pb.GetVariantResponse{Variant: variantToProto(v.Describe())}, nil
}

func (Rules) StartPosition(_ context.Context, req *pb.StartPositionRequest) (*pb.StartPositionResponse, error) {
	v, err := lookupVariant(req.GetVariant(), "variant")
	if err != nil {
		return nil, err
	}
	opts, err := optionsFromProto(req.GetOptions())
	if err != nil {
		return nil, err
	}
	pos, err := v.Start(opts)
	if err != nil {
		return nil, toStatus(err, "options")
	}
	return &pb.StartPositionResponse{Position: positionToProto(pos)}, nil
}

func (Rules) ListLegalMoves(_ context.Context, req *pb.ListLegalMovesRequest) (*pb.ListLegalMovesResponse, error) {
	pos, err := positionFromProto(req.GetPosition(), "position")
	if err != nil {
		return nil, err
	}
	game, err := readHistory(req.GetHistory(), pos, "history")
	if err != nil {
		return nil, err
	}
	return listMoves(game, req.GetView()), nil
}

// listMoves is ListLegalMoves' answer for the game.
func listMoves(game *engine.Game, view pb.MoveView) *pb.ListLegalMovesResponse {
	pos := game.Position()
	toMove := engine.Seats(pos)[pos.ToMove()].Name
	if game.Drawn() {
		return &pb.ListLegalMovesResponse{ToMove: toMove, Phase: pb.Phase_PHASE_FINISHED, Reason: engine.ReasonRepetition,
			RepetitionChecked: true}
	}
	var buf [engine.MaxMoves]engine.Move
	moves := pos.Moves(buf[:0])
	phase := pos.Phase()
	resp := &pb.ListLegalMovesResponse{ToMove: toMove, Phase: phaseToProto(phase),
		Chance: phase == engine.PhaseRoll, RepetitionChecked: game.Checked()}
	if phase == engine.PhaseFinished {
		resp.Reason = pos.Outcome().Reason
	}
	if len(moves) == 0 {
		return resp
	}
	// One allocation for all the actions instead of one each.
	actions := make([]pb.Action, len(moves))
	resp.Moves = make([]*pb.Action, len(moves))
	for i, m := range moves {
		a := &actions[i]
		resp.Moves[i] = a
		if view == pb.MoveView_MOVE_VIEW_NOTATION {
			// The compact view is for programs: no SAN, which is for display.
			a.Notation, a.Kind = pos.Notation(m), actionKindToProto(pos.Action(m).Kind)
			continue
		}
		fillAction(a, pos, m)
		a.Player = "" // the same for every move: the response's to_move
	}
	return resp
}

// nextTurn is what ListLegalMoves and ScorePosition answer for the game, in one.
func nextTurn(game *engine.Game, view pb.MoveView) *pb.NextTurn {
	l, sc := listMoves(game, view), score(game)
	return &pb.NextTurn{ToMove: l.GetToMove(), Moves: l.GetMoves(), Chance: l.GetChance(), Phase: l.GetPhase(),
		Status: sc.GetStatus(), Winners: sc.GetWinners(), Reason: sc.GetReason(), DecidedBy: sc.GetDecidedBy(), Standings: sc.GetStandings(), Teams: sc.GetTeams()}
}

func (Rules) ValidateMove(_ context.Context, req *pb.ValidateMoveRequest) (*pb.ValidateMoveResponse, error) {
	pos, err := positionFromProto(req.GetPosition(), "position")
	if err != nil {
		return nil, err
	}
	game, err := readHistory(req.GetHistory(), pos, "history")
	if err != nil {
		return nil, err
	}
	if game.Drawn() {
		return nil, errDrawn(game, "position")
	}
	m, reason, err := resolveAction(pos, req.GetMove(), "move")
	if err != nil {
		return nil, err
	}
	if reason != "" {
		return &pb.ValidateMoveResponse{Legal: false, Reason: reason, RepetitionChecked: game.Checked()}, nil
	}
	after, events := game.After(m)
	move := actionToProto(pos, m)
	resp := &pb.ValidateMoveResponse{Legal: true, Move: move, Position: positionToProto(after.Position()), Events: eventsToProto(events),
		RepetitionChecked: game.Checked(), RepetitionDraw: after.Drawn()}
	resp.Position.LastAction = move
	if req.GetIncludeNext() {
		resp.Next = nextTurn(after, req.GetNextView())
	}
	return resp, nil
}

func (Rules) ApplyMoves(_ context.Context, req *pb.ApplyMovesRequest) (*pb.ApplyMovesResponse, error) {
	pos, err := positionFromProto(req.GetPosition(), "position")
	if err != nil {
		return nil, err
	}
	if len(req.GetMoves()) > maxActions {
		return nil, invalid("TOO_MANY_ACTIONS", "moves", "at most %d actions per request, got %d", maxActions, len(req.GetMoves()))
	}
	game, err := readHistory(req.GetHistory(), pos, "history")
	if err != nil {
		return nil, err
	}
	if len(req.GetMoves()) > 0 && pos.Phase() == engine.PhaseFinished {
		return nil, toStatus(engine.ErrGameOver, "position")
	}
	if len(req.GetMoves()) > 0 && game.Drawn() {
		return nil, errDrawn(game, "position")
	}
	resp := &pb.ApplyMovesResponse{RepetitionChecked: game.Checked()}
	var last *pb.Action
	for i, a := range req.GetMoves() {
		field := "moves[" + strconv.Itoa(i) + "]"
		var m engine.Move
		var reason string
		switch {
		case pos.Phase() == engine.PhaseFinished:
			reason = "the game is over"
		case game.Drawn():
			reason = "the game is over: drawn by repetition"
		default:
			if m, reason, err = resolveAction(pos, a, field); err != nil {
				return nil, err
			}
		}
		if reason != "" {
			resp.Failure = &pb.MoveFailure{Index: int32(i), Notation: a.GetNotation(), Reason: reason}
			break
		}
		applied := actionToProto(pos, m)
		last = applied
		events := game.Play(m)
		pos = game.Position()
		resp.Steps = append(resp.Steps, &pb.AppliedMove{Move: applied, Events: eventsToProto(events), Text: pos.String(), Key: pos.Key()})
		resp.Applied++
	}
	resp.Position = positionToProto(pos)
	resp.Position.LastAction = last
	resp.RepetitionDraw = game.Drawn()
	if req.GetIncludeNext() {
		resp.Next = nextTurn(game, req.GetNextView())
	}
	return resp, nil
}

func (Rules) RollDice(_ context.Context, req *pb.RollDiceRequest) (*pb.RollDiceResponse, error) {
	pos, err := positionFromProto(req.GetPosition(), "position")
	if err != nil {
		return nil, err
	}
	if err := checkRollPhase(pos); err != nil {
		return nil, err
	}
	seed := req.GetSeed()
	if req.Seed == nil {
		seed = randomSeed()
	}
	child, events, values, err := throwDice(pos, seed)
	if err != nil {
		return nil, err
	}
	resp := &pb.RollDiceResponse{Position: positionToProto(child), Events: eventsToProto(events), Seed: seed}
	for _, v := range values {
		resp.Values = append(resp.Values, int32(v))
	}
	resp.Position.LastAction = rollAction(pos, resp.Values, false)
	if req.GetIncludeNext() {
		resp.Next = nextTurn(engine.NewGame(child), req.GetNextView())
	}
	return resp, nil
}

// randomSeed picks a seed for a request that gives none; the answer returns it.
func randomSeed() uint64 {
	var b [8]byte
	_, _ = crand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}

// throwDice throws the dice of pos from seed alone (engine.ThrowDice).
func throwDice(pos engine.Position, seed uint64) (engine.Position, []engine.Event, []int, error) {
	values, child, events, err := engine.ThrowDice(pos, rand.New(rand.NewPCG(seed, 0x6173687461706164))) // "ashtapad"
	switch {
	case errors.Is(err, engine.ErrNoCountedRoll):
		return nil, nil, nil, statusError(codes.Internal, "ROLL_FAILED", "seed", "no counted roll after many throws")
	case err != nil:
		return nil, nil, nil, toStatus(err, "position")
	}
	return child, events, values, nil
}

func checkRollPhase(pos engine.Position) error {
	switch pos.Phase() {
	case engine.PhaseRoll:
		return nil
	case engine.PhaseFinished:
		return toStatus(engine.ErrGameOver, "position")
	}
	if len(pos.Dice()) == 0 {
		return statusError(codes.FailedPrecondition, "NO_DICE", "position.variant", pos.Variant().Describe().Name+" is played without dice")
	}
	return toStatus(engine.ErrNotRollPhase, "position")
}

func (Rules) ResolveDice(_ context.Context, req *pb.ResolveDiceRequest) (*pb.ResolveDiceResponse, error) {
	pos, err := positionFromProto(req.GetPosition(), "position")
	if err != nil {
		return nil, err
	}
	if len(req.GetValues()) == 0 || len(req.GetValues()) > maxDiceCount {
		return nil, invalid("INVALID_DICE", "values", "give the value of every die rolled, got %d values", len(req.GetValues()))
	}
	if err := checkRollPhase(pos); err != nil {
		return nil, err
	}
	values := make([]int, len(req.GetValues()))
	for i, v := range req.GetValues() {
		values[i] = int(v)
	}
	child, events, err := pos.Roll(values)
	if err != nil {
		return nil, diceError(err, "values")
	}
	again := engine.RollAgain(events)
	resp := &pb.ResolveDiceResponse{Position: positionToProto(child), Events: eventsToProto(events), RollAgain: again}
	resp.Position.LastAction = rollAction(pos, req.GetValues(), again)
	if req.GetIncludeNext() {
		resp.Next = nextTurn(engine.NewGame(child), req.GetNextView())
	}
	return resp, nil
}

// diceError is the error for dice values given in field that the position refuses: the message
// names the field, not the engine's name for the dice.
func diceError(err error, field string) error {
	var syntax *engine.SyntaxError
	var illegal *engine.IllegalError
	var rolls *engine.RollsError
	switch {
	case errors.As(err, &syntax):
		return invalid("MALFORMED_ACTION", field, "%s do not fit the dice: %s", field, syntax.Reason)
	case errors.As(err, &rolls):
		return invalid("MALFORMED_ACTION", field, "%s do not fit the dice: %s", field, rolls.Reason)
	case errors.As(err, &illegal):
		return invalid("ILLEGAL_ACTION", field, "%s are not a possible roll: %s", field, illegal.Reason)
	}
	return toStatus(err, field)
}

// rollAction is the roll of pos with these values, in full: the chance outcome they are, or for
// values that do not count (again) a roll with its values alone.
func rollAction(pos engine.Position, values []int32, again bool) *pb.Action {
	if !again {
		ints := make([]int, len(values))
		for i, v := range values {
			ints[i] = int(v)
		}
		if m, err := pos.RollMove(ints); err == nil {
			return actionToProto(pos, m)
		}
	}
	a := &pb.Action{Kind: pb.ActionKind_ACTION_KIND_ROLL, Player: engine.Seats(pos)[pos.ToMove()].Name,
		Dice: slices.Clone(values)}
	for _, t := range pos.Variant().Describe().Actions {
		if t.Kind == engine.ActionRoll {
			a.Name = t.Name
			break
		}
	}
	return a
}

func (Rules) ScorePosition(_ context.Context, req *pb.ScorePositionRequest) (*pb.ScorePositionResponse, error) {
	pos, err := positionFromProto(req.GetPosition(), "position")
	if err != nil {
		return nil, err
	}
	game, err := readHistory(req.GetHistory(), pos, "history")
	if err != nil {
		return nil, err
	}
	resp := score(game)
	resp.Position = positionToProto(pos)
	return resp, nil
}

// score is ScorePosition's answer for the game, without the position.
func score(game *engine.Game) *pb.ScorePositionResponse {
	pos := game.Position()
	players := engine.Seats(pos)
	o := game.Outcome()
	setup := pos.Setup()
	resp := &pb.ScorePositionResponse{Status: pb.GameStatus_GAME_STATUS_ONGOING, Reason: o.Reason, DecidedBy: o.DecidedBy,
		RepetitionChecked: game.Checked()}
	if o.Finished {
		resp.Status = pb.GameStatus_GAME_STATUS_FINISHED
	}
	for _, w := range o.Winners {
		resp.Winners = append(resp.Winners, players[w].Name)
	}
	teamOf := map[int]string{}
	for _, t := range o.Teams {
		ts := &pb.TeamStanding{Team: t.Name, Score: int32(t.Score), ScoreParts: scorePartsToProto(t.Parts), Place: int32(t.Place),
			TieBreaks: scorePartsToProto(t.TieBreaks)}
		for _, pl := range t.Players {
			teamOf[pl] = t.Name
			ts.Players = append(ts.Players, players[pl].Name)
		}
		resp.Teams = append(resp.Teams, ts)
	}
	for i, pl := range setup.Players {
		st := &pb.Standing{Player: pl.Name, Score: int32(pl.Score), Team: teamOf[i], ScoreParts: scorePartsToProto(pl.ScoreParts),
			TieBreaks: scorePartsToProto(pl.TieBreaks)}
		if i < len(o.Ranking) {
			st.Place = int32(o.Ranking[i])
		}
		resp.Standings = append(resp.Standings, st)
	}
	return resp
}
