package martianchess

import (
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/enginetest"
)

// specials are positions where random play soon meets what the starts reach late: own zones
// without a queen or a drone (field promotions), a piece that just crossed a canal, a clock
// about to run out, nearly empty zones.
var specials = []struct {
	v    engine.Variant
	text string
}{
	{MartianChessVariant, "1pp1/p2p/4/4/4/4/p1p1/1d1p s -,- - - 1"},
	{MartianChessVariant, "3p/4/4/1d2/4/p3/4/p1p1 n -,- - b4b5 3"},
	{MartianChessVariant, "qd2/pp2/4/4/4/4/2pp/2dq s dp,qq 5 - 12"},
	{MartianChessVariant, "p6p/1p4d1/8/8/8/8/1d4p1/p6p sw -,-,-,- - - 1"},
	{MartianChessVariant, "p6p/1p4d1/8/8/8/8/1d4p1/p6p ne q,-,d,- 3 - 4 teams"},
	{CoasterChessVariant, "5p/6/2p3/2q3/2d3/pp4 s -,- - - 1"},
	{CoasterChessVariant, "p4p/1p2p1/6/6/1p2p1/p4p sw -,-,-,- - - 1"},
	{CoasterChessVariant, "p4p/1p2p1/6/6/1p2p1/p4p se -,-,-,- - - 1 teams"},
}

// TestRandomGamesRoundTrip plays seeded random games from every start and the special positions
// and checks at every position that the text, the structured form and every action's notation
// read back exactly, that Action agrees with the notation, and that the invariants hold. Across
// all games every action and event of the description must come up, except pass and turn_passed:
// no reachable position leaves a player without a move (a zone's pieces can always step out or
// capture), so pass is only ever refused (rules_test.go).
func TestRandomGamesRoundTrip(t *testing.T) {
	games := 6
	if testing.Short() {
		games = 2
	}
	var starts []engine.Position
	for _, v := range variants {
		for _, opts := range []engine.Options{nil, fourPlayers(false), fourPlayers(true)} {
			p, err := v.Start(opts)
			if err != nil {
				t.Fatal(err)
			}
			starts = append(starts, p)
		}
	}
	for _, s := range specials {
		p, err := s.v.Parse(s.text)
		if err != nil {
			t.Fatalf("%s: %v", s.text, err)
		}
		starts = append(starts, p)
	}
	seen := map[string]int{}
	rng := rand.New(rand.NewPCG(2, 7))
	for i, start := range starts {
		for g := range games {
			// Half the games call the clock only late, so that captures and merges come up.
			playGame(t, start.(*Position), rng, g%2 == 1, seen)
		}
		if testing.Verbose() {
			t.Logf("start %d: %v", i, seen)
		}
	}
	var want []string
	for _, a := range []string{"move", "call_clock"} {
		want = append(want, "action "+a)
	}
	for _, e := range MartianChessVariant.Describe().Events {
		if e.Name != "turn_passed" {
			want = append(want, "event "+e.Name)
		}
	}
	want = append(want, "end zone_empty", "end clock", "promotion queen", "promotion drone", "rejected")
	for _, w := range want {
		if seen[w] == 0 {
			t.Errorf("no %q in the random games: %v", w, seen)
		}
	}
	if seen["action pass"] != 0 || seen["event turn_passed"] != 0 {
		t.Errorf("a pass came up: %v", seen)
	}
}

func playGame(t *testing.T, p *Position, rng *rand.Rand, lateClock bool, seen map[string]int) {
	t.Helper()
	for ply := 0; ply < 300; ply++ {
		checkPositionRoundTrips(t, p)
		checkPositionInvariants(t, p)
		moves := p.Moves(nil)
		if len(moves) == 0 {
			if p.Phase() != engine.PhaseFinished {
				t.Fatalf("%s: no action, but the game is not over", p)
			}
			seen["end "+p.Outcome().Reason]++
			return
		}
		m := moves[rng.IntN(len(moves))]
		if lateClock && ply < 60 && m&clockFlag != 0 {
			m &^= clockFlag
		}
		a := p.Action(m)
		seen["action "+a.Name]++
		if a.Promotion != "" {
			seen["promotion "+a.Promotion]++
		}
		next, events := p.Play(m)
		q := next.(*Position)
		checkStep(t, p, q, m, events)
		for _, e := range events {
			seen["event "+e.Name]++
		}
		if q.rejectTo >= 0 {
			back := newMove(int(q.rejectTo), int(q.rejectFrom))
			if _, err := q.ParseMove(q.Notation(back)); err == nil {
				t.Fatalf("%s: %s goes straight back", q, q.Notation(back))
			} else if q.Phase() != engine.PhaseFinished && q.kindAt(int(q.rejectFrom)) == 0 {
				seen["rejected"]++
			}
		}
		p = q
	}
}

// checkPositionRoundTrips: the text, the structured form and every action's notation read back
// (enginetest.CheckRoundTrips, comparing every field), and Action says what the notation and the
// board say: the mover, the piece moved, and a capture or a merge.
func checkPositionRoundTrips(t *testing.T, p *Position) {
	t.Helper()
	enginetest.CheckRoundTrips(t, p, func(a, b engine.Position) bool { return *a.(*Position) == *b.(*Position) })
	text := p.String()
	me := p.rules.seats[p.side].Name
	for _, m := range p.Moves(nil) {
		n := p.Notation(m)
		a := p.Action(m)
		want := a.From + a.To
		if a.Name == "call_clock" {
			want += "+clock"
		}
		if a.Name == "pass" {
			want = "pass"
		}
		if n != want || a.Player != me {
			t.Fatalf("%s: %s is described as %s by %s", text, n, want, a.Player)
		}
		from, to := moveFrom(m), moveTo(m)
		if a.Piece != kindNames[p.kindAt(from)] {
			t.Fatalf("%s: %s moves a %s, described as %q", text, n, kindNames[p.kindAt(from)], a.Piece)
		}
		occupied := p.kindAt(to) != 0
		ownZone := int(p.rules.geo.zoneOf[to]) == int(p.side)
		if (a.Captured != "") != (occupied && !ownZone) || (a.Promotion != "") != (occupied && ownZone) {
			t.Fatalf("%s: %s described as capturing %q, promoting to %q", text, n, a.Captured, a.Promotion)
		}
	}
}

// checkPositionInvariants: scores are the pile's pips, only two players bar a way back, the clock
// is -1 to 7, and a game is over exactly when a zone is empty or the clock has run out.
func checkPositionInvariants(t *testing.T, p *Position) {
	t.Helper()
	g := p.rules.geo
	text := p.String()
	o := p.Outcome()
	for seat, ps := range p.Setup().Players {
		pips := 0
		for k := pawn; k <= queen; k++ {
			pips += k * int(p.pile[seat][k])
		}
		held := 0
		for _, h := range ps.Held {
			held += pieceValue(h)
		}
		if o.Scores[seat] != pips || ps.Score != pips || held != pips {
			t.Fatalf("%s: seat %d holds %d pips, scores %d and %d, structured held %d", text, seat, pips, o.Scores[seat], ps.Score, held)
		}
	}
	if p.rules.players == 4 && p.rejectTo >= 0 {
		t.Fatalf("%s: four players, but a way back is barred", text)
	}
	if p.clock < -1 || p.clock > clockEnd {
		t.Fatalf("%s: clock %d", text, p.clock)
	}
	empty := false
	for z := 0; z < p.rules.players; z++ {
		empty = empty || p.occupied()&g.zone[z] == 0
	}
	if over := p.Phase() == engine.PhaseFinished; over != (empty || p.clock == clockEnd) {
		t.Fatalf("%s: finished %v, a zone empty %v", text, over, empty)
	}
	if p.occupied()&^(1<<g.squares()-1) != 0 {
		t.Fatalf("%s: pieces off the board", text)
	}
	for k := pawn; k <= queen; k++ {
		for j := k + 1; j <= queen; j++ {
			if p.pieces[k]&p.pieces[j] != 0 {
				t.Fatalf("%s: two pieces on one square", text)
			}
		}
	}
}

func pieceValue(kind string) int {
	for k, n := range kindNames {
		if n == kind && k > 0 {
			return k
		}
	}
	return 1000
}

// totalPips is the pips on the board and in the piles: captures move pips into a pile and merges
// keep them, so no move changes it.
func totalPips(p *Position) int {
	n := 0
	for k := pawn; k <= queen; k++ {
		n += k * bits.OnesCount64(p.pieces[k])
		for s := 0; s < p.rules.players; s++ {
			n += k * int(p.pile[s][k])
		}
	}
	return n
}

// checkStep compares a position with the one after m: piles only grow, and only the mover's by
// the captured piece; the total pips stay; the clock counts as the rules say; the events match.
func checkStep(t *testing.T, p, q *Position, m engine.Move, events []engine.Event) {
	t.Helper()
	text := p.String() + " then " + p.Notation(m)
	a := p.Action(m)
	side := int(p.side)
	for s := 0; s < p.rules.players; s++ {
		for k := pawn; k <= queen; k++ {
			want := p.pile[s][k]
			if s == side && kindNames[k] == a.Captured {
				want++
			}
			if q.pile[s][k] != want {
				t.Fatalf("%s: pile of seat %d holds %d %ss, want %d", text, s, q.pile[s][k], kindNames[k], want)
			}
		}
	}
	if totalPips(q) != totalPips(p) {
		t.Fatalf("%s: the pips went from %d to %d", text, totalPips(p), totalPips(q))
	}
	wantClock := p.clock
	switch {
	case a.Captured != "" && (p.clock >= 0 || a.Name == "call_clock"):
		wantClock = 0
	case a.Name == "call_clock":
		wantClock = 1
	case p.clock >= 0:
		wantClock = p.clock + 1
	}
	if q.clock != wantClock {
		t.Fatalf("%s: clock %d, want %d", text, q.clock, wantClock)
	}
	var names []string
	for _, e := range events {
		names = append(names, e.Name)
		if e.Name == "points" && e.Points != pieceValue(a.Captured) {
			t.Fatalf("%s: %d points for a %s", text, e.Points, a.Captured)
		}
	}
	var want []string
	if a.Captured != "" {
		want = append(want, "capture", "points")
	}
	if a.Promotion != "" {
		want = append(want, "promotion")
	}
	g := p.rules.geo
	if g.zoneOf[moveFrom(m)] != g.zoneOf[moveTo(m)] {
		want = append(want, "handed_over")
	}
	if a.Name == "call_clock" {
		want = append(want, "clock_called")
	}
	if q.Phase() == engine.PhaseFinished {
		want = append(want, "game_over")
	}
	if strings.Join(names, " ") != strings.Join(want, " ") {
		t.Fatalf("%s: events %v, want %v", text, names, want)
	}
	if q.move < p.move || q.side != uint8((side+1)%p.rules.players) {
		t.Fatalf("%s: then %s", text, q)
	}
}
