package coasterchaturanga

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/ashtapada/ashtapada/engine"
)

// Position text, one line of space-separated fields:
//
//	coasters  the colour letter and quarter turns of the coaster at tl, tr, br, bl: y0r1b2g3
//	board     ranks 6 to 1 separated by '/', pieces as colour+kind (gq), digits counting empty squares
//	held      each seat's held pieces in turn order bl,br,tr,tl, comma-separated ('-' for none)
//	seat      the seat to move: bl br tr tl
//	turn      '-' before the roll; else the face (aim dig hop swap tip wild), then ":m" once the move
//	          is made, ":d" once the die action is, "!clear" or "!enter" (or "!enter=gq" after DIG)
//	          for a compulsory move pending, "^gq" for the piece re-entered this turn
//	turns     the turns played
//	options   players=2, partnership, max_turns=N, first=SEAT, as they apply

var pieceNames = func() (out [pieces]string) {
	for pc := range out {
		out[pc] = pieceName(pc)
	}
	return out
}()

func parsePiece(s string) (int, bool) {
	i := slices.Index(pieceNames[:], s)
	return i, i >= 0
}

func parseSeat(s string) (int, bool) {
	i := slices.Index(seatNames[:], s)
	return i, i >= 0
}

// Parse reads a position text.
func Parse(text string) (*Position, error) {
	f := strings.Fields(text)
	if len(f) < 6 {
		return nil, engine.Positionf("text", "want coasters, board, held pieces, seat, turn and turns played, got %d fields", len(f))
	}
	r, err := rulesOfText(f[6:])
	if err != nil {
		return nil, err
	}
	p := emptyPosition(registered, r)
	if err := p.parseCoasters(f[0]); err != nil {
		return nil, err
	}
	if err := p.parseBoard(f[1]); err != nil {
		return nil, err
	}
	if err := p.parseHeld(f[2]); err != nil {
		return nil, err
	}
	if err := p.checkEveryPiecePlaced("board"); err != nil {
		return nil, err
	}
	s, ok := parseSeat(f[3])
	if !ok {
		return nil, engine.Positionf("to_move", "want the seat to move (bl br tr tl), got %q", f[3])
	}
	p.seat = int8(s)
	if err := p.parseTurn(f[4]); err != nil {
		return nil, err
	}
	n, err := strconv.ParseInt(f[5], 10, 64)
	if err != nil || n < 0 || n > engine.MaxCounter {
		return nil, engine.Positionf("turns", "want the turns played, 0 to %d, got %q", engine.MaxCounter, f[5])
	}
	p.turns = uint32(n)
	p.over = p.endsHere()
	return p, nil
}

// rulesOfText reads the option words of a text.
func rulesOfText(words []string) (*rules, error) {
	opts, err := engine.ReadOptionWords(textOptions, words)
	if err != nil {
		return nil, err
	}
	// The text states a turn limit only when there is one.
	if n, ok := opts[optMaxTurns]; ok && (n.Int < 1 || n.Int > maxTurnsLimit) {
		return nil, engine.Positionf("options", "max_turns wants 1 to %d, got %q", maxTurnsLimit, strconv.FormatInt(n.Int, 10))
	}
	return rulesFromOptions(opts)
}

// optionWords are the option words of the text: players=2 implies partnership, so it is left out.
func (r *rules) optionWords() []string {
	o := r.options()
	if r.players == 2 {
		delete(o, optPartnership)
	}
	return engine.OptionWords(textOptions, o)
}

// parseHeld reads each seat's held pieces, in turn order, such as gqrp,-,-,yd.
func (p *Position) parseHeld(s string) error {
	held := strings.Split(s, ",")
	if len(held) != seats {
		return engine.Positionf("held", "want %d seats' held pieces separated by commas, got %d", seats, len(held))
	}
	for seat, h := range held {
		if h == "-" {
			continue
		}
		if len(h)%2 != 0 {
			return engine.Positionf("held", "seat %s: %q is not a list of pieces such as gqrp", seatNames[seat], h)
		}
		for i := 0; i < len(h); i += 2 {
			pc, ok := parsePiece(h[i : i+2])
			if !ok {
				return engine.Positionf("held", "seat %s: %q is not a piece", seatNames[seat], h[i:i+2])
			}
			if p.loc[pc] != -1 {
				return engine.Positionf("held", "%s appears twice", h[i:i+2])
			}
			p.loc[pc] = int8(heldBy + seat)
		}
	}
	return nil
}

// checkEveryPiecePlaced checks that every piece is on the board or held, as it always is.
func (p *Position) checkEveryPiecePlaced(field string) error {
	for pc, l := range p.loc {
		if l == -1 {
			return engine.Positionf(field, "%s is neither on the board nor held: every piece is one or the other", pieceNames[pc])
		}
	}
	return nil
}

// maxTurnsLimit bounds the max_turns option.
const maxTurnsLimit = 100000

func (p *Position) parseCoasters(s string) error {
	if len(s) != 8 {
		return engine.Positionf("layout", "want four coasters as colour and quarter turns, such as y0r1b2g3, got %q", s)
	}
	seen := 0
	tip := -1
	for pl := 0; pl < 4; pl++ {
		c := slices.Index(colourLetters[:], s[2*pl])
		if c < 0 || seen&(1<<c) != 0 {
			return engine.Positionf("layout", "%q: want each colour y r b g once", s)
		}
		seen |= 1 << c
		q := int(s[2*pl+1] - '0')
		if q < 0 || q > 3 {
			return engine.Positionf("layout", "%q: quarter turns run from 0 to 3", s)
		}
		t := (q - pl + 4) & 3
		if tip >= 0 && t != tip {
			return engine.Positionf("layout", "%q: the coasters must keep one dot pattern: the coaster at tl, tr, br, bl is turned t, t+1, t+2, t+3 quarter turns", s)
		}
		tip = t
		p.coasterAt[pl] = int8(c)
	}
	p.tip = int8(tip)
	return nil
}

func (p *Position) parseBoard(s string) error {
	rows := strings.Split(s, "/")
	if len(rows) != 6 {
		return engine.Positionf("board", "want 6 ranks separated by '/', got %d", len(rows))
	}
	for i, row := range rows {
		rank := 5 - i
		f := 0
		for j := 0; j < len(row); j++ {
			if c := row[j]; c >= '1' && c <= '6' {
				f += int(c - '0')
				continue
			}
			if j+1 >= len(row) || f >= 6 {
				return engine.Positionf("board", "rank %d: %q does not cover files a to f with pieces such as gq and digits", rank+1, row)
			}
			pc, ok := parsePiece(row[j : j+2])
			if !ok {
				return engine.Positionf("board", "rank %d: %q is not a piece", rank+1, row[j:j+2])
			}
			if p.loc[pc] != -1 {
				return engine.Positionf("board", "%s stands twice", row[j:j+2])
			}
			sq := rank*6 + f
			p.board[sq], p.loc[pc] = int8(pc+1), int8(sq)
			f++
			j++
		}
		if f != 6 {
			return engine.Positionf("board", "rank %d covers %d files, want 6", rank+1, f)
		}
	}
	return nil
}

func (p *Position) parseTurn(s string) error {
	if s == "-" {
		return nil
	}
	bad := func() error {
		return engine.Positionf("turn", "want '-' or a face (aim dig hop swap tip wild) with :m, :d, !clear, !enter[=piece], ^piece; got %q", s)
	}
	if i := strings.IndexByte(s, '^'); i >= 0 {
		pc, ok := parsePiece(s[i+1:])
		if !ok || int(p.loc[pc]) != p.portalOf(int(p.seat)) {
			return engine.Positionf("turn", "%q: the re-entered piece must stand on the seat's portal", s)
		}
		p.entered = int8(pc)
		s = s[:i]
	}
	if i := strings.IndexByte(s, '!'); i >= 0 {
		switch must := s[i+1:]; {
		case must == "clear":
			p.must = mustClear
		case must == "enter":
			p.must = mustEnter
		case strings.HasPrefix(must, "enter="):
			pc, ok := parsePiece(must[6:])
			if !ok {
				return bad()
			}
			p.must, p.mustPiece = mustEnter, int8(pc)
		default:
			return bad()
		}
		s = s[:i]
	}
	face, flags, _ := strings.Cut(s, ":")
	f := slices.Index(faceNames[:], face)
	if f < faceAim {
		return bad()
	}
	p.face = int8(f)
	for _, c := range flags {
		switch c {
		case 'm':
			p.moveDone = true
		case 'd':
			p.dieDone = true
		default:
			return bad()
		}
	}
	return nil
}

func (p *Position) String() string {
	var b strings.Builder
	for pl := 0; pl < 4; pl++ {
		b.WriteByte(colourLetters[p.coasterAt[pl]])
		b.WriteByte(byte('0' + (pl+int(p.tip))&3))
	}
	b.WriteByte(' ')
	for r := 5; r >= 0; r-- {
		empty := 0
		for f := 0; f < 6; f++ {
			pc := p.pieceOn(r*6 + f)
			if pc < 0 {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteString(pieceNames[pc])
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	b.WriteByte(' ')
	for s := 0; s < seats; s++ {
		if s > 0 {
			b.WriteByte(',')
		}
		n := 0
		for pc := 0; pc < pieces; pc++ {
			if int(p.loc[pc]) == heldBy+s {
				b.WriteString(pieceNames[pc])
				n++
			}
		}
		if n == 0 {
			b.WriteByte('-')
		}
	}
	fmt.Fprintf(&b, " %s %s %d", seatNames[p.seat], p.turnText(), p.turns)
	for _, w := range p.rules.optionWords() {
		b.WriteString(" " + w)
	}
	return b.String()
}

func (p *Position) turnText() string {
	if p.face == faceNone {
		return "-"
	}
	mustPiece, entered := "", ""
	if p.mustPiece >= 0 {
		mustPiece = pieceNames[p.mustPiece]
	}
	if p.entered >= 0 {
		entered = pieceNames[p.entered]
	}
	return turnWord(faceNames[p.face], p.moveDone, p.dieDone, int(p.must), mustPiece, entered)
}

// compulsoryWords are the compulsory moves as the turn field writes them.
var compulsoryWords = [3]string{"", "!clear", "!enter"}

// turnWord writes the turn field of a rolled turn: the face, then :m and :d for the move and the
// die action done, the compulsory move pending (with the piece a re-entry must place, if any),
// and the piece re-entered this turn.
func turnWord(face string, moveDone, dieDone bool, must int, mustPiece, entered string) string {
	s := face
	if moveDone || dieDone {
		s += ":"
		if moveDone {
			s += "m"
		}
		if dieDone {
			s += "d"
		}
	}
	s += compulsoryWords[must]
	if mustPiece != "" {
		s += "=" + mustPiece
	}
	if entered != "" {
		s += "^" + entered
	}
	return s
}

var placeNames = [4]string{"tl", "tr", "br", "bl"}

// Notation writes an action: b6e2, enter gq, aim 2, tip 1, swap tl br, dig gp, hop a5@b2, end,
// pass, roll aim.
func (p *Position) Notation(m engine.Move) string {
	switch mvAct(m) {
	case actMove:
		return squareName(mvA(m)) + squareName(mvB(m))
	case actEnter:
		return "enter " + pieceNames[mvA(m)]
	case actAim:
		return "aim " + strconv.Itoa(mvA(m))
	case actTip:
		return "tip " + strconv.Itoa(mvA(m))
	case actSwap:
		return "swap " + placeNames[mvA(m)&3] + " " + placeNames[mvA(m)>>2]
	case actDig:
		return "dig " + pieceNames[mvA(m)]
	case actHop:
		return "hop " + squareName(mvA(m)) + "@" + squareName(mvB(m))
	case actEnd:
		return "end"
	case actPass:
		return "pass"
	case actRoll:
		return "roll " + faceNames[mvA(m)]
	}
	return "?"
}

// parseAction reads an action text (lower case, single spaces) into the move it would be.
func parseAction(norm, text string) (engine.Move, error) {
	word, arg, _ := strings.Cut(norm, " ")
	var m engine.Move
	var why string
	switch word {
	case "end", "pass":
		m, why = bareAction(word, arg)
	case "enter", "dig":
		m, why = pieceAction(word, arg)
	case "aim", "tip":
		m, why = quarterTurnsAction(word, arg)
	case "swap":
		m, why = swapAction(arg)
	case "hop":
		m, why = hopAction(arg)
	case "roll":
		m, why = rollAction(arg)
	default:
		m, why = moveAction(norm)
	}
	if why != "" {
		return 0, &engine.SyntaxError{Text: text, Reason: why}
	}
	return m, nil
}

// Each action's reader returns the move its text names, or what is wrong with the text.

// actionOf is the action a word names.
func actionOf(word string) int { return slices.Index(actionNames[:], word) }

func bareAction(word, arg string) (engine.Move, string) {
	if arg != "" {
		return 0, word + " takes nothing after it"
	}
	return mv(actionOf(word), 0, 0), ""
}

func pieceAction(word, arg string) (engine.Move, string) {
	pc, ok := parsePiece(arg)
	if !ok {
		return 0, "want a piece such as gq after " + word
	}
	return mv(actionOf(word), pc, 0), ""
}

func quarterTurnsAction(word, arg string) (engine.Move, string) {
	k, err := strconv.Atoi(arg)
	if err != nil || k < 1 || k > 3 {
		return 0, word + " wants 1, 2 or 3 quarter turns"
	}
	return mv(actionOf(word), k, 0), ""
}

func swapAction(arg string) (engine.Move, string) {
	a, b, _ := strings.Cut(arg, " ")
	i, j := slices.Index(placeNames[:], a), slices.Index(placeNames[:], b)
	if i < 0 || j < 0 || i == j {
		return 0, "swap wants two different positions among tl tr br bl, such as swap tl br"
	}
	return mv(actSwap, min(i, j)|max(i, j)<<2, 0), ""
}

func hopAction(arg string) (engine.Move, string) {
	from, to, ok := strings.Cut(arg, "@")
	f, ok1 := parseSquare(from)
	t, ok2 := parseSquare(to)
	if !ok || !ok1 || !ok2 {
		return 0, "hop wants a square and a portal, such as hop a5@b2"
	}
	return mv(actHop, f, t), ""
}

func rollAction(arg string) (engine.Move, string) {
	f := slices.Index(faceNames[:], arg)
	if f < faceAim {
		return 0, "roll wants a face: aim dig hop swap tip wild"
	}
	return mv(actRoll, f, 0), ""
}

// moveAction reads a move as two squares written together, such as b6e2.
func moveAction(norm string) (engine.Move, string) {
	if len(norm) == 4 {
		f, ok1 := parseSquare(norm[:2])
		t, ok2 := parseSquare(norm[2:])
		if ok1 && ok2 {
			return mv(actMove, f, t), ""
		}
	}
	return 0, "want a move such as b6e2, or enter gq, aim 2, tip 1, swap tl br, dig gp, hop a5@b2, end, pass, roll aim"
}

func parseSquare(s string) (int, bool) {
	f, r, err := engine.ParseSquareName(s, 6, 6)
	return r*6 + f, err == nil
}

// Action describes an action in structured form.
func (p *Position) Action(m engine.Move) engine.Action {
	a := engine.Action{Kind: engine.ActionVariant, Name: actionNames[mvAct(m)], Player: seatNames[p.seat], Die: -1}
	switch mvAct(m) {
	case actMove, actHop:
		pc := p.pieceOn(mvA(m))
		if mvAct(m) == actMove {
			a.Kind = engine.ActionMove
		}
		a.From, a.To = squareName(mvA(m)), squareName(mvB(m))
		if pc >= 0 {
			a.Piece = pieceNames[pc]
		}
		if t := p.pieceOn(mvB(m)); t >= 0 && mvAct(m) == actMove {
			a.Captured = pieceNames[t]
		}
	case actEnter:
		a.Kind, a.Piece, a.To = engine.ActionDrop, pieceNames[mvA(m)], squareName(p.portalOf(int(p.seat)))
	case actDig:
		a.Piece = pieceNames[mvA(m)]
	case actEnd:
		a.Kind = engine.ActionEndTurn
	case actPass:
		a.Kind = engine.ActionPass
	case actRoll:
		a.Kind, a.Dice = engine.ActionRoll, []int{mvA(m)}
	}
	if mvAct(m) != actRoll && mvAct(m) != actEnd && mvAct(m) != actPass {
		a.Die = 0
		if mvAct(m) == actMove || mvAct(m) == actEnter {
			a.Die = -1
			if p.moveDone {
				a.Die = 0 // WILD's second move
			}
		}
	}
	return a
}

func (v *variant) Parse(text string) (engine.Position, error) {
	p, err := Parse(text)
	if err != nil {
		return nil, err
	}
	p.v = v
	return p, nil
}

// ParseMove reads an action and returns the legal move it names.
func (p *Position) ParseMove(text string) (engine.Move, error) {
	return engine.ParseLegal(p, text, parseAction, p.whyIllegal)
}
