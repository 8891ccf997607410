package martian

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ashtapada/ashtapada/engine"
)

// Name is the variant's registered name.
const Name = "martian_chaturanga"

// StartText is the start position in the variant's text notation.
const StartText = "rpmpr/ksksk/5/KSKSK/RPMPR l - AEae - 0 1"

type variant struct{ desc *engine.Description }

// Variant is the registered martian_chaturanga variant.
var Variant engine.Variant = &variant{desc: describe()}

func init() { engine.Register(Variant) }

var (
	kindNames   = [kinds]string{"", "monarch", "paladin", "raven", "squire", "keep"}
	letters     = [kinds]byte{0, 'm', 'p', 'r', 's', 'k'}
	playerNames = [2]string{"light", "dark"}
	// startCounts is how many pieces of each kind a player starts with.
	startCounts = [kinds]int{0, 1, 2, 2, 2, 3}
)

const maxTurnsOption = "max_turns"

func describe() *engine.Description {
	faces := []engine.DieFace{{Value: 1, Label: "1", Meaning: "monarch"}, {Value: 2, Label: "2", Meaning: "paladin"},
		{Value: 3, Label: "3", Meaning: "raven"}, {Value: 4, Label: "4", Meaning: "squire"}}
	return &engine.Description{
		Name:       Name,
		Title:      "Martian Chaturanga",
		Summary:    "Two players, a 5x5 board and two four-sided dice naming the pieces that may move; capture the enemy monarch.",
		MinPlayers: 2, MaxPlayers: 2,
		Players: []engine.PlayerInfo{
			{Name: "light", Seat: "south", Color: "light"},
			{Name: "dark", Seat: "north", Color: "dark"},
		},
		Board: engine.NewRectBoard(size, size),
		Pieces: []engine.PieceInfo{
			{Kind: "monarch", Letter: "M", Title: "Monarch", Value: 1, Royal: true, Movement: "queen: any distance orthogonally or diagonally"},
			{Kind: "paladin", Letter: "P", Title: "Paladin", Value: 2, Movement: "knight leap or bishop slide"},
			{Kind: "raven", Letter: "R", Title: "Raven", Value: 3, Movement: "rook slide, or a two-square diagonal flight over anything but an enemy keep"},
			{Kind: "squire", Letter: "S", Title: "Squire", Value: 4, Movement: "pawn without double step; may promote on the last rank to a captured piece"},
			{Kind: "keep", Letter: "K", Title: "Keep", Immobile: true, Movement: "never moves, is never captured; nothing lands on or slides through it"},
		},
		Dice: []engine.DieInfo{{Kind: "d4", Count: 2, Faces: faces}},
		Options: []engine.OptionSpec{{Name: maxTurnsOption, Kind: engine.OptionInt, Default: engine.OptionValue{Kind: engine.OptionInt},
			Min: 0, Max: 1_000_000, Description: "draw after this many consecutive turns without a capture (0 = unlimited)"}},
		ActionsPerTurn: 2,
		PositionNotation: "board (ranks 5 to 1; M P R S K, upper case light), side (l/d), dice ('-' before the roll, " +
			"else two dice 'rolled meaning [*used]' such as 2p,4s*, with '+' after a capture this turn), garrison rights " +
			"(A E a e or '-'), captured pieces (upper case light's, or '-'), quiet turns, turn number, then max_turns=N when set",
		ActionNotation: "b1c3; a squire's promotion b4b5=r; the garrison as the monarch's move c1a1; end; roll 1 3",
		Actions: []engine.ActionInfo{
			{Name: "roll", Kind: engine.ActionRoll, Notation: "roll 1 3", Description: "throw the two D4 (a chance event)"},
			{Name: "move", Kind: engine.ActionMove, Notation: "b1c3, b4b5=r", Description: "a piece a die allows moves; a squire reaching the last rank may promote to a piece its player has lost"},
			{Name: "garrison", Kind: engine.ActionVariant, Notation: "c1a1", Description: "with a rolled 1 and 3, the unmoved monarch and raven exchange places across the empty square between them; the turn ends"},
			{Name: "end_turn", Kind: engine.ActionEndTurn, Notation: "end", Description: "stop before using both dice"},
		},
		Events: []engine.EventInfo{
			{Name: "dice_rolled", Kind: engine.EventDiceRolled, Description: "the dice show their values"},
			{Name: "die_substituted", Kind: engine.EventVariant, Description: "a die names a piece kind the player no longer has and counts upward to the next one"},
			{Name: "capture", Kind: engine.EventCapture, Description: "a piece is captured"},
			{Name: "promotion", Kind: engine.EventPromotion, Description: "a squire promotes"},
			{Name: "turn_passed", Kind: engine.EventTurnPassed, Description: "the turn passes to the other player"},
			{Name: "game_over", Kind: engine.EventGameOver, Description: "a monarch is captured, or the turn limit is reached"},
		},
	}
}

func (v *variant) Describe() *engine.Description { return v.desc }

func (v *variant) Start(opts engine.Options) (engine.Position, error) {
	o, err := engine.ResolveOptions(v.desc.Options, opts)
	if err != nil {
		return nil, err
	}
	p, err := Parse(StartText)
	if err != nil {
		return nil, err
	}
	p.maxTurns = uint32(o[maxTurnsOption].Int)
	return &p, nil
}

func (v *variant) Parse(text string) (engine.Position, error) {
	p, err := Parse(text)
	if err != nil {
		return nil, err
	}
	return &p, nil
}

// Parse reads a position in the variant's text notation and validates it.
func Parse(text string) (Position, error) {
	var p Position
	f := strings.Fields(text)
	if len(f) < 7 || len(f) > 8 {
		return p, engine.Positionf("text", "want 7 or 8 space-separated fields, got %d", len(f))
	}
	rows := strings.Split(f[0], "/")
	if len(rows) != size {
		return p, engine.Positionf("board", "want %d ranks separated by '/', got %d", size, len(rows))
	}
	for i, row := range rows {
		r, file := size-1-i, 0
		for j := 0; j < len(row); j++ {
			c := row[j]
			if c >= '1' && c <= '5' {
				file += int(c - '0')
			} else {
				k := strings.IndexByte("mprsk", c|0x20)
				if k < 0 {
					return p, engine.Positionf("board", "unknown piece letter %q on rank %d", c, r+1)
				}
				if file < size {
					pl := light
					if c >= 'a' {
						pl = dark
					}
					p.board[r*size+file] = pieceCell(k+1, pl)
				}
				file++
			}
			if file > size {
				return p, engine.Positionf("board", "rank %d has more than %d squares", r+1, size)
			}
		}
		if file != size {
			return p, engine.Positionf("board", "rank %d has %d squares, want %d", r+1, file, size)
		}
	}
	switch f[1] {
	case "l":
		p.side = light
	case "d":
		p.side = dark
	default:
		return p, engine.Positionf("side", "want l or d, got %q", f[1])
	}
	if err := p.parseDice(f[2]); err != nil {
		return p, err
	}
	if f[3] != "-" {
		for _, c := range []byte(f[3]) {
			i := strings.IndexByte("AEae", c)
			if i < 0 || p.rights[i/2]&(1<<(i%2)) != 0 {
				return p, engine.Positionf("rights", "want a subset of AEae in that order, or '-', got %q", f[3])
			}
			p.rights[i/2] |= 1 << (i % 2)
		}
	}
	if f[4] != "-" {
		for _, c := range []byte(f[4]) {
			k := strings.IndexByte("mprs", c|0x20)
			if k < 0 {
				return p, engine.Positionf("captured", "unknown piece letter %q", c)
			}
			pl := light
			if c >= 'a' {
				pl = dark
			}
			if p.lost[pl][k+1] >= 9 {
				return p, engine.Positionf("captured", "too many captured pieces")
			}
			p.lost[pl][k+1]++
		}
	}
	q, err1 := strconv.ParseUint(f[5], 10, 32)
	t, err2 := strconv.ParseUint(f[6], 10, 32)
	if err1 != nil {
		return p, engine.Positionf("quiet turns", "want a number, got %q", f[5])
	}
	if err2 != nil || t == 0 {
		return p, engine.Positionf("turn number", "want a positive number, got %q", f[6])
	}
	p.quiet, p.turn = uint32(q), uint32(t)
	if len(f) == 8 {
		v, ok := strings.CutPrefix(f[7], maxTurnsOption+"=")
		n, err := strconv.ParseUint(v, 10, 32)
		if !ok || err != nil || n > 1_000_000 {
			return p, engine.Positionf("options", "want max_turns=N with N from 0 to 1000000, got %q", f[7])
		}
		p.maxTurns = uint32(n)
	}
	return p, p.validate()
}

func (p *Position) parseDice(s string) error {
	if s == "-" {
		return nil
	}
	if rest, ok := strings.CutSuffix(s, "+"); ok {
		p.capturedThisTurn = true
		s = rest
	}
	parts := strings.Split(s, ",")
	if len(parts) != 2 {
		return engine.Positionf("dice", "want '-' or two dice such as 2p,4s*, got %q", s)
	}
	for i, d := range parts {
		used := strings.HasSuffix(d, "*")
		d = strings.TrimSuffix(d, "*")
		if len(d) != 2 || d[0] < '1' || d[0] > '4' {
			return engine.Positionf("dice", "die %d: want a value 1-4 then a piece letter or '-', got %q", i+1, parts[i])
		}
		means := 0
		if d[1] != '-' {
			means = strings.IndexByte("mprs", d[1]) + 1
			if means == 0 {
				return engine.Positionf("dice", "die %d: unknown meaning %q", i+1, d[1])
			}
		}
		p.dice[i] = die{rolled: d[0] - '0', means: uint8(means), used: used}
	}
	return nil
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

func meaningName(m uint8) string {
	if m == 0 {
		return "nothing (void)"
	}
	return kindNames[m]
}

// String returns the position in the variant's text notation.
func (p *Position) String() string {
	var sb strings.Builder
	for r := size - 1; r >= 0; r-- {
		gap := 0
		for f := 0; f < size; f++ {
			c := p.board[r*size+f]
			if c == 0 {
				gap++
				continue
			}
			if gap > 0 {
				sb.WriteByte(byte('0' + gap))
				gap = 0
			}
			sb.WriteByte(letter(cellKind(c), cellPlayer(c)))
		}
		if gap > 0 {
			sb.WriteByte(byte('0' + gap))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	sb.WriteByte(' ')
	sb.WriteByte("ld"[p.side])
	sb.WriteByte(' ')
	if !p.rolled() {
		sb.WriteByte('-')
	} else {
		for i, d := range p.dice {
			if i > 0 {
				sb.WriteByte(',')
			}
			sb.WriteByte('0' + d.rolled)
			if d.means == 0 {
				sb.WriteByte('-')
			} else {
				sb.WriteByte(letters[d.means])
			}
			if d.used {
				sb.WriteByte('*')
			}
		}
		if p.capturedThisTurn {
			sb.WriteByte('+')
		}
	}
	sb.WriteByte(' ')
	rights := ""
	for i, c := range "AEae" {
		if p.rights[i/2]&(1<<(i%2)) != 0 {
			rights += string(c)
		}
	}
	sb.WriteString(orDash(rights))
	sb.WriteByte(' ')
	lost := ""
	for pl := light; pl <= dark; pl++ {
		for k := monarch; k <= squire; k++ {
			lost += strings.Repeat(string(letter(k, pl)), int(p.lost[pl][k]))
		}
	}
	sb.WriteString(orDash(lost))
	fmt.Fprintf(&sb, " %d %d", p.quiet, p.turn)
	if p.maxTurns > 0 {
		fmt.Fprintf(&sb, " %s=%d", maxTurnsOption, p.maxTurns)
	}
	return sb.String()
}

func letter(kind, player int) byte {
	if player == light {
		return letters[kind] - 0x20
	}
	return letters[kind]
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func squareName(sq int) string { return engine.SquareName(sq%size, sq/size) }
