// Package martian implements Martian Chaturanga (Nate Straight): two players on a 5x5 board, two
// four-sided dice per turn naming the pieces that may move, immobile keeps, the raven's flight, the
// garrison, and promotion to captured pieces. The goal is to capture the enemy monarch.
package martian

import "github.com/ashtapada/ashtapada/engine"

const size = 5

// Players.
const (
	light = 0
	dark  = 1
)

// Piece kinds are the die numbers: monarch 1, paladin 2, raven 3, squire 4; keeps never move.
const (
	monarch = 1 + iota
	paladin
	raven
	squire
	keep
	kinds
)

// A square holds 0 when empty, else kind | player<<3.
type cell = uint8

func pieceCell(kind, player int) cell { return cell(kind | player<<3) }
func cellKind(c cell) int             { return int(c & 7) }
func cellPlayer(c cell) int           { return int(c >> 3) }

// die is one die of the current turn.
type die struct {
	rolled uint8 // face value 1-4; 0 before the roll
	means  uint8 // piece kind after counting upward; 0 when void
	used   bool
}

// Rights bits: the garrison on the a-file or e-file side is still possible for a player.
const (
	rightA = 1 << iota
	rightE
)

// Position is a Martian Chaturanga position, a plain value.
type Position struct {
	board  [size * size]cell
	side   uint8
	dice   [2]die
	rights [2]uint8
	// lost counts each player's own pieces taken by the opponent, by kind: the promotion pool.
	lost [2][kinds]uint8
	// quiet counts completed turns without a capture; capturedThisTurn marks the current one.
	quiet            uint32
	capturedThisTurn bool
	turn             uint32
	maxTurns         uint32
}

func (p *Position) rolled() bool { return p.dice[0].rolled != 0 }

// monarchGone reports the player whose monarch has been captured, or -1.
func (p *Position) monarchGone() int {
	for pl := light; pl <= dark; pl++ {
		if p.lost[pl][monarch] > 0 {
			return pl
		}
	}
	return -1
}

func (p *Position) finished() bool {
	return p.monarchGone() >= 0 || (p.maxTurns > 0 && p.quiet >= p.maxTurns)
}

// Move layout: from (bits 0-4), to (5-9), promotion kind (10-12), action (13-14); a roll keeps
// its two face values in bits 16-18 and 19-21.
const (
	actMove = iota
	actEnd
	actGarrison
	actRoll
)

func newMove(from, to, promo int) engine.Move { return engine.Move(from | to<<5 | promo<<10) }
func rollMove(a, b int) engine.Move           { return engine.Move(actRoll<<13 | a<<16 | b<<19) }

var endMove = engine.Move(actEnd << 13)

func moveFrom(m engine.Move) int  { return int(m & 31) }
func moveTo(m engine.Move) int    { return int(m>>5) & 31 }
func movePromo(m engine.Move) int { return int(m>>10) & 7 }
func moveAct(m engine.Move) int   { return int(m>>13) & 3 }
func rollValues(m engine.Move) (int, int) {
	return int(m>>16) & 7, int(m>>19) & 7
}

// Precomputed geometry.
var (
	knightTargets [size * size][]int8
	rays          [size * size][8][]int8 // 0-3 orthogonal, 4-7 diagonal
	flights       [size * size][]flight  // the raven's two-square diagonal flights
	rightsMask    [size * size]uint8     // rights lost by a move from or to a square, per player
	rightsOwner   [size * size]int8
)

type flight struct{ over, to int8 }

func init() {
	dirs := [8][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, 1}, {-1, -1}, {1, -1}}
	on := func(f, r int) bool { return f >= 0 && f < size && r >= 0 && r < size }
	for sq := 0; sq < size*size; sq++ {
		f, r := sq%size, sq/size
		for _, d := range [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
			if on(f+d[0], r+d[1]) {
				knightTargets[sq] = append(knightTargets[sq], int8((r+d[1])*size+f+d[0]))
			}
		}
		for i, d := range dirs {
			for nf, nr := f+d[0], r+d[1]; on(nf, nr); nf, nr = nf+d[0], nr+d[1] {
				rays[sq][i] = append(rays[sq][i], int8(nr*size+nf))
			}
			if i >= 4 && on(f+2*d[0], r+2*d[1]) {
				flights[sq] = append(flights[sq], flight{int8((r+d[1])*size + f + d[0]), int8((r+2*d[1])*size + f + 2*d[0])})
			}
		}
		rightsOwner[sq] = -1
	}
	for pl, rank := range []int{0, size - 1} {
		rightsOwner[rank*size] = int8(pl)
		rightsMask[rank*size] = rightA
		rightsOwner[rank*size+4] = int8(pl)
		rightsMask[rank*size+4] = rightE
		rightsOwner[rank*size+2] = int8(pl)
		rightsMask[rank*size+2] = rightA | rightE
	}
}

// garrisonSquares returns, for a player and side (0 = a-file, 1 = e-file), the raven's start, the
// square between, and the monarch's start.
func garrisonSquares(player, side int) (ravenSq, betweenSq, monarchSq int) {
	base := 0
	if player == dark {
		base = (size - 1) * size
	}
	if side == 0 {
		return base, base + 1, base + 2
	}
	return base + 4, base + 3, base + 2
}

func forward(player int) int {
	if player == light {
		return size
	}
	return -size
}

func lastRank(player int) int {
	if player == light {
		return size - 1
	}
	return 0
}

// generate appends the legal actions of an action-phase position.
func (p *Position) generate(buf []engine.Move) []engine.Move {
	us := int(p.side)
	var allowed [kinds]bool
	for _, d := range p.dice {
		if !d.used && d.means != 0 {
			allowed[d.means] = true
		}
	}
	for sq, c := range p.board {
		if c == 0 || cellPlayer(c) != us || !allowed[cellKind(c)] {
			continue
		}
		buf = p.pieceMoves(buf, sq, cellKind(c))
	}
	buf = p.garrisons(buf)
	return append(buf, endMove)
}

// landable reports whether a piece of player us may end its move on sq.
func (p *Position) landable(sq, us int) bool {
	c := p.board[sq]
	return c == 0 || (cellPlayer(c) != us && cellKind(c) != keep)
}

func (p *Position) slides(buf []engine.Move, from, us, firstDir, lastDir int) []engine.Move {
	for d := firstDir; d <= lastDir; d++ {
		for _, to := range rays[from][d] {
			c := p.board[to]
			if c == 0 {
				buf = append(buf, newMove(from, int(to), 0))
				continue
			}
			if cellPlayer(c) != us && cellKind(c) != keep {
				buf = append(buf, newMove(from, int(to), 0))
			}
			break
		}
	}
	return buf
}

func (p *Position) pieceMoves(buf []engine.Move, from, kind int) []engine.Move {
	us := int(p.side)
	switch kind {
	case monarch:
		buf = p.slides(buf, from, us, 0, 7)
	case paladin:
		for _, to := range knightTargets[from] {
			if p.landable(int(to), us) {
				buf = append(buf, newMove(from, int(to), 0))
			}
		}
		buf = p.slides(buf, from, us, 4, 7)
	case raven:
		buf = p.slides(buf, from, us, 0, 3)
		for _, fl := range flights[from] {
			over := p.board[fl.over]
			if over != 0 && cellKind(over) == keep && cellPlayer(over) != us {
				continue // never over an enemy keep
			}
			if p.landable(int(fl.to), us) {
				buf = append(buf, newMove(from, int(fl.to), 0))
			}
		}
	case squire:
		to := from + forward(us)
		if to >= 0 && to < size*size && p.board[to] == 0 {
			buf = p.squireMove(buf, from, to)
		}
		for _, d := range [2]int{4, 5} { // the two forward diagonals
			if us == dark {
				d += 2
			}
			if r := rays[from][d]; len(r) > 0 {
				c := p.board[r[0]]
				if c != 0 && cellPlayer(c) != us && cellKind(c) != keep {
					buf = p.squireMove(buf, from, int(r[0]))
				}
			}
		}
	}
	return buf
}

// squireMove adds a squire's move, with every promotion the player's captured pieces allow.
func (p *Position) squireMove(buf []engine.Move, from, to int) []engine.Move {
	buf = append(buf, newMove(from, to, 0))
	us := int(p.side)
	if to/size != lastRank(us) {
		return buf
	}
	for k := monarch; k <= raven; k++ {
		if p.lost[us][k] > 0 {
			buf = append(buf, newMove(from, to, k))
		}
	}
	return buf
}

// garrisons adds the garrison moves, written as the monarch's move (c1a1, c1e1, c5a5, c5e5).
func (p *Position) garrisons(buf []engine.Move) []engine.Move {
	d := p.dice
	if d[0].used || d[1].used || d[0].rolled+d[1].rolled != 4 || d[0].rolled == 2 {
		return buf // needs a rolled 1 and 3, both unused
	}
	us := int(p.side)
	for side := 0; side < 2; side++ {
		if p.rights[us]&(1<<side) == 0 {
			continue
		}
		r, between, m := garrisonSquares(us, side)
		if p.board[between] == 0 && p.board[r] == pieceCell(raven, us) && p.board[m] == pieceCell(monarch, us) {
			buf = append(buf, engine.Move(actGarrison<<13)|newMove(m, r, 0))
		}
	}
	return buf
}

// setDice resolves rolled values: each die counts upward to the first kind the player still has.
func (p *Position) setDice(a, b int) {
	var have [kinds]bool
	for _, c := range p.board {
		if c != 0 && cellPlayer(c) == int(p.side) {
			have[cellKind(c)] = true
		}
	}
	for i, v := range [2]int{a, b} {
		p.dice[i] = die{rolled: uint8(v)}
		for k := v; k <= squire; k++ {
			if have[k] {
				p.dice[i].means = uint8(k)
				break
			}
		}
	}
}

// play writes into child the position after the legal action m.
func (p *Position) play(m engine.Move, child *Position) {
	*child = *p
	us := int(p.side)
	switch moveAct(m) {
	case actRoll:
		a, b := rollValues(m)
		child.setDice(a, b)
		return
	case actEnd:
		child.endTurn()
		return
	case actGarrison:
		monarchSq, ravenSq := moveFrom(m), moveTo(m)
		child.board[(monarchSq+ravenSq)/2] = pieceCell(raven, us)
		child.board[ravenSq] = pieceCell(monarch, us)
		child.board[monarchSq] = 0
		child.rights[us] = 0
		child.endTurn()
		return
	}
	from, to := moveFrom(m), moveTo(m)
	kind := cellKind(p.board[from])
	if c := p.board[to]; c != 0 {
		child.lost[cellPlayer(c)][cellKind(c)]++
		child.capturedThisTurn = true
	}
	if pr := movePromo(m); pr != 0 {
		child.lost[us][pr]--
		kind = pr
	}
	child.board[to] = pieceCell(kind, us)
	child.board[from] = 0
	for _, sq := range [2]int{from, to} {
		if o := rightsOwner[sq]; o >= 0 {
			child.rights[o] &^= rightsMask[sq]
		}
	}
	// The die used is the lowest-rolled unused die that allows this piece.
	best := -1
	for i, d := range p.dice {
		if !d.used && int(d.means) == cellKind(p.board[from]) && (best < 0 || d.rolled < p.dice[best].rolled) {
			best = i
		}
	}
	child.dice[best].used = true
	switch {
	case child.finished(): // a captured monarch ends the game at once
		child.dice, child.capturedThisTurn = [2]die{}, false
	case child.dice[0].used && child.dice[1].used:
		child.endTurn()
	}
}

func (p *Position) endTurn() {
	if p.capturedThisTurn {
		p.quiet = 0
	} else {
		p.quiet++
	}
	p.capturedThisTurn = false
	p.dice = [2]die{}
	p.side ^= 1
	p.turn++
}

// rollOutcomes are the ten unordered results of two D4.
var rollOutcomes = func() (out []engine.Move) {
	for a := 1; a <= 4; a++ {
		for b := a; b <= 4; b++ {
			out = append(out, rollMove(a, b))
		}
	}
	return out
}()

// perft counts leaves depth actions deep; rolls are not plies.
func (p *Position) perft(depth int, rolls [][2]int) uint64 {
	if depth == 0 {
		return 1
	}
	if p.finished() {
		return 0
	}
	var child Position
	if !p.rolled() {
		if len(rolls) > 0 {
			p.play(rollMove(rolls[0][0], rolls[0][1]), &child)
			return child.perft(depth, rolls[1:])
		}
		var n uint64
		for _, m := range rollOutcomes {
			p.play(m, &child)
			n += child.perft(depth, nil)
		}
		return n
	}
	var buf [engine.MaxMoves]engine.Move
	moves := p.generate(buf[:0])
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		p.play(m, &child)
		n += child.perft(depth-1, rolls)
	}
	return n
}
