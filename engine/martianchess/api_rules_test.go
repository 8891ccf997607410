package martianchess_test

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
// them: the described boards, the starts, and what each kind of action reports and scores. Every
// expectation is worked out by hand from docs/rules/martian_chess.md and docs/rules/coaster_chess.md.

var fourSeats = []string{"south_west", "north_west", "north_east", "south_east"}

func lookup(t *testing.T, name string) engine.Variant {
	t.Helper()
	v, ok := engine.Lookup(name)
	if !ok {
		t.Fatalf("%s is not registered", name)
	}
	return v
}

func parse(t *testing.T, variant, text string) engine.Position {
	t.Helper()
	p, err := lookup(t, variant).Parse(text)
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

// moves lists the legal actions of p without the clock-calling twins, sorted.
func moves(p engine.Position) []string {
	var out []string
	for _, m := range p.Moves(nil) {
		if n := p.Notation(m); !strings.HasSuffix(n, "+clock") {
			out = append(out, n)
		}
	}
	sort.Strings(out)
	return out
}

// events writes events as name:player:square:piece:points.
func events(ev []engine.Event) string {
	var out []string
	for _, e := range ev {
		out = append(out, fmt.Sprintf("%s:%s:%s:%s:%d", e.Name, e.Player, e.Square, e.Piece, e.Points))
	}
	return strings.Join(out, " ")
}

// players writes each player as name:score:held pieces.
func players(p engine.Position) string {
	var out []string
	for _, pl := range p.Setup().Players {
		out = append(out, fmt.Sprintf("%s:%d:%s", pl.Name, pl.Score, strings.Join(pl.Held, ",")))
	}
	return strings.Join(out, " ")
}

// standings writes each player as name:place:score, the place 0 while the game goes on.
func standings(p engine.Position) string {
	o := p.Outcome()
	var out []string
	for i, pl := range p.Setup().Players {
		place := 0
		if i < len(o.Ranking) {
			place = o.Ranking[i]
		}
		out = append(out, fmt.Sprintf("%s:%d:%d", pl.Name, place, pl.Score))
	}
	return strings.Join(out, " ")
}

// teams writes each team as name[players]:place:score, the place 0 while the game goes on.
func teams(p engine.Position) string {
	var out []string
	for _, tm := range p.Outcome().Teams {
		var names []string
		for _, i := range tm.Players {
			names = append(names, engine.Seats(p)[i].Name)
		}
		out = append(out, fmt.Sprintf("%s[%s]:%d:%d", tm.Name, strings.Join(names, ","), tm.Place, tm.Score))
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

func pieces(p engine.Position) string {
	var out []string
	for _, pc := range p.Setup().Pieces {
		out = append(out, pc.Square+":"+pc.Kind+":"+pc.Player)
	}
	sort.Strings(out)
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

// squaresOf lists the squares of files x ranks from file f0, rank r0 (zero-based), sorted.
func squaresOf(f0, r0, files, ranks int) string {
	var out []string
	for f := f0; f < f0+files; f++ {
		for r := r0; r < r0+ranks; r++ {
			out = append(out, engine.SquareName(f, r))
		}
	}
	sort.Strings(out)
	return strings.Join(out, " ")
}

func sorted(s []string) string {
	c := slices.Clone(s)
	sort.Strings(c)
	return strings.Join(c, " ")
}

// zones writes a board's zone regions as name=squares, sorted.
func zones(b *engine.Board) map[string]string {
	out := map[string]string{}
	for _, r := range b.Regions {
		if r.Kind == "zone" {
			out[r.Name] = sorted(r.Squares)
		}
	}
	return out
}

func mark(b *engine.Board, name string) []string {
	for _, m := range b.Marks {
		if m.Name == name {
			return m.Squares
		}
	}
	return nil
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

// exitConnections writes the exits table as connections from>to/direction, with an empty to for
// an exit off the board.
func exitConnections() string {
	step := map[rune][2]int{'N': {0, 1}, 'E': {1, 0}, 'S': {0, -1}, 'W': {-1, 0}}
	var out []string
	for row, exits := range startExits {
		r := 5 - row
		for f, e := range exits {
			for _, d := range e {
				to := ""
				if nf, nr := f+step[d][0], r+step[d][1]; nf >= 0 && nf < 6 && nr >= 0 && nr < 6 {
					to = engine.SquareName(nf, nr)
				}
				out = append(out, fmt.Sprintf("%s>%s/%c", engine.SquareName(f, r), to, d+'a'-'A'))
			}
		}
	}
	return sorted(out)
}

// checkCoasterBoard checks a 6x6 board of the start layout: its arrows are the exits table, its
// coasters regions, its portals and dots marks.
func checkCoasterBoard(t *testing.T, b *engine.Board) {
	t.Helper()
	if b.Files != 6 || b.Ranks != 6 || len(b.Squares) != 36 || b.LayoutInPosition {
		t.Errorf("board %dx%d, %d squares, layout in position %v; want a fixed 6x6 board", b.Files, b.Ranks, len(b.Squares), b.LayoutInPosition)
	}
	var got []string
	for _, c := range b.Connections {
		got = append(got, c.From+">"+c.To+"/"+c.Direction)
	}
	if g, w := sorted(got), exitConnections(); g != w {
		t.Errorf("connections\n%s\nwant, from the exits table,\n%s", g, w)
	}
	coasters := map[string]string{}
	for _, r := range b.Regions {
		if r.Kind == "coaster" {
			coasters[r.Name] = sorted(r.Squares)
		}
	}
	if want := map[string]string{"top_left": squaresOf(0, 3, 3, 3), "top_right": squaresOf(3, 3, 3, 3),
		"bottom_right": squaresOf(3, 0, 3, 3), "bottom_left": squaresOf(0, 0, 3, 3)}; fmt.Sprint(coasters) != fmt.Sprint(want) {
		t.Errorf("coasters %v, want %v", coasters, want)
	}
	if m := mark(b, "portal"); !slices.Equal(m, []string{"b5", "e5", "e2", "b2"}) {
		t.Errorf("portals %v, want b5 e5 e2 b2", m)
	}
	if m := mark(b, "dot"); !slices.Equal(m, []string{"a6", "f6", "f1", "a1"}) {
		t.Errorf("dots %v, want a6 f6 f1 a1", m)
	}
}

// checkOptionBoards checks the two four-player option boards: options, seats in turn order and
// their teams in team play, and the board check describes.
func checkOptionBoards(t *testing.T, d *engine.Description, check func(t *testing.T, b *engine.Board)) {
	t.Helper()
	if len(d.OptionBoards) != 2 {
		t.Fatalf("%d option boards, want players=4 without and with teams", len(d.OptionBoards))
	}
	for i, teams := range []bool{false, true} {
		ob := d.OptionBoards[i]
		if ob.Options["players"].Int != 4 || ob.Options["teams"].Bool != teams {
			t.Errorf("option board %d: options %v, want players 4, teams %v", i, ob.Options, teams)
		}
		var names, teamNames []string
		for _, s := range ob.Players {
			names, teamNames = append(names, s.Name), append(teamNames, s.Team)
		}
		want := []string{"", "", "", ""}
		if teams {
			want = []string{"south_west_north_east", "north_west_south_east", "south_west_north_east", "north_west_south_east"}
		}
		if !slices.Equal(names, fourSeats) || !slices.Equal(teamNames, want) {
			t.Errorf("option board %d: seats %v in teams %v", i, names, teamNames)
		}
		check(t, ob.Board)
	}
}

// The boards the descriptions draw: zones cut by canals, or coasters whose arrows the pieces follow.
func TestDescribedBoards(t *testing.T) {
	d := lookup(t, "martian_chess").Describe()
	b := d.Board
	if d.MinPlayers != 2 || d.MaxPlayers != 4 || b.Files != 4 || b.Ranks != 8 || len(b.Squares) != 32 || len(b.Connections) != 0 {
		t.Errorf("martian_chess: %d-%d players, %dx%d board, %d squares, %d connections", d.MinPlayers, d.MaxPlayers, b.Files, b.Ranks, len(b.Squares), len(b.Connections))
	}
	if got := zones(b); fmt.Sprint(got) != fmt.Sprint(map[string]string{"south": squaresOf(0, 0, 4, 4), "north": squaresOf(0, 4, 4, 4)}) {
		t.Errorf("zones %v", got)
	}
	if got := sorted(mark(b, "canal")); got != squaresOf(0, 3, 4, 2) {
		t.Errorf("canal mark %s", got)
	}
	var kinds []string
	for _, p := range d.Pieces {
		kinds = append(kinds, fmt.Sprintf("%s:%s:%d", p.Kind, p.Letter, p.Value))
	}
	if got := strings.Join(kinds, " "); got != "pawn:p:1 drone:d:2 queen:q:3" {
		t.Errorf("pieces %s", got)
	}
	checkOptionBoards(t, d, func(t *testing.T, b *engine.Board) {
		if b.Files != 8 || b.Ranks != 8 || len(b.Squares) != 64 {
			t.Errorf("four-player board %dx%d, %d squares; want 8x8", b.Files, b.Ranks, len(b.Squares))
		}
		want := map[string]string{"south_west": squaresOf(0, 0, 4, 4), "north_west": squaresOf(0, 4, 4, 4),
			"north_east": squaresOf(4, 4, 4, 4), "south_east": squaresOf(4, 0, 4, 4)}
		if got := zones(b); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("four-player zones %v", got)
		}
		// The squares beside the two canals: ranks 4 and 5, files d and e.
		canal := strings.Fields(squaresOf(0, 3, 8, 2) + " " + squaresOf(3, 0, 2, 8))
		slices.Sort(canal)
		if got := sorted(mark(b, "canal")); got != strings.Join(slices.Compact(canal), " ") || len(mark(b, "canal")) != 28 {
			t.Errorf("four-player canal mark %s", got)
		}
	})

	d = lookup(t, "coaster_chess").Describe()
	checkCoasterBoard(t, d.Board)
	if got := zones(d.Board); fmt.Sprint(got) != fmt.Sprint(map[string]string{"south": squaresOf(0, 0, 6, 3), "north": squaresOf(0, 3, 6, 3)}) {
		t.Errorf("coaster zones %v", got)
	}
	checkOptionBoards(t, d, func(t *testing.T, b *engine.Board) {
		checkCoasterBoard(t, b)
		// Four players: each zone is a coaster.
		want := map[string]string{"south_west": squaresOf(0, 0, 3, 3), "north_west": squaresOf(0, 3, 3, 3),
			"north_east": squaresOf(3, 3, 3, 3), "south_east": squaresOf(3, 0, 3, 3)}
		if got := zones(b); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("four-player coaster zones %v", got)
		}
	})
}

// Each start in its text, with its seats, nothing scored or held, and every move offered once
// plain and once calling the clock.
func TestStarts(t *testing.T) {
	four := func(teams bool) engine.Options {
		return engine.Options{"players": {Kind: engine.OptionInt, Int: 4}, "teams": {Kind: engine.OptionBool, Bool: teams}}
	}
	two := []string{"south", "north"}
	for _, c := range []struct {
		variant string
		opts    engine.Options
		text    string
		seats   []string
	}{
		{"martian_chess", nil, "qqd1/qdp1/dpp1/4/4/1ppd/1pdq/1dqq s -,- - - 1", two},
		{"martian_chess", four(false), "qqd2dqq/qdp2pdq/dpp2ppd/8/8/dpp2ppd/qdp2pdq/qqd2dqq sw -,-,-,- - - 1", fourSeats},
		{"martian_chess", four(true), "qqd2dqq/qdp2pdq/dpp2ppd/8/8/dpp2ppd/qdp2pdq/qqd2dqq sw -,-,-,- - - 1 teams", fourSeats},
		{"coaster_chess", nil, "q3dq/5p/6/6/p5/qd3q s -,- - - 1", two},
		{"coaster_chess", four(false), "qp2dq/d4p/6/6/p4d/qd2pq sw -,-,-,- - - 1", fourSeats},
		{"coaster_chess", four(true), "qp2dq/d4p/6/6/p4d/qd2pq sw -,-,-,- - - 1 teams", fourSeats},
	} {
		p, err := lookup(t, c.variant).Start(c.opts)
		if err != nil {
			t.Fatalf("%s %v: %v", c.variant, c.opts, err)
		}
		var seats []string
		for _, s := range engine.Seats(p) {
			seats = append(seats, s.Name)
		}
		if p.String() != c.text || p.ToMove() != 0 || p.Phase() != engine.PhaseAction || !slices.Equal(seats, c.seats) {
			t.Errorf("%s %v: start %q, seats %v, %d to move in %v; want %q", c.variant, c.opts, p.String(), seats, p.ToMove(), p.Phase(), c.text)
		}
		for _, pl := range p.Setup().Players {
			if pl.Score != 0 || len(pl.Held) != 0 {
				t.Errorf("%s: %s starts with %d points, %v held", c.text, pl.Name, pl.Score, pl.Held)
			}
		}
		plain, clock := 0, 0
		for _, m := range p.Moves(nil) {
			a := p.Action(m)
			if strings.HasSuffix(p.Notation(m), "+clock") {
				clock++
				if a.Name != "call_clock" || a.Kind != engine.ActionVariant {
					t.Errorf("%s: %s is %s/%v, want call_clock", c.text, p.Notation(m), a.Name, a.Kind)
				}
			} else {
				plain++
			}
		}
		if plain == 0 || plain != clock {
			t.Errorf("%s: %d moves, %d calling the clock; want each move twice", c.text, plain, clock)
		}
	}
	// By the exits table: the drone b1 (N S W) reaches the portal b2 (N E W) and from there b3
	// and c2; the pawn a2 (N E S) reaches a3 and b2; the queen f1 (N S W) runs f2, e1, then e2
	// and d1, then e3, d2 and c1; the queen a1 is shut in by its drone and pawn.
	want := "a2a3 a2b2 b1b2 b1b3 b1c2 f1c1 f1d1 f1d2 f1e1 f1e2 f1e3 f1f2"
	if got := strings.Join(moves(parse(t, "coaster_chess", "q3dq/5p/6/6/p5/qd3q s -,- - - 1")), " "); got != want {
		t.Errorf("coaster start: %s, want %s", got, want)
	}
}

// A capture across the canal: the pawn goes to south's pile and scores a pip, and the queen that
// crossed belongs to north, who may not send it straight back; a move later it may, and crossing
// back hands it to south.
func TestCaptureAcrossTheCanal(t *testing.T) {
	before := parse(t, "martian_chess", "q3/4/4/1p2/4/p1d1/1q2/4 s -,- - - 1")
	m, err := before.ParseMove("b2b5")
	if err != nil {
		t.Fatal(err)
	}
	if a := before.Action(m); a.Player != "south" || a.Piece != "queen" || a.Captured != "pawn" || a.Promotion != "" {
		t.Errorf("b2b5 is described as %+v", a)
	}
	p, ev := before.Play(m)
	if got, want := events(ev), "capture:south:b5:pawn:0 points:south:b5:pawn:1 handed_over:north:b5:queen:0"; got != want {
		t.Errorf("b2b5 events %s, want %s", got, want)
	}
	if p.String() != "q3/4/4/1q2/4/p1d1/4/4 n p,- - b2b5 1" || p.Setup().State["last_move"].String != "b2b5" {
		t.Errorf("after b2b5: %q, last move %q", p.String(), p.Setup().State["last_move"].String)
	}
	if players(p) != "south:1:pawn north:0:" || pieces(p) != "a3:pawn:south a8:queen:north b5:queen:north c3:drone:south" {
		t.Errorf("after b2b5: players %s, pieces %s", players(p), pieces(p))
	}
	if p.Outcome().Finished || standings(p) != "south:0:1 north:0:0" {
		t.Errorf("after b2b5: outcome %+v", p.Outcome())
	}
	// The way back to b2 is barred, with and without the clock; b1, past b2, is not.
	for _, a := range []string{"b5b2", "b5b2+clock"} {
		var ie *engine.IllegalError
		if _, err := p.ParseMove(a); !errors.As(err, &ie) || !strings.Contains(ie.Reason, "b2") || !strings.Contains(ie.Reason, "b5") {
			t.Errorf("%s: %v, want it barred naming b5 and b2", a, err)
		}
	}
	if l := moves(p); !slices.Contains(l, "b5b1") || !slices.Contains(l, "b5b3") {
		t.Errorf("after b2b5: %v", l)
	}
	p, ev = play(t, p, "a8a7", "c3c2", "b5b2")
	if got := events(ev); got != "handed_over:south:b2:queen:0" {
		t.Errorf("b5b2 events %s, want the queen handed over to south", got)
	}
	if p.String() != "4/q3/4/4/4/p3/1qd1/4 s p,- - b5b2 3" {
		t.Errorf("after b5b2: %q", p.String())
	}
}

// A field promotion reports the piece made, and scores nothing.
func TestFieldPromotionEvents(t *testing.T) {
	for _, c := range []struct{ before, action, promotion, after string }{
		{"q3/4/4/4/4/p3/4/d3 s -,- - - 1", "a1a3", "queen", "q3/4/4/4/4/q3/4/4 n -,- - - 1"},
		{"q3/4/4/4/4/4/1p2/p3 s -,- - - 1", "a1b2", "drone", "q3/4/4/4/4/4/1d2/4 n -,- - - 1"},
		{"q3/4/4/4/4/1d2/p3/4 s -,- - - 1", "a2b3", "queen", "q3/4/4/4/4/1q2/4/4 n -,- - - 1"},
	} {
		p := parse(t, "martian_chess", c.before)
		m, err := p.ParseMove(c.action)
		if err != nil {
			t.Fatalf("%s in %s: %v", c.action, c.before, err)
		}
		if a := p.Action(m); a.Promotion != c.promotion || a.Captured != "" {
			t.Errorf("%s is described as %+v", c.action, a)
		}
		q, ev := p.Play(m)
		if got, want := events(ev), "promotion:south:"+c.action[2:]+":"+c.promotion+":0"; got != want || q.String() != c.after || players(q) != "south:0: north:0:" {
			t.Errorf("%s in %s: events %s, %q, players %s; want %s, %q", c.action, c.before, got, q.String(), players(q), want, c.after)
		}
	}
}

// Calling the clock is an action of its own kind that reports the call and starts the count;
// when the count ends the game, the higher score wins.
func TestClockCall(t *testing.T) {
	p := parse(t, "martian_chess", "q3/4/4/4/4/4/1p2/4 s -,- - - 1")
	m, err := p.ParseMove("b2c3+clock")
	if err != nil {
		t.Fatal(err)
	}
	if a := p.Action(m); a.Name != "call_clock" || a.Kind != engine.ActionVariant || a.From != "b2" || a.To != "c3" {
		t.Errorf("b2c3+clock is described as %+v", a)
	}
	q, ev := p.Play(m)
	if events(ev) != "clock_called:south:::0" || counter(q, "clock") != 1 || q.String() != "q3/4/4/4/4/2p1/4/4 n -,- 1 - 1" {
		t.Errorf("after the call: events %s, clock %d, %q", events(ev), counter(q, "clock"), q.String())
	}
	// Six moves without a capture so far: the seventh ends the game, and south's queen in the
	// pile wins it.
	q, ev = play(t, parse(t, "martian_chess", "q3/4/4/4/4/4/1p2/4 s q,- 6 - 9"), "b2a3")
	if o := q.Outcome(); !o.Finished || o.Reason != "clock" || winners(q) != "south" || standings(q) != "south:1:3 north:2:0" || events(ev) != "game_over::::0" {
		t.Errorf("the clock's end: %+v, standings %s, events %s", o, standings(q), events(ev))
	}
	if len(q.Moves(nil)) != 0 {
		t.Errorf("the finished game offers %v", moves(q))
	}
}

// The game ends when a zone is empty: the highest score wins, and a tie goes to the player who
// moved last if he is among the leaders; a finished game takes no more actions.
func TestZoneEmpty(t *testing.T) {
	for _, c := range []struct{ before, action, winners, standings string }{
		// South's last piece captures into north's zone: 1-1, south moved last and wins.
		{"4/4/4/1p2/4/4/1q2/4 s -,p - - 1", "b2b5", "south", "south:1:1 north:2:1"},
		// North leads 3-1: the last move does not matter.
		{"4/4/4/1p2/4/4/1q2/4 s -,q - - 1", "b2b5", "north", "south:2:1 north:1:3"},
		// North's last piece leaves: north's zone is empty, south wins 2-0.
		{"4/4/4/1q2/4/4/4/d3 n d,- - - 7", "b5b4", "south", "south:1:2 north:2:0"},
	} {
		p, ev := play(t, parse(t, "martian_chess", c.before), c.action)
		if o := p.Outcome(); !o.Finished || o.Reason != "zone_empty" || winners(p) != c.winners || standings(p) != c.standings ||
			p.Phase() != engine.PhaseFinished || !strings.HasSuffix(events(ev), "game_over::::0") {
			t.Errorf("%s in %s: %+v, standings %s, events %s; want %s winning, %s", c.action, c.before, o, standings(p), events(ev), c.winners, c.standings)
		}
		if _, err := p.ParseMove("pass"); !errors.Is(err, engine.ErrGameOver) {
			t.Errorf("an action on the finished game: %v", err)
		}
	}
}

// Four players: partners add their points and share a place; without teams each plays for
// himself. Turn order is south_west, north_west, north_east, south_east, and partners may capture
// from each other's zones.
func TestFourPlayers(t *testing.T) {
	// South_west's queen takes north_west's pawn (1 point) and leaves its zone empty; north_east
	// already has 2 points.
	const board = "7p/8/8/p7/8/8/8/q6p sw -,-,d,- - - 1"
	p, _ := play(t, parse(t, "martian_chess", board+" teams"), "a1a5")
	o := p.Outcome()
	if winners(p) != "south_west north_east" || o.Reason != "zone_empty" ||
		teams(p) != "south_west_north_east[south_west,north_east]:1:3 north_west_south_east[north_west,south_east]:2:0" {
		t.Errorf("teams: winners %s (%s), teams %s", winners(p), o.Reason, teams(p))
	}
	if s := standings(p); !strings.HasPrefix(s, "south_west:1:1 north_west:") || !strings.Contains(s, "north_east:1:2") {
		t.Errorf("team standings %s", s)
	}
	p, _ = play(t, parse(t, "martian_chess", board), "a1a5")
	if winners(p) != "north_east" || len(p.Outcome().Teams) != 0 || standings(p) != "south_west:2:1 north_west:3:0 north_east:1:2 south_east:3:0" {
		t.Errorf("no teams: winners %s, standings %s, teams %v", winners(p), standings(p), p.Outcome().Teams)
	}

	// One round and the first action of the next; four players keep no last move.
	p = parse(t, "martian_chess", "qqd2dqq/qdp2pdq/dpp2ppd/8/8/dpp2ppd/qdp2pdq/qqd2dqq sw -,-,-,- - - 1")
	var movers []string
	var ev []engine.Event
	for _, a := range []string{"c3d4", "c6d5", "f6e5", "f3e4", "d4e5"} {
		m, err := p.ParseMove(a)
		if err != nil {
			t.Fatalf("%s in %s: %v", a, p, err)
		}
		movers = append(movers, p.Action(m).Player)
		p, ev = p.Play(m)
	}
	if strings.Join(movers, " ") != strings.Join(append(slices.Clone(fourSeats), "south_west"), " ") {
		t.Errorf("movers %v", movers)
	}
	if !strings.HasSuffix(p.String(), " nw p,-,-,- - - 2") || p.Setup().State["last_move"].String != "" {
		t.Errorf("after a round: %q, last move %q", p.String(), p.Setup().State["last_move"].String)
	}
	if got := events(ev); got != "capture:south_west:e5:pawn:0 points:south_west:e5:pawn:1 handed_over:north_east:e5:pawn:0" {
		t.Errorf("d4e5 events %s", got)
	}
	// Partners may capture from each other's zones: south_west takes north_east's pawn.
	p, _ = play(t, parse(t, "martian_chess", "p6p/8/8/4p3/3q4/8/8/p6p sw -,-,-,- - - 1 teams"), "d4e5")
	if players(p) != "south_west:1:pawn north_west:0: north_east:0: south_east:0:" {
		t.Errorf("capture from a partner: %s", players(p))
	}
	// The seat tokens of four players are sw nw ne se.
	if _, err := lookup(t, "martian_chess").Parse("7p/8/8/4p3/3q4/8/8/p6p s -,-,-,- - - 1"); err == nil || !strings.Contains(err.Error(), "to_move") {
		t.Errorf("a two-player seat token with four piles: %v", err)
	}
}

// In team play the teams and their totals are reported while the game goes on, not only at its
// end: a client shows each player's team and the sides' scores from the first move. Without team
// play there are none.
func TestTeamTotalsDuringTheGame(t *testing.T) {
	for _, c := range []struct{ variant, board string }{
		// Piles: south_west 1, north_west 0, north_east 3, south_east 3.
		{"martian_chess", "7p/8/8/p7/8/8/8/q6p sw p,-,dp,q - - 1"},
		{"coaster_chess", "qp2dq/d4p/6/6/p4d/qd2pq sw p,-,dp,q - - 1"},
	} {
		p := parse(t, c.variant, c.board+" teams")
		if o := p.Outcome(); o.Finished || o.Ranking != nil ||
			teams(p) != "south_west_north_east[south_west,north_east]:0:4 north_west_south_east[north_west,south_east]:0:3" {
			t.Errorf("%s in teams, during the game: finished %v, ranking %v, teams %s", c.variant, o.Finished, o.Ranking, teams(p))
		}
		if standings(p) != "south_west:0:1 north_west:0:0 north_east:0:3 south_east:0:3" {
			t.Errorf("%s in teams, during the game: standings %s", c.variant, standings(p))
		}
		if p := parse(t, c.variant, c.board); teams(p) != "" {
			t.Errorf("%s without teams: teams %s", c.variant, teams(p))
		}
	}
	// The start of the four-player team game already names both teams, at 0.
	p, err := lookup(t, "martian_chess").Start(engine.Options{"players": {Kind: engine.OptionInt, Int: 4}, "teams": {Kind: engine.OptionBool, Bool: true}})
	if err != nil || teams(p) != "south_west_north_east[south_west,north_east]:0:0 north_west_south_east[north_west,south_east]:0:0" {
		t.Errorf("team start: %v, teams %s", err, teams(p))
	}
}

// Team play with two players contradicts itself and is refused, naming teams and players, at the
// start, in a position text and in a record's Options tag; the defaults given explicitly are not.
func TestOptionConflicts(t *testing.T) {
	num := func(n int64) engine.OptionValue { return engine.OptionValue{Kind: engine.OptionInt, Int: n} }
	flag := func(b bool) engine.OptionValue { return engine.OptionValue{Kind: engine.OptionBool, Bool: b} }
	for _, name := range []string{"martian_chess", "coaster_chess"} {
		v := lookup(t, name)
		for _, c := range []struct {
			opts       engine.Options
			name, says string // the option refused and words of the reason; none when accepted
		}{
			{opts: engine.Options{"teams": flag(true)}, name: "teams", says: "needs four players (players 4), not 2"},
			{opts: engine.Options{"players": num(2), "teams": flag(true)}, name: "teams", says: "needs four players (players 4), not 2"},
			{opts: engine.Options{"players": num(3)}, name: "players", says: "want 2 or 4"},
			{opts: engine.Options{"players": num(3), "teams": flag(true)}, name: "players", says: "want 2 or 4"},
			{opts: engine.Options{"players": num(2), "teams": flag(false)}},
			{opts: engine.Options{"players": num(4), "teams": flag(false)}},
		} {
			_, err := v.Start(c.opts)
			var oe *engine.OptionError
			switch {
			case c.name == "" && err != nil:
				t.Errorf("%s with %v: %v", name, c.opts, err)
			case c.name != "" && (!errors.As(err, &oe) || oe.Name != c.name || !strings.Contains(oe.Reason, c.says)):
				t.Errorf("%s with %v: %v; want option %s refused saying %q", name, c.opts, err, c.name, c.says)
			}
		}
		if _, err := record.Read("[Variant \""+name+"\"]\n[Options \"teams\"]\n\n*\n", 10); err == nil || !strings.Contains(err.Error(), "four players") {
			t.Errorf("%s record with Options \"teams\": %v", name, err)
		}
	}
}

// Coaster Chess crosses and captures as Martian Chess: the pawn on c3 (exits N S W) steps north
// into north's half onto north's pawn, and c4 (N E W) has no way back.
func TestCoasterCrossing(t *testing.T) {
	p, ev := play(t, parse(t, "coaster_chess", "q5/6/2p3/2p3/6/q5 s -,- - - 1"), "c3c4")
	if got := events(ev); got != "capture:south:c4:pawn:0 points:south:c4:pawn:1 handed_over:north:c4:pawn:0" {
		t.Errorf("c3c4 events %s", got)
	}
	if p.String() != "q5/6/2p3/6/6/q5 n p,- - c3c4 1" {
		t.Errorf("after c3c4: %q", p.String())
	}
	var ie *engine.IllegalError
	if _, err := p.ParseMove("c4c3"); !errors.As(err, &ie) || !strings.Contains(ie.Reason, "c4") || !strings.Contains(ie.Reason, "c3") {
		t.Errorf("c4c3: %v, want it refused naming c4 and c3", err)
	}
}

// Malformed actions and positions are refused naming what is wrong, and team play needs four
// players.
func TestMalformed(t *testing.T) {
	start := parse(t, "martian_chess", "qqd1/qdp1/dpp1/4/4/1ppd/1pdq/1dqq s -,- - - 1")
	// Half a move, a square off the board, an unknown suffix: the reason shows a whole move.
	for _, action := range []string{"b2", "b2e3", "b3a4+call"} {
		var se *engine.SyntaxError
		if _, err := start.ParseMove(action); !errors.As(err, &se) || !strings.Contains(se.Reason, "b2c3") {
			t.Errorf("%s: %v, want a syntax error showing a move such as b2c3", action, err)
		}
	}
	for _, c := range []struct{ variant, text, says string }{
		{"martian_chess", "q3/4/4/4/4/4/1p2/4 s -,- 9 - 1", "clock"},
		{"martian_chess", "q3/4/4/4/4/4/1p2/4 x -,- - - 1", "to_move"},
		{"martian_chess", "q3/4/4/4/4/4/1p2/4 s -,-,- - - 1", "piles"},
		{"martian_chess", "q3/4/4/4/4/4/1p2/4 s k,- - - 1", "piles"},
		// A last move that crossed no canal.
		{"martian_chess", "q3/4/4/4/4/4/1p2/4 s -,- - b2c3 1", "last_move"},
		{"martian_chess", "q3/4/4/4/4/1p2 s -,- - - 1", "board"},
		{"martian_chess", "q3/4/4/4/4/4/1p2/4 s -,- - - 0", "move_number"},
		{"coaster_chess", "q3d/5p/6/6/p5/qd3q s -,- - - 1", "board"},
	} {
		if _, err := lookup(t, c.variant).Parse(c.text); err == nil || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%s %q: %v, want an error saying %q", c.variant, c.text, err, c.says)
		}
	}
	var oe *engine.OptionError
	if _, err := lookup(t, "martian_chess").Parse("q3/4/4/4/4/4/1p2/4 s -,- - - 1 teams"); !errors.As(err, &oe) || oe.Name != "teams" || !strings.Contains(oe.Reason, "four players") {
		t.Errorf("teams with two players: %v", err)
	}
	// A player's piece stands in his own zone: north's pawn on b2 is refused.
	_, err := lookup(t, "martian_chess").FromSetup(&engine.Setup{Variant: "martian_chess", ToMove: "south",
		Pieces: []engine.PieceSetup{{Square: "b2", Kind: "pawn", Player: "north"}, {Square: "a8", Kind: "queen"}}})
	if err == nil || !strings.Contains(err.Error(), "pieces[0].player") {
		t.Errorf("north's pawn in south's zone: %v", err)
	}
}

// At the clock's end a tie is a draw, with first place shared: four players, two level on 13
// (north_west and south_east), no winners; the others follow by their points.
func TestClockTieIsADraw(t *testing.T) {
	v, _ := engine.Lookup("martian_chess")
	p, err := v.Parse("2dq4/7d/2q5/7p/2q5/1dppq3/8/q2q1pq1 se qdddp,qqdddp,qpp,qqddppp 7 - 40")
	if err != nil {
		t.Fatal(err)
	}
	o := p.Outcome()
	if !o.Finished || o.Reason != "clock" || !slices.Equal(o.Scores, []int{10, 13, 5, 13}) || len(o.Winners) != 0 || !slices.Equal(o.Ranking, []int{3, 1, 4, 1}) {
		t.Errorf("a tie for first at the clock: %+v, want a draw with places 3 1 4 1", o)
	}
	u := make([]float64, 4)
	if !p.Utility(u) || u[1] != u[3] || u[1] <= u[0] || u[0] <= u[2] {
		t.Errorf("utilities %v, want the two level leaders equal and above the others", u)
	}
}
