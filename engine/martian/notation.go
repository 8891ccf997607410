package martian

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ashtapada/ashtapada/engine"
)

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
					p.set(r*size+file, pieceCell(k+1, pl))
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
	var err error
	if p.quiet, err = engine.ParseCounter("quiet turns", f[5], 0); err != nil {
		return p, err
	}
	if p.turn, err = engine.ParseCounter("turn number", f[6], 1); err != nil {
		return p, err
	}
	if len(f) == 8 {
		v, ok := strings.CutPrefix(f[7], maxTurnsOption+"=")
		n, err := strconv.ParseUint(v, 10, 32)
		if !ok || err != nil || n > 1_000_000 {
			return p, engine.Positionf("options", "want max_turns=N with N from 0 to 1000000, got %q", f[7])
		}
		p.maxTurns = uint32(n)
	}
	p.key = p.computeKey()
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

func (p *Position) Action(m engine.Move) engine.Action {
	a := engine.Action{Player: playerNames[p.side], Die: -1}
	switch moveAct(m) {
	case actRoll:
		x, y := rollValues(m)
		a.Kind, a.Name, a.Dice = engine.ActionRoll, "roll", []int{x, y}
	case actEnd:
		a.Kind, a.Name = engine.ActionEndTurn, "end_turn"
	case actGarrison:
		a.Kind, a.Name, a.Piece, a.From, a.To = engine.ActionVariant, "garrison", "monarch", squareName(moveFrom(m)), squareName(moveTo(m))
	default:
		from, to := moveFrom(m), moveTo(m)
		kind := cellKind(p.board[from])
		a.Kind, a.Name, a.Piece, a.From, a.To = engine.ActionMove, "move", kindNames[kind], squareName(from), squareName(to)
		if c := p.board[to]; c != 0 {
			a.Captured = kindNames[cellKind(c)]
		}
		if pr := movePromo(m); pr != 0 {
			a.Promotion = kindNames[pr]
		}
		a.Die = p.dieFor(kind)
	}
	return a
}

func (p *Position) Notation(m engine.Move) string {
	switch moveAct(m) {
	case actRoll:
		a, b := rollValues(m)
		return "roll " + strconv.Itoa(a) + " " + strconv.Itoa(b)
	case actEnd:
		return "end"
	}
	s := squareName(moveFrom(m)) + squareName(moveTo(m))
	if pr := movePromo(m); pr != 0 {
		s += "=" + string(letters[pr])
	}
	return s
}

func (p *Position) ParseMove(text string) (engine.Move, error) {
	return engine.ParseLegal(p, text, p.parseAction, p.whyIllegal)
}

// parseAction reads the notation into the move it would be, without checking legality.
func (p *Position) parseAction(s, text string) (engine.Move, error) {
	syntax := func(reason string) error { return &engine.SyntaxError{Text: text, Reason: reason} }
	if s == "end" {
		return endMove, nil
	}
	if rest, ok := strings.CutPrefix(s, "roll "); ok {
		f := strings.Fields(rest)
		if len(f) != 2 || len(f[0]) != 1 || len(f[1]) != 1 || f[0][0] < '1' || f[0][0] > '4' || f[1][0] < '1' || f[1][0] > '4' {
			return 0, syntax("want two die values from 1 to 4, such as roll 1 3")
		}
		a, b := int(f[0][0]-'0'), int(f[1][0]-'0')
		return rollMove(min(a, b), max(a, b)), nil
	}
	body, promo, hasPromo := strings.Cut(s, "=")
	if len(body) != 4 {
		return 0, syntax("want a move such as b1c3 or b4b5=r, end, or roll 1 3")
	}
	ff, fr, err1 := engine.ParseSquareName(body[:2], size, size)
	tf, tr, err2 := engine.ParseSquareName(body[2:], size, size)
	if err1 != nil || err2 != nil {
		return 0, syntax("squares run from a1 to e5")
	}
	from, to := fr*size+ff, tr*size+tf
	pr := 0
	if hasPromo {
		if len(promo) == 1 {
			pr = strings.IndexByte("mpr", promo[0]) + 1
		}
		if pr == 0 {
			return 0, syntax("a squire promotes to m, p or r")
		}
	}
	m := newMove(from, to, pr)
	if c := p.board[from]; c != 0 && cellKind(c) == monarch && !hasPromo {
		for side := 0; side < 2; side++ {
			r, _, mq := garrisonSquares(cellPlayer(c), side)
			if mq == from && r == to && p.board[to] == pieceCell(raven, cellPlayer(c)) {
				m = garrisonMove(from, to)
			}
		}
	}
	return m, nil
}

func (v *variant) Parse(text string) (engine.Position, error) {
	p, err := Parse(text)
	if err != nil {
		return nil, err
	}
	return &p, nil
}
