package review_test

import (
	"context"
	"math"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
	_ "github.com/ashtapada/ashtapada/engine/games"
	"github.com/ashtapada/ashtapada/engine/record"
	"github.com/ashtapada/ashtapada/engine/review"
	"github.com/ashtapada/ashtapada/engine/search"
)

// playGame plays a game from the variant's start with bots[seat] choosing, dice drawn from the
// seed, and returns its start and moves.
func playGame(t *testing.T, variant string, opts engine.Options, bots []search.Bot, seed uint64, maxActions int) (engine.Position, []engine.Move) {
	t.Helper()
	v, ok := engine.Lookup(variant)
	if !ok {
		t.Fatalf("no variant %s", variant)
	}
	start, err := v.Start(opts)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 1))
	g := engine.NewGameAfter(start, nil)
	var moves []engine.Move
	var buf [engine.MaxMoves]engine.Move
	for len(moves) < maxActions && !g.Over() {
		pos := g.Position()
		var m engine.Move
		if pos.Phase() == engine.PhaseRoll {
			m = engine.SampleRoll(pos, pos.Moves(buf[:0]), rng)
		} else {
			m, err = bots[pos.ToMove()].Choose(context.Background(), pos, rng)
			if err != nil {
				t.Fatal(err)
			}
		}
		moves = append(moves, m)
		g, _ = g.After(m)
	}
	return start, moves
}

// reviewed reviews a game and returns its steps and summary.
func reviewed(t *testing.T, start engine.Position, moves []engine.Move, opts review.Options) ([]review.Step, review.Summary) {
	t.Helper()
	var steps []review.Step
	sum, err := review.Review(context.Background(), search.NewSearcher(1<<20), start, moves, opts, func(st review.Step) error {
		steps = append(steps, st)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(steps) != len(moves) {
		t.Fatalf("%d steps for %d actions", len(steps), len(moves))
	}
	return steps, sum
}

// A searching side against random moves: the random side far less accurate, its mistakes and
// blunders counted, the searching side's actions almost never blunders.
func TestReviewSearchAgainstRandom(t *testing.T) {
	searcher := search.SearchBot(search.NewSearcher(1<<20), search.Options{Limits: search.Limits{Depth: 3}})
	start, moves := playGame(t, "chaturanga", nil, []search.Bot{searcher, search.RandomBot()}, 3, 60)
	steps, sum := reviewed(t, start, moves, review.Options{Search: search.Options{Limits: search.Limits{Depth: 4}}})
	if sum.Searches > len(moves)+1 {
		t.Errorf("%d searches for %d actions, want at most one per position", sum.Searches, len(moves))
	}
	eng, rnd := sum.Players[0], sum.Players[1]
	for _, st := range steps {
		if testing.Verbose() {
			t.Logf("%d %s %s best %s loss %.3f %v before %.2f after %.2f", st.Index, st.Notation, st.Judgement, st.BestNotation, st.Loss, st.Accuracy, st.Before.Chances, st.After.Chances)
		}
	}
	t.Logf("engine %+v", eng)
	t.Logf("random %+v", rnd)
	if rnd.Accuracy > eng.Accuracy-15 {
		t.Errorf("random accuracy %.1f, engine %.1f: want the random side far below", rnd.Accuracy, eng.Accuracy)
	}
	if rnd.Mistakes+rnd.Blunders < 1 {
		t.Errorf("random side: %d mistakes and %d blunders, want several", rnd.Mistakes, rnd.Blunders)
	}
	if eng.Blunders > 1 {
		t.Errorf("the engine blundered %d times", eng.Blunders)
	}
}

// Four-player chaturaji, a searching seat against three random ones: the searching seat the most
// accurate, luck reported for every player and adding up to nothing over the outcomes' mean.
func TestReviewChaturaji(t *testing.T) {
	opts := engine.Options{"max_rounds": {Kind: engine.OptionInt, Int: 20}}
	searcher := search.SearchBot(search.NewSearcher(1<<20), search.Options{Limits: search.Limits{Nodes: 3000}})
	bots := []search.Bot{searcher, search.RandomBot(), search.RandomBot(), search.RandomBot()}
	start, moves := playGame(t, "chaturaji", opts, bots, 5, 400)
	steps, sum := reviewed(t, start, moves, review.Options{Search: search.Options{Limits: search.Limits{Depth: 2}}})
	rolls := 0
	for _, st := range steps {
		if st.Player < 0 {
			rolls++
			if len(st.Luck) != 4 {
				t.Fatalf("roll %d: luck %v, want one per player", st.Index, st.Luck)
			}
		}
	}
	if !sum.Dice || rolls == 0 {
		t.Fatalf("dice %v, %d rolls", sum.Dice, rolls)
	}
	for _, p := range sum.Players {
		t.Logf("%+v", p)
	}
	for _, st := range steps {
		if st.Loss > 0.02 {
			t.Logf("%d p%d %s best %s loss %.3f before %.3f after %.3f luck %.2f", st.Index, st.Player, st.Notation, st.BestNotation, st.Loss, st.Before.Chances, st.After.Chances, st.Luck)
		}
	}
	for _, p := range sum.Players[1:] {
		if p.Accuracy >= sum.Players[0].Accuracy {
			t.Errorf("player %d accuracy %.1f, the searching seat's %.1f: want the searching seat the most accurate", p.Player, p.Accuracy, sum.Players[0].Accuracy)
		}
	}
}

// A roll that lets its roller take a raja is luck for him and bad luck for the raja's owner.
func TestReviewLuckOfARajaCapture(t *testing.T) {
	v, _ := engine.Lookup("chaturaji")
	// Black to roll: only a 3 lets the horse on b1 take red's raja on c3.
	start, err := v.Parse("gK,6,yK/8/8/8/8/2,rK,5/8/1,bH,5,bK b - - 0,0,0,0 0 1")
	if err != nil {
		t.Fatal(err)
	}
	roll, err := start.RollMove([]int{3})
	if err != nil {
		t.Fatal(err)
	}
	rolled, _ := start.Play(roll)
	take, err := rolled.ParseMove("b1c3")
	if err != nil {
		t.Fatal(err)
	}
	steps, _ := reviewed(t, start, []engine.Move{roll, take}, review.Options{Search: search.Options{Limits: search.Limits{Depth: 2}}})
	luck := steps[0].Luck
	t.Logf("luck %.3f, before %.2f after %.2f, then %.2f", luck, steps[0].Before.Values, steps[0].After.Values, steps[1].After.Values)
	black, red := 0, 2
	if luck[black] < 0.1 || luck[red] > -0.05 || luck[red] >= luck[1] || luck[red] >= luck[3] {
		t.Errorf("luck of the roll: %.3f; want clearly positive for black, negative for red and red's the worst", luck)
	}
	total := 0.0
	for _, l := range luck {
		total += l
	}
	if math.Abs(total) > 1e-9 {
		t.Errorf("the players' luck adds up to %g, want 0: their chances add up to 1 after every outcome", total)
	}
	if steps[1].Judgement != review.Best {
		t.Errorf("taking the raja judged %v, want best", steps[1].Judgement)
	}
}

// The annotated record reads back with every action, its marks and comments skipped.
func TestReviewRecordReadsBack(t *testing.T) {
	searcher := search.SearchBot(search.NewSearcher(1<<20), search.Options{Limits: search.Limits{Depth: 2}})
	start, moves := playGame(t, "chaturanga", nil, []search.Bot{searcher, search.RandomBot()}, 9, 40)
	steps, sum := reviewed(t, start, moves, review.Options{Search: search.Options{Limits: search.Limits{Depth: 3}}})
	text, err := review.Record(start, moves, steps, sum, []record.Tag{{Name: "White", Value: "engine"}})
	if err != nil {
		t.Fatal(err)
	}
	t.Log(text)
	rec, err := record.Read(text, 1000)
	if err != nil {
		t.Fatal(err)
	}
	got, fail := rec.Play()
	if fail != nil || len(got) != len(moves) {
		t.Fatalf("read back %d actions of %d (%v)", len(got), len(moves), fail)
	}
	for i, s := range got {
		if s.Move != moves[i] {
			t.Fatalf("action %d reads back as %s, want %s", i, s.Before.Notation(s.Move), s.Before.Notation(moves[i]))
		}
	}
	for _, want := range []string{"[%eval ", "[WhiteAccuracy ", "[BlackAccuracy ", "[White \"engine\"]"} {
		if !strings.Contains(text, want) {
			t.Errorf("the record has no %q", want)
		}
	}
}

// readGames reads the records of a file of games.
func readGames(t *testing.T, file string) []*record.Record {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var out []*record.Record
	for _, text := range record.SplitGames(string(b)) {
		rec, err := record.Read(text, 5000)
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		out = append(out, rec)
	}
	return out
}

// reviewRecord reviews a record's game, every action of which must be legal.
func reviewRecord(t *testing.T, rec *record.Record, opts review.Options) ([]review.Step, review.Summary, []string) {
	t.Helper()
	steps, fail := rec.Play()
	if fail != nil {
		t.Fatal(fail.Reason)
	}
	moves := make([]engine.Move, len(steps))
	for i, s := range steps {
		moves[i] = s.Move
	}
	var names []string
	for _, s := range engine.Seats(rec.Start) {
		v, _ := rec.Tag(record.PlayerTag(s.Name))
		names = append(names, v)
	}
	got, sum := reviewed(t, rec.Start, moves, opts)
	return got, sum, names
}

// Games of Fairy-Stockfish (50 ms a move) against random moves, and of a searching seat against
// three random ones in chaturaji, are judged as a person would: the random sides far less
// accurate, their errors counted, the engines' moves no blunders.
func TestReviewJudgesLikeAPerson(t *testing.T) {
	opts := review.Options{Search: search.Options{Limits: search.Limits{Depth: 4}}}
	for _, rec := range readGames(t, "testdata/chaturanga_fairy_random.pgn") {
		_, sum, names := reviewRecord(t, rec, opts)
		eng, rnd := sum.Players[0], sum.Players[1]
		if names[0] == "random" {
			eng, rnd = rnd, eng
		}
		t.Logf("fairy %.1f (%d/%d/%d), random %.1f (%d/%d/%d)", eng.Accuracy, eng.Inaccuracies, eng.Mistakes, eng.Blunders,
			rnd.Accuracy, rnd.Inaccuracies, rnd.Mistakes, rnd.Blunders)
		if rnd.Accuracy > eng.Accuracy-5 || rnd.Inaccuracies+rnd.Mistakes+rnd.Blunders < 2 || eng.Blunders > 0 {
			t.Errorf("Fairy-Stockfish %+v against random %+v: want the random side far less accurate, with errors", eng, rnd)
		}
	}
	opts = review.Options{Search: search.Options{Limits: search.Limits{Depth: 3}}}
	for _, rec := range readGames(t, "testdata/chaturaji_search_random.pgn") {
		_, sum, names := reviewRecord(t, rec, opts)
		best, engine := -1.0, -1.0
		for _, p := range sum.Players {
			if names[p.Player] == "random" {
				best = max(best, p.Accuracy)
			} else {
				engine = p.Accuracy
			}
		}
		t.Logf("searching seat %.1f, best random %.1f", engine, best)
		if engine <= best {
			t.Errorf("the searching seat's accuracy %.1f is not the best (a random seat's %.1f)", engine, best)
		}
	}
}

// Partners show their side's chance; the sides' chances add up to 1 after every action, and a
// roll's luck adds up to nothing over the sides.
func TestReviewChancesBySide(t *testing.T) {
	for _, name := range []string{"martian_chaturaji", "chaturaji"} {
		v, _ := engine.Lookup(name)
		opts := engine.Options{}
		if name == "chaturaji" {
			opts["teams"] = engine.OptionValue{Kind: engine.OptionBool, Bool: true}
		}
		start, err := v.Start(opts)
		if err != nil {
			t.Fatal(err)
		}
		sides, err := search.Sides(start)
		if err != nil {
			t.Fatal(err)
		}
		bots := make([]search.Bot, engine.Players(start))
		for p := range bots {
			bots[p] = search.RandomBot()
		}
		start, moves := playGame(t, name, opts, bots, 2, 40)
		steps, _ := reviewed(t, start, moves, review.Options{Search: search.Options{Limits: search.Limits{Depth: 2}}})
		for _, st := range steps {
			for i, c := range [][]float64{st.Before.Chances, st.After.Chances, st.Luck} {
				if c == nil {
					continue
				}
				total := 0.0
				for p, side := range sides {
					if c[p] != c[side] {
						t.Fatalf("%s action %d: partners %d and %d show %v", name, st.Index, p, side, c)
					}
					if side == p {
						total += c[p]
					}
				}
				want := 1.0
				if i == 2 { // luck
					want = 0
				}
				if math.Abs(total-want) > 1e-9 {
					t.Fatalf("%s action %d: the sides' shares %v add up to %g, want %g", name, st.Index, c, total, want)
				}
			}
		}
	}
}
