package chaturaji

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
)

func TestProbabilityAndRollMove(t *testing.T) {
	for _, c := range []struct {
		text     string
		outcomes int
	}{{StartText, 4}, {StartText + " dice=2", 10}} {
		p := mustParse(t, c.text)
		moves := p.Moves(nil)
		sum := 0.0
		for _, m := range moves {
			sum += p.Probability(m)
		}
		if len(moves) != c.outcomes || math.Abs(sum-1) > 1e-12 {
			t.Errorf("%s: %d outcomes summing to %v, want %d summing to 1", c.text, len(moves), sum, c.outcomes)
		}
	}
	one, two := mustParse(t, StartText), mustParse(t, StartText+" dice=2")
	for _, c := range []struct {
		p      *Position
		values []int
		text   string
		prob   float64
	}{
		{one, []int{3}, "roll 3", 0.25},
		{two, []int{5, 2}, "roll 2 5", 2.0 / 16},
		{two, []int{2, 5}, "roll 2 5", 2.0 / 16},
		{two, []int{4, 4}, "roll 4 4", 1.0 / 16},
	} {
		m, err := c.p.RollMove(c.values)
		want, _ := c.p.ParseMove(c.text)
		if err != nil || m != want || c.p.Probability(m) != c.prob {
			t.Errorf("RollMove(%v) = %v, %v with probability %v; want %s with %v", c.values, m, err, c.p.Probability(m), c.text, c.prob)
		}
	}
	diceless := mustParse(t, StartText+" diceless")
	for _, c := range []struct {
		p      *Position
		values []int
	}{{one, nil}, {one, []int{1}}, {one, []int{6}}, {one, []int{0}}, {one, []int{7}}, {one, []int{2, 3}},
		{two, []int{3}}, {two, []int{3, 6}}, {diceless, []int{3}}} {
		if m, err := c.p.RollMove(c.values); err == nil {
			t.Errorf("%s: RollMove(%v) = %v, want an error", c.p, c.values, m)
		}
	}
	rolled := mustParse(t, StartText)
	rolled.play(rollMove(5, 0), rolled, nil)
	for _, m := range rolled.Moves(nil) {
		if rolled.Probability(m) != 1 {
			t.Errorf("%s has probability %v, want 1", rolled.Notation(m), rolled.Probability(m))
		}
	}
}

func TestUtility(t *testing.T) {
	third := 1.0 / 3
	for _, c := range []struct {
		name, text string
		want       []float64 // nil: not finished
	}{
		{"unfinished", StartText, nil},
		{"shared second place", board("d1=bK c1=bE") + " b - - 10,5,5,0 0 1", []float64{1, 0, 0, -1}},
		{"shared third place", board(thronedRajas) + " b - - 4,5,1,1 0 1", []float64{third, 1, -2 * third, -2 * third}},
		{"all level", board(thronedRajas) + " b - - 0,0,0,0 0 1", []float64{0, 0, 0, 0}},
		// Both green and yellow rajas are dead: under goal points the higher team score still wins.
		{"team rajas killed, points", board("d1=bK e8=rK c6=gPh") + " b - - 0,9,0,0 0 1 teams", []float64{-1, 1, -1, 1}},
		{"team rajas killed, last standing", board("d1=bK e8=rK c6=gPh") + " b - - 0,9,0,0 0 1 teams goal=last_standing", []float64{1, -1, 1, -1}},
		{"team rajas killed, diceless", board("d1=bK e8=rK c6=gPh") + " b - - 0,9,0,0 0 1 diceless", []float64{1, -1, 1, -1}},
		{"team draw", board(thronedRajas) + " b - - 0,9,0,0 0 1 teams", []float64{0, 0, 0, 0}},
		{"team points", board("d1=bK c2=bE") + " b - - 0,9,0,0 0 1 teams", []float64{-1, 1, -1, 1}},
		{"team last standing", board("d1=bK c2=bE") + " b - - 0,9,0,0 0 1 teams goal=last_standing", []float64{1, -1, 1, -1}},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := mustParse(t, c.text)
			u := []float64{7, 7, 7, 7}
			finished := p.Utility(u)
			if finished != (c.want != nil) || finished != p.finished() {
				t.Fatalf("Utility reports finished=%v, want %v", finished, c.want != nil)
			}
			if !finished {
				return
			}
			for pl := range u {
				if math.Abs(u[pl]-c.want[pl]) > 1e-12 {
					t.Errorf("utilities %v, want %v", u, c.want)
					break
				}
			}
			e := make([]float64, players)
			p.Evaluate(e)
			for pl := range e {
				if e[pl] != u[pl]*engine.WinValue {
					t.Errorf("Evaluate = %v, want the utilities times WinValue", e)
				}
			}
			if terms := p.Terms(); len(terms) != 1 || terms[0].Name != "result" || !slices.Equal(terms[0].Values, e) {
				t.Errorf("Terms = %v, want one result term %v", terms, e)
			}
		})
	}
}

func evaluate(p *Position) []float64 {
	e := make([]float64, players)
	p.Evaluate(e)
	return e
}

func TestEvaluate(t *testing.T) {
	if e := evaluate(mustParse(t, StartText)); !slices.Equal(e, []float64{0, 0, 0, 0}) {
		t.Errorf("the start evaluates to %v, want 0 for everyone", e)
	}
	ahead := evaluate(mustParse(t, StartBoard+" b - - 4,0,0,0 0 1"))
	if want := []float64{4, -4.0 / 3, -4.0 / 3, -4.0 / 3}; !approx(ahead, want) {
		t.Errorf("black 4 points ahead: %v, want %v", ahead, want)
	}
	// Green has lost his elephant and red his raja: points do not change, material does.
	material := mustParse(t, board("d1=bK c1=bE a5=gK h4=yK h3=yE f8=rE")+" b - - 0,0,0,0 0 1")
	if e := evaluate(material); !(e[black] > 0 && math.Abs(e[yellow]-e[black]) < 1e-9 && e[green] < 0 && e[red] < e[green]) || math.Abs(sum(e)) > 1e-9 {
		t.Errorf("material: %v, want yellow = black > 0 > green > red, summing to 0", e)
	}
	for _, text := range []string{StartBoard + " b - - 4,1,0,2 0 1 teams", board("d1=bK c1=bE a5=gK h4=yK h3=yE f8=rE") + " b - - 0,0,0,0 0 1 teams"} {
		e := evaluate(mustParse(t, text))
		if e[black] != e[red] || e[green] != e[yellow] || e[black] != -e[green] {
			t.Errorf("%s: %v, want partners level and the teams opposite", text, e)
		}
	}
	if e := evaluate(mustParse(t, StartBoard+" b - - 4,1,0,2 0 1 teams")); !approx(e, []float64{1, -1, 1, -1}) {
		t.Errorf("team points 4 to 3: %v", e)
	}
	if e := evaluate(mustParse(t, StartBoard+" b - - 4,1,0,2 0 1 teams goal=last_standing")); !approx(e, []float64{0, 0, 0, 0}) {
		t.Errorf("points do not count under last_standing: %v", e)
	}
	for _, text := range []string{StartBoard + " b - - 4,1,0,2 0 1", board("d1=bK c1=bE a5=gK h4=yK h3=yE f8=rE") + " b - - 3,0,1,0 0 1 teams"} {
		p := mustParse(t, text)
		total := make([]float64, players)
		for _, term := range p.Terms() {
			for pl, v := range term.Values {
				total[pl] += v
			}
		}
		if e := evaluate(p); !approx(total, e) {
			t.Errorf("%s: terms add up to %v, Evaluate gives %v", text, total, e)
		}
	}
}

func sum(v []float64) float64 {
	s := 0.0
	for _, x := range v {
		s += x
	}
	return s
}

func approx(a, b []float64) bool {
	return slices.EqualFunc(a, b, func(x, y float64) bool { return math.Abs(x-y) < 1e-9 })
}

func TestTactics(t *testing.T) {
	for _, c := range []struct {
		name, text string
		gains      map[string]float64 // every noisy action and its gain
		quiet      []string           // actions with no gain
	}{
		{"boat triumph", board(thronedRajas+"a1=bB c4=gB d4=rB d3=yB") + " b 2 - 0,0,0,0 0 1", map[string]float64{"a1c3": 6}, nil},
		{"boat triumph in teams", board(thronedRajas+"a1=bB c4=gB d4=rB d3=yB") + " b 2 - 0,0,0,0 0 1 teams", map[string]float64{"a1c3": 4}, nil},
		{"capture and promotion", board(thronedRajas+"a7=bPb c2=bPe d3=gH") + " b 5 - 0,0,0,0 0 1",
			map[string]float64{"a7a8=b": materialValue[boat] - materialValue[pawn], "c2d3": 3}, []string{"c2c3", "d1e1"}},
		{"raja on its throne", board("d1=bK a4=bE a5=gK e8=rK h4=yK c6=gPh") + " b 4 - 0,0,0,0 0 1 teams", map[string]float64{"a4a5": 7, "a4h4": 7}, []string{"a4a3"}},
		{"raja on its throne, individual", board("d1=bK a4=bE a5=gK e8=rK h4=yK c6=gPh") + " b 4 - 0,0,0,0 0 1", map[string]float64{"a4a5": 5, "a4h4": 5}, nil},
		{"throne entry", board("b4=bK c7=gK e8=rK h4=yK c6=gPh") + " b 5 - 0,0,0,0 0 1 teams", map[string]float64{}, []string{"b4b5"}},
		{"roll", StartText, map[string]float64{}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := mustParse(t, c.text)
			var noisy []string
			for _, m := range p.Noisy(nil) {
				noisy = append(noisy, p.Notation(m))
			}
			want := slices.Sorted(func(yield func(string) bool) {
				for a := range c.gains {
					if !yield(a) {
						return
					}
				}
			})
			if slices.Sort(noisy); !slices.Equal(noisy, want) {
				t.Errorf("Noisy = %v, want %v", noisy, want)
			}
			for a, g := range c.gains {
				m, err := p.ParseMove(a)
				if err != nil || math.Abs(p.Gain(m)-g) > 1e-12 {
					t.Errorf("Gain(%s) = %v (%v), want %v", a, p.Gain(m), err, g)
				}
			}
			for _, a := range c.quiet {
				if m, err := p.ParseMove(a); err != nil || p.Gain(m) != 0 {
					t.Errorf("Gain(%s) = %v (%v), want 0", a, p.Gain(m), err)
				}
			}
			if p.InCheck() {
				t.Error("InCheck: Chaturaji has no check")
			}
		})
	}
	// A throne entry gains a point but captures nothing.
	p := mustParse(t, board("b4=bK c7=gK e8=rK h4=yK c6=gPh")+" b 5 - 0,0,0,0 0 1 teams")
	if m, _ := p.ParseMove("b4a5"); p.Gain(m) != 1 {
		t.Errorf("Gain(b4a5) = %v, want 1 for the throne", p.Gain(m))
	}
}

// In random games, an action is noisy exactly when it removes a piece or promotes one, and its
// gain is the capture and throne points it scores plus the promotion's material.
func TestTacticsAgreeWithPlay(t *testing.T) {
	for i, opts := range optionSets {
		start, _ := Variant.Start(opts)
		rng := rand.New(rand.NewPCG(uint64(i), 11))
		for game := 0; game < 4; game++ {
			playout(start.(*Position), rng, 1500, func(p *Position) {
				noisy := p.Noisy(nil)
				var child Position
				for _, m := range p.Moves(nil) {
					p.play(m, &child, nil)
					pieces, promoted, points := 0, 0.0, 0
					for pl := 0; pl < players; pl++ {
						pieces += int(p.count[pl][0]) - int(child.count[pl][0])
						points += int(child.score[pl][fromCaptures]+child.score[pl][fromThrone]) - int(p.score[pl][fromCaptures]+p.score[pl][fromThrone])
					}
					if pr := movePromo(m); pr != 0 {
						promoted = materialValue[pr] - materialValue[pawn]
					}
					wantNoisy := (pieces > 0 || promoted > 0) && moveAct(m) != actResign
					if slices.Contains(noisy, m) != wantNoisy {
						t.Fatalf("%s: %s noisy=%v, but it removes %d pieces and promotes: %v", p, p.Notation(m), !wantNoisy, pieces, promoted > 0)
					}
					if g := p.Gain(m); math.Abs(g-float64(points)-promoted) > 1e-12 {
						t.Fatalf("%s: Gain(%s) = %v, but it scores %d and promotes for %v", p, p.Notation(m), g, points, promoted)
					}
				}
			})
		}
	}
}

func TestKey(t *testing.T) {
	key := func(text string) uint64 { return mustParse(t, text).Key() }
	rolled := "gB,gPb,2,rK,rE,rH,rB/gH,gPh,2,rPk,rPe,rPh,rPb/gE,gPe,6/gK,gPk,6/6,yPk,yK/6,yPe,yE/bPb,bPh,bPe,bPk,2,yPh,yH/bB,bH,bE,bK,2,yPb,yB b "
	for _, c := range []struct {
		name string
		a, b string
		same bool
	}{
		{"the turn number is a clock", StartText, StartBoard + " b - - 0,0,0,0 0 9", true},
		{"quiet turns without a limit", StartText, StartBoard + " b - - 0,0,0,0 5 1", true},
		{"quiet turns under a limit", StartText + " max_rounds=3", StartBoard + " b - - 0,0,0,0 5 1 max_rounds=3", false},
		{"quiet turns past the limit", StartBoard + " b - - 0,0,0,0 12 1 max_rounds=3", StartBoard + " b - - 0,0,0,0 15 1 max_rounds=3", true},
		{"the order the dice were thrown in", rolled + "2,5* - 0,0,0,0 0 1 dice=2", rolled + "5*,2 - 0,0,0,0 0 1 dice=2", true},
		{"which die is used", rolled + "2*,5 - 0,0,0,0 0 1 dice=2", rolled + "2,5* - 0,0,0,0 0 1 dice=2", false},
		{"the dice", StartText, rolled + "3 - 0,0,0,0 0 1", false},
		{"a capture this turn without a limit", rolled + "3 - 0,0,0,0 0 1", rolled + "3+ - 0,0,0,0 0 1", true},
		{"a capture this turn under a limit", rolled + "3 - 0,0,0,0 0 1 max_rounds=3", rolled + "3+ - 0,0,0,0 0 1 max_rounds=3", false},
		{"the side", StartText, StartBoard + " g - - 0,0,0,0 0 1", false},
		{"a score", StartText, StartBoard + " b - - 0,0,1,0 0 1", false},
		{"a score's source", StartBoard + " b - - 0,0,2,0 0 1 teams", StartBoard + " b - - 0,0,1t1,0 0 1 teams", false},
		{"a pawn's target", board(thronedRajas+"c3=bPe") + " b - - 0,0,0,0 0 1", board(thronedRajas+"c3=bPh") + " b - - 0,0,0,0 0 1", false},
		{"a boat's colour", board(thronedRajas+"c3=bB") + " b - - 0,0,0,0 0 1 teams", board(thronedRajas+"c3=bB:r") + " b - - 0,0,0,0 0 1 teams", false},
		{"command", board(thronedRajas) + " b - - 0,0,0,0 0 1 teams", board(thronedRajas) + " b - b>r 0,0,0,0 0 1 teams", false},
		{"teams", StartText, StartText + " teams", false},
		{"rank rule", StartText, StartText + " rank_rule", false},
		{"goal", StartText + " teams", StartText + " teams goal=last_standing", false},
		{"round limit", StartText + " max_rounds=3", StartText + " max_rounds=4", false},
	} {
		if same := key(c.a) == key(c.b); same != c.same {
			t.Errorf("%s: equal keys %v, want %v:\n%s\n%s", c.name, same, c.same, c.a, c.b)
		}
	}
}

func TestSides(t *testing.T) {
	for _, c := range []struct {
		text string
		want []int
	}{{StartText, []int{0, 1, 2, 3}}, {StartText + " teams", []int{0, 1, 0, 1}}, {StartText + " diceless", []int{0, 1, 0, 1}}} {
		if got := mustParse(t, c.text).Sides(); !slices.Equal(got, c.want) {
			t.Errorf("%s: Sides() = %v, want %v", c.text, got, c.want)
		}
	}
}

// Phase and ToMove allocate nothing, in every phase.
func TestPhaseAndToMoveDoNotAllocate(t *testing.T) {
	for _, text := range []string{
		StartText,
		StartBoard + " b 5 - 0,0,0,0 0 1",
		"8/4,rPk,3/2,gPh,5/8/bE,6,yK/8/8/3,bK,4 g - y>g,b>r,ask=rgg 5,0,0,0 0 2 teams",
		board("d1=bK c1=bE") + " b - - 10,5,5,0 0 1",
	} {
		p := mustParse(t, text)
		if allocs := testing.AllocsPerRun(10, func() { _, _ = p.Phase(), p.ToMove() }); allocs != 0 {
			t.Errorf("%s (%s): Phase and ToMove allocate %v times", text, p.Phase(), allocs)
		}
	}
}
