package ramayana

import (
	"slices"
	"strconv"

	"github.com/ashtapada/ashtapada/engine"
)

type variant struct{ desc *engine.Description }

// Variant is the Ramayana Chess variant. It is not registered yet (see the package comment).
var Variant engine.Variant = &variant{desc: describe()}

func describe() *engine.Description {
	return &engine.Description{
		Name:       Name,
		Title:      "Ramayana Chess",
		Summary:    "Two players and two neutral Rakshasas on India and its islands (reconstructed board); checkmate, stalemate or bare the enemy Rajah.",
		MinPlayers: 2, MaxPlayers: 2,
		Players: []engine.PlayerInfo{
			{Name: "yellow", Seat: "south", Color: "yellow"},
			{Name: "red", Seat: "north", Color: "red"},
		},
		Board: Board(),
		Pieces: []engine.PieceInfo{
			{Kind: "rajah", Letter: "R", Title: "Rajah", Royal: true, Movement: "K: one step in any direction"},
			{Kind: "maharajah", Letter: "+R", Title: "Maharajah", Royal: true, Movement: "K + A: a Rajah on the enemy Rajah's start square"},
			{Kind: "brahmin", Letter: "B", Title: "Brahmin", Movement: "F + A + D leaps"},
			{Kind: "swami", Letter: "W", Title: "Swami", Movement: "D + A + N leaps"},
			{Kind: "devapala", Letter: "D", Title: "Devapala", Movement: "N + F + (1,3) leaps"},
			{Kind: "yavana", Letter: "Y", Title: "Yavana", Movement: "(1,3) leap + W"},
			{Kind: "muni", Letter: "M", Title: "Muni", Movement: "W + D leaps"},
			{Kind: "singh", Letter: "I", Title: "Singh", Movement: "F + N leaps"},
			{Kind: "shikari", Letter: "H", Title: "Shikari", Movement: "N + A leaps"},
			{Kind: "untouchable", Letter: "U", Title: "Untouchable", Movement: "pawn without double step; on its last row it is dropped on a safe island square, or becomes a Buddha"},
			{Kind: "dropped_untouchable", Letter: "=U", Title: "Dropped Untouchable", Immobile: true, Movement: "never moves; captures as a ferz"},
			{Kind: "buddha", Letter: "+U", Title: "Buddha", Movement: "any (0,n) leap"},
			{Kind: "rakshasa", Letter: "K", Title: "Rakshasa", Neutral: true, Movement: "any (n,n) leap, moved by a player with an adjacent piece, which pays unless royal"},
		},
		ActionsPerTurn:   1,
		PositionNotation: "ranks 16 to 1 over files a-j, digits counting empty or ocean cells; R +R B W D Y M I H U =U +U (upper case yellow), K Rakshasa; side (y/r); plies without capture or Untouchable move; move number",
		ActionNotation:   "d3d4; d15d16@b12 (drop); d15d16=buddha; b9e12^a8 (Rakshasa move paid by a8)",
		Actions: []engine.ActionInfo{
			{Name: "move", Kind: engine.ActionMove, Notation: "d3d4", Description: "a piece leaps, capturing what stands on its target; a Rajah reaching the enemy Rajah's start square becomes a Maharajah"},
			{Name: "drop", Kind: engine.ActionVariant, Notation: "d15d16@b12", Description: "an Untouchable reaching its last row is dropped on an empty island square no enemy piece attacks"},
			{Name: "buddha", Kind: engine.ActionVariant, Notation: "d15d16=buddha", Description: "with no drop square, the Untouchable becomes a Buddha"},
			{Name: "rakshasa", Kind: engine.ActionVariant, Notation: "b9e12^a8", Description: "a Rakshasa leaps, paid by the mover's adjacent piece, removed unless royal"},
		},
		Events: []engine.EventInfo{
			{Name: "capture", Kind: engine.EventCapture, Description: "a piece is captured (also a Rakshasa, and a paying piece)"},
			{Name: "promotion", Kind: engine.EventPromotion, Description: "a Rajah becomes a Maharajah, an Untouchable is dropped or becomes a Buddha"},
			{Name: "respawn", Kind: engine.EventVariant, Description: "a captured Rakshasa returns to a start square"},
			{Name: "game_over", Kind: engine.EventGameOver, Description: "checkmate, stalemate (the stalemated side loses), bare Rajah or 100 plies"},
		},
		Repetition: 3,
	}
}

func (v *variant) Describe() *engine.Description { return v.desc }

func (v *variant) Start(opts engine.Options) (engine.Position, error) {
	if _, err := engine.ResolveOptions(v.desc.Options, opts); err != nil {
		return nil, err
	}
	p, err := Parse(StartText)
	return &p, err
}

func (v *variant) Parse(text string) (engine.Position, error) {
	p, err := Parse(text)
	if err != nil {
		return nil, err
	}
	return &p, nil
}

func (v *variant) FromSetup(s *engine.Setup) (engine.Position, error) {
	if _, err := engine.ResolveOptions(v.desc.Options, s.Options); err != nil {
		return nil, err
	}
	p := Position{move: 1}
	for i, pc := range s.Pieces {
		field := "pieces[" + strconv.Itoa(i) + "]"
		sq, ok := parseSquare(pc.Square)
		if !ok {
			return nil, engine.Positionf(field+".square", "%q is not a square of the board", pc.Square)
		}
		k := slices.Index(kindNames[:], pc.Kind)
		if k <= 0 {
			return nil, engine.Positionf(field+".kind", "unknown piece kind %q", pc.Kind)
		}
		owner := slices.Index(playerNames[:], pc.Player)
		if k == rakshasa {
			if pc.Player != "" {
				return nil, engine.Positionf(field+".player", "a Rakshasa belongs to no player")
			}
			owner = neutral
		} else if owner < 0 {
			return nil, engine.Positionf(field+".player", "unknown player %q, want yellow or red", pc.Player)
		}
		if p.board[sq] != 0 {
			return nil, engine.Positionf(field+".square", "%s holds two pieces", pc.Square)
		}
		p.board[sq] = pieceCell(k, owner)
	}
	side := slices.Index(playerNames[:], s.ToMove)
	if side < 0 {
		return nil, engine.Positionf("to_move", "want yellow or red, got %q", s.ToMove)
	}
	p.side = uint8(side)
	for _, c := range s.Counters {
		var lo, hi int64
		switch c.Name {
		case "quiet_plies":
			lo, hi = 0, 100
			p.quiet = uint32(c.Value)
		case "move_number":
			lo, hi = 1, engine.MaxCounter
			p.move = uint32(c.Value)
		default:
			return nil, engine.Positionf("counters."+c.Name, "unknown counter, want quiet_plies or move_number")
		}
		if c.Value < lo || c.Value > hi {
			return nil, engine.Positionf("counters."+c.Name, "want a value from %d to %d, got %d", lo, hi, c.Value)
		}
	}
	if err := p.validate(); err != nil {
		return nil, err
	}
	return &p, nil
}

func (p *Position) Variant() engine.Variant { return Variant }

func (p *Position) Setup() *engine.Setup {
	s := &engine.Setup{Variant: Name, Options: engine.Options{}, ToMove: playerNames[p.side], Phase: p.Phase(),
		Counters: []engine.Counter{{Name: "quiet_plies", Value: int64(p.quiet)}, {Name: "move_number", Value: int64(p.move)}}}
	for _, n := range playerNames {
		s.Players = append(s.Players, engine.PlayerSetup{Name: n})
	}
	for _, sq := range existing {
		if c := p.board[sq]; c != 0 {
			ps := engine.PieceSetup{Square: squareName(int(sq)), Kind: kindNames[cellKind(c)]}
			if cellOwner(c) < 2 {
				ps.Player = playerNames[cellOwner(c)]
			}
			s.Pieces = append(s.Pieces, ps)
		}
	}
	return s
}

// hasLegal reports whether the side to move has a legal action. It allocates nothing.
func (p *Position) hasLegal() bool {
	var buf [engine.MaxMoves]engine.Move
	var next Position
	side := int(p.side)
	for _, m := range p.pseudo(buf[:0]) {
		p.apply(m, &next)
		if !next.inCheck(side) {
			return true
		}
	}
	return false
}

func (p *Position) Phase() engine.Phase {
	if p.over() || !p.hasLegal() {
		return engine.PhaseFinished
	}
	return engine.PhaseAction
}

func (p *Position) ToMove() int { return int(p.side) }

func (p *Position) Dice() []engine.DieInfo { return nil }

func (p *Position) Roll([]int) (engine.Position, []engine.Event, error) {
	return nil, nil, engine.ErrNotRollPhase
}

func (p *Position) RollMove([]int) (engine.Move, error) { return 0, engine.ErrNotRollPhase }

func (p *Position) Probability(engine.Move) float64 { return 1 }

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

// Play applies a legal action and reports its events.
func (p *Position) Play(m engine.Move) (engine.Position, []engine.Event) {
	next := new(Position)
	p.apply(m, next)
	me := playerNames[p.side]
	var ev []engine.Event
	from, to := moveFrom(m), moveTo(m)
	if c := p.board[to]; c != 0 {
		ev = append(ev, engine.NewEvent(engine.EventCapture, me, squareName(to), kindNames[cellKind(c)], ""))
	}
	if moveAct(m) == actRakshasa && next.board[moveExtra(m)] == 0 {
		ev = append(ev, engine.NewEvent(engine.EventCapture, me, squareName(moveExtra(m)), kindNames[cellKind(p.board[moveExtra(m)])], "pays for the Rakshasa move"))
	}
	if a := p.Action(m); a.Promotion != "" {
		sq := to
		if moveAct(m) == actDrop {
			sq = moveExtra(m)
		}
		ev = append(ev, engine.NewEvent(engine.EventPromotion, me, squareName(sq), a.Promotion, ""))
	}
	for _, h := range rakshasaHome {
		if next.board[h] != 0 && cellKind(next.board[h]) == rakshasa && (p.board[h] == 0 || h == from) {
			e := engine.NewEvent(engine.EventVariant, "", squareName(h), kindNames[rakshasa], "")
			e.Name = "respawn"
			if !(moveAct(m) == actRakshasa && h == to) {
				ev = append(ev, e)
			}
		}
	}
	if o := next.Outcome(); o.Finished {
		ev = append(ev, engine.NewEvent(engine.EventGameOver, "", "", "", o.Reason))
	}
	return next, ev
}

func (p *Position) NewNode() engine.Node { return new(Position) }

func (p *Position) PlayInto(m engine.Move, dst engine.Node) { p.apply(m, dst.(*Position)) }

// Zobrist keys: pieces by cell and square, red to move, and the quiet-ply count (it decides the
// 100-ply draw); the move number decides nothing and is left out.
var (
	zobristPiece [3 << 4][squares]uint64
	zobristRed   uint64
	zobristQuiet uint64
)

func init() {
	keys := engine.KeySource(0x72616d6179616e61) // "ramayana"
	for c := range zobristPiece {
		for sq := range zobristPiece[c] {
			zobristPiece[c][sq] = keys.Next()
		}
	}
	zobristRed, zobristQuiet = keys.Next(), keys.Next()
}

// Key hashes the board, the side to move and the quiet-ply count.
func (p *Position) Key() uint64 {
	k := engine.Mix64(zobristQuiet ^ uint64(p.quiet))
	if p.side == red {
		k ^= zobristRed
	}
	for _, sq := range existing {
		if c := p.board[sq]; c != 0 {
			k ^= zobristPiece[c][sq]
		}
	}
	return k
}
