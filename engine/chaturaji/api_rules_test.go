package chaturaji_test

import (
	"slices"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
	_ "github.com/ashtapada/ashtapada/engine/games"
)

// Rules checked through the engine's public interface only, as a client of engine.Lookup sees
// them: what each die means, and the events, standings and places of team play. Every
// expectation is worked out by hand from docs/rules/chaturaji.md.

const startText = "gB,gPb,2,rK,rE,rH,rB/gH,gPh,2,rPk,rPe,rPh,rPb/gE,gPe,6/gK,gPk,6/" +
	"6,yPk,yK/6,yPe,yE/bPb,bPh,bPe,bPk,2,yPh,yH/bB,bH,bE,bK,2,yPb,yB b - - 0,0,0,0 0 1"

// played is a position reached by actions, with the names of the events on the way.
type played struct {
	pos    engine.Position
	setup  *engine.Setup
	events []string
}

func play(t *testing.T, text string, actions ...string) played {
	t.Helper()
	v, ok := engine.Lookup("chaturaji")
	if !ok {
		t.Fatal("chaturaji is not registered")
	}
	p, err := v.Parse(text)
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	var names []string
	for _, a := range actions {
		m, err := p.ParseMove(a)
		if err != nil {
			t.Fatalf("%s in %s: %v", a, p, err)
		}
		var events []engine.Event
		p, events = p.Play(m)
		for _, e := range events {
			names = append(names, e.Name)
		}
	}
	return played{p, p.Setup(), names}
}

func (r played) piece(square string) engine.PieceSetup {
	for _, pc := range r.setup.Pieces {
		if pc.Square == square {
			return pc
		}
	}
	return engine.PieceSetup{}
}

// part is a player's points from one source, -1 when the source is not listed.
func (r played) part(player, source string) int {
	for _, pl := range r.setup.Players {
		if pl.Name != player {
			continue
		}
		for _, p := range pl.ScoreParts {
			if p.Source == source {
				return p.Points
			}
		}
	}
	return -1
}

func (r played) actor() string { return engine.Seats(r.pos)[r.pos.ToMove()].Name }

func (r played) saw(names ...string) bool {
	for _, n := range names {
		if !slices.Contains(r.events, n) {
			return false
		}
	}
	return true
}

// A die stands for a piece: 2 the boat, 4 the elephant, 5 the raja or a pawn.
func TestDieMeanings(t *testing.T) {
	for roll, means := range map[string]string{"roll 2": "boat", "roll 4": "elephant", "roll 5": "raja_or_pawn"} {
		r := play(t, startText, roll)
		if d := r.setup.Dice; len(d) != 1 || d[0].Means != means || r.actor() != "black" || r.pos.Phase() != engine.PhaseAction {
			t.Errorf("%s: dice %+v, %s in %v; want black to act with a die meaning %s", roll, d, r.actor(), r.pos.Phase(), means)
		}
	}
}

// In team play the boat triumph takes the two enemy boats at once, and the commanded red boat
// becomes black's: the events of that one action say so, and black_red scores 4.
func TestBoatTriumphInTeams(t *testing.T) {
	// d1=bK a5=gK e8=rK h4=yK a1=bB c4=gB d4=rB d3=yB.
	r := play(t, "4,rK,3/8/8/gK,7/2,gB,rB,3,yK/3,yB,4/8/bB,2,bK,4 b 2 - 0,0,0,0 0 1 teams", "a1c3")
	if !r.saw("boat_triumph", "capture", "command", "turn_passed") {
		t.Errorf("events %v", r.events)
	}
	if d4 := r.piece("d4"); d4.Player != "black" || d4.Color != "red" || r.piece("c4").Kind != "" || r.piece("d3").Kind != "" {
		t.Errorf("black commands red's boat on d4, the enemy boats are gone: %+v", r.setup.Pieces)
	}
	o := r.pos.Outcome()
	if len(o.Teams) != 2 || o.Teams[0].Name != "black_red" || !slices.Contains(o.Teams[0].Players, 0) || o.Teams[0].Score != 4 {
		t.Errorf("two enemy boats are worth 4 to black_red: %+v", o.Teams)
	}
}

// Entering the red raja's throne gives black command of red: an event says so, and black acts on
// red's turn.
func TestCommandByThroneEntryEvent(t *testing.T) {
	// d7=bK g6=rK f8=rE a5=gK h4=yK c6=gPh.
	r := play(t, "5,rE,2/3,bK,4/2,gPh,3,rK,1/gK,7/7,yK/8/8/8 b 5 - 0,0,0,0 0 1 teams", "d7e8", "roll 4", "pass", "roll 5")
	if !r.saw("command") || r.actor() != "black" || r.setup.ToMove != "red" {
		t.Errorf("events %v; %s acts on %s's turn, want black on red's", r.events, r.actor(), r.setup.ToMove)
	}
}

// Proposing, accepting and declining the raja exchange each report an exchange event naming who
// acts; an accepted exchange reports each raja's return to its throne as well.
func TestExchangeEvents(t *testing.T) {
	// d1=bK a2=bE e7=rPk a4=gK c6=gPh h4=yK, team play, black commands red: a2a4 kills green's
	// raja after red's has died.
	const offer = "8/4,rPk,3/2,gPh,5/8/gK,6,yK/8/bE,7/3,bK,4 b 4 b>r 0,0,0,0 0 1 teams"
	proposed := play(t, offer, "a2a4").pos
	exchangeEvents := func(p engine.Position, action string) (engine.Position, []string) {
		t.Helper()
		m, err := p.ParseMove(action)
		if err != nil {
			t.Fatalf("%s in %s: %v", action, p, err)
		}
		next, events := p.Play(m)
		var out []string
		for _, e := range events {
			if e.Name == "exchange" {
				out = append(out, e.Player+" "+e.Square+" "+e.Piece)
			}
		}
		slices.Sort(out)
		return next, out
	}
	proposed, got := exchangeEvents(proposed, "propose_exchange")
	if !slices.Equal(got, []string{"black  "}) {
		t.Errorf("propose_exchange: exchange events %q, want black's", got)
	}
	for action, want := range map[string][]string{
		// Red's raja returns to its throne e8, green's to a5.
		"accept_exchange":  {"green  ", "green a5 raja", "red e8 raja"},
		"decline_exchange": {"green  "},
	} {
		if _, got := exchangeEvents(proposed, action); !slices.Equal(got, want) {
			t.Errorf("%s: exchange events %q, want %q", action, got, want)
		}
	}
}

// The game ends when both enemy rajas are dead: nothing is left to play; black and red are first,
// green and yellow third (behind two players), and the teams first and second.
func TestTeamGameEnd(t *testing.T) {
	// d1=bK h1=bE c6=gPh g7=rK h4=yK, black commands red: the elephant kills yellow's raja on its
	// throne.
	r := play(t, "8/6,rK,1/2,gPh,5/8/7,yK/8/8/3,bK,3,bE b 4 b>r 0,0,0,0 0 1 teams", "h1h4")
	o := r.pos.Outcome()
	if len(r.pos.Moves(nil)) != 0 || !r.saw("game_over") || !slices.Equal(o.Ranking, []int{1, 3, 1, 3}) {
		t.Errorf("%d actions left, events %v, ranking %v", len(r.pos.Moves(nil)), r.events, o.Ranking)
	}
	if r.part("black", "throne") != 2 || len(o.Teams) != 2 || o.Teams[0].Place != 1 || o.Teams[1].Place != 2 {
		t.Errorf("a raja killed on its throne is +2 for black; team places 1 and 2: %+v %+v", r.setup.Players[0], o.Teams)
	}
}
