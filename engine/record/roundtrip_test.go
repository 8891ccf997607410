package record_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/enginetest"
	_ "github.com/ashtapada/ashtapada/engine/games"
	"github.com/ashtapada/ashtapada/engine/record"
)

// optionSets are the option values each variant's round trips run under, beside its defaults.
var optionSets = map[string][]engine.Options{
	"chaturaji": {{"teams": {Kind: engine.OptionBool, Bool: true}}, {"dice": {Kind: engine.OptionInt, Int: 2}},
		{"diceless": {Kind: engine.OptionBool, Bool: true}}},
	"martian_chess":              {{"players": {Kind: engine.OptionInt, Int: 4}}},
	"coaster_chess":              {{"players": {Kind: engine.OptionInt, Int: 4}, "teams": {Kind: engine.OptionBool, Bool: true}}},
	"martian_coaster_chaturanga": {{"players": {Kind: engine.OptionInt, Int: 2}}, {"partnership": {Kind: engine.OptionBool, Bool: true}}},
	"martian_chaturanga":         {{"max_turns": {Kind: engine.OptionInt, Int: 20}}},
}

// randomGame plays up to plies random legal actions from start, dice rolls included, until the
// game ends (a draw by repetition included).
func randomGame(r *rand.Rand, start engine.Position, plies int) ([]engine.Move, engine.Position) {
	var moves []engine.Move
	var keys []uint64
	cur := start
	var buf [engine.MaxMoves]engine.Move
	for len(moves) < plies && cur.Phase() != engine.PhaseFinished && !engine.DrawnByRepetition(cur, keys) {
		legal := cur.Moves(buf[:0])
		m := legal[r.IntN(len(legal))]
		moves = append(moves, m)
		keys = append(keys, cur.Key())
		cur, _ = cur.Play(m)
	}
	return moves, cur
}

// Every variant's random games, some from a position reached in play (written with its FEN),
// come back from their records as the same actions and the same final position.
func TestRoundTripEveryVariant(t *testing.T) {
	games := 100
	if testing.Short() {
		games = 8
	}
	r := rand.New(rand.NewPCG(7, 11))
	for _, v := range enginetest.Registered(t) {
		name := v.Describe().Name
		t.Run(name, func(t *testing.T) {
			played, positions, finished := 0, 0, 0
			for _, opts := range append([]engine.Options{nil}, optionSets[name]...) {
				start, err := v.Start(opts)
				if err != nil {
					t.Fatalf("%v: %v", opts, err)
				}
				for g := range games {
					from := start
					if g%4 == 3 {
						// A set-up start: a position some way into a random game.
						_, from = randomGame(r, start, 1+r.IntN(30))
						if from.Phase() == engine.PhaseFinished {
							from = start
						}
					}
					moves, end := randomGame(r, from, 1+r.IntN(400))
					text, err := record.Write(from, moves, []record.Tag{{Name: "Event", Value: "round trip"}})
					if err != nil {
						t.Fatalf("write: %v", err)
					}
					rec, err := record.Read(text, 10000)
					if err != nil {
						t.Fatalf("read: %v\n%s", err, text)
					}
					steps, fail := rec.Play()
					if fail != nil {
						t.Fatalf("action %d %q: %s\n%s", fail.Index, fail.Notation, fail.Reason, text)
					}
					got := make([]engine.Move, len(steps))
					for i, s := range steps {
						got[i] = s.Move
					}
					if !slices.Equal(got, moves) {
						t.Fatalf("moves differ\n%s", text)
					}
					last := rec.Start
					if len(steps) > 0 {
						last = steps[len(steps)-1].After
					}
					if last.Key() != end.Key() || last.String() != end.String() {
						t.Fatalf("ends at %s, want %s", last, end)
					}
					if rec.Start.String() != from.String() {
						t.Fatalf("starts at %s, want %s", rec.Start, from)
					}
					if want := record.ResultText(end.Outcome(), engine.Players(end)); rec.Result != want && end.Phase() == engine.PhaseFinished {
						t.Fatalf("result %q, want %q", rec.Result, want)
					}
					played++
					positions += len(moves) + 1
					if end.Phase() == engine.PhaseFinished {
						finished++
					}
				}
			}
			t.Logf("%s: %d games (%d finished), %d positions", name, played, finished, positions)
		})
	}
}
