package search

import (
	"context"
	"fmt"
	"math"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
	_ "github.com/ashtapada/ashtapada/engine/games"
)

func mustSearch(t testing.TB, s *Searcher, root engine.Position, opts Options) Result {
	t.Helper()
	r, err := s.Search(context.Background(), root, opts, nil)
	if err != nil {
		t.Fatalf("Search(%v): %v", root, err)
	}
	if len(r.Lines) == 0 {
		t.Fatalf("Search(%v): no lines", root)
	}
	return r
}

func close(a, b float64) bool { return math.Abs(a-b) <= 1e-9*max(1, math.Abs(a), math.Abs(b)) }

// allMoves returns every legal action of n.
func allMoves(n engine.Position) []engine.Move { return n.Moves(nil) }

func TestNimSolved(t *testing.T) {
	for pile := 1; pile <= 14; pile++ {
		t.Run(fmt.Sprint(pile), func(t *testing.T) {
			r := mustSearch(t, NewSearcher(1<<16), &nim{pile: pile}, Options{})
			if !r.Complete {
				t.Errorf("Complete = false, want a solved search")
			}
			// The winner keeps the pile a multiple of 4; the loser takes one stone at a time.
			var want float64
			if pile%4 != 0 {
				want = engine.WinValue - float64(1+2*(pile/4))
				if r.Best != engine.Move(pile%4) {
					t.Errorf("Best = %d, want %d", r.Best, pile%4)
				}
			} else {
				want = -(engine.WinValue - float64(2*(pile/4)))
			}
			if got := r.Lines[0].Values[0]; got != want {
				t.Errorf("value = %v, want %v", got, want)
			}
			if got := r.Lines[0].Values[1]; got != -want {
				t.Errorf("opponent's value = %v, want %v", got, -want)
			}
			if pile%4 != 0 && len(r.Lines[0].PV) != 1+2*(pile/4) {
				t.Errorf("PV %v has %d moves, want %d", r.Lines[0].PV, len(r.Lines[0].PV), 1+2*(pile/4))
			}
		})
	}
}

// treeCases are random trees covering turn order, chance nodes and tactics.
func treeCases() []engine.Position {
	var cases []engine.Position
	for seed := uint64(1); seed <= 6; seed++ {
		cases = append(cases,
			newTree(seed, 2, 4, 7, 40, false, false),
			newTree(seed, 2, 5, 7, 25, false, true),
			newTree(seed, 2, 4, 6, 30, true, true),
			newTacticalTree(seed, 4, 7, 30, false),
			newTacticalTree(seed, 4, 6, 30, true),
		)
		nz := newTree(seed, 2, 4, 6, 30, true, true)
		nz.g.nonZero = true
		cases = append(cases, nz)
	}
	return cases
}

// TestAlphaBetaMatchesMinimax compares every root action's value (MultiPV over all of them)
// with plain minimax/expectimax, with and without the table.
func TestAlphaBetaMatchesMinimax(t *testing.T) {
	for i, root := range treeCases() {
		ref := newReference(root, nil, false)
		moves := allMoves(root)
		for depth := 1; depth <= 5; depth++ {
			for _, noTT := range []bool{false, true} {
				s := NewSearcher(1 << 16)
				s.noTT = noTT
				r := mustSearch(t, s, root, Options{FullWidth: true, Limits: Limits{Depth: depth, MultiPV: len(moves)}})
				if len(r.Lines) != len(moves) {
					t.Fatalf("case %d depth %d: %d lines, want %d", i, depth, len(r.Lines), len(moves))
				}
				for j, l := range r.Lines {
					want := ref.minimax(play(root, l.Move), depth-1, 1)
					if got := l.Values[root.ToMove()]; !close(got, want) {
						t.Errorf("case %d (%v) depth %d noTT %v: line %d (move %d) = %v, want %v", i, root, depth, noTT, j, l.Move, got, want)
					}
					if j > 0 && l.Values[root.ToMove()] > r.Lines[j-1].Values[root.ToMove()] {
						t.Errorf("case %d depth %d: lines out of order", i, depth)
					}
				}
			}
		}
	}
}

// TestStar1MatchesExpectimax checks that Star1 prunes without changing any exact value: every
// root line of trees with chance nodes comes out bit for bit as without pruning.
func TestStar1MatchesExpectimax(t *testing.T) {
	var total [2]uint64
	for i, root := range treeCases() {
		if len(root.Variant().Describe().Dice) == 0 {
			continue
		}
		moves := allMoves(root)
		for depth := 1; depth <= 6; depth++ {
			var lines [2][]Line
			for j, noStar1 := range []bool{false, true} {
				s := NewSearcher(1 << 16)
				s.noStar1 = noStar1
				r := mustSearch(t, s, root, Options{FullWidth: true, Limits: Limits{Depth: depth, MultiPV: len(moves)}})
				lines[j] = r.Lines
				total[j] += r.Nodes
			}
			for k := range lines[0] {
				a, b := lines[0][k], lines[1][k]
				if a.Move != b.Move || a.Values[0] != b.Values[0] {
					t.Errorf("case %d depth %d line %d: Star1 %d = %v, expectimax %d = %v", i, depth, k, a.Move, a.Values[0], b.Move, b.Values[0])
				}
			}
		}
	}
	// Pruning changes what the table holds, so one search may visit a node more; in all it saves.
	t.Logf("nodes: Star1 %d, expectimax %d", total[0], total[1])
	if total[0] >= total[1] {
		t.Errorf("Star1 searched %d nodes, expectimax %d: no pruning", total[0], total[1])
	}
}

// raceExact is the exact expectimax value of a two-player race for player 0, wins sooner worth
// more, with the search's distances (plies from the root).
func raceExact(r *race, ply int, memo map[[2]uint64]float64) float64 {
	k := [2]uint64{r.Key(), uint64(ply)}
	if v, ok := memo[k]; ok {
		return v
	}
	var u [2]float64
	var v float64
	switch {
	case r.Utility(u[:]):
		v = u[0]*engine.WinValue - math.Copysign(float64(ply), u[0])
	case r.roll == 0:
		for _, m := range allMoves(r) {
			v += r.Probability(m) * raceExact(play(r, m).(*race), ply+1, memo)
		}
	default:
		v = math.Inf(1)
		if r.toMove == 0 {
			v = math.Inf(-1)
		}
		for _, m := range allMoves(r) {
			c := raceExact(play(r, m).(*race), ply+1, memo)
			if r.toMove == 0 {
				v = max(v, c)
			} else {
				v = min(v, c)
			}
		}
	}
	memo[k] = v
	return v
}

// TestRaceSolved solves a dice race whose turns may hold several actions, and compares every
// root action with exact expectimax.
func TestRaceSolved(t *testing.T) {
	for _, goal := range []int8{4, 6, 8} {
		for roll := int8(1); roll <= 3; roll++ {
			root := newRace(2, goal, false)
			root.roll = roll
			root.pos[1] = 1
			memo := map[[2]uint64]float64{}
			for _, noTT := range []bool{false, true} {
				if noTT && goal > 6 {
					continue // 28 million nodes without the table
				}
				s := NewSearcher(1 << 18)
				s.noTT = noTT
				r := mustSearch(t, s, root, Options{FullWidth: true, Limits: Limits{MultiPV: 3}})
				if !r.Complete {
					t.Errorf("goal %d roll %d: not solved (depth %d)", goal, roll, r.Depth)
				}
				for _, l := range r.Lines {
					want := raceExact(play(root, l.Move).(*race), 1, memo)
					if got := l.Values[0]; !close(got, want) {
						t.Errorf("goal %d roll %d noTT %v: action %d = %v, want %v", goal, roll, noTT, l.Move, got, want)
					}
					if l.Values[1] != -l.Values[0] {
						t.Errorf("values %v are not zero-sum", l.Values)
					}
				}
			}
		}
	}
}

// TestChanceNodeIsMeanOfChildren searches the outcomes of a roll one by one and checks that
// the action leading to the roll is worth their probability-weighted mean.
func TestChanceNodeIsMeanOfChildren(t *testing.T) {
	roots := []engine.Position{}
	for seed := uint64(1); seed <= 5; seed++ {
		tr := newTree(seed, 2, 4, 12, 50, true, true)
		tr.g.noEnd = true
		roots = append(roots, tr)
	}
	r := newRace(2, 20, false)
	r.roll = 2
	roots = append(roots, r)
	// Real dice games of two sides, right after a roll, where ending the turn leads to the next
	// roll. (With more sides, paranoid values depend on the root player, so a child's search
	// answers another question.)
	for _, v := range []struct {
		name string
		opts engine.Options
	}{{"martian_chaturanga", nil}, {"chaturaji", engine.Options{"dice": {Kind: engine.OptionInt, Int: 2}, "teams": {Kind: engine.OptionBool, Bool: true}}}} {
		variant, ok := engine.Lookup(v.name)
		if !ok {
			t.Fatalf("%s is not registered", v.name)
		}
		start, err := variant.Start(v.opts)
		if err != nil {
			t.Fatal(err)
		}
		n := start.(engine.Position)
		for _, roll := range allMoves(n)[:3] {
			roots = append(roots, play(n, roll))
		}
	}
	for i, root := range roots {
		maxDepth := 5
		if i >= 6 {
			maxDepth = 3
		}
		for depth := 2; depth <= maxDepth; depth++ {
			moves := allMoves(root)
			res := mustSearch(t, NewSearcher(1<<16), root, Options{FullWidth: true, Limits: Limits{Depth: depth, MultiPV: len(moves)}})
			checked := 0
			for _, l := range res.Lines {
				roll := play(root, l.Move)
				if roll.Phase() != engine.PhaseRoll {
					continue
				}
				checked++
				var mean float64
				for _, m := range allMoves(roll) {
					c := play(roll, m)
					cr := mustSearch(t, NewSearcher(1<<16), c, Options{FullWidth: true, Limits: Limits{Depth: depth - 1}})
					mean += roll.Probability(m) * cr.Lines[0].Values[root.ToMove()]
				}
				if got := l.Values[root.ToMove()]; !close(got, mean) {
					t.Errorf("root %d depth %d action %d: %v, want the mean of its rolls %v", i, depth, l.Move, got, mean)
				}
			}
			if checked == 0 {
				t.Errorf("root %d: no action leads to a roll", i)
			}
		}
	}
}

// TestMultiPlayerMatchesReference compares paranoid, max^n and team alpha-beta with the
// reference searches on three- and four-player trees.
func TestMultiPlayerMatchesReference(t *testing.T) {
	for seed := uint64(1); seed <= 8; seed++ {
		three := newTree(seed, 3, 4, 8, 40, seed%2 == 0, true)
		teams := newTeamTree(seed, 3, 8, 40, seed%2 == 1)
		noEnd := newTree(seed, 3, 4, 20, 1<<40, seed%2 == 0, true)
		noEnd.g.noEnd = true // no finished games, so no ties between equal results
		for depth := 1; depth <= 4; depth++ {
			moves := allMoves(three)
			t.Run(fmt.Sprintf("paranoid/%d/%d", seed, depth), func(t *testing.T) {
				ref := newReference(three, nil, true)
				r := mustSearch(t, NewSearcher(1<<16), three, Options{FullWidth: true, Algorithm: Paranoid, Limits: Limits{Depth: depth, MultiPV: len(moves)}})
				for _, l := range r.Lines {
					if want := ref.minimax(play(three, l.Move), depth-1, 1); !close(l.Values[0], want) {
						t.Errorf("action %d: %v, want %v", l.Move, l.Values[0], want)
					}
				}
			})
			t.Run(fmt.Sprintf("auto/%d/%d", seed, depth), func(t *testing.T) {
				ref := newReference(three, nil, autoMany == modeParanoid)
				r := mustSearch(t, NewSearcher(1<<16), three, Options{FullWidth: true, Limits: Limits{Depth: depth}})
				if autoMany == modeMaxN {
					return // compared below
				}
				if want := ref.minimax(play(three, r.Best), depth-1, 1); !close(r.Lines[0].Values[0], want) {
					t.Errorf("action %d: %v, want %v", r.Best, r.Lines[0].Values[0], want)
				}
			})
			t.Run(fmt.Sprintf("teams/%d/%d", seed, depth), func(t *testing.T) {
				ref := newReference(teams, teams.Sides(), false)
				tm := allMoves(teams)
				r := mustSearch(t, NewSearcher(1<<16), teams, Options{FullWidth: true, Limits: Limits{Depth: depth, MultiPV: len(tm)}})
				for _, l := range r.Lines {
					if want := ref.minimax(play(teams, l.Move), depth-1, 1); !close(l.Values[0], want) || l.Values[2] != l.Values[0] || l.Values[1] != -l.Values[0] {
						t.Errorf("action %d: %v, want %v for the first team", l.Move, l.Values, want)
					}
				}
			})
			t.Run(fmt.Sprintf("maxn/%d/%d", seed, depth), func(t *testing.T) {
				ref := newReference(noEnd, nil, false)
				s := NewSearcher(1 << 16)
				s.noTT = true // the table puts its move first, so ties could go another way
				nm := allMoves(noEnd)
				r := mustSearch(t, s, noEnd, Options{FullWidth: true, Algorithm: MaxN, Limits: Limits{Depth: depth, MultiPV: len(nm)}})
				for _, l := range r.Lines {
					want := ref.maxn(play(noEnd, l.Move), depth-1, 1)
					for p := range want {
						if !close(l.Values[p], want[p]) {
							t.Errorf("action %d: %v, want %v", l.Move, l.Values, want)
							break
						}
					}
				}
				// With the table the values stay the same (ties aside, which noEnd avoids).
				r2 := mustSearch(t, NewSearcher(1<<16), noEnd, Options{FullWidth: true, Algorithm: MaxN, Limits: Limits{Depth: depth, MultiPV: len(nm)}})
				for i := range r.Lines {
					if r.Lines[i].Move != r2.Lines[i].Move || !close(r.Lines[i].Values[1], r2.Lines[i].Values[1]) {
						t.Errorf("line %d without table %d %v, with %d %v", i, r.Lines[i].Move, r.Lines[i].Values, r2.Lines[i].Move, r2.Lines[i].Values)
					}
				}
			})
		}
	}
}
