package record_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/record"
)

// FuzzRead feeds Read any text: it never panics, and a record it reads plays without panicking;
// the actions played, written again, read back to the same actions and position.
func FuzzRead(f *testing.F) {
	for _, seed := range []string{
		"[Variant \"Chaturanga\"]\n\n1. e3 e6 2. Nf3 {c} Nf6 $1 (2...g6) 3. Bd3 *\n",
		"[Variant \"chaturaji\"]\n[Options \"teams dice=2\"]\n\n1. roll-2-5 a1c3 *",
		"[Variant \"martian_chaturanga\"]\n\n1. roll-3-4 b2b3 a1c3 1... roll-1-3 a5c3 end *",
		"[Variant \"martian_coaster_chaturanga\"]\n\n1. roll-aim a2a4 aim-1 2. roll-swap e1e3 end *",
		"[Variant \"martian_chess\"]\n[Options \"players=4\"]\n\n1. a1a2 ; x\n *",
		"[Variant \"chaturanga\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/4K3/8/8/8/8/R7 w - - 0 1\"]\n\n1.Ra8# 1-0",
		"[Variant \"ramayana\"]\n\n1. f2g5 e15f12 {",
		"[Event \"a\\\"b\"]\n[Variant \"coaster_chess\"]\n% x\n1. f1e1 ((( *",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		rec, err := record.Read(text, 200)
		if err != nil {
			return
		}
		steps, _ := rec.Play()
		moves := make([]engine.Move, len(steps))
		for i, s := range steps {
			moves[i] = s.Move
		}
		again, err := record.Write(rec.Start, moves, nil)
		if err != nil {
			t.Fatalf("the actions read do not write: %v", err)
		}
		rec2, err := record.Read(again, 200)
		if err != nil {
			t.Fatalf("%v reading\n%s", err, again)
		}
		steps2, fail := rec2.Play()
		if fail != nil {
			t.Fatalf("%+v reading\n%s", fail, again)
		}
		moves2 := make([]engine.Move, len(steps2))
		for i, s := range steps2 {
			moves2[i] = s.Move
		}
		if !slices.Equal(moves, moves2) || rec2.Start.String() != rec.Start.String() {
			t.Fatalf("written again, reads differently:\n%s", again)
		}
	})
}

// SplitGames never loses or reorders text: its games, joined, are the input up to trailing
// blanks, and none of them is blank.
func FuzzSplitGames(f *testing.F) {
	f.Add("[Event \"a\"]\n\n1. e3 { [%eval 0.1]\n[%eval 0.2] } e6 *\n\n[Event \"b\"]\n\n1. e3 *\n")
	f.Add("{[\n[")
	f.Fuzz(func(t *testing.T, text string) {
		games := record.SplitGames(text)
		joined := strings.Join(games, "")
		if !strings.HasPrefix(text, joined) || strings.TrimSpace(text[len(joined):]) != "" {
			t.Fatalf("%q split into %q", text, games)
		}
		for _, g := range games {
			if strings.TrimSpace(g) == "" {
				t.Fatalf("a blank game in %q", games)
			}
		}
	})
}
