package ramayana

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/ashtapada/ashtapada/engine"
)

// Parse reads a position: ranks 16 to 1 separated by '/', each over all ten files with digits
// counting empty or ocean cells; side (y or r); plies without capture or Untouchable move; move
// number.
func Parse(text string) (Position, error) {
	p := Position{v: registered}
	f := strings.Fields(text)
	if len(f) != 4 {
		return p, engine.Positionf("text", "want 4 fields (board side quiet move), got %d", len(f))
	}
	if err := p.parseBoard(f[0]); err != nil {
		return p, err
	}
	if err := p.parseSide(f[1]); err != nil {
		return p, err
	}
	if err := p.parseCounters(f[2], f[3]); err != nil {
		return p, err
	}
	return p, p.validate()
}

func (p *Position) parseBoard(s string) error {
	rows := strings.Split(s, "/")
	if len(rows) != ranks {
		return engine.Positionf("board", "want %d ranks, got %d", ranks, len(rows))
	}
	for i, row := range rows {
		if err := p.parseRank(ranks-1-i, row); err != nil {
			return err
		}
	}
	return nil
}

// parseRank reads rank r: pieces, and one or two digits counting empty or ocean cells.
func (p *Position) parseRank(r int, row string) error {
	file := 0
	for j := 0; j < len(row); j++ {
		if n, width := emptyCells(row[j:]); width > 0 {
			file += n
			j += width - 1
			continue
		}
		c, width, err := readPiece(row[j:], r)
		if err != nil {
			return err
		}
		if file >= files || !exists[r*files+file] {
			return engine.Positionf("board", "a piece on %s, which is ocean or off the board", engine.SquareName(file, r))
		}
		p.board[r*files+file] = c
		file++
		j += width - 1
	}
	if file != files {
		return engine.Positionf("board", "rank %d covers %d files, want %d", r+1, file, files)
	}
	return nil
}

// emptyCells reads the count of empty cells s starts with, one or two digits, and its width: 0
// when s starts with a piece.
func emptyCells(s string) (n, width int) {
	for width < len(s) && width < 2 && s[width] >= '0' && s[width] <= '9' {
		n = n*10 + int(s[width]-'0')
		width++
	}
	return n, width
}

// readPiece reads the piece s starts with on rank r: a letter, upper case yellow's and lower case
// red's, after '+' or '=' for a promoted form; K, the Rakshasa, is neutral. It returns the piece
// and the width of its text.
func readPiece(s string, r int) (cell, int, error) {
	prefix, ch, width := "", s[0], 1
	if ch == '+' || ch == '=' {
		if len(s) < 2 {
			return 0, 0, engine.Positionf("board", "rank %d ends in %q", r+1, ch)
		}
		prefix, ch, width = string(ch), s[1], 2
	}
	owner := yellow
	if ch >= 'a' && ch <= 'z' {
		owner = red
		ch -= 'a' - 'A'
	}
	k := slices.Index(letters[:], prefix+string(ch))
	if k <= 0 {
		return 0, 0, engine.Positionf("board", "rank %d: unknown piece %q", r+1, prefix+string(s[width-1]))
	}
	if k == rakshasa {
		if owner != yellow {
			return 0, 0, engine.Positionf("board", "a Rakshasa is neutral and written K")
		}
		owner = neutral
	}
	return pieceCell(k, owner), width, nil
}

func (p *Position) parseSide(s string) error {
	switch s {
	case "y":
		p.side = yellow
	case "r":
		p.side = red
	default:
		return engine.Positionf("side", "want y or r, got %q", s)
	}
	return nil
}

func (p *Position) parseCounters(quiet, move string) error {
	q, err1 := strconv.ParseUint(quiet, 10, 31)
	mv, err2 := strconv.ParseUint(move, 10, 31)
	if err1 != nil || err2 != nil || q > 100 || mv == 0 || mv > engine.MaxCounter {
		return engine.Positionf("counters", "want a ply count from 0 to 100 and a move number from 1 to %d", engine.MaxCounter)
	}
	p.quiet, p.move = uint32(q), uint32(mv)
	return nil
}

func (p *Position) validate() error {
	var royals [2]int
	n := 0
	for _, s := range existing {
		c := p.board[s]
		if c == 0 {
			continue
		}
		switch k := cellKind(c); k {
		case rajah, maharajah:
			royals[cellOwner(c)]++
		case rakshasa:
			n++
		case untouchable:
			if int(s)/files == lastRank(cellOwner(c)) {
				return engine.Positionf("board", "an Untouchable on %s, its last row", squareName(int(s)))
			}
		}
	}
	if royals != [2]int{1, 1} {
		return engine.Positionf("board", "each player needs exactly one Rajah or Maharajah")
	}
	if n > 2 {
		return engine.Positionf("board", "at most two Rakshasas")
	}
	if p.inCheck(1 - int(p.side)) {
		return engine.Positionf("board", "the side not to move is in check")
	}
	return nil
}

// String writes the position in the notation Parse reads.
func (p *Position) String() string {
	var b strings.Builder
	for r := ranks - 1; r >= 0; r-- {
		empty := 0
		for f := 0; f < files; f++ {
			c := p.board[r*files+f]
			if c == 0 {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			l := letters[cellKind(c)]
			if cellOwner(c) == red {
				l = strings.ToLower(l)
			}
			b.WriteString(l)
		}
		if empty > 0 {
			b.WriteString(strconv.Itoa(empty))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	fmt.Fprintf(&b, " %c %d %d", "yr"[p.side], p.quiet, p.move)
	return b.String()
}

// Notation writes an action: from+to, with "@X" for a drop, "=buddha" for a Buddha, and
// S+T+"^"+P for a Rakshasa move paid by the piece on P.
func (p *Position) Notation(m engine.Move) string {
	s := squareName(moveFrom(m)) + squareName(moveTo(m))
	switch moveAct(m) {
	case actDrop:
		s += "@" + squareName(moveExtra(m))
	case actBuddha:
		s += "=buddha"
	case actRakshasa:
		s += "^" + squareName(moveExtra(m))
	}
	return s
}

// parseAction reads an action's text into the move it would be, without judging legality.
func parseAction(text string) (engine.Move, error) {
	syntax := func(why string) error { return &engine.SyntaxError{Text: text, Reason: why} }
	t := strings.ToLower(strings.TrimSpace(text))
	act, extra := actMove, 0
	if i := strings.IndexAny(t, "@^="); i >= 0 {
		tail := t[i+1:]
		switch t[i] {
		case '=':
			if tail != "buddha" {
				return 0, syntax("only =buddha may follow the squares")
			}
			act = actBuddha
		default:
			sq, ok := parseSquare(tail)
			if !ok {
				if _, _, err := engine.ParseSquareName(tail, files, ranks); err == nil {
					return 0, syntax(fmt.Sprintf("%q is ocean, not a square of the board", engine.Text(tail)))
				}
				return 0, syntax(fmt.Sprintf("%q is not a square of the board", engine.Text(tail)))
			}
			act, extra = actDrop, sq
			if t[i] == '^' {
				act = actRakshasa
			}
		}
		t = t[:i]
	}
	if len(t) < 4 {
		return 0, syntax("want two squares such as d3d4")
	}
	// Split from+to: the first square has a letter, one or two digits.
	j := 1
	for j < len(t) && t[j] >= '0' && t[j] <= '9' {
		j++
	}
	from, ok1 := parseSquare(t[:j])
	to, ok2 := parseSquare(t[j:])
	if !ok1 || !ok2 {
		bad := t[:j]
		if ok1 {
			bad = t[j:]
		}
		if _, _, err := engine.ParseSquareName(bad, files, ranks); err == nil {
			return 0, syntax(fmt.Sprintf("%q is ocean, not a square of the board", engine.Text(bad)))
		}
		return 0, syntax("want two squares such as d3d4")
	}
	return newMove(act, from, to, extra), nil
}

func parseSquare(s string) (int, bool) {
	if len(s) < 2 || len(s) > 3 || s[1] == '0' {
		return 0, false
	}
	f, r, err := engine.ParseSquareName(s, files, ranks)
	if err != nil || !exists[r*files+f] {
		return 0, false
	}
	return r*files + f, true
}

// ParseMove reads an action and returns the legal move it names; whyIllegal explains the others.
func (p *Position) ParseMove(text string) (engine.Move, error) {
	return engine.ParseLegal(p, text, func(_, text string) (engine.Move, error) { return parseAction(text) }, p.whyIllegal)
}

// Action describes a move in structured form.
func (p *Position) Action(m engine.Move) engine.Action {
	from, to := moveFrom(m), moveTo(m)
	a := engine.Action{Kind: engine.ActionMove, Name: "move", Player: playerNames[p.side], Piece: kindNames[cellKind(p.board[from])],
		From: squareName(from), To: squareName(to), Die: -1}
	if c := p.board[to]; c != 0 {
		a.Captured = kindNames[cellKind(c)]
	}
	switch moveAct(m) {
	case actMove:
		if cellKind(p.board[from]) == rajah && to == maharajahSq[p.side] {
			a.Promotion = kindNames[maharajah]
		}
	case actDrop:
		a.Kind, a.Name, a.Promotion = engine.ActionVariant, "drop", kindNames[dropped]
	case actBuddha:
		a.Kind, a.Name, a.Promotion = engine.ActionVariant, "buddha", kindNames[buddha]
	case actRakshasa:
		a.Kind, a.Name = engine.ActionVariant, "rakshasa"
	}
	return a
}

func (v *variant) Parse(text string) (engine.Position, error) {
	p, err := Parse(text)
	if err != nil {
		return nil, err
	}
	p.v = v
	return &p, nil
}
