package ramayana_test

import (
	"errors"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
	_ "github.com/ashtapada/ashtapada/engine/games"
)

// Rules checked through the engine's public interface only, as a client of engine.Lookup sees
// them. Every expectation is worked out by hand from docs/rules/ramayana.md.

const startText = "3imbw3/3ydrh3/3uuuu3/10/10/10/10/1K8/8K1/10/10/10/10/3UUUU3/3HRDY3/3WBMI3 y 0 1"

func variant(t *testing.T) engine.Variant {
	t.Helper()
	v, ok := engine.Lookup("ramayana")
	if !ok {
		t.Fatal("ramayana is not registered")
	}
	return v
}

func parse(t *testing.T, text string) engine.Position {
	t.Helper()
	p, err := variant(t).Parse(text)
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	return p
}

// legal lists the notations of p's legal actions, sorted.
func legal(p engine.Position) []string {
	var out []string
	for _, m := range p.Moves(nil) {
		out = append(out, p.Notation(m))
	}
	sort.Strings(out)
	return out
}

// eventTexts writes events as "name player square piece text", empty fields left out.
func eventTexts(evs []engine.Event) []string {
	var out []string
	for _, e := range evs {
		var parts []string
		for _, f := range []string{e.Name, e.Player, e.Square, e.Piece, e.Text} {
			if f != "" {
				parts = append(parts, f)
			}
		}
		out = append(out, strings.Join(parts, " "))
	}
	return out
}

func inCheck(p engine.Position) bool {
	t, ok := p.(engine.Tactics)
	return ok && t.InCheck()
}

// The description a client draws the board and the pieces from.
func TestDescription(t *testing.T) {
	d := variant(t).Describe()
	if d.Title != "Ramayana Chess" || d.MinPlayers != 2 || d.MaxPlayers != 2 || d.Repetition != 3 {
		t.Errorf("%q, %d-%d players, repetition %d", d.Title, d.MinPlayers, d.MaxPlayers, d.Repetition)
	}
	if len(d.Players) != 2 || d.Players[0].Name != "yellow" || d.Players[1].Name != "red" {
		t.Errorf("seats %v", d.Players)
	}
	b := d.Board
	if b.Files != 10 || b.Ranks != 16 {
		t.Errorf("board %dx%d, want 10x16", b.Files, b.Ranks)
	}
	for _, c := range []struct {
		name, region string
		file, rank   int
	}{
		{"b9", "west_archipelago", 1, 8}, {"a8", "west_archipelago", 0, 7}, {"i8", "east_archipelago", 8, 7},
		{"j9", "east_archipelago", 9, 8}, {"a4", "west_square", 0, 3}, {"j13", "east_square", 9, 12},
		{"b12", "west_pair", 1, 11}, {"i5", "east_pair", 8, 4}, {"d1", "india", 3, 0}, {"g16", "india", 6, 15},
	} {
		if sq, ok := b.Lookup(c.name); !ok || sq.File != c.file || sq.Rank != c.rank || sq.Region != c.region {
			t.Errorf("%s = %+v (%v), want file %d rank %d region %s", c.name, sq, ok, c.file, c.rank, c.region)
		}
	}
	// Ocean between the islands and India, and between the islands themselves.
	for _, ocean := range []string{"c3", "c12", "b10"} {
		if b.Has(ocean) {
			t.Errorf("%s is listed as a square", ocean)
		}
	}
	kinds := map[string]string{}
	for _, r := range b.Regions {
		kinds[r.Name] = r.Kind
	}
	for name, kind := range map[string]string{"india": "mainland", "west_archipelago": "island", "east_archipelago": "island",
		"west_square": "island", "east_square": "island", "west_pair": "island", "east_pair": "island", "ocean": "ocean"} {
		if kinds[name] != kind {
			t.Errorf("region %s of kind %q, want %s", name, kinds[name], kind)
		}
	}
	// A client finds each square, once, in the region it names.
	seen := map[string]bool{}
	for _, sq := range b.Squares {
		if seen[sq.Name] {
			t.Errorf("square %s listed twice", sq.Name)
		}
		seen[sq.Name] = true
		i := slices.IndexFunc(b.Regions, func(r engine.Region) bool { return r.Name == sq.Region })
		if i < 0 || b.Regions[i].Kind == "ocean" || !slices.Contains(b.Regions[i].Squares, sq.Name) {
			t.Errorf("square %s: region %q does not hold it", sq.Name, sq.Region)
		}
	}
	for _, m := range b.Marks {
		if m.Description == "" {
			t.Errorf("mark %s has no description", m.Name)
		}
	}

	pieces := map[string]engine.PieceInfo{}
	for _, p := range d.Pieces {
		pieces[p.Kind] = p
	}
	if len(pieces) != 13 || !pieces["rakshasa"].Neutral || pieces["rakshasa"].Letter != "K" || !pieces["rajah"].Royal ||
		!pieces["maharajah"].Royal || pieces["maharajah"].Letter != "+R" || !pieces["dropped_untouchable"].Immobile ||
		pieces["buddha"].Letter != "+U" || pieces["brahmin"].Royal {
		t.Errorf("pieces %+v", d.Pieces)
	}
	var actions []string
	for _, a := range d.Actions {
		actions = append(actions, a.Name+" "+a.Notation)
	}
	if got := strings.Join(actions, ", "); got != "move d3d4, drop d15d16@b12, buddha d15d16=buddha, rakshasa b9e12^a8" {
		t.Errorf("actions %s", got)
	}
}

// The rules' set-up: twelve pieces a side and the two Rakshasas; yellow moves first with the
// twelve moves of the four Untouchables, the Shikari, the Devapala and the Yavana.
func TestStart(t *testing.T) {
	p, err := variant(t).Start(nil)
	if err != nil {
		t.Fatal(err)
	}
	if p.String() != startText || engine.Seats(p)[p.ToMove()].Name != "yellow" || inCheck(p) {
		t.Fatalf("start %q, %s to move, in check %v", p.String(), engine.Seats(p)[p.ToMove()].Name, inCheck(p))
	}
	count := map[string]int{}
	s := p.Setup()
	for _, pc := range s.Pieces {
		count[pc.Player+" "+pc.Kind]++
		if pc.Kind == "rakshasa" && pc.Square != "b9" && pc.Square != "i8" {
			t.Errorf("Rakshasa on %s", pc.Square)
		}
	}
	if len(s.Pieces) != 26 || count["yellow untouchable"] != 4 || count["red untouchable"] != 4 || count[" rakshasa"] != 2 ||
		count["yellow rajah"] != 1 || count["red shikari"] != 1 {
		t.Errorf("pieces %v", count)
	}
	want := []string{"d2b4", "d2e4", "d2f4", "d3d4", "e3e4", "f2e4", "f2e5", "f2g4", "f2g5", "f3f4", "g2f5", "g3g4"}
	if got := legal(p); !slices.Equal(got, want) {
		t.Errorf("start moves %v, want %v", got, want)
	}
	for _, m := range p.Moves(nil) {
		if a := p.Action(m); a.Name != "move" || a.From+a.To != p.Notation(m) || a.Piece == "" || a.Player != "yellow" {
			t.Errorf("%s is described as %+v", p.Notation(m), a)
		}
	}
}

// Each special action from a prepared position: the action's structure, the position reached,
// the events, and the outcome.
func TestPlays(t *testing.T) {
	for _, c := range []struct {
		name, text, action string
		kind, promotion    string
		after              string
		events             []string
		winners            []string // nil with reason "" is a game that goes on
		reason             string
	}{
		// Yellow's Untouchable reaches e16 and is dropped on b5; red's Shikari g12 attacks i13 and
		// the Rakshasa b9, beside red's dropped Untouchable b8, attacks a8.
		{"drop", "10/4U5/10/10/6h3/10/3r6/1K8/1=u6K1/10/10/10/10/10/4R5/10 y 0 1", "e15e16@b5", "drop", "dropped_untouchable",
			"10/10/10/10/6h3/10/3r6/1K8/1=u6K1/10/10/1=U8/10/10/4R5/10 r 0 1",
			[]string{"promotion yellow b5 dropped_untouchable"}, nil, ""},
		// Red's Buddhas on a4 b5 i13 j12 attack every free island square: a Buddha on e16.
		{"buddha", "10/4Ur4/10/8+u1/9+u/10/10/10/10/10/10/1+u8/+u9/10/4R5/10 y 0 1", "e15e16=buddha", "buddha", "buddha",
			"4+U5/5r4/10/8+u1/9+u/10/10/10/10/10/10/1+u8/+u9/10/4R5/10 r 0 1",
			[]string{"promotion yellow e16 buddha"}, nil, ""},
		// The Rakshasa b9 leaps along its diagonal to g14, taking red's Muni; yellow's dropped
		// Untouchable a9 pays and leaves the board.
		{"rakshasa", "10/5r4/6m3/10/10/10/10/=UK8/=Um6K1/10/10/10/10/10/3HR5/10 y 0 1", "b9g14^a9", "rakshasa", "",
			"10/5r4/6K3/10/10/10/10/10/=Um6K1/10/10/10/10/10/3HR5/10 r 0 1",
			[]string{"capture yellow g14 muni", "capture yellow a9 dropped_untouchable pays for the Rakshasa move"}, nil, ""},
		// The Rajah pays for the Rakshasa's leap from e5 to g7 and stays: no capture, a quiet ply.
		{"rajah pays", "10/5r4/10/9m/10/10/10/10/8K1/10/10/4K5/M3R5/10/10/10 y 0 1", "e5g7^e4", "rakshasa", "",
			"10/5r4/10/9m/10/10/10/10/8K1/6K3/10/10/M3R5/10/10/10 r 1 1", nil, nil, ""},
		// The Muni takes the Rakshasa on e5: one is left, so the captured one returns to b9 (i8 is
		// taken).
		{"respawn", "10/5r4/10/9m/10/10/10/10/8K1/10/10/4K5/10/4M5/4R5/10 y 0 1", "e3e5", "move", "",
			"10/5r4/10/9m/10/10/10/1K8/8K1/10/10/4M5/10/10/4R5/10 r 0 1",
			[]string{"capture yellow e5 rakshasa", "respawn b9 rakshasa"}, nil, ""},
		// Yellow's Rajah reaches f15, red's Rajah's start square.
		{"maharajah", "10/10/4R5/9m/10/10/3r6/1K8/8K1/10/10/10/M9/10/10/10 y 0 1", "e14f15", "move", "maharajah",
			"10/5+R4/10/9m/10/10/3r6/1K8/8K1/10/10/10/M9/10/10/10 r 1 1",
			[]string{"promotion yellow f15 maharajah"}, nil, ""},
		// The Muni d12 leaps to d14: the Rajah d16 is in check and d15 e15 e16 are covered.
		{"checkmate", "3r6/10/4M5/10/3M6/10/10/1K8/8K1/10/10/9=u/10/10/4R5/10 y 0 1", "d12d14", "move", "",
			"3r6/10/3MM5/10/10/10/10/1K8/8K1/10/10/9=u/10/10/4R5/10 r 1 1",
			[]string{"game_over checkmate"}, []string{"yellow"}, "checkmate"},
		// The same with the Muni on d13: red is not in check and cannot move, and loses.
		{"stalemate", "3r6/10/4M5/10/10/3M6/10/1K8/8K1/10/10/9=u/10/10/4R5/10 y 0 1", "d11d13", "move", "",
			"3r6/10/4M5/3M6/10/10/10/1K8/8K1/10/10/9=u/10/10/4R5/10 r 1 1",
			[]string{"game_over stalemate"}, []string{"yellow"}, "stalemate"},
		// Taking red's last piece but the Rajah.
		{"bare rajah", "10/5r4/10/10/10/10/4m5/1K8/4M3K1/10/10/10/10/10/4R5/10 y 0 1", "e8e10", "move", "",
			"10/5r4/10/10/10/10/4M5/1K8/8K1/10/10/10/10/10/4R5/10 r 0 1",
			[]string{"capture yellow e10 muni", "game_over bare_rajah"}, []string{"yellow"}, "bare_rajah"},
		// The hundredth ply without a capture or an Untouchable move: a draw.
		{"100 plies", "10/5r4/10/9m/10/10/10/1K8/8K1/10/10/10/M9/10/4R5/10 y 99 1", "e2e3", "move", "",
			"10/5r4/10/9m/10/10/10/1K8/8K1/10/10/10/M9/4R5/10/10 r 100 1",
			[]string{"game_over move_limit"}, nil, "move_limit"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := parse(t, c.text)
			m, err := p.ParseMove(c.action)
			if err != nil {
				t.Fatalf("%s: %v", c.action, err)
			}
			if a := p.Action(m); a.Name != c.kind || a.Promotion != c.promotion || a.Player != "yellow" || p.Notation(m) != c.action {
				t.Errorf("%s is described as %+v, written %s", c.action, a, p.Notation(m))
			}
			q, events := p.Play(m)
			if q.String() != c.after {
				t.Errorf("position %q, want %q", q.String(), c.after)
			}
			if got := eventTexts(events); !slices.Equal(got, c.events) {
				t.Errorf("events %q, want %q", got, c.events)
			}
			o := q.Outcome()
			var winners []string
			for _, w := range o.Winners {
				winners = append(winners, engine.Seats(q)[w].Name)
			}
			if o.Finished != (c.reason != "") || o.Reason != c.reason || !slices.Equal(winners, c.winners) {
				t.Errorf("outcome %+v, want winners %v by %q", o, c.winners, c.reason)
			}
			if engine.Seats(q)[q.ToMove()].Name != "red" || o.Finished != (len(q.Moves(nil)) == 0) {
				t.Errorf("%s to move with %d moves", engine.Seats(q)[q.ToMove()].Name, len(q.Moves(nil)))
			}
			if inCheck(q) != (c.reason == "checkmate") {
				t.Errorf("in check %v", inCheck(q))
			}
		})
	}
}

// Drops and Rakshasa moves are named as such in their structured form, with the piece they
// move and the piece they take.
func TestSpecialActionsDescribed(t *testing.T) {
	p := parse(t, "10/4U5/10/10/6h3/10/3r6/1K8/1=u6K1/10/10/10/10/10/4R5/10 y 0 1")
	var drops []string
	for _, m := range p.Moves(nil) {
		if to, ok := strings.CutPrefix(p.Notation(m), "e15e16@"); ok {
			drops = append(drops, to)
			if a := p.Action(m); a.Name != "drop" || a.Kind != engine.ActionVariant || a.Promotion != "dropped_untouchable" || a.From != "e15" || a.To != "e16" {
				t.Errorf("%s is described as %+v", p.Notation(m), a)
			}
		}
	}
	p = parse(t, "10/5r4/6m3/10/10/10/10/=UK8/=Um6K1/10/10/10/10/10/3HR5/10 y 0 1")
	var g14 []string
	for _, m := range p.Moves(nil) {
		if strings.HasPrefix(p.Notation(m), "b9g14") {
			g14 = append(g14, p.Notation(m))
			if a := p.Action(m); a.Name != "rakshasa" || a.Piece != "rakshasa" || a.Captured != "muni" || a.From != "b9" || a.To != "g14" {
				t.Errorf("%s is described as %+v", p.Notation(m), a)
			}
		}
	}
	// The 20 island squares less b8 b9 i8 (taken) and i13 a8 a9 (attacked by the Shikari g12,
	// and by the Rakshasa b9 beside red's dropped Untouchable b8).
	sort.Strings(drops)
	if got := strings.Join(drops, " "); got != "a12 a4 a5 b12 b4 b5 i12 i5 i9 j12 j13 j5 j8 j9" {
		t.Errorf("drop squares %s", got)
	}
	// One action for each of the two dropped Untouchables beside the Rakshasa.
	sort.Strings(g14)
	if !slices.Equal(g14, []string{"b9g14^a8", "b9g14^a9"}) {
		t.Errorf("Rakshasa moves to g14: %v", g14)
	}
}

// Reasons in the player's words: a Rajah onto its own piece, and a pin by a Rakshasa alone (red's
// dropped Untouchable j8 stands beside the Rakshasa i8, whose diagonal runs through e4).
func TestIllegalReasons(t *testing.T) {
	for _, c := range []struct{ text, action, reason string }{
		{startText, "e2f3", "f3 holds your own Untouchable"},
		{"10/5r4/10/9m/10/10/10/10/8K=u/10/10/10/M9/4R5/10/10 y 0 1", "e3e4", "e3e4 would leave your Rajah in check from the Rakshasa on i8"},
	} {
		_, err := parse(t, c.text).ParseMove(c.action)
		var ie *engine.IllegalError
		if !errors.As(err, &ie) || ie.Reason != c.reason {
			t.Errorf("%s in %s: %v, want the reason %q", c.action, c.text, err, c.reason)
		}
	}
}

// Malformed actions are syntax errors that say what is wrong.
func TestMalformedActions(t *testing.T) {
	p := parse(t, startText)
	for _, c := range []struct{ action, message string }{
		{"d3", `malformed action "d3": want two squares such as d3d4`},
		{"c3c4", `malformed action "c3c4": "c3" is ocean, not a square of the board`},
		{"d3c4", `malformed action "d3c4": "c4" is ocean, not a square of the board`},
		{"d15d16@c12", `malformed action "d15d16@c12": "c12" is ocean, not a square of the board`},
		{"b9e12^k3", `malformed action "b9e12^k3": "k3" is not a square of the board`},
		{"d15d16=mantri", `malformed action "d15d16=mantri": only =buddha may follow the squares`},
	} {
		_, err := p.ParseMove(c.action)
		var se *engine.SyntaxError
		if !errors.As(err, &se) || err.Error() != c.message {
			t.Errorf("%s: %v\nwant the syntax error %q", c.action, err, c.message)
		}
	}
}

// Both Shikaris out and back twice: the start's board and side come back after four and eight
// plies with the start's key, and the third occurrence draws while the second does not.
func TestRepetition(t *testing.T) {
	p := parse(t, startText)
	var keys []uint64
	for _, a := range []string{"d2b4", "g15f13", "b4d2", "f13g15", "d2b4", "g15f13", "b4d2", "f13g15"} {
		keys = append(keys, p.Key())
		m, err := p.ParseMove(a)
		if err != nil {
			t.Fatalf("%s: %v", a, err)
		}
		p, _ = p.Play(m)
	}
	third := p
	if p.String() != strings.TrimSuffix(startText, "0 1")+"8 5" || p.Outcome().Finished {
		t.Fatalf("the dance reached %s, outcome %+v", p, p.Outcome())
	}
	if third.Key() != keys[0] || keys[4] != keys[0] {
		t.Fatalf("the start's key is %d, %d and %d at its three occurrences", keys[0], keys[4], third.Key())
	}
	if !engine.DrawnByRepetition(third, keys) || engine.DrawnByRepetition(third, keys[:4]) {
		t.Errorf("drawn at the third occurrence %v, at the second %v; want true, false",
			engine.DrawnByRepetition(third, keys), engine.DrawnByRepetition(third, keys[:4]))
	}
}
