package chaturanga

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/ashtapada/ashtapada/engine"
)

// Parse reads a Fairy-Stockfish FEN and checks that the position is legal.
func Parse(fen string) (Position, error) {
	p := Position{v: registered}
	for i := range p.board {
		p.board[i] = empty
	}
	fields := strings.Fields(fen)
	if len(fields) < 2 || len(fields) > 6 {
		return p, engine.Positionf("fen", "want 2 to 6 space-separated fields, got %d", len(fields))
	}
	if err := p.parseBoard(fields[0]); err != nil {
		return p, err
	}
	switch fields[1] {
	case "w":
		p.side = white
	case "b":
		p.side = black
		p.key ^= zobristBlack
	default:
		return p, engine.Positionf("side", "want w or b, got %q", fields[1])
	}
	for i, name := range []string{"castling", "en passant"} {
		if len(fields) > 2+i && fields[2+i] != "-" {
			return p, engine.Positionf(name, "chaturanga has no %s: want '-', got %q", name, fields[2+i])
		}
	}
	if err := p.parseCounters(fields[min(4, len(fields)):]); err != nil {
		return p, err
	}
	return p, p.validate()
}

// parseBoard reads the FEN's ranks, 8 down to 1, digits counting empty squares.
func (p *Position) parseBoard(board string) error {
	ranks := strings.Split(board, "/")
	if len(ranks) != 8 {
		return engine.Positionf("board", "want 8 ranks separated by '/', got %d", len(ranks))
	}
	for i, row := range ranks {
		if err := p.parseRank(7-i, row); err != nil {
			return err
		}
	}
	return nil
}

// parseRank reads rank r from its row of piece letters and digits.
func (p *Position) parseRank(r int, row string) error {
	f := 0
	for j := 0; j < len(row); j++ {
		c := row[j]
		if c >= '1' && c <= '8' {
			if f += int(c - '0'); f > 8 {
				return engine.Positionf("board", "rank %d has more than 8 squares", r+1)
			}
			continue
		}
		typ := strings.IndexByte("pnbrqk", c|0x20)
		if typ < 0 || c == '~' {
			return engine.Positionf("board", "unknown piece letter %q on rank %d", c, r+1)
		}
		if f >= 8 {
			return engine.Positionf("board", "rank %d has more than 8 squares", r+1)
		}
		color := white
		if c >= 'a' {
			color = black
		}
		p.put(r*8+f, typ, color)
		f++
	}
	if f != 8 {
		return engine.Positionf("board", "rank %d has %d squares, want 8", r+1, f)
	}
	return nil
}

// parseCounters reads the halfmove clock and the fullmove number, where the FEN gives them.
func (p *Position) parseCounters(counters []string) error {
	p.fullmove = 1
	if len(counters) > 0 {
		n, err := strconv.ParseUint(counters[0], 10, 16)
		if err != nil || n > drawPlies {
			return engine.Positionf("halfmove clock", "want a number from 0 to %d (the 70-move rule draws there), got %q", drawPlies, counters[0])
		}
		p.halfmove = uint16(n)
	}
	if len(counters) > 1 {
		n, err := engine.ParseCounter("fullmove number", counters[1], 1)
		if err != nil {
			return err
		}
		p.fullmove = n
	}
	return nil
}

// FEN returns the position in Fairy-Stockfish's notation.
func (p *Position) FEN() string {
	var sb strings.Builder
	for r := 7; r >= 0; r-- {
		gap := 0
		for f := 0; f < 8; f++ {
			typ, color, ok := p.pieceAt(r*8 + f)
			if !ok {
				gap++
				continue
			}
			if gap > 0 {
				sb.WriteByte(byte('0' + gap))
				gap = 0
			}
			c := fenLetters[typ]
			if color == white {
				c -= 0x20
			}
			sb.WriteByte(c)
		}
		if gap > 0 {
			sb.WriteByte(byte('0' + gap))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	fmt.Fprintf(&sb, " %c - - %d %d", "wb"[p.side], p.halfmove, p.fullmove)
	return sb.String()
}

// notations holds every from-to text, so formatting a move allocates nothing.
var notations = func() (t [64][64]string) {
	for from := range t {
		for to := range t[from] {
			t[from][to] = squareName(from) + squareName(to)
		}
	}
	return t
}()

func (p *Position) Notation(m engine.Move) string {
	s := notations[moveFrom(m)][moveTo(m)]
	if m&promoteFlag != 0 {
		s += "q"
	}
	return s
}

func (p *Position) ParseMove(text string) (engine.Move, error) {
	s := strings.ToLower(strings.TrimSpace(text))
	ff, fr, err1 := engine.ParseSquareName(s[:min(2, len(s))], 8, 8)
	tf, tr, err2 := engine.ParseSquareName(s[min(2, len(s)):min(4, len(s))], 8, 8)
	promo := ""
	if len(s) >= 4 {
		promo = strings.TrimPrefix(s[4:], "=")
	}
	if len(s) < 4 || len(s) > 6 || err1 != nil || err2 != nil || (promo != "" && promo != "q") {
		// Not a UCI move: standard algebraic notation, as lichess and python-chess users write.
		if m, ok, err := p.parseSAN(text); ok {
			return m, err
		}
		return 0, &engine.SyntaxError{Text: text, Reason: "want a UCI move such as e2e3 or g7g8q (the only promotion is q), or SAN such as Nf3, exd5 or e8=Q"}
	}
	if p.Outcome().Finished {
		return 0, engine.ErrGameOver
	}
	from, to := fr*8+ff, tr*8+tf
	var buf [engine.MaxMoves]engine.Move
	for _, m := range p.generate(buf[:0]) {
		if moveFrom(m) == from && moveTo(m) == to {
			if (m&promoteFlag != 0) != (promo == "q") {
				if promo == "" {
					return 0, &engine.IllegalError{Text: text, Reason: "a pawn reaching the last rank must promote: write " + s + "q"}
				}
				return 0, &engine.IllegalError{Text: text, Reason: "only a pawn reaching the last rank promotes"}
			}
			return m, nil
		}
	}
	return 0, &engine.IllegalError{Text: text, Reason: p.whyIllegal(from, to)}
}

func (p *Position) Action(m engine.Move) engine.Action {
	from, to := moveFrom(m), moveTo(m)
	typ, _, _ := p.pieceAt(from)
	a := engine.Action{Kind: engine.ActionMove, Name: "move", Player: playerNames[p.side], Piece: kindNames[typ],
		From: squareName(from), To: squareName(to), Die: -1}
	if t, _, ok := p.pieceAt(to); ok {
		a.Captured = kindNames[t]
	}
	if m&promoteFlag != 0 {
		a.Promotion = "mantri"
	}
	return a
}

func (p *Position) String() string { return p.FEN() }

func (v *variant) Parse(text string) (engine.Position, error) {
	p, err := Parse(text)
	if err != nil {
		return nil, err
	}
	p.v = v
	return &p, nil
}

// sanPattern is standard algebraic notation's move: a piece letter (none for a pawn), the file
// and rank it comes from where they tell it apart (more than needed is accepted, as lichess and
// python-chess do: Ng1e2), a capture mark, the target, and a promotion.
var sanPattern = regexp.MustCompile(`^([NBRQK])?([a-h])?([1-8])?(x)?([a-h][1-8])(=?Q)?$`)

// parseSAN reads a move in standard algebraic notation (Nf3, exd5, e8=Q, Ng1e2, with or without
// + and #): ok is false for a text that is not written like SAN at all. A text that fits several
// legal moves is refused with their SAN.
func (p *Position) parseSAN(text string) (m engine.Move, ok bool, err error) {
	san := strings.TrimRight(strings.TrimSpace(text), "+#!?")
	parts := sanPattern.FindStringSubmatch(san)
	if parts == nil {
		return 0, false, nil
	}
	if p.Outcome().Finished {
		return 0, true, engine.ErrGameOver
	}
	typ := pawn
	if parts[1] != "" {
		typ = strings.IndexByte(string(fenLetters[:]), parts[1][0]+0x20)
	}
	to := int(parts[5][0]-'a') + 8*int(parts[5][1]-'1')
	promote := parts[6] != ""
	var buf [engine.MaxMoves]engine.Move
	var fits []engine.Move
	unpromoted := false
	for _, m := range p.generate(buf[:0]) {
		from := moveFrom(m)
		if moveTo(m) != to || int(p.board[from]&7) != typ ||
			parts[2] != "" && byte('a'+from%8) != parts[2][0] || parts[3] != "" && byte('1'+from/8) != parts[3][0] ||
			typ == pawn && parts[4] == "" && from%8 != to%8 || // a pawn's capture is written exd5
			parts[4] != "" && p.board[to] == empty {
			continue
		}
		if (m&promoteFlag != 0) != promote {
			unpromoted = unpromoted || !promote
			continue
		}
		fits = append(fits, m)
	}
	switch {
	case len(fits) == 1:
		return fits[0], true, nil
	case len(fits) > 1:
		names := make([]string, len(fits))
		for i, m := range fits {
			names[i] = strings.TrimRight(p.SAN(m), "+#")
		}
		sort.Strings(names)
		return 0, true, &engine.IllegalError{Text: text, Reason: san + " is ambiguous: write " + strings.Join(names, " or ")}
	case unpromoted:
		return 0, true, &engine.IllegalError{Text: text, Reason: "a pawn reaching the last rank must promote: write " + san + "=Q"}
	}
	return 0, true, &engine.IllegalError{Text: text, Reason: "no legal move is written " + san + " in standard algebraic notation"}
}
