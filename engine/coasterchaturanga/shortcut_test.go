package coasterchaturanga

import (
	"testing"

	"github.com/ashtapada/ashtapada/engine"
)

// The fast paths of move generation and scoring must agree with the plain code they stand for.

// TestSeatStandings checks the one-pass standings against plainStanding, seat by seat, over a mix
// of positions of random games.
func TestSeatStandings(t *testing.T) {
	for i, p := range benchPositions() {
		var all [seats]standing
		p.seatStandings(&all)
		for s := range seats {
			if want := plainStanding(&p, s); all[s] != want {
				t.Fatalf("position %d %s, seat %d: %+v, want %+v", i, p.String(), s, all[s], want)
			}
		}
	}
}

// TestHasChoice checks the early-stopping tests of actionsLeft against the generators they stand
// for, in a mix of positions of random games.
func TestHasChoice(t *testing.T) {
	var buf [engine.MaxMoves]engine.Move
	for i, p := range benchPositions() {
		if p.face == faceNone || p.over {
			continue
		}
		seat := int(p.seat)
		checks := []struct {
			name      string
			has, want bool
		}{
			{"choices", p.hasChoice(), len(p.choices(buf[:0])) > 0},
			{"moves", p.hasMove(seat), len(p.moves(buf[:0], seat)) > 0},
			{"hops", p.hasHop(seat), len(p.hops(buf[:0], seat)) > 0},
			{"digs", p.hasDig(seat), len(p.digs(buf[:0], seat)) > 0},
		}
		for _, c := range checks {
			if c.has != c.want {
				t.Fatalf("position %d %s: has %s %v, generator says %v", i, p.String(), c.name, c.has, c.want)
			}
		}
	}
}

// seatStanding is one seat's standing by seatStandings.
func seatStanding(p *Position, seat int) standing {
	var all [seats]standing
	p.seatStandings(&all)
	return all[seat]
}

// plainStanding is a seat's standing the plain way, a pass over the pieces per seat: what
// seatStandings must agree with.
func plainStanding(p *Position, seat int) standing {
	own := p.colourOf(seat)
	st := standing{order: (seat - p.rules.first + seats) % seats}
	for pc := 0; pc < pieces; pc++ {
		l, k := int(p.loc[pc]), pieceKind(pc)
		switch {
		case l == heldBy+seat && pieceColour(pc) == own:
			st.minus += k
		case l == heldBy+seat:
			st.plus += k
		case l < squares && pieceColour(pc) == own:
			st.pips += k
			st.count++
			st.largest = max(st.largest, k)
		}
	}
	return st
}
