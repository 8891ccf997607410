package service

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"os"
	"slices"
	"sort"
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/structpb"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/enginetest"
	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
)

// jsonOptionCombos are the option sets, beside the defaults, that TestOptionsOverJSON plays
// each variant under: team play, dice, limits and set-up options (engine/options_property_test.go
// plays every option and every pair of options in the engine itself).
var jsonOptionCombos = map[string][]map[string]any{
	"chaturaji": {
		{"teams": true},
		{"teams": true, "dice": 2, "max_rounds": 3},
		{"diceless": true, "goal": "last_standing"},
		{"rank_rule": true, "max_rounds": 2},
	},
	"coaster_chess":      {{"players": 4}, {"players": 4, "teams": true}},
	"martian_chess":      {{"players": 4}, {"players": 4, "teams": true}},
	"martian_chaturanga": {{"max_turns": 3}},
	"martian_chaturaji":  {{"max_turns": 5}},
	"martian_coaster_chaturanga": {
		{"partnership": true},
		{"players": 2, "max_turns": 3},
		{"first": "tr", "drone_right": "bl,tr", "colours": "gbry"},
	},
}

// jsonComboName writes an option set as name=value words joined by &, "default" for none.
func jsonComboName(opts map[string]any) string {
	if len(opts) == 0 {
		return "default"
	}
	var parts []string
	for k, v := range opts {
		parts = append(parts, fmt.Sprintf("%s=%v", k, v))
	}
	sort.Strings(parts)
	return strings.Join(parts, "&")
}

// TestOptionsOverJSON replays seeded random games of every variant, under its defaults and the
// option sets above, through the real JSON gateway on loopback: the start from StartPosition,
// then one random legal action at a time by ApplyMoves. Every position the service returns must
// be accepted back by ListLegalMoves as it came (text and structure together), as its text alone
// and as its structure alone, and list the same actions each way, the same ones (with the same
// player to move, phase and chance) that ApplyMoves's next turn listed; wherever an answer gives
// team standings, a team's score is the sum of its players' scores.
func TestOptionsOverJSON(t *testing.T) {
	games, maxActions := 2, 40
	if os.Getenv("CI") == "true" {
		games, maxActions = 4, 200
	}
	s := startServer(t)
	var tr transport
	for _, x := range s.transports() {
		if x.name == "json" {
			tr = x
		}
	}
	for name := range jsonOptionCombos {
		if _, ok := engine.Lookup(name); !ok {
			t.Errorf("jsonOptionCombos names %s, which is not a registered variant", name)
		}
	}
	for _, v := range enginetest.Registered(t) {
		name := v.Describe().Name
		for _, opts := range append([]map[string]any{nil}, jsonOptionCombos[name]...) {
			t.Run(name+"/"+jsonComboName(opts), func(t *testing.T) {
				t.Parallel()
				for game := range games {
					g := &jsonGame{t: t, tr: tr, variant: name, opts: opts, game: game}
					g.play(maxActions)
				}
			})
		}
	}
}

// jsonGame is one seeded random game played through the JSON gateway.
type jsonGame struct {
	t       *testing.T
	tr      transport
	variant string
	opts    map[string]any
	game    int
	seed    uint64
	actions []string
}

// where says which game and action a failure belongs to, with what replays it.
func (g *jsonGame) where() string {
	return fmt.Sprintf("%s [%s] game %d (seed %#x) after %d actions (%s)", g.variant, jsonComboName(g.opts), g.game, g.seed,
		len(g.actions), strings.Join(g.actions, " | "))
}

func (g *jsonGame) call(method string, req, resp proto.Message) bool {
	g.t.Helper()
	if err := gameCall(g.t, g.tr, method, req, resp); err != nil {
		g.t.Errorf("%s: %s: %v", g.where(), method, err)
		return false
	}
	return true
}

// list asks for the legal actions of pos.
func (g *jsonGame) list(what string, pos *pb.Position) (*pb.ListLegalMovesResponse, bool) {
	g.t.Helper()
	resp := &pb.ListLegalMovesResponse{}
	if err := gameCall(g.t, g.tr, "ListLegalMoves", &pb.ListLegalMovesRequest{Position: pos}, resp); err != nil {
		g.t.Errorf("%s: the position %s is refused: %v\n  position: %s", g.where(), what, err, pos.GetText())
		return nil, false
	}
	return resp, true
}

func (g *jsonGame) play(maxActions int) {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s|%s|%d", g.variant, jsonComboName(g.opts), g.game)
	g.seed = h.Sum64()
	rng := rand.New(rand.NewPCG(g.seed, 0x6a736f6e))
	options := map[string]*structpb.Value{}
	for k, v := range g.opts {
		value, err := structpb.NewValue(v)
		if err != nil {
			g.t.Fatal(err)
		}
		options[k] = value
	}
	start := &pb.StartPositionResponse{}
	if !g.call("StartPosition", &pb.StartPositionRequest{Variant: g.variant, Options: options}, start) {
		return
	}
	pos := start.GetPosition()
	var next *pb.NextTurn // what ApplyMoves said of pos
	for {
		moves, ok := g.check(pos, next)
		if !ok || len(moves) == 0 || len(g.actions) >= maxActions {
			return
		}
		move := moves[rng.IntN(len(moves))]
		resp := &pb.ApplyMovesResponse{}
		if !g.call("ApplyMoves", &pb.ApplyMovesRequest{Position: pos, Moves: []*pb.Action{{Notation: move}}, IncludeNext: true}, resp) {
			return
		}
		g.actions = append(g.actions, move)
		if resp.GetApplied() != 1 || resp.GetFailure() != nil || len(resp.GetSteps()) != 1 {
			g.t.Errorf("%s: ApplyMoves %q on %s: applied %d, failure %v", g.where(), move, pos.GetText(), resp.GetApplied(), resp.GetFailure())
			return
		}
		if st := resp.GetSteps()[0]; st.GetText() != resp.GetPosition().GetText() {
			g.t.Errorf("%s: ApplyMoves's step text %q, its position %q", g.where(), st.GetText(), resp.GetPosition().GetText())
		}
		pos, next = resp.GetPosition(), resp.GetNext()
	}
}

// check sends pos back as it came, as text alone and as structure alone, and compares the legal
// actions of the three with each other and with next (nil for the start). It returns the actions.
func (g *jsonGame) check(pos *pb.Position, next *pb.NextTurn) ([]string, bool) {
	g.t.Helper()
	whole, ok := g.list("as the service returned it", pos)
	if !ok {
		return nil, false
	}
	text, ok := g.list("as text alone", &pb.Position{Variant: pos.GetVariant(), Text: pos.GetText()})
	if !ok {
		return nil, false
	}
	structured := proto.Clone(pos).(*pb.Position)
	structured.Text = ""
	byStructure, ok := g.list("as structure alone", structured)
	if !ok {
		return nil, false
	}
	want := listed(whole)
	type answer struct {
		what    string
		actions []string
		toMove  string
		phase   pb.Phase
		chance  bool
	}
	answers := []answer{
		{"as text", listed(text), text.GetToMove(), text.GetPhase(), text.GetChance()},
		{"as structure", listed(byStructure), byStructure.GetToMove(), byStructure.GetPhase(), byStructure.GetChance()},
	}
	if next != nil {
		var actions []string
		for _, m := range next.GetMoves() {
			actions = append(actions, m.GetNotation())
		}
		answers = append(answers, answer{"by ApplyMoves's next turn", actions, next.GetToMove(), next.GetPhase(), next.GetChance()})
	}
	for _, a := range answers {
		if !slices.Equal(a.actions, want) || a.toMove != whole.GetToMove() || a.phase != whole.GetPhase() || a.chance != whole.GetChance() {
			g.t.Errorf("%s: %s lists %v (%s to move, %v, chance %v); the position as returned %v (%s to move, %v, chance %v)\n  position: %s",
				g.where(), a.what, a.actions, a.toMove, a.phase, a.chance, want, whole.GetToMove(), whole.GetPhase(), whole.GetChance(), pos.GetText())
			return nil, false
		}
	}
	if whole.GetPhase() == pb.Phase_PHASE_FINISHED && len(want) > 0 {
		g.t.Errorf("%s: a finished game lists %v\n  position: %s", g.where(), want, pos.GetText())
	}
	if next != nil && !g.teamTotals(next, pos) {
		return nil, false
	}
	return want, true
}

// teamTotals: each team's score in an answer is the sum of its players' standings, and every
// standing of a team's player names that team.
func (g *jsonGame) teamTotals(next *pb.NextTurn, pos *pb.Position) bool {
	g.t.Helper()
	scores, teams := map[string]int32{}, map[string]string{}
	for _, st := range next.GetStandings() {
		scores[st.GetPlayer()], teams[st.GetPlayer()] = st.GetScore(), st.GetTeam()
	}
	for _, team := range next.GetTeams() {
		sum := int32(0)
		for _, pl := range team.GetPlayers() {
			sum += scores[pl]
			if teams[pl] != team.GetTeam() {
				g.t.Errorf("%s: the standing of %s names team %q, the teams list him in %s\n  position: %s", g.where(), pl, teams[pl], team.GetTeam(), pos.GetText())
				return false
			}
		}
		if sum != team.GetScore() {
			g.t.Errorf("%s: team %s has %d points, its players' standings add up to %d (standings %v)\n  position: %s",
				g.where(), team.GetTeam(), team.GetScore(), sum, next.GetStandings(), pos.GetText())
			return false
		}
	}
	return true
}
