package main

import (
	"context"
	"math"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/enginetest"
)

// TestMatchEveryVariant plays a short random match on every registered variant and checks that
// the totals add up and that every entry played every seat equally often.
func TestMatchEveryVariant(t *testing.T) {
	for _, v := range enginetest.Registered(t) {
		name := v.Describe().Name
		t.Run(name, func(t *testing.T) {
			start, err := v.Start(nil)
			if err != nil {
				t.Fatal(err)
			}
			players := engine.Players(start)
			specs := slices.Repeat([]string{"random"}, players)
			specs[0] = "greedy"
			games := 2 * players
			res, err := playMatch(context.Background(), matchConfig{variant: name, players: specs, games: games, seed: 3, maxActions: 400, jobs: 2})
			if err != nil {
				t.Fatal(err)
			}
			if len(res.games) != games {
				t.Fatalf("%d games recorded, want %d", len(res.games), games)
			}
			seatCount := make([][]int, players) // [entry][seat]
			for e := range seatCount {
				seatCount[e] = make([]int, players)
			}
			for g, rec := range res.games {
				if len(rec.places) != players || len(rec.seats) != players {
					t.Fatalf("game %d: places %v, seats %v for %d players", g, rec.places, rec.seats, players)
				}
				if rec.length < 1 || rec.length > 400 {
					t.Errorf("game %d: %d actions, want 1 to 400", g, rec.length)
				}
				for e, s := range rec.seats {
					seatCount[e][s]++
				}
			}
			for e, counts := range seatCount {
				for s, n := range counts {
					if n != games/players {
						t.Errorf("entry %d sat at seat %d in %d games, want %d", e, s, n, games/players)
					}
				}
			}
			score, entries := 0.0, 0
			for _, st := range res.stats() {
				if got := st.wins + st.draws + st.losses; got != st.games {
					t.Errorf("%s: wins+draws+losses = %d, want %d games", st.spec, got, st.games)
				}
				if st.games != st.entries*games {
					t.Errorf("%s: %d games for %d entries, want %d", st.spec, st.games, st.entries, st.entries*games)
				}
				if st.firsts != st.wins+st.draws {
					t.Errorf("%s: %d first places, want wins+draws = %d", st.spec, st.firsts, st.wins+st.draws)
				}
				score += st.score
				entries += st.entries
			}
			if entries != players {
				t.Errorf("stats cover %d entries, want %d", entries, players)
			}
			// Each pair of players shares one point per game.
			if want := float64(games*players) / 2; math.Abs(score-want) > 1e-9 {
				t.Errorf("scores sum to %v, want %v", score, want)
			}
			var out strings.Builder
			res.write(&out)
			if !strings.Contains(out.String(), "greedy") || !strings.Contains(out.String(), "game length: mean") {
				t.Errorf("output lacks a row or the lengths:\n%s", out.String())
			}
		})
	}
}

// TestMatchSeedsReproduce checks that a seed gives the same games whatever the number of jobs,
// and that another seed gives other games.
func TestMatchSeedsReproduce(t *testing.T) {
	play := func(seed uint64, jobs int) []gameRecord {
		t.Helper()
		res, err := playMatch(context.Background(), matchConfig{variant: "chaturanga", players: []string{"search:depth=2", "random"},
			games: 6, seed: seed, maxActions: 300, open: 2, jobs: jobs})
		if err != nil {
			t.Fatal(err)
		}
		for i := range res.games {
			res.games[i].elapsed = 0
		}
		return res.games
	}
	same := func(a, b []gameRecord) bool {
		return slices.EqualFunc(a, b, func(x, y gameRecord) bool {
			return slices.Equal(x.places, y.places) && slices.Equal(x.seats, y.seats) && x.length == y.length && x.capped == y.capped
		})
	}
	a, b := play(7, 1), play(7, 2)
	if !same(a, b) {
		t.Errorf("seed 7 with 1 job gave %+v, with 2 jobs %+v", a, b)
	}
	if c := play(8, 1); same(a, c) {
		t.Errorf("seeds 7 and 8 gave the same games %+v", a)
	}
}

func TestMatchCommand(t *testing.T) {
	var out strings.Builder
	err := run(context.Background(), []string{"match", "--variant", "chaturanga", "--players", "search:depth=1,random",
		"--games", "2", "--seed", "1", "--max-actions", "200", "--open", "4"}, &out)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"match chaturanga: 2 games, seed 1, 4 random opening actions", "search:depth=1", "random", "95% CI"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}

func TestMatchOptions(t *testing.T) {
	var out strings.Builder
	err := run(context.Background(), []string{"match", "--variant", "chaturaji", "--players", "random,random,random,greedy",
		"--games", "4", "--options", "max_rounds=5,dice=2"}, &out)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "options: max_rounds=5,dice=2\n") {
		t.Errorf("output lacks the options:\n%s", out.String())
	}
}

func TestMatchErrors(t *testing.T) {
	for _, args := range [][]string{
		{"--variant", "chaturanga", "--players", "random"},
		{"--variant", "nope", "--players", "random,random"},
		{"--players", "random,wizard"},
		{"--players", "random:depth=2,random"},
		{"--players", "search:depth=0,random"},
		{"--players", "search:speed=9,random"},
		{"--players", "search:depth,random"},
		{"--variant", "martian_chaturanga", "--players", "fairy:depth=1,random"},
		{"--players", "fairy:depth=x,random"},
		{"--players", "fairy:depth=2:movetime=10ms,random"},
		{"--players", "fairy:movetime=10us,random"},
		{"--players", "fairy:path=x,random"},
		{"--players", "uci:depth=2,random"},
		{"--players", "search:tc=1s:movetime=10ms,random"},
		{"--players", "search:tc=fast,random"},
		{"--sprt", "10,0"},
		{"--resign", "-1"},
		{"--variant", "chaturaji", "--players", "random,random,random,random", "--draw", "0.1"},
		{"--games", "0"},
		{"--open", "-1"},
		{"--variant", "chaturaji", "--players", "random,random,random,random", "--options", "max_rounds=x"},
		{"--variant", "chaturaji", "--players", "random,random,random,random", "--options", "nope=1"},
		{"--variant", "chaturaji", "--players", "random,random,random,random", "--options", "max_rounds=-5"},
	} {
		var out strings.Builder
		if err := run(context.Background(), append([]string{"match"}, args...), &out); err == nil {
			t.Errorf("match %q: no error", args)
		}
	}
}

func TestWilson(t *testing.T) {
	for _, c := range []struct {
		k      float64
		n      int
		lo, hi float64
	}{
		{0, 10, 0, 0.278},
		{10, 10, 0.722, 1},
		{50, 100, 0.404, 0.596},
	} {
		got := wilson(c.k, c.n)
		if math.Abs(got[0]-c.lo) > 0.001 || math.Abs(got[1]-c.hi) > 0.001 {
			t.Errorf("wilson(%v, %d) = %.3f, want [%.3f, %.3f]", c.k, c.n, got, c.lo, c.hi)
		}
	}
}

// TestMatchClocksAndUCI plays the search on a clock against ashtapada search --uci (this test
// binary) on one, with adjudication, and checks the statistics both report.
func TestMatchClocksAndUCI(t *testing.T) {
	t.Setenv(fakeEnv, "search")
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	res, err := playMatch(context.Background(), matchConfig{variant: "chaturanga",
		players: []string{"search:tc=400ms+10ms", "uci:path=" + exe + ":tc=400ms+10ms"}, games: 2, seed: 1, open: 4, maxActions: 120,
		resign: 3, draw: 0.01, sprt: &[2]float64{0, 10}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.games) != 2 {
		t.Fatalf("%d games, want 2", len(res.games))
	}
	// Each entry searched in every game. How deep it got on a 400 ms clock depends on the
	// machine's load, so the test asks only that it searched.
	for g, rec := range res.games {
		for e, st := range rec.searched {
			if st.moves == 0 || st.nodes == 0 {
				t.Errorf("game %d entry %d: searches %+v", g, e, st)
			}
		}
	}
	var out strings.Builder
	res.write(&out)
	for _, want := range []string{"nodes/s", "Elo of search:tc=400ms+10ms over uci:", "SPRT elo0 0, elo1 10: LLR "} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}

func TestAdjudicator(t *testing.T) {
	win := func(v float64) searchInfo { return searchInfo{ok: true, value: v, hasValue: true} }
	a := adjudicator{resign: 3}
	for i := range resignRun {
		// Player 0 is ahead: player 0 says +4, player 1 says -4.
		v, mover := 4.0, i%2
		if mover == 1 {
			v = -4
		}
		over, winner := a.add(mover, win(v), 10+i)
		if over != (i == resignRun-1) || over && winner != 0 {
			t.Fatalf("move %d: over %v winner %d", i, over, winner)
		}
	}
	a = adjudicator{resign: 3}
	a.add(0, win(4), 1)
	a.add(1, searchInfo{}, 2) // no value breaks the run
	for i := range resignRun - 1 {
		if over, _ := a.add(i%2, win(4*float64(1-2*(i%2))), 3+i); over {
			t.Fatalf("adjudicated after a broken run, move %d", i)
		}
	}
	d := adjudicator{draw: 0.1}
	for i := range drawRun {
		if over, _ := d.add(i%2, win(0.05), 10+i); over {
			t.Fatalf("drawn before action %d", drawFrom)
		}
	}
	for i := range drawRun {
		over, winner := d.add(i%2, win(0.05), drawFrom+i)
		if over != (i == drawRun-1) || over && winner != -1 {
			t.Fatalf("move %d: over %v winner %d", i, over, winner)
		}
	}
}

func TestEloAndSPRT(t *testing.T) {
	res := &matchResult{cfg: matchConfig{sprt: &[2]float64{0, 10}}}
	add := func(n int, places []int) {
		for range n {
			res.games = append(res.games, gameRecord{places: places})
		}
	}
	add(55, []int{1, 2})
	add(45, []int{2, 1})
	add(100, []int{1, 1})
	elo, lo, hi := res.elo()
	if math.Abs(elo-17.4) > 0.1 || lo >= 0 || hi <= elo {
		t.Errorf("elo %.1f [%.1f, %.1f], want 17.4 with an interval that holds 0", elo, lo, hi)
	}
	if llr := res.llr(); math.Abs(llr-0.41) > 0.01 {
		t.Errorf("LLR %.2f after 200 games at +17 Elo, want 0.41", llr)
	}
	add(200, []int{1, 2})
	if llr := res.llr(); llr < sprtUpper {
		t.Errorf("LLR %.2f after a run of wins, want H1", llr)
	}
}
