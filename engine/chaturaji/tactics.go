package chaturaji

import "github.com/ashtapada/ashtapada/engine"

// Noisy appends the legal actions that capture (a boat triumph too) or promote.
func (p *Position) Noisy(buf []engine.Move) []engine.Move {
	if p.phase() != engine.PhaseAction {
		return buf
	}
	start := len(buf)
	buf = p.generate(buf)
	n := start
	for _, m := range buf[start:] {
		if p.noisy(m) {
			buf[n] = m
			n++
		}
	}
	return buf[:n]
}

// Gain is the points an action scores at once (the capture, a boat triumph's boats, in team play
// the throne bonuses) plus a promotion's gain in material, in pawns.
func (p *Position) Gain(m engine.Move) float64 {
	act := moveAct(m)
	if act != actMove && act != actPromote {
		return 0
	}
	from, to, promo := moveFrom(m), moveTo(m), movePromo(m)
	moving := p.board[from]
	g := 0.0
	if promo != 0 {
		g += materialValue[promo] - materialValue[pawn]
	}
	if act == actPromote {
		return g
	}
	if victim := p.board[to]; victim != 0 {
		g += float64(cellKind(victim))
		if p.rules.teams && cellKind(victim) == raja && thrones[cellOwner(victim)] == to {
			g += 2
		}
	}
	switch cellKind(moving) {
	case boat:
		if promo == 0 {
			g += float64(p.triumphPoints(from, to))
		}
	case raja:
		if o := throneOwner[to]; p.rules.teams && o >= 0 && enemies(cellOwner(moving), int(o)) {
			g++
		}
	}
	return g
}

// InCheck is false: Chaturaji has no check.
func (p *Position) InCheck() bool { return false }
