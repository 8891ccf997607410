package hexapawn_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/enginetest/hexapawn"
	"github.com/ashtapada/ashtapada/engine/record"
)

// A played game, black winning on the far rank at its 6th ply, is written as a record with its
// result and read back as the same actions, positions and result; so is every game from the
// start (134 of them), each ending in a win.
func TestHexapawnRecordRoundTrip(t *testing.T) {
	p := start(t)
	var moves []engine.Move
	for _, n := range strings.Fields("b1b2 a3b2 c1b2 c3c2 a1a2 c2c1") {
		m := mustMove(t, p, n)
		moves = append(moves, m)
		p, _ = p.Play(m)
	}
	if o := p.Outcome(); !o.Finished || o.Reason != hexapawn.ReasonFarRank || !slices.Equal(o.Winners, []int{1}) {
		t.Fatalf("the game ends %+v", o)
	}
	text, err := record.Write(start(t), moves, []record.Tag{{Name: "Event", Value: "hexapawn round trip"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`[Variant "hexapawn"]`, `[Result "0-1"]`, `[Termination "far_rank"]`,
		"1. b1b2 a3b2 2. c1b2 c3c2 3. a1a2 c2c1 0-1"} {
		if !strings.Contains(text, want) {
			t.Errorf("the record has no %s:\n%s", want, text)
		}
	}
	if strings.Contains(text, "FEN") {
		t.Errorf("a game from the start writes no FEN:\n%s", text)
	}
	checkRecord(t, start(t), moves, p, text)

	// Every game, from the start and from a position reached in play (written with its FEN).
	games := 0
	var walk func(from, cur engine.Position, moves []engine.Move)
	walk = func(from, cur engine.Position, moves []engine.Move) {
		legal := cur.Moves(nil)
		if len(legal) == 0 {
			text, err := record.Write(from, moves, nil)
			if err != nil {
				t.Fatal(err)
			}
			checkRecord(t, from, moves, cur, text)
			games++
			return
		}
		for _, m := range legal {
			next, _ := cur.Play(m)
			walk(from, next, append(slices.Clone(moves), m))
		}
	}
	walk(start(t), start(t), nil)
	if games != 134 {
		t.Errorf("%d games, want 134", games)
	}
	mid := parse(t, "ppp/P2/1PP b")
	walk(mid, mid, nil)
}

// checkRecord reads text back and checks it replays moves from from to end, with end's result.
func checkRecord(t *testing.T, from engine.Position, moves []engine.Move, end engine.Position, text string) {
	t.Helper()
	rec, err := record.Read(text, 100)
	if err != nil {
		t.Fatalf("read: %v\n%s", err, text)
	}
	if rec.Variant != hexapawn.Variant || rec.Start.String() != from.String() {
		t.Fatalf("record of %v from %s, want hexapawn from %s\n%s", rec.Variant, rec.Start, from, text)
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
	last := steps[len(steps)-1].After
	want := record.ResultText(end.Outcome(), 2)
	if last.String() != end.String() || rec.Result != want || want == "*" || want == "1/2-1/2" {
		t.Fatalf("ends at %s with %q, want %s with %q\n%s", last, rec.Result, end, want, text)
	}
	if tag, _ := rec.Tag("Result"); tag != want {
		t.Fatalf("Result tag %q, want %q", tag, want)
	}
}
