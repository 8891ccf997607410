package chaturaji

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/ashtapada/ashtapada/engine"
)

const (
	playerLetters = "bgry"
	pieceLetters  = "?PBHEK" // by kind
	// maxScore is the most points a player holds, all sources together; play counts no more.
	maxScore = 100_000
)

// stagePlayers is how many players an exchange stage names in the text (rajas, then responder).
var stagePlayers = [...][2]int{exAvailable: {2, 2}, exProposed: {3, 3}, exReturning: {1, 2}}

// Parse reads a position in the variant's text notation and validates it.
func Parse(text string) (Position, error) {
	p := Position{v: registered}
	f := strings.Fields(text)
	if len(f) < 7 || len(f) > 13 {
		return p, engine.Positionf("text", "want 7 space-separated fields and then options, got %d fields", len(f))
	}
	if err := p.parseOptions(f[7:]); err != nil {
		return p, err
	}
	fields := []func(string) error{p.parseBoard, p.parseSide, p.parseDice, p.parseState, p.parseScores, p.parseQuiet, p.parseTurn}
	for i, read := range fields {
		if err := read(f[i]); err != nil {
			return p, err
		}
	}
	return p, p.validate()
}

// parseOptions reads the options after the counters into the rules of the game.
func (p *Position) parseOptions(words []string) error {
	opts, err := engine.ReadOptionWords(Variant.Describe().Options, words)
	if err != nil {
		return err
	}
	p.rules, err = rulesFromOptions(opts)
	return err
}

func (p *Position) parseSide(s string) error {
	side := strings.Index(playerLetters, s)
	if len(s) != 1 || side < 0 {
		return engine.Positionf("side", "want b, g, r or y, got %q", s)
	}
	p.side = uint8(side)
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

func (p *Position) parseBoard(s string) error {
	rows := strings.Split(s, "/")
	if len(rows) != size {
		return engine.Positionf("board", "want %d ranks separated by '/', got %d", size, len(rows))
	}
	for i, row := range rows {
		r, file := size-1-i, 0
		for _, tok := range strings.Split(row, ",") {
			if file >= size {
				return engine.Positionf("board", "rank %d has more than %d squares", r+1, size)
			}
			if n, err := strconv.Atoi(tok); err == nil {
				if n < 1 || n > size-file {
					return engine.Positionf("board", "rank %d: %q empty squares do not fit", r+1, tok)
				}
				file += n
				continue
			}
			c, err := parsePiece(tok)
			if err != nil {
				return engine.Positionf("square "+engine.SquareName(file, r), "%v", err)
			}
			p.set(r*size+file, c)
			file++
		}
		if file != size {
			return engine.Positionf("board", "rank %d has %d squares, want %d", r+1, file, size)
		}
	}
	return nil
}

// parsePiece reads a piece token: owner, kind, a pawn's target, and ':' colour when it differs.
func parsePiece(tok string) (cell, error) {
	body, colourText, hasColour := strings.Cut(tok, ":")
	if len(body) < 2 {
		return 0, fmt.Errorf("want a piece such as bK or bPe, got %q", engine.Text(tok))
	}
	owner := strings.IndexByte(playerLetters, body[0])
	kind := strings.IndexByte(pieceLetters[1:], body[1]) + 1
	if owner < 0 || kind == 0 {
		return 0, fmt.Errorf("want an owner b, g, r or y and a piece K, E, H, B or P, got %q", engine.Text(tok))
	}
	target := 0
	if kind == pawn {
		if len(body) != 3 {
			return 0, fmt.Errorf("a pawn names its promotion target: bPk, bPe, bPh or bPb, got %q", engine.Text(tok))
		}
		target = slices.Index(kindLetters[:], body[2])
		if target < boat {
			return 0, fmt.Errorf("a pawn promotes to k, e, h or b, got %q", engine.Text(tok))
		}
	} else if len(body) != 2 {
		return 0, fmt.Errorf("unexpected %q after the piece letter", engine.Text(body[2:]))
	}
	colour := owner
	if hasColour {
		colour = strings.Index(playerLetters, colourText)
		if len(colourText) != 1 || colour < 0 {
			return 0, fmt.Errorf("want a colour b, g, r or y after ':', got %q", engine.Text(tok))
		}
	}
	return newCell(kind, owner, target, colour), nil
}

func (p *Position) parseDice(s string) error {
	if rest, ok := strings.CutSuffix(s, "+"); ok {
		p.captured = true
		s = rest
	}
	if s == "-" {
		return nil
	}
	parts := strings.Split(s, ",")
	if len(parts) > 2 {
		return engine.Positionf("dice", "want '-' or one or two dice such as 3 or 2,5*, got %q", s)
	}
	for i, d := range parts {
		used := strings.HasSuffix(d, "*")
		d = strings.TrimSuffix(d, "*")
		if len(d) != 1 || d[0] < '2' || d[0] > '5' {
			return engine.Positionf("dice", "die %d: want a value from 2 to 5, got %q", i+1, parts[i])
		}
		p.dice[i] = die{value: d[0] - '0', used: used}
	}
	return nil
}

func (p *Position) parseState(s string) error {
	p.commander = [players]int8{-1, -1, -1, -1}
	p.ex = exchange{rajas: [2]int8{-1, -1}, responder: -1}
	if s == "-" {
		p.ex = exchange{}
		return nil
	}
	bad := func(tok string) error {
		return engine.Positionf("state", "want '-' or tokens such as r>b, offer=bg, ask=bgy, return=b, got %q", engine.Text(tok))
	}
	for _, tok := range strings.Split(s, ",") {
		if a, b, ok := strings.Cut(tok, ">"); ok {
			x, y := strings.Index(playerLetters, a), strings.Index(playerLetters, b)
			if len(a) != 1 || len(b) != 1 || x < 0 || y < 0 {
				return bad(tok)
			}
			if p.commander[y] >= 0 {
				return engine.Positionf("state", "%s has two commanders", playerNames[y])
			}
			p.commander[y] = int8(x)
			continue
		}
		name, who, ok := strings.Cut(tok, "=")
		stage := slices.Index([]string{"", "offer", "ask", "return"}, name)
		if !ok || stage <= 0 || p.ex.stage != exNone {
			return bad(tok)
		}
		if len(who) < stagePlayers[stage][0] || len(who) > stagePlayers[stage][1] {
			return bad(tok)
		}
		p.ex.stage = uint8(stage)
		for i := 0; i < len(who); i++ {
			pl := strings.IndexByte(playerLetters, who[i])
			if pl < 0 {
				return bad(tok)
			}
			if i < 2 {
				p.ex.rajas[i] = int8(pl)
			} else {
				p.ex.responder = int8(pl)
			}
		}
	}
	if p.ex.stage == exNone {
		p.ex = exchange{}
	}
	return nil
}

func (p *Position) parseScores(s string) error {
	parts := strings.Split(s, ",")
	if len(parts) != players {
		return engine.Positionf("scores", "want four comma-separated scores, got %q", s)
	}
	for pl, part := range parts {
		rest, total := part, 0
		for src := fromCaptures; src < sources; src++ {
			if src > fromCaptures {
				var ok bool
				if rest, ok = strings.CutPrefix(rest, "te"[src-1:src]); !ok {
					continue
				}
			}
			n := 0
			for n < len(rest) && rest[n] >= '0' && rest[n] <= '9' {
				n++
			}
			v, err := strconv.Atoi(rest[:n])
			if err != nil || v > maxScore {
				return engine.Positionf("scores", "%s: want points such as 12 or 12t1e2, got %q", playerNames[pl], part)
			}
			p.score[pl][src] = int32(v)
			total += v
			rest = rest[n:]
		}
		if rest != "" {
			return engine.Positionf("scores", "%s: want points such as 12 or 12t1e2, got %q", playerNames[pl], part)
		}
		if total > maxScore {
			return engine.Positionf("scores", "%s: %q adds up to %d points, more than the most a player holds, %d", playerNames[pl], part, total, maxScore)
		}
	}
	return nil
}

// String returns the position in the variant's text notation.
func (p *Position) String() string {
	var sb strings.Builder
	sb.Grow(160)
	p.writeBoard(&sb)
	sb.WriteByte(' ')
	sb.WriteByte(playerLetters[p.side])
	sb.WriteByte(' ')
	p.writeDice(&sb)
	sb.WriteByte(' ')
	sb.WriteString(p.stateText())
	sb.WriteByte(' ')
	p.writeScores(&sb)
	sb.WriteByte(' ')
	sb.WriteString(strconv.Itoa(int(p.quiet)))
	sb.WriteByte(' ')
	sb.WriteString(strconv.Itoa(int(p.turn)))
	for _, w := range engine.OptionWords(Variant.Describe().Options, p.rules.statedOptions()) {
		sb.WriteByte(' ')
		sb.WriteString(w)
	}
	return sb.String()
}

// writeBoard writes the ranks from 8 down to 1, the squares of a rank separated by commas.
func (p *Position) writeBoard(sb *strings.Builder) {
	for r := size - 1; r >= 0; r-- {
		gap, first := 0, true
		sep := func() {
			if !first {
				sb.WriteByte(',')
			}
			first = false
		}
		for f := 0; f < size; f++ {
			c := p.board[r*size+f]
			if c == 0 {
				gap++
				continue
			}
			if gap > 0 {
				sep()
				sb.WriteByte(byte('0' + gap))
				gap = 0
			}
			sep()
			sb.WriteString(pieceToken(c))
		}
		if gap > 0 {
			sep()
			sb.WriteByte(byte('0' + gap))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
}

// writeDice writes '-' before the roll, else the values with their used marks; then '+' after a
// capture this turn.
func (p *Position) writeDice(sb *strings.Builder) {
	if !p.rolled() {
		sb.WriteByte('-')
	}
	for i := 0; i < 2 && p.dice[i].value != 0; i++ {
		if i > 0 {
			sb.WriteByte(',')
		}
		sb.WriteByte('0' + p.dice[i].value)
		if p.dice[i].used {
			sb.WriteByte('*')
		}
	}
	if p.captured {
		sb.WriteByte('+')
	}
}

// writeScores writes each player's capture points, then t and e with his throne and empire
// points where he has any.
func (p *Position) writeScores(sb *strings.Builder) {
	for pl := 0; pl < players; pl++ {
		if pl > 0 {
			sb.WriteByte(',')
		}
		sb.WriteString(strconv.Itoa(int(p.score[pl][fromCaptures])))
		for src := fromThrone; src < sources; src++ {
			if v := p.score[pl][src]; v != 0 {
				sb.WriteByte("te"[src-1])
				sb.WriteString(strconv.Itoa(int(v)))
			}
		}
	}
}

func pieceToken(c cell) string {
	b := []byte{playerLetters[cellOwner(c)], pieceLetters[cellKind(c)]}
	if cellKind(c) == pawn {
		b = append(b, kindLetters[cellTarget(c)])
	}
	if cellColour(c) != cellOwner(c) {
		b = append(b, ':', playerLetters[cellColour(c)])
	}
	return string(b)
}

func (p *Position) stateText() string {
	var toks []string
	for pl, c := range p.commander {
		if c >= 0 {
			toks = append(toks, string(playerLetters[c])+">"+string(playerLetters[pl]))
		}
	}
	if p.ex.stage != exNone {
		who := ""
		for _, pl := range p.ex.rajas {
			if pl >= 0 {
				who += string(playerLetters[pl])
			}
		}
		if p.ex.stage == exProposed {
			who += string(playerLetters[p.ex.responder])
		}
		toks = append(toks, [...]string{exAvailable: "offer", exProposed: "ask", exReturning: "return"}[p.ex.stage]+"="+who)
	}
	if len(toks) == 0 {
		return "-"
	}
	return strings.Join(toks, ",")
}

func (p *Position) Notation(m engine.Move) string {
	switch moveAct(m) {
	case actRoll:
		a, b := rollValues(m)
		s := "roll " + strconv.Itoa(a)
		if b != 0 {
			s += " " + strconv.Itoa(b)
		}
		return s
	case actPromote:
		return squareName(moveFrom(m)) + "=" + string(kindLetters[movePromo(m)])
	case actReturn:
		return "return_raja " + squareName(moveTo(m))
	case actMove:
		s := squareName(moveFrom(m)) + squareName(moveTo(m))
		if pr := movePromo(m); pr != 0 {
			s += "=" + string(kindLetters[pr])
		}
		return s
	}
	return wordActions[moveAct(m)]
}

var wordActions = [...]string{
	actPass: "pass", actEnd: "end", actResign: "resign",
	actPropose: "propose_exchange", actAccept: "accept_exchange", actDecline: "decline_exchange",
}

func (p *Position) ParseMove(text string) (engine.Move, error) {
	return engine.ParseLegal(p, text, p.parseAction, p.whyIllegal)
}

// parseAction reads the notation into the move it would be, without checking legality.
func (p *Position) parseAction(s, text string) (engine.Move, error) {
	for act, word := range wordActions {
		if word != "" && s == word {
			return actionMove(act), nil
		}
	}
	if rest, ok := strings.CutPrefix(s, "return_raja "); ok {
		sq, ok := parseSquare(rest)
		if !ok {
			return 0, &engine.SyntaxError{Text: text, Reason: "want return_raja and a square from a1 to h8"}
		}
		return returnMove(sq), nil
	}
	if rest, ok := strings.CutPrefix(s, "roll "); ok {
		return parseRoll(rest, text)
	}
	return parsePieceAction(s, text)
}

func parseSquare(name string) (int, bool) {
	f, r, err := engine.ParseSquareName(name, size, size)
	return r*size + f, err == nil
}

// parseRoll reads the one or two die values after "roll", the lower first.
func parseRoll(rest, text string) (engine.Move, error) {
	f := strings.Fields(rest)
	var v [2]int
	for i, x := range f {
		if len(f) > 2 || len(x) != 1 || x[0] < '1' || x[0] > '6' {
			return 0, &engine.SyntaxError{Text: text, Reason: "want one or two die values from 2 to 5, such as roll 3 or roll 2 5"}
		}
		v[i] = int(x[0] - '0')
	}
	if v[1] != 0 && v[1] < v[0] {
		v[0], v[1] = v[1], v[0]
	}
	return rollMove(v[0], v[1]), nil
}

// parsePieceAction reads a move, a move with promotion, or a waiting pawn's promotion.
func parsePieceAction(s, text string) (engine.Move, error) {
	syntax := func(reason string) error { return &engine.SyntaxError{Text: text, Reason: reason} }
	body, promo, hasPromo := strings.Cut(s, "=")
	pr := 0
	if hasPromo {
		if len(promo) == 1 {
			pr = slices.Index(kindLetters[:], promo[0])
		}
		if pr < boat {
			return 0, syntax("a pawn promotes to k, e, h or b")
		}
	}
	switch len(body) {
	case 2:
		sq, ok := parseSquare(body)
		if !ok || !hasPromo {
			return 0, syntax("a move names the square it leaves and the one it reaches, such as d2d3 (this game has no SAN), " +
				"and a waiting pawn's promotion is written a8=b")
		}
		return promoteMove(sq, pr), nil
	case 4:
		from, ok1 := parseSquare(body[:2])
		to, ok2 := parseSquare(body[2:])
		if !ok1 || !ok2 {
			return 0, syntax("squares run from a1 to h8")
		}
		return newMove(from, to, pr), nil
	}
	return 0, syntax("want a move such as b1c3 or a7a8=b, a8=b, pass, end, resign, an exchange action, or roll 3")
}

func (p *Position) Action(m engine.Move) engine.Action {
	a := engine.Action{Player: playerNames[p.actor()], Die: -1}
	switch moveAct(m) {
	case actRoll:
		x, y := rollValues(m)
		a.Kind, a.Name, a.Dice = engine.ActionRoll, "roll", []int{x}
		if y != 0 {
			a.Dice = append(a.Dice, y)
		}
	case actPass:
		a.Kind, a.Name = engine.ActionPass, "pass"
	case actEnd:
		a.Kind, a.Name = engine.ActionEndTurn, "end_turn"
	case actResign:
		a.Kind, a.Name, a.Piece = engine.ActionResign, "resign", "raja"
	case actPropose:
		a.Kind, a.Name = engine.ActionVariant, "propose_exchange"
	case actAccept:
		a.Kind, a.Name = engine.ActionVariant, "accept_exchange"
	case actDecline:
		a.Kind, a.Name = engine.ActionVariant, "decline_exchange"
	case actReturn:
		a.Kind, a.Name, a.Piece, a.To = engine.ActionVariant, "return_raja", "raja", squareName(moveTo(m))
	default:
		from, to := moveFrom(m), moveTo(m)
		c := p.board[from]
		a.Kind, a.Name, a.Piece, a.From, a.To = engine.ActionMove, "move", kindNames[cellKind(c)], squareName(from), squareName(to)
		if moveAct(m) == actPromote {
			a.Kind, a.Name = engine.ActionVariant, "promote"
		} else if t := p.board[to]; t != 0 {
			a.Captured = kindNames[cellKind(t)]
		}
		if pr := movePromo(m); pr != 0 {
			a.Promotion = kindNames[pr]
		}
		a.Die = p.dieFor(cellKind(c))
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
