package chaturaji

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
)

// ruleCase is one rule: a position, actions played from it, and what must then be true.
type ruleCase struct {
	name    string
	pos     string
	play    []string
	exactly []string          // the legal actions, in any order
	has     []string          // legal actions that must be listed
	lacks   []string          // actions that must not be listed
	illegal map[string]string // action -> part of the reason ParseMove gives
	events  []string          // names among the events of the actions played
	check   func(t *testing.T, r ruleResult)
}

// ruleResult is the position a case reached, with its structured form and outcome.
type ruleResult struct {
	pos     *Position
	setup   *engine.Setup
	outcome engine.Outcome
}

// piece is the piece on square, the zero PieceSetup when there is none.
func (r ruleResult) piece(square string) engine.PieceSetup {
	for _, p := range r.setup.Pieces {
		if p.Square == square {
			return p
		}
	}
	return engine.PieceSetup{}
}

func (r ruleResult) score(player string) int {
	return r.outcome.Scores[slices.Index(playerNames[:], player)]
}

// part is a player's points from one source, -1 when the source is not listed.
func (r ruleResult) part(player, source string) int {
	for _, p := range r.setup.Players[slices.Index(playerNames[:], player)].ScoreParts {
		if p.Source == source {
			return p.Points
		}
	}
	return -1
}

func (r ruleResult) winners() []string {
	var out []string
	for _, w := range r.outcome.Winners {
		out = append(out, playerNames[w])
	}
	return out
}

// actor is the player who chooses the next action (ToMove), not always the one whose turn it is.
func (r ruleResult) actor() string { return playerNames[r.pos.ToMove()] }

func (r ruleResult) stage() string {
	if r.setup.Proposal == nil {
		return ""
	}
	return r.setup.Proposal.Stage
}

func TestRules(t *testing.T) {
	for _, c := range ruleCases() {
		t.Run(c.name, func(t *testing.T) { runRuleCase(t, c) })
	}
}

func runRuleCase(t *testing.T, c ruleCase) {
	t.Helper()
	p, err := Variant.Parse(c.pos)
	if err != nil {
		t.Fatalf("Parse(%q): %v", c.pos, err)
	}
	var names []string
	for i, a := range c.play {
		m, err := p.ParseMove(a)
		if err != nil {
			t.Fatalf("action %d %q: %v", i, a, err)
		}
		var events []engine.Event
		p, events = p.Play(m)
		for _, e := range events {
			names = append(names, e.Name)
		}
	}
	for _, name := range c.events {
		if !slices.Contains(names, name) {
			t.Errorf("no %s event among %v", name, names)
		}
	}
	r := ruleResult{pos: p.(*Position), setup: p.Setup(), outcome: p.Outcome()}
	listed := []string{}
	for _, m := range p.Moves(nil) {
		listed = append(listed, p.Notation(m))
	}
	if c.exactly != nil {
		want := slices.Sorted(slices.Values(c.exactly))
		if got := slices.Sorted(slices.Values(listed)); !slices.Equal(got, want) {
			t.Errorf("legal actions %v, want %v", got, want)
		}
	}
	for _, a := range c.has {
		if !slices.Contains(listed, a) {
			t.Errorf("%s is not listed: %v", a, listed)
		}
	}
	for _, a := range c.lacks {
		if slices.Contains(listed, a) {
			t.Errorf("%s is listed: %v", a, listed)
		}
	}
	for a, why := range c.illegal {
		_, err := p.ParseMove(a)
		var ie *engine.IllegalError
		if !errors.As(err, &ie) || !strings.Contains(ie.Reason, why) {
			t.Errorf("ParseMove(%q) = %v, want illegal because %q", a, err, why)
		}
	}
	if c.check != nil {
		c.check(t, r)
	}
}

func ruleCases() []ruleCase {
	var cases []ruleCase
	add := func(c ruleCase) { cases = append(cases, c) }

	// Each piece's moves from the start position, for every player's direction.
	add(ruleCase{name: "start/black boat", pos: StartText, play: []string{"roll 2"}, exactly: []string{"a1c3"}})
	add(ruleCase{name: "start/black horse", pos: StartText, play: []string{"roll 3"}, exactly: []string{"b1a3", "b1c3"}})
	add(ruleCase{name: "start/black elephant blocked", pos: StartText, play: []string{"roll 4"}, exactly: []string{"pass"}})
	add(ruleCase{name: "start/black raja or pawn", pos: StartText, play: []string{"roll 5"},
		exactly: []string{"d1e1", "d1e2", "a2a3", "b2b3", "c2c3", "d2d3"}, illegal: map[string]string{"a2a4": "cannot move"}})
	add(ruleCase{name: "start/green raja or pawn", pos: StartText, play: []string{"roll 4", "pass", "roll 5"},
		exactly: []string{"a5a4", "a5b4", "b5c5", "b6c6", "b7c7", "b8c8"}})
	add(ruleCase{name: "start/red horse", pos: StartText, play: []string{"roll 4", "pass", "roll 4", "pass", "roll 3"},
		exactly: []string{"g8f6", "g8h6"}, events: []string{"dice_rolled", "turn_passed"}})
	add(ruleCase{name: "start/yellow raja or pawn", pos: StartText,
		play:    []string{"roll 4", "pass", "roll 4", "pass", "roll 4", "pass", "roll 5"},
		exactly: []string{"g1f1", "g2f2", "g3f3", "g4f4", "h4g5", "h4h5"}})
	add(ruleCase{name: "start/yellow boat", pos: StartText,
		play: []string{"roll 4", "pass", "roll 4", "pass", "roll 4", "pass", "roll 2"}, exactly: []string{"h1f3"}})

	// Moves in the open.
	add(ruleCase{name: "elephant slides and captures", pos: board(thronedRajas+"d4=bE d6=gPh b4=bPh") + " b 4 - 0,0,0,0 0 1",
		exactly: []string{"d4d5", "d4d6", "d4d3", "d4d2", "d4e4", "d4f4", "d4g4", "d4h4", "d4c4"}})
	add(ruleCase{name: "horse leaps", pos: board(thronedRajas+"e5=bH g6=bPh d7=rPk") + " b 3 - 0,0,0,0 0 1",
		exactly: []string{"e5f7", "e5g4", "e5f3", "e5d3", "e5c4", "e5c6", "e5d7"}})
	add(ruleCase{name: "raja steps", pos: board(thronedRajas+"e2=gPh") + " b 5 - 0,0,0,0 0 1",
		exactly: []string{"d1c1", "d1e1", "d1c2", "d1d2", "d1e2", "resign"}})
	add(ruleCase{name: "boat jumps, never onto a boat", pos: board(thronedRajas+"c3=bB d4=rPk e5=gB b2=bPh") + " b 2 - 0,0,0,0 0 1",
		exactly: []string{"c3a1", "c3e1", "c3a5"}, illegal: map[string]string{"c3e5": "never lands on a boat"}})
	add(ruleCase{name: "black pawn", pos: board(thronedRajas+"c3=bPe d4=gPh b4=bPh f3=bPk f4=gPh") + " b 5 - 0,0,0,0 0 1",
		has: []string{"c3c4", "c3d4"}, lacks: []string{"c3b4", "f3f4", "f3g4", "c3c5"},
		illegal: map[string]string{"f3f4": "cannot move"}})
	add(ruleCase{name: "green pawn", pos: board(thronedRajas+"c4=gPk d5=bPh d3=rPk d4=yPh") + " g 5 - 0,0,0,0 0 1",
		has: []string{"c4d5", "c4d3"}, lacks: []string{"c4d4", "c4b5", "c4c5"}})
	add(ruleCase{name: "red pawn", pos: board(thronedRajas+"e5=rPk d4=gPh f4=bPh") + " r 5 - 0,0,0,0 0 1",
		has: []string{"e5e4", "e5d4", "e5f4"}, lacks: []string{"e5e6", "e5d6"}})
	add(ruleCase{name: "yellow pawn", pos: board(thronedRajas+"f5=yPk e6=rPh e4=gPh") + " y 5 - 0,0,0,0 0 1",
		has: []string{"f5e5", "f5e6", "f5e4"}, lacks: []string{"f5g5", "f5g6"}})
	add(ruleCase{name: "pass when the piece is missing", pos: board(thronedRajas+"a2=bPb") + " b 3 - 0,0,0,0 0 1",
		exactly: []string{"pass"}})

	// Boat triumph.
	triumph := "a1=bB c4=gB d4=rB d3=yB "
	add(ruleCase{name: "boat triumph/individual", pos: board(thronedRajas+triumph) + " b 2 - 0,0,0,0 0 1", play: []string{"a1c3"},
		events: []string{"boat_triumph", "capture"},
		check: func(t *testing.T, r ruleResult) {
			if r.score("black") != 6 || r.piece("c4").Kind != "" || r.piece("d4").Kind != "" || r.piece("d3").Kind != "" {
				t.Errorf("black captures three boats for 6 points: score %d, pieces %v", r.score("black"), r.setup.Pieces)
			}
		}})
	add(ruleCase{name: "boat triumph/teams", pos: board(thronedRajas+triumph) + " b 2 - 0,0,0,0 0 1 teams",
		play:   []string{"a1c3", "roll 2", "pass", "roll 2", "pass", "roll 2", "pass", "roll 2"},
		events: []string{"boat_triumph", "command"},
		has:    []string{"c3e5", "d4f6", "d4b2"},
		check: func(t *testing.T, r ruleResult) {
			d4 := r.piece("d4")
			if d4.Player != "black" || d4.Color != "red" || r.piece("c4").Kind != "" || r.piece("d3").Kind != "" {
				t.Errorf("black takes red's boat under command and captures the two enemy boats: %v", r.setup.Pieces)
			}
			if r.score("black") != 4 || r.outcome.Teams[0].Score != 4 {
				t.Errorf("two enemy boats are worth 4: %v", r.outcome)
			}
		}})
	add(ruleCase{name: "boat triumph/not by a promotion", pos: board(thronedRajas+"c4=gB d4=rB d3=yB b7=bPb") + " b 5 - 0,0,0,0 0 1",
		play: []string{"b7b8=b"}, check: func(t *testing.T, r ruleResult) {
			if r.piece("c4").Kind == "" || r.score("black") != 0 {
				t.Errorf("only a boat's own move forms a triumph")
			}
		}})

	// Promotion.
	promote := board(thronedRajas+"a7=bPb") + " b 5 - 0,0,0,0 0 1"
	add(ruleCase{name: "promotion/compulsory to the lost piece", pos: promote,
		has: []string{"a7a8=b"}, lacks: []string{"a7a8"}, illegal: map[string]string{"a7a8": "compulsory", "a7a8=e": "only to the boat"}})
	add(ruleCase{name: "promotion/promoted", pos: promote, play: []string{"a7a8=b"}, events: []string{"promotion"}, check: func(t *testing.T, r ruleResult) {
		if p := r.piece("a8"); p.Kind != "boat" || p.Player != "black" {
			t.Errorf("a8 holds %v, want black's boat", p)
		}
	}})
	add(ruleCase{name: "promotion/target follows the pawn", pos: board(thronedRajas+"c7=bPb c1=bE") + " b 5 - 0,0,0,0 0 1",
		has: []string{"c7c8=b"}, lacks: []string{"c7c8=e", "c7c8"}})
	add(ruleCase{name: "promotion/waits while the piece lives", pos: board(thronedRajas+"a7=bPe c1=bE") + " b 5 - 0,0,0,0 0 1",
		has: []string{"a7a8"}, lacks: []string{"a7a8=e"}, illegal: map[string]string{"a7a8=e": "lost the elephant"}})
	add(ruleCase{name: "promotion/waiting pawn promotes later", pos: board("d1=bK a5=gK e8=rK h4=yK a8=bPe c1=bE b3=gH") + " b 5 - 0,0,0,0 0 1",
		lacks: []string{"a8=e"}, play: []string{"d1e1", "roll 3", "b3c1", "roll 2", "pass", "roll 2", "pass", "roll 5", "a8=e"},
		events: []string{"promotion"}, check: func(t *testing.T, r ruleResult) {
			if p := r.piece("a8"); p.Kind != "elephant" || p.Player != "black" {
				t.Errorf("a8 holds %v, want black's elephant", p)
			}
			if r.score("green") != 4 {
				t.Errorf("green's capture of the elephant scores 4, got %d", r.score("green"))
			}
		}})

	// Scoring: each kind's points.
	for _, k := range []struct {
		token, kind string
		points      int
	}{{"gPk", "pawn", 1}, {"gB", "boat", 2}, {"gH", "horse", 3}, {"gE", "elephant", 4}, {"gK", "raja", 5}} {
		rest := "d1=bK e8=rK h4=yK c1=bE c5=" + k.token
		if k.kind != "raja" {
			rest += " a5=gK"
		}
		add(ruleCase{name: "points/" + k.kind, pos: board(rest) + " b 4 - 0,0,0,0 0 1", play: []string{"c1c5"},
			check: func(t *testing.T, r ruleResult) {
				if got := r.score("black"); got != k.points {
					t.Errorf("capturing a %s scores %d, want %d", k.kind, got, k.points)
				}
			}})
	}

	// A player without his raja plays on; resignation; skipping players who are out.
	add(ruleCase{name: "raja lost, pawns still move", pos: board("a5=gK e8=rK h4=yK d2=bPk") + " b 5 - 0,0,0,0 0 1", exactly: []string{"d2d3"}})
	resign := board(thronedRajas+"c4=gPh") + " b 3 - 0,0,0,0 0 1"
	add(ruleCase{name: "resign/offered", pos: resign, exactly: []string{"pass", "resign"}})
	add(ruleCase{name: "resign/and be skipped", pos: resign,
		play:   []string{"resign", "roll 4", "pass", "roll 4", "pass", "roll 4", "pass"},
		events: []string{"resignation"},
		check: func(t *testing.T, r ruleResult) {
			if r.setup.ToMove != "green" || !r.setup.Players[0].Out || r.piece("d1").Kind != "" {
				t.Errorf("black resigned and is skipped: to_move %s, players %v", r.setup.ToMove, r.setup.Players)
			}
			for _, s := range r.outcome.Scores {
				if s != 0 {
					t.Errorf("nobody scores a resigned raja: %v", r.outcome.Scores)
				}
			}
		}})
	add(ruleCase{name: "out after losing every piece", pos: board("c1=bE d1=bK c5=gPk e8=rK h4=yK") + " b 4 - 0,0,0,0 0 1",
		play: []string{"c1c5"}, check: func(t *testing.T, r ruleResult) {
			if r.setup.ToMove != "red" || !r.setup.Players[1].Out || r.score("black") != 1 {
				t.Errorf("green lost his last piece and is skipped: to_move %s, players %v", r.setup.ToMove, r.setup.Players)
			}
		}})
	add(ruleCase{name: "resign/only with a raja alone", pos: board(thronedRajas+"d2=bPk") + " b 3 - 0,0,0,0 0 1",
		exactly: []string{"pass"}, illegal: map[string]string{"resign": "raja alone"}})

	// The end and the ranking.
	add(ruleCase{name: "end/last player standing, shared places", pos: board("c1=bE d1=bK c5=gK") + " b 4 - 0,3,3,0 0 1",
		play: []string{"c1c5"}, exactly: []string{}, check: func(t *testing.T, r ruleResult) {
			if r.outcome.Reason != "last_player_standing" || r.outcome.DecidedBy != engine.DecidedByScore || !slices.Equal(r.outcome.Ranking, []int{1, 2, 2, 4}) ||
				!slices.Equal(r.winners(), []string{"black"}) {
				t.Errorf("got %s %v %v", r.outcome.Reason, r.outcome.Ranking, r.winners())
			}
		}})
	add(ruleCase{name: "end/honourable peace", pos: board(thronedRajas+"e2=gPb") + " b 5 - 4,5,1,1 0 1",
		play: []string{"d1e2"}, check: func(t *testing.T, r ruleResult) {
			if r.outcome.Reason != "honourable_peace" || !slices.Equal(r.outcome.Ranking, []int{1, 1, 3, 3}) ||
				!slices.Equal(r.winners(), []string{"black", "green"}) {
				t.Errorf("got %s %v %v", r.outcome.Reason, r.outcome.Ranking, r.winners())
			}
		}})
	add(ruleCase{name: "end/max rounds", pos: StartText + " max_rounds=1",
		play: []string{"roll 4", "pass", "roll 4", "pass", "roll 4", "pass", "roll 4", "pass"}, exactly: []string{},
		check: func(t *testing.T, r ruleResult) {
			if r.outcome.Reason != "move_limit" || !slices.Equal(r.outcome.Ranking, []int{1, 1, 1, 1}) {
				t.Errorf("got %s %v", r.outcome.Reason, r.outcome.Ranking)
			}
		}})
	add(ruleCase{name: "end/max rounds not yet", pos: StartText + " max_rounds=1",
		play: []string{"roll 4", "pass", "roll 4", "pass", "roll 4", "pass", "roll 4"}, exactly: []string{"pass"}})

	// Two dice.
	add(ruleCase{name: "two dice/either order, end forfeits", pos: StartText + " dice=2", play: []string{"roll 2 3"},
		exactly: []string{"a1c3", "b1a3", "b1c3", "end"}})
	add(ruleCase{name: "two dice/end is all that is left", pos: StartText + " dice=2", play: []string{"roll 2 3", "b1c3"},
		exactly: []string{"end"}})
	add(ruleCase{name: "two dice/turn passes when both are used", pos: StartText + " dice=2",
		play: []string{"roll 3 2", "a1c3", "b1a3"}, check: func(t *testing.T, r ruleResult) {
			if r.setup.ToMove != "green" || r.pos.Phase() != engine.PhaseRoll {
				t.Errorf("turn passes after both dice: %s %v", r.setup.ToMove, r.pos.Phase())
			}
		}})

	// The rank rule.
	rank := board(thronedRajas+"c2=bPe d3=gH b3=gPb a1=bB c3=gE") + " b 5 - 0,0,0,0 0 1"
	add(ruleCase{name: "rank rule/weak may not take strong", pos: rank + " rank_rule", has: []string{"c2b3"}, lacks: []string{"c2d3"},
		illegal: map[string]string{"c2d3": "rank rule"}})
	add(ruleCase{name: "rank rule/off", pos: rank, has: []string{"c2b3", "c2d3"}})
	add(ruleCase{name: "rank rule/boat", pos: strings.Replace(rank, " b 5 ", " b 2 ", 1) + " rank_rule", exactly: []string{"pass"}})

	// Diceless play.
	add(ruleCase{name: "diceless/any piece moves", pos: StartText + " diceless",
		has: []string{"a1c3", "b1a3", "d1e2", "a2a3"}, lacks: []string{"pass"}, check: func(t *testing.T, r ruleResult) {
			if r.pos.Phase() != engine.PhaseAction || !r.setup.Options["teams"].Bool {
				t.Errorf("diceless waits for an action and implies teams: %v %v", r.pos.Phase(), r.setup.Options)
			}
		}})
	add(ruleCase{name: "diceless/frozen without a raja", pos: board("d1=bK a5=gK h4=yK e7=rPk e6=rE") + " b - - 0,0,0,0 0 1 diceless",
		lacks: []string{"e6e5", "e7e6"}, play: []string{"d1d2", "a5a4"}, check: func(t *testing.T, r ruleResult) {
			if r.setup.ToMove != "yellow" {
				t.Errorf("red is frozen and skipped: to_move %s", r.setup.ToMove)
			}
		}})
	add(ruleCase{name: "diceless/no command by capture", pos: board("d1=bK c1=bE c5=gK h4=yK e8=rK b6=gPh") + " b - - 0,0,0,0 0 1 diceless",
		play: []string{"c1c5", "e8f8", "h4h5"}, lacks: []string{"b6c6"}, check: func(t *testing.T, r ruleResult) {
			if r.outcome.Finished || len(r.setup.Players[0].State["commands"].List) != 0 {
				t.Errorf("one raja dead: game on, no command by capture in diceless play: %v", r.outcome)
			}
		}})
	add(ruleCase{name: "diceless/both rajas", pos: board("d1=bK c1=bE h5=yK e8=rK b6=gPh h1=rE") + " r - - 5,0,0,0 0 1 diceless",
		play: []string{"h1h5"}, check: func(t *testing.T, r ruleResult) {
			if r.outcome.Reason != "rajas_killed" || !slices.Equal(r.winners(), []string{"black", "red"}) {
				t.Errorf("got %s %v", r.outcome.Reason, r.winners())
			}
		}})

	// Goals in team play.
	goal := board("c1=bE d1=bK c5=gK e8=rK") + " b 4 - 0,20,0,0 0 1 teams"
	add(ruleCase{name: "goal/points", pos: goal, play: []string{"c1c5"}, check: func(t *testing.T, r ruleResult) {
		if r.outcome.Reason != "team_eliminated" || !slices.Equal(r.winners(), []string{"green", "yellow"}) {
			t.Errorf("the higher team score wins: %s %v", r.outcome.Reason, r.winners())
		}
	}})
	add(ruleCase{name: "goal/last standing", pos: goal + " goal=last_standing", play: []string{"c1c5"}, check: func(t *testing.T, r ruleResult) {
		if r.outcome.Reason != "team_eliminated" || !slices.Equal(r.winners(), []string{"black", "red"}) {
			t.Errorf("the last team standing wins: %s %v", r.outcome.Reason, r.winners())
		}
	}})

	// Team play: thrones, command, empire, exchange, partners.
	add(ruleCase{name: "teams/throne entry", pos: board("b4=bK c7=gK e8=rK h4=yK c6=gPh") + " b 5 - 0,0,0,0 0 1 teams",
		play: []string{"b4a5"}, check: func(t *testing.T, r ruleResult) {
			if r.part("black", "throne") != 1 || r.outcome.Teams[0].Score != 1 {
				t.Errorf("entering an enemy throne earns 1: %v", r.outcome)
			}
		}})
	add(ruleCase{name: "teams/throne kill and command by capture", pos: board("a2=bE d1=bK a5=gK c6=gPh e8=rK h4=yK") + " b 4 - 0,0,0,0 0 1 teams",
		play: []string{"a2a5", "roll 5"}, has: []string{"c6d6", "h4g5"},
		events: []string{"command", "points"},
		check: func(t *testing.T, r ruleResult) {
			if r.part("black", "captures") != 5 || r.part("black", "throne") != 2 {
				t.Errorf("a raja killed on its throne: 5 + 2, got %v", r.setup.Players[black])
			}
			if r.actor() != "yellow" || r.setup.ToMove != "green" || !slices.Equal(r.setup.Players[3].State["commands"].List, []string{"green"}) {
				t.Errorf("yellow commands green on green's turn: %s %s %v", r.actor(), r.setup.ToMove, r.setup.Players)
			}
		}})
	add(ruleCase{name: "teams/command by throne entry", pos: board("d7=bK g6=rK f8=rE a5=gK h4=yK c6=gPh") + " b 5 - 0,0,0,0 0 1 teams",
		play: []string{"d7e8", "roll 4", "pass", "roll 5"}, has: []string{"g6g7", "e8d8"},
		check: func(t *testing.T, r ruleResult) {
			if r.actor() != "black" || !slices.Equal(r.setup.Players[0].State["commands"].List, []string{"red"}) {
				t.Errorf("black commands red: %s %v", r.actor(), r.setup.Players)
			}
		}})
	empire := func(name, pieces, state, move, scorer string, want int) {
		add(ruleCase{name: "teams/empire " + name, pos: board(pieces) + " b 4 " + state + " 0,0,0,0 0 1 teams", play: []string{move},
			check: func(t *testing.T, r ruleResult) {
				if got := r.part(scorer, "empire"); got != want {
					t.Errorf("%s's empire points = %d, want %d", scorer, got, want)
				}
				if r.outcome.Reason != "rajas_killed" || !slices.Equal(r.winners(), []string{"black", "red"}) {
					t.Errorf("both enemy rajas killed: %s %v", r.outcome.Reason, r.winners())
				}
			}})
	}
	empire("+4 on a throne", "d1=bK h1=bE c6=gPh g7=rK h4=yK", "b>r", "h1h4", "black", 4)
	empire("+2 killed himself", "d1=bK h1=bE c6=gPh g7=rK h5=yK", "b>r", "h1h5", "black", 2)
	empire("+1 created", "d1=bK h1=rE c6=gPh g7=rK h5=yK", "b>r", "h1h5", "black", 1)
	empire("none without command", "d1=bK h1=bE c6=gPh g7=rK h5=yK", "-", "h1h5", "black", 0)

	exchange := board("d1=bK a2=bE e7=rPk a4=gK c6=gPh h4=yK") + " b 4 b>r 0,0,0,0 0 1 teams"
	occupied := board("d1=bK a2=bE e7=rPk a4=gK c6=gPh h4=yK a5=bPb") + " b 4 b>r 0,0,0,0 0 1 teams"
	add(ruleCase{name: "exchange/offered", pos: exchange, play: []string{"a2a4"}, exactly: []string{"propose_exchange", "end"}})
	add(ruleCase{name: "exchange/proposed", pos: exchange, play: []string{"a2a4", "propose_exchange"},
		exactly: []string{"accept_exchange", "decline_exchange"}, check: func(t *testing.T, r ruleResult) {
			if r.actor() != "green" || r.pos.Phase() != engine.PhaseResponse || r.stage() != "proposed" {
				t.Errorf("green answers: %s %v %v", r.actor(), r.pos.Phase(), r.setup.Proposal)
			}
		}})
	add(ruleCase{name: "exchange/accepted", pos: exchange, play: []string{"a2a4", "propose_exchange", "accept_exchange"},
		check: func(t *testing.T, r ruleResult) {
			if r.piece("a5").Kind != "raja" || r.piece("e8").Player != "red" || r.score("black") != 5 {
				t.Errorf("both rajas return to their thrones, scores unchanged: %v %v", r.setup.Pieces, r.outcome.Scores)
			}
			if r.setup.ToMove != "green" || r.pos.Phase() != engine.PhaseRoll || r.setup.Proposal != nil {
				t.Errorf("green's turn goes on: %s %v", r.setup.ToMove, r.pos.Phase())
			}
		}})
	add(ruleCase{name: "exchange/accepted, throne occupied",
		pos:  occupied,
		play: []string{"a2a4", "propose_exchange", "accept_exchange"}, has: []string{"return_raja b4"}, lacks: []string{"return_raja a5", "return_raja a4"},
		check: func(t *testing.T, r ruleResult) {
			if r.actor() != "green" || r.piece("e8").Kind != "raja" {
				t.Errorf("green chooses a square, red's raja is back: %s %v", r.actor(), r.setup.Pieces)
			}
		}})
	add(ruleCase{name: "exchange/returned to a chosen square", pos: occupied,
		play: []string{"a2a4", "propose_exchange", "accept_exchange", "return_raja b4"}, check: func(t *testing.T, r ruleResult) {
			if r.piece("b4").Kind != "raja" || r.piece("b4").Player != "green" || r.pos.Phase() != engine.PhaseRoll {
				t.Errorf("green's raja returns on b4: %v", r.setup.Pieces)
			}
		}})
	add(ruleCase{name: "exchange/declined", pos: exchange, play: []string{"a2a4", "propose_exchange", "decline_exchange"},
		check: func(t *testing.T, r ruleResult) {
			if r.piece("a5").Kind != "" || r.piece("e8").Kind != "" || r.setup.ToMove != "green" || r.pos.Phase() != engine.PhaseRoll {
				t.Errorf("no raja returns and play goes on: %v %s", r.setup.Pieces, r.setup.ToMove)
			}
			if !slices.Equal(r.setup.Players[3].State["commands"].List, []string{"green"}) {
				t.Errorf("yellow commands green after the capture: %v", r.setup.Players)
			}
		}})
	add(ruleCase{name: "exchange/let go", pos: exchange, play: []string{"a2a4", "end"}, check: func(t *testing.T, r ruleResult) {
		if r.setup.Proposal != nil || r.setup.ToMove != "green" || r.piece("a5").Kind != "" {
			t.Errorf("after end the offer is gone: %v", r.pos)
		}
	}})
	add(ruleCase{name: "exchange/only right after the kill", pos: exchange, illegal: map[string]string{"propose_exchange": "right after"}})

	limit := board(thronedRajas+"c4=rPk") + " b 4 - 0,3,0,0 3 9 teams max_rounds=1"
	add(ruleCase{name: "teams/round limit decided by points", pos: limit, play: []string{"pass"}, check: func(t *testing.T, r ruleResult) {
		if r.outcome.Reason != "move_limit" || r.outcome.DecidedBy != engine.DecidedByScore || !slices.Equal(r.winners(), []string{"green", "yellow"}) {
			t.Errorf("the higher team score wins at the round limit: %s %s %v", r.outcome.Reason, r.outcome.DecidedBy, r.winners())
		}
	}})
	add(ruleCase{name: "teams/round limit under last standing", pos: limit + " goal=last_standing", play: []string{"pass"},
		check: func(t *testing.T, r ruleResult) {
			if r.outcome.Reason != "move_limit" || r.outcome.DecidedBy != engine.DecidedByReason || len(r.winners()) != 0 {
				t.Errorf("points do not matter: a draw, got %s %s %v", r.outcome.Reason, r.outcome.DecidedBy, r.winners())
			}
		}})
	lastRaja := board("d1=bK h1=bE e7=rPk c6=gPh h5=yK") + " b 4 b>r,y>g 0,0,0,0 0 1 teams"
	add(ruleCase{name: "teams/both rajas dead, exchange still possible", pos: lastRaja, play: []string{"h1h5"},
		exactly: []string{"propose_exchange", "end"}, check: func(t *testing.T, r ruleResult) {
			if r.outcome.Finished {
				t.Errorf("the game waits while an exchange may be proposed: %v", r.outcome)
			}
		}})
	add(ruleCase{name: "teams/both rajas dead, exchange let go", pos: lastRaja, play: []string{"h1h5", "end"},
		check: func(t *testing.T, r ruleResult) {
			if r.outcome.Reason != "rajas_killed" || !slices.Equal(r.winners(), []string{"black", "red"}) {
				t.Errorf("got %s %v", r.outcome.Reason, r.winners())
			}
		}})
	add(ruleCase{name: "teams/partner plays on alone", pos: board("d1=bK e8=rK h4=yK c3=yPk") + " b 4 - 0,0,0,0 0 1 teams",
		play: []string{"pass"}, check: func(t *testing.T, r ruleResult) {
			if r.setup.ToMove != "red" || r.outcome.Finished {
				t.Errorf("green, without pieces, is skipped: %s %v", r.setup.ToMove, r.outcome.Finished)
			}
		}})
	add(ruleCase{name: "teams/honourable peace is a draw", pos: board(thronedRajas+"e2=gPb") + " b 5 - 4,0,0,0 0 1 teams",
		play: []string{"d1e2"}, check: func(t *testing.T, r ruleResult) {
			if r.outcome.Reason != "honourable_peace" || len(r.winners()) != 0 || r.outcome.Teams[0].Place != 1 ||
				r.outcome.Teams[1].Place != 1 {
				t.Errorf("got %v", r.outcome)
			}
		}})
	add(ruleCase{name: "teams/resign scores nothing", pos: board(thronedRajas+"c4=rPk") + " b 3 - 0,0,0,0 0 1 teams",
		play: []string{"resign"}, check: func(t *testing.T, r ruleResult) {
			if r.outcome.Teams[1].Score != 0 || r.setup.ToMove != "green" {
				t.Errorf("got %v", r.outcome)
			}
		}})
	add(ruleCase{name: "teams/no capturing the partner", pos: board(thronedRajas+"c1=bE c5=rPk") + " b 4 - 0,0,0,0 0 1 teams",
		lacks: []string{"c1c5"}, has: []string{"c1c4"}, illegal: map[string]string{"c1c5": "own side"}})
	return cases
}

// A d6 showing 1 or 6 is thrown again, the position unchanged; the dice that count keep the order
// they were thrown in.
func TestDice(t *testing.T) {
	start, _ := Variant.Start(nil)
	two, _ := Variant.Parse(StartText + " dice=2")
	if d := start.Dice(); len(d) != 1 || d[0].Kind != "d6_reroll" || d[0].Count != 1 || len(d[0].Faces) != 6 {
		t.Errorf("Dice() = %v, want one d6_reroll", d)
	}
	if d := two.Dice(); len(d) != 1 || d[0].Count != 2 {
		t.Errorf("Dice() with dice=2 = %v, want two d6_reroll", d)
	}
	for _, c := range []struct {
		pos    engine.Position
		values []int
	}{{start, []int{1}}, {start, []int{6}}, {two, []int{2, 6}}, {two, []int{1, 5}}} {
		child, events, err := c.pos.Roll(c.values)
		if err != nil || child.String() != c.pos.String() || len(events) != 1 || events[0].Kind != engine.EventRollAgain {
			t.Errorf("Roll(%v) = %v, %v, %v; want the position unchanged and roll_again", c.values, child, events, err)
		}
	}
	child, events, err := start.Roll([]int{3})
	if err != nil || len(events) != 1 || events[0].Name != "dice_rolled" {
		t.Fatalf("Roll(3) = %v, %v", events, err)
	}
	if d := child.Setup().Dice; len(d) != 1 || d[0] != (engine.DieSetup{Kind: "d6_reroll", Value: 3, Means: "horse"}) || child.Phase() != engine.PhaseAction {
		t.Errorf("after a 3: dice %v, phase %v", d, child.Phase())
	}
	child, _, _ = two.Roll([]int{5, 2})
	if d := child.Setup().Dice; len(d) != 2 || d[0].Value != 5 || d[1].Value != 2 {
		t.Errorf("two dice keep their order: %v", d)
	}
	diceless, _ := Variant.Parse(StartText + " diceless")
	finished, _ := Variant.Parse(board("d1=bK") + " b - - 0,0,0,0 0 1")
	for _, c := range []struct {
		name   string
		pos    engine.Position
		values []int
		want   error
	}{
		{"rolled", child, []int{3}, engine.ErrNotRollPhase},
		{"diceless", diceless, []int{3}, engine.ErrNotRollPhase},
		{"finished", finished, []int{3}, engine.ErrGameOver},
	} {
		if _, _, err := c.pos.Roll(c.values); !errors.Is(err, c.want) {
			t.Errorf("%s: Roll(%v) = %v, want %v", c.name, c.values, err, c.want)
		}
	}
	for _, c := range []struct {
		pos    engine.Position
		values []int
	}{{start, nil}, {start, []int{2, 3}}, {start, []int{0}}, {start, []int{7}}, {two, []int{4}}} {
		var se *engine.SyntaxError
		if _, _, err := c.pos.Roll(c.values); !errors.As(err, &se) {
			t.Errorf("Roll(%v) = %v, want a syntax error", c.values, err)
		}
	}
	if diceless.Dice() != nil {
		t.Errorf("diceless play throws %v", diceless.Dice())
	}
}

func TestOptions(t *testing.T) {
	want := engine.Options{
		optTeams:     {Kind: engine.OptionBool},
		optRankRule:  {Kind: engine.OptionBool},
		optDice:      {Kind: engine.OptionInt, Int: 1},
		optDiceless:  {Kind: engine.OptionBool},
		optGoal:      {Kind: engine.OptionString, String: goalPoints},
		optMaxRounds: {Kind: engine.OptionInt},
	}
	specs := Variant.Describe().Options
	for _, o := range specs {
		if w, ok := want[o.Name]; !ok || o.Default != w || o.Description == "" {
			t.Errorf("option %s: default %v, want %v; description %q", o.Name, o.Default, w, o.Description)
		}
	}
	if len(specs) != len(want) {
		t.Errorf("%d options, want %d", len(specs), len(want))
	}
	p, err := Variant.Start(engine.Options{optTeams: {Kind: engine.OptionBool, Bool: true}, optDice: {Kind: engine.OptionInt, Int: 2},
		optMaxRounds: {Kind: engine.OptionInt, Int: 30}})
	if err != nil || !strings.HasSuffix(p.String(), " teams dice=2 max_rounds=30") {
		t.Errorf("start with options: %v %v", p, err)
	}
	for _, c := range []struct {
		opts engine.Options
		name string
	}{
		{engine.Options{optGoal: {Kind: engine.OptionString, String: goalLastStanding}}, optGoal},
		{engine.Options{optDiceless: {Kind: engine.OptionBool, Bool: true}, optDice: {Kind: engine.OptionInt, Int: 2}}, optDice},
		{engine.Options{optDice: {Kind: engine.OptionInt, Int: 3}}, optDice},
		{engine.Options{optGoal: {Kind: engine.OptionString, String: "glory"}}, optGoal},
		{engine.Options{optMaxRounds: {Kind: engine.OptionInt, Int: -1}}, optMaxRounds},
		{engine.Options{"turbo": {Kind: engine.OptionBool, Bool: true}}, "turbo"},
	} {
		_, err := Variant.Start(c.opts)
		var oe *engine.OptionError
		if !errors.As(err, &oe) || oe.Name != c.name {
			t.Errorf("Start(%v) = %v, want an error for option %s", c.opts, err, c.name)
		}
	}
}

// A move written as SAN (d3) is told the game's own notation, not asked for a promotion.
func TestSANRefusedWithTheNotation(t *testing.T) {
	p, err := Parse("gK,6,yK/8/8/8/8/2,rK,5/3,bPk,4/1,bH,5,bK b 3 - 0,0,0,0 0 1")
	if err != nil {
		t.Fatal(err)
	}
	_, err = p.ParseMove("d3")
	if err == nil || !strings.Contains(err.Error(), "such as d2d3 (this game has no SAN)") {
		t.Errorf("d3: %v", err)
	}
}
