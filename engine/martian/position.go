package martian

import "github.com/ashtapada/ashtapada/engine"

const size = 5

// Players.
const (
	light = 0
	dark  = 1
)

// Piece kinds are the die numbers: monarch 1, paladin 2, raven 3, squire 4; keeps never move.
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

// Rights bits: the garrison on the a-file or e-file side is still possible for a player.
const (
	rightA = 1 << iota
	rightE
)

// Position is a Martian Chaturanga position, a plain value.
type Position struct {
	board  [size * size]cell
	side   uint8
	dice   [2]die
	rights [2]uint8
	// lost counts each player's own pieces taken by the opponent, by kind: the promotion pool.
	lost [2][kinds]uint8
	// quiet counts completed turns without a capture; capturedThisTurn marks the current one.
	quiet            uint32
	capturedThisTurn bool
	turn             uint32
	maxTurns         uint32
}

func (p *Position) rolled() bool { return p.dice[0].rolled != 0 }

// monarchGone reports the player whose monarch has been captured, or -1.
func (p *Position) monarchGone() int {
	for pl := light; pl <= dark; pl++ {
		if p.lost[pl][monarch] > 0 {
			return pl
		}
	}
	return -1
}

func (p *Position) finished() bool {
	return p.monarchGone() >= 0 || (p.maxTurns > 0 && p.quiet >= p.maxTurns)
}

// Move layout: from (bits 0-4), to (5-9), promotion kind (10-12), action (13-14); a roll keeps
// its two face values in bits 16-18 and 19-21.
const (
	actMove = iota
	actEnd
	actGarrison
	actRoll
)

func newMove(from, to, promo int) engine.Move { return engine.Move(from | to<<5 | promo<<10) }

func rollMove(a, b int) engine.Move { return engine.Move(actRoll<<13 | a<<16 | b<<19) }

var endMove = engine.Move(actEnd << 13)

func moveFrom(m engine.Move) int { return int(m & 31) }

func moveTo(m engine.Move) int { return int(m>>5) & 31 }

func movePromo(m engine.Move) int { return int(m>>10) & 7 }

func moveAct(m engine.Move) int { return int(m>>13) & 3 }

func rollValues(m engine.Move) (int, int) {
	return int(m>>16) & 7, int(m>>19) & 7
}

func (p *Position) Variant() engine.Variant { return Variant }

func (p *Position) ToMove() int { return int(p.side) }

// Dice lists the two D4 of every turn.
func (p *Position) Dice() []engine.DieInfo { return Variant.Describe().Dice }

// garrisonSquares returns, for a player and side (0 = a-file, 1 = e-file), the raven's start, the
// square between, and the monarch's start.
func garrisonSquares(player, side int) (ravenSq, betweenSq, monarchSq int) {
	base := 0
	if player == dark {
		base = (size - 1) * size
	}
	if side == 0 {
		return base, base + 1, base + 2
	}
	return base + 4, base + 3, base + 2
}

func forward(player int) int {
	if player == light {
		return size
	}
	return -size
}

func lastRank(player int) int {
	if player == light {
		return size - 1
	}
	return 0
}

// validate checks a position from a client: piece counts a real game can reach, dice that agree
// with the count-upward rule, rights that agree with the pieces.
func (p *Position) validate() error {
	var count [2][kinds]int
	for _, c := range p.board {
		if c != 0 {
			count[cellPlayer(c)][cellKind(c)]++
		}
	}
	gone := 0
	for pl := light; pl <= dark; pl++ {
		name := playerNames[pl]
		total := 0
		for k := monarch; k < kinds; k++ {
			if count[pl][k]+int(p.lost[pl][k]) > startCounts[k] && k != squire && k != keep {
				return engine.Positionf("board", "%s has %d %ss on the board and %d captured; a game has %d", name, count[pl][k], kindNames[k], p.lost[pl][k], startCounts[k])
			}
			total += count[pl][k] + int(p.lost[pl][k])
		}
		if count[pl][keep] > startCounts[keep] || p.lost[pl][keep] > 0 {
			return engine.Positionf("board", "%s has %d keeps; a game has at most 3 and they are never captured", name, count[pl][keep])
		}
		if count[pl][squire] > startCounts[squire] || total-count[pl][keep] > 7 {
			return engine.Positionf("board", "%s has more pieces than a game holds", name)
		}
		if count[pl][monarch]+int(p.lost[pl][monarch]) != 1 {
			return engine.Positionf("board", "%s needs a monarch on the board or among the captured pieces", name)
		}
		if count[pl][monarch] == 0 {
			gone++
		}
		for side := 0; side < 2; side++ {
			if p.rights[pl]&(1<<side) == 0 {
				continue
			}
			r, _, m := garrisonSquares(pl, side)
			if p.board[r] != pieceCell(raven, pl) || p.board[m] != pieceCell(monarch, pl) {
				return engine.Positionf("rights", "%s's garrison right on the %s side needs the monarch on %s and a raven on %s",
					name, "ae"[side:side+1], squareName(m), squareName(r))
			}
		}
	}
	if gone > 1 {
		return engine.Positionf("board", "both monarchs are captured")
	}
	if gone == 1 && p.rolled() {
		return engine.Positionf("dice", "the game is over: no dice may be set")
	}
	for sq := 0; sq < size*size; sq++ {
		if c := p.board[sq]; c != 0 && cellKind(c) == squire && sq/size == lastRank(cellPlayer(c)^1) {
			return engine.Positionf("square "+squareName(sq), "a squire never stands on its own home row")
		}
	}
	if p.rolled() {
		check := *p
		check.setDice(int(p.dice[0].rolled), int(p.dice[1].rolled))
		for i := range p.dice {
			if check.dice[i].means != p.dice[i].means {
				return engine.Positionf("dice", "die %d rolled %d means %s by the count-upward rule, not %s", i+1,
					p.dice[i].rolled, meaningName(check.dice[i].means), meaningName(p.dice[i].means))
			}
		}
		if p.dice[0].used && p.dice[1].used {
			return engine.Positionf("dice", "both dice are used: the turn has already passed")
		}
	} else if p.capturedThisTurn {
		return engine.Positionf("dice", "a capture this turn needs rolled dice")
	}
	return nil
}

func squareName(sq int) string { return engine.SquareName(sq%size, sq/size) }
