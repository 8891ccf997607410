package chaturanga

import (
	"math/bits"

	"github.com/ashtapada/ashtapada/engine"
)

// checkInfo is what legal generation needs to know about the side to move.
type checkInfo struct {
	us, them int
	ksq      int
	occ      bitboard
	target   bitboard // where a non-king piece may go: not own pieces; when in check, block or capture
	pinned   bitboard
	checkers bitboard
}

func (p *Position) checkInfo() checkInfo {
	us := int(p.side)
	ci := checkInfo{us: us, them: us ^ 1, ksq: p.kingSquare(us), occ: p.occupied()}
	ci.checkers = p.attackers(ci.ksq, ci.them, ci.occ)
	ci.target = ^p.byColor[us]
	switch bits.OnesCount64(ci.checkers) {
	case 0:
	case 1:
		c := bits.TrailingZeros64(ci.checkers)
		ci.target &= ci.checkers | between[ci.ksq][c]
	default:
		ci.target = 0
	}
	// Only rathas slide, so only they pin.
	for s := rookEmpty[ci.ksq] & p.byType[ratha] & p.byColor[ci.them]; s != 0; s &= s - 1 {
		b := between[ci.ksq][bits.TrailingZeros64(s)] & ci.occ
		if b&(b-1) == 0 {
			ci.pinned |= b & p.byColor[us]
		}
	}
	return ci
}

// kingTargets returns the king's legal destinations.
func (p *Position) kingTargets(ci *checkInfo) bitboard {
	var legal bitboard
	occ := ci.occ &^ (1 << ci.ksq)
	for t := kingAttacks[ci.ksq] &^ p.byColor[ci.us]; t != 0; t &= t - 1 {
		to := bits.TrailingZeros64(t)
		if p.attackers(to, ci.them, occ) == 0 {
			legal |= 1 << to
		}
	}
	return legal
}

// pawnTargets returns the legal destinations of the pawn on sq.
func (p *Position) pawnTargets(ci *checkInfo, sq int) bitboard {
	bit := bitboard(1) << sq
	var push bitboard
	if ci.us == white {
		push = bit << 8
	} else {
		push = bit >> 8
	}
	t := (push&^ci.occ | pawnAttacks[ci.us][sq]&p.byColor[ci.them]) & ci.target
	if ci.pinned&bit != 0 {
		t &= line[ci.ksq][sq]
	}
	return t
}

// pieceAttacks returns the squares a piece other than a pawn attacks from sq.
func pieceAttacks(typ, sq int, occ bitboard) bitboard {
	switch typ {
	case horse:
		return knightAttacks[sq]
	case gaja:
		return alfilAttacks[sq]
	case mantri:
		return ferzAttacks[sq]
	case ratha:
		return rookAttacks(sq, occ)
	case king:
		return kingAttacks[sq]
	}
	return 0
}

// pieceTargets returns the legal destinations of a horse, gaja, mantri or ratha on sq.
func (p *Position) pieceTargets(ci *checkInfo, sq, typ int) bitboard {
	t := pieceAttacks(typ, sq, ci.occ) & ci.target
	if ci.pinned&(1<<sq) != 0 {
		t &= line[ci.ksq][sq]
	}
	return t
}

// generate appends every legal move to buf.
func (p *Position) generate(buf []engine.Move) []engine.Move {
	ci := p.checkInfo()
	own := p.byColor[ci.us]
	if ci.checkers&(ci.checkers-1) == 0 {
		lastRank := rank8
		if ci.us == black {
			lastRank = rank1
		}
		for s := p.byType[pawn] & own; s != 0; s &= s - 1 {
			from := bits.TrailingZeros64(s)
			for t := p.pawnTargets(&ci, from); t != 0; t &= t - 1 {
				to := bits.TrailingZeros64(t)
				m := newMove(from, to)
				if lastRank&(1<<to) != 0 {
					m |= promoteFlag
				}
				buf = append(buf, m)
			}
		}
		for typ := horse; typ <= mantri; typ++ {
			for s := p.byType[typ] & own; s != 0; s &= s - 1 {
				from := bits.TrailingZeros64(s)
				for t := p.pieceTargets(&ci, from, typ); t != 0; t &= t - 1 {
					buf = append(buf, newMove(from, bits.TrailingZeros64(t)))
				}
			}
		}
	}
	for t := p.kingTargets(&ci); t != 0; t &= t - 1 {
		buf = append(buf, newMove(ci.ksq, bits.TrailingZeros64(t)))
	}
	return buf
}

// countLegal returns the number of legal moves without listing them: perft's last ply.
func (p *Position) countLegal() uint64 {
	ci := p.checkInfo()
	own := p.byColor[ci.us]
	n := bits.OnesCount64(p.kingTargets(&ci))
	if ci.checkers&(ci.checkers-1) != 0 {
		return uint64(n)
	}
	pawns := p.byType[pawn] & own
	// Unpinned pawns are counted together, by shifting the whole set.
	free := pawns &^ ci.pinned
	var pushes, caps bitboard
	if ci.us == white {
		pushes = free << 8 &^ ci.occ
		caps = (free &^ fileA) << 7 & p.byColor[ci.them] & ci.target
		n += bits.OnesCount64(caps)
		caps = (free &^ fileH) << 9 & p.byColor[ci.them] & ci.target
	} else {
		pushes = free >> 8 &^ ci.occ
		caps = (free &^ fileA) >> 9 & p.byColor[ci.them] & ci.target
		n += bits.OnesCount64(caps)
		caps = (free &^ fileH) >> 7 & p.byColor[ci.them] & ci.target
	}
	n += bits.OnesCount64(caps) + bits.OnesCount64(pushes&ci.target)
	for s := pawns & ci.pinned; s != 0; s &= s - 1 {
		n += bits.OnesCount64(p.pawnTargets(&ci, bits.TrailingZeros64(s)))
	}
	// Pinned horses, gajas and mantris cannot move: a rank or file pin allows no leap off it.
	for s := p.byType[horse] & own &^ ci.pinned; s != 0; s &= s - 1 {
		n += bits.OnesCount64(knightAttacks[bits.TrailingZeros64(s)] & ci.target)
	}
	for s := p.byType[gaja] & own &^ ci.pinned; s != 0; s &= s - 1 {
		n += bits.OnesCount64(alfilAttacks[bits.TrailingZeros64(s)] & ci.target)
	}
	for s := p.byType[mantri] & own &^ ci.pinned; s != 0; s &= s - 1 {
		n += bits.OnesCount64(ferzAttacks[bits.TrailingZeros64(s)] & ci.target)
	}
	for s := p.byType[ratha] & own; s != 0; s &= s - 1 {
		n += bits.OnesCount64(p.pieceTargets(&ci, bits.TrailingZeros64(s), ratha))
	}
	return uint64(n)
}

// hasLegal reports whether the side to move has a legal move: countLegal > 0, but it stops at
// the first one and tries the cheap pieces before the king, whose steps each need an attack test.
func (p *Position) hasLegal() bool {
	ci := p.checkInfo()
	if ci.target != 0 {
		own := p.byColor[ci.us]
		free := p.byType[pawn] & own &^ ci.pinned
		pushes := free << 8
		if ci.us == black {
			pushes = free >> 8
		}
		if (pushes&^ci.occ|pawnsAttack(ci.us, free)&p.byColor[ci.them])&ci.target != 0 {
			return true
		}
		for s := p.byType[horse] & own &^ ci.pinned; s != 0; s &= s - 1 {
			if knightAttacks[bits.TrailingZeros64(s)]&ci.target != 0 {
				return true
			}
		}
		for s := p.byType[mantri] & own &^ ci.pinned; s != 0; s &= s - 1 {
			if ferzAttacks[bits.TrailingZeros64(s)]&ci.target != 0 {
				return true
			}
		}
		for s := p.byType[gaja] & own &^ ci.pinned; s != 0; s &= s - 1 {
			if alfilAttacks[bits.TrailingZeros64(s)]&ci.target != 0 {
				return true
			}
		}
		for s := p.byType[ratha] & own; s != 0; s &= s - 1 {
			if p.pieceTargets(&ci, bits.TrailingZeros64(s), ratha) != 0 {
				return true
			}
		}
		for s := p.byType[pawn] & own & ci.pinned; s != 0; s &= s - 1 {
			if p.pawnTargets(&ci, bits.TrailingZeros64(s)) != 0 {
				return true
			}
		}
	}
	return p.kingTargets(&ci) != 0
}

// Moves appends the legal moves; a finished game (including a draw by the 70-move rule) has none.
func (p *Position) Moves(buf []engine.Move) []engine.Move {
	if p.halfmove >= drawPlies {
		return buf
	}
	return p.generate(buf)
}

// CountMoves is the number of legal moves, for perft's last ply.
func (p *Position) CountMoves() uint64 {
	if p.halfmove >= drawPlies {
		return 0
	}
	return p.countLegal()
}
