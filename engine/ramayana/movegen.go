package ramayana

import "github.com/ashtapada/ashtapada/engine"

// Move layout: from (bits 0-7), to (8-15), extra (16-23: the drop square or the payer's square)
// and the action type (24-25).
const (
	actMove = iota
	actDrop
	actBuddha
	actRakshasa
)

func newMove(act, from, to, extra int) engine.Move {
	return engine.Move(from | to<<8 | extra<<16 | act<<24)
}

func moveFrom(m engine.Move) int  { return int(m & 255) }
func moveTo(m engine.Move) int    { return int(m>>8) & 255 }
func moveExtra(m engine.Move) int { return int(m>>16) & 255 }
func moveAct(m engine.Move) int   { return int(m>>24) & 3 }

// over reports a game ended by bare Rajah or the 100-ply rule (no legal action is checked apart).
func (p *Position) over() bool {
	if p.quiet >= 100 {
		return true
	}
	// Stop as soon as both players are seen to have a piece besides the royal.
	var has [2]bool
	for _, s := range existing {
		c := p.board[s]
		if c != 0 && cellOwner(c) < 2 && cellKind(c) != rajah && cellKind(c) != maharajah {
			has[cellOwner(c)] = true
			if has[0] && has[1] {
				return false
			}
		}
	}
	return true
}

// Moves appends every legal action. It allocates nothing when buf has room.
func (p *Position) Moves(buf []engine.Move) []engine.Move {
	c := p.census()
	if p.quiet >= 100 || !c.material[0] || !c.material[1] {
		return buf
	}
	return p.legalWith(buf, &c, false)
}

// census is what one pass over the board tells Moves and legal.
type census struct {
	royal     [2]int
	rakshasas int
	material  [2]bool // the player has a piece besides the royal
}

func (p *Position) census() census {
	c := census{royal: [2]int{-1, -1}}
	for _, s := range existing {
		v := p.board[s]
		if v == 0 {
			continue
		}
		switch k, o := cellKind(v), cellOwner(v); {
		case k == rakshasa:
			c.rakshasas++
		case k == rajah || k == maharajah:
			c.royal[o] = int(s)
		default:
			c.material[o] = true
		}
	}
	return c
}

// legal appends the legal actions, whether or not the game has ended otherwise.
func (p *Position) legal(buf []engine.Move) []engine.Move {
	c := p.census()
	return p.legalWith(buf, &c, false)
}

// legalWith appends the legal actions, or only the first one found when first is set.
func (p *Position) legalWith(buf []engine.Move, c *census, first bool) []engine.Move {
	start := len(buf)
	buf = p.pseudo(buf)
	side := int(p.side)
	king := c.royal[side]
	// Every piece but the Rakshasa's attack ignores what stands between, and an action can only
	// take enemy pieces away, never add one beside a Rakshasa. So when the royal is not in check
	// and two Rakshasas stand (no respawn can follow), only royal moves, Rakshasa moves and
	// captures of a Rakshasa (whose successor may check) need the test.
	safe := king >= 0 && c.rakshasas == 2 && !p.attacked(king, 1-side)
	out := buf[:start]
	var next Position
	for _, m := range buf[start:] {
		from, to, act := moveFrom(m), moveTo(m), moveAct(m)
		if safe && act != actRakshasa && from != king && cellKind(p.board[to]) != rakshasa {
			out = append(out, m)
			if first {
				return out
			}
			continue
		}
		p.apply(m, &next)
		r := king
		if from == king && act == actMove {
			r = to
		}
		if r < 0 || !next.attacked(r, 1-side) {
			out = append(out, m)
			if first {
				return out
			}
		}
	}
	return out
}

// capturable reports whether a piece of side may land on a square holding c.
func capturable(c cell, side int) bool { return c == 0 || cellOwner(c) != side }

// pseudo appends every action without the final check test.
func (p *Position) pseudo(buf []engine.Move) []engine.Move { return p.actions(buf, false) }

// actions appends the actions of the side to move without the final check test: every one, or
// with noisy only those Noisy follows (captures, drops and Buddhas, the Rajah reaching the
// Maharajah square).
func (p *Position) actions(buf []engine.Move, noisy bool) []engine.Move {
	side := int(p.side)
	for _, s8 := range existing {
		s := int(s8)
		c := p.board[s]
		switch k := cellKind(c); {
		case c == 0:
		case cellOwner(c) == neutral:
			buf = p.rakshasaMoves(buf, s, noisy)
		case cellOwner(c) != side:
		case k == untouchable:
			buf = p.untouchableMoves(buf, s, noisy)
		case noisy || k == dropped:
			buf = p.noisyLeaps(buf, s, k)
		default:
			// The hot path of move generation, kept in the loop: a leap onto any square but the
			// side's own.
			for _, t := range targets[k][s] {
				if capturable(p.board[t], side) {
					buf = append(buf, newMove(actMove, s, int(t), 0))
				}
			}
		}
	}
	return buf
}

// rakshasaMoves appends the leaps of the Rakshasa on s, once for each piece of the side to move
// beside it that may pay; onto an enemy piece only when captures is set.
func (p *Position) rakshasaMoves(buf []engine.Move, s int, captures bool) []engine.Move {
	side := int(p.side)
	for _, pay := range targets[rajah][s] {
		if pc := p.board[pay]; pc == 0 || cellOwner(pc) != side {
			continue
		}
		for _, t := range targets[rakshasa][s] {
			if tc := p.board[t]; tc == 0 && !captures || tc != 0 && cellOwner(tc) == 1-side {
				buf = append(buf, newMove(actRakshasa, s, int(t), int(pay)))
			}
		}
	}
	return buf
}

// untouchableMoves appends the step and the captures of the Untouchable on s; with noisy, the
// step only onto its last row.
func (p *Position) untouchableMoves(buf []engine.Move, s int, noisy bool) []engine.Move {
	side := int(p.side)
	if t := int(pawnStep[side][s]); t >= 0 && p.board[t] == 0 && (!noisy || t/files == lastRank(side)) {
		buf = p.pawnMove(buf, s, t)
	}
	for _, t := range pawnCaps[side][s] {
		if tc := p.board[t]; tc != 0 && cellOwner(tc) != side {
			buf = p.pawnMove(buf, s, int(t))
		}
	}
	return buf
}

// noisyLeaps appends the leaps of the piece of kind k on s that Noisy follows: its captures, and
// the Rajah's onto the Maharajah square. A dropped Untouchable has no other.
func (p *Position) noisyLeaps(buf []engine.Move, s, k int) []engine.Move {
	side := int(p.side)
	for _, t := range targets[k][s] {
		if tc := p.board[t]; tc != 0 && cellOwner(tc) != side || tc == 0 && k == rajah && int(t) == maharajahSq[side] {
			buf = append(buf, newMove(actMove, s, int(t), 0))
		}
	}
	return buf
}

// pawnMove appends an Untouchable's step or capture from s to t: on its last row, one drop per
// drop square, or the Buddha when there is none.
func (p *Position) pawnMove(buf []engine.Move, s, t int) []engine.Move {
	side := int(p.side)
	if t/files != lastRank(side) {
		return append(buf, newMove(actMove, s, t, 0))
	}
	after := *p
	after.board[s] = 0
	after.board[t] = pieceCell(untouchable, side)
	n := len(buf)
	for _, d := range existing {
		if island[d] && after.board[d] == 0 && !after.attacked(int(d), 1-side) {
			buf = append(buf, newMove(actDrop, s, t, int(d)))
		}
	}
	if len(buf) == n {
		buf = append(buf, newMove(actBuddha, s, t, 0))
	}
	return buf
}

// apply writes into dst the position after the action m, legal or not.
func (p *Position) apply(m engine.Move, dst *Position) {
	p.copyTo(dst)
	side := int(p.side)
	from, to, extra := moveFrom(m), moveTo(m), moveExtra(m)
	capture := p.board[to] != 0
	quiet := true
	switch moveAct(m) {
	case actMove:
		c := p.board[from]
		if cellKind(c) == rajah && to == maharajahSq[side] {
			c = pieceCell(maharajah, side)
		}
		if cellKind(c) == untouchable {
			quiet = false
		}
		dst.board[from], dst.board[to] = 0, c
	case actDrop:
		dst.board[from], dst.board[to] = 0, 0
		dst.board[extra] = pieceCell(dropped, side)
		quiet = false
	case actBuddha:
		dst.board[from], dst.board[to] = 0, pieceCell(buddha, side)
		quiet = false
	case actRakshasa:
		dst.board[to], dst.board[from] = p.board[from], 0
		if k := cellKind(p.board[extra]); k != rajah && k != maharajah {
			dst.board[extra] = 0
			capture = true
		}
	}
	if capture || !quiet {
		dst.quiet = 0
	} else {
		dst.quiet++
	}
	if side == red && dst.move < engine.MaxCounter {
		dst.move++
	}
	dst.side = uint8(1 - side)
	dst.respawn()
}
