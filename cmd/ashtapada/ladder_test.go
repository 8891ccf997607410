package main

import (
	"context"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// Bradley-Terry recovers the Elo difference a score stands for: 75% is 191 Elo (400 log10 3),
// less the pull of the one drawn game added to every pair.
func TestBradleyTerry(t *testing.T) {
	wins := [][]float64{{0, 25}, {75, 0}}
	n := [][]float64{{0, 100}, {100, 0}}
	elo := bradleyTerry(wins, n)
	want := 400 * math.Log10(75.5/25.5)
	if elo[0] != 0 || math.Abs(elo[1]-want) > 0.5 {
		t.Errorf("elo %v, want [0 %.1f]", elo, want)
	}
	// A clean sweep is finite.
	if e := bradleyTerry([][]float64{{0, 0}, {20, 0}}, [][]float64{{0, 20}, {20, 0}}); math.IsInf(e[1], 0) || e[1] < 400 {
		t.Errorf("a sweep of 20 games rates %v", e)
	}
}

func TestLadderGroups(t *testing.T) {
	two := ladderGroups(5, 2, 2)
	if want := []ladderGroup{{0, 1}, {0, 2}, {1, 2}, {1, 3}, {2, 3}, {2, 4}, {3, 4}}; !slices.EqualFunc(two, want, slices.Equal) {
		t.Errorf("two players: %v", two)
	}
	four := ladderGroups(6, 4, 2)
	if want := []ladderGroup{{0, 1, 2, 3}, {1, 2, 3, 4}, {2, 3, 4, 5}}; !slices.EqualFunc(four, want, slices.Equal) {
		t.Errorf("four players: %v", four)
	}
}

// A ladder whose state file holds every group's games plays none and rates them: here every
// entry up the pool beats the ones below it, so the ratings rise, monotone, from random's 0.
func TestLadderResumesFromItsState(t *testing.T) {
	state := filepath.Join(t.TempDir(), "ladder.state")
	pool := ladderPool(20 * time.Millisecond)
	f, err := os.Create(state)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range ladderGroups(len(pool), 2, 2) {
		places := make([][]int, 4)
		for i := range places {
			places[i] = []int{2, 1} // the higher entry first
			if i == 3 {
				places[i] = []int{1, 1}
			}
		}
		b, _ := json.Marshal(ladderGames{Group: g.key(pool), Places: places})
		f.Write(append(b, '\n'))
	}
	f.Close()
	var out strings.Builder
	if err := ladder(context.Background(), []string{"--variant", "chaturanga", "--games", "4", "--state", state, "--bootstrap", "50", "--go"}, &out); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	if !strings.Contains(text, "monotone within the intervals: true") || !strings.Contains(text, "{Level: 8, Elo: ") {
		t.Errorf("ladder:\n%s", text)
	}
	if err := ladder(context.Background(), []string{"--variant", "chaturanga", "--games", "3"}, &out); err == nil || !strings.Contains(err.Error(), "multiple of the 2 players") {
		t.Errorf("3 games for 2 players: %v", err)
	}
}
