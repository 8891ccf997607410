package ramayana

// A deliberately naive reference move generator written from the rules file alone: it shares no
// tables or code with movegen.go/position.go, only the Layout data (which squares exist) and the
// text notation of positions and actions, so that the engine can be checked against it.

import (
	"fmt"
	"math/rand"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/engine/internal/perfttable"
)

// refPiece is a letter as in the position text ("R", "+R", "=U", "K", ...) and an owner: 0
// yellow, 1 red, 2 the neutral Rakshasa. The empty square has letter "".
type refPiece struct {
	letter string
	owner  int
}

type refPos struct {
	board       [16][10]refPiece // [rank][file], 0-based
	side        int
	quiet, move int
}

type refSq struct{ f, r int }

func (s refSq) String() string { return string(rune('a'+s.f)) + strconv.Itoa(s.r+1) }

var refExists, refIsland = func() (e, i map[refSq]bool) {
	e, i = map[refSq]bool{}, map[refSq]bool{}
	for _, reg := range Layout {
		for _, name := range reg.Squares {
			n, _ := strconv.Atoi(name[1:])
			s := refSq{int(name[0] - 'a'), n - 1}
			e[s] = true
			i[s] = reg.Kind != "mainland"
		}
	}
	return e, i
}()

func refParseSq(name string) refSq {
	n, _ := strconv.Atoi(name[1:])
	return refSq{int(name[0] - 'a'), n - 1}
}

// The Rakshasa start squares, lower rank first (the rules' set-up and respawn order).
var refHomes = []refSq{refParseSq("i8"), refParseSq("b9")}

// refRajahStart: yellow's Rajah starts on e2, red's on f15; a Rajah arriving on the other one's
// becomes a Maharajah.
var refRajahStart = [2]refSq{refParseSq("e2"), refParseSq("f15")}

func refParse(text string) refPos {
	var p refPos
	f := strings.Fields(text)
	for i, row := range strings.Split(f[0], "/") {
		r, file := 15-i, 0
		for j := 0; j < len(row); j++ {
			if row[j] >= '0' && row[j] <= '9' {
				k := j
				for k+1 < len(row) && row[k+1] >= '0' && row[k+1] <= '9' {
					k++
				}
				n, _ := strconv.Atoi(row[j : k+1])
				file += n
				j = k
				continue
			}
			l := ""
			if row[j] == '+' || row[j] == '=' {
				l = row[j : j+1]
				j++
			}
			ch := string(row[j])
			owner := 0
			if strings.ToLower(ch) == ch {
				owner = 1
			}
			l += strings.ToUpper(ch)
			if l == "K" {
				owner = 2
			}
			p.board[r][file] = refPiece{l, owner}
			file++
		}
	}
	if f[1] == "r" {
		p.side = 1
	}
	p.quiet, _ = strconv.Atoi(f[2])
	p.move, _ = strconv.Atoi(f[3])
	return p
}

func (p *refPos) text() string {
	var b strings.Builder
	for r := 15; r >= 0; r-- {
		empty := 0
		for f := 0; f < 10; f++ {
			pc := p.board[r][f]
			if pc.letter == "" {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteString(strconv.Itoa(empty))
			}
			empty = 0
			l := pc.letter
			if pc.owner == 1 {
				l = strings.ToLower(l)
			}
			b.WriteString(l)
		}
		if empty > 0 {
			b.WriteString(strconv.Itoa(empty))
		}
		if r > 0 {
			b.WriteString("/")
		}
	}
	return fmt.Sprintf("%s %s %d %d", b.String(), []string{"y", "r"}[p.side], p.quiet, p.move)
}

func (p *refPos) at(s refSq) refPiece { return p.board[s.r][s.f] }
func (p *refPos) set(s refSq, pc refPiece) {
	p.board[s.r][s.f] = pc
}

// refLeaps lists each piece's leaps as written in the rules' pieces table; every leap is used
// with all its symmetric images.
var refLeaps = map[string][][2]int{
	"R":  {{0, 1}, {1, 1}},         // K
	"+R": {{0, 1}, {1, 1}, {2, 2}}, // K + A
	"B":  {{1, 1}, {2, 2}, {0, 2}}, // F + A + D
	"W":  {{0, 2}, {2, 2}, {1, 2}}, // D + A + N
	"D":  {{1, 2}, {1, 1}, {1, 3}}, // N + F + (1,3)
	"Y":  {{1, 3}, {0, 1}},         // (1,3) + W
	"M":  {{0, 1}, {0, 2}},         // W + D
	"I":  {{1, 1}, {1, 2}},         // F + N
	"H":  {{1, 2}, {2, 2}},         // N + A
	"=U": {{1, 1}},                 // ferz (captures only)
}

func init() {
	for n := 1; n < 16; n++ {
		refLeaps["+U"] = append(refLeaps["+U"], [2]int{0, n})
		refLeaps["K"] = append(refLeaps["K"], [2]int{n, n})
	}
}

// refReach returns the existing squares a leaper of letter reaches from s.
func refReach(letter string, s refSq) []refSq {
	var out []refSq
	for _, a := range refLeaps[letter] {
		for _, d := range [][2]int{{a[0], a[1]}, {a[1], a[0]}} {
			for _, sf := range []int{1, -1} {
				for _, sr := range []int{1, -1} {
					t := refSq{s.f + sf*d[0], s.r + sr*d[1]}
					if refExists[t] && !slices.Contains(out, t) {
						out = append(out, t)
					}
				}
			}
		}
	}
	return out
}

func refForward(owner int) int { return 1 - 2*owner }

// refAttacks returns the squares where the piece on s could capture, ignoring what stands there.
func (p *refPos) refAttacks(s refSq) []refSq {
	pc := p.at(s)
	if pc.letter == "U" {
		var out []refSq
		for _, df := range []int{-1, 1} {
			if t := (refSq{s.f + df, s.r + refForward(pc.owner)}); refExists[t] {
				out = append(out, t)
			}
		}
		return out
	}
	return refReach(pc.letter, s)
}

func (p *refPos) hasAdjacent(s refSq, owner int) bool {
	for df := -1; df <= 1; df++ {
		for dr := -1; dr <= 1; dr++ {
			t := refSq{s.f + df, s.r + dr}
			if (df != 0 || dr != 0) && refExists[t] && p.at(t).letter != "" && p.at(t).owner == owner {
				return true
			}
		}
	}
	return false
}

// attackedBy: a piece of by could capture on t, or a Rakshasa with a piece of by beside it has t
// on a diagonal.
func (p *refPos) attackedBy(t refSq, by int) bool {
	for s := range refExists {
		pc := p.at(s)
		if pc.letter == "" {
			continue
		}
		if pc.owner == by || (pc.owner == 2 && p.hasAdjacent(s, by)) {
			if slices.Contains(p.refAttacks(s), t) {
				return true
			}
		}
	}
	return false
}

func (p *refPos) royalSq(pl int) (refSq, bool) {
	for s := range refExists {
		if pc := p.at(s); pc.owner == pl && (pc.letter == "R" || pc.letter == "+R") {
			return s, true
		}
	}
	return refSq{}, false
}

func (p *refPos) over() bool {
	if p.quiet >= 100 {
		return true
	}
	var n [2]int
	for s := range refExists {
		if pc := p.at(s); pc.letter != "" && pc.owner < 2 && pc.letter != "R" && pc.letter != "+R" {
			n[pc.owner]++
		}
	}
	return n[0] == 0 || n[1] == 0
}

// refAction is one action: its text and the position after it.
type refAction struct{ text, after string }

func (p *refPos) finish(next refPos, reset bool) refPos {
	if reset {
		next.quiet = 0
	} else {
		next.quiet++
	}
	if p.side == 1 {
		next.move++
	}
	next.side = 1 - p.side
	// Respawn, one Rakshasa at a time, i8 before b9.
	for _, h := range refHomes {
		n, buddha := 0, false
		for s := range refExists {
			n += b2i(next.at(s).letter == "K")
			buddha = buddha || next.at(s).letter == "+U"
		}
		if n < 2 && !buddha && next.at(h).letter == "" {
			next.set(h, refPiece{"K", 2})
		}
	}
	return next
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// refMoves returns the legal actions with their resulting positions, sorted by text.
func (p *refPos) refMoves() []refAction {
	if p.over() {
		return nil
	}
	me := p.side
	var out []refAction
	add := func(text string, next refPos) {
		if r, ok := next.royalSq(me); ok && next.attackedBy(r, 1-me) {
			return
		}
		out = append(out, refAction{text, next.text()})
	}
	for s := range refExists {
		pc := p.at(s)
		switch {
		case pc.letter == "":
		case pc.owner == 2:
			// Rakshasa moves, one per adjacent own payer.
			for df := -1; df <= 1; df++ {
				for dr := -1; dr <= 1; dr++ {
					pay := refSq{s.f + df, s.r + dr}
					if (df == 0 && dr == 0) || !refExists[pay] || p.at(pay).letter == "" || p.at(pay).owner != me {
						continue
					}
					for _, t := range refReach("K", s) {
						if tc := p.at(t); tc.letter != "" && tc.owner != 1-me {
							continue
						}
						next := *p
						reset := p.at(t).letter != ""
						next.set(s, refPiece{})
						next.set(t, pc)
						if l := p.at(pay).letter; l != "R" && l != "+R" {
							next.set(pay, refPiece{})
							reset = true
						}
						add(s.String()+t.String()+"^"+pay.String(), p.finish(next, reset))
					}
				}
			}
		case pc.owner != me:
		case pc.letter == "U":
			fwd := refSq{s.f, s.r + refForward(me)}
			if refExists[fwd] && p.at(fwd).letter == "" {
				p.refPawn(s, fwd, add)
			}
			for _, t := range p.refAttacks(s) {
				if tc := p.at(t); tc.letter != "" && tc.owner != me {
					p.refPawn(s, t, add)
				}
			}
		default:
			for _, t := range refReach(pc.letter, s) {
				tc := p.at(t)
				if tc.letter != "" && tc.owner == me || tc.letter == "" && pc.letter == "=U" {
					continue
				}
				next := *p
				next.set(s, refPiece{})
				moved := pc
				if pc.letter == "R" && t == refRajahStart[1-me] {
					moved.letter = "+R"
				}
				next.set(t, moved)
				add(s.String()+t.String(), p.finish(next, tc.letter != ""))
			}
		}
	}
	slices.SortFunc(out, func(a, b refAction) int { return strings.Compare(a.text, b.text) })
	return out
}

// refPawn adds an Untouchable's step or capture from s to t, with the last-row drop or Buddha.
func (p *refPos) refPawn(s, t refSq, add func(string, refPos)) {
	me := p.side
	next := *p
	next.set(s, refPiece{})
	next.set(t, refPiece{"U", me})
	text := s.String() + t.String()
	if t.r != 15*(1-me) {
		add(text, p.finish(next, true))
		return
	}
	// Drop squares are judged with the capture made and before respawn.
	var drops []refSq
	for d := range refExists {
		if refIsland[d] && next.at(d).letter == "" && !next.attackedBy(d, 1-me) {
			drops = append(drops, d)
		}
	}
	if len(drops) == 0 {
		next.set(t, refPiece{"+U", me})
		add(text+"=buddha", p.finish(next, true))
		return
	}
	for _, d := range drops {
		n := next
		n.set(t, refPiece{})
		n.set(d, refPiece{"=U", me})
		add(text+"@"+d.String(), p.finish(n, true))
	}
}

func refPerft(p refPos, depth int) uint64 {
	moves := p.refMoves()
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, a := range moves {
		n += refPerft(refParse(a.after), depth-1)
	}
	return n
}

// engineActions lists the engine's legal actions with their resulting positions, sorted.
func engineActions(p *Position) []refAction {
	var out []refAction
	var next Position
	for _, m := range p.Moves(nil) {
		p.apply(m, &next)
		out = append(out, refAction{p.Notation(m), next.String()})
	}
	slices.SortFunc(out, func(a, b refAction) int { return strings.Compare(a.text, b.text) })
	return out
}

// compareRef reports the first difference between the engine's and the reference's actions.
func compareRef(t *testing.T, p *Position) bool {
	t.Helper()
	text := p.String()
	rp := refParse(text)
	if rp.text() != text {
		t.Fatalf("reference text round trip: %s -> %s", text, rp.text())
	}
	got, want := engineActions(p), rp.refMoves()
	if slices.Equal(got, want) {
		return true
	}
	gm, wm := map[string]string{}, map[string]string{}
	for _, a := range got {
		gm[a.text] = a.after
	}
	for _, a := range want {
		wm[a.text] = a.after
	}
	var diffs []string
	for k, v := range gm {
		if w, ok := wm[k]; !ok {
			diffs = append(diffs, "engine only: "+k)
		} else if w != v {
			diffs = append(diffs, fmt.Sprintf("%s: engine gives %s, reference %s", k, v, w))
		}
	}
	for k := range wm {
		if _, ok := gm[k]; !ok {
			diffs = append(diffs, "reference only: "+k)
		}
	}
	slices.Sort(diffs)
	t.Errorf("%s:\n%s", text, strings.Join(diffs, "\n"))
	return false
}

// refRandomPosition places royals, Untouchables close to their last row, dropped Untouchables,
// Rakshasas (zero to two), sometimes a Buddha and a few other pieces at random, so that drops,
// Buddhas, Rakshasa moves and checks, promotion and respawn all come up.
func refRandomPosition(rng *rand.Rand) (Position, bool) {
	var sqs []refSq
	for s := range refExists {
		sqs = append(sqs, s)
	}
	slices.SortFunc(sqs, func(a, b refSq) int { return (a.r*10 + a.f) - (b.r*10 + b.f) })
	var rp refPos
	rp.move = 1 + rng.Intn(40)
	rp.side = rng.Intn(2)
	rp.quiet = rng.Intn(10)
	if rng.Intn(10) == 0 {
		rp.quiet = 97 + rng.Intn(4)
	}
	place := func(pc refPiece, ok func(refSq) bool) {
		for range 50 {
			s := sqs[rng.Intn(len(sqs))]
			if rp.at(s).letter == "" && (ok == nil || ok(s)) {
				rp.set(s, pc)
				return
			}
		}
	}
	anywhere := func(refSq) bool { return true }
	for pl := range 2 {
		royal := "R"
		if rng.Intn(3) == 0 {
			royal = "+R"
		}
		near := func(s refSq) bool { // near the enemy Rajah start or a Rakshasa start
			e := refRajahStart[1-pl]
			return abs(s.f-e.f)+abs(s.r-e.r) <= 3 || s.f <= 2 || s.f >= 7
		}
		if royal == "R" && rng.Intn(2) == 0 {
			place(refPiece{royal, pl}, near)
		} else {
			place(refPiece{royal, pl}, anywhere)
		}
		last := 15 * (1 - pl)
		for range rng.Intn(4) {
			place(refPiece{"U", pl}, func(s refSq) bool {
				return s.r != last && abs(s.r-last) <= 2 && !refIsland[s] || s.r != last && rng.Intn(8) == 0
			})
		}
		for range rng.Intn(3) {
			place(refPiece{"=U", pl}, func(s refSq) bool { return refIsland[s] })
		}
		if rng.Intn(6) == 0 {
			place(refPiece{"+U", pl}, anywhere)
		}
		others := []string{"B", "W", "D", "Y", "M", "I", "H"}
		for range rng.Intn(5) {
			place(refPiece{others[rng.Intn(len(others))], pl}, anywhere)
		}
	}
	// Crowded islands leave few or no drop squares, so that the Buddha comes up.
	if rng.Intn(4) == 0 {
		for _, s := range sqs {
			if refIsland[s] && rp.at(s).letter == "" && rng.Intn(8) != 0 {
				rp.set(s, refPiece{"=U", rng.Intn(2)})
			}
		}
	}
	for range rng.Intn(3) {
		if rng.Intn(2) == 0 {
			place(refPiece{"K", 2}, func(s refSq) bool { return slices.Contains(refHomes, s) })
		} else {
			place(refPiece{"K", 2}, anywhere)
		}
	}
	// A piece beside each Rakshasa, most of the time.
	for _, s := range sqs {
		if rp.at(s).letter == "K" && rng.Intn(4) != 0 {
			pl := rng.Intn(2)
			l := []string{"=U", "M", "I", "R"}[rng.Intn(3)]
			place(refPiece{l, pl}, func(t refSq) bool { return abs(t.f-s.f) <= 1 && abs(t.r-s.r) <= 1 })
		}
	}
	p, err := Parse(rp.text())
	return p, err == nil
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// TestReferenceMoves compares the engine's actions and resulting positions with the reference's on
// every position of seeded random games from the start and from random special positions.
func TestReferenceMoves(t *testing.T) {
	games, plies, specials := 60, 200, 3000
	if testing.Short() {
		games, plies, specials = 8, 120, 400
	}
	rng := rand.New(rand.NewSource(1))
	checked, kinds := 0, map[string]int{}
	walk := func(p Position, plies int) {
		for range plies {
			if !compareRef(t, &p) {
				return
			}
			checked++
			moves := p.Moves(nil)
			if len(moves) == 0 {
				kinds["end"]++
				return
			}
			board := func(s string) string { return s[:strings.IndexByte(s, ' ')] }
			before := board(p.String())
			for _, a := range engineActions(&p) {
				after := board(a.after)
				switch {
				case strings.Contains(a.text, "^"):
					kinds["rakshasa"]++
				case strings.Contains(a.text, "@"):
					kinds["drop"]++
				case strings.Contains(a.text, "="):
					kinds["buddha"]++
				}
				if strings.Count(strings.ToUpper(after), "+R") > strings.Count(strings.ToUpper(before), "+R") {
					kinds["maharajah"]++
				}
				if strings.Count(after, "K") > strings.Count(before, "K") {
					kinds["respawn"]++
				}
			}
			var next Position
			p.apply(moves[rng.Intn(len(moves))], &next)
			p = next
		}
	}
	start, _ := Parse(StartText)
	for range games {
		walk(start, plies)
	}
	made := 0
	for made < specials {
		p, ok := refRandomPosition(rng)
		if !ok {
			continue
		}
		made++
		walk(p, 6)
	}
	t.Logf("%d positions compared; actions seen %v", checked, kinds)
	for _, k := range []string{"rakshasa", "drop", "buddha", "maharajah", "respawn", "end"} {
		if kinds[k] == 0 {
			t.Errorf("no %s action came up", k)
		}
	}
}

// TestReferencePerftTable confirms every count of testdata/perft.txt with the reference, up to a
// node budget (the reference is some 50 times slower than the engine).
func TestReferencePerftTable(t *testing.T) {
	limit := uint64(200_000)
	if testing.Short() {
		limit = 10_000
	}
	rows, err := perfttable.Read("testdata/perft.txt", 2)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		counts, err := perfttable.Counts(r[1])
		if err != nil {
			t.Fatal(err)
		}
		for depth, want := range counts {
			if want > limit {
				continue
			}
			if got := refPerft(refParse(r[0]), depth); got != want {
				t.Errorf("reference perft(%s, %d) = %d, want %d", r[0], depth, got, want)
			}
		}
	}
}
