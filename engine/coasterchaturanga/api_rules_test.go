package coasterchaturanga_test

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
	_ "github.com/ashtapada/ashtapada/engine/games"
	"github.com/ashtapada/ashtapada/engine/record"
)

// Rules checked through the engine's public interface only, as a client of engine.Lookup sees
// them. Every expectation is worked out by hand from docs/rules/martian_coaster_chaturanga.md and
// the exits table of docs/rules/coaster_chess.md: the start layout y0r1b2g3 makes bl green, br
// blue, tr red and tl yellow.

const (
	startText = "y0r1b2g3 gqgd2ypyq/gp4yd/6/6/bd4rp/bqbp2rdrq -,-,-,- bl - 0"
	// After roll swap and swap tl br: blue comes to tl turned two quarters, yellow to br; the
	// green trio rides to f1 e1 f2 and the red trio to a6 b6 a5.
	swapped = "b0r1y2g3 rqrd2ypyq/rp4yd/6/6/bd4gp/bqbp2gdgq -,-,-,- bl swap:d 0"
)

var faceNames = []string{"", "aim", "dig", "hop", "swap", "tip", "wild"}

func variant(t *testing.T) engine.Variant {
	t.Helper()
	v, ok := engine.Lookup("martian_coaster_chaturanga")
	if !ok {
		t.Fatal("martian_coaster_chaturanga is not registered")
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

// play plays actions from p and returns the position reached and the last action's events.
func play(t *testing.T, p engine.Position, actions ...string) (engine.Position, []engine.Event) {
	t.Helper()
	var events []engine.Event
	for _, a := range actions {
		m, err := p.ParseMove(a)
		if err != nil {
			t.Fatalf("%s in %s: %v", a, p, err)
		}
		p, events = p.Play(m)
	}
	return p, events
}

func legal(p engine.Position) string {
	var out []string
	for _, m := range p.Moves(nil) {
		out = append(out, p.Notation(m))
	}
	sort.Strings(out)
	return strings.Join(out, " ")
}

func sorted(s ...string) string {
	c := slices.Clone(s)
	sort.Strings(c)
	return strings.Join(c, " ")
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

func toMove(p engine.Position) string { return engine.Seats(p)[p.ToMove()].Name }

// piecesBySeat writes the pieces as square:colour+kind:seat, sorted.
func piecesBySeat(p engine.Position) string {
	var out []string
	for _, pc := range p.Setup().Pieces {
		out = append(out, pc.Square+":"+pc.Color[:1]+pc.Kind[:1]+":"+pc.Player)
	}
	return sorted(out...)
}

func layout(p engine.Position) string {
	var out []string
	for _, l := range p.Setup().Layout {
		out = append(out, fmt.Sprintf("%s:%s:%d", l.Position, l.Board, l.QuarterTurns))
	}
	return strings.Join(out, " ")
}

func players(p engine.Position) string {
	var out []string
	for _, pl := range p.Setup().Players {
		out = append(out, fmt.Sprintf("%s:%d:%s", pl.Name, pl.Score, strings.Join(pl.Held, ",")))
	}
	return strings.Join(out, " ")
}

func counter(p engine.Position, name string) int64 {
	for _, c := range p.Setup().Counters {
		if c.Name == name {
			return c.Value
		}
	}
	return -1
}

func parts(ps []engine.ScorePart) string {
	var out []string
	for _, p := range ps {
		out = append(out, fmt.Sprintf("%s=%d", p.Source, p.Points))
	}
	return strings.Join(out, ",")
}

// standings writes each seat as seat:place:score:score parts:tie-breaks, the place 0 while the
// game goes on.
func standings(p engine.Position) string {
	o := p.Outcome()
	var out []string
	for i, pl := range p.Setup().Players {
		place := 0
		if i < len(o.Ranking) {
			place = o.Ranking[i]
		}
		out = append(out, fmt.Sprintf("%s:%d:%d:%s:%s", pl.Name, place, pl.Score, parts(pl.ScoreParts), parts(pl.TieBreaks)))
	}
	return strings.Join(out, " ")
}

func teams(p engine.Position) string {
	var out []string
	for _, tm := range p.Outcome().Teams {
		var names []string
		for _, i := range tm.Players {
			names = append(names, engine.Seats(p)[i].Name)
		}
		out = append(out, fmt.Sprintf("%s[%s]:%d:%d:%s:%s", tm.Name, strings.Join(names, ","), tm.Place, tm.Score, parts(tm.Parts), parts(tm.TieBreaks)))
	}
	return strings.Join(out, " ")
}

func winners(p engine.Position) string {
	var out []string
	for _, w := range p.Outcome().Winners {
		out = append(out, engine.Seats(p)[w].Name)
	}
	return strings.Join(out, " ")
}

// The exits table of docs/rules/coaster_chess.md for the start layout, rank 6 first.
var startExits = [6][6]string{
	{"NES", "ESW", "NEW", "NSW", "NES", "ESW"},
	{"NEW", "NES", "NES", "NESW", "ESW", "NSW"},
	{"ESW", "NESW", "NEW", "NES", "ESW", "NES"},
	{"NSW", "NEW", "NSW", "ESW", "NESW", "NEW"},
	{"NES", "NEW", "NESW", "NSW", "NSW", "ESW"},
	{"NEW", "NSW", "NES", "ESW", "NEW", "NSW"},
}

// squaresOf lists the squares of files x ranks from file f0, rank r0 (zero-based), sorted.
func squaresOf(f0, r0, files, ranks int) string {
	var out []string
	for f := f0; f < f0+files; f++ {
		for r := r0; r < r0+ranks; r++ {
			out = append(out, engine.SquareName(f, r))
		}
	}
	return sorted(out...)
}

// The description: seats, the table with the exits table's arrows and the coasters named by their
// colours, the Treehouse die, and the actions, events and options a client offers.
func TestDescription(t *testing.T) {
	d := variant(t).Describe()
	if d.Title != "Martian Coaster Chaturanga" || d.MinPlayers != 2 || d.MaxPlayers != 4 || d.ActionsPerTurn != 3 || len(d.OptionBoards) != 0 {
		t.Errorf("%q, %d-%d players, %d actions a turn, %d option boards", d.Title, d.MinPlayers, d.MaxPlayers, d.ActionsPerTurn, len(d.OptionBoards))
	}
	// Seats in turn order, counter-clockwise from the bottom left.
	var seats []string
	for _, s := range d.Players {
		seats = append(seats, s.Name+"@"+s.Seat+s.Team)
	}
	if got := strings.Join(seats, " "); got != "bl@bl br@br tr@tr tl@tl" {
		t.Errorf("seats %s", got)
	}

	b := d.Board
	if b.Files != 6 || b.Ranks != 6 || len(b.Squares) != 36 || !b.LayoutInPosition {
		t.Errorf("board %dx%d, %d squares, layout in position %v", b.Files, b.Ranks, len(b.Squares), b.LayoutInPosition)
	}
	step := map[rune][2]int{'N': {0, 1}, 'E': {1, 0}, 'S': {0, -1}, 'W': {-1, 0}}
	var want, got []string
	for row, exits := range startExits {
		r := 5 - row
		for f, e := range exits {
			for _, dir := range e {
				to := ""
				if nf, nr := f+step[dir][0], r+step[dir][1]; nf >= 0 && nf < 6 && nr >= 0 && nr < 6 {
					to = engine.SquareName(nf, nr)
				}
				want = append(want, fmt.Sprintf("%s>%s/%c", engine.SquareName(f, r), to, dir+'a'-'A'))
			}
		}
	}
	for _, c := range b.Connections {
		got = append(got, c.From+">"+c.To+"/"+c.Direction)
	}
	if sorted(got...) != sorted(want...) {
		t.Errorf("connections\n%s\nwant, from the exits table,\n%s", sorted(got...), sorted(want...))
	}
	coasters := map[string]string{}
	for _, r := range b.Regions {
		if r.Kind == "coaster" {
			coasters[r.Name] = sorted(r.Squares...)
		}
	}
	wantCoasters := map[string]string{"yellow": squaresOf(0, 3, 3, 3), "red": squaresOf(3, 3, 3, 3), "blue": squaresOf(3, 0, 3, 3), "green": squaresOf(0, 0, 3, 3)}
	if len(b.Regions) != 4 || fmt.Sprint(coasters) != fmt.Sprint(wantCoasters) {
		t.Errorf("regions %v, want the coasters %v", b.Regions, wantCoasters)
	}
	for _, sq := range b.Squares {
		if !strings.Contains(wantCoasters[sq.Region], sq.Name) {
			t.Errorf("square %s in region %q", sq.Name, sq.Region)
		}
	}

	var kinds []string
	for _, p := range d.Pieces {
		kinds = append(kinds, fmt.Sprintf("%s:%s:%d", p.Kind, p.Letter, p.Value))
	}
	if got := strings.Join(kinds, " "); got != "pawn:p:1 drone:d:2 queen:q:3" {
		t.Errorf("pieces %s", got)
	}
	var faces []string
	if len(d.Dice) == 1 {
		for _, f := range d.Dice[0].Faces {
			faces = append(faces, fmt.Sprintf("%d:%s:%s", f.Value, f.Label, f.Meaning))
		}
	}
	if len(d.Dice) != 1 || d.Dice[0].Kind != "treehouse" || d.Dice[0].Count != 1 ||
		strings.Join(faces, " ") != "1:AIM:aim 2:DIG:dig 3:HOP:hop 4:SWAP:swap 5:TIP:tip 6:WILD:wild" {
		t.Errorf("dice %+v", d.Dice)
	}
	var actions []string
	for _, a := range d.Actions {
		actions = append(actions, a.Name+":"+a.Kind.String()+":"+a.Notation)
		if a.Description == "" {
			t.Errorf("action %s has no description", a.Name)
		}
	}
	if got, want := strings.Join(actions, ", "), "roll:roll:roll hop, move:move:b6e2, enter:drop:enter gq, aim:variant:aim 2, tip:variant:tip 1, "+
		"swap:variant:swap tl br, dig:variant:dig gp, hop:variant:hop a5@b2, end:end_turn:end, pass:pass:pass"; got != want {
		t.Errorf("actions\n got %s\nwant %s", got, want)
	}
	var events []string
	for _, e := range d.Events {
		events = append(events, e.Name+":"+e.Kind.String())
	}
	if got := strings.Join(events, " "); got != "dice_rolled:dice_rolled capture:capture colour_changed:variant turn_passed:turn_passed game_over:game_over" {
		t.Errorf("events %s", got)
	}
	var opts []string
	for _, o := range d.Options {
		opts = append(opts, fmt.Sprintf("%s:%s:%s:%d-%d:%s", o.Name, o.Kind, o.Default.Format(), o.Min, o.Max, strings.Join(o.Allowed, ",")))
	}
	if got, want := strings.Join(opts, " "), "players:int:4:2-4: partnership:bool:false:0-0: max_turns:int:0:0-100000: "+
		"first:string:bl:0-0:bl,br,tr,tl drone_right:string::0-0: colours:string:yrbg:0-0:"; got != want {
		t.Errorf("options\n got %s\nwant %s", got, want)
	}
	if !strings.Contains(d.PositionNotation, "y0r1b2g3") || !strings.Contains(d.ActionNotation, "swap tl br") {
		t.Errorf("notations %q %q", d.PositionNotation, d.ActionNotation)
	}
}

// The set-up: each seat holds the trio of the next seat's colour on its own coaster, and a piece
// is played by the seat whose colour it is. Options change the set-up and the first seat.
func TestStart(t *testing.T) {
	p, err := variant(t).Start(nil)
	if err != nil {
		t.Fatal(err)
	}
	if toMove(p) != "bl" || p.Phase() != engine.PhaseRoll || len(p.Setup().Dice) != 0 || players(p) != "bl:0: br:0: tr:0: tl:0:" {
		t.Errorf("start: %s to move in %v, dice %v, players %s", toMove(p), p.Phase(), p.Setup().Dice, players(p))
	}
	if got, want := piecesBySeat(p), sorted(strings.Fields("a1:bq:br a2:bd:br b1:bp:br f1:rq:tr e1:rd:tr f2:rp:tr "+
		"f6:yq:tl f5:yd:tl e6:yp:tl a6:gq:bl b6:gd:bl a5:gp:bl")...); got != want {
		t.Errorf("start pieces\n%s\nwant\n%s", got, want)
	}
	if got := layout(p); got != "top_left:yellow:0 top_right:red:1 bottom_right:blue:2 bottom_left:green:3" {
		t.Errorf("layout %s", got)
	}
	str := func(s string) engine.OptionValue { return engine.OptionValue{Kind: engine.OptionString, String: s} }
	for _, c := range []struct {
		opts engine.Options
		text string
	}{
		{engine.Options{"players": {Kind: engine.OptionInt, Int: 2}}, startText + " players=2"},
		{engine.Options{"partnership": {Kind: engine.OptionBool, Bool: true}, "max_turns": {Kind: engine.OptionInt, Int: 5}}, startText + " partnership max_turns=5"},
		// tl's drone to its right: a5, the pawn b6.
		{engine.Options{"drone_right": str("tl"), "first": str("tr")}, "y0r1b2g3 gqgp2ypyq/gd4yd/6/6/bd4rp/bqbp2rdrq -,-,-,- tr - 0 first=tr"},
		// Coasters g r y b: bl is blue, br yellow, tr red, tl green, and each takes the next
		// seat's colour: bl yellow, br red, tr green, tl blue.
		{engine.Options{"colours": str("gryb")}, "g0r1y2b3 bqbd2gpgq/bp4gd/6/6/yd4rp/yqyp2rdrq -,-,-,- bl - 0"},
	} {
		p, err := variant(t).Start(c.opts)
		if err != nil || p.String() != c.text {
			t.Errorf("start with %v: %v, %v; want %q", c.opts, p, err, c.text)
		}
	}
	var oe *engine.OptionError
	if _, err := variant(t).Start(engine.Options{"colours": str("yyrb")}); !errors.As(err, &oe) || oe.Name != "colours" {
		t.Errorf("colours yyrb: %v", err)
	}
}

// Options that contradict each other are refused, naming the fields, wherever options are read: at
// the start, in a structured position and in a record's Options tag. Two players are always the
// partnership game, so partnership true with them is accepted (positions and records write it so),
// false is not; a seat named twice in drone_right is refused.
func TestOptionConflicts(t *testing.T) {
	num := func(n int64) engine.OptionValue { return engine.OptionValue{Kind: engine.OptionInt, Int: n} }
	flag := func(b bool) engine.OptionValue { return engine.OptionValue{Kind: engine.OptionBool, Bool: b} }
	str := func(s string) engine.OptionValue { return engine.OptionValue{Kind: engine.OptionString, String: s} }
	for _, c := range []struct {
		opts       engine.Options
		name, says string // the option refused and words of the reason; none when accepted
		text       string // the start, when accepted
	}{
		{opts: engine.Options{"players": num(2), "partnership": flag(false)}, name: "partnership", says: "contradicts players 2"},
		{opts: engine.Options{"drone_right": str("bl,bl")}, name: "drone_right", says: "seat bl is named twice"},
		{opts: engine.Options{"drone_right": str("tr,bl,tr")}, name: "drone_right", says: "seat tr is named twice"},
		{opts: engine.Options{"players": num(2), "partnership": flag(true)}, text: startText + " players=2"},
		{opts: engine.Options{"players": num(4), "partnership": flag(false)}, text: startText},
		{opts: engine.Options{"players": num(2), "drone_right": str(""), "first": str("tl")}, text: strings.Replace(startText, " bl ", " tl ", 1) + " players=2 first=tl"},
	} {
		p, err := variant(t).Start(c.opts)
		var oe *engine.OptionError
		switch {
		case c.name == "" && (err != nil || p.String() != c.text):
			t.Errorf("start with %v: %v, %v; want %q", c.opts, p, err, c.text)
		case c.name != "" && (!errors.As(err, &oe) || oe.Name != c.name || !strings.Contains(oe.Reason, c.says)):
			t.Errorf("start with %v: %v; want option %s refused saying %q", c.opts, err, c.name, c.says)
		}
	}
	// A structured position: the two-player game's own options read back, partnership false does not.
	two, err := variant(t).Start(engine.Options{"players": num(2)})
	if err != nil {
		t.Fatal(err)
	}
	s := two.Setup()
	if back, err := variant(t).FromSetup(s); err != nil || back.String() != two.String() {
		t.Errorf("the two-player start's set-up %v: %v, %v", s.Options, back, err)
	}
	s.Options["partnership"] = flag(false)
	var oe *engine.OptionError
	if _, err := variant(t).FromSetup(s); !errors.As(err, &oe) || oe.Name != "partnership" {
		t.Errorf("set-up with players 2 and partnership false: %v", err)
	}
	// A record's Options tag is read as the start's options.
	for _, c := range []struct{ options, says string }{
		{"drone_right=tl,tl", "seat tl is named twice"},
		{"players=2 partnership", ""},
	} {
		_, err := record.Read("[Variant \"martian_coaster_chaturanga\"]\n[Options \""+c.options+"\"]\n\n*\n", 10)
		if c.says == "" && err != nil || c.says != "" && (err == nil || !strings.Contains(err.Error(), c.says)) {
			t.Errorf("record with Options %q: %v; want an error saying %q", c.options, err, c.says)
		}
	}
}

// A turn: each face of the die as rolled, then the die action and the move in either order; the
// turn passes by itself.
func TestTurn(t *testing.T) {
	start := parse(t, startText)
	if got := legal(start); got != "roll aim roll dig roll hop roll swap roll tip roll wild" {
		t.Errorf("start: %s", got)
	}
	for _, m := range start.Moves(nil) {
		if a := start.Action(m); a.Kind != engine.ActionRoll || a.Name != "roll" || len(a.Dice) != 1 {
			t.Errorf("%s is described as %+v", start.Notation(m), a)
		}
	}
	for v := 1; v <= 6; v++ {
		p, ev, err := start.Roll([]int{v})
		if err != nil {
			t.Fatalf("roll %d: %v", v, err)
		}
		d := p.Setup().Dice
		if want := strings.Replace(startText, " bl - 0", " bl "+faceNames[v]+" 0", 1); p.String() != want || p.Phase() != engine.PhaseAction ||
			len(d) != 1 || d[0] != (engine.DieSetup{Kind: "treehouse", Value: v, Means: faceNames[v]}) {
			t.Errorf("rolled %d: %q in %v, dice %+v; want %q", v, p.String(), p.Phase(), d, want)
		}
		if got := eventTexts(ev); !slices.Equal(got, []string{fmt.Sprintf("dice_rolled bl rolled %d", v)}) {
			t.Errorf("roll %d: events %q", v, got)
		}
		if _, _, err := p.Roll([]int{v}); !errors.Is(err, engine.ErrNotRollPhase) {
			t.Errorf("a second roll after %d: %v", v, err)
		}
	}
	// One die of six faces.
	for _, values := range [][]int{{7}, {0}, {4, 4}} {
		var se *engine.SyntaxError
		if _, _, err := start.Roll(values); !errors.As(err, &se) || !strings.Contains(err.Error(), "Treehouse") {
			t.Errorf("roll %v: %v, want a syntax error naming the Treehouse die", values, err)
		}
	}

	// SWAP, then the swap: the coasters ride with their pieces and the two seats in front of them
	// change colours.
	rolled, _ := play(t, start, "roll swap")
	p, ev := play(t, rolled, "swap tl br")
	if p.String() != swapped || toMove(p) != "bl" || !p.Setup().Dice[0].Used {
		t.Errorf("after swap tl br: %q, %s to move, dice %+v", p.String(), toMove(p), p.Setup().Dice)
	}
	if got := eventTexts(ev); !slices.Equal(got, []string{"colour_changed br blue to yellow", "colour_changed tl yellow to blue"}) {
		t.Errorf("swap events %q", got)
	}
	if got := layout(p); got != "top_left:blue:0 top_right:red:1 bottom_right:yellow:2 bottom_left:green:3" {
		t.Errorf("layout after the swap %s", got)
	}
	if got, want := piecesBySeat(p), sorted(strings.Fields("a1:bq:tl a2:bd:tl b1:bp:tl f1:gq:bl e1:gd:bl f2:gp:bl "+
		"a6:rq:tr b6:rd:tr a5:rp:tr f6:yq:br f5:yd:br e6:yp:br")...); got != want {
		t.Errorf("pieces after the swap\n%s\nwant\n%s", got, want)
	}
	// The green drone e1: e2 e3 d2 d1 c1 and the jumps from e2 to b2 b5 e5; the green pawn f2e2;
	// the blue drone a2: a3 a4 b2 b3 c2 and the jumps b5 e2 e5; the blue pawn b1b2; then end.
	if got, want := legal(p), sorted(strings.Fields("e1e2 e1e3 e1d2 e1d1 e1c1 e1b2 e1b5 e1e5 f2e2 a2a3 a2a4 a2b2 a2b3 a2c2 a2b5 a2e2 a2e5 b1b2 end")...); got != want {
		t.Errorf("after swap tl br:\n%s\nwant\n%s", got, want)
	}
	// The move ends the turn: br rolls next.
	m, err := p.ParseMove("e1e3")
	if err != nil {
		t.Fatal(err)
	}
	if a := p.Action(m); a.Piece != "gd" || a.Player != "bl" {
		t.Errorf("e1e3 is described as %+v", a)
	}
	q, ev := p.Play(m)
	if q.String() != "b0r1y2g3 rqrd2ypyq/rp4yd/6/4gd1/bd4gp/bqbp3gq -,-,-,- br - 1" || toMove(q) != "br" || q.Phase() != engine.PhaseRoll ||
		len(q.Setup().Dice) != 0 || counter(q, "turns") != 1 || len(q.Moves(nil)) != 6 {
		t.Errorf("after the turn: %q, %s to move in %v, turns %d", q.String(), toMove(q), q.Phase(), counter(q, "turns"))
	}
	if got := eventTexts(ev); !slices.Equal(got, []string{"turn_passed br"}) {
		t.Errorf("e1e3 events %q", got)
	}

	// The move first: then a swap or end, nothing else; the swap ends the turn.
	p, _ = play(t, rolled, "b1b2")
	if p.String() != "y0r1b2g3 gqgd2ypyq/gp4yd/6/6/bdbp3rp/bq3rdrq -,-,-,- bl swap:m 0" || !p.Setup().State["move_done"].Bool {
		t.Errorf("after b1b2: %q, state %+v", p.String(), p.Setup().State)
	}
	if got := legal(p); got != "end swap br bl swap tl bl swap tl br swap tl tr swap tr bl swap tr br" {
		t.Errorf("after the move: %s", got)
	}
	if p, _ = play(t, p, "swap tr bl"); toMove(p) != "br" || !strings.HasSuffix(p.String(), " br - 1") {
		t.Errorf("after b1b2 swap tr bl: %q", p.String())
	}
}

// A piece on the mover's portal at the start of the turn must be cleared first, and the position
// says so.
func TestPortalToClear(t *testing.T) {
	// bl (green) holds its green pawn, and a yellow pawn stands on its portal b2.
	p, _ := play(t, parse(t, "y0r1b2g3 gq5/6/6/6/1yp4/5gd gp,ydyqrprdrq,bpbdbq,- bl - 0"), "roll aim")
	if p.String() != "y0r1b2g3 gq5/6/6/6/1yp4/5gd gp,ydyqrprdrq,bpbdbq,- bl aim!clear 0" || p.Setup().State["compulsory"].String != "clear_portal" {
		t.Errorf("after the roll: %q, state %+v", p.String(), p.Setup().State)
	}
	// The pawn steps by b2's exits N E W, or jumps to an empty portal with its one pip.
	if got := legal(p); got != "b2a2 b2b3 b2b5 b2c2 b2e2 b2e5" {
		t.Errorf("clearing the portal: %s", got)
	}
}

// Malformed actions are syntax errors that say what is wrong; malformed positions are refused
// naming what is wrong.
func TestMalformed(t *testing.T) {
	p := parse(t, "y0r1b2g3 gqgd2ypyq/gp4yd/6/6/bd4rp/bqbp2rdrq -,-,-,- bl swap 0")
	for _, c := range []struct{ action, message string }{
		{"swap tl tl", `malformed action "swap tl tl": swap wants two different positions among tl tr br bl, such as swap tl br`},
		{"swap tl xx", `malformed action "swap tl xx": swap wants two different positions among tl tr br bl, such as swap tl br`},
		{"aim 4", `malformed action "aim 4": aim wants 1, 2 or 3 quarter turns`},
		{"tip 0", `malformed action "tip 0": tip wants 1, 2 or 3 quarter turns`},
		{"enter gk", `malformed action "enter gk": want a piece such as gq after enter`},
		{"hop a5b2", `malformed action "hop a5b2": hop wants a square and a portal, such as hop a5@b2`},
		{"roll six", `malformed action "roll six": roll wants a face: aim dig hop swap tip wild`},
		{"end now", `malformed action "end now": end takes nothing after it`},
		{"b6g2", `malformed action "b6g2": want a move such as b6e2, or enter gq, aim 2, tip 1, swap tl br, dig gp, hop a5@b2, end, pass, roll aim`},
	} {
		_, err := p.ParseMove(c.action)
		var se *engine.SyntaxError
		if !errors.As(err, &se) || err.Error() != c.message {
			t.Errorf("%s: %v\nwant the syntax error %q", c.action, err, c.message)
		}
	}
	for _, c := range []struct{ text, says string }{
		{"y0r1b2g2 gqgd2ypyq/gp4yd/6/6/bd4rp/bqbp2rdrq -,-,-,- bl - 0", "one dot pattern"},
		{"y0y1b2g3 gqgd2ypyq/gp4yd/6/6/bd4rp/bqbp2rdrq -,-,-,- bl - 0", "each colour"},
		{"y0r1b2g3 gqgd2ypyq/gp4yd/6/6/bd4rp/bqbp3rq -,-,-,- bl - 0", "rd is neither on the board nor held"},
		{"y0r1b2g3 gqgd2ypyq/gp4yd/6/6/bd4rp/bqbp2rdrq -,-,- bl - 0", "held"},
		{"y0r1b2g3 gqgd2ypyq/gp4yd/6/6/bd4rp/bqbp2rdrq -,-,-,- xx - 0", "to_move"},
		{"y0r1b2g3 gqgd2ypyq/gp4yd/6/6/bd4rp/bqbp2rdrq -,-,-,- bl jump 0", "turn"},
		{"y0r1b2g3 gqgd2ypyq/gp4yd/6/6/bd4rp/bqbp2rdrq -,-,-,- bl - 0 max_turns=0", "max_turns"},
		// The re-entered piece must stand on bl's portal b2.
		{"y0r1b2g3 gqgd2ypyq/gp4yd/6/6/bd4rp/bqbp2rdrq -,-,-,- bl aim:m^bd 0", "portal"},
	} {
		if _, err := variant(t).Parse(c.text); err == nil || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%q: %v, want an error saying %q", c.text, err, c.says)
		}
	}
}

// The score by the colours as they are: + pips held of other colours, - pips held of one's own;
// ties by own pips, largest own piece and own pieces on the board, then turn order.
func TestScore(t *testing.T) {
	// On the board gq a6, gp b1 (bl's), bd d1 (br's), rd f6 (tr's); no yellow, and tl is to move:
	// the game is over. bl holds yp rq gd: +4 -2 = 2, own pips 4; br holds yq: 3; tr holds rp bq:
	// +3 -1 = 2, own pips 2; tl holds yd bp: +1 -2 = -1. bl and tr tie on 2: bl's pips win.
	const board = "y0r1b2g3 gq4rd/6/6/6/6/1gp1bd2 yprqgd,yq,rpbq,ydbp"
	const tb = "own_pips_on_board=%d,largest_own_piece=%d,own_pieces_on_board=%d,turn_order=%d"
	seat := func(name string, place, score, plus, minus int, tie ...any) string {
		return fmt.Sprintf("%s:%d:%d:held_other_colours=%d,held_own_colour=%d:", name, place, score, plus, minus) + fmt.Sprintf(tb, tie...)
	}
	solo := func(pl [4]int) string {
		return strings.Join([]string{seat("bl", pl[0], 2, 4, -2, 4, 3, 2, 1), seat("br", pl[1], 3, 3, 0, 2, 2, 1, 2),
			seat("tr", pl[2], 2, 3, -1, 2, 2, 1, 3), seat("tl", pl[3], -1, 1, -2, 0, 0, 0, 4)}, " ")
	}
	// The team standings carry the side's sums, the larger of the largest pieces and the earlier
	// seat: bl+tr 4 (+7 -3; pips 6, largest 3, 3 pieces), br+tl 2 (+4 -2; 2, 2, 1). Partners share
	// their side's place.
	side1, side2 := "held_other_colours=7,held_own_colour=-3:"+fmt.Sprintf(tb, 6, 3, 3, 1), "held_other_colours=4,held_own_colour=-2:"+fmt.Sprintf(tb, 2, 2, 1, 2)
	sides := func(p1, p2 int) string {
		return fmt.Sprintf("bl_tr[bl,tr]:%d:4:%s br_tl[br,tl]:%d:2:%s", p1, side1, p2, side2)
	}
	for _, c := range []struct {
		text, reason, winners, standings, teams string
	}{
		{board + " tl - 39", "colour_gone", "br", solo([4]int{2, 1, 3, 4}), ""},
		// bl to move has green on the board: the game goes on, with the same scores.
		{board + " bl - 36", "", "", solo([4]int{}), ""},
		// The turn limit is checked first, and names the end.
		{board + " tl - 40 max_turns=10", "turn_limit", "br", solo([4]int{2, 1, 3, 4}), ""},
		{board + " tl - 39 partnership", "colour_gone", "bl tr", solo([4]int{1, 3, 1, 3}), sides(1, 2)},
		{board + " tl - 39 players=2", "colour_gone", "bl tr", solo([4]int{1, 3, 1, 3}), sides(1, 2)},
		{board + " bl - 36 players=2", "", "", solo([4]int{}), sides(0, 0)},
	} {
		p := parse(t, c.text)
		if o := p.Outcome(); o.Finished != (c.reason != "") || o.Reason != c.reason || winners(p) != c.winners {
			t.Errorf("%q: %+v, want %q won by %s", c.text, o, c.reason, c.winners)
		}
		if got := standings(p); got != c.standings {
			t.Errorf("%q: standings\n got %s\nwant %s", c.text, got, c.standings)
		}
		if got := teams(p); got != c.teams {
			t.Errorf("%q: teams\n got %s\nwant %s", c.text, got, c.teams)
		}
		var held []string
		for _, pl := range p.Setup().Players {
			var hs []string
			for _, h := range pl.HeldPieces {
				hs = append(hs, h.Color+" "+h.Kind)
			}
			held = append(held, pl.Name+"("+pl.Color+"):"+strings.Join(hs, ","))
		}
		if got := strings.Join(held, " "); got != "bl(green):yellow pawn,red queen,green drone br(blue):yellow queen tr(red):red pawn,blue queen tl(yellow):yellow drone,blue pawn" {
			t.Errorf("%q: held pieces %s", c.text, got)
		}
	}
	// A tie in everything goes to the earlier seat in turn order, counted from the first.
	for _, c := range []struct{ text, winner, places string }{
		{"y0r1b2g3 gqgd2ypyq/gp4yd/6/6/bd4rp/bqbp2rdrq -,-,-,- bl - 4 max_turns=1", "bl", "1 2 3 4"},
		{"y0r1b2g3 gqgd2ypyq/gp4yd/6/6/bd4rp/bqbp2rdrq -,-,-,- tr - 4 max_turns=1 first=tr", "tr", "3 4 1 2"},
	} {
		p := parse(t, c.text)
		if o := p.Outcome(); winners(p) != c.winner || strings.Trim(fmt.Sprint(o.Ranking), "[]") != c.places || o.Reason != "turn_limit" {
			t.Errorf("%q: %+v, want %s first, places %s", c.text, o, c.winner, c.places)
		}
	}
}

// The game ends at the start of a turn whose seat has no piece of its colour on the board, or
// after max_turns turns of every seat; a finished game takes no action and no roll.
func TestEndOfGame(t *testing.T) {
	// tr (red) has done its AIM; its queen takes the yellow drone, tl's last yellow piece, and
	// the turn passes to tl, who has none.
	p := parse(t, "y0r1b2g3 5rq/5yd/6/6/6/gq2bq2 -,ypyqrprdgpgd,-,bpbd tr aim:d 38")
	m, err := p.ParseMove("f6f5")
	if err != nil {
		t.Fatal(err)
	}
	if a := p.Action(m); a.Captured != "yd" || a.Piece != "rq" || a.Player != "tr" {
		t.Errorf("f6f5 is described as %+v", a)
	}
	q, ev := p.Play(m)
	if q.String() != "y0r1b2g3 6/5rq/6/6/6/gq2bq2 -,ypyqrprdgpgd,yd,bpbd tl - 39" || q.Phase() != engine.PhaseFinished || len(q.Moves(nil)) != 0 {
		t.Errorf("after f6f5: %q in %v", q.String(), q.Phase())
	}
	if got := eventTexts(ev); !slices.Equal(got, []string{"capture tr f5 yd held by tr", "game_over colour_gone"}) {
		t.Errorf("f6f5 events %q", got)
	}
	// br holds 10 pips, tl 3, tr 2, bl none.
	var places []string
	o := q.Outcome()
	for i, pl := range q.Setup().Players {
		places = append(places, fmt.Sprintf("%s:%d:%d", pl.Name, o.Ranking[i], pl.Score))
	}
	if o.Reason != "colour_gone" || winners(q) != "br" || strings.Join(places, " ") != "bl:4:0 br:1:10 tr:3:2 tl:2:3" {
		t.Errorf("the end: %+v, standings %v", o, places)
	}
	if _, err := q.ParseMove("roll aim"); !errors.Is(err, engine.ErrGameOver) {
		t.Errorf("an action after the end: %v", err)
	}
	if _, _, err := q.Roll([]int{1}); !errors.Is(err, engine.ErrGameOver) && !errors.Is(err, engine.ErrNotRollPhase) {
		t.Errorf("a roll after the end: %v", err)
	}

	// max_turns 1: one turn each, then the game is over whatever is on the board. DIG has
	// nothing to dig, so each turn is one move, after which it passes.
	p, err = variant(t).Start(engine.Options{"max_turns": {Kind: engine.OptionInt, Int: 1}})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 40 && p.Phase() != engine.PhaseFinished; i++ {
		if counter(p, "turns") >= 4 {
			t.Fatalf("turn %d reached: %q", counter(p, "turns"), p.String())
		}
		moves := p.Moves(nil)
		action := "roll dig"
		if p.Phase() != engine.PhaseRoll {
			action = p.Notation(moves[0])
		}
		p, ev = play(t, p, action)
	}
	if counter(p, "turns") != 4 || p.Phase() != engine.PhaseFinished || !strings.HasSuffix(p.String(), " bl - 4 max_turns=1") || p.Outcome().Reason != "turn_limit" {
		t.Errorf("after a round with max_turns 1: %q, turns %d, %+v", p.String(), counter(p, "turns"), p.Outcome())
	}
	if got := eventTexts(ev); len(got) == 0 || got[len(got)-1] != "game_over turn_limit" || slices.Contains(got, "turn_passed bl") {
		t.Errorf("last events %q", got)
	}
}
