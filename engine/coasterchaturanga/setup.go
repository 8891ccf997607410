package coasterchaturanga

import (
	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/coaster"
)

// Setup is the structured form: the layout (which coaster lies at each place, and its quarter
// turns), the pieces by square with their colour (Player is the seat whose colour it is now), each
// seat's held pieces and score, the die, and the turns played.
func (p *Position) Setup() *engine.Setup {
	s := &engine.Setup{Variant: Name, Options: engine.Options{}, ToMove: seatNames[p.seat], Phase: p.Phase()}
	for pl := 0; pl < 4; pl++ {
		s.Layout = append(s.Layout, engine.LayoutSetup{Position: coaster.Place(pl).String(), Board: colourNames[p.coasterAt[pl]],
			QuarterTurns: (pl + int(p.tip)) & 3})
	}
	seatOf := [colours]int{}
	for st := 0; st < seats; st++ {
		seatOf[p.colourOf(st)] = st
	}
	for sq := 0; sq < squares; sq++ {
		if pc := p.pieceOn(sq); pc >= 0 {
			s.Pieces = append(s.Pieces, engine.PieceSetup{Square: squareName(sq), Kind: kindNames[pieceKind(pc)],
				Color: colourNames[pieceColour(pc)], Player: seatNames[seatOf[pieceColour(pc)]]})
		}
	}
	var st [seats]standing
	p.standings(&st)
	for seat := 0; seat < seats; seat++ {
		ps := engine.PlayerSetup{Name: seatNames[seat], Score: p.standingOf(seat).score(),
			ScoreParts: []engine.ScorePart{{Source: "held_other_colours", Points: p.standingOf(seat).plus},
				{Source: "held_own_colour", Points: -p.standingOf(seat).minus}}}
		for pc := 0; pc < pieces; pc++ {
			if int(p.loc[pc]) == heldBy+seat {
				ps.Held = append(ps.Held, pieceNames[pc])
			}
		}
		s.Players = append(s.Players, ps)
	}
	if p.face != faceNone {
		s.Dice = []engine.DieSetup{{Kind: "treehouse", Value: int(p.face), Means: faceNames[p.face], Used: p.dieDone}}
	}
	s.Counters = []engine.Counter{{Name: "turns", Value: int64(p.turns)}}
	return s
}

func (v *variant) FromSetup(s *engine.Setup) (engine.Position, error) {
	return nil, engine.Positionf("pieces", "structured positions of %s are not read yet: send the text", Name)
}
