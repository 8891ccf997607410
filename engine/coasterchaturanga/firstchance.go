package coasterchaturanga

import "math"

// The chance of finishing first. Four-player games end when a seat begins its turn with no
// piece of its colour on the board, and AIM and SWAP reshuffle the colours, so the score now
// says little about who is first at the end. FirstChances is a logistic model over features that
// follow that: who is first now, and under how many of the ways the colours could yet be given
// out; how near the end is (colours gone from the board); whose turn is next. cmd/firstchance
// fits its weights to games of the search against greedy players, so it also prices in how the
// search goes on to play; the search (MCTS with greedy opponents) values its cut-off playouts by
// it.

// FirstFeatures is the number of features of FirstChances.
const FirstFeatures = 16

// colouringsAll are the 24 ways to give the four seats the four colours.
var colouringsAll = func() (all [24][seats]int8) {
	n := 0
	for a := range int8(4) {
		for b := range int8(4) {
			for c := range int8(4) {
				d := 6 - a - b - c
				if a != b && a != c && b != c && d != a && d != b && d != c {
					all[n] = [seats]int8{a, b, c, d}
					n++
				}
			}
		}
	}
	return all
}()

// FirstChances writes each seat's chance of finishing first, by the model, into c (one per
// seat). It is meant for the four-player game without partners.
func (p *Position) FirstChances(c []float64) {
	var b firstBoard
	p.firstBoard(&b)
	var f [FirstFeatures]float64
	for seat := range seats {
		b.features(seat, f[:])
		x := 0.0
		for i, w := range FirstWeights {
			x += w * f[i]
		}
		c[seat] = 1 / (1 + math.Exp(-x))
	}
}

// FirstFeatures writes the features of FirstChances for seat into f (FirstFeatures long):
//
//	0      1 (the intercept)
//	1      the seat's lead in score over the best other seat, in queens (6 points)
//	2      1 if the seat ranks first now
//	3, 4   the share of the 24 colourings, and of the 4 rotations of the present one, under which
//	       the seat's score beats every other seat's
//	5      the pips the seat holds, in queens
//	6      the seat's own-colour pieces on the board, in thirds
//	7      the colours with no piece on the board
//	8, 9   features 2 and 3 where some colour has no piece on the board (the end is near)
//	10-12  1 in the one that is the seat's distance in turn order after the seat to move
//	13     1 if the seat's colour has no piece on the board
//	14     the pips all seats hold, in quarters of the set
//	15     feature 1 where some colour has no piece on the board
func (p *Position) FirstFeatures(seat int, f []float64) {
	var b firstBoard
	p.firstBoard(&b)
	b.features(seat, f)
}

// firstBoard is what the features of every seat are made from.
type firstBoard struct {
	st      [seats]standing
	scoreAs [seats][4]int // each seat's score were its colour each colour
	now     [seats]int8   // each seat's colour
	dead    int           // colours with no piece on the board
	allHeld int           // pips held by all seats
	toMove  int
	// colourings and rotations count, for each seat, the colourings of colouringsAll and the
	// rotations of now under which its score beats every other seat's.
	colourings, rotations [seats]int
}

func (p *Position) firstBoard(b *firstBoard) {
	var held [seats][4]int // pips of each colour each seat holds
	var onBoard [4]int
	for pc := range pieces {
		switch l := int(p.loc[pc]); {
		case l < squares:
			onBoard[pieceColour(pc)]++
		case l >= heldBy && l < heldBy+seats:
			held[l-heldBy][pieceColour(pc)] += pieceKind(pc)
		}
	}
	*b = firstBoard{toMove: int(p.seat)}
	p.seatStandings(&b.st)
	for s := range seats {
		b.now[s] = int8(p.colourOf(s))
		total := held[s][0] + held[s][1] + held[s][2] + held[s][3]
		b.allHeld += total
		for c := range 4 {
			b.scoreAs[s][c] = total - 2*held[s][c]
		}
	}
	for c := range onBoard {
		if onBoard[c] == 0 {
			b.dead++
		}
	}
	for i := range colouringsAll {
		if s := b.leader(&colouringsAll[i]); s >= 0 {
			b.colourings[s]++
		}
	}
	for r := range seats {
		var c [seats]int8
		for s := range seats {
			c[s] = b.now[(s+r)%seats]
		}
		if s := b.leader(&c); s >= 0 {
			b.rotations[s]++
		}
	}
}

// leader is the seat whose score beats every other seat's were the seats' colours these, or -1
// if the best score is shared.
func (b *firstBoard) leader(colourOf *[seats]int8) int {
	lead, best, shared := 0, b.scoreAs[0][colourOf[0]], false
	for s := 1; s < seats; s++ {
		switch v := b.scoreAs[s][colourOf[s]]; {
		case v > best:
			lead, best, shared = s, v, false
		case v == best:
			shared = true
		}
	}
	if shared {
		return -1
	}
	return lead
}

func (b *firstBoard) features(seat int, f []float64) {
	st := &b.st
	best, first := math.Inf(-1), 1.0
	for o := range seats {
		if o != seat {
			best = max(best, float64(st[o].score()))
			if better(st[o], st[seat]) {
				first = 0
			}
		}
	}
	colourings, rotations := float64(b.colourings[seat]), float64(b.rotations[seat])
	near := 0.0
	if b.dead > 0 {
		near = 1
	}
	clear(f[:FirstFeatures])
	lead := (float64(st[seat].score()) - best) / 6
	share := colourings / float64(len(colouringsAll))
	f[0] = 1
	f[1] = lead
	f[2] = first
	f[3] = share
	f[4] = rotations / seats
	f[5] = float64(st[seat].plus+st[seat].minus) / 6
	f[6] = float64(st[seat].count) / 3
	f[7] = float64(b.dead)
	f[8] = first * near
	f[9] = share * near
	if d := (seat - b.toMove + seats) % seats; d > 0 {
		f[9+d] = 1
	}
	if st[seat].count == 0 {
		f[13] = 1
	}
	f[14] = float64(b.allHeld) / 24
	f[15] = lead * near
}
