package martian

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ashtapada/ashtapada/engine"
)

// Parse reads a Martian Chaturanga position in the variant's text notation and validates it.
func Parse(text string) (Position, error) { return parse(chaturanga, text) }

// ParseChaturaji reads a Martian Chaturaji position in its text notation and validates it.
func ParseChaturaji(text string) (Position, error) { return parse(chaturaji, text) }

func parse(g *geometry, text string) (Position, error) {
	p := Position{g: g}
	f := strings.Fields(text)
	if len(f) < 7 || len(f) > 8 {
		return p, engine.Positionf("text", "want 7 or 8 space-separated fields, got %d", len(f))
	}
	fields := []func(string) error{p.parseBoard, p.parseSide, p.parseDice, p.parseRights, p.parseCaptured, p.parseQuiet, p.parseTurn}
	for i, read := range fields {
		if err := read(f[i]); err != nil {
			return p, err
		}
	}
	if err := p.parseOptions(f[7:]); err != nil {
		return p, err
	}
	p.key = p.computeKey()
	return p, p.validate()
}

// parseBoard reads the ranks from the top down, digits counting empty squares.
func (p *Position) parseBoard(s string) error {
	size := p.g.size
	rows := strings.Split(s, "/")
	if len(rows) != size {
		return engine.Positionf("board", "want %d ranks separated by '/', got %d", size, len(rows))
	}
	for i, row := range rows {
		if err := p.parseRank(size-1-i, row); err != nil {
			return err
		}
	}
	return nil
}

func (p *Position) parseRank(r int, row string) error {
	size := p.g.size
	file := 0
	for j := 0; j < len(row); j++ {
		if c := row[j]; c >= '1' && c <= byte('0'+size) {
			file += int(c - '0')
		} else {
			kind, pl, n := p.g.readPiece(row[j:], "mprsk")
			if n == 0 {
				return engine.Positionf("board", "unknown piece %q on rank %d", p.g.pieceToken(row[j:]), r+1)
			}
			if file < size {
				p.set(r*size+file, pieceCell(kind, pl))
			}
			file++
			j += n - 1
		}
		if file > size {
			return engine.Positionf("board", "rank %d has more than %d squares", r+1, size)
		}
	}
	if file != size {
		return engine.Positionf("board", "rank %d has %d squares, want %d", r+1, file, size)
	}
	return nil
}

// readPiece reads the piece at the start of s whose kind is among known (kind letters in order
// from the monarch; k stands for the keep or throne): its kind, its player, and how many bytes it
// took, 0 when s starts with no such piece. Two players are told apart by case, upper case
// light's; four by the player's letter before the kind's capital (bR: blue's raven).
func (g *geometry) readPiece(s, known string) (kind, player, n int) {
	if s == "" {
		return 0, 0, 0
	}
	if !g.colourPrefix {
		c := s[0]
		k := strings.IndexByte(known, g.kindLetterOf(c|0x20))
		if k < 0 {
			return 0, 0, 0
		}
		if c >= 'a' {
			return k + 1, dark, 1
		}
		return k + 1, light, 1
	}
	pl := strings.IndexByte(g.sideLetters, s[0])
	if pl < 0 || len(s) < 2 || s[1] < 'A' || s[1] > 'Z' {
		return 0, 0, 0
	}
	k := strings.IndexByte(known, g.kindLetterOf(s[1]|0x20))
	if k < 0 {
		return 0, 0, 0
	}
	return k + 1, pl, 2
}

// kindLetterOf maps the geometry's letter for its immobile piece to k, the letter readPiece's
// lists use for it.
func (g *geometry) kindLetterOf(c byte) byte {
	switch {
	case c == g.letters[keep]:
		return 'k'
	case c == 'k':
		return 0
	}
	return c
}

// pieceToken is the text of the piece readPiece failed on, for the error.
func (g *geometry) pieceToken(s string) string {
	if g.colourPrefix && len(s) >= 2 {
		return s[:2]
	}
	return s[:1]
}

func (p *Position) parseSide(s string) error {
	i := strings.Index(p.g.sideLetters, s)
	if len(s) != 1 || i < 0 {
		return engine.Positionf("side", "want one of %s, got %q", strings.Join(strings.Split(p.g.sideLetters, ""), " "), s)
	}
	p.side = uint8(i)
	return nil
}

// rightLetter is a garrison right's letter in the text: A and E for light's a- and e-file sides
// and a and e for dark's in Martian Chaturanga, the player's letter in Martian Chaturaji.
func (g *geometry) rightLetter(pl, side int) byte {
	if g.colourPrefix {
		return g.sideLetters[pl]
	}
	c := "AE"[side]
	if pl == dark {
		c |= 0x20
	}
	return c
}

// rightName is a garrison right's name in the structured form's state.
func (g *geometry) rightName(pl, side int) string {
	if len(g.garrisons[pl]) == 1 {
		return "garrison"
	}
	return "garrison_" + string(g.squareName(g.garrisons[pl][side].raven)[0])
}

// parseRights reads the garrison rights, in the order rightsText writes them.
func (p *Position) parseRights(s string) error {
	if s == "-" {
		return nil
	}
	bad := func() error {
		return engine.Positionf("rights", "want a subset of %s in that order, or '-', got %q", p.g.allRights(), s)
	}
	next := 0
	for _, c := range []byte(s) {
		found := false
		for pl := 0; pl < p.g.players && !found; pl++ {
			for side := range p.g.garrisons[pl] {
				bit := pl*2 + side
				if p.g.rightLetter(pl, side) == c && bit >= next {
					p.rights |= 1 << bit
					next, found = bit+1, true
					break
				}
			}
		}
		if !found {
			return bad()
		}
	}
	return nil
}

// allRights is the rights text of every right kept.
func (g *geometry) allRights() string {
	var b []byte
	for pl := 0; pl < g.players; pl++ {
		for side := range g.garrisons[pl] {
			b = append(b, g.rightLetter(pl, side))
		}
	}
	return string(b)
}

// parseCaptured reads the captured pieces, each written as a piece of the player who lost it.
func (p *Position) parseCaptured(s string) error {
	if s == "-" {
		return nil
	}
	for i := 0; i < len(s); {
		kind, pl, n := p.g.readPiece(s[i:], "mprs")
		if n == 0 {
			return engine.Positionf("captured", "unknown piece %q", p.g.pieceToken(s[i:]))
		}
		if p.lost[pl][kind] >= 9 {
			return engine.Positionf("captured", "too many captured pieces")
		}
		p.lost[pl][kind]++
		i += n
	}
	return nil
}

func (p *Position) parseQuiet(s string) (err error) {
	p.quiet, err = engine.ParseCounter("quiet turns", s, 0)
	return err
}

func (p *Position) parseTurn(s string) (err error) {
	p.turn, err = engine.ParseCounter("turn number", s, 1)
	return err
}

// parseOptions reads the options after the counters. A value out of range is a fault of the
// position's text, like any other field's.
func (p *Position) parseOptions(words []string) error {
	specs := p.g.variant.Describe().Options
	opts, err := engine.ReadOptionWords(specs, words)
	if err != nil {
		return err
	}
	if opts, err = engine.ResolveOptions(specs, opts); err != nil {
		return engine.Positionf("options", "%v", err)
	}
	p.maxTurns = uint32(opts[maxTurnsOption].Int)
	return nil
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
	p.writeBoard(&sb)
	sb.WriteByte(' ')
	sb.WriteByte(p.g.sideLetters[p.side])
	sb.WriteByte(' ')
	p.writeDice(&sb)
	sb.WriteByte(' ')
	sb.WriteString(orDash(p.rightsText()))
	sb.WriteByte(' ')
	sb.WriteString(orDash(p.capturedText()))
	fmt.Fprintf(&sb, " %d %d", p.quiet, p.turn)
	for _, w := range engine.OptionWords(p.g.variant.Describe().Options, p.options()) {
		sb.WriteByte(' ')
		sb.WriteString(w)
	}
	return sb.String()
}

func (p *Position) writeBoard(sb *strings.Builder) {
	size := p.g.size
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
			p.g.writePiece(sb, cellKind(c), cellPlayer(c))
		}
		if gap > 0 {
			sb.WriteByte(byte('0' + gap))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
}

// writeDice writes '-' before the roll, else each die's value, meaning and used mark.
func (p *Position) writeDice(sb *strings.Builder) {
	if !p.rolled() {
		sb.WriteByte('-')
		return
	}
	for i, d := range p.dice {
		if i > 0 {
			sb.WriteByte(',')
		}
		sb.WriteByte('0' + d.rolled)
		if d.means == 0 {
			sb.WriteByte('-')
		} else {
			sb.WriteByte(p.g.letters[d.means])
		}
		if d.used {
			sb.WriteByte('*')
		}
	}
	if p.capturedThisTurn {
		sb.WriteByte('+')
	}
}

func (p *Position) rightsText() string {
	var b []byte
	for pl := 0; pl < p.g.players; pl++ {
		for side := range p.g.garrisons[pl] {
			if p.rights&(1<<(pl*2+side)) != 0 {
				b = append(b, p.g.rightLetter(pl, side))
			}
		}
	}
	return string(b)
}

func (p *Position) capturedText() string {
	var sb strings.Builder
	for pl := 0; pl < p.g.players; pl++ {
		for k := monarch; k <= squire; k++ {
			for range p.lost[pl][k] {
				p.g.writePiece(&sb, k, pl)
			}
		}
	}
	return sb.String()
}

// writePiece writes a piece as readPiece reads it.
func (g *geometry) writePiece(sb *strings.Builder, kind, player int) {
	switch {
	case g.colourPrefix:
		sb.WriteByte(g.sideLetters[player])
		sb.WriteByte(g.letters[kind] - 0x20)
	case player == light:
		sb.WriteByte(g.letters[kind] - 0x20)
	default:
		sb.WriteByte(g.letters[kind])
	}
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func (p *Position) Action(m engine.Move) engine.Action {
	a := engine.Action{Player: p.g.names[p.side], Die: -1}
	switch moveAct(m) {
	case actRoll:
		x, y := rollValues(m)
		a.Kind, a.Name, a.Dice = engine.ActionRoll, "roll", []int{x, y}
	case actEnd:
		a.Kind, a.Name = engine.ActionEndTurn, "end_turn"
	case actGarrison:
		a.Kind, a.Name, a.Piece, a.From, a.To = engine.ActionVariant, "garrison", "monarch", p.squareName(moveFrom(m)), p.squareName(moveTo(m))
	default:
		from, to := moveFrom(m), moveTo(m)
		kind := cellKind(p.board[from])
		a.Kind, a.Name, a.Piece, a.From, a.To = engine.ActionMove, "move", p.g.kindName(kind), p.squareName(from), p.squareName(to)
		if c := p.board[to]; c != 0 {
			a.Captured = p.g.kindName(cellKind(c))
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
	s := p.squareName(moveFrom(m)) + p.squareName(moveTo(m))
	if pr := movePromo(m); pr != 0 {
		s += "=" + string(p.g.letters[pr])
	}
	return s
}

func (p *Position) ParseMove(text string) (engine.Move, error) {
	return engine.ParseLegal(p, text, p.parseAction, p.whyIllegal)
}

// parseAction reads the notation into the move it would be, without checking legality.
func (p *Position) parseAction(s, text string) (engine.Move, error) {
	if s == "end" {
		return endMove, nil
	}
	if rest, ok := strings.CutPrefix(s, "roll "); ok {
		return parseRoll(rest, text)
	}
	return p.parsePieceMove(s, text)
}

// parseRoll reads the two die values after "roll".
func parseRoll(rest, text string) (engine.Move, error) {
	f := strings.Fields(rest)
	if len(f) != 2 || !isFace(f[0]) || !isFace(f[1]) {
		return 0, &engine.SyntaxError{Text: text, Reason: "want two die values from 1 to 4, such as roll 1 3"}
	}
	a, b := int(f[0][0]-'0'), int(f[1][0]-'0')
	return rollMove(min(a, b), max(a, b)), nil
}

// isFace reports whether s is a face of the D4.
func isFace(s string) bool { return len(s) == 1 && s[0] >= '1' && s[0] <= '4' }

// parsePieceMove reads a move from square to square, a squire's promotion, or the garrison
// written as the monarch's move onto its raven.
func (p *Position) parsePieceMove(s, text string) (engine.Move, error) {
	size := p.g.size
	syntax := func(reason string) error { return &engine.SyntaxError{Text: text, Reason: reason} }
	body, promo, hasPromo := strings.Cut(s, "=")
	if len(body) != 4 {
		return 0, syntax("want a move such as " + p.g.exampleMove + ", end, or roll 1 3")
	}
	ff, fr, err1 := engine.ParseSquareName(body[:2], size, size)
	tf, tr, err2 := engine.ParseSquareName(body[2:], size, size)
	if err1 != nil || err2 != nil {
		return 0, syntax("squares run from a1 to " + p.squareName(size*size-1))
	}
	from, to := fr*size+ff, tr*size+tf
	if !hasPromo {
		return p.moveOrGarrison(from, to), nil
	}
	pr := 0
	if len(promo) == 1 {
		pr = strings.IndexByte("mpr", promo[0]) + 1
	}
	if pr == 0 {
		return 0, syntax("a squire promotes to p or r (a piece its player has lost)")
	}
	return newMove(from, to, pr), nil
}

// moveOrGarrison is the garrison when from and to are the squares of an unmoved monarch and its
// raven, else the move from to.
func (p *Position) moveOrGarrison(from, to int) engine.Move {
	c := p.board[from]
	if c == 0 || cellKind(c) != monarch {
		return newMove(from, to, 0)
	}
	pl := cellPlayer(c)
	for _, gs := range p.g.garrisons[pl] {
		if gs.monarch == from && gs.raven == to && p.board[to] == pieceCell(raven, pl) {
			return garrisonMove(from, to)
		}
	}
	return newMove(from, to, 0)
}

func (v *variant) Parse(text string) (engine.Position, error) {
	p, err := parse(v.g, text)
	if err != nil {
		return nil, err
	}
	return &p, nil
}
