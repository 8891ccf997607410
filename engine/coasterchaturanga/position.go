package coasterchaturanga

import "github.com/ashtapada/ashtapada/engine"

// Faces of the Treehouse die.
const (
	faceNone = iota // not rolled yet
	faceAim
	faceDig
	faceHop
	faceSwap
	faceTip
	faceWild
	faces = faceWild
)

var faceNames = [faces + 1]string{"-", "aim", "dig", "hop", "swap", "tip", "wild"}

// A compulsory move pending in the turn.
const (
	mustNone  = iota
	mustClear // move the piece on the mover's portal off it
	mustEnter // re-enter a held piece of the mover's colour (or, after DIG, the dug piece)
)

// rules are what the options fix for a whole game.
type rules struct {
	players     int  // 2 (the partnership game, one person a side) or 4
	partnership bool // true also with 2 players
	maxTurns    int  // turns per seat, 0 for no limit
	droneRight  [seats]bool
	colours     [4]int // the coaster colour at each place at the start
	first       int    // the seat that plays first
}

// where a piece is: a square 0..35, or held by a seat (heldBy+seat).
const heldBy = 64

// Position is a Martian Coaster Chaturanga position, a plain value.
type Position struct {
	// v is the variant the position belongs to, whose weights Evaluate uses.
	v     *variant
	rules *rules
	// coasterAt is the colour of the coaster lying at each place; tip turns every coaster.
	coasterAt [4]int8
	tip       int8
	board     [squares]int8 // piece+1, 0 empty
	loc       [pieces]int8  // square, or heldBy+seat
	seat      int8          // seat to move
	face      int8          // the die this turn, faceNone before the roll
	moveDone  bool
	dieDone   bool
	must      int8
	// mustPiece is the piece a compulsory re-entry must place (after DIG), or -1 for any held
	// piece of the mover's colour; the piece to clear is the one on the portal.
	mustPiece int8
	// entered is the piece re-entered this turn, which may not move again, or -1.
	entered int8
	turns   uint32 // turns played
	over    bool
}

// emptyPosition is a position of v and the rules with no piece placed yet, for the parsers to
// fill.
func emptyPosition(v *variant, r *rules) *Position {
	p := &Position{v: v, rules: r, mustPiece: -1, entered: -1}
	for i := range p.loc {
		p.loc[i] = -1
	}
	return p
}

// colourOf is the colour of a seat: the coaster in front of it.
func (p *Position) colourOf(seat int) int { return int(p.coasterAt[placeOf(seat)]) }

func (p *Position) portalOf(seat int) int { return portals[placeOf(seat)] }

func (p *Position) pieceOn(sq int) int { return int(p.board[sq]) - 1 }

// partnerColour is the colour the mover may neither move nor capture, or -1.
func (p *Position) partnerColour(seat int) int {
	if !p.rules.partnership {
		return -1
	}
	return p.colourOf(partner(seat))
}

// mayMove reports whether the seat may move the piece: its colour is the seat's, or it stands on
// the seat's coaster; never the partner's colour; never a piece re-entered this turn.
func (p *Position) mayMove(seat, pc int) bool {
	c := pieceColour(pc)
	if c == p.partnerColour(seat) || pc == int(p.entered) {
		return false
	}
	if c == p.colourOf(seat) {
		return true
	}
	sq := int(p.loc[pc])
	return sq < squares && placeOfSquare[sq] == placeOf(seat)
}

// mayCapture reports whether the seat's piece pc may take piece t.
func (p *Position) mayCapture(seat, pc, t int) bool {
	tc := pieceColour(t)
	return tc != p.colourOf(seat) && tc != pieceColour(pc) && tc != p.partnerColour(seat)
}

func (p *Position) occupied() uint64 {
	var occ uint64
	for _, l := range p.loc {
		if l >= 0 && int(l) < squares {
			occ |= 1 << l
		}
	}
	return occ
}

// reach is the set of squares piece pc on its square can end a move on.
func (p *Position) reach(seat, pc int, occ uint64) uint64 { return p.ends(seat, pc, occ, true) }

// canReach reports whether reach is not empty, without looking further than the first square.
func (p *Position) canReach(seat, pc int, occ uint64) bool { return p.ends(seat, pc, occ, false) != 0 }

// ends is reach, stopping at the first square unless all.
func (p *Position) ends(seat, pc int, occ uint64, all bool) uint64 {
	from := int(p.loc[pc])
	var out uint64
	for _, s := range graphFor(int(p.tip)).paths[pieceKind(pc)][from] {
		if s.Via&occ != 0 || out&(1<<s.To) != 0 {
			continue
		}
		if t := p.pieceOn(int(s.To)); t >= 0 && !p.mayCapture(seat, pc, t) {
			continue
		}
		out |= 1 << s.To
		if !all {
			break
		}
	}
	return out
}

// Move layout: the action (bits 0-3), then its operands.
const (
	actMove  = iota + 1 // from (4-9), to (10-15)
	actEnter            // piece (4-7)
	actAim              // quarter turns (4-5)
	actTip              // quarter turns (4-5)
	actSwap             // places p (4-5), q (6-7), p < q
	actDig              // piece (4-7)
	actHop              // from (4-9), to (10-15)
	actEnd
	actPass
	actRoll // face (4-6)
)

func mv(act, a, b int) engine.Move { return engine.Move(act | a<<4 | b<<10) }
func mvAct(m engine.Move) int      { return int(m & 15) }
func mvA(m engine.Move) int        { return int(m>>4) & 63 }
func mvB(m engine.Move) int        { return int(m>>10) & 63 }

func (p *Position) ToMove() int { return int(p.seat) }

// Seats: the four seats in turn order; with partners, bl and tr against br and tl.
func (p *Position) Seats() []engine.PlayerInfo {
	if p.rules.partnership {
		return partnerSeats
	}
	return soloSeats
}

// Zobrist keys of everything that decides the actions and the result.
var (
	zobristPiece   [pieces][heldBy + seats]uint64
	zobristCoaster [4][colours]uint64
	zobristTip     [4]uint64
	zobristSeat    [seats]uint64
	zobristTurn    [faces + 1][4][3]uint64 // face, done flags, must
	// zobristTurnPiece keys, for each piece and none (at 0), its being the piece re-entered this
	// turn [0] and the piece a re-entry must place [1].
	zobristTurnPiece [pieces + 1][2]uint64
	zobristOver      uint64
)

func init() {
	engine.FillKeys(0x6d63633230303721, // "mcc2007!"
		&zobristPiece, &zobristCoaster, &zobristTip, &zobristSeat, &zobristTurn, &zobristTurnPiece, &zobristOver)
}

func (p *Position) Variant() engine.Variant { return p.v }

// Key hashes the position; the turns played enter only through the turn limit's end, so they
// are left out.
func (p *Position) Key() uint64 {
	k := zobristTip[p.tip] ^ zobristSeat[p.seat] ^ zobristTurnPiece[p.entered+1][0] ^ zobristTurnPiece[p.mustPiece+1][1]
	done := 0
	if p.moveDone {
		done |= 1
	}
	if p.dieDone {
		done |= 2
	}
	k ^= zobristTurn[p.face][done][p.must]
	for pl := 0; pl < 4; pl++ {
		k ^= zobristCoaster[pl][p.coasterAt[pl]]
	}
	for pc := 0; pc < pieces; pc++ {
		k ^= zobristPiece[pc][p.loc[pc]]
	}
	if p.over {
		k ^= zobristOver
	}
	return k
}
