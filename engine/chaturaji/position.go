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
	game
	// v is the variant the position belongs to, whose weights Evaluate uses.
	v *variant
}

// game is the position without its variant: a value with no pointer, which play copies as plain
// memory, where a struct holding a pointer is copied through the garbage collector's write
// barrier.
type game struct {
	board [size * size]cell
	// occupied holds the squares of each player's pieces, which move generation walks.
	occupied [players]uint64
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

// copyTo copies the position into c, its variant only where it differs (the nodes of one search
// share it).
func (p *Position) copyTo(c *Position) {
	c.game = p.game
	if c.v != p.v {
		c.v = p.v
	}
}

// set puts c (0: nothing) on sq and keeps the board's hash up to date.
func (p *Position) set(sq int, c cell) {
	if old := p.board[sq]; old != 0 {
		p.boardKey ^= cellKey(old, sq)
		p.occupied[cellOwner(old)] &^= 1 << sq
	}
	if c != 0 {
		p.boardKey ^= cellKey(c, sq)
		p.occupied[cellOwner(c)] |= 1 << sq
	}
	p.board[sq] = c
}

func (p *Position) Variant() engine.Variant { return p.v }

// ToMove is the player who chooses the next action: the commander of the player whose turn it
// is, the player answering an exchange, or the owner of a returning raja.
func (p *Position) ToMove() int { return p.actor() }

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
func moveFrom(m engine.Move) int    { return int(m & 63) }
func moveTo(m engine.Move) int      { return int(m>>6) & 63 }
func movePromo(m engine.Move) int   { return int(m>>12) & 7 }
func moveAct(m engine.Move) int     { return int(m>>15) & 15 }

func rollValues(m engine.Move) (int, int) {
	return int(m>>19) & 7, int(m>>22) & 7
}

func squareName(sq int) string { return engine.SquareName(sq%size, sq/size) }

// Zobrist keys, from a fixed seed: a piece's kind and owner on a square, a pawn's promotion
// target there, and a commanded boat's colour where it differs from its owner's.
var (
	zobristPiece  [kinds][players][size * size]uint64
	zobristTarget [kinds][size * size]uint64
	zobristColour [players][size * size]uint64
)

func init() {
	engine.FillKeys(0x43686174757261, &zobristPiece, &zobristTarget, &zobristColour) // "Chatura"
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

func zobrist(tag, value uint64) uint64 { return engine.Mix64(tag<<56 ^ value ^ 0x5A0B5157) }

func bit(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// Key is a Zobrist hash of everything that decides the legal actions and the outcome: the board
// (each piece's kind, owner, pawn target and colour; kept up to date by set), the side, the dice
// with their used marks (as a multiset: the order they were thrown in changes nothing), the
// commanders, the exchange, every player's points by source (they decide the outcome) and the
// options. The quiet-turn count and the capture this turn (which resets the count when the turn
// ends) enter only under max_rounds, the count capped where the game has ended whoever is still
// in (max_rounds times four); without a limit they decide nothing. The turn number is a clock and
// is left out.
func (p *Position) Key() uint64 {
	d0 := uint64(p.dice[0].value) | bit(p.dice[0].used)<<3
	d1 := uint64(p.dice[1].value) | bit(p.dice[1].used)<<3
	if d1 < d0 {
		d0, d1 = d1, d0
	}
	r := p.rules
	state := uint64(p.side) | d0<<2 | d1<<6 |
		uint64(p.commander[0]+1)<<11 | uint64(p.commander[1]+1)<<14 | uint64(p.commander[2]+1)<<17 | uint64(p.commander[3]+1)<<20 |
		uint64(p.ex.stage)<<23 | uint64(p.ex.rajas[0]+1)<<25 | uint64(p.ex.rajas[1]+1)<<28 | uint64(p.ex.responder+1)<<31 |
		bit(r.teams)<<34 | bit(r.rankRule)<<35 | bit(r.diceless)<<36 | bit(r.lastStanding)<<37 | uint64(r.dice)<<38
	k := p.boardKey ^ zobrist(tagState, state)
	for pl := 0; pl < players; pl++ {
		s := p.score[pl]
		k ^= zobrist(tagScores+uint64(pl), uint64(s[fromCaptures])|uint64(s[fromThrone])<<17|uint64(s[fromEmpire])<<34)
	}
	if r.maxRounds > 0 {
		k ^= zobrist(tagRounds, uint64(r.maxRounds)<<24|bit(p.captured)<<23|uint64(min(p.quiet, r.maxRounds*players)))
	}
	return k
}

// validate checks a position from a client and fills the piece counts.
func (p *Position) validate() error {
	if err := p.countPieces(); err != nil {
		return err
	}
	if err := p.checkTeamPlay(); err != nil {
		return err
	}
	if err := p.validateExchange(); err != nil {
		return err
	}
	if err := p.validateDice(); err != nil {
		return err
	}
	if !p.finished() && !p.active(int(p.side)) {
		return engine.Positionf("side", "%s has no pieces that can move and is skipped", playerNames[p.side])
	}
	return nil
}

// countPieces fills the piece counts, checking each piece where it stands and each player's
// pieces of each colour against what a set holds.
func (p *Position) countPieces() error {
	p.count = [players][kinds]uint8{}
	var perColour [players][players][kinds]int
	for sq, c := range p.board {
		if c == 0 {
			continue
		}
		if err := p.checkPiece(sq, c); err != nil {
			return err
		}
		owner, kind, colour := cellOwner(c), cellKind(c), cellColour(c)
		p.count[owner][kind]++
		p.count[owner][0]++
		perColour[owner][colour][kind]++
		perColour[owner][colour][0]++
	}
	for pl := 0; pl < players; pl++ {
		for col := 0; col < players; col++ {
			if err := checkSet(pl, col, &perColour[pl][col]); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkPiece checks the piece c on sq: its owner's colour (a commanded boat excepted), and a pawn
// never on its own back line.
func (p *Position) checkPiece(sq int, c cell) error {
	owner, kind, colour := cellOwner(c), cellKind(c), cellColour(c)
	name := "square " + squareName(sq)
	if colour != owner && (kind != boat || !p.rules.teams || colour != partner(owner)) {
		return engine.Positionf(name, "only a boat taken under command in team play has its owner's partner's colour")
	}
	if kind == pawn && lastLine[partner(owner)][sq] {
		return engine.Positionf(name, "a %s pawn never stands on its own back line", playerNames[owner])
	}
	return nil
}

// checkSet checks the pieces of colour col that player pl owns, counted by kind (0: all), against
// a set: eight pieces, four pawns, one of each other kind.
func checkSet(pl, col int, count *[kinds]int) error {
	if count[0] > 8 || count[pawn] > 4 {
		return engine.Positionf("board", "%s has more %s pieces than a set holds", playerNames[pl], playerNames[col])
	}
	for k := boat; k <= raja; k++ {
		if count[k] > 1 {
			return engine.Positionf("board", "%s has %d %s %ss; promotion replaces only a lost piece", playerNames[pl], count[k], playerNames[col], kindNames[k])
		}
	}
	return nil
}

// checkTeamPlay checks what only team play has: command, by a partner and one way, and throne and
// empire points.
func (p *Position) checkTeamPlay() error {
	for pl := 0; pl < players; pl++ {
		if c := p.commander[pl]; c >= 0 {
			switch {
			case !p.rules.teams:
				return engine.Positionf("state", "command exists only in team play")
			case int(c) != partner(pl):
				return engine.Positionf("state", "%s can be commanded only by %s", playerNames[pl], playerNames[partner(pl)])
			case p.commander[c] == int8(pl):
				return engine.Positionf("state", "%s and %s cannot command each other", playerNames[pl], playerNames[c])
			}
		}
		if !p.rules.teams && (p.score[pl][fromThrone] != 0 || p.score[pl][fromEmpire] != 0) {
			return engine.Positionf("scores", "throne and empire points exist only in team play")
		}
	}
	return nil
}

func (p *Position) validateExchange() error {
	ex := p.ex
	if ex.stage == exNone {
		return nil
	}
	if !p.rules.teams {
		return engine.Positionf("state", "the raja exchange exists only in team play")
	}
	for _, pl := range ex.rajas {
		if pl >= 0 && p.count[pl][raja] != 0 {
			return engine.Positionf("state", "%s's raja is on the board and cannot return", playerNames[pl])
		}
		if ex.stage != exReturning && pl < 0 {
			return engine.Positionf("state", "the exchange needs two rajas")
		}
	}
	if ex.rajas[0] < 0 || ex.rajas[0] == ex.rajas[1] {
		return engine.Positionf("state", "the exchange names its rajas' owners once each")
	}
	if ex.stage == exReturning {
		return nil
	}
	a, b := int(ex.rajas[0]), int(ex.rajas[1])
	if !enemies(a, b) {
		return engine.Positionf("state", "an exchange swaps rajas of the two teams")
	}
	switch ex.stage {
	case exAvailable:
		if enemies(int(p.side), a) {
			return engine.Positionf("state", "the exchange may be proposed only by %s's team, on its own turn", playerNames[a])
		}
	case exProposed:
		if r := int(ex.responder); !enemies(a, r) || !p.active(r) {
			return engine.Positionf("state", "the answer comes from a player of %s's team who still plays", playerNames[b])
		}
	}
	return nil
}

// validateDice checks the dice against the phase: none where the turn has no roll, and a capture
// this turn only in a turn in progress.
func (p *Position) validateDice() error {
	if p.rules.diceless || p.ex.stage == exProposed || p.ex.stage == exReturning || p.finished() {
		if p.rolled() {
			return engine.Positionf("dice", "no dice may be set here")
		}
		if p.captured && !(p.rules.diceless && p.ex.stage == exAvailable) {
			return engine.Positionf("dice", "a capture this turn needs a turn in progress")
		}
		return nil
	}
	if !p.rolled() {
		if p.captured || p.ex.stage == exAvailable {
			return engine.Positionf("dice", "a capture this turn needs rolled dice")
		}
		return nil
	}
	return p.validateRolledDice()
}

// validateRolledDice checks rolled dice: as many as the game rolls, and one at least unused unless
// the turn's move has made an exchange available, which waits for the die's move.
func (p *Position) validateRolledDice() error {
	n := 1
	if p.dice[1].value != 0 {
		n = 2
	}
	if n != int(p.rules.dice) {
		return engine.Positionf("dice", "this game rolls %d dice, got %d", p.rules.dice, n)
	}
	allUsed := p.dice[0].used && (n == 1 || p.dice[1].used)
	if allUsed && p.ex.stage != exAvailable {
		return engine.Positionf("dice", "every die is used: the turn has already passed")
	}
	if p.ex.stage == exAvailable && n == 1 && !allUsed {
		return engine.Positionf("dice", "an exchange can be offered only after the die's move")
	}
	return nil
}
