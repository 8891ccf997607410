package service

import (
	"errors"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/types/known/structpb"

	"github.com/ashtapada/ashtapada/engine"
	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
	"github.com/ashtapada/ashtapada/service/internal/echo"
)

func lookupVariant(name, field string) (engine.Variant, error) {
	if name == "" {
		return nil, invalid("MISSING_VARIANT", field, "%s is required", field)
	}
	if len(name) > maxNameLen {
		return nil, invalid("INVALID_VARIANT", field, "%s is longer than %d characters", field, maxNameLen)
	}
	v, ok := engine.Lookup(name)
	if !ok {
		return nil, statusError(codes.NotFound, "VARIANT_NOT_FOUND", field, "unknown variant "+echo.Quote(name)+"; ListVariants lists them")
	}
	return v, nil
}

// positionFromProto reads a request's position from its text or its structured fields. Given
// both, they must describe the same position.
func positionFromProto(p *pb.Position, field string) (engine.Position, error) {
	if p == nil {
		return nil, invalid("MISSING_POSITION", field, "%s is required", field)
	}
	v, err := lookupVariant(p.GetVariant(), field+".variant")
	if err != nil {
		return nil, err
	}
	if p.GetText() == "" {
		if len(structuredFields(p)) == 0 {
			return nil, invalid("MISSING_POSITION", field+".text",
				"%[1]s.text or the structured position (%[1]s.to_move, %[1]s.pieces, ...) is required: StartPosition gives a start position", field)
		}
		s, err := setupFromProto(p, v.Describe(), field)
		if err != nil {
			return nil, err
		}
		pos, err := v.FromSetup(s)
		if err != nil {
			return nil, setupStatus(err, field)
		}
		return pos, nil
	}
	if len(p.GetText()) > maxTextLen {
		return nil, invalid("INVALID_POSITION", field+".text", "position text is longer than %d characters", maxTextLen)
	}
	pos, err := v.Parse(p.GetText())
	if err != nil {
		// The text states its options as words: an option error is the text's, not a field below it.
		if oe := (*engine.OptionError)(nil); errors.As(err, &oe) {
			return nil, statusError(codes.InvalidArgument, "INVALID_OPTION", field+".text", oe.Error())
		}
		return nil, toStatus(err, field+".text")
	}
	if given := structuredFields(p); len(given) > 0 {
		if err := checkAgree(v, pos, p, given, field); err != nil {
			return nil, err
		}
	}
	return pos, nil
}

// notStructure are the fields of a Position that do not describe it structurally: the variant
// and text, and what answers fill in and requests ignore.
var notStructure = map[protoreflect.Name]bool{"variant": true, "text": true, "key": true, "in_check": true, "last_action": true, "board": true}

// structuredFields lists the structured fields a position sets, in field order.
func structuredFields(p *pb.Position) []protoreflect.FieldDescriptor {
	var out []protoreflect.FieldDescriptor
	p.ProtoReflect().Range(func(fd protoreflect.FieldDescriptor, _ protoreflect.Value) bool {
		if !notStructure[fd.Name()] {
			out = append(out, fd)
		}
		return true
	})
	slices.SortFunc(out, func(a, b protoreflect.FieldDescriptor) int { return int(a.Number() - b.Number()) })
	return out
}

// checkAgree checks that the structured fields given with a position's text describe the position
// the text does: the text's position with those fields put in its place must be the same. The
// error names each given field that differs from the text's.
func checkAgree(v engine.Variant, pos engine.Position, p *pb.Position, given []protoreflect.FieldDescriptor, field string) error {
	s, err := setupFromProto(p, v.Describe(), field)
	if err != nil {
		return err
	}
	merged := pos.Setup()
	merged.Options = maps.Clone(merged.Options)
	if merged.Options == nil {
		merged.Options = engine.Options{}
	}
	maps.Copy(merged.Options, s.Options)
	if s.ToMove != "" {
		merged.ToMove = s.ToMove
	}
	if s.Proposal != nil {
		merged.Proposal = s.Proposal
	}
	if len(s.State) > 0 {
		merged.State = maps.Clone(merged.State)
		if merged.State == nil {
			merged.State = map[string]engine.StateValue{}
		}
		maps.Copy(merged.State, s.State)
	}
	if len(s.Pieces) > 0 {
		merged.Pieces = s.Pieces
	}
	if len(s.Dice) > 0 {
		merged.Dice = s.Dice
	}
	if len(s.Players) > 0 {
		merged.Players = s.Players
	}
	if len(s.Layout) > 0 {
		merged.Layout = s.Layout
	}
	merged.Counters = slices.Clone(merged.Counters)
	for _, c := range s.Counters {
		if i := slices.IndexFunc(merged.Counters, func(m engine.Counter) bool { return m.Name == c.Name }); i >= 0 {
			merged.Counters[i] = c
		} else {
			merged.Counters = append(merged.Counters, c)
		}
	}
	other, err := v.FromSetup(merged)
	if err != nil {
		return setupStatus(err, field)
	}
	phase := p.GetPhase()
	if other.String() == pos.String() && (phase == pb.Phase_PHASE_UNSPECIFIED || phase == phaseToProto(pos.Phase())) {
		return nil
	}
	fromText, fromFields := positionToProto(pos), positionToProto(other)
	fromFields.Phase = phase
	var differ []protoreflect.FieldDescriptor
	for _, fd := range given {
		if !sameField(fromText, fromFields, fd) {
			differ = append(differ, fd)
		}
	}
	if len(differ) == 0 {
		// Only together do the fields make the difference.
		differ = given
	}
	var names []string
	var violations []*errdetails.BadRequest_FieldViolation
	for _, fd := range differ {
		name := field + "." + string(fd.Name())
		names = append(names, name)
		violations = append(violations, &errdetails.BadRequest_FieldViolation{Field: name,
			Description: name + " disagrees with " + field + ".text"})
	}
	return detailedError(codes.InvalidArgument, "POSITION_MISMATCH", field+".text and "+strings.Join(names, ", ")+
		" describe different positions: give the text or the structured fields, or both alike", violations)
}

// sameField reports whether two positions hold the same value in field fd.
func sameField(a, b *pb.Position, fd protoreflect.FieldDescriptor) bool {
	only := func(p *pb.Position) *pb.Position {
		out := &pb.Position{}
		if p.ProtoReflect().Has(fd) {
			out.ProtoReflect().Set(fd, p.ProtoReflect().Get(fd))
		}
		return out
	}
	return proto.Equal(only(a), only(b))
}

// setupFromProto reads a position's structured fields.
func setupFromProto(p *pb.Position, d *engine.Description, field string) (*engine.Setup, error) {
	opts, err := optionsFromProto(p.GetOptions())
	if err != nil {
		return nil, err
	}
	state, err := stateFromProto(d.State, false, p.GetState(), field+".state")
	if err != nil {
		return nil, err
	}
	s := &engine.Setup{Variant: p.GetVariant(), Options: opts, ToMove: p.GetToMove(), State: state}
	for _, pc := range p.GetPieces() {
		s.Pieces = append(s.Pieces, engine.PieceSetup{Square: pc.GetSquare(), Kind: pc.GetKind(), Player: pc.GetPlayer(),
			Color: pc.GetColor(), PromotesTo: pc.GetPromotesTo()})
	}
	for _, d := range p.GetDice() {
		s.Dice = append(s.Dice, engine.DieSetup{Kind: d.GetKind(), Value: int(d.GetValue()), Means: d.GetMeans(), Used: d.GetUsed()})
	}
	for i, pl := range p.GetPlayers() {
		state, err := stateFromProto(d.State, true, pl.GetState(), field+".players["+strconv.Itoa(i)+"].state")
		if err != nil {
			return nil, err
		}
		ps := engine.PlayerSetup{Name: pl.GetName(), Score: int(pl.GetScore()), Held: pl.GetHeld(),
			Lost: pl.GetLost(), Out: pl.GetOut(), State: state}
		for _, part := range pl.GetScoreParts() {
			ps.ScoreParts = append(ps.ScoreParts, engine.ScorePart{Source: part.GetSource(), Points: int(part.GetPoints())})
		}
		s.Players = append(s.Players, ps)
	}
	if pr := p.GetProposal(); pr != nil {
		s.Proposal = &engine.ProposalSetup{Kind: pr.GetKind(), Stage: pr.GetStage(), Players: pr.GetPlayers(), Responder: pr.GetResponder()}
	}
	for _, l := range p.GetLayout() {
		s.Layout = append(s.Layout, engine.LayoutSetup{Position: l.GetPosition(), Board: l.GetBoard(), QuarterTurns: int(l.GetQuarterTurns())})
	}
	for _, c := range p.GetCounters() {
		s.Counters = append(s.Counters, engine.Counter{Name: c.GetName(), Value: c.GetValue()})
	}
	return s, nil
}

// setupStatus is toStatus for a structured position read from field: an option error names the
// option under field.options, where the request gave it.
func setupStatus(err error, field string) error {
	if oe := (*engine.OptionError)(nil); errors.As(err, &oe) {
		return toStatus(err, field+".options")
	}
	return toStatus(err, field)
}

// optionsFromProto reads options given as plain JSON values: a boolean, an integral number or a
// string.
func optionsFromProto(in map[string]*structpb.Value) (engine.Options, error) {
	out := engine.Options{}
	for name, v := range in {
		field := "options." + name
		switch x := v.GetKind().(type) {
		case *structpb.Value_BoolValue:
			out[name] = engine.OptionValue{Kind: engine.OptionBool, Bool: x.BoolValue}
		case *structpb.Value_NumberValue:
			n := x.NumberValue
			if n != math.Trunc(n) || math.Abs(n) > 1<<53 {
				return nil, invalid("INVALID_OPTION", field, "option %s must be an integer, not %v", echo.Quote(name), n)
			}
			out[name] = engine.OptionValue{Kind: engine.OptionInt, Int: int64(n)}
		case *structpb.Value_StringValue:
			out[name] = engine.OptionValue{Kind: engine.OptionString, String: x.StringValue}
		default:
			return nil, invalid("INVALID_OPTION", field, "option %s must be a boolean, an integer or a string", echo.Quote(name))
		}
	}
	return out, nil
}

func optionValueToProto(v engine.OptionValue) *structpb.Value {
	switch v.Kind {
	case engine.OptionBool:
		return structpb.NewBoolValue(v.Bool)
	case engine.OptionInt:
		return structpb.NewNumberValue(float64(v.Int))
	}
	return structpb.NewStringValue(v.String)
}

func positionToProto(pos engine.Position) *pb.Position {
	s := pos.Setup()
	out := &pb.Position{Variant: s.Variant, Text: pos.String(), ToMove: s.ToMove, Phase: phaseToProto(pos.Phase()),
		Key: pos.Key(), InCheck: inCheck(pos)}
	if len(s.Options) > 0 {
		out.Options = make(map[string]*structpb.Value, len(s.Options))
		for name, v := range s.Options {
			out.Options[name] = optionValueToProto(v)
		}
	}
	// Each list's messages share one allocation: a position has 30-odd pieces.
	if len(s.Pieces) > 0 {
		pieces := make([]pb.Piece, len(s.Pieces))
		out.Pieces = make([]*pb.Piece, len(s.Pieces))
		for i, pc := range s.Pieces {
			p := &pieces[i]
			p.Square, p.Kind, p.Player, p.Color, p.PromotesTo = pc.Square, pc.Kind, pc.Player, pc.Color, pc.PromotesTo
			out.Pieces[i] = p
		}
	}
	if len(s.Dice) > 0 {
		dice := make([]pb.Die, len(s.Dice))
		out.Dice = make([]*pb.Die, len(s.Dice))
		for i, d := range s.Dice {
			p := &dice[i]
			p.Kind, p.Value, p.Means, p.Used = d.Kind, int32(d.Value), d.Means, d.Used
			out.Dice[i] = p
		}
	}
	if len(s.Players) > 0 {
		players := make([]pb.PlayerState, len(s.Players))
		out.Players = make([]*pb.PlayerState, len(s.Players))
		for i, pl := range s.Players {
			p := &players[i]
			p.Name, p.Score, p.Held, p.Lost, p.Out = pl.Name, int32(pl.Score), pl.Held, pl.Lost, pl.Out
			p.ScoreParts = scorePartsToProto(pl.ScoreParts)
			p.Color = pl.Color
			p.HeldPieces = heldPiecesToProto(pl)
			p.State = stateToProto(pl.State)
			out.Players[i] = p
		}
	}
	if pr := s.Proposal; pr != nil {
		out.Proposal = &pb.Proposal{Kind: pr.Kind, Stage: pr.Stage, Players: pr.Players, Responder: pr.Responder}
	}
	out.State = stateToProto(s.State)
	if b, ok := pos.(engine.BoardNow); ok {
		out.Board = boardToProto(b.BoardNow())
	}
	for _, l := range s.Layout {
		out.Layout = append(out.Layout, &pb.LayoutPlacement{Position: l.Position, Board: l.Board, QuarterTurns: int32(l.QuarterTurns)})
	}
	if len(s.Counters) > 0 {
		counters := make([]pb.Counter, len(s.Counters))
		out.Counters = make([]*pb.Counter, len(s.Counters))
		for i, c := range s.Counters {
			p := &counters[i]
			p.Name, p.Value = c.Name, c.Value
			out.Counters[i] = p
		}
	}
	return out
}

// inCheck reports whether the player to move is in check, in variants with check.
func inCheck(pos engine.Position) bool {
	t, ok := pos.(engine.Tactics)
	return ok && t.InCheck()
}

func scorePartsToProto(parts []engine.ScorePart) []*pb.ScorePart {
	if len(parts) == 0 {
		return nil
	}
	backing := make([]pb.ScorePart, len(parts))
	out := make([]*pb.ScorePart, len(parts))
	for i, p := range parts {
		backing[i].Source, backing[i].Points = p.Source, int32(p.Points)
		out[i] = &backing[i]
	}
	return out
}

func phaseToProto(p engine.Phase) pb.Phase {
	switch p {
	case engine.PhaseAction:
		return pb.Phase_PHASE_ACTION
	case engine.PhaseRoll:
		return pb.Phase_PHASE_ROLL
	case engine.PhaseResponse:
		return pb.Phase_PHASE_RESPONSE
	case engine.PhaseFinished:
		return pb.Phase_PHASE_FINISHED
	}
	return pb.Phase_PHASE_UNSPECIFIED
}

// The engine's action and event kinds are numbered as the API's enums; TestKindNumbering keeps
// them in step.
func actionKindToProto(k engine.ActionKind) pb.ActionKind { return pb.ActionKind(k) }
func eventKindToProto(k engine.EventKind) pb.EventKind    { return pb.EventKind(k) }

// actionToProto is a legal action of pos in full: structured, in notation, and in SAN where the
// variant has it.
func actionToProto(pos engine.Position, m engine.Move) *pb.Action {
	out := &pb.Action{}
	fillAction(out, pos, m)
	return out
}

// fillAction sets out to actionToProto(pos, m), into memory the caller allocated.
func fillAction(out *pb.Action, pos engine.Position, m engine.Move) {
	setActionFields(out, pos, m)
	out.Notation = pos.Notation(m)
	out.San = san(pos, m)
}

// san is a legal action of pos in standard algebraic notation, or "" for a variant without it.
func san(pos engine.Position, m engine.Move) string {
	if w, ok := pos.(engine.SANWriter); ok {
		return w.SAN(m)
	}
	return ""
}

func setActionFields(out *pb.Action, pos engine.Position, m engine.Move) {
	a := pos.Action(m)
	out.Kind, out.Name, out.Player, out.Piece = actionKindToProto(a.Kind), a.Name, a.Player, a.Piece
	out.From, out.To, out.Captured, out.Promotion = a.From, a.To, a.Captured, a.Promotion
	if len(a.Dice) > 0 {
		out.Dice = make([]int32, len(a.Dice))
		for i, d := range a.Dice {
			out.Dice[i] = int32(d)
		}
	}
	if a.Die >= 0 {
		die := int32(a.Die)
		out.DieIndex = &die
	}
}

func eventsToProto(ev []engine.Event) []*pb.Event {
	out := make([]*pb.Event, 0, len(ev))
	for _, e := range ev {
		out = append(out, &pb.Event{Kind: eventKindToProto(e.Kind), Name: e.Name, Player: e.Player, Square: e.Square, Piece: e.Piece,
			Points: int32(e.Points), Description: e.Text})
	}
	return out
}

// resolveAction finds the legal move an action names: by notation, or by matching the structured
// fields given against every legal move. It returns (move, "", nil) when legal, (0, reason, nil)
// when well formed but illegal, and an error for malformed input or a finished game.
func resolveAction(pos engine.Position, a *pb.Action, field string) (engine.Move, string, error) {
	if a == nil {
		return 0, "", invalid("MISSING_ACTION", field, "%s is required", field)
	}
	if pos.Phase() == engine.PhaseFinished {
		return 0, "", toStatus(engine.ErrGameOver, field)
	}
	if n := a.GetNotation(); n != "" {
		if len(n) > maxNameLen {
			return 0, "", invalid("MALFORMED_ACTION", field+".notation", "action text is longer than %d characters", maxNameLen)
		}
		m, err := pos.ParseMove(n)
		if err == nil {
			return m, "", nil
		}
		if ie, ok := err.(*engine.IllegalError); ok {
			return 0, ie.Reason, nil
		}
		return 0, "", toStatus(err, field+".notation")
	}
	if a.GetKind() == pb.ActionKind_ACTION_KIND_UNSPECIFIED && a.GetName() == "" && a.GetFrom() == "" && a.GetTo() == "" && len(a.GetDice()) == 0 {
		return 0, "", invalid("MALFORMED_ACTION", field, "give %s.notation or the structured fields (kind or name, from, to, promotion, dice)", field)
	}
	if len(a.GetDice()) > maxDiceCount {
		return 0, "", invalid("INVALID_DICE", field+".dice", "at most %d dice, got %d", maxDiceCount, len(a.GetDice()))
	}
	if a.DieIndex != nil && (a.GetDieIndex() < 0 || a.GetDieIndex() >= maxDiceCount) {
		return 0, "", invalid("INVALID_DICE", field+".die_index", "die_index is an index in position.dice, from 0 to %d; got %d", maxDiceCount-1, a.GetDieIndex())
	}
	q := engine.ActionQuery{Kind: engine.ActionKind(a.GetKind()), Name: a.GetName(), Piece: a.GetPiece(), From: a.GetFrom(),
		To: a.GetTo(), Promotion: a.GetPromotion(), Die: -1}
	for _, d := range a.GetDice() {
		q.Dice = append(q.Dice, int(d))
	}
	if a.DieIndex != nil {
		q.Die = int(a.GetDieIndex())
	}
	m, err := engine.FindAction(pos, q)
	var illegal *engine.IllegalError
	var ambiguous *engine.AmbiguousError
	switch {
	case errors.As(err, &illegal):
		return 0, illegal.Reason, nil
	case errors.As(err, &ambiguous):
		return 0, "", invalid("AMBIGUOUS_ACTION", field, "%s", ambiguous.Error())
	case err != nil:
		return 0, "", toStatus(err, field)
	}
	return m, "", nil
}

// heldPiecesToProto gives the held pieces in structured form: as the variant describes them, or
// else its held names, which are kinds.
func heldPiecesToProto(pl engine.PlayerSetup) []*pb.HeldPiece {
	if len(pl.Held) == 0 {
		return nil
	}
	out := make([]*pb.HeldPiece, len(pl.Held))
	for i, name := range pl.Held {
		out[i] = &pb.HeldPiece{Kind: name}
		if i < len(pl.HeldPieces) {
			out[i].Kind, out[i].Color = pl.HeldPieces[i].Kind, pl.HeldPieces[i].Color
		}
	}
	return out
}
