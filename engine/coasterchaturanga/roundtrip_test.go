package coasterchaturanga

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/enginetest"
)

// Seeded random games under each option set, and from positions where the rarer turns come up,
// keep every round trip at every position: the text, the structured form, each legal action's
// notation and description, the events of the action played, and the board as it stands. Over
// all games every kind of action and event, and the turn's compulsory moves, must come up.
func TestRoundTripsOverRandomGames(t *testing.T) {
	str := func(s string) engine.OptionValue { return engine.OptionValue{Kind: engine.OptionString, String: s} }
	num := func(n int64) engine.OptionValue { return engine.OptionValue{Kind: engine.OptionInt, Int: n} }
	optionSets := []engine.Options{
		nil,
		{optPlayers: num(2)},
		{optPartnership: {Kind: engine.OptionBool, Bool: true}},
		{optDroneRight: str("bl,br,tr,tl")},
		{optMaxTurns: num(6)},
		{optFirst: str("tr")},
		{optPlayers: num(2), optMaxTurns: num(20), optFirst: str("tl"), optDroneRight: str("br"), optColours: str("gbry")},
	}
	var starts []*Position
	for _, opts := range optionSets {
		s, err := Variant.Start(opts)
		if err != nil {
			t.Fatal(err)
		}
		starts = append(starts, s.(*Position))
	}
	// Where plain games seldom go: bl shut in by its partner's pieces, having rolled HOP (it passes);
	// bl's portal occupied and its pawn held by br (clearing, then DIG and the dug pawn's
	// re-entry); bl holding its pawn (compulsory re-entry); bl's last piece before a seat with
	// none of its colour on the board (the game ends by colour).
	starts = append(starts,
		at(t, "-,-,-,-", "bl hop 0 partnership", "gq a6", "gd b6", "gp a5", "rq c6", "rd b5", "bq f1", "yq f6"),
		at(t, "yp,gp,-,-", "bl - 0", "gq a6", "gd b6", "bp b2", "bq a1", "bd a2"),
		at(t, "gpyp,-,-,-", "bl - 0", "gq a6", "gd c1", "bq a1", "bd a2"),
		at(t, "-,gqgd,rprdrq,-", "bl - 0", "gp c2", "bq a1", "yq f6"),
	)
	games := 4
	if testing.Short() {
		games = 1
	}
	seen := map[string]int{}
	rng := rand.New(rand.NewPCG(23, 8))
	for _, s := range starts {
		for g := 0; g < games; g++ {
			p := s
			for ply := 0; ply < 1200 && !p.over; ply++ {
				rtPosition(t, p)
				moves := p.Moves(nil)
				for _, m := range moves {
					rtAction(t, p, m)
				}
				p = rtPlay(t, p, moves[rng.IntN(len(moves))], seen)
			}
			if p.over {
				rtPosition(t, p)
				seen["game over by "+p.Outcome().Reason]++
			}
		}
	}
	var missing []string
	for _, k := range []string{"roll", "move", "enter", "aim", "tip", "swap", "dig", "hop", "end", "pass",
		"dice_rolled", "capture", "colour_changed", "turn_passed", "game_over",
		"compulsory clearing", "compulsory re-entry", "re-entry of the dug piece", "WILD's second move",
		"hop onto the own portal", "capture by a portal jump", "game over by colour_gone", "game over by turn_limit"} {
		if seen[k] == 0 {
			missing = append(missing, k)
		}
	}
	if len(missing) > 0 {
		t.Errorf("random games never played %q: %v", missing, seen)
	}
}

// rtSame reports whether two positions are the same: every field, and the rules the text keeps.
func rtSame(a, b *Position) bool {
	c := *a
	c.rules = b.rules
	ra, rb := a.rules, b.rules
	return c == *b && ra.players == rb.players && ra.partnership == rb.partnership && ra.maxTurns == rb.maxTurns && ra.first == rb.first
}

// rtPosition checks the round trips of enginetest.CheckRoundTrips, comparing every field, that
// every piece is on its square or held, and the board as it stands.
func rtPosition(t *testing.T, p *Position) {
	t.Helper()
	enginetest.CheckRoundTrips(t, p, func(a, b engine.Position) bool { return rtSame(a.(*Position), b.(*Position)) })
	text := p.String()
	for pc := 0; pc < pieces; pc++ {
		l := int(p.loc[pc])
		if l < squares && p.pieceOn(l) != pc || l >= squares && (l < heldBy || l >= heldBy+seats) {
			t.Fatalf("%s: the %s is neither on its square nor held", text, pieceNames[pc])
		}
	}
	rtBoard(t, p, text)
}

// rtBoard: 36 squares; four coaster regions named by the colours the text gives each place, nine
// squares each; the portals and one dot per coaster where its quarter turns put it; and arrows
// that are exactly a pawn's steps in the move generator.
func rtBoard(t *testing.T, p *Position, text string) {
	t.Helper()
	b := p.BoardNow()
	colourAt := func(pl int) string { return colourNames[slices.Index(colourLetters[:], text[2*pl])] }
	if len(b.Squares) != squares || len(b.Regions) != 4 || !b.LayoutInPosition {
		t.Fatalf("%s: %d squares, %d regions", text, len(b.Squares), len(b.Regions))
	}
	for _, s := range b.Squares {
		sq := s.Rank*6 + s.File
		if s.Name != squareName(sq) || s.Region != colourAt(placeOfSquare[sq]) {
			t.Fatalf("%s: square %+v", text, s)
		}
	}
	for _, r := range b.Regions {
		pl := placeOfSquare[mustSquare(r.Squares[0])]
		if r.Kind != "coaster" || r.Name != colourAt(pl) || len(r.Squares) != 9 {
			t.Fatalf("%s: region %+v", text, r)
		}
		for _, s := range r.Squares {
			if placeOfSquare[mustSquare(s)] != pl {
				t.Fatalf("%s: %s lies outside the %s coaster", text, s, r.Name)
			}
		}
	}
	marks := map[string]string{}
	for _, m := range b.Marks {
		marks[m.Name] = strings.Join(m.Squares, " ")
	}
	// The dot of the coaster at place pl, turned q = digit quarter turns: (row 0, col 0) of its
	// block, turned clockwise (row, col) to (col, 2-row) q times.
	var dots []string
	for pl := 0; pl < 4; pl++ {
		row, col := 0, 0
		for q := int(text[2*pl+1] - '0'); q > 0; q-- {
			row, col = col, 2-row
		}
		dots = append(dots, squareName((origin[pl][1]+2-row)*6+origin[pl][0]+col))
	}
	if marks["portal"] != "b5 e5 e2 b2" || marks["dot"] != strings.Join(dots, " ") {
		t.Fatalf("%s: marks %v, want dots %v", text, marks, dots)
	}
	var arrows [squares]uint64
	for _, c := range b.Connections {
		if c.To != "" {
			arrows[mustSquare(c.From)] |= 1 << mustSquare(c.To)
		}
	}
	for sq := 0; sq < squares; sq++ {
		var steps uint64
		for _, s := range graphFor(int(p.tip)).paths[pawn][sq] {
			if !isPortal(sq) || !isPortal(int(s.To)) {
				steps |= 1 << s.To
			}
		}
		if steps != arrows[sq] {
			t.Fatalf("%s: the arrows from %s lead to %b, a pawn steps to %b", text, squareName(sq), arrows[sq], steps)
		}
	}
}

// rtAction checks a legal action's notation reads back with extra spaces, and its description.
func rtAction(t *testing.T, p *Position, m engine.Move) {
	t.Helper()
	n := p.Notation(m)
	spaced := "  " + strings.ReplaceAll(n, " ", "   ") + " "
	if back, err := p.ParseMove(spaced); err != nil || back != m {
		t.Fatalf("%s: %q reads back as %v, %v", p, spaced, back, err)
	}
	a := p.Action(m)
	bad := func() { t.Fatalf("%s: %s is described as %+v", p, n, a) }
	if a.Name != actionNames[mvAct(m)] || a.Player != seatNames[p.seat] {
		bad()
	}
	named := false
	for _, info := range Variant.Describe().Actions {
		if info.Name == a.Name {
			named = info.Kind == a.Kind
		}
	}
	if !named {
		bad()
	}
	piece := func(sq int) string {
		if pc := p.pieceOn(sq); pc >= 0 {
			return pieceNames[pc]
		}
		return ""
	}
	secondMove := -1
	if p.moveDone {
		secondMove = 0
	}
	switch mvAct(m) {
	case actMove:
		if a.From+a.To != n || a.Piece != piece(mvA(m)) || a.Captured != piece(mvB(m)) || a.Die != secondMove {
			bad()
		}
	case actHop:
		if "hop "+a.From+"@"+a.To != n || a.Piece != piece(mvA(m)) || a.Captured != "" || a.Die != 0 {
			bad()
		}
	case actEnter:
		if a.Piece != pieceNames[mvA(m)] || a.To != squareName(p.portalOf(int(p.seat))) || a.Die != secondMove {
			bad()
		}
	case actDig:
		if a.Piece != pieceNames[mvA(m)] || a.Die != 0 {
			bad()
		}
	case actAim, actTip, actSwap:
		if a.Die != 0 {
			bad()
		}
	case actRoll:
		if len(a.Dice) != 1 || a.Dice[0] != mvA(m) || a.Die != -1 {
			bad()
		}
	case actEnd, actPass:
		if a.Die != -1 {
			bad()
		}
	}
}

// rtPlay plays m and checks its events against the positions before and after: a roll reports
// its face, a capture the piece now held, every seat whose colour changed, the turn passing, the
// end. It counts what came up in seen.
func rtPlay(t *testing.T, p *Position, m engine.Move, seen map[string]int) *Position {
	t.Helper()
	before := *p
	n := p.Notation(m)
	nextPos, ev := p.Play(m)
	next := nextPos.(*Position)
	var into Position
	p.PlayInto(m, &into)
	if *p != before || into != *next {
		t.Fatalf("%s, %s: Play changed the position, or differs from PlayInto", before.String(), n)
	}
	seat, me := int(p.seat), seatNames[p.seat]
	seen[actionNames[mvAct(m)]]++
	portal := p.portalOf(seat)
	switch {
	case mvAct(m) == actMove && p.must == mustClear && !p.moveDone && mvA(m) == portal:
		seen["compulsory clearing"]++
	case mvAct(m) == actEnter && p.must == mustEnter && p.mustPiece < 0:
		seen["compulsory re-entry"]++
	case mvAct(m) == actEnter && p.must == mustEnter:
		seen["re-entry of the dug piece"]++
	}
	if p.face == faceWild && p.moveDone && (mvAct(m) == actMove || mvAct(m) == actEnter) {
		seen["WILD's second move"]++
	}
	if mvAct(m) == actHop && mvB(m) == portal && !p.moveDone {
		seen["hop onto the own portal"]++
	}
	// A pawn's one pip from a portal to another is a jump: portals are never neighbours.
	if mvAct(m) == actMove && isPortal(mvA(m)) && isPortal(mvB(m)) && p.pieceOn(mvB(m)) >= 0 && pieceKind(p.pieceOn(mvA(m))) == pawn {
		seen["capture by a portal jump"]++
	}
	var want []string
	switch mvAct(m) {
	case actRoll:
		want = append(want, "dice_rolled "+me+" rolled "+strconv.Itoa(mvA(m)))
	case actMove:
		if tc := p.pieceOn(mvB(m)); tc >= 0 {
			if int(next.loc[tc]) != heldBy+seat {
				t.Fatalf("%s, %s: the captured %s is not held by %s", before.String(), n, pieceNames[tc], me)
			}
			want = append(want, "capture "+me+" "+squareName(mvB(m))+" "+pieceNames[tc]+" held by "+me)
		}
	}
	for s := 0; s < seats; s++ {
		if c, d := p.colourOf(s), next.colourOf(s); c != d {
			want = append(want, "colour_changed "+seatNames[s]+" "+colourNames[c]+" to "+colourNames[d])
		}
	}
	ended := next.seat != p.seat
	if ended != (next.turns == p.turns+1) || !ended && next.turns != p.turns || ended && next.face != faceNone {
		t.Fatalf("%s, %s: the turn passes to %s after %d turns", before.String(), n, seatNames[next.seat], next.turns)
	}
	switch {
	case next.over:
		want = append(want, "game_over "+next.Outcome().Reason)
	case ended:
		want = append(want, "turn_passed "+seatNames[next.seat])
	}
	var got []string
	for _, e := range ev {
		seen[e.Name]++
		if e.Kind != engine.EventVariant && e.Name != e.Kind.String() {
			t.Fatalf("%s, %s: event %+v", before.String(), n, e)
		}
		got = append(got, strings.Join(strings.Fields(e.Name+" "+e.Player+" "+e.Square+" "+e.Piece+" "+e.Text), " "))
	}
	if strings.Join(got, "; ") != strings.Join(want, "; ") {
		t.Fatalf("%s, %s: events\n %q\nwant %q", before.String(), n, got, want)
	}
	return next
}
