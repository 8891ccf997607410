package chaturanga

import (
	"math/bits"

	"github.com/ashtapada/ashtapada/engine"
)

// pieceValues are material values in pawns for Gain, which orders the search's captures and
// guides the greedy bot; the evaluation's own values are in Weights. The mantri and gaja, a
// ferz and an alfil, are weak short-range pieces; the ratha is the strongest.
var pieceValues = [pieceTypes]float64{pawn: 1, horse: 3.2, gaja: 1.3, ratha: 5, mantri: 1.6, king: 0}

// centrality counts steps from the board's edge ring: 0 on the edge, 3 in the four centre squares.
var centrality = func() (t [64]float64) {
	for sq := range t {
		f, r := sq%8, sq/8
		t[sq] = float64(min(f, 7-f, r, 7-r))
	}
	return t
}()

// The game phase follows Fairy-Stockfish's: the non-pawn material of both sides, in its
// middlegame units, from endgameMaterial (all endgame) to middlegameMaterial (all middlegame).
// Chaturanga starts with 10,720, six tenths middlegame.
const (
	middlegameMaterial = 15258
	endgameMaterial    = 3915
)

var phaseMaterial = [pieceTypes]int{horse: 781, gaja: 350, ratha: 1339, mantri: 420}

// kingAttackWeight is by piece type what an attacker of the ring around the enemy king adds to
// the king danger (Fairy-Stockfish's: knight 81, rook 44, a fairy piece 40).
var kingAttackWeight = [pieceTypes]float64{horse: 81, gaja: 40, ratha: 44, mantri: 40}

// Masks by colour and square: forwardFile, the squares in front on the file; attackSpan, those
// in front on the files beside; rankMask the rank; adjacentFiles the files beside a file;
// kingFlank the files around a king's file (Stockfish's KingFlank); camp a side's five ranks.
var forwardFile, attackSpan [2][64]bitboard
var adjacentFiles, kingFlank [8]bitboard
var camp, outpostRanks [2]bitboard

func init() {
	files := func(lo, hi int) (b bitboard) {
		for f := max(lo, 0); f <= min(hi, 7); f++ {
			b |= fileA << f
		}
		return b
	}
	for f := range 8 {
		adjacentFiles[f] = files(f-1, f-1) | files(f+1, f+1)
	}
	kingFlank = [8]bitboard{files(0, 2), files(0, 3), files(0, 3), files(2, 5), files(2, 5), files(4, 7), files(4, 7), files(5, 7)}
	outpostRanks[white], outpostRanks[black] = rank1<<24|rank1<<32|rank1<<40, rank1<<16|rank1<<24|rank1<<32
	camp[white], camp[black] = rank1<<0|rank1<<8|rank1<<16|rank1<<24|rank1<<32, rank1<<24|rank1<<32|rank1<<40|rank1<<48|rank1<<56
	for sq := range 64 {
		f, r := sq%8, sq/8
		for rr := r + 1; rr < 8; rr++ {
			forwardFile[white][sq] |= 1 << (rr*8 + f)
			attackSpan[white][sq] |= adjacentFiles[f] & (rank1 << (8 * rr))
		}
		for rr := r - 1; rr >= 0; rr-- {
			forwardFile[black][sq] |= 1 << (rr*8 + f)
			attackSpan[black][sq] |= adjacentFiles[f] & (rank1 << (8 * rr))
		}
	}
}

// pawnsAttack is the squares the pawns of color attack.
func pawnsAttack(color int, pawns bitboard) bitboard {
	if color == white {
		return (pawns&^fileA)<<7 | (pawns&^fileH)<<9
	}
	return (pawns&^fileA)>>9 | (pawns&^fileH)>>7
}

// pawnsAttackTwice is the squares two pawns of color attack.
func pawnsAttackTwice(color int, pawns bitboard) bitboard {
	if color == white {
		return (pawns &^ fileA) << 7 & ((pawns &^ fileH) << 9)
	}
	return (pawns &^ fileA) >> 9 & ((pawns &^ fileH) >> 7)
}

// taper is a middlegame and an endgame value.
type taper [2]float64

func (t *taper) add(sign float64, v [2]float64) {
	t[0] += sign * v[0]
	t[1] += sign * v[1]
}

func (t *taper) add2(sign, mg, eg float64) {
	t[0] += sign * mg
	t[1] += sign * eg
}

// evalTerms are the parts of the evaluation from white's point of view, in pawns.
type evalTerms struct {
	material, placement, mobility, pieces, pawns, passed, threats, king, mopUp, tempo float64
}

func (t *evalTerms) sum() float64 {
	return t.material + t.placement + t.mobility + t.pieces + t.pawns + t.passed + t.threats + t.king + t.mopUp + t.tempo
}

// attackInfo is what the first pass over the pieces learns for the terms that need both sides'
// attacks: the squares each side attacks (once, twice, by piece type), and its pieces' attacks
// on the enemy king's ring.
type attackInfo struct {
	pawns, pawnAttacks, attacked, attacked2, ring [2]bitboard
	by                                            [2][pieceTypes]bitboard
	kingSq                                        [2]int
	ringAttackers                                 [2]int
	ringAttackWeight, kingAttacks, mobilityMg     [2]float64
}

func (p *Position) evalTerms() evalTerms {
	w := p.v.weights
	occ := p.occupied()
	var material, mobility, pieces, pawns, passed, threats, kingSafety taper
	var a attackInfo
	npm := 0
	for typ := horse; typ <= mantri; typ++ {
		nw := bits.OnesCount64(p.byType[typ] & p.byColor[white])
		nb := bits.OnesCount64(p.byType[typ] & p.byColor[black])
		npm += phaseMaterial[typ] * (nw + nb)
		material.add2(float64(nw-nb), w.PieceMg[typ], w.PieceEg[typ])
	}
	for c := white; c <= black; c++ {
		own := p.byColor[c]
		a.pawns[c] = p.byType[pawn] & own
		a.pawnAttacks[c] = pawnsAttack(c, a.pawns[c])
		a.kingSq[c] = bits.TrailingZeros64(p.byType[king] & own)
		a.ring[c] = kingAttacks[a.kingSq[c]] | 1<<a.kingSq[c]
		a.by[c][pawn] = a.pawnAttacks[c]
		a.by[c][king] = kingAttacks[a.kingSq[c]]
		a.attacked[c] = a.pawnAttacks[c] | a.by[c][king]
		a.attacked2[c] = pawnsAttackTwice(c, a.pawns[c]) | a.pawnAttacks[c]&a.by[c][king]
	}
	material.add2(float64(bits.OnesCount64(a.pawns[white])-bits.OnesCount64(a.pawns[black])), w.PieceMg[pawn], w.PieceEg[pawn])
	for c := white; c <= black; c++ {
		them := c ^ 1
		area := ^(a.pawns[c] | 1<<a.kingSq[c] | a.pawnAttacks[them])
		var mobMg, mobEg, pcsMg, pcsEg float64
		for s := p.byColor[c] &^ p.byType[pawn] &^ p.byType[king]; s != 0; s &= s - 1 {
			sq := bits.TrailingZeros64(s)
			typ := int(p.board[sq] & 7)
			var att bitboard
			switch typ {
			case horse:
				att = knightAttacks[sq]
				m := bits.OnesCount64(att & area)
				mobMg += w.HorseMobilityMg[m]
				mobEg += w.HorseMobilityEg[m]
				if a.pawnAttacks[c]&(1<<sq) != 0 && outpostRanks[c]&(1<<sq) != 0 && attackSpan[c][sq]&a.pawns[them] == 0 {
					pcsMg += w.HorseOutpost[0]
					pcsEg += w.HorseOutpost[1]
				}
			case gaja, mantri:
				if typ == gaja {
					att = alfilAttacks[sq]
				} else {
					att = ferzAttacks[sq]
				}
				m := bits.OnesCount64(att & area)
				mobMg += w.LeaperMobilityMg[m]
				mobEg += w.LeaperMobilityEg[m]
			case ratha:
				att = rookAttacks(sq, occ)
				m := bits.OnesCount64(att & area)
				mobMg += w.RathaMobilityMg[m]
				mobEg += w.RathaMobilityEg[m]
				file := fileA << (sq % 8)
				switch {
				case file&p.byType[pawn] == 0:
					pcsMg += w.RathaOpenFile[0]
					pcsEg += w.RathaOpenFile[1]
				case file&a.pawns[c] == 0:
					pcsMg += w.RathaHalfOpenFile[0]
					pcsEg += w.RathaHalfOpenFile[1]
				}
			}
			a.by[c][typ] |= att
			a.attacked2[c] |= a.attacked[c] & att
			a.attacked[c] |= att
			if att&a.ring[them] != 0 {
				a.ringAttackers[c]++
				a.ringAttackWeight[c] += kingAttackWeight[typ]
			}
			a.kingAttacks[c] += float64(bits.OnesCount64(att & kingAttacks[a.kingSq[them]]))
		}
		sign := 1.0
		if c == black {
			sign = -1
		}
		mobility.add2(sign, mobMg, mobEg)
		pieces.add2(sign, pcsMg, pcsEg)
		a.mobilityMg[c] = mobMg
	}
	for c := white; c <= black; c++ {
		sign := 1.0
		if c == black {
			sign = -1
		}
		p.pawnTerms(c, sign, &a, &pawns, &passed)
		p.threatTerms(c, sign, &a, &threats)
		p.kingTerms(c, sign, &a, &kingSafety)
	}

	mg := float64(min(max(npm, endgameMaterial), middlegameMaterial)-endgameMaterial) / (middlegameMaterial - endgameMaterial)
	mix := func(t taper) float64 { return t[0]*mg + t[1]*(1-mg) }
	t := evalTerms{material: mix(material), placement: mix(p.psq), mobility: mix(mobility), pieces: mix(pieces),
		pawns: mix(pawns), passed: mix(passed), threats: mix(threats), king: mix(kingSafety)}
	if lead := t.material; lead >= mopUpLead || lead <= -mopUpLead {
		winner, sign := white, 1.0
		if lead < 0 {
			winner, sign = black, -1
		}
		loser := a.kingSq[winner^1]
		t.mopUp = sign * (w.MopUpEdge*(3-centrality[loser]) + w.MopUpNear*float64(7-kingDistance(a.kingSq[winner], loser)))
	}
	t.tempo = w.Tempo
	if p.side == black {
		t.tempo = -w.Tempo
	}
	return t
}

// pawnTerms adds the pawn structure and passed pawns of color c, by whole bitboards where a
// term does not depend on the pawn's rank.
func (p *Position) pawnTerms(c int, sign float64, a *attackInfo, pawns, passed *taper) {
	w := p.v.weights
	them := c ^ 1
	own, enemy := a.pawns[c], a.pawns[them]
	supported := own & a.pawnAttacks[c]
	phalanx := own & ((own&^fileH)<<1 | (own&^fileA)>>1)
	files := own | own>>32
	files |= files >> 16
	files |= files >> 8
	files &= rank1
	isolated := own & ((files &^ (files<<1 | files>>1)) * fileA)
	// ahead is, for a square, whether an own or enemy pawn stands further up its file.
	var doubled, ownAhead, enemyAhead bitboard
	if c == white {
		doubled = own & (own << 8)
		ownAhead, enemyAhead = fillDown(own>>8), fillDown(enemy>>8)
	} else {
		doubled = own & (own >> 8)
		ownAhead, enemyAhead = fillUp(own<<8), fillUp(enemy<<8)
	}
	stoppers := enemyAhead | (enemyAhead&^fileH)<<1 | (enemyAhead&^fileA)>>1
	pawns.add(-sign*float64(bits.OnesCount64(isolated)), w.Isolated)
	pawns.add(-sign*float64(bits.OnesCount64(doubled&^supported)), w.Doubled)
	for s := supported | phalanx; s != 0; s &= s - 1 {
		sq := bits.TrailingZeros64(s)
		r := relativeRank(c, sq)
		opposed := enemyAhead&(1<<sq) != 0
		v := w.ConnectedMg[r]*float64(2+b2i(phalanx&(1<<sq) != 0)-b2i(opposed)) +
			w.ConnectedSupport*float64(bits.OnesCount64(own&pawnAttacks[them][sq]))
		pawns.add2(sign, v, v*float64(r-2)/4)
	}
	for s := own &^ stoppers &^ ownAhead; s != 0; s &= s - 1 {
		r := relativeRank(c, bits.TrailingZeros64(s))
		passed.add2(sign, w.PassedMg[r], w.PassedEg[r])
	}
}

// fillDown and fillUp spread every set square to the squares below and above it on its file.
func fillDown(b bitboard) bitboard {
	b |= b >> 8
	b |= b >> 16
	return b | b>>32
}

func fillUp(b bitboard) bitboard {
	b |= b << 8
	b |= b << 16
	return b | b<<32
}

// relativeRank is the rank of sq counted from color's side, 0 the first.
func relativeRank(color, sq int) int {
	if color == black {
		return 7 - sq/8
	}
	return sq / 8
}

// threatTerms adds the threats of color c against the other side's pieces.
func (p *Position) threatTerms(c int, sign float64, a *attackInfo, threats *taper) {
	w := p.v.weights
	them := c ^ 1
	kings := p.byType[king]
	nonPawnEnemies := p.byColor[them] &^ p.byType[pawn] &^ kings
	strong := a.pawnAttacks[them] | a.attacked2[them]&^a.attacked2[c]
	defended := nonPawnEnemies & strong
	weak := p.byColor[them] &^ kings &^ strong & a.attacked[c]
	for b := (defended | weak) & (a.by[c][horse] | a.by[c][gaja] | a.by[c][mantri]); b != 0; b &= b - 1 {
		typ := p.board[bits.TrailingZeros64(b)] & 7
		threats.add2(sign, w.ThreatByMinorMg[typ], w.ThreatByMinorEg[typ])
	}
	for b := weak & a.by[c][ratha]; b != 0; b &= b - 1 {
		typ := p.board[bits.TrailingZeros64(b)] & 7
		threats.add2(sign, w.ThreatByRathaMg[typ], w.ThreatByRathaEg[typ])
	}
	if weak&a.by[c][king] != 0 {
		threats.add(sign, w.ThreatByKing)
	}
	count := func(b bitboard) float64 { return sign * float64(bits.OnesCount64(b)) }
	threats.add(count(weak&(^a.attacked[them]|nonPawnEnemies&a.attacked2[c])), w.Hanging)
	threats.add(count(a.attacked[them]&^strong&a.attacked[c]), w.Restricted)
	safe := ^a.attacked[them] | a.attacked[c]
	threats.add(count(pawnsAttack(c, a.pawns[c]&safe)&nonPawnEnemies), w.ThreatByPawn)
	push := a.pawns[c] << 8
	if c == black {
		push = a.pawns[c] >> 8
	}
	push &^= p.occupied() | a.pawnAttacks[them]
	threats.add(count(pawnsAttack(c, push&safe)&nonPawnEnemies), w.ThreatByPawnPush)
}

// kingTerms adds the danger to color c's king, as Fairy-Stockfish counts it in its units: the
// enemy pieces that attack the ring around the king and their attacks, safe checks, weak
// squares of the ring, attacks on the king's flank, less the defence; it counts from 100 on.
func (p *Position) kingTerms(c int, sign float64, a *attackInfo, kingSafety *taper) {
	w := p.v.weights
	them := c ^ 1
	ksq := a.kingSq[c]
	occ := p.occupied()
	weak := a.attacked[them] &^ a.attacked2[c] & (^a.attacked[c] | a.by[c][king])
	safe := ^p.byColor[them] & (^a.attacked[c] | weak&a.attacked2[them])
	danger := 0.0
	var unsafe bitboard
	check := func(checks bitboard, one, more float64) {
		switch {
		case checks&safe == 0:
			unsafe |= checks
		case (checks&safe)&(checks&safe-1) != 0:
			danger += more
		default:
			danger += one
		}
	}
	check(rookAttacks(ksq, occ)&a.by[them][ratha], 1087, 1878)
	check(knightAttacks[ksq]&a.by[them][horse], 803, 1292)
	check(ferzAttacks[ksq]&a.by[them][mantri], 600, 900)
	check(alfilAttacks[ksq]&a.by[them][gaja], 600, 900)
	flank := kingFlank[ksq%8]
	flankAttacks := a.attacked[them] & flank & camp[c]
	attacks := float64(bits.OnesCount64(flankAttacks) + bits.OnesCount64(flankAttacks&a.attacked2[them]))
	defence := float64(bits.OnesCount64(a.attacked[c] & flank & camp[c]))
	danger += float64(a.ringAttackers[them])*a.ringAttackWeight[them] +
		183*float64(bits.OnesCount64(a.ring[c]&weak)) +
		148*float64(bits.OnesCount64(unsafe)) +
		69*a.kingAttacks[them] +
		3*attacks*attacks/8 +
		fsfUnits*(a.mobilityMg[them]-a.mobilityMg[c]) -
		873 - 4*defence + 37
	if a.by[c][horse]&a.by[c][king] != 0 {
		danger -= 100
	}
	if danger > 100 {
		kingSafety.add2(-sign, w.KingDanger*fsf(min(danger, 3500)*danger/4096), w.KingDanger*fsf(danger/16))
	}
	if p.byType[pawn]&flank == 0 {
		kingSafety.add(-sign, w.PawnlessFlank)
	}
	kingSafety.add(-sign*attacks, w.FlankAttack)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// kingDistance is the number of king steps between two squares.
func kingDistance(a, b int) int {
	df, dr := a%8-b%8, a/8-b/8
	return max(df, -df, dr, -dr)
}

// Evaluate is Fairy-Stockfish's classical evaluation rewritten (Weights): material and
// piece-square values, mobility, rathas on open files and horse outposts, pawn structure,
// passed pawns, threats, king danger, a mop-up of a bare defence and the move, each mixed from
// a middlegame and an endgame value by the material on the board, in pawns; a finished game is
// worth engine.WinValue to the winner.
func (p *Position) Evaluate(e []float64) {
	if p.Utility(e) {
		e[white] *= engine.WinValue
		e[black] *= engine.WinValue
		return
	}
	t := p.evalTerms()
	v := t.sum()
	e[white], e[black] = v, -v
}

// Terms explains Evaluate.
func (p *Position) Terms() []engine.EvalTerm {
	var u [2]float64
	if p.Utility(u[:]) {
		return []engine.EvalTerm{{Name: "result", Values: []float64{u[white] * engine.WinValue, u[black] * engine.WinValue}}}
	}
	t := p.evalTerms()
	term := func(name string, v float64) engine.EvalTerm {
		return engine.EvalTerm{Name: name, Values: []float64{v, -v}}
	}
	return []engine.EvalTerm{term("material", t.material), term("placement", t.placement),
		term("mobility", t.mobility), term("pieces", t.pieces), term("pawn_structure", t.pawns),
		term("passed_pawns", t.passed), term("threats", t.threats), term("king_safety", t.king),
		term("mop_up", t.mopUp), term("tempo", t.tempo)}
}
