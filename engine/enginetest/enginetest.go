// Package enginetest checks that a variant keeps the engine's contracts: the search contract
// (engine.Position) against the plain Position methods, hash keys against fresh parses, chance
// probabilities, zero allocations where the contract promises them, and the round trips of the
// text, structured and action forms.
package enginetest

import (
	"context"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
)

// CheckNode plays games random games of at most plies actions from start and checks, at every
// position, that:
//   - the position is an engine.Position;
//   - PlayInto writes the same position as Play, for every legal action;
//   - Key equals the key of the position read back from its text, and differs between positions
//     whose texts differ only where the rules look (checked loosely: two positions with one key
//     must read the same after the counters are dropped by sameState);
//   - at chance nodes the outcomes' probabilities are positive and sum to 1, and RollMove of each
//     outcome's dice gives the outcome back;
//   - Utility reports a finished game exactly when Phase does, with values in [-1, 1];
//   - Evaluate is zero-sum for two players and equals Utility*WinValue when finished;
//   - Phase, Moves, PlayInto, Key, Utility and Evaluate allocate nothing.
//
// sameState reports whether two position texts describe the same state for the hash key (e.g.
// the same text without move counters); nil compares the texts whole.
func CheckNode(t *testing.T, start engine.Position, games, plies int, seed uint64, sameState func(a, b string) bool) {
	t.Helper()
	if sameState == nil {
		sameState = func(a, b string) bool { return a == b }
	}
	root := start
	players := engine.Players(start)
	v := start.Variant()
	rng := rand.New(rand.NewPCG(seed, 0x656e67696e65))
	keys := map[uint64]string{}
	next := root.NewNode()
	var buf [engine.MaxMoves]engine.Move
	u := make([]float64, engine.MaxPlayers)
	e := make([]float64, engine.MaxPlayers)
	for game := 0; game < games; game++ {
		cur := copyNode(t, v, root)
		for ply := 0; ply < plies; ply++ {
			text := cur.String()
			back, err := v.Parse(text)
			if err != nil {
				t.Fatalf("Parse(%q): %v", text, err)
			}
			if back.(engine.Position).Key() != cur.Key() {
				t.Fatalf("%s: key %x, but %x when read back from its text", text, cur.Key(), back.(engine.Position).Key())
			}
			if other, ok := keys[cur.Key()]; ok && !sameState(other, text) {
				t.Fatalf("key %x shared by %q and %q", cur.Key(), other, text)
			}
			keys[cur.Key()] = text
			finished := cur.Utility(u)
			if finished != (cur.Phase() == engine.PhaseFinished) {
				t.Fatalf("%s: Utility says finished=%v, Phase is %s", text, finished, cur.Phase())
			}
			cur.Evaluate(e)
			if finished {
				for i := 0; i < players; i++ {
					if u[i] < -1 || u[i] > 1 {
						t.Fatalf("%s: utility %v of player %d outside [-1, 1]", text, u[i], i)
					}
					if e[i] != u[i]*engine.WinValue {
						t.Fatalf("%s: finished game evaluates to %v for player %d, utility %v", text, e[i], i, u[i])
					}
				}
			}
			if players == 2 && e[0] != -e[1] {
				t.Fatalf("%s: evaluation %v is not zero-sum", text, e[:2])
			}
			moves := cur.Moves(buf[:0])
			if finished {
				if len(moves) != 0 {
					t.Fatalf("%s: a finished game offers %d actions", text, len(moves))
				}
				break
			}
			if len(moves) == 0 {
				t.Fatalf("%s: an unfinished game offers no action", text)
			}
			checkAllocs(t, cur, next, moves[0], u, e)
			if cur.Phase() == engine.PhaseRoll {
				sum := 0.0
				for _, m := range moves {
					p := cur.Probability(m)
					if p <= 0 {
						t.Fatalf("%s: outcome %s has probability %v", text, cur.Notation(m), p)
					}
					sum += p
					if back, err := cur.RollMove(cur.Action(m).Dice); err != nil || back != m {
						t.Fatalf("%s: RollMove(%v) = %v, %v; want %s", text, cur.Action(m).Dice, back, err, cur.Notation(m))
					}
				}
				if math.Abs(sum-1) > 1e-9 {
					t.Fatalf("%s: outcome probabilities sum to %v", text, sum)
				}
			}
			for _, m := range moves {
				played, _ := cur.Play(m)
				cur.PlayInto(m, next)
				if played.String() != next.String() {
					t.Fatalf("%s: %s gives %q by Play and %q by PlayInto", text, cur.Notation(m), played.String(), next.String())
				}
			}
			cur.PlayInto(moves[rng.IntN(len(moves))], next)
			cur, next = next, cur
		}
	}
}

// copyNode returns a fresh node holding the same position as n.
func copyNode(t *testing.T, v engine.Variant, n engine.Position) engine.Position {
	t.Helper()
	p, err := v.Parse(n.String())
	if err != nil {
		t.Fatalf("Parse(%q): %v", n.String(), err)
	}
	return p.(engine.Position)
}

func checkAllocs(t *testing.T, cur, next engine.Position, m engine.Move, u, e []float64) {
	t.Helper()
	var buf [engine.MaxMoves]engine.Move
	allocs := testing.AllocsPerRun(3, func() {
		_ = cur.Phase()
		_ = cur.Moves(buf[:0])
		cur.PlayInto(m, next)
		_ = cur.Key()
		_ = cur.Utility(u)
		cur.Evaluate(e)
	})
	if allocs != 0 {
		t.Fatalf("%s: the search contract allocated %v times", cur.String(), allocs)
	}
}

// CheckPerft checks engine.Perft against a plain walk through Moves and Play, with and without
// divide, to depth.
func CheckPerft(t *testing.T, p engine.Position, depth int) {
	t.Helper()
	for d := 1; d <= depth; d++ {
		want := walk(p, d)
		for _, divide := range []bool{false, true} {
			r, err := engine.Perft(context.Background(), p, d, engine.PerftOptions{Divide: divide})
			if err != nil {
				t.Fatal(err)
			}
			if r.Nodes != want {
				t.Errorf("%s: perft %d (divide %v) = %d, a walk through Play counts %d", p, d, divide, r.Nodes, want)
			}
		}
	}
}

// walk counts leaves through Moves and Play alone: rolls are not plies.
func walk(p engine.Position, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	for _, m := range p.Moves(nil) {
		c, _ := p.Play(m)
		if p.Phase() == engine.PhaseRoll {
			n += walk(c, depth)
		} else {
			n += walk(c, depth-1)
		}
	}
	return n
}

// CheckParseMove checks a fuzzed action text against p: it is refused with an error or names a
// legal move, whose notation reads back as the same move.
func CheckParseMove(t *testing.T, p engine.Position, action string) {
	t.Helper()
	m, err := p.ParseMove(action)
	if err != nil {
		return
	}
	if !slices.Contains(p.Moves(nil), m) {
		t.Fatalf("%s: %q reads as a move that is not legal", p, action)
	}
	if back, err := p.ParseMove(p.Notation(m)); err != nil || back != m {
		t.Fatalf("%s: %q reads as %q, which reads back as %v, %v", p, action, p.Notation(m), back, err)
	}
}

// CheckRoundTrips checks that p's forms read back as p: its text (Variant.Parse of String), its
// structured form (FromSetup of Setup, which also names the player to move and the phase), and
// the notation of every legal action, as written and in upper case (ParseMove of Notation);
// and that Action agrees with the notation on the action's name. same compares two positions;
// nil compares their texts, keys and structured forms.
func CheckRoundTrips(t testing.TB, p engine.Position, same func(a, b engine.Position) bool) {
	t.Helper()
	if same == nil {
		same = func(a, b engine.Position) bool {
			return a.String() == b.String() && a.Key() == b.Key() && reflect.DeepEqual(a.Setup(), b.Setup())
		}
	}
	v := p.Variant()
	text := p.String()
	back, err := v.Parse(text)
	if err != nil || !same(back, p) {
		t.Fatalf("%s does not read back from its text: %v", text, err)
	}
	s := p.Setup()
	fromSetup, err := v.FromSetup(s)
	if err != nil || !same(fromSetup, p) {
		t.Fatalf("%s: the structured form reads back as %v, %v", text, fromSetup, err)
	}
	if s.ToMove != engine.Seats(p)[p.ToMove()].Name || s.Phase != p.Phase() {
		t.Fatalf("%s: the structured form says %s to move in phase %s", text, s.ToMove, s.Phase)
	}
	if p.Phase() == engine.PhaseFinished {
		return
	}
	var buf [engine.MaxMoves]engine.Move
	for _, m := range p.Moves(buf[:0]) {
		n := p.Notation(m)
		if back, err := p.ParseMove(n); err != nil || back != m {
			t.Fatalf("%s: %s reads back as %v, %v", text, n, back, err)
		}
		if up, err := p.ParseMove(strings.ToUpper(n)); err != nil || up != m {
			t.Fatalf("%s: %s in upper case reads back as %v, %v", text, n, up, err)
		}
		if a := p.Action(m); a.Name == "" || a.Kind == 0 {
			t.Fatalf("%s: %s has no name or kind in its structured form: %+v", text, n, a)
		}
	}
}

// Registered returns every registered variant, and fails the test when there is none: a loop
// over an empty registry checks nothing, and would pass (the test package must import
// engine/games, or the game packages it means).
func Registered(t testing.TB) []engine.Variant {
	t.Helper()
	vs := engine.Variants()
	if len(vs) == 0 {
		t.Fatal("no variant is registered: import engine/games")
	}
	return vs
}
