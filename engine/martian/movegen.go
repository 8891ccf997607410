package martian

import "github.com/ashtapada/ashtapada/engine"

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

// Moves appends the legal actions: in the roll phase, the ten distinct rolls.
func (p *Position) Moves(buf []engine.Move) []engine.Move {
	switch p.Phase() {
	case engine.PhaseRoll:
		return append(buf, rollOutcomes...)
	case engine.PhaseAction:
		return p.generate(buf)
	}
	return buf
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
