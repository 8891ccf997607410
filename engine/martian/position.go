package martian

import (
	"math/bits"

	"github.com/ashtapada/ashtapada/engine"
)

// Players of Martian Chaturanga; Martian Chaturaji's are 0 to 3, blue, red, green, yellow.
const (
	light = 0
	dark  = 1
)

// Piece kinds are the die numbers: monarch 1, paladin 2, raven 3, squire 4; keeps (thrones in
// Martian Chaturaji) never move.
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

func cellKind(c cell) int { return int(c & 7) }

func cellPlayer(c cell) int { return int(c >> 3) }

// die is one die of the current turn.
type die struct {
	rolled uint8 // face value 1-4; 0 before the roll
	means  uint8 // piece kind after counting upward; 0 when void
	used   bool
}

// Position is a Martian Chaturanga or Martian Chaturaji position, a plain value: copying it
// copies the game.
type Position struct {
	g     *geometry
	board [maxSquares]cell
	// occ holds each player's squares (keeps included) and byKind each kind's squares (every
	// player's), bit sq for square sq; they mirror board.
	occ    [maxPlayers]uint64
	byKind [kinds]uint64
	side   uint8
	dice   [2]die
	// rights holds the garrisons still possible, bit player*2+side (geometry.garrisons).
	rights uint8
	// lost counts each player's own pieces taken by an opponent, by kind: the promotion pool.
	lost [maxPlayers][kinds]uint8
	// quiet counts completed turns without a capture; capturedThisTurn marks the current one.
	quiet            uint32
	capturedThisTurn bool
	turn             uint32
	maxTurns         uint32
	// key is the Zobrist hash of board, side, dice, rights and lost pieces, kept up to date by
	// set and play; Key adds the quiet-turn clock where a turn limit makes it matter.
	key uint64
}

// set puts c (0: nothing) on sq, keeping the masks and the key in step with the board.
func (p *Position) set(sq int, c cell) {
	bit := uint64(1) << sq
	if old := p.board[sq]; old != 0 {
		p.occ[cellPlayer(old)] &^= bit
		p.byKind[cellKind(old)] &^= bit
		p.key ^= zobristPiece[old][sq]
	}
	p.board[sq] = c
	if c != 0 {
		p.occ[cellPlayer(c)] |= bit
		p.byKind[cellKind(c)] |= bit
		p.key ^= zobristPiece[c][sq]
	}
}

func (p *Position) rolled() bool { return p.dice[0].rolled != 0 }

// occupied is every piece's square.
func (p *Position) occupied() uint64 { return p.occ[0] | p.occ[1] | p.occ[2] | p.occ[3] }

// foes returns the squares of the pieces of pl's opponents.
func (p *Position) foes(pl int) uint64 {
	f := &p.g.foePair[pl]
	return p.occ[f[0]] | p.occ[f[1]]
}

// losingTeam returns the partnership whose every monarch has been captured, or -1.
func (p *Position) losingTeam() int {
	for t, pair := range &p.g.teamPair {
		if p.lost[pair[0]][monarch] != 0 && p.lost[pair[1]][monarch] != 0 {
			return t
		}
	}
	return -1
}

func (p *Position) finished() bool {
	return p.losingTeam() >= 0 || (p.maxTurns > 0 && p.quiet >= p.maxTurns)
}

// hasPieces reports whether player pl has a piece on the board other than his keeps: a player
// who has none is skipped.
func (p *Position) hasPieces(pl int) bool { return p.occ[pl]&^p.byKind[keep] != 0 }

// Move layout: from (bits 0-5), to (6-11), promotion kind (12-14), action (15-16); a roll keeps
// its two face values in bits 17-19 and 20-22.
const (
	actMove = iota
	actEnd
	actGarrison
	actRoll
)

func newMove(from, to, promo int) engine.Move { return engine.Move(from | to<<6 | promo<<12) }

func rollMove(a, b int) engine.Move { return engine.Move(actRoll<<15 | a<<17 | b<<20) }

var endMove = engine.Move(actEnd << 15)

// garrisonMove is written as the monarch's move from its square to the raven's.
func garrisonMove(monarchSq, ravenSq int) engine.Move {
	return engine.Move(actGarrison<<15) | newMove(monarchSq, ravenSq, 0)
}

func moveFrom(m engine.Move) int { return int(m & 63) }

func moveTo(m engine.Move) int { return int(m>>6) & 63 }

func movePromo(m engine.Move) int { return int(m>>12) & 7 }

func moveAct(m engine.Move) int { return int(m>>15) & 3 }

func rollValues(m engine.Move) (int, int) {
	return int(m>>17) & 7, int(m>>20) & 7
}

func (p *Position) Variant() engine.Variant { return p.g.variant }

func (p *Position) ToMove() int { return int(p.side) }

// Sides puts partners on one side, so that search treats Martian Chaturaji as a game of two.
func (p *Position) Sides() []int { return p.g.team[:p.g.players] }

// validate checks a position from a client: piece counts a real game can reach, keeps or
// thrones where they stand, dice that agree with the count-upward rule, rights that agree with
// the pieces, and a player to move who is not skipped.
func (p *Position) validate() error {
	if err := p.checkPieces(); err != nil {
		return err
	}
	over := p.finished()
	if over && p.rolled() {
		return engine.Positionf("dice", "the game is over: no dice may be set")
	}
	if !over && !p.hasPieces(int(p.side)) {
		return engine.Positionf("side", "%s has no piece left to move and is skipped: the turn is another player's", p.g.names[p.side])
	}
	if err := p.checkSquires(); err != nil {
		return err
	}
	return p.checkDice()
}

// checkPieces checks each player's pieces and garrison rights, and that the monarchs captured
// leave at most one partnership beaten.
func (p *Position) checkPieces() error {
	g := p.g
	var count [maxPlayers][kinds]int
	for _, c := range p.board[:g.squares] {
		if c != 0 {
			count[cellPlayer(c)][cellKind(c)]++
		}
	}
	for pl := 0; pl < g.players; pl++ {
		if err := p.checkCounts(pl, &count[pl]); err != nil {
			return err
		}
		if err := p.checkRights(pl); err != nil {
			return err
		}
	}
	beaten := 0
	for t := 0; t < 2; t++ {
		all := true
		for pl := 0; pl < g.players; pl++ {
			all = all && (g.team[pl] != t || p.lost[pl][monarch] > 0)
		}
		if all {
			beaten++
		}
	}
	if beaten > 1 {
		return engine.Positionf("board", "every monarch is captured; the game ended with the last monarch of one side")
	}
	return nil
}

// startCount is how many pieces of a kind a player starts with.
func (g *geometry) startCount(kind int) int {
	if g.players == 2 {
		return [kinds]int{0, 1, 2, 2, 2, 3}[kind]
	}
	return [kinds]int{0, 1, 1, 1, 3, 1}[kind]
}

// checkCounts checks that a player's pieces on the board and captured are ones a game holds:
// no more of a kind than a set has, keeps never captured (and, where they are thrones, on their
// squares), and his one monarch on the board or among the captured.
func (p *Position) checkCounts(pl int, count *[kinds]int) error {
	g := p.g
	name := g.names[pl]
	total := 0
	for k := monarch; k < keep; k++ {
		if count[k]+int(p.lost[pl][k]) > g.startCount(k) && k != squire {
			return engine.Positionf("board", "%s has %d %ss on the board and %d captured; a game has %d", name, count[k], kindNames[k], p.lost[pl][k], g.startCount(k))
		}
		total += count[k] + int(p.lost[pl][k])
	}
	if g.thrones[pl] != 0 {
		if p.occ[pl]&p.byKind[keep] != g.thrones[pl] {
			return engine.Positionf("board", "%s's throne stands on %s, and nowhere else", name, g.squareName(bits.TrailingZeros64(g.thrones[pl])))
		}
	} else if count[keep] > g.startCount(keep) {
		return engine.Positionf("board", "%s has %d keeps; a game has at most %d", name, count[keep], g.startCount(keep))
	}
	if p.lost[pl][keep] > 0 {
		return engine.Positionf("board", "%s has captured %ss; they are never captured", name, g.keepName)
	}
	if count[squire] > g.startCount(squire) || total > g.startCount(monarch)+g.startCount(paladin)+g.startCount(raven)+g.startCount(squire) {
		return engine.Positionf("board", "%s has more pieces than a game holds", name)
	}
	if count[monarch]+int(p.lost[pl][monarch]) != 1 {
		return engine.Positionf("board", "%s needs a monarch on the board or among the captured pieces", name)
	}
	return nil
}

// checkRights checks that each garrison right a player keeps has its monarch and raven at home.
func (p *Position) checkRights(pl int) error {
	for side, gs := range p.g.garrisons[pl] {
		if p.rights&(1<<(pl*2+side)) == 0 {
			continue
		}
		if p.board[gs.raven] != pieceCell(raven, pl) || p.board[gs.monarch] != pieceCell(monarch, pl) {
			return engine.Positionf("rights", "%s's garrison right %s needs the monarch on %s and a raven on %s",
				p.g.names[pl], p.g.rightName(pl, side), p.g.squareName(gs.monarch), p.g.squareName(gs.raven))
		}
	}
	return nil
}

// checkSquires checks that no squire stands on the edge behind it, which it never goes back to.
func (p *Position) checkSquires() error {
	for s := p.byKind[squire]; s != 0; s &= s - 1 {
		sq := bits.TrailingZeros64(s)
		if p.g.homeEdge[cellPlayer(p.board[sq])]&(1<<sq) != 0 {
			return engine.Positionf("square "+p.g.squareName(sq), "a squire never stands on the edge it starts from")
		}
	}
	return nil
}

// checkDice checks the dice of the turn in progress: meanings the count-upward rule gives, one
// die at least unused, and a capture this turn only once the dice are rolled.
func (p *Position) checkDice() error {
	if !p.rolled() {
		if p.capturedThisTurn {
			return engine.Positionf("dice", "a capture this turn needs rolled dice")
		}
		return nil
	}
	if err := p.checkMeanings(); err != nil {
		return err
	}
	if p.dice[0].used && p.dice[1].used {
		return engine.Positionf("dice", "both dice are used: the turn has already passed")
	}
	return nil
}

// checkMeanings checks what the dice mean. The count-upward rule fixed it when the dice were set,
// from the kinds the mover had then, and it is kept as recorded: those kinds are the ones he has
// now, unless a die meaning squire has been used, as that move may have been a promotion, which
// takes a squire away and brings a paladin or raven back.
func (p *Position) checkMeanings() error {
	// What each die says about the kinds at the roll: its meaning was there, the kinds from its
	// value up to that meaning were not.
	var present, absent [2]uint8
	for i, d := range p.dice {
		if d.means != 0 && d.means < d.rolled {
			return engine.Positionf("dice", "die %d rolled %d cannot mean %s: a die counts upward, never down", i+1, d.rolled, kindNames[d.means])
		}
		top := int(d.means)
		if top == 0 {
			top = squire + 1
		} else {
			present[i] = 1 << top
		}
		for k := int(d.rolled); k < top; k++ {
			absent[i] |= 1 << k
		}
	}
	name := p.g.names[p.side]
	if both := present[0]&absent[1] | present[1]&absent[0]; both != 0 {
		return engine.Positionf("dice", "the dice disagree on whether %s had a %s when they were set: one means it, the other counts past it",
			name, kindNames[bits.TrailingZeros8(both)])
	}
	have := p.ownKinds(int(p.side))
	if p.diceMean(have) || p.promotedThisTurn(have) {
		return nil
	}
	for i, d := range p.dice {
		if means := countUp(int(d.rolled), have); means != d.means {
			promotion := ""
			if p.squireDieUsed() {
				promotion = "; nor does a promotion this turn explain it"
			}
			return engine.Positionf("dice", "die %d rolled %d means %s by the count-upward rule for %s's pieces, not %s%s", i+1,
				d.rolled, meaningName(means), name, meaningName(d.means), promotion)
		}
	}
	return nil
}

// squireDieUsed reports whether a die meaning squire has been used this turn.
func (p *Position) squireDieUsed() bool {
	return p.dice[0].used && p.dice[0].means == squire || p.dice[1].used && p.dice[1].means == squire
}

// ownKinds returns the kinds of piece player pl has on the board, bit k for kind k.
func (p *Position) ownKinds(pl int) uint8 {
	var have uint8
	for k := monarch; k <= squire; k++ {
		if p.byKind[k]&p.occ[pl] != 0 {
			have |= 1 << k
		}
	}
	return have
}

// countUp returns the kind a die showing v means for a player who has the kinds have: the first
// kind from v upward that he has, never wrapping to the monarch; 0 when there is none (void).
func countUp(v int, have uint8) uint8 {
	for k := v; k <= squire; k++ {
		if have&(1<<k) != 0 {
			return uint8(k)
		}
	}
	return 0
}

// diceMean reports whether the dice mean what the count-upward rule gives for the kinds have.
func (p *Position) diceMean(have uint8) bool {
	return p.dice[0].means == countUp(int(p.dice[0].rolled), have) && p.dice[1].means == countUp(int(p.dice[1].rolled), have)
}

// promotedThisTurn reports whether the dice agree with the kinds the mover had before a squire
// promoted this turn: the meanings are fixed at the roll, and a promotion may since have brought
// a kind back or taken the last squire away.
func (p *Position) promotedThisTurn(have uint8) bool {
	if !p.squireDieUsed() {
		return false
	}
	for k := paladin; k <= raven; k++ {
		if have&(1<<k) != 0 && (p.diceMean(have|1<<squire) || p.diceMean(have&^(1<<k)|1<<squire)) {
			return true
		}
	}
	return false
}

func (p *Position) squareName(sq int) string { return p.g.squareName(sq) }

// Zobrist keys from a fixed seed: pieces by cell value and square, the player to move, each
// die's state (the lower and the higher of the two, so the order the dice were thrown in does not
// count), garrison rights, lost pieces by player, and a seed for the quiet-turn clock.
var (
	zobristPiece  [32][maxSquares]uint64
	zobristSide   [maxPlayers]uint64
	zobristDie    [2][dieStates]uint64
	zobristRights [256]uint64
	zobristLost   [maxPlayers][kinds][10]uint64
	zobristClock  uint64
)

// dieStates bounds dieState.
const dieStates = 5 << 4

// dieState packs a die's value, meaning and used flag.
func dieState(d die) int {
	s := int(d.rolled)<<4 | int(d.means)<<1
	if d.used {
		s |= 1
	}
	return s
}

func init() {
	engine.FillKeys(0x6D61727469616E, // "martian"
		&zobristPiece, &zobristSide, &zobristDie, &zobristRights, &zobristLost, &zobristClock)
	zobristSide[light] = 0 // the first player to move adds nothing
}

// diceKey is the dice's part of the key: 0 before the roll.
func (p *Position) diceKey() uint64 {
	if !p.rolled() {
		return 0
	}
	lo, hi := dieState(p.dice[0]), dieState(p.dice[1])
	if lo > hi {
		lo, hi = hi, lo
	}
	return zobristDie[0][lo] ^ zobristDie[1][hi]
}

// computeKey hashes from scratch what play keeps in p.key.
func (p *Position) computeKey() uint64 {
	var k uint64
	for sq, c := range p.board[:p.g.squares] {
		if c != 0 {
			k ^= zobristPiece[c][sq]
		}
	}
	k ^= zobristSide[p.side]
	k ^= p.diceKey()
	k ^= zobristRights[p.rights]
	for pl := 0; pl < p.g.players; pl++ {
		for kind := monarch; kind <= squire; kind++ {
			k ^= zobristLost[pl][kind][p.lost[pl][kind]]
		}
	}
	return k
}

// clockKey is the quiet-turn clock's part of the key. Without a turn limit the clock decides
// nothing and is left out. With one, what decides the outcome is how many quiet turns are left
// and whether the turn in progress has captured (which resets the clock when the turn ends), so
// positions that differ only in max_turns and quiet by the same amount share a key.
func (p *Position) clockKey() uint64 {
	if p.maxTurns == 0 {
		return 0
	}
	left := uint64(0)
	if p.quiet < p.maxTurns {
		left = uint64(p.maxTurns - p.quiet)
	}
	x := left << 1
	if p.capturedThisTurn {
		x |= 1
	}
	return engine.Mix64(zobristClock ^ x)
}

// Key is the Zobrist hash of everything that decides the legal actions and the outcome: board,
// player to move, the dice with their meanings and used flags, garrison rights, lost pieces (the
// promotion pool), and under a turn limit the quiet turns left and the capture flag. The turn
// number is a clock that decides nothing and is left out.
func (p *Position) Key() uint64 { return p.key ^ p.clockKey() }
