package chaturaji

import (
	"math/bits"

	"github.com/ashtapada/ashtapada/engine"
)

// Precomputed geometry.
var (
	// leapTargets lists the squares the raja, the horse and the boat reach from each square, by
	// kind; sized for the kind's three bits so that indexing needs no bounds check.
	leapTargets  [8][size * size][]int8
	rays         [size * size][4][]int8
	pawnPush     [players][size * size]int8    // -1 off the board
	pawnCaptures [players][size * size][2]int8 // -1 off the board
	lastLine     [players][size * size]bool
	thrones      = [players]int{3, 4 * size, 7*size + 4, 3*size + 7} // d1, a5, e8, h4
	throneOwner  [size * size]int8
	// blocks lists, per square, the 2x2 blocks containing it by their lower-left corner.
	blocks [size * size][]int8
)

// leaps are the leaping pieces' steps (file, rank), in the order their moves are listed.
var leaps = [kinds][][2]int{
	raja:  {{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}},
	horse: {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}},
	boat:  {{2, 2}, {-2, 2}, {-2, -2}, {2, -2}},
}

// forward is each player's pawn direction (file, rank).
var forward = [players][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}}

func onBoard(f, r int) bool { return f >= 0 && f < size && r >= 0 && r < size }

func init() {
	for sq := 0; sq < size*size; sq++ {
		f, r := sq%size, sq/size
		throneOwner[sq] = -1
		for _, kind := range []int{raja, horse, boat} {
			for _, d := range leaps[kind] {
				if onBoard(f+d[0], r+d[1]) {
					leapTargets[kind][sq] = append(leapTargets[kind][sq], int8((r+d[1])*size+f+d[0]))
				}
			}
		}
		for i, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			for nf, nr := f+d[0], r+d[1]; onBoard(nf, nr); nf, nr = nf+d[0], nr+d[1] {
				rays[sq][i] = append(rays[sq][i], int8(nr*size+nf))
			}
		}
		for pl := 0; pl < players; pl++ {
			initPawnSquare(pl, sq)
		}
		for _, c := range [][2]int{{0, 0}, {-1, 0}, {0, -1}, {-1, -1}} {
			if onBoard(f+c[0], r+c[1]) && onBoard(f+c[0]+1, r+c[1]+1) {
				blocks[sq] = append(blocks[sq], int8((r+c[1])*size+f+c[0]))
			}
		}
	}
	for pl, sq := range thrones {
		throneOwner[sq] = int8(pl)
	}
}

// initPawnSquare fills what a pawn of player pl does on sq: its step, its two captures, and
// whether sq is its last line.
func initPawnSquare(pl, sq int) {
	f, r := sq%size, sq/size
	d := forward[pl]
	pawnPush[pl][sq] = -1
	if onBoard(f+d[0], r+d[1]) {
		pawnPush[pl][sq] = int8((r+d[1])*size + f + d[0])
	}
	// The two diagonals forward: the forward step plus one step across it.
	for i, side := range [2]int{-1, 1} {
		cf, cr := f+d[0]+side*d[1], r+d[1]+side*d[0]
		pawnCaptures[pl][sq][i] = -1
		if onBoard(cf, cr) {
			pawnCaptures[pl][sq][i] = int8(cr*size + cf)
		}
	}
	lastLine[pl][sq] = !onBoard(f+d[0], r+d[1])
}

// rollOutcomes lists the distinct rolls: the four faces of one die, or the ten unordered pairs.
var rollOutcomes = [3][]engine.Move{
	1: {rollMove(2, 0), rollMove(3, 0), rollMove(4, 0), rollMove(5, 0)},
	2: func() (out []engine.Move) {
		for a := 2; a <= 5; a++ {
			for b := a; b <= 5; b++ {
				out = append(out, rollMove(a, b))
			}
		}
		return out
	}(),
}

// Moves appends the legal actions: in the roll phase, the distinct rolls.
func (p *Position) Moves(buf []engine.Move) []engine.Move {
	switch p.phase() {
	case engine.PhaseRoll:
		return append(buf, rollOutcomes[p.rules.dice]...)
	case engine.PhaseFinished:
		return buf
	}
	return p.generate(buf)
}

// weak pieces (pawn, boat) may not capture strong ones under the rank rule.
func weak(kind int) bool { return kind <= boat }

// landable reports whether a piece of kind owned by us may end its move on sq.
func (p *Position) landable(sq, us, kind int) bool {
	c := p.board[sq]
	if c == 0 {
		return true
	}
	them := cellOwner(c)
	if them == us || (p.rules.teams && !enemies(us, them)) {
		return false
	}
	if kind == boat && cellKind(c) == boat {
		return false // boats meet only in a triumph
	}
	return !p.rules.rankRule || !weak(kind) || weak(cellKind(c))
}

// allowedKinds returns the kinds the unused dice let move, as a bit set, and whether any die is
// unused. In diceless play every kind may move.
func (p *Position) allowedKinds() (uint8, bool) {
	if p.rules.diceless {
		return 0xff, true
	}
	var set uint8
	free := false
	for i := 0; i < int(p.rules.dice); i++ {
		d := p.dice[i]
		if d.used {
			continue
		}
		free = true
		if d.value == 5 {
			set |= 1<<raja | 1<<pawn
		} else {
			set |= 1 << d.value
		}
	}
	return set, free
}

// generate appends the legal actions of a position waiting for an action.
func (p *Position) generate(buf []engine.Move) []engine.Move {
	switch p.ex.stage {
	case exProposed:
		return append(buf, actionMove(actAccept), actionMove(actDecline))
	case exReturning:
		for sq, c := range p.board {
			if c == 0 {
				buf = append(buf, returnMove(sq))
			}
		}
		return buf
	}
	start := len(buf)
	allowed, free := p.allowedKinds()
	if p.ex.stage == exAvailable && (p.rules.dice != 2 || p.rules.diceless) {
		free = false // the turn's only move is made: propose or end
	}
	if free {
		var squares uint64 // the movers' pieces, walked in square order
		for pl, mask := 0, p.movers(); pl < players; pl++ {
			if mask&(1<<pl) != 0 {
				squares |= p.occupied[pl]
			}
		}
		for ; squares != 0; squares &= squares - 1 {
			sq := bits.TrailingZeros64(squares)
			if c := p.board[sq]; allowed&(1<<cellKind(c)) != 0 {
				buf = p.pieceMoves(buf, sq, c)
			}
		}
	}
	moved := len(buf) > start
	us := int(p.side)
	if p.ex.stage == exAvailable {
		buf = append(buf, actionMove(actPropose))
	} else if free && p.count[us][0] == 1 && p.count[us][raja] == 1 {
		buf = append(buf, actionMove(actResign))
	}
	switch {
	case p.rules.dice == 2 || p.ex.stage == exAvailable:
		buf = append(buf, actionMove(actEnd))
	case !moved:
		buf = append(buf, actionMove(actPass))
	}
	return buf
}

func (p *Position) pieceMoves(buf []engine.Move, from int, c cell) []engine.Move {
	us, kind := cellOwner(c), cellKind(c)
	switch kind {
	case elephant:
		// Along each ray up to the first piece, which it may capture.
		for d := 0; d < 4; d++ {
			for _, to := range rays[from][d] {
				if p.board[to] == 0 {
					buf = append(buf, newMove(from, int(to), 0))
					continue
				}
				if p.landable(int(to), us, kind) {
					buf = append(buf, newMove(from, int(to), 0))
				}
				break
			}
		}
	case pawn:
		// On its last line a pawn waits, and promotes in place once its target piece is lost.
		target := cellTarget(c)
		if lastLine[us][from] {
			if p.count[us][target] == 0 {
				buf = append(buf, promoteMove(from, target))
			}
			return buf
		}
		if to := pawnPush[us][from]; p.board[to] == 0 {
			buf = append(buf, p.pawnMove(from, int(to), us, target))
		}
		for _, to := range pawnCaptures[us][from] {
			if to >= 0 && p.board[to] != 0 && p.landable(int(to), us, pawn) {
				buf = append(buf, p.pawnMove(from, int(to), us, target))
			}
		}
	default:
		for _, to := range leapTargets[kind][from] {
			if p.landable(int(to), us, kind) {
				buf = append(buf, newMove(from, int(to), 0))
			}
		}
	}
	return buf
}

// pawnMove is a pawn's step, promoting on arrival when its target piece has been lost.
func (p *Position) pawnMove(from, to, us, target int) engine.Move {
	if lastLine[us][to] && p.count[us][target] == 0 {
		return newMove(from, to, target)
	}
	return newMove(from, to, 0)
}

// dieFor returns the index of the unused die that moves a piece of kind, or -1.
func (p *Position) dieFor(kind int) int {
	if p.rules.diceless {
		return -1
	}
	want := uint8(kind)
	if kind == pawn {
		want = 5
	}
	for i := 0; i < int(p.rules.dice); i++ {
		if !p.dice[i].used && p.dice[i].value == want {
			return i
		}
	}
	return -1
}
