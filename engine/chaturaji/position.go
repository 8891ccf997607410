// Package chaturaji implements Chaturaji: four players on an 8x8 board, a die naming the piece to
// move, points for captures, the boat triumph and promotion to lost pieces; with options for team
// play (thrones, command, empire, raja exchange), the rank rule, two dice, diceless play, the
// last-standing goal and a round limit.
package chaturaji

import "github.com/ashtapada/ashtapada/engine"

const size = 8

// Players in turn order; partners are two seats apart (black and red, green and yellow).
const (
	black = iota
	green
	red
	yellow
	players
)

func partner(pl int) int    { return pl ^ 2 }
func team(pl int) int       { return pl & 1 }
func enemies(a, b int) bool { return team(a) != team(b) }

// Piece kinds are numbered by their points: pawn 1, boat 2, horse 3, elephant 4, raja 5. The die
// value for boat, horse and elephant is the kind itself; 5 moves a raja or a pawn.
const (
	pawn = 1 + iota
	boat
	horse
	elephant
	raja
	kinds
)

// A square holds 0 when empty, else kind | owner<<3 | promotion target<<5 | colour<<8. The colour
// differs from the owner only for a boat taken under command by a team boat triumph.
type cell = uint16

func newCell(kind, owner, target, colour int) cell {
	return cell(kind | owner<<3 | target<<5 | colour<<8)
}
func cellKind(c cell) int   { return int(c & 7) }
func cellOwner(c cell) int  { return int(c>>3) & 3 }
func cellTarget(c cell) int { return int(c>>5) & 7 }
func cellColour(c cell) int { return int(c>>8) & 3 }

// die is one die of the current turn; value 0 means not rolled.
type die struct {
	value uint8
	used  bool
}

// Exchange stages of the raja exchange.
const (
	exNone      = iota
	exAvailable // the capturing side may propose now
	exProposed  // the responder must accept or decline
	exReturning // accepted: owners of rajas whose thrones are occupied choose squares
)

// exchange is the state of a raja exchange. rajas names the two players whose rajas would return
// (the proposing team's first, then the one just captured); while returning, the players who still
// choose, -1 for none.
type exchange struct {
	stage     uint8
	rajas     [2]int8
	responder int8
}

// Score sources.
const (
	fromCaptures = iota
	fromThrone
	fromEmpire
	sources
)

var sourceNames = [sources]string{"captures", "throne", "empire"}

// rules are the option values a game is played with.
type rules struct {
	teams, rankRule, diceless, lastStanding bool
	dice                                    uint8 // 1 or 2; 0 when diceless
	maxRounds                               uint32
}

// Position is a Chaturaji position, a plain value.
type Position struct {
	board [size * size]cell
	// count holds each player's pieces on the board by kind; count[pl][0] is the total.
	count [players][kinds]uint8
	// side is the player whose turn it is (whose die is rolled).
	side uint8
	dice [2]die
	// captured marks a capture during the current turn, for the quiet-turn count.
	captured bool
	// commander names, for each player, the partner who commands his pieces, or -1.
	commander [players]int8
	ex        exchange
	score     [players][sources]int32
	quiet     uint32 // completed turns without a capture
	turn      uint32 // turn number, from 1
	rules     rules
	// boardKey is the Zobrist hash of the board, kept up to date by set; Key adds the rest.
	boardKey uint64
}

// set puts c (0: nothing) on sq and keeps the board's hash up to date.
func (p *Position) set(sq int, c cell) {
	if old := p.board[sq]; old != 0 {
		p.boardKey ^= cellKey(old, sq)
	}
	if c != 0 {
		p.boardKey ^= cellKey(c, sq)
	}
	p.board[sq] = c
}

func (p *Position) rolled() bool { return p.dice[0].value != 0 }

// active reports whether a player still takes turns: he has pieces, and in diceless play a raja
// (without it his pieces are frozen).
func (p *Position) active(pl int) bool {
	return p.count[pl][0] > 0 && (!p.rules.diceless || p.count[pl][raja] > 0)
}

// actor is the player who chooses the next action.
func (p *Position) actor() int {
	switch p.ex.stage {
	case exProposed:
		return int(p.ex.responder)
	case exReturning:
		return int(p.ex.rajas[0])
	}
	if c := p.commander[p.side]; c >= 0 && p.active(int(c)) {
		return int(c)
	}
	return int(p.side)
}

// movers is the set of players whose pieces may move on this turn: the side, and in team play the
// partner too when one of them commands the other.
func (p *Position) movers() uint8 {
	us := int(p.side)
	mask := uint8(1) << us
	if p.rules.teams {
		pa := partner(us)
		if (p.commander[us] == int8(pa) || p.commander[pa] == int8(us)) && p.active(pa) && p.active(us) {
			mask |= 1 << pa
		}
	}
	return mask
}

// Move layout: from (bits 0-5), to (6-11), promotion kind (12-14), action (15-18); a roll keeps
// its face values in bits 19-21 and 22-24 (the second 0 with one die).
const (
	actMove = iota
	actPromote
	actPass
	actEnd
	actResign
	actPropose
	actAccept
	actDecline
	actReturn
	actRoll
)

func newMove(from, to, promo int) engine.Move { return engine.Move(from | to<<6 | promo<<12) }
func actionMove(act int) engine.Move          { return engine.Move(act << 15) }
func promoteMove(sq, kind int) engine.Move {
	return engine.Move(actPromote<<15) | newMove(sq, sq, kind)
}
func returnMove(sq int) engine.Move { return engine.Move(actReturn<<15) | newMove(sq, sq, 0) }
func rollMove(a, b int) engine.Move { return engine.Move(actRoll<<15 | a<<19 | b<<22) }

func moveFrom(m engine.Move) int  { return int(m & 63) }
func moveTo(m engine.Move) int    { return int(m>>6) & 63 }
func movePromo(m engine.Move) int { return int(m>>12) & 7 }
func moveAct(m engine.Move) int   { return int(m>>15) & 15 }
func rollValues(m engine.Move) (int, int) {
	return int(m>>19) & 7, int(m>>22) & 7
}

// Precomputed geometry.
var (
	stepTargets   [size * size][]int8 // raja
	knightTargets [size * size][]int8
	boatTargets   [size * size][]int8
	rays          [size * size][4][]int8
	pawnPush      [players][size * size]int8    // -1 off the board
	pawnCaptures  [players][size * size][2]int8 // -1 off the board
	lastLine      [players][size * size]bool
	thrones       = [players]int{3, 4 * size, 7*size + 4, 3*size + 7} // d1, a5, e8, h4
	throneOwner   [size * size]int8
	// blocks lists, per square, the 2x2 blocks containing it by their lower-left corner.
	blocks [size * size][]int8
)

// forward is each player's pawn direction (file, rank).
var forward = [players][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}}

func init() {
	on := func(f, r int) bool { return f >= 0 && f < size && r >= 0 && r < size }
	for sq := 0; sq < size*size; sq++ {
		f, r := sq%size, sq/size
		throneOwner[sq] = -1
		for df := -1; df <= 1; df++ {
			for dr := -1; dr <= 1; dr++ {
				if (df != 0 || dr != 0) && on(f+df, r+dr) {
					stepTargets[sq] = append(stepTargets[sq], int8((r+dr)*size+f+df))
				}
			}
		}
		for _, d := range [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
			if on(f+d[0], r+d[1]) {
				knightTargets[sq] = append(knightTargets[sq], int8((r+d[1])*size+f+d[0]))
			}
		}
		for _, d := range [][2]int{{2, 2}, {-2, 2}, {-2, -2}, {2, -2}} {
			if on(f+d[0], r+d[1]) {
				boatTargets[sq] = append(boatTargets[sq], int8((r+d[1])*size+f+d[0]))
			}
		}
		for i, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			for nf, nr := f+d[0], r+d[1]; on(nf, nr); nf, nr = nf+d[0], nr+d[1] {
				rays[sq][i] = append(rays[sq][i], int8(nr*size+nf))
			}
		}
		for pl := 0; pl < players; pl++ {
			d := forward[pl]
			pawnPush[pl][sq] = -1
			if on(f+d[0], r+d[1]) {
				pawnPush[pl][sq] = int8((r+d[1])*size + f + d[0])
			}
			// The two diagonals forward: the forward step plus one step across it.
			for i, side := range [2]int{-1, 1} {
				cf, cr := f+d[0]+side*d[1], r+d[1]+side*d[0]
				pawnCaptures[pl][sq][i] = -1
				if on(cf, cr) {
					pawnCaptures[pl][sq][i] = int8(cr*size + cf)
				}
			}
			lastLine[pl][sq] = !on(f+d[0], r+d[1])
		}
		for _, c := range [][2]int{{0, 0}, {-1, 0}, {0, -1}, {-1, -1}} {
			if on(f+c[0], r+c[1]) && on(f+c[0]+1, r+c[1]+1) {
				blocks[sq] = append(blocks[sq], int8((r+c[1])*size+f+c[0]))
			}
		}
	}
	for pl, sq := range thrones {
		throneOwner[sq] = int8(pl)
	}
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
		mask := p.movers()
		for sq, c := range p.board {
			if c == 0 || mask&(1<<cellOwner(c)) == 0 || allowed&(1<<cellKind(c)) == 0 {
				continue
			}
			buf = p.pieceMoves(buf, sq, c)
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
	case raja:
		for _, to := range stepTargets[from] {
			if p.landable(int(to), us, kind) {
				buf = append(buf, newMove(from, int(to), 0))
			}
		}
	case horse:
		for _, to := range knightTargets[from] {
			if p.landable(int(to), us, kind) {
				buf = append(buf, newMove(from, int(to), 0))
			}
		}
	case boat:
		for _, to := range boatTargets[from] {
			if p.landable(int(to), us, kind) {
				buf = append(buf, newMove(from, int(to), 0))
			}
		}
	case elephant:
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
