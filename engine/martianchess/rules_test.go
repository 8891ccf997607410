package martianchess

import (
	"math"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
)

func parse(t *testing.T, v engine.Variant, text string) *Position {
	t.Helper()
	p, err := v.Parse(text)
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	if p.String() != text {
		t.Fatalf("%s reads back as %s", text, p.String())
	}
	return p.(*Position)
}

// moves lists the legal actions of p, sorted, without the clock-calling twins.
func moves(p *Position) []string {
	var out []string
	for _, m := range p.Moves(nil) {
		if m&clockFlag == 0 {
			out = append(out, p.Notation(m))
		}
	}
	sort.Strings(out)
	return out
}

// from lists the targets of the piece on sq (every square name of these boards has two characters).
func from(p *Position, sq string) []string {
	var out []string
	for _, m := range moves(p) {
		if m[:2] == sq {
			out = append(out, m[2:])
		}
	}
	sort.Strings(out)
	return out
}

func play(t *testing.T, p *Position, text string) *Position {
	t.Helper()
	m, err := p.ParseMove(text)
	if err != nil {
		t.Fatalf("%s in %s: %v", text, p, err)
	}
	next, _ := p.Play(m)
	return next.(*Position)
}

func illegal(t *testing.T, p *Position, text, reason string) {
	t.Helper()
	_, err := p.ParseMove(text)
	ie, ok := err.(*engine.IllegalError)
	if !ok {
		t.Fatalf("%s in %s: %v, want an illegal action", text, p, err)
	}
	if !strings.Contains(ie.Reason, reason) {
		t.Errorf("%s in %s: reason %q, want it to say %q", text, p, ie.Reason, reason)
	}
}

func mustMove(t *testing.T, p *Position, text string) engine.Move {
	t.Helper()
	m, err := p.ParseMove(text)
	if err != nil {
		t.Fatalf("%s in %s: %v", text, p, err)
	}
	return m
}

func mustSquare(t *testing.T, p *Position, name string) int {
	t.Helper()
	sq, ok := p.parseSquare(name)
	if !ok {
		t.Fatalf("no square %s", name)
	}
	return sq
}

func same(t *testing.T, what string, got []string, want string) {
	t.Helper()
	w := strings.Fields(want)
	sort.Strings(w)
	if !slices.Equal(got, w) {
		t.Errorf("%s: %v, want %v", what, got, w)
	}
}

// Pawns step one square diagonally, drones slide one or two squares orthogonally, queens slide
// any distance; nothing jumps; a piece may end on a piece of another zone (a capture) but not on
// its own zone's pieces, except to merge.
func TestMovement(t *testing.T) {
	// South: queen b2, drone c3, pawn a3; north: pawn b5. The queen is stopped by its own drone
	// on c3 and pawn on a3 and captures b5; the drone may not merge with a3 while south has a
	// queen; the pawn's other diagonal holds the queen.
	p := parse(t, MartianChessVariant, "4/4/4/1p2/4/p1d1/1q2/4 s -,- - - 1")
	same(t, "queen b2", from(p, "b2"), "b1 b3 b4 b5 a2 c2 d2 a1 c1")
	same(t, "drone c3", from(p, "c3"), "c4 c5 c2 c1 b3 d3")
	same(t, "pawn a3", from(p, "a3"), "b4")
	same(t, "north's pawn", from(p, "b5"), "")
	illegal(t, p, "b2d4", "the queen cannot jump over c3")
	illegal(t, p, "c3a3", "merge into a queen only when south has no queen")
	illegal(t, p, "b5a4", "stands in the zone of north")
	illegal(t, p, "a3a4", "it steps one square diagonally")
	if n := len(p.Moves(nil)); n != 2*16 {
		t.Errorf("%d actions, want 16 moves each with and without +clock", n)
	}
}

// A capture puts the piece in the mover's pile and scores its pips; a piece crossing a canal
// changes hands; the game ends when a zone is empty, and the higher score wins.
func TestCaptureScoreAndEmptyZone(t *testing.T) {
	p := parse(t, MartianChessVariant, "4/4/4/1p2/4/4/1q2/4 s -,- - - 1")
	next, events := p.Play(mustMove(t, p, "b2b5"))
	q := next.(*Position)
	if q.String() != "4/4/4/1q2/4/4/4/4 n p,- - b2b5 1" {
		t.Errorf("after b2b5: %s", q)
	}
	o := q.Outcome()
	if !o.Finished || o.Reason != "zone_empty" || !slices.Equal(o.Winners, []int{0}) || !slices.Equal(o.Scores, []int{1, 0}) {
		t.Errorf("outcome %+v, want south's win by an empty zone, 1 to 0", o)
	}
	var names []string
	for _, e := range events {
		names = append(names, e.Name)
	}
	if strings.Join(names, " ") != "capture points handed_over game_over" {
		t.Errorf("events %v", names)
	}
	// The queen on b5 now stands in north's zone: north controls it.
	r := parse(t, MartianChessVariant, "4/4/4/1q2/4/4/p3/4 n p,- - - 1")
	same(t, "north moves the queen", from(r, "b5"), "b6 b7 b8 b4 b3 b2 b1 a5 c5 d5 c6 d7 a6 c4 d3 a4")
}

// Field promotion: a drone and a pawn merge into a queen when the player has none; two pawns
// into a drone when he has no drone; the mover needs a legal move onto the other piece.
func TestFieldPromotion(t *testing.T) {
	p := parse(t, MartianChessVariant, "4/4/4/3p/4/4/1d2/p3 s -,- - - 1")
	q := play(t, p, "a1b2")
	if q.kindAt(mustSquare(t, q, "b2")) != queen || q.String() != "4/4/4/3p/4/4/1q2/4 n -,- - - 1" {
		t.Errorf("a pawn onto a drone: %s", q)
	}
	p = parse(t, MartianChessVariant, "4/4/4/3p/4/4/1p2/p3 s -,- - - 1")
	if a := p.Action(mustMove(t, p, "a1b2")); a.Promotion != "drone" {
		t.Errorf("two pawns make %q, want drone", a.Promotion)
	}
	p = parse(t, MartianChessVariant, "4/4/4/3p/4/3d/1p2/p3 s -,- - - 1")
	illegal(t, p, "a1b2", "two pawns merge into a drone only when south has no drone")
	// The drone slides from d3 over the empty c3 onto the pawn on b3.
	p = parse(t, MartianChessVariant, "4/4/4/3p/4/1p1d/4/4 s -,- - - 1")
	if a := p.Action(mustMove(t, p, "d3b3")); a.Promotion != "queen" {
		t.Errorf("drone onto pawn makes %q, want queen", a.Promotion)
	}
}

// No rejection (two players): a piece that crossed a canal may not go straight back to the square
// it came from on the next move, by any path; the move after, it may.
func TestNoRejection(t *testing.T) {
	p := parse(t, MartianChessVariant, "3p/4/4/4/1d2/4/4/p3 s -,- - - 1")
	q := play(t, p, "b4b5")
	same(t, "the drone that crossed", from(q, "b5"), "b6 b7 b3 a5 c5 d5")
	illegal(t, q, "b5b4", "just crossed from b4 to b5 and may not go straight back")
	r := play(t, play(t, q, "d8c7"), "a1b2")
	if !slices.Contains(from(r, "b5"), "b4") {
		t.Errorf("%s: b5b4 is still barred a move later", r)
	}
	// Four players: no such rule.
	p = parse(t, MartianChessVariant, "p6p/8/8/8/3d4/8/8/p6p sw -,-,-,- - - 1")
	q = play(t, play(t, play(t, play(t, p, "d4e4"), "a8b7"), "h8g7"), "e4d4")
	if q.String() != "8/1p4p1/8/8/3d4/8/8/p6p sw -,-,-,- - - 2" {
		t.Errorf("four players: %s", q)
	}
}

// The clock: offered with every move until called; then seven moves in a row without a capture
// end the game, the calling move counting as the first and a capture restarting the count; a zone
// emptied on the seventh move ends the game by the zone rule; a tie at the clock's end is a draw.
func TestClock(t *testing.T) {
	p := parse(t, MartianChessVariant, "3p/4/4/4/4/4/1q2/4 s -,- - - 1")
	if got := play(t, p, "b2b3+clock").String(); got != "3p/4/4/4/4/1q2/4/4 n -,- 1 - 1" {
		t.Errorf("calling the clock: %s", got)
	}
	q := play(t, p, "b2b3+clock")
	illegal(t, q, "d8c7+clock", "the clock has been called already")
	for _, m := range q.Moves(nil) {
		if m&clockFlag != 0 {
			t.Fatalf("%s offered after the call", q.Notation(m))
		}
	}
	// Six moves counted: the seventh without a capture ends the game, 0 to 0: a draw.
	p = parse(t, MartianChessVariant, "3p/4/4/4/4/4/1q2/4 s -,- 6 - 9")
	end := play(t, p, "b2c3")
	if o := end.Outcome(); !o.Finished || o.Reason != "clock" || len(o.Winners) != 0 || !slices.Equal(o.Ranking, []int{1, 1}) {
		t.Errorf("clock end: %+v", o)
	}
	// A capture restarts the count, and a calling move that captures counts 0.
	p = parse(t, MartianChessVariant, "3p/4/4/1p2/4/4/1q2/p3 s -,- 6 - 9")
	if got := play(t, p, "b2b5").String(); got != "3p/4/4/1q2/4/4/4/p3 n p,- 0 b2b5 9" {
		t.Errorf("a capture on the clock: %s", got)
	}
	p = parse(t, MartianChessVariant, "3p/4/4/1p2/4/4/1q2/p3 s -,- - - 9")
	if got := play(t, p, "b2b5+clock").String(); got != "3p/4/4/1q2/4/4/4/p3 n p,- 0 b2b5 9" {
		t.Errorf("a calling capture: %s", got)
	}
	// The seventh move empties south's zone: the zone rule decides, and the tied last mover wins.
	p = parse(t, MartianChessVariant, "3p/4/4/4/4/4/1q2/4 s -,- 6 - 9")
	end = play(t, p, "b2b5")
	if o := end.Outcome(); o.Reason != "zone_empty" || !slices.Equal(o.Winners, []int{0}) {
		t.Errorf("zone emptied on the seventh move: %+v", o)
	}
}

// Ties: among the tied leaders the last mover wins if he is one of them, else they share; with
// teams partners add their points and the last mover's team wins a tie.
func TestTies(t *testing.T) {
	text := "7p/8/8/3p4/8/8/8/p6p nw p,-,-,p - - 1"
	p := parse(t, MartianChessVariant, text)
	o := play(t, p, "d5e4").Outcome()
	if o.Reason != "zone_empty" || !slices.Equal(o.Winners, []int{0, 3}) || !slices.Equal(o.Ranking, []int{1, 3, 3, 1}) {
		t.Errorf("four players, leaders south_west and south_east tied, north_west last: %+v", o)
	}
	var u [4]float64
	end := play(t, p, "d5e4")
	if !end.Utility(u[:]) || !slices.EqualFunc(u[:], []float64{2.0 / 3, -2.0 / 3, -2.0 / 3, 2.0 / 3}, func(a, b float64) bool { return math.Abs(a-b) < 1e-9 }) {
		t.Errorf("utility %v", u)
	}
	p = parse(t, MartianChessVariant, text+" teams")
	o = play(t, p, "d5e4").Outcome()
	if !slices.Equal(o.Winners, []int{1, 3}) || len(o.Teams) != 2 || o.Teams[1].Place != 1 || o.Teams[0].Place != 2 || o.Teams[0].Score != 1 || o.Teams[1].Score != 1 {
		t.Errorf("teams tied 1 to 1, north_west last: %+v", o)
	}
	// Two players level: the last mover, who emptied his own zone, wins.
	p = parse(t, MartianChessVariant, "3p/4/4/4/1p2/4/4/4 s p,p - - 1")
	if o := play(t, p, "b4c5").Outcome(); !slices.Equal(o.Winners, []int{0}) {
		t.Errorf("two players tied, south last: %+v", o)
	}
}

// Pass is the action of a player with no move and is refused while a move exists. No position
// of these boards seems to leave a player without a move (a piece next to another zone can always
// step or capture there), so pass is checked only as a refusal here.
func TestPassRefused(t *testing.T) {
	p := parse(t, MartianChessVariant, "3p/4/4/4/4/4/1q2/4 s -,- - - 1")
	illegal(t, p, "pass", "south has a move")
}

// Coaster moves follow the arrows of coasters.md: up to one, two or three steps, turning allowed,
// no space twice, every passed space empty; different paths to one square are one action.
func TestCoasterMoves(t *testing.T) {
	// A queen on a1 of the start board: a1 (N E) leads to a2 and b1; a2 (N E S) to a3 and b2;
	// b1 (N S W) to b2; a3 (N S W) to a4; b2 (N E W) to b3, c2 and a2. Three steps: a2 a3 a4 b1
	// b2 b3 c2, b2 once although two paths reach it.
	p := parse(t, CoasterChessVariant, "5p/6/6/6/6/q5 s -,- - - 1")
	same(t, "queen a1", from(p, "a1"), "a2 a3 a4 b1 b2 b3 c2")
	// With its own drone on a2 the queen must go round by b1 and b2; a2 itself is refused (no merge).
	p = parse(t, CoasterChessVariant, "5p/6/6/6/d5/q5 s -,- - - 1")
	same(t, "queen a1 past a2", from(p, "a1"), "b1 b2 b3 c2")
	illegal(t, p, "a1a3", "the queen cannot jump over a2")
	// One-way arrows: c1 (N E S) has no exit west, b1 (N S W) none east.
	p = parse(t, CoasterChessVariant, "5p/6/6/6/6/1pd3 s -,- - - 1")
	illegal(t, p, "b1c1", "cannot reach c1 along the arrows in one step")
	// Field promotion needs a path: the drone on c1 goes north to c2, and c2 on to b2, d2, c3 or
	// d1; b1 would take a third step.
	illegal(t, p, "c1b1", "cannot reach b1 along the arrows in up to two steps")
	// A path may leave the zone and come back: with c2 taken by its own drone, the queen on c3
	// reaches d3 only by c4 and d4, in north's half (c3 N to c4, c4 E to d4, d4 S to d3).
	p = parse(t, CoasterChessVariant, "5p/6/6/2q3/2d3/6 s -,- - - 1")
	if !slices.Contains(from(p, "c3"), "d3") {
		t.Errorf("%s: the queen does not reach d3 through north's half: %v", p, from(p, "c3"))
	}
	p = parse(t, CoasterChessVariant, "5p/6/2p3/2q3/2d3/6 s -,- - - 1")
	if slices.Contains(from(p, "c3"), "d3") {
		t.Errorf("%s: the queen reaches d3 past the pawn on c4", p)
	}
}

// The set-ups of the rules files, square by square.
func TestSetups(t *testing.T) {
	four := engine.Options{optPlayers: {Kind: engine.OptionInt, Int: 4}}
	for _, c := range []struct {
		v    engine.Variant
		opts engine.Options
		want string
	}{
		{MartianChessVariant, nil, "a8 queen north, b8 queen north, c8 drone north, a7 queen north, b7 drone north, c7 pawn north, " +
			"a6 drone north, b6 pawn north, c6 pawn north, d1 queen south, c1 queen south, b1 drone south, d2 queen south, " +
			"c2 drone south, b2 pawn south, d3 drone south, c3 pawn south, b3 pawn south"},
		{MartianChessVariant, four, "a1 queen south_west, a2 queen south_west, b1 queen south_west, a3 drone south_west, " +
			"b2 drone south_west, c1 drone south_west, b3 pawn south_west, c2 pawn south_west, c3 pawn south_west, " +
			"h1 queen south_east, h2 queen south_east, g1 queen south_east, h3 drone south_east, g2 drone south_east, " +
			"f1 drone south_east, g3 pawn south_east, f2 pawn south_east, f3 pawn south_east, " +
			"a8 queen north_west, a7 queen north_west, b8 queen north_west, a6 drone north_west, b7 drone north_west, " +
			"c8 drone north_west, b6 pawn north_west, c7 pawn north_west, c6 pawn north_west, " +
			"h8 queen north_east, h7 queen north_east, g8 queen north_east, h6 drone north_east, g7 drone north_east, " +
			"f8 drone north_east, g6 pawn north_east, f7 pawn north_east, f6 pawn north_east"},
		{CoasterChessVariant, four, "a1 queen south_west, b1 drone south_west, a2 pawn south_west, a6 queen north_west, " +
			"a5 drone north_west, b6 pawn north_west, f6 queen north_east, e6 drone north_east, f5 pawn north_east, " +
			"f1 queen south_east, f2 drone south_east, e1 pawn south_east"},
		{CoasterChessVariant, nil, "a1 queen south, b1 drone south, a2 pawn south, f1 queen south, a6 queen north, " +
			"f6 queen north, e6 drone north, f5 pawn north"},
	} {
		p, err := c.v.Start(c.opts)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, pc := range p.Setup().Pieces {
			got = append(got, pc.Square+" "+pc.Kind+" "+pc.Player)
		}
		want := strings.Split(c.want, ", ")
		sort.Strings(got)
		sort.Strings(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s %v: set-up\n%v\nwant\n%v", c.v.Describe().Name, c.opts, got, want)
		}
	}
}
