package coasterchaturanga

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"
)

func parse(t *testing.T, text string) *Position {
	t.Helper()
	p, err := Parse(text)
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	if p.String() != text {
		t.Fatalf("%s reads back as %s", text, p.String())
	}
	return p
}

func actions(p *Position) []string {
	var out []string
	for _, m := range p.Moves(nil) {
		out = append(out, p.Notation(m))
	}
	sort.Strings(out)
	return out
}

func play(t *testing.T, p *Position, texts ...string) *Position {
	t.Helper()
	for _, text := range texts {
		m, err := p.ParseMove(text)
		if err != nil {
			t.Fatalf("%s in %s: %v", text, p, err)
		}
		var next Position
		p.apply(m, &next)
		p = &next
	}
	return p
}

// The rules' example: after swap tl br from the start the green trio stands gq f1 gd e1 gp f2,
// the coasters keep one dot pattern, and the two seats in front of them change colour.
func TestSwap(t *testing.T) {
	p := play(t, start(defaultRules), "roll swap", "swap tl br")
	if got := p.String(); got != "b0r1y2g3 rqrd2ypyq/rp4yd/6/6/bd4gp/bqbp2gdgq -,-,-,- bl swap:d 0" {
		t.Errorf("after swap tl br: %s", got)
	}
	if p.colourOf(1) != yellow || p.colourOf(3) != blue {
		t.Errorf("br is %s and tl %s, want yellow and blue", colourNames[p.colourOf(1)], colourNames[p.colourOf(3)])
	}
}

// AIM turns the board under the seats: a quarter turn clockwise brings the bottom-right coaster
// in front of bl, whose colour becomes blue; the squares are the table's, so pieces get new names.
func TestAim(t *testing.T) {
	p := play(t, start(defaultRules), "roll aim", "aim 1")
	if got := p.String(); got != "g0y1r2b3 bqbd2gpgq/bp4gd/6/6/rd4yp/rqrp2ydyq -,-,-,- bl aim:d 0" {
		t.Errorf("after aim 1: %s", got)
	}
	if p.colourOf(0) != blue {
		t.Errorf("bl is %s, want blue", colourNames[p.colourOf(0)])
	}
}

// TIP turns every coaster in place: a piece on a portal stays there, the dots leave the corners.
func TestTip(t *testing.T) {
	q := play(t, start(defaultRules), "roll tip", "tip 1")
	if got := q.String(); got != "y1r2b3g0 1gpgq3/2gd2yp/4ydyq/bqbd4/bp2rd2/3rqrp1 -,-,-,- bl tip:d 0" {
		t.Errorf("after tip 1: %s", got)
	}
}

// At the start with AIM rolled, bl moves the blue trio on its green coaster and its green trio;
// drones and pawns reach the portals and jump on with their last pip; the green queen is shut in
// by its own drone and pawn.
func TestStartActions(t *testing.T) {
	p := play(t, start(defaultRules), "roll aim")
	want := "a2a3 a2a4 a2b2 a2b3 a2b5 a2c2 a2e2 a2e5 a5b5 aim 1 aim 2 aim 3 b1b2 b6b2 b6b4 b6b5 b6c5 b6c6 b6d6 b6e2 b6e5"
	if got := strings.Join(actions(p), " "); got != want {
		t.Errorf("start, AIM rolled:\n%s\nwant\n%s", got, want)
	}
	p = play(t, start(defaultRules), "roll dig")
	if slices.Contains(actions(p), "end") || slices.ContainsFunc(actions(p), func(a string) bool { return strings.HasPrefix(a, "dig") }) {
		t.Errorf("DIG with nothing to dig offers %v", actions(p))
	}
}

// A piece standing on the mover's portal at the start of his turn must be moved off first; the
// die action waits.
func TestClearPortal(t *testing.T) {
	// bl's portal b2 holds the yellow pawn; bl rolls AIM: only the pawn's moves, one of them
	// taking the blue drone (neither green, bl's colour, nor yellow, the pawn's).
	p := play(t, parse(t, "y0r1b2g3 gqgd3yq/gp4yd/6/6/bdyp3rp/bqbp2rdrq -,-,-,- bl - 0"), "roll aim")
	if got := strings.Join(actions(p), " "); got != "b2a2 b2b3 b2b5 b2c2 b2e2 b2e5" {
		t.Errorf("compulsory clearing: %s", got)
	}
	q := play(t, p, "b2a2")
	if got := strings.Join(actions(q), " "); got != "aim 1 aim 2 aim 3 end" || q.String() != "y0r1b2g3 gqgd3yq/gp4yd/6/6/yp4rp/bqbp2rdrq bd,-,-,- bl aim:m 0" {
		t.Errorf("after clearing: %s, %s", q, got)
	}
}

// HOP onto one's own portal before the move compels the move to clear it; then the turn passes.
func TestHopOntoOwnPortal(t *testing.T) {
	p := play(t, start(defaultRules), "roll hop", "hop a2@b2")
	acts := actions(p)
	if len(acts) == 0 || slices.ContainsFunc(acts, func(a string) bool { return !strings.HasPrefix(a, "b2") }) {
		t.Errorf("after hopping onto its own portal bl may do %v, want only moves off b2", acts)
	}
	q := play(t, p, "b2b3")
	if q.seat != 1 || q.face != faceNone {
		t.Errorf("after the hop and the move the turn should pass: %s", q)
	}
}

// DIG takes back a piece of one's colour held by another seat and compels its re-entry; a seat
// holding a piece of its colour at the start of its turn must re-enter it first, and the piece
// re-entered may not move again that turn.
func TestDigAndReentry(t *testing.T) {
	// A rolled DIG that is possible comes before the normal move: it is the only action.
	p := play(t, parse(t, "y0r1b2g3 gqgd2ypyq/5yd/6/6/bd4rp/bqbp2rdrq -,gp,-,- bl - 0"), "roll dig")
	if got := strings.Join(actions(p), " "); got != "dig gp" {
		t.Errorf("DIG offers %s, want only dig gp", got)
	}
	q := play(t, p, "dig gp")
	if got := strings.Join(actions(q), " "); got != "enter gp" {
		t.Errorf("after dig gp: %s, want enter gp", got)
	}
	if r := play(t, q, "enter gp"); r.seat != 1 {
		t.Errorf("after dig and re-entry the turn should pass: %s", r)
	}
	p = play(t, parse(t, "y0r1b2g3 gqgd2ypyq/5yd/6/6/bd4rp/bqbp2rdrq gp,-,-,- bl - 0"), "roll wild")
	if got := strings.Join(actions(p), " "); got != "enter gp" {
		t.Errorf("holding its own pawn, bl must re-enter it first: %s", got)
	}
	q = play(t, p, "enter gp")
	for _, a := range actions(q) {
		if strings.HasPrefix(a, "b2") || strings.HasPrefix(a, "hop b2") {
			t.Errorf("the re-entered pawn moves again: %s", a)
		}
	}
	if !slices.Contains(actions(q), "a2a3") || !slices.Contains(actions(q), "end") {
		t.Errorf("WILD after the re-entry offers a second move and end: %v", actions(q))
	}
}

// WILD offers the die actions and DIG before the move, a second move only after it.
func TestWild(t *testing.T) {
	p := play(t, start(defaultRules), "roll wild")
	first := actions(p)
	q := play(t, p, "b1b2")
	second := actions(q)
	if !slices.Contains(first, "a2a3") || !slices.Contains(first, "swap tl br") || slices.Contains(first, "end") {
		t.Errorf("WILD first: %v", first)
	}
	if !slices.Contains(second, "a2a3") || !slices.Contains(second, "tip 2") || !slices.Contains(second, "end") {
		t.Errorf("WILD after the move: %v", second)
	}
	r := play(t, q, "a2a3")
	if r.seat != 1 {
		t.Errorf("after two moves the turn should pass: %s", r)
	}
}

// The game ends when a seat begins its turn with no piece of its colour on the board; the score
// counts held pieces, plus for other colours and minus for one's own.
func TestEndAndScore(t *testing.T) {
	p := play(t, parse(t, "y0r1b2g3 gqgd2ypyq/gp4yd/6/6/5rp/4rdrq bpbdbq,-,-,- bl - 0"), "roll aim", "a5b5", "end")
	o := p.Outcome()
	if !o.Finished || o.Reason != "colour_gone" || !slices.Equal(o.Scores, []int{6, 0, 0, 0}) || !slices.Equal(o.Winners, []int{0}) {
		t.Errorf("outcome %+v", o)
	}
	// Blue is br's colour: holding it gives bl 6; br would lose it from its own score if it held it.
	if st := seatStanding(p, 0); st.plus != 6 || st.minus != 0 {
		t.Errorf("bl's standing %+v", st)
	}
	// The tie-breaks the score reports for bl, green: the green queen, drone and pawn stand.
	if got := fmt.Sprint(p.Setup().Players[0].TieBreaks); got != "[{own_pips_on_board 6} {largest_own_piece 3} {own_pieces_on_board 3} {turn_order 1}]" {
		t.Errorf("bl's tie-breaks %s", got)
	}
}

// The board as it stands follows the coasters: after swap tl br the blue coaster lies top left,
// and after tip 1 the dots leave the outer corners and the arrows turn with the coasters.
func TestBoardNow(t *testing.T) {
	p := play(t, start(defaultRules), "roll swap", "swap tl br")
	b := p.BoardNow()
	if sq, _ := b.Lookup("a6"); sq.Region != "blue" {
		t.Errorf("after swap tl br, a6 lies in %q, want blue", sq.Region)
	}
	q := play(t, start(defaultRules), "roll tip", "tip 1")
	var dots []string
	for _, m := range q.BoardNow().Marks {
		if m.Name == "dot" {
			dots = m.Squares
		}
	}
	if strings.Join(dots, " ") != "c6 f4 d1 a3" {
		t.Errorf("dots after tip 1: %v", dots)
	}
	if len(q.BoardNow().Connections) != len(start(defaultRules).BoardNow().Connections) {
		t.Error("a tip changed the number of arrows")
	}
	if fmt.Sprint(q.BoardNow().Connections) == fmt.Sprint(start(defaultRules).BoardNow().Connections) {
		t.Error("a tip left every arrow where it was")
	}
}
