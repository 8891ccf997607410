package coasterchaturanga

import (
	"sync"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/coaster"
)

// The table: a 6x6 grid of squares a1..f6 indexed rank*6+file, four places (coaster.TopLeft ..
// coaster.BottomLeft, clockwise) each holding one coaster. Squares belong to the table: when the
// board turns, pieces get new square names.
const squares = 36

// Colours of the coasters and pieces.
const (
	yellow = iota
	red
	blue
	green
	colours
)

var colourNames = [colours]string{"yellow", "red", "blue", "green"}
var colourLetters = [colours]byte{'y', 'r', 'b', 'g'}

// Seats in turn order: play passes counter-clockwise from the bottom-left seat. A seat sits at a
// fixed place; seat s sits at place 3-s.
const seats = 4

var seatNames = [seats]string{"bl", "br", "tr", "tl"}

func placeOf(seat int) int { return 3 - seat }

// partner is the seat diagonally opposite.
func partner(seat int) int { return seat ^ 2 }

// Piece kinds; a kind's number is its pips and its steps.
const (
	pawn  = 1
	drone = 2
	queen = 3
)

var kindNames = [4]string{"", "pawn", "drone", "queen"}
var kindLetters = [4]byte{0, 'p', 'd', 'q'}

// A piece is colour*3 + kind-1: every piece is unique.
const pieces = 12

func pieceOf(colour, kind int) int { return colour*3 + kind - 1 }
func pieceColour(pc int) int       { return pc / 3 }
func pieceKind(pc int) int         { return pc%3 + 1 }
func pieceName(pc int) string {
	return string([]byte{colourLetters[pieceColour(pc)], kindLetters[pieceKind(pc)]})
}

// portals are the centre squares of the four places, in place order: b5 e5 e2 b2. (Initialised
// as values, not in init, because the variant's description, a package variable, reads them.)
var portals = func() (out [4]int) {
	for p := coaster.TopLeft; p <= coaster.BottomLeft; p++ {
		out[p] = mustSquare(coaster.PortalSquare(p))
	}
	return out
}()

// placeOfSquare is the place whose 3x3 block holds each square.
var placeOfSquare = func() (out [squares]int) {
	for sq := 0; sq < squares; sq++ {
		out[sq] = int(coaster.PlaceOf(sq%6, sq/6))
	}
	return out
}()

func mustSquare(name string) int {
	f, r, err := engine.ParseSquareName(name, 6, 6)
	if err != nil {
		panic(err)
	}
	return r*6 + f
}

func squareName(sq int) string { return engine.SquareName(sq%6, sq/6) }

func isPortal(sq int) bool {
	return sq == portals[0] || sq == portals[1] || sq == portals[2] || sq == portals[3]
}

// The coasters always keep one dot pattern: the coaster at place p is turned p+tip quarter turns
// (the start has tip 0, dots on the outer corners). AIM and SWAP keep tip; TIP adds to it. So the
// arrows of the whole board depend on tip alone, and four step graphs cover every position.
func layoutOf(tip int) coaster.Layout {
	var l coaster.Layout
	for p := range l {
		l[p] = (p + tip) & 3
	}
	return l
}

// step is one way to travel, as in coaster.Path, for pieces that may also jump between portals.
type step = coaster.Path

// moveGraph lists, for a tip, a piece's pips and a square, every way it may travel: steps along
// the arrows and jumps from a portal to any other portal, no square twice, at most pips steps, and
// a jump last only with the last pip. Via holds the squares that must be empty.
type moveGraph struct {
	paths [4][squares][]step // by pips 1..3
}

var (
	graphsOnce sync.Once
	graphs     [4]*moveGraph
)

func graphFor(tip int) *moveGraph {
	graphsOnce.Do(func() {
		for t := range graphs {
			graphs[t] = buildMoveGraph(layoutOf(t).Graph().Exits)
		}
	})
	return graphs[tip&3]
}

var stepDirs = [4]struct {
	e      coaster.Exits
	df, dr int
}{{coaster.North, 0, 1}, {coaster.East, 1, 0}, {coaster.South, 0, -1}, {coaster.West, -1, 0}}

func buildMoveGraph(ex [36]coaster.Exits) *moveGraph {
	g := &moveGraph{}
	for pips := 1; pips <= 3; pips++ {
		for from := 0; from < squares; from++ {
			var all []step
			var walk func(sq, used int, visited, via uint64)
			walk = func(sq, used int, visited, via uint64) {
				try := func(t int, jump bool) {
					if visited&(1<<t) != 0 {
						return
					}
					if !jump || used+1 == pips {
						all = append(all, step{To: uint8(t), Via: via})
					}
					if used+1 < pips {
						walk(t, used+1, visited|1<<t, via|1<<t)
					}
				}
				for _, d := range stepDirs {
					if ex[sq]&d.e == 0 {
						continue
					}
					f, r := sq%6+d.df, sq/6+d.dr
					if f >= 0 && f < 6 && r >= 0 && r < 6 {
						try(r*6+f, false)
					}
				}
				if isPortal(sq) {
					for _, t := range portals {
						if t != sq {
							try(t, true)
						}
					}
				}
			}
			walk(from, 0, 1<<from, 0)
			g.paths[pips][from] = coaster.MinimalPaths(all)
		}
	}
	return g
}

// Transformations of the table, as square maps.
var (
	// boardTurn[k][sq] is where sq goes when the whole board turns k quarter turns clockwise:
	// a quarter turn takes (file, rank) to (rank, 5-file).
	boardTurn [4][squares]int8
	// coasterTurn[k][sq] is where sq goes when its coaster turns k quarter turns in place.
	coasterTurn [4][squares]int8
	// moveCoaster[p][q][sq] is where a square of the coaster at place p goes when that coaster is
	// moved to place q and turned q-p quarter turns.
	moveCoaster [4][4][squares]int8
)

// origin is the bottom-left square of a place's block.
var origin = [4][2]int{{0, 3}, {3, 3}, {3, 0}, {0, 0}}

func init() {
	for sq := 0; sq < squares; sq++ {
		boardTurn[0][sq], coasterTurn[0][sq] = int8(sq), int8(sq)
	}
	for k := 1; k < 4; k++ {
		for sq := 0; sq < squares; sq++ {
			s := int(boardTurn[k-1][sq])
			f, r := s%6, s/6
			boardTurn[k][sq] = int8((5-f)*6 + r)
			c := int(coasterTurn[k-1][sq])
			p := placeOfSquare[c]
			lf, lr := c%6-origin[p][0], c/6-origin[p][1]
			// A quarter turn clockwise within the 3x3 block: (lf, lr) to (lr, 2-lf).
			coasterTurn[k][sq] = int8((origin[p][1]+2-lf)*6 + origin[p][0] + lr)
		}
	}
	for p := 0; p < 4; p++ {
		for q := 0; q < 4; q++ {
			k := (q - p + 4) & 3
			for sq := 0; sq < squares; sq++ {
				if placeOfSquare[sq] != p {
					continue
				}
				// Turn in place, then shift the block from p to q.
				c := int(coasterTurn[k][sq])
				f := c%6 - origin[p][0] + origin[q][0]
				r := c/6 - origin[p][1] + origin[q][1]
				moveCoaster[p][q][sq] = int8(r*6 + f)
			}
		}
	}
}

// BoardNow describes the table as it stands.
func (p *Position) BoardNow() *engine.Board { return tableBoard(p.coasterAt, int(p.tip)) }

// tableBoard describes the table with the given coasters and tip: each coaster a region of kind
// coaster named by its colour, the arrows of their turns, the portals and the dots as marks.
func tableBoard(coasterAt [4]int8, tip int) *engine.Board {
	l := layoutOf(tip)
	b := coaster.Board(l)
	b.LayoutInPosition = true
	name := func(place string) string {
		for pl := 0; pl < 4; pl++ {
			if coaster.Place(pl).String() == place {
				return colourNames[coasterAt[pl]]
			}
		}
		return place
	}
	for i := range b.Squares {
		b.Squares[i].Region = name(b.Squares[i].Region)
	}
	for i := range b.Regions {
		b.Regions[i].Name, b.Regions[i].Kind = name(b.Regions[i].Name), "coaster"
	}
	var ps []string
	for _, sq := range portals {
		ps = append(ps, squareName(sq))
	}
	b.Marks = append(b.Marks,
		engine.Mark{Name: "portal", Squares: ps, Description: "the centre of each coaster, places tl tr br bl; a piece on one with movement left may jump to another"},
		engine.Mark{Name: "dot", Squares: coaster.DotSquares(l), Shape: engine.MarkCornerDot, Description: "each coaster's alignment dot, places tl tr br bl"})
	return b
}
