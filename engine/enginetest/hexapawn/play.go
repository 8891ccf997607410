package hexapawn

import "github.com/ashtapada/ashtapada/engine"

var _ engine.Position = (*Position)(nil)

// play writes into child the position after the legal move m.
func (p *Position) play(m engine.Move, child *Position) {
	*child = *p
	from, to := moveFrom(m), moveTo(m)
	us := p.side
	if c := p.board[to]; c != empty {
		child.key ^= zobristPawn[c][to]
	}
	child.board[from] = empty
	child.key ^= zobristPawn[us][from]
	child.put(to, us)
	child.side ^= 1
	child.key ^= zobristBlack[0]
}

// NewNode returns storage for PlayInto.
func (p *Position) NewNode() engine.Position { return new(Position) }

// PlayInto writes the position after m into dst, which must be a *Position.
func (p *Position) PlayInto(m engine.Move, dst engine.Position) { p.play(m, dst.(*Position)) }

func (p *Position) Play(m engine.Move) (engine.Position, []engine.Event) {
	child := new(Position)
	p.play(m, child)
	var events []engine.Event
	mover := playerNames[p.side]
	if c := p.board[moveTo(m)]; c != empty {
		events = append(events, engine.NewEvent(engine.EventCapture, mover, squareName(moveTo(m)), "pawn",
			mover+" captures "+playerNames[c]+"'s pawn"))
	}
	if o := child.Outcome(); o.Finished {
		events = append(events, engine.NewEvent(engine.EventGameOver, "", "", "", o.Reason))
	}
	return child, events
}
