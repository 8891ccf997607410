package chaturanga

import (
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/ashtapada/ashtapada/engine"
)

func popcount(b bitboard) int { return bits.OnesCount64(b) }
func trailing(b bitboard) int { return bits.TrailingZeros64(b) }

func (p *Position) Variant() engine.Variant { return Variant }
func (p *Position) String() string          { return p.FEN() }
func (p *Position) ToMove() int             { return int(p.side) }

func (p *Position) Phase() engine.Phase {
	if p.Outcome().Finished {
		return engine.PhaseFinished
	}
	return engine.PhaseAction
}

// Moves appends the legal moves; a finished game (including a draw by the 70-move rule) has none.
func (p *Position) Moves(buf []engine.Move) []engine.Move {
	if p.halfmove >= drawPlies {
		return buf
	}
	return p.generate(buf)
}

func (p *Position) Play(m engine.Move) (engine.Position, []engine.Event) {
	child := new(Position)
	p.play(m, child)
	var events []engine.Event
	mover := playerNames[p.side]
	if typ, color, ok := p.pieceAt(moveTo(m)); ok {
		events = append(events, engine.Event{Kind: engine.EventCapture, Player: mover,
			Square: squareName(moveTo(m)), Piece: kindNames[typ], Text: mover + " captures " + playerNames[color] + "'s " + kindNames[typ]})
	}
	if m&promoteFlag != 0 {
		events = append(events, engine.Event{Kind: engine.EventPromotion, Player: mover,
			Square: squareName(moveTo(m)), Piece: "mantri", Text: "pawn promotes to mantri"})
	}
	if o := child.Outcome(); o.Finished {
		events = append(events, engine.Event{Kind: engine.EventGameOver, Text: o.Reason})
	}
	return child, events
}

func (p *Position) Action(m engine.Move) engine.Action {
	from, to := moveFrom(m), moveTo(m)
	typ, _, _ := p.pieceAt(from)
	a := engine.Action{Kind: engine.ActionMove, Player: playerNames[p.side], Piece: kindNames[typ],
		From: squareName(from), To: squareName(to), Die: -1}
	if t, _, ok := p.pieceAt(to); ok {
		a.Captured = kindNames[t]
	}
	if m&promoteFlag != 0 {
		a.Promotion = "mantri"
	}
	return a
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
	if len(s) < 4 || len(s) > 6 {
		return 0, &engine.SyntaxError{Text: text, Reason: "want a UCI move such as e2e3 or g7g8q"}
	}
	ff, fr, err1 := engine.ParseSquareName(s[:2], 8, 8)
	tf, tr, err2 := engine.ParseSquareName(s[2:4], 8, 8)
	promo := strings.TrimPrefix(s[4:], "=")
	if err1 != nil || err2 != nil || (promo != "" && promo != "q") {
		return 0, &engine.SyntaxError{Text: text, Reason: "want a UCI move such as e2e3 or g7g8q (the only promotion is q)"}
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

// whyIllegal explains why from-to is not among the legal moves.
func (p *Position) whyIllegal(from, to int) string {
	us := int(p.side)
	typ, color, ok := p.pieceAt(from)
	switch {
	case !ok:
		return "there is no piece on " + squareName(from)
	case color != us:
		return "the " + kindNames[typ] + " on " + squareName(from) + " belongs to " + playerNames[color] + ", and " + playerNames[us] + " is to move"
	}
	if _, c, ok := p.pieceAt(to); ok && c == us {
		return squareName(to) + " holds a piece of " + playerNames[us] + "'s own"
	}
	occ := p.occupied()
	reach := pieceAttacks(typ, from, occ)
	if typ == pawn {
		reach = pawnAttacks[us][from] & p.byColor[us^1]
		if us == white {
			reach |= (1 << from << 8) &^ occ
		} else {
			reach |= (1 << from >> 8) &^ occ
		}
	}
	if reach&(1<<to) == 0 {
		return "a " + kindNames[typ] + " on " + squareName(from) + " cannot move to " + squareName(to)
	}
	return "it would leave " + playerNames[us] + "'s king in check"
}

// Dice is empty: chaturanga has no dice.
func (p *Position) Dice() []engine.DieInfo { return nil }

func (p *Position) Roll([]int) (engine.Position, []engine.Event, error) {
	return nil, nil, engine.ErrNotRollPhase
}

func (p *Position) Outcome() engine.Outcome {
	var buf [engine.MaxMoves]engine.Move
	if len(p.generate(buf[:0])) == 0 {
		reason := "stalemate"
		if p.inCheck() {
			reason = "checkmate"
		}
		return engine.Decided(2, reason, int(p.side)^1)
	}
	if p.halfmove >= drawPlies {
		return engine.Decided(2, "move_limit")
	}
	return engine.Outcome{}
}

// Perft counts the pure move tree as Fairy-Stockfish does, ignoring the 70-move rule.
func (p *Position) Perft(depth int, _ [][]int) uint64 { return p.perft(depth) }

func (p *Position) Setup() *engine.Setup {
	s := &engine.Setup{Variant: Name, Options: engine.Options{}, ToMove: playerNames[p.side], Phase: p.Phase(),
		Counters: []engine.Counter{{Name: "halfmove_clock", Value: int64(p.halfmove)}, {Name: "fullmove_number", Value: int64(p.fullmove)}}}
	for _, n := range playerNames {
		s.Players = append(s.Players, engine.PlayerSetup{Name: n})
	}
	for sq := 0; sq < 64; sq++ {
		if typ, color, ok := p.pieceAt(sq); ok {
			s.Pieces = append(s.Pieces, engine.PieceSetup{Square: squareName(sq), Kind: kindNames[typ], Player: playerNames[color]})
		}
	}
	return s
}

func (v *variant) FromSetup(s *engine.Setup) (engine.Position, error) {
	if _, err := engine.ResolveOptions(v.desc.Options, s.Options); err != nil {
		return nil, err
	}
	var p Position
	for i := range p.board {
		p.board[i] = empty
	}
	for i, pc := range s.Pieces {
		field := "pieces[" + strconv.Itoa(i) + "]"
		f, r, err := engine.ParseSquareName(pc.Square, 8, 8)
		if err != nil {
			return nil, engine.Positionf(field+".square", "%v", err)
		}
		typ := slices.Index(kindNames[:], pc.Kind)
		if typ < 0 {
			return nil, engine.Positionf(field+".kind", "unknown piece kind %q, want one of %s", pc.Kind, strings.Join(kindNames[:], ", "))
		}
		color := slices.Index(playerNames[:], pc.Player)
		if color < 0 {
			return nil, engine.Positionf(field+".player", "unknown player %q, want white or black", pc.Player)
		}
		if p.board[r*8+f] != empty {
			return nil, engine.Positionf(field+".square", "%s holds two pieces", pc.Square)
		}
		p.put(r*8+f, typ, color)
	}
	side := slices.Index(playerNames[:], s.ToMove)
	if side < 0 {
		return nil, engine.Positionf("to_move", "want white or black, got %q", s.ToMove)
	}
	p.side = uint8(side)
	p.fullmove = 1
	for _, c := range s.Counters {
		switch {
		case c.Name == "halfmove_clock" && c.Value >= 0 && c.Value <= 0xFFFF:
			p.halfmove = uint16(c.Value)
		case c.Name == "fullmove_number" && c.Value >= 1 && c.Value <= 0xFFFFFFFF:
			p.fullmove = uint32(c.Value)
		case c.Name == "halfmove_clock" || c.Name == "fullmove_number":
			return nil, engine.Positionf("counters."+c.Name, "value %d is out of range", c.Value)
		default:
			return nil, engine.Positionf("counters."+c.Name, "unknown counter, want halfmove_clock or fullmove_number")
		}
	}
	if err := p.validate(); err != nil {
		return nil, err
	}
	return &p, nil
}
