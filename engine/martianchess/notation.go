package martianchess

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/ashtapada/ashtapada/engine"
)

// Position text: the board from the top rank down, ranks separated by '/', q d p for queens,
// drones and pawns, digits counting empty squares; the seat to move (s n, or sw nw ne se); each
// seat's captured pieces in turn order, separated by commas ('-' for none); the clock ('-' before
// it is called, else the moves counted since the call or the last capture); the last move when it
// crossed a canal and bars the way back ('-' otherwise); the move number; then "teams" in team play.

var seatTokens = map[int][]string{2: {"s", "n"}, 4: {"sw", "nw", "ne", "se"}}

// maxPile bounds the pieces one seat's pile may list in a text or set-up.
const maxPile = 64

func (v *variant) parse(text string) (*Position, error) {
	fields := strings.Fields(text)
	if len(fields) < 6 {
		return nil, engine.Positionf("text", "want 6 fields (board, seat, piles, clock, last crossing, move number) and \"teams\", got %d", len(fields))
	}
	piles := strings.Split(fields[2], ",")
	r, err := v.rulesOfText(len(piles), fields[6:])
	if err != nil {
		return nil, err
	}
	p := &Position{rules: r, rejectFrom: -1, rejectTo: -1, clock: -1}
	if err := p.parseBoard(fields[0]); err != nil {
		return nil, err
	}
	if err := p.parseSide(fields[1]); err != nil {
		return nil, err
	}
	if err := p.parsePiles(piles); err != nil {
		return nil, err
	}
	if err := p.parseClock(fields[3]); err != nil {
		return nil, err
	}
	if fields[4] != "-" {
		if err := p.setCrossing(fields[4]); err != nil {
			return nil, err
		}
	}
	n, err := strconv.ParseInt(fields[5], 10, 64)
	if err != nil || n < 1 || n > engine.MaxCounter {
		return nil, engine.Positionf("move_number", "want a move number from 1 to %d, got %q", engine.MaxCounter, fields[5])
	}
	p.move = uint32(n)
	return p, nil
}

// rulesOfText reads the rules of a text: the players are its piles, the words after the move
// number its other options.
func (v *variant) rulesOfText(piles int, words []string) (*rules, error) {
	if piles != 2 && piles != 4 {
		return nil, engine.Positionf("piles", "want 2 or 4 piles separated by commas, got %d", piles)
	}
	opts, err := engine.ReadOptionWords(textOptions, words)
	if err != nil {
		return nil, err
	}
	opts[optPlayers] = engine.OptionValue{Kind: engine.OptionInt, Int: int64(piles)}
	return v.rulesFromOptions(opts)
}

func (p *Position) parseSide(s string) error {
	tokens := seatTokens[p.rules.players]
	side := slices.Index(tokens, s)
	if side < 0 {
		return engine.Positionf("to_move", "want one of %s to move, got %q", strings.Join(tokens, " "), s)
	}
	p.side = uint8(side)
	return nil
}

// parsePiles reads each seat's captured pieces, such as qdp, or '-'.
func (p *Position) parsePiles(piles []string) error {
	for i, s := range piles {
		if s == "-" {
			continue
		}
		if len(s) > maxPile {
			return engine.Positionf("piles", "pile %d lists %d pieces, more than %d", i+1, len(s), maxPile)
		}
		for _, c := range []byte(s) {
			k := slices.Index(kindLetters[:], c)
			if k <= 0 {
				return engine.Positionf("piles", "pile %d: %q is not q, d or p", i+1, c)
			}
			p.pile[i][k]++
		}
	}
	return nil
}

// parseClock reads '-' before the call, else the moves since the call or the last capture.
func (p *Position) parseClock(s string) error {
	if s == "-" {
		return nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n > clockEnd || len(s) > 1 {
		return engine.Positionf("clock", "want '-' or the moves since the call, 0 to %d, got %q", clockEnd, s)
	}
	p.clock = int8(n)
	return nil
}

func (p *Position) parseBoard(s string) error {
	g := p.rules.geo
	rows := strings.Split(s, "/")
	if len(rows) != g.ranks {
		return engine.Positionf("board", "want %d ranks separated by '/', got %d", g.ranks, len(rows))
	}
	for i, row := range rows {
		rank := g.ranks - 1 - i
		f := 0
		for j := 0; j < len(row); j++ {
			c := row[j]
			if c >= '1' && c <= '9' {
				f += int(c - '0')
				continue
			}
			k := slices.Index(kindLetters[:], c)
			if k <= 0 {
				return engine.Positionf("board", "rank %d: %q is not q, d, p or a digit", rank+1, c)
			}
			if f >= g.files {
				return engine.Positionf("board", "rank %d covers more than %d files", rank+1, g.files)
			}
			p.pieces[k] |= 1 << (rank*g.files + f)
			f++
		}
		if f != g.files {
			return engine.Positionf("board", "rank %d covers %d files, want %d", rank+1, f, g.files)
		}
	}
	return nil
}

// setCrossing reads the last move that crossed a canal, such as c5c4.
func (p *Position) setCrossing(s string) error {
	from, to, ok := p.parseSquares(s)
	if !ok {
		return engine.Positionf("last_move", "want the last move as two squares such as c5c4, or '-', got %q", s)
	}
	g := p.rules.geo
	switch {
	case p.rules.players != 2:
		return engine.Positionf("last_move", "only two-player games bar a piece's way back")
	case g.zoneOf[from] == g.zoneOf[to]:
		return engine.Positionf("last_move", "%s does not cross a canal", s)
	case p.occupied()&(1<<to) == 0:
		return engine.Positionf("last_move", "%s: no piece stands on %s", s, squareName(g, to))
	case int(g.zoneOf[to]) != int(p.side):
		return engine.Positionf("last_move", "%s ends in the zone of the player who made it, not of the player to move", s)
	}
	p.rejectFrom, p.rejectTo = int8(from), int8(to)
	return nil
}

func squareName(g *geometry, sq int) string { return engine.SquareName(sq%g.files, sq/g.files) }

func (p *Position) parseSquare(s string) (int, bool) {
	g := p.rules.geo
	f, r, err := engine.ParseSquareName(s, g.files, g.ranks)
	if err != nil {
		return 0, false
	}
	return r*g.files + f, true
}

// parseSquares splits two square names written together (b2c3).
func (p *Position) parseSquares(s string) (from, to int, ok bool) {
	if len(s) < 4 || s[0] < 'a' || s[0] > 'z' {
		return 0, 0, false
	}
	j := 1
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	from, ok1 := p.parseSquare(s[:j])
	to, ok2 := p.parseSquare(s[j:])
	return from, to, ok1 && ok2
}

func (p *Position) String() string {
	var b strings.Builder
	g := p.rules.geo
	for r := g.ranks - 1; r >= 0; r-- {
		empty := 0
		for f := 0; f < g.files; f++ {
			k := p.kindAt(r*g.files + f)
			if k == 0 {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteByte(kindLetters[k])
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	b.WriteByte(' ')
	b.WriteString(seatTokens[p.rules.players][p.side])
	b.WriteByte(' ')
	for s := 0; s < p.rules.players; s++ {
		if s > 0 {
			b.WriteByte(',')
		}
		b.WriteString(p.pileText(s))
	}
	b.WriteByte(' ')
	if p.clock < 0 {
		b.WriteByte('-')
	} else {
		b.WriteByte(byte('0' + p.clock))
	}
	b.WriteByte(' ')
	if p.rejectTo < 0 {
		b.WriteByte('-')
	} else {
		b.WriteString(squareName(g, int(p.rejectFrom)) + squareName(g, int(p.rejectTo)))
	}
	fmt.Fprintf(&b, " %d", p.move)
	for _, w := range engine.OptionWords(textOptions, p.rules.options()) {
		b.WriteString(" " + w)
	}
	return b.String()
}

// pileText lists a seat's captured pieces, queens first, or "-".
func (p *Position) pileText(seat int) string {
	var out []byte
	for k := queen; k >= pawn; k-- {
		for range p.pile[seat][k] {
			out = append(out, kindLetters[k])
		}
	}
	if len(out) == 0 {
		return "-"
	}
	return string(out)
}

// Notation writes b2c3, b2c3+clock or pass.
func (p *Position) Notation(m engine.Move) string {
	if m == passMove {
		return "pass"
	}
	g := p.rules.geo
	s := squareName(g, moveFrom(m)) + squareName(g, moveTo(m))
	if m&clockFlag != 0 {
		s += "+clock"
	}
	return s
}

// parseAction reads an action's text into the move it would be, without judging legality.
func (p *Position) parseAction(norm, text string) (engine.Move, error) {
	if norm == "pass" {
		return passMove, nil
	}
	var flag engine.Move
	if s, ok := strings.CutSuffix(norm, "+clock"); ok {
		norm, flag = s, clockFlag
	}
	from, to, ok := p.parseSquares(norm)
	if !ok {
		return 0, &engine.SyntaxError{Text: text, Reason: "want a move such as b2c3, b2c3+clock, or pass"}
	}
	return newMove(from, to) | flag, nil
}

// ParseMove reads an action and returns the legal move it names.
func (p *Position) ParseMove(text string) (engine.Move, error) {
	return engine.ParseLegal(p, text, p.parseAction, p.whyIllegal)
}

func (v *variant) Parse(text string) (engine.Position, error) {
	p, err := v.parse(text)
	if err != nil {
		return nil, err
	}
	return p, nil
}

// Action describes a move in structured form; Player is the mover, who controls the piece.
func (p *Position) Action(m engine.Move) engine.Action {
	me := p.rules.seats[p.side].Name
	if m == passMove {
		return engine.Action{Kind: engine.ActionPass, Name: "pass", Player: me, Die: -1}
	}
	g := p.rules.geo
	from, to := moveFrom(m), moveTo(m)
	a := engine.Action{Kind: engine.ActionMove, Name: "move", Player: me, Piece: kindNames[p.kindAt(from)],
		From: squareName(g, from), To: squareName(g, to), Die: -1}
	if m&clockFlag != 0 {
		a.Kind, a.Name = engine.ActionVariant, "call_clock"
	}
	if t := p.kindAt(to); t != 0 {
		if g.zoneOf[to] == int8(p.side) {
			own := p.occupied() & g.zone[p.side]
			a.Promotion = kindNames[merged(p.kindAt(from), t, p.pieces[queen]&own != 0, p.pieces[drone]&own != 0)]
		} else {
			a.Captured = kindNames[t]
		}
	}
	return a
}
