package coasterchaturanga

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/engine"

	"github.com/ashtapada/ashtapada/engine/enginetest"
)

const startText = "y0r1b2g3 gqgd2ypyq/gp4yd/6/6/bd4rp/bqbp2rdrq -,-,-,- bl - 0"

func TestStartText(t *testing.T) {
	if got := start(defaultRules).String(); got != startText {
		t.Errorf("start = %s, want %s", got, startText)
	}
}

// withoutTurns drops the turns played, which the key leaves out.
func withoutTurns(a, b string) bool {
	cut := func(s string) string {
		f := strings.Fields(s)
		return strings.Join(append(f[:5:5], f[6:]...), " ")
	}
	return cut(a) == cut(b)
}

func TestNodeContract(t *testing.T) {
	for _, r := range []*rules{defaultRules, {players: 2, partnership: true, colours: defaultColours, maxTurns: 30}} {
		enginetest.CheckNode(t, start(r), 6, 300, 7, withoutTurns)
	}
}

// Random games keep the structured form: FromSetup of Setup is the same position, also with the
// turn's obligations and the re-entered piece, and for every option set.
func TestSetupRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	for _, opts := range []engine.Options{nil, {optPlayers: {Kind: engine.OptionInt, Int: 2}},
		{optPartnership: {Kind: engine.OptionBool, Bool: true}, optMaxTurns: {Kind: engine.OptionInt, Int: 12},
			optFirst: {Kind: engine.OptionString, String: "tr"}, optDroneRight: {Kind: engine.OptionString, String: "bl,tl"},
			optColours: {Kind: engine.OptionString, String: "gbry"}}} {
		start, err := Variant.Start(opts)
		if err != nil {
			t.Fatal(err)
		}
		p := start.(*Position)
		for ply := 0; ply < 400 && p.Phase() != engine.PhaseFinished; ply++ {
			q, err := Variant.FromSetup(p.Setup())
			if err != nil || q.String() != p.String() {
				t.Fatalf("%s: the structured form reads back as %v, %v", p, q, err)
			}
			moves := p.Moves(nil)
			next, _ := p.Play(moves[rng.IntN(len(moves))])
			p = next.(*Position)
		}
	}
}

// Random games under several option sets keep every round trip at every position: the text, the
// structured form, each legal action's notation, the events of each action, and the board as it
// stands; together they play every kind of action and event.
func TestRandomGamesRoundTrips(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 3))
	kinds, events := map[string]int{}, map[string]int{}
	optionSets := []engine.Options{nil, {optPlayers: {Kind: engine.OptionInt, Int: 2}},
		{optPartnership: {Kind: engine.OptionBool, Bool: true}, optFirst: {Kind: engine.OptionString, String: "br"}},
		{optMaxTurns: {Kind: engine.OptionInt, Int: 9}, optDroneRight: {Kind: engine.OptionString, String: "bl,br,tr,tl"},
			optColours: {Kind: engine.OptionString, String: "bgyr"}}}
	// A start where bl's green trio is shut in by its partner's pieces: bl passes on DIG or HOP.
	shut := at(t, "-,-,-,-", "bl - 0 partnership", "gq a6", "gd b6", "gp a5", "rq c6", "rd b5", "bq f1", "yq f6")
	for game := 0; game < 48; game++ {
		var p *Position
		if game < 40 {
			start, err := Variant.Start(optionSets[game%len(optionSets)])
			if err != nil {
				t.Fatal(err)
			}
			p = start.(*Position)
		} else {
			p = shut
		}
		for ply := 0; ply < 2000 && p.Phase() != engine.PhaseFinished; ply++ {
			text := p.String()
			if back, err := Parse(text); err != nil || back.String() != text {
				t.Fatalf("%s reads back as %v, %v", text, back, err)
			}
			if q, err := Variant.FromSetup(p.Setup()); err != nil || q.String() != text {
				t.Fatalf("%s: the structured form reads back as %v, %v", text, q, err)
			}
			checkBoardNow(t, p)
			moves := p.Moves(nil)
			for _, m := range moves {
				n := p.Notation(m)
				if back, err := p.ParseMove(n); err != nil || back != m {
					t.Fatalf("%s: %q reads back as %v, %v", text, n, back, err)
				}
				if a := p.Action(m); a.Name != actionNames[mvAct(m)] || a.Player != seatNames[p.seat] ||
					(a.Kind == engine.ActionMove && n != a.From+a.To) {
					t.Fatalf("%s: Action(%q) = %+v", text, n, a)
				}
			}
			m := moves[rng.IntN(len(moves))]
			kinds[actionNames[mvAct(m)]]++
			next, ev := p.Play(m)
			q := next.(*Position)
			captures, changed := 0, 0
			for _, e := range ev {
				name := e.Name
				if name == "" {
					name = e.Kind.String()
				}
				events[name]++
				switch name {
				case "capture":
					captures++
				case "colour_changed":
					changed++
				}
			}
			wantCapture := 0
			if mvAct(m) == actMove && p.pieceOn(mvB(m)) >= 0 {
				wantCapture = 1
			}
			wantChanged := 0
			for s := 0; s < seats; s++ {
				if p.colourOf(s) != q.colourOf(s) {
					wantChanged++
				}
			}
			if captures != wantCapture || changed != wantChanged {
				t.Fatalf("%s, %s: events %v", text, p.Notation(m), ev)
			}
			p = q
		}
	}
	var missing []string
	for _, k := range []string{"roll", "move", "enter", "aim", "tip", "swap", "dig", "hop", "end", "pass"} {
		if kinds[k] == 0 {
			missing = append(missing, k)
		}
	}
	for _, e := range []string{"dice_rolled", "capture", "colour_changed", "turn_passed", "game_over"} {
		if events[e] == 0 {
			missing = append(missing, e)
		}
	}
	if len(missing) > 0 {
		t.Errorf("random games never played %v (actions %v, events %v)", missing, kinds, events)
	}
}

// checkBoardNow: 36 squares in four coaster regions named by the coasters' colours, in the places
// the text gives them, the portals at the centres and a dot in a corner of each coaster.
func checkBoardNow(t *testing.T, p *Position) {
	t.Helper()
	b := p.BoardNow()
	if len(b.Squares) != squares || len(b.Regions) != 4 {
		t.Fatalf("%s: %d squares, %d regions", p, len(b.Squares), len(b.Regions))
	}
	for _, sq := range b.Squares {
		s := sq.Rank*6 + sq.File
		if sq.Region != colourNames[p.coasterAt[placeOfSquare[s]]] {
			t.Fatalf("%s: %s lies in %s", p, sq.Name, sq.Region)
		}
	}
	for _, m := range b.Marks {
		switch m.Name {
		case "portal":
			if strings.Join(m.Squares, " ") != "b5 e5 e2 b2" {
				t.Fatalf("%s: portals %v", p, m.Squares)
			}
		case "dot":
			for pl, name := range m.Squares {
				f, r := int(name[0]-'a'), int(name[1]-'1')
				if placeOfSquare[r*6+f] != pl || f == 1 || f == 4 || r == 1 || r == 4 {
					t.Fatalf("%s: dot %s is not a corner of place %d", p, name, pl)
				}
			}
		}
	}
}
