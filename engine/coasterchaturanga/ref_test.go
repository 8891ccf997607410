package coasterchaturanga

// An independent, deliberately naive reference implementation of Martian Coaster Chaturanga,
// written from the rules file (martian-coaster-chaturanga.md) and the coaster geometry
// (coasters.md) alone, to check the package's move generation against. It shares no code with
// the package: its own pieces, its own coasters (each piece lives on a coaster cell in the
// coaster's own dot-top-left frame, so AIM, TIP and SWAP only change which coaster lies where and
// how it is turned), its own path walk and its own turn structure. Walking both trees together
// compares canonical descriptions of the positions reached.

import (
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
)

// Exits as in coasters.md.
const (
	rfN = 1
	rfE = 2
	rfS = 4
	rfW = 8
)

// rfPattern is one coaster with its dot at the top-left, row 0 at the top (coasters.md).
var rfPattern = [3][3]int{
	{rfN | rfE | rfS, rfE | rfS | rfW, rfN | rfE | rfW},
	{rfN | rfE | rfW, rfN | rfE | rfS, rfN | rfE | rfS},
	{rfE | rfS | rfW, rfN | rfE | rfS | rfW, rfN | rfE | rfW},
}

// rfTurnExits turns exits a quarter clockwise: N to E to S to W to N.
func rfTurnExits(e int) int { return (e<<1 | e>>3) & 15 }

// Places: 0 top-left, 1 top-right, 2 bottom-right, 3 bottom-left (clockwise). Each place's left
// file and top rank (0-based).
var rfOrigin = [4][2]int{{0, 5}, {3, 5}, {3, 2}, {0, 2}}

// Seats in turn order (counter-clockwise from bottom-left) and the place of each.
var rfSeatName = [4]string{"bl", "br", "tr", "tl"}
var rfSeatPlace = [4]int{3, 2, 1, 0}

const (
	rfYellow = iota
	rfRed
	rfBlue
	rfGreen
)

var rfColourLetter = [4]string{"y", "r", "b", "g"}
var rfColourName = [4]string{"yellow", "red", "blue", "green"}
var rfKindLetter = [4]string{"", "p", "d", "q"}

// A piece id: colour*4 + kind (kind 1..3 is also its pips); ids with kind 0 are unused.
func rfPiece(colour, kind int) int { return colour*4 + kind }
func rfColour(pc int) int          { return pc / 4 }
func rfKind(pc int) int            { return pc % 4 }
func rfName(pc int) string         { return rfColourLetter[rfColour(pc)] + rfKindLetter[rfKind(pc)] }

var rfAllPieces = func() (out []int) {
	for c := 0; c < 4; c++ {
		for k := 1; k <= 3; k++ {
			out = append(out, rfPiece(c, k))
		}
	}
	return
}()

type rfCoaster struct{ colour, rot int }

// rfLoc: held by a seat (held >= 0), or on the coaster of colour coaster at cell row*3+col in
// the coaster's own frame.
type rfLoc struct{ held, coaster, cell int }

const (
	rfFaceNone = iota
	rfAim
	rfDig
	rfHop
	rfSwap
	rfTip
	rfWild
)

var rfFaceName = [7]string{"-", "aim", "dig", "hop", "swap", "tip", "wild"}

const (
	rfMustNone = iota
	rfMustClear
	rfMustEnter
)

// rfReading switches the readings tried where the rules file may be read two ways (flip them
// with RF_READING, see TestReferenceReadings). Start perft 3, 4 and 2 players, with the DIG
// offered after a normal move too: 583788 and 556061; with only the DIG before the move (the
// default, the seed's "This must be done before the normal move"): 583192 and 555468, the rules
// file's counts. From the former, flipping lapseSticky changed nothing at depth 3, lapseNoMove
// gave 583788 and 553860, hoppedStays changed depth 2 (5793, 5720).
type rfReading struct {
	digMoveFirst bool // a rolled DIG may follow a normal move (else it must come before it)
	lapseSticky  bool // a compulsory move lapsed is gone for the turn (else it may revive)
	hopAfterMove bool // HOP offered after the move is made
	lapseNoMove  bool // a lapsed compulsory move uses up the move
	hoppedStays  bool // a piece hopped this turn may not move again
}

var rfDefault = rfReading{lapseSticky: true, hopAfterMove: true}

type rfPos struct {
	read      *rfReading
	co        [4]rfCoaster // by place
	loc       [16]rfLoc
	seat      int
	face      int
	moveDone  bool
	dieDone   bool
	must      int
	mustPiece int
	entered   int
	hopped    int
	over      bool
	grid      *[6][6]int // piece+1 by file and rank, built on demand
	part      bool
}

func rfSquareName(f, r int) string { return fmt.Sprintf("%c%d", 'a'+f, r+1) }

// tableOf is the table square (file, rank) of a cell of the coaster at place pl turned rot.
func rfTableOf(pl, rot, cell int) (int, int) {
	row, col := cell/3, cell%3
	for i := 0; i < rot&3; i++ {
		row, col = col, 2-row
	}
	return rfOrigin[pl][0] + col, rfOrigin[pl][1] - row
}

func rfPlaceOfSquare(f, r int) int {
	switch {
	case r >= 3 && f < 3:
		return 0
	case r >= 3:
		return 1
	case f >= 3:
		return 2
	}
	return 3
}

// cellOf is the coaster-frame cell of a table square of place pl.
func (p *rfPos) cellOf(f, r int) (pl, cell int) {
	pl = rfPlaceOfSquare(f, r)
	row, col := rfOrigin[pl][1]-r, f-rfOrigin[pl][0]
	for i := 0; i < p.co[pl].rot&3; i++ {
		row, col = 2-col, row // undo a quarter turn clockwise
	}
	return pl, row*3 + col
}

func (p *rfPos) exits(f, r int) int {
	pl, cell := p.cellOf(f, r)
	e := rfPattern[cell/3][cell%3]
	for i := 0; i < p.co[pl].rot&3; i++ {
		e = rfTurnExits(e)
	}
	return e
}

func (p *rfPos) placeOfColour(c int) int {
	for pl := 0; pl < 4; pl++ {
		if p.co[pl].colour == c {
			return pl
		}
	}
	panic("no coaster")
}

// square of a piece on the board as (file, rank), ok false when held.
func (p *rfPos) square(pc int) (int, int, bool) {
	l := p.loc[pc]
	if l.held >= 0 {
		return 0, 0, false
	}
	pl := p.placeOfColour(l.coaster)
	f, r := rfTableOf(pl, p.co[pl].rot, l.cell)
	return f, r, true
}

func (p *rfPos) pieceAt(f, r int) int {
	if p.grid == nil {
		p.grid = new([6][6]int)
		for _, pc := range rfAllPieces {
			if pf, pr, ok := p.square(pc); ok {
				p.grid[pf][pr] = pc + 1
			}
		}
	}
	return p.grid[f][r] - 1
}

func (p *rfPos) put(pc, f, r int) {
	pl, cell := p.cellOf(f, r)
	p.loc[pc] = rfLoc{held: -1, coaster: p.co[pl].colour, cell: cell}
}

func rfIsPortal(f, r int) bool { return (f == 1 || f == 4) && (r == 1 || r == 4) }

var rfPortals = [][2]int{{1, 4}, {4, 4}, {4, 1}, {1, 1}}

func (p *rfPos) colourOfSeat(s int) int { return p.co[rfSeatPlace[s]].colour }

func (p *rfPos) portalOfSeat(s int) (int, int) {
	pl := rfSeatPlace[s]
	return rfOrigin[pl][0] + 1, rfOrigin[pl][1] - 1
}

func (p *rfPos) partnerColour(s int) int {
	if !p.part {
		return -1
	}
	return p.colourOfSeat((s + 2) % 4)
}

func rfStart(players int) *rfPos {
	p := &rfPos{read: &rfDefault, seat: 0, mustPiece: -1, entered: -1, hopped: -1, part: players == 2}
	p.co = [4]rfCoaster{{rfYellow, 0}, {rfRed, 1}, {rfBlue, 2}, {rfGreen, 3}}
	for i := range p.loc {
		p.loc[i] = rfLoc{held: -2}
	}
	set := func(name string, sq string) {
		c := strings.Index("yrbg", name[:1])
		k := strings.Index(" pdq", name[1:])
		p.put(rfPiece(c, k), int(sq[0]-'a'), int(sq[1]-'1'))
	}
	for _, s := range strings.Fields("bq a1 bd a2 bp b1 rq f1 rd e1 rp f2 yq f6 yd f5 yp e6 gq a6 gd b6 gp a5") {
		_ = s
	}
	f := strings.Fields("bq a1 bd a2 bp b1 rq f1 rd e1 rp f2 yq f6 yd f5 yp e6 gq a6 gd b6 gp a5")
	for i := 0; i < len(f); i += 2 {
		set(f[i], f[i+1])
	}
	return p
}

// mayMove: of the seat's colour, or on the seat's coaster; never the partner's colour; never the
// piece re-entered this turn.
func (p *rfPos) mayMove(s, pc int) bool {
	f, r, ok := p.square(pc)
	if !ok || pc == p.entered || rfColour(pc) == p.partnerColour(s) || p.read.hoppedStays && pc == p.hopped {
		return false
	}
	return rfColour(pc) == p.colourOfSeat(s) || rfPlaceOfSquare(f, r) == rfSeatPlace[s]
}

func (p *rfPos) mayCapture(s, mover, target int) bool {
	tc := rfColour(target)
	return tc != p.colourOfSeat(s) && tc != rfColour(mover) && tc != p.partnerColour(s)
}

// destinations walks every path of the piece: steps along exits and portal jumps.
func (p *rfPos) destinations(s, pc int) [][2]int {
	f0, r0, _ := p.square(pc)
	pips := rfKind(pc)
	var seen, visited [6][6]bool
	var out [][2]int
	visited[f0][r0] = true
	var walk func(f, r, used int)
	walk = func(f, r, used int) {
		type nb struct {
			f, r int
			jump bool
		}
		var next []nb
		e := p.exits(f, r)
		for _, d := range []struct{ bit, df, dr int }{{rfN, 0, 1}, {rfE, 1, 0}, {rfS, 0, -1}, {rfW, -1, 0}} {
			if e&d.bit != 0 {
				nf, nr := f+d.df, r+d.dr
				if nf >= 0 && nf < 6 && nr >= 0 && nr < 6 {
					next = append(next, nb{nf, nr, false})
				}
			}
		}
		if rfIsPortal(f, r) {
			for _, q := range rfPortals {
				if q[0] != f || q[1] != r {
					next = append(next, nb{q[0], q[1], true})
				}
			}
		}
		for _, n := range next {
			k := [2]int{n.f, n.r}
			if visited[n.f][n.r] {
				continue
			}
			t := p.pieceAt(n.f, n.r)
			if !n.jump || used+1 == pips {
				if t < 0 || p.mayCapture(s, pc, t) {
					if !seen[n.f][n.r] {
						seen[n.f][n.r] = true
						out = append(out, k)
					}
				}
			}
			if t < 0 && used+1 < pips {
				visited[n.f][n.r] = true
				walk(n.f, n.r, used+1)
				visited[n.f][n.r] = false
			}
		}
	}
	walk(f0, r0, 0)
	return out
}

// rfAct is one action.
type rfAct struct {
	kind     string // move enter aim tip swap dig hop end pass roll
	pc       int
	a, b     int
	from, to [2]int
}

func (a rfAct) String() string {
	sq := func(x [2]int) string { return rfSquareName(x[0], x[1]) }
	switch a.kind {
	case "move":
		return sq(a.from) + sq(a.to)
	case "enter", "dig":
		return a.kind + " " + rfName(a.pc)
	case "aim", "tip":
		return fmt.Sprintf("%s %d", a.kind, a.a)
	case "swap":
		return "swap " + [4]string{"tl", "tr", "br", "bl"}[a.a] + " " + [4]string{"tl", "tr", "br", "bl"}[a.b]
	case "hop":
		return "hop " + sq(a.from) + "@" + sq(a.to)
	case "roll":
		return "roll " + rfFaceName[a.a]
	}
	return a.kind
}

func (p *rfPos) normalMoves(s int) []rfAct {
	var out []rfAct
	for _, pc := range rfAllPieces {
		if !p.mayMove(s, pc) {
			continue
		}
		f, r, _ := p.square(pc)
		for _, d := range p.destinations(s, pc) {
			out = append(out, rfAct{kind: "move", pc: pc, from: [2]int{f, r}, to: d})
		}
	}
	pf, pr := p.portalOfSeat(s)
	if p.pieceAt(pf, pr) < 0 {
		for _, pc := range rfAllPieces {
			if p.loc[pc].held == s {
				out = append(out, rfAct{kind: "enter", pc: pc})
			}
		}
	}
	return out
}

func (p *rfPos) compulsoryMoves(s int) []rfAct {
	pf, pr := p.portalOfSeat(s)
	var out []rfAct
	switch p.must {
	case rfMustClear:
		pc := p.pieceAt(pf, pr)
		if pc < 0 || !p.mayMove(s, pc) {
			return nil
		}
		for _, d := range p.destinations(s, pc) {
			out = append(out, rfAct{kind: "move", pc: pc, from: [2]int{pf, pr}, to: d})
		}
	case rfMustEnter:
		if p.pieceAt(pf, pr) >= 0 {
			return nil
		}
		for _, pc := range rfAllPieces {
			if p.loc[pc].held != s {
				continue
			}
			if p.mustPiece >= 0 && pc == p.mustPiece || p.mustPiece < 0 && rfColour(pc) == p.colourOfSeat(s) {
				out = append(out, rfAct{kind: "enter", pc: pc})
			}
		}
	}
	return out
}

func (p *rfPos) hops(s int) []rfAct {
	var out []rfAct
	for _, pc := range rfAllPieces {
		if !p.mayMove(s, pc) || len(p.destinations(s, pc)) == 0 {
			continue
		}
		f, r, _ := p.square(pc)
		for _, q := range rfPortals {
			if (q[0] != f || q[1] != r) && p.pieceAt(q[0], q[1]) < 0 {
				out = append(out, rfAct{kind: "hop", pc: pc, from: [2]int{f, r}, to: q})
			}
		}
	}
	return out
}

func (p *rfPos) digs(s int) []rfAct {
	var out []rfAct
	for _, pc := range rfAllPieces {
		if rfColour(pc) == p.colourOfSeat(s) && p.loc[pc].held >= 0 && p.loc[pc].held != s {
			out = append(out, rfAct{kind: "dig", pc: pc})
		}
	}
	return out
}

func rfTurns(kind string) []rfAct {
	return []rfAct{{kind: kind, a: 1}, {kind: kind, a: 2}, {kind: kind, a: 3}}
}

func rfSwaps() []rfAct {
	var out []rfAct
	for a := 0; a < 4; a++ {
		for b := a + 1; b < 4; b++ {
			out = append(out, rfAct{kind: "swap", a: a, b: b})
		}
	}
	return out
}

// parts lists the move and die actions open now (no end, no pass), or the compulsory move.
func (p *rfPos) parts() []rfAct {
	s := p.seat
	if p.must != rfMustNone && !p.moveDone {
		if c := p.compulsoryMoves(s); len(c) > 0 {
			return c
		}
	}
	var out []rfAct
	lapsedNoMove := p.read.lapseNoMove && p.must != rfMustNone && !p.moveDone
	if !p.moveDone && !lapsedNoMove {
		out = append(out, p.normalMoves(s)...)
	}
	if p.dieDone {
		return out
	}
	switch p.face {
	case rfAim:
		out = append(out, rfTurns("aim")...)
	case rfTip:
		out = append(out, rfTurns("tip")...)
	case rfSwap:
		out = append(out, rfSwaps()...)
	case rfHop:
		if !p.moveDone || p.read.hopAfterMove {
			out = append(out, p.hops(s)...)
		}
	case rfDig:
		// "This must be done before the normal move": while a DIG is possible and the move not
		// made, only the DIG. It may follow the move only when that move was the compulsory
		// clearing or re-entry at the start of the turn (rule 4: "a compulsory clearing or
		// re-entry at the start of the turn comes first").
		if !p.read.digMoveFirst && !p.moveDone && len(p.digs(s)) > 0 {
			return p.digs(s)
		}
		out = append(out, p.digs(s)...)
	case rfWild:
		out = append(out, rfTurns("aim")...)
		out = append(out, rfTurns("tip")...)
		out = append(out, rfSwaps()...)
		if !p.moveDone || p.read.hopAfterMove {
			out = append(out, p.hops(s)...)
		}
		if !p.moveDone {
			out = append(out, p.digs(s)...)
		} else {
			out = append(out, p.normalMoves(s)...)
		}
	}
	return out
}

func (p *rfPos) legal() []rfAct {
	if p.over {
		return nil
	}
	if p.face == rfFaceNone {
		var out []rfAct
		for f := rfAim; f <= rfWild; f++ {
			out = append(out, rfAct{kind: "roll", a: f})
		}
		return out
	}
	out := p.parts()
	if len(out) == 0 {
		// After the roll with nothing possible; after a part the turn would have passed already.
		return []rfAct{{kind: "pass"}}
	}
	digOwed := p.face == rfDig && !p.dieDone && len(p.digs(p.seat)) > 0
	compulsoryOn := p.must != rfMustNone && !p.moveDone && len(p.compulsoryMoves(p.seat)) > 0
	if (p.moveDone || p.dieDone) && !digOwed && !compulsoryOn {
		out = append(out, rfAct{kind: "end"})
	}
	return out
}

func (p *rfPos) nextTurn() {
	p.seat = (p.seat + 1) % 4
	p.face, p.moveDone, p.dieDone, p.must, p.mustPiece, p.entered, p.hopped = rfFaceNone, false, false, rfMustNone, -1, -1, -1
	own := p.colourOfSeat(p.seat)
	p.over = true
	for _, pc := range rfAllPieces {
		if _, _, ok := p.square(pc); ok && rfColour(pc) == own {
			p.over = false
		}
	}
}

func (p *rfPos) play(a rfAct) *rfPos {
	q := *p
	q.grid = nil
	s := p.seat
	switch a.kind {
	case "roll":
		q.face = a.a
		q.must, q.mustPiece = rfMustNone, -1
		pf, pr := p.portalOfSeat(s)
		if p.pieceAt(pf, pr) >= 0 {
			q.must = rfMustClear
		} else {
			for _, pc := range rfAllPieces {
				if p.loc[pc].held == s && rfColour(pc) == p.colourOfSeat(s) {
					q.must = rfMustEnter
				}
			}
		}
		return &q
	case "end", "pass":
		q.nextTurn()
		return &q
	}
	compulsoryWasOn := p.must != rfMustNone && !p.moveDone && len(p.compulsoryMoves(s)) > 0
	if p.read.lapseNoMove && p.must != rfMustNone && !p.moveDone && !compulsoryWasOn {
		q.moveDone = true // the lapsed compulsory move was the move
	}
	if p.read.lapseSticky || compulsoryWasOn {
		q.must, q.mustPiece = rfMustNone, -1
	}
	markMove := func() {
		if q.moveDone {
			q.dieDone = true // WILD's second move
		}
		q.moveDone = true
	}
	switch a.kind {
	case "move":
		if t := p.pieceAt(a.to[0], a.to[1]); t >= 0 {
			q.loc[t] = rfLoc{held: s}
		}
		q.put(a.pc, a.to[0], a.to[1])
		markMove()
	case "enter":
		pf, pr := p.portalOfSeat(s)
		q.put(a.pc, pf, pr)
		q.entered = a.pc
		markMove()
	case "aim":
		for pl := 0; pl < 4; pl++ {
			q.co[(pl+a.a)%4] = rfCoaster{p.co[pl].colour, (p.co[pl].rot + a.a) % 4}
		}
		q.dieDone = true
	case "tip":
		for pl := 0; pl < 4; pl++ {
			q.co[pl].rot = (p.co[pl].rot + a.a) % 4
		}
		q.dieDone = true
	case "swap":
		q.co[a.b] = rfCoaster{p.co[a.a].colour, (p.co[a.a].rot + a.b - a.a + 4) % 4}
		q.co[a.a] = rfCoaster{p.co[a.b].colour, (p.co[a.b].rot + a.a - a.b + 4) % 4}
		q.dieDone = true
	case "dig":
		q.loc[a.pc] = rfLoc{held: s}
		q.dieDone = true
		if !p.moveDone {
			pf, pr := p.portalOfSeat(s)
			if p.pieceAt(pf, pr) < 0 {
				q.must, q.mustPiece = rfMustEnter, a.pc
			} else {
				q.must, q.mustPiece = rfMustClear, -1
			}
		}
	case "hop":
		q.put(a.pc, a.to[0], a.to[1])
		q.hopped = a.pc
		q.dieDone = true
		if pf, pr := p.portalOfSeat(s); !p.moveDone && a.to == [2]int{pf, pr} {
			q.must, q.mustPiece = rfMustClear, -1
		}
	}
	if len(q.parts()) == 0 {
		q.nextTurn()
	}
	return &q
}

// describe is the canonical description shared with the package's positions: the coaster and
// its quarter turns at each place, every piece's square or holder (pieces in name order), the
// seat to move, the face, the move and die flags, and the end.
func (p *rfPos) describe() string {
	b := make([]byte, 0, 160)
	for pl := 0; pl < 4; pl++ {
		b = append(b, rfColourName[p.co[pl].colour]...)
		b = append(b, byte('0'+p.co[pl].rot), ' ')
	}
	for _, pc := range rfByName {
		b = append(b, rfName(pc)...)
		b = append(b, '@')
		if f, r, ok := p.square(pc); ok {
			b = append(b, byte('a'+f), byte('1'+r))
		} else {
			b = append(b, rfSeatName[p.loc[pc].held]...)
		}
		b = append(b, ' ')
	}
	return canonTail(b, rfSeatName[p.seat], rfFaceName[p.face], p.moveDone, p.dieDone, p.over)
}

// rfByName is every piece in the order of its name.
var rfByName = func() []int {
	out := append([]int(nil), rfAllPieces...)
	sort.Slice(out, func(i, j int) bool { return rfName(out[i]) < rfName(out[j]) })
	return out
}()

func canonTail(b []byte, seat, face string, moveDone, dieDone, over bool) string {
	b = append(b, "| "...)
	b = append(b, seat...)
	b = append(b, ' ')
	b = append(b, face...)
	for _, f := range []bool{moveDone, dieDone, over} {
		if f {
			b = append(b, " 1"...)
		} else {
			b = append(b, " 0"...)
		}
	}
	return string(b)
}

// pkgByName is every package piece in the order of its name.
var pkgByName = func() []int {
	out := make([]int, pieces)
	for i := range out {
		out[i] = i
	}
	sort.Slice(out, func(i, j int) bool { return pieceName(out[i]) < pieceName(out[j]) })
	return out
}()

func pkgDescribe(p *Position) string {
	b := make([]byte, 0, 160)
	for pl := 0; pl < 4; pl++ {
		b = append(b, colourNames[p.coasterAt[pl]]...)
		b = append(b, byte('0'+(pl+int(p.tip))&3), ' ')
	}
	for _, pc := range pkgByName {
		b = append(b, pieceName(pc)...)
		b = append(b, '@')
		if l := int(p.loc[pc]); l < squares {
			b = append(b, squareName(l)...)
		} else {
			b = append(b, seatNames[l-heldBy]...)
		}
		b = append(b, ' ')
	}
	return canonTail(b, seatNames[p.seat], faceNames[p.face], p.moveDone, p.dieDone, p.over)
}

func pkgLabel(p *Position, m engine.Move) string {
	switch mvAct(m) {
	case actMove:
		return squareName(mvA(m)) + squareName(mvB(m))
	case actHop:
		return "hop " + squareName(mvA(m)) + "@" + squareName(mvB(m))
	case actEnter, actDig:
		return actionNames[mvAct(m)] + " " + pieceName(mvA(m))
	case actAim, actTip:
		return fmt.Sprintf("%s %d", actionNames[mvAct(m)], mvA(m))
	case actSwap:
		n := [4]string{"tl", "tr", "br", "bl"}
		return "swap " + n[mvA(m)&3] + " " + n[mvA(m)>>2]
	case actRoll:
		return "roll " + faceNames[mvA(m)]
	}
	return actionNames[mvAct(m)]
}

func rfPerft(p *rfPos, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	roll := p.face == rfFaceNone && !p.over
	for _, a := range p.legal() {
		if roll {
			n += rfPerft(p.play(a), depth)
		} else {
			n += rfPerft(p.play(a), depth-1)
		}
	}
	return n
}

// rfDiff is one node where the two trees part.
type rfDiff struct {
	path             []string
	onlyPkg, onlyRef []string
}

// walkBoth walks both trees together, pairing children by canonical description, and records
// nodes whose children differ.
func walkBoth(pp *Position, rp *rfPos, depth int, path []string, diffs *[]rfDiff, limit int) {
	if depth == 0 || len(*diffs) >= limit {
		return
	}
	if a, b := pkgDescribe(pp), rp.describe(); a != b {
		*diffs = append(*diffs, rfDiff{path: append([]string(nil), path...), onlyPkg: []string{a}, onlyRef: []string{b}})
		return
	}
	type child struct {
		label string
		pkg   *Position
		ref   *rfPos
	}
	byDesc := map[string][]*child{}
	var order []string
	var buf [engine.MaxMoves]engine.Move
	roll := pp.face == faceNone && !pp.over
	for _, m := range pp.Moves(buf[:0]) {
		n := new(Position)
		pp.apply(m, n)
		d := pkgLabel(pp, m) + " -> " + pkgDescribe(n)
		if _, ok := byDesc[d]; !ok {
			order = append(order, d)
		}
		byDesc[d] = append(byDesc[d], &child{label: pkgLabel(pp, m), pkg: n})
	}
	var onlyRef []string
	refUsed := map[string]int{}
	for _, a := range rp.legal() {
		n := rp.play(a)
		d := a.String() + " -> " + n.describe()
		cs := byDesc[d]
		if refUsed[d] >= len(cs) {
			onlyRef = append(onlyRef, d)
			continue
		}
		cs[refUsed[d]].ref = n
		refUsed[d]++
	}
	var onlyPkg []string
	for _, d := range order {
		for _, c := range byDesc[d] {
			if c.ref == nil {
				onlyPkg = append(onlyPkg, d)
			}
		}
	}
	if len(onlyPkg) > 0 || len(onlyRef) > 0 {
		*diffs = append(*diffs, rfDiff{path: append([]string(nil), path...), onlyPkg: onlyPkg, onlyRef: onlyRef})
	}
	nd := depth - 1
	if roll {
		nd = depth
	}
	for _, d := range order {
		for _, c := range byDesc[d] {
			if c.ref != nil {
				walkBoth(c.pkg, c.ref, nd, append(path, c.label), diffs, limit)
			}
		}
	}
}

func TestReferenceGeometry(t *testing.T) {
	p := rfStart(4)
	two, one, off := 0, 0, 0
	for f := 0; f < 6; f++ {
		for r := 0; r < 6; r++ {
			e := p.exits(f, r)
			for _, d := range []struct{ bit, back, df, dr int }{{rfN, rfS, 0, 1}, {rfE, rfW, 1, 0}, {rfS, rfN, 0, -1}, {rfW, rfE, -1, 0}} {
				if e&d.bit == 0 {
					continue
				}
				nf, nr := f+d.df, r+d.dr
				switch {
				case nf < 0 || nf > 5 || nr < 0 || nr > 5:
					off++
				case p.exits(nf, nr)&d.back != 0:
					two++
				default:
					one++
				}
			}
		}
	}
	if two/2 != 40 || one != 16 || off != 16 {
		t.Errorf("reference board: %d two-way, %d one-way, %d off, want 40 16 16", two/2, one, off)
	}
	// The rules' SWAP check: after swap tl br the green trio stands gq f1 gd e1 gp f2.
	q := p.play(rfAct{kind: "roll", a: rfSwap}).play(rfAct{kind: "swap", a: 0, b: 2})
	for _, c := range [][2]string{{"gq", "f1"}, {"gd", "e1"}, {"gp", "f2"}} {
		pc := rfPiece(rfGreen, strings.Index(" pdq", c[0][1:]))
		f, r, _ := q.square(pc)
		if rfSquareName(f, r) != c[1] {
			t.Errorf("after swap tl br %s on %s, want %s", c[0], rfSquareName(f, r), c[1])
		}
	}
}

// TestReferenceWalk walks the package's and the reference's start trees together to depth 3 and
// reports every node whose actions or children differ.
func TestReferenceWalk(t *testing.T) {
	if testing.Short() {
		t.Skip("walks two start trees of over a million nodes to depth 3; run without -short")
	}
	for _, players := range []int{4, 2} {
		var pp *Position
		if players == 4 {
			pp = start(defaultRules)
		} else {
			pp = start(&rules{players: 2, partnership: true, colours: defaultColours})
		}
		rp := rfStart(players)
		var diffs []rfDiff
		walkBoth(pp, rp, 3, nil, &diffs, 20)
		for _, d := range diffs {
			t.Errorf("%d players: after %s:\n  package only: %s\n  reference only: %s", players, strings.Join(d.path, ", "),
				strings.Join(d.onlyPkg, "\n    "), strings.Join(d.onlyRef, "\n    "))
		}
	}
}

// TestReferenceReadings counts the start perft under a reading named in RF_READING (a comma
// list of switches flipped from the default), for RF_PLAYERS players.
func TestReferenceReadings(t *testing.T) {
	spec := os.Getenv("RF_READING")
	if spec == "" {
		t.Skip("set RF_READING")
	}
	r := rfDefault
	for _, f := range strings.Split(spec, ",") {
		switch f {
		case "default":
		case "digMoveFirst":
			r.digMoveFirst = !r.digMoveFirst
		case "lapseSticky":
			r.lapseSticky = !r.lapseSticky
		case "hopAfterMove":
			r.hopAfterMove = !r.hopAfterMove
		case "lapseNoMove":
			r.lapseNoMove = !r.lapseNoMove
		case "hoppedStays":
			r.hoppedStays = !r.hoppedStays
		default:
			t.Fatalf("unknown switch %s", f)
		}
	}
	players, _ := strconv.Atoi(os.Getenv("RF_PLAYERS"))
	for d := 1; d <= 3; d++ {
		p := rfStart(players)
		p.read = &r
		t.Logf("%s, %d players: perft %d = %d", spec, players, d, rfPerft(p, d))
	}
}
