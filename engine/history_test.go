package engine_test

import (
	"errors"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/chaturanga"
)

func TestRepeated(t *testing.T) {
	for _, c := range []struct {
		history []uint64
		key     uint64
		want    int
	}{
		{nil, 7, 0},
		{[]uint64{1, 2, 3}, 7, 0},
		{[]uint64{7, 2, 7, 3}, 7, 2},
		{[]uint64{7}, 7, 1},
	} {
		if got := engine.Repeated(c.history, c.key); got != c.want {
			t.Errorf("Repeated(%v, %d) = %d, want %d", c.history, c.key, got, c.want)
		}
	}
}

// Horses out and back twice bring the start position round for the third time.
func TestDrawnByRepetition(t *testing.T) {
	pos, err := chaturanga.Variant.Start(nil)
	if err != nil {
		t.Fatal(err)
	}
	var history []uint64
	for i, mv := range []string{"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"} {
		n := pos
		if engine.DrawnByRepetition(n, history) {
			t.Fatalf("drawn before move %d (%s)", i, mv)
		}
		history = append(history, n.Key())
		m, err := pos.ParseMove(mv)
		if err != nil {
			t.Fatal(err)
		}
		pos, _ = pos.Play(m)
	}
	n := pos
	if got := engine.Occurrences(n, history); got != 3 {
		t.Errorf("occurrences = %d, want 3", got)
	}
	if !engine.DrawnByRepetition(n, history) {
		t.Error("the third occurrence is not a draw")
	}
	if engine.DrawnByRepetition(n, history[:4]) {
		t.Error("the second occurrence is a draw")
	}
	o := engine.RepetitionOutcome(2)
	if !o.Finished || len(o.Winners) != 0 || o.Reason != "repetition" || o.Ranking[0] != 1 || o.Ranking[1] != 1 {
		t.Errorf("outcome %+v, want a shared draw by repetition", o)
	}
	// A finished position keeps its own outcome however often its key was seen.
	mate, err := chaturanga.Variant.Parse("R3k3/8/4K3/8/8/8/8/8 b - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	mn := mate
	if engine.DrawnByRepetition(mn, []uint64{mn.Key(), mn.Key()}) {
		t.Error("checkmate drawn by repetition")
	}
}

// Replay returns the position reached and its history, and stops at an action the caller refuses
// or one played after the game was drawn.
func TestReplay(t *testing.T) {
	start, err := chaturanga.Variant.Start(nil)
	if err != nil {
		t.Fatal(err)
	}
	dance := []string{"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8", "e2e3"}
	byNotation := func(i int, p engine.Position) (engine.Move, error) { return p.ParseMove(dance[i]) }
	end, keys, err := engine.Replay(start, 4, byNotation)
	if err != nil || end.Key() != start.Key() || len(keys) != 4 || keys[0] != start.Key() {
		t.Fatalf("four plies: %v, %d keys, %v", end, len(keys), err)
	}
	if engine.Occurrences(end, keys) != 2 || engine.DrawnByRepetition(end, keys) {
		t.Errorf("the start after four plies occurs %d times, want 2", engine.Occurrences(end, keys))
	}
	_, _, err = engine.Replay(start, len(dance), byNotation)
	var replay *engine.ReplayError
	if !errors.As(err, &replay) || replay.Index != 8 || !errors.Is(err, engine.ErrDrawnBefore) {
		t.Errorf("an action after the third occurrence: %v, want ErrDrawnBefore at action 8", err)
	}
	refused := errors.New("no")
	_, _, err = engine.Replay(start, 3, func(i int, p engine.Position) (engine.Move, error) {
		if i == 2 {
			return 0, refused
		}
		return byNotation(i, p)
	})
	if !errors.As(err, &replay) || replay.Index != 2 || !errors.Is(err, refused) {
		t.Errorf("a refused action: %v", err)
	}
}
