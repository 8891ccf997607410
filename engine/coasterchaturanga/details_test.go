package coasterchaturanga

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
)

// Hand-checked positions for the rules file's settled details. Squares and exits are those of the
// start layout (coasters.md), so each expectation can be followed on its exits table.

// table writes the board field for pieces given as "gq a6".
func table(t *testing.T, pieces ...string) string {
	t.Helper()
	var grid [6][6]string
	for _, s := range pieces {
		pc, sq, _ := strings.Cut(s, " ")
		if len(sq) != 2 || sq[0] < 'a' || sq[0] > 'f' || sq[1] < '1' || sq[1] > '6' {
			t.Fatalf("bad square in %q", s)
		}
		grid[sq[1]-'1'][sq[0]-'a'] = pc
	}
	var ranks []string
	for r := 5; r >= 0; r-- {
		var b strings.Builder
		empty := 0
		for f := 0; f < 6; f++ {
			if grid[r][f] == "" {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			b.WriteString(grid[r][f])
		}
		if empty > 0 {
			b.WriteString(strconv.Itoa(empty))
		}
		ranks = append(ranks, b.String())
	}
	return strings.Join(ranks, "/")
}

// at reads a position on the start layout from pieces on squares, held pieces (bl,br,tr,tl) and the
// rest of the text. Yellow and red pieces not named are held by br and blue ones by tr, where bl
// (green) cannot dig or re-enter them; green pieces must all be named.
func at(t *testing.T, held, rest string, placed ...string) *Position {
	t.Helper()
	named := strings.Join(placed, " ") + " " + held
	seatHeld := strings.Split(held, ",")
	for pc := 0; pc < pieces; pc++ {
		name := pieceNames[pc]
		if strings.Contains(named, name) {
			continue
		}
		holder := 1
		switch pieceColour(pc) {
		case green:
			t.Fatalf("place the %s", name)
		case blue:
			holder = 2
		}
		seatHeld[holder] = strings.TrimPrefix(seatHeld[holder], "-") + name
	}
	text := "y0r1b2g3 " + table(t, placed...) + " " + strings.Join(seatHeld, ",") + " " + rest
	p, err := Parse(text)
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	return p
}

func has(acts []string, want ...string) bool {
	for _, w := range want {
		if !slices.Contains(acts, w) {
			return false
		}
	}
	return true
}

func hasNone(acts []string, unwanted ...string) bool {
	for _, u := range unwanted {
		if slices.Contains(acts, u) {
			return false
		}
	}
	return true
}

func startingAt(acts []string, sq string) []string {
	var out []string
	for _, a := range acts {
		if strings.HasPrefix(a, sq) {
			out = append(out, a)
		}
	}
	return out
}

// bl is green: it moves green pieces anywhere and any piece on the green coaster (a1-c3), never a
// piece of another colour on another coaster; no capture of its own colour or of the capturing
// piece's colour; with partners, neither moves nor captures the partner's (tr's, red) pieces.
func TestWhosePiecesAndCaptures(t *testing.T) {
	pieces := []string{"gq a6", "gd f4", "yp e6", "gp a3", "rp a2", "bp a1", "bd b1"}
	p := play(t, at(t, "-,-,-,-", "bl - 0", pieces...), "roll aim")
	acts := actions(p)
	if !has(acts, "a6b6", "a1a2", "a2a1", "a3a2") {
		t.Errorf("bl should move its green queen off its coaster and take across colours: %v", acts)
	}
	if !hasNone(acts, "a1b1", "a2a3") || len(startingAt(acts, "e6")) > 0 {
		t.Errorf("bl takes its own colour, the mover's colour, or moves yellow off its coaster: %v", acts)
	}
	p = play(t, at(t, "-,-,-,-", "bl - 0 partnership", pieces...), "roll aim")
	acts = actions(p)
	if !hasNone(acts, "a1a2", "a3a2") || len(startingAt(acts, "a2")) > 0 {
		t.Errorf("with partners bl moves or takes tr's red: %v", acts)
	}
	if !has(acts, "a6b6") {
		t.Errorf("with partners bl still moves green: %v", acts)
	}
}

// Portals: a jump is one step; with pips left after it the piece must go on, so a jump ends a move
// (capturing on an occupied portal) only with the last pip; a jump may follow a jump.
func TestPortalling(t *testing.T) {
	// The blue queen on b2 with b5 (green) and e2 (blue) shut: it reaches e5 only by a jump with two
	// pips left, so it may not stop there, nor take the yellow pawn there, but goes on one or two
	// steps: e5 exits E f5, S e4, W d5.
	base := []string{"gq a6", "gd a1", "gp b5", "bd e2", "bq b2"}
	p := play(t, at(t, "-,-,-,-", "bl - 0", base...), "roll aim")
	acts := actions(p)
	if slices.Contains(acts, "b2e5") || !has(acts, "b2f5", "b2e4", "b2d5", "b2f6", "b2d6", "b2c5") {
		t.Errorf("queen jumping from b2: %v", startingAt(acts, "b2"))
	}
	p = play(t, at(t, "-,-,-,-", "bl - 0", append(base, "yp e5")...), "roll aim")
	if slices.Contains(actions(p), "b2e5") {
		t.Errorf("the queen takes on e5 by a jump with pips left: %v", startingAt(actions(p), "b2"))
	}
	// A pawn's one pip is its last: it jumps onto e5 and takes.
	p = play(t, at(t, "-,-,-,-", "bl - 0", "gq a6", "gd a1", "gp b5", "bd e2", "bp b2", "yp e5"), "roll aim")
	if got := startingAt(actions(p), "b2"); !slices.Contains(got, "b2e5") {
		t.Errorf("the pawn's last pip jumps and takes: %v", got)
	}
	// A drone on b2 with every portal empty: a jump then a jump ends on a portal with its last pip.
	p = play(t, at(t, "-,-,-,-", "bl - 0", "gq a6", "gd f1", "gp a1", "bd b2"), "roll aim")
	if got := startingAt(actions(p), "b2"); !has(got, "b2e2", "b2e5", "b2b5") {
		t.Errorf("drone jumping twice: %v", got)
	}
}

// Compulsory moves are decided at the start of the turn: a piece brought onto the portal by AIM is
// not compelled off it, and a clearing that cannot be made (a partner's piece) lapses.
func TestCompulsoryDecidedAtStart(t *testing.T) {
	// aim 2 turns e5 onto b2 and d4 onto c3; bl's colour becomes red (the coaster from top right).
	p := play(t, at(t, "-,-,-,-", "bl - 0", "gq a6", "gd f1", "gp a1", "rp e5", "rd d4"), "roll aim", "aim 2")
	if p.colourOf(0) != red || p.pieceOn(sq("b2")) < 0 {
		t.Fatalf("after aim 2: %s", p)
	}
	if acts := actions(p); len(startingAt(acts, "c3")) == 0 || !slices.Contains(acts, "end") {
		t.Errorf("after AIM brought a piece onto the portal, bl must still be free to move: %v", acts)
	}
	// Partners: tr's red pawn on bl's portal cannot be cleared by bl, so bl moves freely.
	p = play(t, at(t, "-,-,-,-", "bl - 0 partnership", "gq a6", "gd f1", "gp f2", "rp b2", "bp a1"), "roll aim")
	if acts := actions(p); !has(acts, "a6b6", "a1b1", "aim 1") || len(startingAt(acts, "b2")) > 0 {
		t.Errorf("lapsed clearing: %v", acts)
	}
	// Clearing comes before re-entry, and once the portal is cleared the move is made.
	p = play(t, at(t, "gp,-,-,-", "bl - 0", "gq a6", "gd f1", "yp b2"), "roll aim")
	acts := actions(p)
	if len(acts) == 0 || len(startingAt(acts, "b2")) != len(acts) {
		t.Errorf("holding green with an occupied portal, bl must clear it first: %v", acts)
	}
	if acts := actions(play(t, p, "b2a2")); strings.Join(acts, " ") != "aim 1 aim 2 aim 3 end" {
		t.Errorf("after clearing: %v", acts)
	}
}

// Re-entry: voluntary with any held piece, compulsory only with one's own colour.
func TestReentry(t *testing.T) {
	p := play(t, at(t, "rp,-,-,-", "bl - 0", "gq a6", "gd f1", "gp f2", "bp a1"), "roll aim")
	if acts := actions(p); !has(acts, "enter rp", "a1b1", "aim 1") {
		t.Errorf("voluntary re-entry of a red pawn: %v", acts)
	}
	p = play(t, at(t, "gprp,-,-,-", "bl - 0", "gq a6", "gd f1", "bp a1"), "roll aim")
	if got := strings.Join(actions(p), " "); got != "enter gp" {
		t.Errorf("holding green and red, the compulsory re-entry is the green pawn: %s", got)
	}
	// After a first move under WILD, the second move may be a re-entry.
	p = play(t, at(t, "rp,-,-,-", "bl - 0", "gq a6", "gd f1", "gp f2", "bp a1"), "roll wild", "a1b1")
	if acts := actions(p); !has(acts, "enter rp", "end") {
		t.Errorf("WILD's second move as a re-entry: %v", acts)
	}
}

// DIG: compulsory when rolled, from any holder (the partner too); through WILD optional and only
// before the move.
func TestDig(t *testing.T) {
	p := play(t, at(t, "-,-,gp,-", "bl - 0 partnership", "gq a6", "gd f1", "bp a1"), "roll dig")
	if got := strings.Join(actions(p), " "); got != "dig gp" {
		t.Errorf("dig from the partner: %s", got)
	}
	p = play(t, at(t, "-,-,-,gp", "bl - 0", "gq a6", "gd f1", "bp a1"), "roll wild")
	if acts := actions(p); !has(acts, "dig gp", "a1b1", "aim 1", "swap tl br") {
		t.Errorf("WILD offers DIG beside the rest: %v", acts)
	}
	if acts := actions(play(t, p, "a1b1")); slices.Contains(acts, "dig gp") || !has(acts, "aim 1", "end") {
		t.Errorf("WILD after the move: %v", acts)
	}
	// A dug piece waits while the portal is occupied; tr's pawn there cannot be cleared by its
	// partner, so bl moves freely and keeps the pawn.
	p = play(t, at(t, "-,-,-,gp", "bl - 0 partnership", "gq a6", "gd f1", "rp b2", "bp a1"), "roll dig", "dig gp")
	if acts := actions(p); slices.Contains(acts, "enter gp") || !has(acts, "a1b1") {
		t.Errorf("after digging with the portal held by the partner: %v", acts)
	}
	if p.loc[pieceNamed(t, "gp")] != heldBy+0 {
		t.Errorf("the dug pawn should stay held by bl: %s", p)
	}
}

// HOP: a piece bl may move that has a legal move, onto an empty portal other than its own square.
func TestHop(t *testing.T) {
	p := play(t, start(defaultRules), "roll hop")
	var hops []string
	for _, a := range actions(p) {
		if strings.HasPrefix(a, "hop ") {
			hops = append(hops, a)
		}
	}
	var want []string
	for _, from := range []string{"a2", "a5", "b1", "b6"} { // the queens a1 and a6 are shut in
		for _, to := range []string{"b2", "b5", "e2", "e5"} {
			want = append(want, "hop "+from+"@"+to)
		}
	}
	slices.Sort(want)
	if !slices.Equal(hops, want) {
		t.Errorf("hops at the start:\n%v\nwant\n%v", hops, want)
	}
	p = play(t, at(t, "-,-,-,-", "bl - 0", "gq a6", "gp a1", "yp e5", "gd e2"), "roll hop")
	acts := actions(p)
	if !has(acts, "hop e2@b5", "hop e2@b2") || !hasNone(acts, "hop e2@e5", "hop e2@e2") {
		t.Errorf("hops of the drone on e2 with e5 occupied: %v", acts)
	}
}

// AIM and TIP turn by one to three quarters; SWAP has six pairs; there is no zero turn.
func TestTurnsAndSwaps(t *testing.T) {
	p := play(t, start(defaultRules), "roll wild")
	var aims, tips, swaps int
	for _, a := range actions(p) {
		switch {
		case strings.HasPrefix(a, "aim "):
			aims++
		case strings.HasPrefix(a, "tip "):
			tips++
		case strings.HasPrefix(a, "swap "):
			swaps++
		}
	}
	if aims != 3 || tips != 3 || swaps != 6 {
		t.Errorf("aims %d tips %d swaps %d, want 3 3 6", aims, tips, swaps)
	}
	for _, bad := range []string{"aim 0", "tip 0", "aim 4", "swap tl tl"} {
		if _, err := p.ParseMove(bad); err == nil {
			t.Errorf("%s is accepted", bad)
		}
	}
}

// With nothing bl may move able to move and nothing to dig, pass is the only action.
func TestPass(t *testing.T) {
	// Partners: tr's red queen and drone shut the green trio in around a6.
	for _, face := range []string{"dig", "hop"} {
		p := play(t, at(t, "-,-,-,-", "bl - 0 partnership", "gq a6", "gd b6", "gp a5", "rq c6", "rd b5"), "roll "+face)
		if got := strings.Join(actions(p), " "); got != "pass" {
			t.Errorf("%s rolled: %s, want pass", face, got)
		}
		if q := play(t, p, "pass"); q.seat != 1 || q.face != faceNone {
			t.Errorf("after pass: %s", q)
		}
	}
}

// The game ends when a seat begins its turn without its colour on the board (any seat, partners
// too), or after max_turns rounds, which is checked first.
func TestEnd(t *testing.T) {
	// br (blue) has no blue piece on the board: the game ends when its turn begins.
	p := play(t, at(t, "-,-,-,-", "bl - 0 partnership", "gq a6", "gd f1", "gp f2", "rq f6", "yq e6", "bp a1"), "roll aim", "a1b1", "end")
	if p.seat != 1 || p.Outcome().Finished {
		t.Errorf("br begins with its blue pawn on b1, yet: %s", p)
	}
	p = play(t, at(t, "-,-,-,-", "bl - 0 partnership", "gq a6", "gd f1", "gp f2", "rq f6", "yq e6", "yp a1"), "roll aim", "a1b1", "end")
	if o := p.Outcome(); !o.Finished || o.Reason != "colour_gone" {
		t.Errorf("br begins without blue: %+v", o)
	}
	// max_turns: after every seat's turn of the last round, before the colour check.
	// After tl's aim 1 bl is blue with no blue on the board: both would end the game.
	p = at(t, "-,-,-,-", "tl - 3 max_turns=1", "gq a6", "yq b6", "gd f1", "gp f2")
	if p.Outcome().Finished {
		t.Fatal("the last seat has not played")
	}
	q := play(t, p, "roll aim", "aim 1", "end")
	if o := q.Outcome(); !o.Finished || o.Reason != "turn_limit" {
		t.Errorf("after the round: %+v in %s", o, q)
	}
}

// Scores count held pieces by the colours at the end: AIM can turn a plus into a minus.
func TestScoreFollowsColours(t *testing.T) {
	p := at(t, "bq,-,-,-", "bl - 0", "gq a6", "gd f1", "gp f2", "rq f6", "yq e6", "bp a1")
	if st := seatStanding(p, 0); st.plus != 3 || st.minus != 0 {
		t.Errorf("bl (green) holding the blue queen: %+v", st)
	}
	q := play(t, p, "roll aim", "aim 1")
	if st := seatStanding(q, 0); q.colourOf(0) != blue || st.plus != 0 || st.minus != 3 {
		t.Errorf("bl (blue after aim 1) holding the blue queen: %+v", st)
	}
}

// The ranking's tie-break chain, alone and with partners.
func TestRanking(t *testing.T) {
	// Scores 0: bl holds its green drone (-2) and the red drone (+2), tr its red pawn (-1) and the
	// green pawn (+1). Own pips: br 6, tl 6, bl 3, tr 3; each pair also ties on the largest piece
	// and the count, so the earlier seat goes first.
	p := at(t, "gdrd,-,rpgp,-", "bl - 4 max_turns=1", "gq a6", "bq f1", "bd e1", "bp f2", "rq f6", "yq a1", "yd b1", "yp a2")
	if o := p.Outcome(); !o.Finished || !slices.Equal(o.Scores, []int{0, 0, 0, 0}) || !slices.Equal(o.Ranking, []int{3, 1, 4, 2}) {
		t.Errorf("ranking by own pips then turn order: %+v", o)
	}
	// Scores 0 (tr holds its drone and pawn, -3, and the green queen, +3). bl: drone and pawn (3
	// pips, largest 2); tr: queen (3 pips, largest 3).
	p = at(t, "-,-,rdrpgq,-", "bl - 4 max_turns=1", "gd a6", "gp a5", "rq f6", "bq f1", "bd e1", "bp f2", "yq a1", "yd b1", "yp a2")
	if o := p.Outcome(); o.Scores[0] != o.Scores[2] || o.Ranking[2] >= o.Ranking[0] {
		t.Errorf("the larger piece should rank tr above bl: %+v", o)
	}
	// Every seat scores 3 and has its queen alone: with first=tr the order counts from tr.
	p = at(t, "rdrp,ydyp,gdgp,bdbp", "bl - 4 max_turns=1 first=tr", "gq a6", "rq f6", "bq f1", "yq a1")
	if o := p.Outcome(); !slices.Equal(o.Scores, []int{3, 3, 3, 3}) || !slices.Equal(o.Ranking, []int{3, 4, 1, 2}) {
		t.Errorf("turn order from tr: %+v", o)
	}
	// Partners, 7 points a side: bl+tr have 5 pips in 2 pieces (both bl's), br+tl 5 pips in 3 (one
	// of them br's), so br and tl win on the side's count.
	p = at(t, "bqbd,rqrd,yd,gprp", "bl - 4 max_turns=1 partnership", "gq a6", "gd b6", "bp f1", "yq a1", "yp a2")
	o := p.Outcome()
	if len(o.Teams) != 2 || o.Teams[0].Score != 7 || o.Teams[1].Score != 7 || o.Scores[0]+o.Scores[2] != 7 || o.Scores[1]+o.Scores[3] != 7 ||
		!slices.Equal(o.Winners, []int{1, 3}) || o.Teams[1].Place != 1 || o.Teams[0].Place != 2 {
		t.Errorf("partnership count tie-break: %+v", o)
	}
	// Partnership scores are sums: bl holds the yellow queen (+3), tr the blue pawn (+1) and its own
	// red drone (-2); br holds the green drone and pawn (+3), tl the red pawn and blue drone (+3)
	// and its own yellow drone (-2). Each seat keeps its own score; the teams add them up.
	p = at(t, "yq,gdgp,bprd,rpbdyd", "bl - 4 max_turns=1 partnership", "gq a6", "rq f6", "bq f1", "yp a1")
	if o := p.Outcome(); o.Teams[0].Score != 2 || o.Teams[1].Score != 4 || !slices.Equal(o.Scores, []int{3, 3, -1, 1}) || !slices.Equal(o.Winners, []int{1, 3}) {
		t.Errorf("partnership sums: %+v", o)
	}
}

// Options: the drone on the right, other coaster colours and the first seat change the start.
func TestStartOptions(t *testing.T) {
	pos, err := Variant.Start(engine.Options{
		optDroneRight: {Kind: engine.OptionString, String: "bl,tr"},
		optColours:    {Kind: engine.OptionString, String: "gbry"},
		optFirst:      {Kind: engine.OptionString, String: "tr"},
	})
	if err != nil {
		t.Fatal(err)
	}
	p := pos.(*Position)
	// Coasters tl green, tr blue, br red, bl yellow. Trios: bl gets the colour of br's coaster
	// (red), br of tr's (blue), tr of tl's (green), tl of bl's (yellow). bl and tr set the drone on
	// the right: bl's right, seen from its corner towards the centre, is along rank 1.
	want := map[string]string{"rq": "a1", "rd": "b1", "rp": "a2", "bq": "f1", "bd": "e1", "bp": "f2",
		"gq": "f6", "gd": "e6", "gp": "f5", "yq": "a6", "yd": "b6", "yp": "a5"}
	for name, square := range want {
		if got := p.squareOfPiece(pieceNamed(t, name)); got != square {
			t.Errorf("%s on %s, want %s (%s)", name, got, square, p)
		}
	}
	if p.seat != 2 {
		t.Errorf("first seat %s, want tr", seatNames[p.seat])
	}
	if p.colourOf(0) != yellow || p.colourOf(2) != blue {
		t.Errorf("colours follow the coasters: bl %s tr %s", colourNames[p.colourOf(0)], colourNames[p.colourOf(2)])
	}
}

func pieceNamed(t *testing.T, name string) int {
	t.Helper()
	pc, ok := parsePiece(name)
	if !ok {
		t.Fatalf("no piece %s", name)
	}
	return pc
}

func sq(name string) int { return int(name[1]-'1')*6 + int(name[0]-'a') }

func (p *Position) squareOfPiece(pc int) string {
	if l := int(p.loc[pc]); l >= 0 && l < squares {
		return squareName(l)
	}
	return "-"
}

// With partners the sides' sums are reported while the game goes on: score parts and tie-breaks.
func TestPartnershipStandingsWhilePlaying(t *testing.T) {
	p := at(t, "yq,gdgp,bprd,rpbdyd", "bl - 0 partnership", "gq a6", "rq f6", "bq f1", "yp a1")
	o := p.Outcome()
	if o.Finished || len(o.Teams) != 2 || o.Teams[0].Place != 0 {
		t.Fatalf("ongoing partnership game: %+v", o)
	}
	// bl_tr: held others 3+1, own -2; on the board gq (bl) and rq (tr): 6 pips, largest 3, 2 pieces.
	got := fmt.Sprint(o.Teams[0].Score, o.Teams[0].Parts, o.Teams[0].TieBreaks)
	if want := "2 [{held_other_colours 4} {held_own_colour -2}] [{own_pips_on_board 6} {largest_own_piece 3} {own_pieces_on_board 2} {turn_order 1}]"; got != want {
		t.Errorf("bl_tr: %s, want %s", got, want)
	}
}

// The variant's description draws the start table: the portals and dots where coasters.md puts
// them (the description is built when the package loads, so this catches an order of
// initialisation that leaves them unset).
func TestDescribedBoard(t *testing.T) {
	marks := map[string]string{}
	for _, m := range Variant.Describe().Board.Marks {
		marks[m.Name] = strings.Join(m.Squares, " ")
	}
	if marks["portal"] != "b5 e5 e2 b2" || marks["dot"] != "a6 f6 f1 a1" {
		t.Errorf("described marks %v", marks)
	}
}

// The structured position gives each seat's colour as it stands: AIM changes them.
func TestSeatColours(t *testing.T) {
	colours := func(p *Position) string {
		var out []string
		for _, pl := range p.Setup().Players {
			out = append(out, pl.Name+"="+pl.Color)
		}
		return strings.Join(out, " ")
	}
	p := start(defaultRules)
	if got := colours(p); got != "bl=green br=blue tr=red tl=yellow" {
		t.Errorf("start: %s", got)
	}
	if got := colours(play(t, p, "roll aim", "aim 1")); got != "bl=blue br=red tr=yellow tl=green" {
		t.Errorf("after aim 1: %s", got)
	}
}

// Tactics: the noisy actions are the captures, each gaining the taken piece's pips.
func TestTactics(t *testing.T) {
	p := play(t, at(t, "-,-,-,-", "bl - 0", "gq a6", "gd f4", "yp e6", "gp a3", "rp a2", "bp a1", "bd b1"), "roll aim")
	var noisy []string
	for _, m := range p.Noisy(nil) {
		noisy = append(noisy, fmt.Sprintf("%s:%g", p.Notation(m), p.Gain(m)))
	}
	slices.Sort(noisy)
	// The blue pawn, the green pawn and the blue drone (b1 N b2, b2 W a2) take the red pawn, which
	// may take the blue pawn; the green drone on f4 is a step short of the yellow pawn on e6.
	if got := strings.Join(noisy, " "); got != "a1a2:1 a2a1:1 a3a2:1 b1a2:1" {
		t.Errorf("noisy: %s", got)
	}
}

// Illegal actions get reasons in a player's words.
func TestReasons(t *testing.T) {
	startAim := "y0r1b2g3 gqgd2ypyq/gp4yd/6/6/bd4rp/bqbp2rdrq -,-,-,- bl aim 0"
	partners := at(t, "-,-,-,-", "bl aim 0 partnership", "gq a6", "gd f4", "yp e6", "gp a3", "rp a2", "bp a1", "bd b1").String()
	for _, c := range []struct{ text, action, want string }{
		{startText, "a2a3", "roll the Treehouse die first"},
		{startAim, "roll aim", "the die is rolled already this turn"},
		{startAim, "c4c5", "there is no piece on c4"},
		{startAim, "f1e3", "bl moves pieces of green and pieces on the green coaster, not the red queen on f1"},
		{startAim, "a1c3", "the blue queen on a1 cannot reach c3 within 3 steps along the arrows and portal jumps"},
		{startAim, "a1b5", "the blue queen on a1 cannot reach b5 within 3 steps: the way is blocked (a move passes only empty squares, and a jump from a portal with pips left must go on)"},
		{startAim, "a1a2", "the blue queen may not take a piece of its own colour, the blue drone on a2"},
		{startAim, "b6a6", "you may not take a piece of your own colour, the green queen on a6"},
		{startAim, "swap tl br", "the die shows aim, not swap"},
		{startAim, "enter gq", "bl does not hold the green queen"},
		{startAim, "end", "make the move or the die action before ending the turn"},
		{startAim, "pass", "pass only when neither a move nor the die action is possible"},
		{partners, "a1a2", "you may not take your partner's red pawn on a2"},
		{partners, "a2a3", "the red pawn on a2 is your partner's colour: you may not move it"},
		{partners, "b1a1", "the blue drone may not take a piece of its own colour, the blue pawn on a1"},
		{partners, "a3a2", "you may not take your partner's red pawn on a2"},
		{"y0r1b2g3 gqgd3yq/gp4yd/6/6/bdyp3rp/bqbp2rdrq -,-,-,- bl aim!clear 0", "aim 1", "your portal is occupied: move the yellow pawn off b2 first"},
		{"y0r1b2g3 gqgd2ypyq/5yd/6/6/bd4rp/bqbp2rdrq gp,-,-,- bl aim!enter 0", "a2a3", "you hold a piece of your colour and your portal b2 is empty: re-enter it first"},
		{"y0r1b2g3 gqgd2ypyq/5yd/6/6/bd4rp/bqbp2rdrq -,gp,-,- bl dig 0", "a2a3", "DIG is compulsory: take back a piece of green held by another seat first"},
		{"y0r1b2g3 gqgd2ypyq/5yd/6/6/bd4rp/bqbp2rdrq -,gp,-,- bl dig 0", "dig bp", "you may dig only pieces of your colour, green, not the blue pawn"},
		{"y0r1b2g3 gqgd2ypyq/5yd/6/6/bd4rp/bqbp2rdrq -,gp,-,- bl wild:m 0", "dig gp", "DIG through WILD comes only before the move"},
		{"y0r1b2g3 gqgd2ypyq/5yd/6/6/bd4rp/bqbp2rdrq -,gp,-,- bl wild 0", "dig gq", "the green queen stands on a6, no one holds it"},
		{"y0r1b2g3 gqgd2ypyq/gp4yd/6/6/bd4rp/bqbp2rdrq -,-,-,- bl hop 0", "hop a2@c4", "c4 is not a portal"},
		{"y0r1b2g3 gqgd2ypyq/gp4yd/6/6/bd4rp/bqbp2rdrq -,-,-,- bl hop 0", "hop a1@b2", "the blue queen on a1 has no legal move, so it may not hop"},
		{"y0r1b2g3 gqgd2yp1/gp3ydyq/6/6/bd4rp/bqbp2rdrq -,-,-,- bl hop 0", "hop a2@e5", "the portal e5 is occupied: HOP never captures"},
		{"y0r1b2g3 gqgd2ypyq/5yd/6/6/bdgp3rp/bqbp2rdrq -,-,-,- bl wild:m^gp 0", "b2b3", "the green pawn was re-entered this turn and may not move again"},
		{"y0r1b2g3 gqgd2ypyq/gp4yd/6/6/bd4rp/bqbp2rdrq -,-,-,- bl aim:m 0", "a2a3", "the move of this turn is made"},
	} {
		p := parse(t, c.text)
		_, err := p.ParseMove(c.action)
		if err == nil || !strings.HasSuffix(err.Error(), ": "+c.want) {
			t.Errorf("%s, %s: %v, want %q", c.text, c.action, err, c.want)
		}
	}
}

// Every well-formed action that is illegal in random positions gets a specific reason, never the
// generic one.
func TestEveryIllegalActionHasAReason(t *testing.T) {
	var candidates []string
	for a := 0; a < squares; a++ {
		for b := 0; b < squares; b++ {
			if a != b {
				candidates = append(candidates, squareName(a)+squareName(b), "hop "+squareName(a)+"@"+squareName(b))
			}
		}
	}
	for _, n := range pieceNames {
		candidates = append(candidates, "enter "+n, "dig "+n)
	}
	for _, name := range []string{"aim 1", "aim 2", "aim 3", "tip 1", "tip 2", "tip 3", "swap tl br", "swap tr bl", "end", "pass", "roll aim", "roll dig", "roll wild"} {
		candidates = append(candidates, name)
	}
	rng := rand.New(rand.NewPCG(3, 3))
	checked := 0
	for game, r := range []*rules{defaultRules, {players: 2, partnership: true, colours: defaultColours}, defaultRules} {
		p := start(r)
		for ply := 0; ply < 150 && !p.over; ply++ {
			if ply%3 == game%3 {
				for _, c := range candidates {
					if _, err := p.ParseMove(c); err != nil {
						checked++
						if strings.Contains(err.Error(), "not a legal action in this position") {
							t.Fatalf("%s, %s: %v", p, c, err)
						}
					}
				}
			}
			moves := p.Moves(nil)
			var next Position
			p.apply(moves[rng.IntN(len(moves))], &next)
			p = &next
		}
	}
	if checked < 10000 {
		t.Errorf("only %d illegal actions checked", checked)
	}
}

// A rolled DIG waits for the compulsory clearing of the portal; the move is then made, so the dug
// piece stays held and the turn passes.
func TestDigAfterClearing(t *testing.T) {
	p := play(t, at(t, "-,-,-,gp", "bl - 0", "gq a6", "gd f1", "yp b2"), "roll dig")
	if acts := actions(p); len(acts) == 0 || len(startingAt(acts, "b2")) != len(acts) {
		t.Fatalf("clearing comes before DIG: %v", acts)
	}
	p = play(t, p, "b2a2")
	if got := strings.Join(actions(p), " "); got != "dig gp" {
		t.Fatalf("after clearing, the DIG still owed: %s", got)
	}
	p = play(t, p, "dig gp")
	if p.seat != 1 || p.loc[pieceNamed(t, "gp")] != heldBy+0 {
		t.Errorf("after the DIG the turn passes and bl holds the pawn: %s", p)
	}
}

// TIP turns every coaster about its centre with its pieces: a piece on a portal stays there, a
// corner piece goes to the next corner clockwise.
func TestTipKeepsPortals(t *testing.T) {
	p := play(t, at(t, "-,-,-,-", "bl - 0", "gq a6", "gd b5", "gp e5", "yq a1"), "roll tip", "tip 1")
	for name, square := range map[string]string{"gd": "b5", "gp": "e5", "gq": "c6", "yq": "a3"} {
		if got := p.squareOfPiece(pieceNamed(t, name)); got != square {
			t.Errorf("after tip 1 the %s stands on %s, want %s (%s)", name, got, square, p)
		}
	}
}
