package martianchess

// An independent, deliberately naive reference move generator, written from the rules files
// (martian-chess.md, coaster-chess.md, coasters.md) alone: a plain board of letters, rays for the
// grid, a fresh walk of the coaster arrows. It shares nothing with the engine but the position
// text, so the engine and the reference agreeing on every action and every resulting position is
// evidence about the rules, not about shared code.

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/coaster"
	"github.com/ashtapada/ashtapada/engine/internal/perfttable"
)

// refCoasterExits is the exits table of coasters.md ("the board with dots on the outer
// corners"), typed afresh: rank 6 first, files a-f.
var refCoasterExits = [6][6]string{
	{"NES", "ESW", "NEW", "NSW", "NES", "ESW"},
	{"NEW", "NES", "NES", "NESW", "ESW", "NSW"},
	{"ESW", "NESW", "NEW", "NES", "ESW", "NES"},
	{"NSW", "NEW", "NSW", "ESW", "NESW", "NEW"},
	{"NES", "NEW", "NESW", "NSW", "NSW", "ESW"},
	{"NEW", "NSW", "NES", "ESW", "NEW", "NSW"},
}

// refPos is the reference's position: one letter per square ('.' empty), files x ranks, square
// index rank*files+file from a1.
type refPos struct {
	coaster       bool
	files, ranks  int
	players       int
	teams         bool
	board         []byte
	side          int
	pile          [4]map[byte]int
	clock         int // -1 before the call
	rejFrom, rejT int // -1: no barred way back
	move          int
}

func refPips(k byte) int { return map[byte]int{'p': 1, 'd': 2, 'q': 3}[k] }

// zone is the seat owning a square: halves by rank for 2 players (south the lower half), quarters
// for 4 (sw, nw, ne, se).
func (p *refPos) zone(sq int) int {
	f, r := sq%p.files, sq/p.files
	north := r >= p.ranks/2
	if p.players == 2 {
		if north {
			return 1
		}
		return 0
	}
	west := f < p.files/2
	switch {
	case west && !north:
		return 0
	case west && north:
		return 1
	case !west && north:
		return 2
	}
	return 3
}

func (p *refPos) name(sq int) string {
	return string(rune('a'+sq%p.files)) + strconv.Itoa(sq/p.files+1)
}

func refParse(game, text string) (*refPos, error) {
	f := strings.Fields(text)
	if len(f) < 6 {
		return nil, fmt.Errorf("short text %q", text)
	}
	p := &refPos{coaster: game == CoasterChess, clock: -1, rejFrom: -1, rejT: -1}
	piles := strings.Split(f[2], ",")
	p.players = len(piles)
	p.teams = len(f) == 7 && f[6] == "teams"
	p.files, p.ranks = 4, 8
	if p.players == 4 {
		p.files = 8
	}
	if p.coaster {
		p.files, p.ranks = 6, 6
	}
	p.board = make([]byte, p.files*p.ranks)
	rows := strings.Split(f[0], "/")
	for i, row := range rows {
		r := p.ranks - 1 - i
		file := 0
		for _, c := range []byte(row) {
			if c >= '1' && c <= '9' {
				for range int(c - '0') {
					p.board[r*p.files+file] = '.'
					file++
				}
				continue
			}
			p.board[r*p.files+file] = c
			file++
		}
	}
	tokens := []string{"s", "n"}
	if p.players == 4 {
		tokens = []string{"sw", "nw", "ne", "se"}
	}
	p.side = slices.Index(tokens, f[1])
	for i, s := range piles {
		p.pile[i] = map[byte]int{}
		if s != "-" {
			for _, c := range []byte(s) {
				p.pile[i][c]++
			}
		}
	}
	if f[3] != "-" {
		p.clock, _ = strconv.Atoi(f[3])
	}
	if f[4] != "-" {
		p.rejFrom = p.square(f[4][:2])
		p.rejT = p.square(f[4][2:])
	}
	p.move, _ = strconv.Atoi(f[5])
	return p, nil
}

func (p *refPos) square(s string) int {
	return int(s[1]-'1')*p.files + int(s[0]-'a')
}

func (p *refPos) String() string {
	var rows []string
	for r := p.ranks - 1; r >= 0; r-- {
		row, empty := "", 0
		for f := 0; f < p.files; f++ {
			c := p.board[r*p.files+f]
			if c == '.' {
				empty++
				continue
			}
			if empty > 0 {
				row += strconv.Itoa(empty)
				empty = 0
			}
			row += string(c)
		}
		if empty > 0 {
			row += strconv.Itoa(empty)
		}
		rows = append(rows, row)
	}
	tokens := []string{"s", "n"}
	if p.players == 4 {
		tokens = []string{"sw", "nw", "ne", "se"}
	}
	var piles []string
	for s := 0; s < p.players; s++ {
		t := strings.Repeat("q", p.pile[s]['q']) + strings.Repeat("d", p.pile[s]['d']) + strings.Repeat("p", p.pile[s]['p'])
		if t == "" {
			t = "-"
		}
		piles = append(piles, t)
	}
	clock, rej := "-", "-"
	if p.clock >= 0 {
		clock = strconv.Itoa(p.clock)
	}
	if p.rejT >= 0 {
		rej = p.name(p.rejFrom) + p.name(p.rejT)
	}
	out := strings.Join([]string{strings.Join(rows, "/"), tokens[p.side], strings.Join(piles, ","), clock, rej, strconv.Itoa(p.move)}, " ")
	if p.teams {
		out += " teams"
	}
	return out
}

func (p *refPos) clone() *refPos {
	q := *p
	q.board = slices.Clone(p.board)
	for s := range p.players {
		q.pile[s] = map[byte]int{'q': p.pile[s]['q'], 'd': p.pile[s]['d'], 'p': p.pile[s]['p']}
	}
	return &q
}

// targets lists the squares the piece on sq may end on by its movement alone: no jumping, the
// last square may be occupied.
func (p *refPos) targets(sq int) []int {
	k := p.board[sq]
	if p.coaster {
		return p.coasterTargets(sq, refPips(k))
	}
	diag := [][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
	orth := [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	var dirs [][2]int
	n := 0
	switch k {
	case 'p':
		dirs, n = diag, 1
	case 'd':
		dirs, n = orth, 2
	case 'q':
		dirs, n = append(diag, orth...), 100
	}
	var out []int
	for _, d := range dirs {
		f, r := sq%p.files, sq/p.files
		for i := 0; i < n; i++ {
			f, r = f+d[0], r+d[1]
			if f < 0 || r < 0 || f >= p.files || r >= p.ranks {
				break
			}
			t := r*p.files + f
			out = append(out, t)
			if p.board[t] != '.' {
				break
			}
		}
	}
	return out
}

// coasterTargets walks the arrows: up to steps steps, never revisiting a space, through empty
// spaces only.
func (p *refPos) coasterTargets(from, steps int) []int {
	seen := map[int]bool{}
	var walk func(sq, left int, visited map[int]bool)
	walk = func(sq, left int, visited map[int]bool) {
		f, r := sq%6, sq/6
		exits := refCoasterExits[5-r][f]
		for _, e := range exits {
			nf, nr := f, r
			switch e {
			case 'N':
				nr++
			case 'S':
				nr--
			case 'E':
				nf++
			case 'W':
				nf--
			}
			if nf < 0 || nr < 0 || nf >= 6 || nr >= 6 {
				continue
			}
			t := nr*6 + nf
			if visited[t] {
				continue
			}
			seen[t] = true
			if p.board[t] == '.' && left > 1 {
				v := map[int]bool{t: true}
				for s := range visited {
					v[s] = true
				}
				walk(t, left-1, v)
			}
		}
	}
	walk(from, steps, map[int]bool{from: true})
	var out []int
	for t := range seen {
		out = append(out, t)
	}
	slices.Sort(out)
	return out
}

func (p *refPos) zoneEmpty() bool {
	for z := 0; z < p.players; z++ {
		empty := true
		for sq, c := range p.board {
			if c != '.' && p.zone(sq) == z {
				empty = false
			}
		}
		if empty {
			return true
		}
	}
	return false
}

func (p *refPos) over() (bool, string) {
	if p.zoneEmpty() {
		return true, "zone_empty"
	}
	if p.clock >= 7 {
		return true, "clock"
	}
	return false, ""
}

// result is what a legal move does: the landing piece and what it captures ('.' for nothing).
func (p *refPos) result(from, to int) (landing, captured byte, ok bool) {
	k, t := p.board[from], p.board[to]
	if p.players == 2 && from == p.rejT && to == p.rejFrom {
		return 0, 0, false // no rejection
	}
	if t == '.' {
		return k, '.', true
	}
	if p.zone(to) != p.side {
		return k, t, true
	}
	hasQueen, hasDrone := false, false
	for sq, c := range p.board {
		if p.zone(sq) == p.side {
			hasQueen = hasQueen || c == 'q'
			hasDrone = hasDrone || c == 'd'
		}
	}
	switch {
	case (k == 'd' && t == 'p' || k == 'p' && t == 'd') && !hasQueen:
		return 'q', '.', true
	case k == 'p' && t == 'p' && !hasDrone:
		return 'd', '.', true
	}
	return 0, 0, false
}

// actions lists every legal action's text, sorted.
func (p *refPos) actions() []string {
	if over, _ := p.over(); over {
		return nil
	}
	var out []string
	for from, c := range p.board {
		if c == '.' || p.zone(from) != p.side {
			continue
		}
		for _, to := range p.targets(from) {
			if _, _, ok := p.result(from, to); ok {
				out = append(out, p.name(from)+p.name(to))
				if p.clock < 0 {
					out = append(out, p.name(from)+p.name(to)+"+clock")
				}
			}
		}
	}
	if len(out) == 0 {
		out = append(out, "pass")
	}
	slices.Sort(out)
	return out
}

func (p *refPos) play(a string) *refPos {
	q := p.clone()
	q.rejFrom, q.rejT = -1, -1
	capture := false
	call := strings.HasSuffix(a, "+clock")
	if a != "pass" {
		from, to := p.square(a[:2]), p.square(a[2:4])
		landing, captured, _ := p.result(from, to)
		if captured != '.' {
			capture = true
			q.pile[p.side][captured]++
		}
		q.board[from], q.board[to] = '.', landing
		if p.players == 2 && p.zone(from) != p.zone(to) {
			q.rejFrom, q.rejT = from, to
		}
	}
	switch {
	case call && capture:
		q.clock = 0
	case call:
		q.clock = 1
	case p.clock >= 0 && capture:
		q.clock = 0
	case p.clock >= 0:
		q.clock = p.clock + 1
	}
	q.side = (p.side + 1) % p.players
	if q.side == 0 {
		q.move++
	}
	return q
}

// winners follows "Ties at the end": the leaders (by team in team play), narrowed to the last
// mover's side when a zone emptied and he is among them; everyone tied, or several tied at the
// clock's end, is a draw (none listed).
func (p *refPos) winners() []int {
	pts := make([]int, p.players)
	for s := range p.players {
		pts[s] = p.pile[s]['p'] + 2*p.pile[s]['d'] + 3*p.pile[s]['q']
	}
	if p.teams {
		a, b := pts[0]+pts[2], pts[1]+pts[3]
		pts = []int{a, b, a, b}
	}
	best := slices.Max(pts)
	var lead []int
	for s, v := range pts {
		if v == best {
			lead = append(lead, s)
		}
	}
	last := (p.side + p.players - 1) % p.players
	_, why := p.over()
	if why == "clock" && !p.teams && len(lead) > 1 {
		return nil // at the clock's end a tie is a draw
	}
	if why == "zone_empty" && slices.Contains(lead, last) {
		lead = []int{last}
		if p.teams {
			lead = []int{last % 2, last%2 + 2}
		}
	}
	if len(lead) == p.players {
		return nil
	}
	return lead
}

func (p *refPos) perft(depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	for _, a := range p.actions() {
		n += p.play(a).perft(depth - 1)
	}
	return n
}

// refCompare checks the engine against the reference at one position: the actions, the position
// after each, and the outcome. It returns the engine's successors by action text.
func refCompare(t *testing.T, game string, pos *Position) map[string]*Position {
	t.Helper()
	text := pos.String()
	ref, err := refParse(game, text)
	if err != nil {
		t.Fatal(err)
	}
	if ref.String() != text {
		t.Fatalf("reference reads %s back as %s", text, ref.String())
	}
	var got []string
	next := map[string]*Position{}
	for _, m := range pos.Moves(nil) {
		a := pos.Notation(m)
		got = append(got, a)
		n, _ := pos.Play(m)
		next[a] = n.(*Position)
	}
	slices.Sort(got)
	if c := pos.CountMoves(); c != uint64(len(got)) {
		t.Fatalf("%s %s: CountMoves %d, Moves lists %d", game, text, c, len(got))
	}
	want := ref.actions()
	if !slices.Equal(got, want) {
		t.Fatalf("%s %s: engine actions\n%v\nreference\n%v", game, text, got, want)
	}
	for _, a := range want {
		if g, w := next[a].String(), ref.play(a).String(); g != w {
			t.Fatalf("%s %s after %s: engine %s, reference %s", game, text, a, g, w)
		}
	}
	for _, a := range want {
		refCount(ref, a)
	}
	o := pos.Outcome()
	over, why := ref.over()
	if o.Finished != over || o.Reason != why {
		t.Fatalf("%s %s: engine finished %v %q, reference %v %q", game, text, o.Finished, o.Reason, over, why)
	}
	if over {
		refSeen[why]++
	}
	if over && !slices.Equal(o.Winners, ref.winners()) {
		t.Fatalf("%s %s: engine winners %v, reference %v", game, text, o.Winners, ref.winners())
	}
	return next
}

// refSeen counts the rules the comparisons exercised, so the tests can insist each one did.
var refSeen = map[string]int{}

func refCount(p *refPos, a string) {
	switch {
	case a == "pass":
		refSeen["pass"]++
		return
	case strings.HasSuffix(a, "+clock"):
		refSeen["call"]++
	}
	from, to := p.square(a[:2]), p.square(a[2:4])
	landing, captured, _ := p.result(from, to)
	switch {
	case captured != '.':
		refSeen["capture"]++
		if p.players == 4 && p.teams && p.zone(to)%2 == p.side%2 {
			refSeen["partner_capture"]++
		}
	case landing != p.board[from]:
		refSeen["merge_"+string(landing)]++
	}
	if p.zone(from) != p.zone(to) {
		refSeen["cross"]++
	}
	if p.players == 2 && from == p.rejT {
		refSeen["after_crossing"]++
	}
}

func refVariant(game string) engine.Variant {
	if game == CoasterChess {
		return CoasterChessVariant
	}
	return MartianChessVariant
}

var refOpts = []engine.Options{nil, {optPlayers: {Kind: engine.OptionInt, Int: 4}},
	{optPlayers: {Kind: engine.OptionInt, Int: 4}, optTeams: {Kind: engine.OptionBool, Bool: true}}}

// refGame plays one seeded random game from text, comparing at every position. The clock is
// called rarely so that games run long enough to reach captures, merges and emptied zones.
func refGame(t *testing.T, game, text string, rng *rand.Rand, plies int) {
	t.Helper()
	pos, err := refVariant(game).Parse(text)
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	p := pos.(*Position)
	for range plies {
		next := refCompare(t, game, p)
		if len(next) == 0 {
			return
		}
		var plain, calls []string
		for a := range next {
			if strings.HasSuffix(a, "+clock") {
				calls = append(calls, a)
			} else {
				plain = append(plain, a)
			}
		}
		slices.Sort(plain)
		slices.Sort(calls)
		pick := plain
		if len(calls) > 0 && rng.IntN(40) == 0 || len(plain) == 0 {
			pick = calls
		}
		p = next[pick[rng.IntN(len(pick))]]
	}
}

func TestReferenceRandomGames(t *testing.T) {
	games := 40
	if testing.Short() {
		games = 8
	}
	for _, game := range []string{MartianChess, CoasterChess} {
		for _, opts := range refOpts {
			start, err := refVariant(game).Start(opts)
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(7, uint64(len(opts))))
			for range games {
				refGame(t, game, start.String(), rng, 300)
			}
		}
	}
	for _, k := range []string{"call", "capture", "partner_capture", "merge_q", "merge_d", "cross", "after_crossing", "zone_empty", "clock"} {
		if refSeen[k] == 0 {
			t.Errorf("no position reached %s: %v", k, refSeen)
		}
	}
	t.Logf("rules exercised: %v", refSeen)
}

// refSpecial are positions built to reach every rule at once: merges of both kinds, pieces that
// just crossed, the clock about to run out, a zone about to empty, passes.
var refSpecial = []struct{ game, text string }{
	// South has no queen: drone onto pawn and pawn onto drone make queens; no drone in north.
	{MartianChess, "4/1p2/p1p1/4/4/1p2/pd2/dp2 s -,- - - 1"},
	{MartianChess, "4/1p2/p1p1/4/4/1p2/pd2/dp2 n -,- - - 1"},
	// A pawn just crossed from c5 to d4: it may not go back to c5, even capturing.
	{MartianChess, "4/1qd1/2pp/3q/3p/4/1d2/q3 s -,- - c5d4 1"},
	// A queen just crossed from c4 to d5: only that square is barred, not the rest of the ray.
	{MartianChess, "4/4/1p2/3q/4/p3/1d2/q3 n -,- - c4d5 7"},
	// The clock at 5 and 6: a capture restarts it, the seventh quiet move ends the game.
	{MartianChess, "q3/1d2/1p2/3p/2p1/1d2/4/3q s p,q 5 - 9"},
	{MartianChess, "q3/1d2/1p2/3p/2p1/1d2/4/3q n p,q 6 - 9"},
	// North's last piece can be captured or walk out: the zone empties.
	{MartianChess, "4/4/4/2p1/1d2/4/1q2/q3 n d,- - - 3"},
	{MartianChess, "4/4/4/2p1/1d2/4/1q2/q3 s d,- - - 3"},
	{MartianChess, "4/4/4/2p1/1d2/4/1q2/q3 s d,- 6 - 3"},
	// Four players: merges, a seat about to lose its last piece, captures from a partner.
	{MartianChess, "q6p/8/8/3p4/4d3/8/1pd5/dp5q nw p,-,d,q 4 - 5"},
	{MartianChess, "q6p/8/8/3p4/4d3/8/1pd5/dp5q ne p,-,d,q - - 5 teams"},
	{MartianChess, "q7/8/8/3pp3/3dd3/8/1pd5/dp5q sw -,-,-,- 5 - 5 teams"},
	// Coasters: one-way arrows, merges along arrows, crossings between halves, the clock.
	{CoasterChess, "q3dq/5p/2p3/3d2/pd4/qp3q s -,- - - 1"},
	{CoasterChess, "q3dq/5p/2p3/3d2/pd4/qp3q n -,- 6 - 1"},
	{CoasterChess, "q3d1/5p/2p3/3d1q/pd4/qp4 s -,- - f4f3 4"},
	{CoasterChess, "2p2q/d4p/1p4/6/p3dd/qd3q ne q,-,d,p 5 - 6"},
	{CoasterChess, "2p2q/d4p/1p4/6/p3dd/qd3q se q,-,d,p - - 6 teams"},
	{CoasterChess, "6/1p4/6/6/1q4/6 s -,- - - 1"},
}

func TestReferenceSpecial(t *testing.T) {
	plies := 60
	if testing.Short() {
		plies = 20
	}
	for i, s := range refSpecial {
		if _, err := refVariant(s.game).Parse(s.text); err != nil {
			t.Errorf("%s: %v", s.text, err)
			continue
		}
		if ref, _ := refParse(s.game, s.text); len(ref.actions()) == 0 {
			t.Errorf("%s: the game is already over, so it tests nothing", s.text)
		}
		rng := rand.New(rand.NewPCG(11, uint64(i)))
		for range 20 {
			refGame(t, s.game, s.text, rng, plies)
		}
	}
}

// TestReferencePerftTable checks every row of the perft table with the reference, to depth 4.
func TestReferencePerftTable(t *testing.T) {
	rows, err := perfttable.Read("testdata/perft.txt", 3)
	if err != nil {
		t.Fatal(err)
	}
	maxDepth := 4
	if testing.Short() {
		maxDepth = 2
	}
	for _, r := range rows {
		ref, err := refParse(r[0], r[1])
		if err != nil {
			t.Fatal(err)
		}
		counts, err := perfttable.Counts(r[2])
		if err != nil {
			t.Fatal(err)
		}
		for depth, want := range counts {
			if depth > maxDepth {
				continue
			}
			if got := ref.perft(depth); got != want {
				t.Errorf("%s reference perft(%s, %d) = %d, want %d", r[0], r[1], depth, got, want)
			}
		}
	}
}

// TestReferenceCoasterExits checks the typed exits table against the layout's data, and the
// counts coasters.md gives for it.
func TestReferenceCoasterExits(t *testing.T) {
	ex := coaster.StartLayout.Exits()
	twoWay, oneWay, off := 0, 0, 0
	dirs := map[rune][3]int{'N': {0, 1, 'S'}, 'E': {1, 0, 'W'}, 'S': {0, -1, 'N'}, 'W': {-1, 0, 'E'}}
	for r := 0; r < 6; r++ {
		for f := 0; f < 6; f++ {
			s := refCoasterExits[5-r][f]
			if got := ex[r*6+f].String(); got != s {
				t.Errorf("%c%d: layout %s, coasters.md %s", 'a'+f, r+1, got, s)
			}
			for _, e := range s {
				d := dirs[e]
				nf, nr := f+d[0], r+d[1]
				switch {
				case nf < 0 || nr < 0 || nf >= 6 || nr >= 6:
					off++
				case strings.ContainsRune(refCoasterExits[5-nr][nf], rune(d[2])):
					twoWay++ // counted from both ends
				default:
					oneWay++
				}
			}
		}
	}
	if twoWay != 80 || oneWay != 16 || off != 16 {
		t.Errorf("two-way %d (want 40 each way), one-way %d, off the board %d; want 80, 16, 16", twoWay, oneWay, off)
	}
}

// TestReferenceRandomPositions compares on random boards, sparse and crowded, with the clock and
// a barred way back set at random: they reach merges and blocked pieces that games rarely do.
func TestReferenceRandomPositions(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 400
	}
	rng := rand.New(rand.NewPCG(3, 4))
	compared := 0
	for i := range n {
		game := []string{MartianChess, CoasterChess}[i%2]
		start, err := refVariant(game).Start(refOpts[i/2%3])
		if err != nil {
			t.Fatal(err)
		}
		p, _ := refParse(game, start.String())
		fill := 1 + rng.IntN(len(p.board))
		for sq := range p.board {
			p.board[sq] = '.'
			if rng.IntN(len(p.board)) < fill {
				p.board[sq] = "pdq"[rng.IntN(3)]
			}
		}
		p.side = rng.IntN(p.players)
		p.clock = rng.IntN(9) - 1
		if p.players == 2 && rng.IntN(2) == 0 {
			// A crossing into the mover's zone from an empty square of the other zone.
			p.rejFrom, p.rejT = rng.IntN(len(p.board)), rng.IntN(len(p.board))
		}
		pos, err := refVariant(game).Parse(p.String())
		if err != nil {
			continue // a crossing the position cannot have had
		}
		refCompare(t, game, pos.(*Position))
		compared++
	}
	if compared < n/2 {
		t.Errorf("only %d of %d random positions parsed", compared, n)
	}
}
