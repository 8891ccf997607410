package service

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/structpb"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/enginetest"
	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
)

// roundtripCase is a game to play at random: a variant with options, from its start or from text.
type roundtripCase struct {
	variant string
	options engine.Options // only bool, int and string values; nil for the defaults
	text    string         // a position to start from instead of the start position
}

func (c roundtripCase) name() string {
	var parts []string
	for k, v := range c.options {
		parts = append(parts, k+"="+v.Format())
	}
	slices.Sort(parts)
	name := c.variant
	if len(parts) > 0 {
		name += "/" + strings.Join(parts, ",")
	}
	if c.text != "" {
		name += "/" + c.text
	}
	return name
}

func boolOpt() engine.OptionValue { return engine.OptionValue{Kind: engine.OptionBool, Bool: true} }

func intOpt(n int64) engine.OptionValue { return engine.OptionValue{Kind: engine.OptionInt, Int: n} }

// roundtripCases covers every registered variant with its defaults, and the option sets and
// positions where positions are most varied: team play, two dice, turn limits, and endings where
// promotions come often (a martian promotion with a die left is where text once failed).
func roundtripCases(t testing.TB) []roundtripCase {
	var cases []roundtripCase
	for _, v := range enginetest.Registered(t) {
		cases = append(cases, roundtripCase{variant: v.Describe().Name})
	}
	return append(cases,
		roundtripCase{variant: "chaturaji", options: engine.Options{"teams": boolOpt()}},
		roundtripCase{variant: "chaturaji", options: engine.Options{"teams": boolOpt(), "dice": intOpt(2)}},
		roundtripCase{variant: "chaturaji", options: engine.Options{"diceless": boolOpt()}},
		roundtripCase{variant: "chaturaji", options: engine.Options{"rank_rule": boolOpt(), "dice": intOpt(2), "max_rounds": intOpt(2)}},
		roundtripCase{variant: "chaturaji", options: engine.Options{"teams": boolOpt(), "goal": {Kind: engine.OptionString, String: "last_standing"}}},
		roundtripCase{variant: "martian_chaturanga", options: engine.Options{"max_turns": intOpt(3)}},
		roundtripCase{variant: "martian_chaturanga", text: "4m/1S3/5/5/M4 l - - R 0 1"},
		roundtripCase{variant: "martian_chaturanga", text: "2m2/S2S1/5/5/M1P2 l - - PRR 0 1"},
		roundtripCase{variant: "martian_chaturanga", text: "m1p2/5/5/1s1s1/4M d - - prr 0 1"},
		roundtripCase{variant: "chaturanga", text: "4k3/PP6/8/8/8/8/6pp/4K3 w - - 0 1"},
	)
}

// roundtripGame plays one seeded random game through the service. Every position the service
// returns must be accepted again as text alone and as structure alone, and list the same actions
// either way as the engine does for the position it stands for (the mirror, kept in step here).
type roundtripGame struct {
	t      *testing.T
	s      *testServer
	r      *rand.Rand
	mirror engine.Position
}

func (g *roundtripGame) ctx() context.Context { return context.Background() }

// notations lists the legal actions of the mirror, in the engine's order.
func (g *roundtripGame) notations(pos engine.Position) []string {
	var out []string
	for _, m := range pos.Moves(nil) {
		out = append(out, pos.Notation(m))
	}
	return out
}

func listed(resp *pb.ListLegalMovesResponse) []string {
	var out []string
	for _, m := range resp.GetMoves() {
		out = append(out, m.GetNotation())
	}
	return out
}

// checkText sends a position text alone and compares its actions with the mirror's.
func (g *roundtripGame) checkText(what, variant, text string, want []string) *pb.ListLegalMovesResponse {
	g.t.Helper()
	resp, err := g.s.rules.ListLegalMoves(g.ctx(), &pb.ListLegalMovesRequest{Position: &pb.Position{Variant: variant, Text: text}})
	if err != nil {
		g.t.Fatalf("%s: the text %q is refused: %v", what, text, err)
	}
	if got := listed(resp); !slices.Equal(got, want) {
		g.t.Fatalf("%s: the text %q lists %q, want %q", what, text, got, want)
	}
	return resp
}

// check sends a position returned by the service back as text only and as structure only.
func (g *roundtripGame) check(what string, pos *pb.Position) {
	g.t.Helper()
	if pos.GetText() != g.mirror.String() {
		g.t.Fatalf("%s: the service returned %q, the engine reached %q", what, pos.GetText(), g.mirror)
	}
	want := g.notations(g.mirror)
	byText := g.checkText(what, pos.GetVariant(), pos.GetText(), want)
	structured := proto.Clone(pos).(*pb.Position)
	structured.Text = ""
	byStructure, err := g.s.rules.ListLegalMoves(g.ctx(), &pb.ListLegalMovesRequest{Position: structured})
	if err != nil {
		g.t.Fatalf("%s: the structured form of %q is refused: %v", what, pos.GetText(), err)
	}
	if !proto.Equal(byText, byStructure) {
		g.t.Fatalf("%s: %q lists\n%v\nas text and\n%v\nas structure", what, pos.GetText(), byText, byStructure)
	}
}

// play moves the mirror on by an action the service applied.
func (g *roundtripGame) play(notation string) {
	g.t.Helper()
	m, err := g.mirror.ParseMove(notation)
	if err != nil {
		g.t.Fatalf("the engine refuses %q in %s: %v", notation, g.mirror, err)
	}
	g.mirror, _ = g.mirror.Play(m)
}

func (g *roundtripGame) randomMove(pos engine.Position) string {
	moves := g.notations(pos)
	return moves[g.r.IntN(len(moves))]
}

// step plays one random action through one of the calls that return positions.
func (g *roundtripGame) step(pos *pb.Position) *pb.Position {
	g.t.Helper()
	ctx := g.ctx()
	if g.mirror.Phase() == engine.PhaseRoll && g.r.IntN(3) > 0 {
		if g.r.IntN(2) == 0 {
			seed := g.r.Uint64()
			resp, err := g.s.rules.RollDice(ctx, &pb.RollDiceRequest{Position: pos, Seed: &seed})
			if err != nil {
				g.t.Fatalf("RollDice on %q: %v", pos.GetText(), err)
			}
			values := make([]int, len(resp.GetValues()))
			text := make([]string, len(values))
			for i, v := range resp.GetValues() {
				values[i], text[i] = int(v), strconv.Itoa(int(v))
			}
			rolled := "rolled " + strings.Join(text, " and ")
			if !slices.ContainsFunc(resp.GetEvents(), func(e *pb.Event) bool { return e.GetName() == "dice_rolled" && e.GetDescription() == rolled }) {
				g.t.Errorf("RollDice on %q: values %v, events %v; want an event %q", pos.GetText(), values, resp.GetEvents(), rolled)
			}
			g.roll(values)
			g.check("RollDice "+strings.Join(text, " "), resp.GetPosition())
			return resp.GetPosition()
		}
		var values []int32
		var ints []int
		for _, d := range g.mirror.Dice() {
			for range d.Count {
				v := d.Faces[g.r.IntN(len(d.Faces))].Value
				values, ints = append(values, int32(v)), append(ints, v)
			}
		}
		resp, err := g.s.rules.ResolveDice(ctx, &pb.ResolveDiceRequest{Position: pos, Values: values})
		if err != nil {
			g.t.Fatalf("ResolveDice %v on %q: %v", values, pos.GetText(), err)
		}
		g.roll(ints)
		g.check(fmt.Sprint("ResolveDice ", values), resp.GetPosition())
		return resp.GetPosition()
	}
	if g.r.IntN(2) == 0 {
		move := g.randomMove(g.mirror)
		resp, err := g.s.rules.ValidateMove(ctx, &pb.ValidateMoveRequest{Position: pos, Move: &pb.Action{Notation: move}})
		if err != nil || !resp.GetLegal() {
			g.t.Fatalf("ValidateMove %q on %q: %v %v", move, pos.GetText(), resp, err)
		}
		g.play(move)
		g.check("ValidateMove "+move, resp.GetPosition())
		return resp.GetPosition()
	}
	// A few actions at once, chosen on the mirror; every step's text is checked.
	var moves []*pb.Action
	var wants [][]string
	mirror := g.mirror
	for range 1 + g.r.IntN(3) {
		if mirror.Phase() == engine.PhaseFinished {
			break
		}
		move := g.randomMove(mirror)
		moves = append(moves, &pb.Action{Notation: move})
		m, _ := mirror.ParseMove(move)
		mirror, _ = mirror.Play(m)
		wants = append(wants, g.notations(mirror))
	}
	resp, err := g.s.rules.ApplyMoves(ctx, &pb.ApplyMovesRequest{Position: pos, Moves: moves})
	if err != nil || resp.GetFailure() != nil || int(resp.GetApplied()) != len(moves) {
		g.t.Fatalf("ApplyMoves %v on %q: %v %v", moves, pos.GetText(), resp, err)
	}
	for i, st := range resp.GetSteps() {
		g.checkText("ApplyMoves step "+st.GetMove().GetNotation(), pos.GetVariant(), st.GetText(), wants[i])
		g.play(moves[i].GetNotation())
	}
	g.check("ApplyMoves", resp.GetPosition())
	return resp.GetPosition()
}

// roll moves the mirror on by rolled values; values that do not count leave it as it is.
func (g *roundtripGame) roll(values []int) {
	g.t.Helper()
	next, _, err := g.mirror.Roll(values)
	if err != nil {
		g.t.Fatalf("the engine refuses the roll %v in %s: %v", values, g.mirror, err)
	}
	g.mirror = next
}

func TestRoundtrip(t *testing.T) {
	s := startServer(t)
	games, plies := 4, 100
	if testing.Short() {
		games, plies = 2, 60
	}
	covered := map[string]bool{}
	for ci, c := range roundtripCases(t) {
		covered[c.variant] = true
		t.Run(c.name(), func(t *testing.T) {
			v, ok := engine.Lookup(c.variant)
			if !ok {
				t.Fatalf("no variant %s", c.variant)
			}
			for game := range games {
				g := &roundtripGame{t: t, s: s, r: rand.New(rand.NewPCG(uint64(ci), uint64(game)))}
				var pos *pb.Position
				var err error
				if c.text == "" {
					opts := map[string]*structpb.Value{}
					for k, o := range c.options {
						switch o.Kind {
						case engine.OptionBool:
							opts[k] = structpb.NewBoolValue(o.Bool)
						case engine.OptionInt:
							opts[k] = structpb.NewNumberValue(float64(o.Int))
						default:
							opts[k] = structpb.NewStringValue(o.String)
						}
					}
					var resp *pb.StartPositionResponse
					resp, err = s.rules.StartPosition(g.ctx(), &pb.StartPositionRequest{Variant: c.variant, Options: opts})
					pos = resp.GetPosition()
					g.mirror, _ = v.Start(c.options)
				} else {
					var resp *pb.ApplyMovesResponse
					resp, err = s.rules.ApplyMoves(g.ctx(), &pb.ApplyMovesRequest{Position: &pb.Position{Variant: c.variant, Text: c.text}})
					pos = resp.GetPosition()
					g.mirror, _ = v.Parse(c.text)
				}
				if err != nil || g.mirror == nil {
					t.Fatalf("game %d: no start: %v", game, err)
				}
				g.check("start", pos)
				for ply := 0; ply < plies && g.mirror.Phase() != engine.PhaseFinished; ply++ {
					pos = g.step(pos)
				}
			}
		})
	}
	for _, v := range enginetest.Registered(t) {
		if !covered[v.Describe().Name] {
			t.Errorf("variant %s is not covered", v.Describe().Name)
		}
	}
}

// Perft's fixed rolls must fit the variant's dice; the answer names the roll at fault.
func TestPerftRollsValidated(t *testing.T) {
	s := startServer(t)
	const chaturajiStart = "gB,gPb,2,rK,rE,rH,rB/gH,gPh,2,rPk,rPe,rPh,rPb/gE,gPe,6/gK,gPk,6/6,yPk,yK/6,yPe,yE/bPb,bPh,bPe,bPk,2,yPh,yH/bB,bH,bE,bK,2,yPb,yB b - - 0,0,0,0 0 1"
	martian := &pb.Position{Variant: "martian_chaturanga", Text: "rpmpr/ksksk/5/KSKSK/RPMPR l - AEae - 0 1"}
	tests := []struct {
		name  string
		pos   *pb.Position
		rolls [][]int32
		field string // "" when the rolls are fine
		text  string // a part of the message
	}{
		{"martian faces", martian, [][]int32{{100, 200}}, "rolls[0].values", "not a face of a d4"},
		{"martian count", martian, [][]int32{{2, 4}, {3}}, "rolls[1].values", "want 2 values"},
		{"martian fine", martian, [][]int32{{2, 4}}, "", ""},
		{"chaturaji face", &pb.Position{Variant: "chaturaji", Text: chaturajiStart}, [][]int32{{9}}, "rolls[0].values", "not a face of a d6_reroll"},
		{"chaturaji reroll", &pb.Position{Variant: "chaturaji", Text: chaturajiStart}, [][]int32{{3}, {6}}, "rolls[1].values", "does not count"},
		{"chaturaji one die", &pb.Position{Variant: "chaturaji", Text: chaturajiStart}, [][]int32{{2, 3}}, "rolls[0].values", "want 1 value"},
		{"chaturaji two dice", &pb.Position{Variant: "chaturaji", Text: chaturajiStart + " teams dice=2"}, [][]int32{{2, 3}}, "", ""},
		{"chaturaji diceless", &pb.Position{Variant: "chaturaji", Text: chaturajiStart + " diceless"}, [][]int32{{3}}, "rolls", "without dice"},
		{"chaturanga", &pb.Position{Variant: "chaturanga", Text: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"}, [][]int32{{1}}, "rolls", "without dice"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := &pb.PerftRequest{Position: tt.pos, Depth: 1}
			for _, r := range tt.rolls {
				req.Rolls = append(req.Rolls, &pb.DiceRoll{Values: r})
			}
			resp, err := s.analysis.Perft(context.Background(), req)
			if tt.field == "" {
				if err != nil || resp.GetNodes() == 0 {
					t.Errorf("rolls %v: %v %v", tt.rolls, resp, err)
				}
				return
			}
			code, reason, field := errorDetails(err)
			if code != codes.InvalidArgument || reason != "INVALID_DICE" || field != tt.field || !strings.Contains(status.Convert(err).Message(), tt.text) {
				t.Errorf("rolls %v: %v nodes, %v (%s on %q); want INVALID_DICE on %s saying ...%s...", tt.rolls, resp.GetNodes(), err, reason, field, tt.field, tt.text)
			}
		})
	}
}
