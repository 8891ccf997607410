package chaturaji

import (
	"strconv"

	"github.com/ashtapada/ashtapada/engine"
)

// Zobrist keys, from a fixed seed: a piece's kind and owner on a square, a pawn's promotion
// target there, and a commanded boat's colour where it differs from its owner's.
var (
	zobristPiece  [kinds][players][size * size]uint64
	zobristTarget [kinds][size * size]uint64
	zobristColour [players][size * size]uint64
)

func init() {
	rng := uint64(0x43686174757261) // "Chatura"
	next := func() uint64 {
		rng += 0x9E3779B97F4A7C15
		return mix64(rng)
	}
	for k := range zobristPiece {
		for pl := range zobristPiece[k] {
			for sq := range zobristPiece[k][pl] {
				zobristPiece[k][pl][sq] = next()
			}
		}
	}
	for k := range zobristTarget {
		for sq := range zobristTarget[k] {
			zobristTarget[k][sq] = next()
		}
	}
	for col := range zobristColour {
		for sq := range zobristColour[col] {
			zobristColour[col][sq] = next()
		}
	}
}

// mix64 is splitmix64's finaliser, a bijection on 64 bits.
func mix64(z uint64) uint64 {
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}

// cellKey is the Zobrist key of the piece c on sq.
func cellKey(c cell, sq int) uint64 {
	k := zobristPiece[cellKind(c)][cellOwner(c)][sq]
	if t := cellTarget(c); t != 0 {
		k ^= zobristTarget[t][sq]
	}
	if col := cellColour(c); col != cellOwner(c) {
		k ^= zobristColour[col][sq]
	}
	return k
}

// Tags that keep the parts of Key apart: mix64 of (tag<<56 | value) is a random number drawn for
// that value of that part, a Zobrist table too large to store.
const (
	tagState = iota + 1
	tagScores
	tagRounds = tagScores + players
)

func zobrist(tag, value uint64) uint64 { return mix64(tag<<56 ^ value ^ 0x5A0B5157) }

func bit(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// Key is a Zobrist hash of everything that decides the legal actions and the outcome: the board
// (each piece's kind, owner, pawn target and colour; kept up to date by set), the side, the dice
// with their used marks (as a multiset: the order they were thrown in changes nothing), the
// capture this turn, the commanders, the exchange, every player's points by source (they decide
// the outcome) and the options. The quiet-turn count enters only under max_rounds, capped at the
// count that ends the game whoever is still in (max_rounds times four): without a limit it
// decides nothing. The turn number is a clock and is left out.
func (p *Position) Key() uint64 {
	d0 := uint64(p.dice[0].value) | bit(p.dice[0].used)<<3
	d1 := uint64(p.dice[1].value) | bit(p.dice[1].used)<<3
	if d1 < d0 {
		d0, d1 = d1, d0
	}
	r := p.rules
	state := uint64(p.side) | d0<<2 | d1<<6 | bit(p.captured)<<10 |
		uint64(p.commander[0]+1)<<11 | uint64(p.commander[1]+1)<<14 | uint64(p.commander[2]+1)<<17 | uint64(p.commander[3]+1)<<20 |
		uint64(p.ex.stage)<<23 | uint64(p.ex.rajas[0]+1)<<25 | uint64(p.ex.rajas[1]+1)<<28 | uint64(p.ex.responder+1)<<31 |
		bit(r.teams)<<34 | bit(r.rankRule)<<35 | bit(r.diceless)<<36 | bit(r.lastStanding)<<37 | uint64(r.dice)<<38
	k := p.boardKey ^ zobrist(tagState, state)
	for pl := 0; pl < players; pl++ {
		s := p.score[pl]
		k ^= zobrist(tagScores+uint64(pl), uint64(s[fromCaptures])|uint64(s[fromThrone])<<17|uint64(s[fromEmpire])<<34)
	}
	if r.maxRounds > 0 {
		k ^= zobrist(tagRounds, uint64(r.maxRounds)<<24|uint64(min(p.quiet, r.maxRounds*players)))
	}
	return k
}

var _ engine.Node = (*Position)(nil)

// NewNode returns storage for PlayInto.
func (p *Position) NewNode() engine.Node { return new(Position) }

// PlayInto writes the position after m into dst, which must be a *Position, without events.
func (p *Position) PlayInto(m engine.Move, dst engine.Node) { p.play(m, dst.(*Position), nil) }

// Probability is the chance of a roll once 1s and 6s are thrown again: 1/4 for each face of one
// die; with two dice, whose outcomes are unordered pairs, 1/16 for a double and 2/16 for two
// different faces. Any other action has probability 1.
func (p *Position) Probability(m engine.Move) float64 {
	if moveAct(m) != actRoll {
		return 1
	}
	a, b := rollValues(m)
	switch {
	case b == 0:
		return 0.25
	case a == b:
		return 1.0 / 16
	}
	return 2.0 / 16
}

// RollMove returns the roll with these face values: as many values as the game rolls dice, each
// from 2 to 5 (a 1 or a 6 is thrown again and is no roll), in any order.
func (p *Position) RollMove(values []int) (engine.Move, error) {
	if p.rules.diceless {
		return 0, &engine.SyntaxError{Text: "dice", Reason: "this game is played without dice"}
	}
	if len(values) != int(p.rules.dice) {
		return 0, &engine.SyntaxError{Text: "dice", Reason: "want " + strconv.Itoa(int(p.rules.dice)) + " values, got " + strconv.Itoa(len(values))}
	}
	var v [2]int
	for i, x := range values {
		if x == 1 || x == 6 {
			return 0, &engine.SyntaxError{Text: "dice", Reason: "a 1 or a 6 does not count: it is thrown again"}
		}
		if x < 2 || x > 5 {
			return 0, &engine.SyntaxError{Text: "dice", Reason: "a die shows 2 to 5 once 1 and 6 are thrown again, got " + strconv.Itoa(x)}
		}
		v[i] = x
	}
	if v[1] != 0 && v[1] < v[0] {
		v[0], v[1] = v[1], v[0]
	}
	return rollMove(v[0], v[1]), nil
}

// Utility rates a finished game. Individual play is linear in the place by score: first +1, last
// -1, the second and third +1/3 and -1/3; players on equal scores share the average of the places
// they cover (10, 5, 5, 0 give +1, 0, 0, -1), so the utilities always sum to 0. Team play: the
// winning team's players +1 and the others -1, 0 for everyone in a draw.
func (p *Position) Utility(u []float64) bool {
	over, reason := p.status()
	if !over {
		return false
	}
	totals := p.totals()
	if p.rules.teams {
		w := p.winningTeam(reason, totals)
		for pl := 0; pl < players; pl++ {
			switch {
			case w < 0:
				u[pl] = 0
			case team(pl) == w:
				u[pl] = 1
			default:
				u[pl] = -1
			}
		}
		return true
	}
	for pl := 0; pl < players; pl++ {
		above, level := 0, 0
		for other := 0; other < players; other++ {
			switch {
			case other == pl:
			case totals[other] > totals[pl]:
				above++
			case totals[other] == totals[pl]:
				level++
			}
		}
		// Places counted from 0: the shared ones run from above to above+level.
		u[pl] = 1 - (2*float64(above)+float64(level))/(players-1)
	}
	return true
}

// materialValue is what a piece on the board is worth to its owner, in pawns, a point being a
// pawn: its capture points, which an enemy would score, and a fifth more for what it may still
// capture. A raja is worth more than its 5 points: it moves on every 5, and in team play the
// game is lost with both rajas (rajaTeamValue).
var materialValue = [kinds]float64{pawn: 1.2, boat: 2.4, horse: 3.6, elephant: 4.8, raja: 8}

// rajaTeamValue replaces the raja's value in team play (and diceless play, where a player
// without his raja is frozen).
const rajaTeamValue = 12

// evalParts returns each player's points and material, both relative to the other players: in
// individual play his own minus the mean of the other three; in team play his team's sum minus the
// other team's. Points count only where they decide the game (not under last_standing, nor in
// diceless play).
func (p *Position) evalParts() (points, material [players]float64) {
	var pts, mat [players]float64
	byPoints := !p.rules.teams || (!p.rules.lastStanding && !p.rules.diceless)
	for pl := 0; pl < players; pl++ {
		if byPoints {
			for src := fromCaptures; src < sources; src++ {
				pts[pl] += float64(p.score[pl][src])
			}
		}
		for k := pawn; k < raja; k++ {
			mat[pl] += materialValue[k] * float64(p.count[pl][k])
		}
		v := materialValue[raja]
		if p.rules.teams {
			v = rajaTeamValue
		}
		mat[pl] += v * float64(p.count[pl][raja])
	}
	return p.relative(pts), p.relative(mat)
}

// relative turns per-player values into each player's standing against the others.
func (p *Position) relative(v [players]float64) [players]float64 {
	var out [players]float64
	if p.rules.teams {
		d := v[black] + v[red] - v[green] - v[yellow]
		out = [players]float64{d, -d, d, -d}
		return out
	}
	sum := v[0] + v[1] + v[2] + v[3]
	for pl := 0; pl < players; pl++ {
		out[pl] = v[pl] - (sum-v[pl])/(players-1)
	}
	return out
}

// Evaluate is each player's points and material against the others' (evalParts), in pawns; a
// finished game is its Utility times engine.WinValue. The values sum to 0.
func (p *Position) Evaluate(e []float64) {
	if p.Utility(e) {
		for pl := 0; pl < players; pl++ {
			e[pl] *= engine.WinValue
		}
		return
	}
	pts, mat := p.evalParts()
	for pl := 0; pl < players; pl++ {
		e[pl] = pts[pl] + mat[pl]
	}
}

// Terms explains Evaluate.
func (p *Position) Terms() []engine.EvalTerm {
	u := make([]float64, players)
	if p.Utility(u) {
		for pl := range u {
			u[pl] *= engine.WinValue
		}
		return []engine.EvalTerm{{Name: "result", Values: u}}
	}
	pts, mat := p.evalParts()
	return []engine.EvalTerm{{Name: "points", Values: pts[:]}, {Name: "material", Values: mat[:]}}
}

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

func (p *Position) noisy(m engine.Move) bool {
	switch moveAct(m) {
	case actPromote:
		return true
	case actMove:
		from, to := moveFrom(m), moveTo(m)
		return movePromo(m) != 0 || p.board[to] != 0 ||
			(cellKind(p.board[from]) == boat && p.triumphPoints(from, to) > 0)
	}
	return false
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

// triumphPoints is what the boat on from scores by a boat triumph on moving to to: 2 for each
// boat of another player (in team play an enemy) that it captures. The blocks holding to are
// taken in the order boatTriumph takes them, a boat captured in one no longer filling the next.
func (p *Position) triumphPoints(from, to int) int {
	us := cellOwner(p.board[from])
	var gone uint64
	points := 0
	for _, corner := range blocks[to] {
		b := int(corner)
		block := [4]int{b, b + 1, b + size, b + size + 1}
		full := true
		for _, s := range block {
			c := p.board[s]
			full = full && (s == to || (c != 0 && cellKind(c) == boat && gone&(1<<s) == 0))
		}
		if !full {
			continue
		}
		for _, s := range block {
			if s == to {
				continue
			}
			if owner := cellOwner(p.board[s]); owner != us && !(p.rules.teams && owner == partner(us)) {
				gone |= 1 << s
				points += boat
			}
		}
	}
	return points
}

// InCheck is false: Chaturaji has no check.
func (p *Position) InCheck() bool { return false }

// Sides gives search the side of every player: in team play black and red are side 0, green and
// yellow side 1; in individual play every player is his own side.
func (p *Position) Sides() []int {
	if p.rules.teams {
		return []int{0, 1, 0, 1}
	}
	return []int{0, 1, 2, 3}
}
