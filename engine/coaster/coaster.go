// Package coaster holds the geometry of four Martian Coasters laid in a 2x2 square, shared by
// Coaster Chess and Martian Coaster Chaturanga: the arrows of one coaster, how turning and
// placing coasters changes them, and the 6x6 board they make.
package coaster

import "github.com/ashtapada/ashtapada/engine"

// Exits is a set of arrow directions leaving a space.
type Exits uint8

const (
	North Exits = 1 << iota
	East
	South
	West
)

// String lists the exits in NESW order, as the rules write them.
func (e Exits) String() string {
	s := ""
	for i, c := range "NESW" {
		if e&(1<<i) != 0 {
			s += string(c)
		}
	}
	return s
}

// turn rotates the exits a quarter turn clockwise: N to E, E to S, S to W, W to N.
func (e Exits) turn() Exits { return (e<<1 | e>>3) & 0xF }

// pattern is one coaster with its dot at the top-left, row 0 at the top (the dot row).
var pattern = [3][3]Exits{
	{North | East | South, East | South | West, North | East | West},
	{North | East | West, North | East | South, North | East | South},
	{East | South | West, North | East | South | West, North | East | West},
}

// Portal is the centre space of a coaster, (row 1, column 1).
const Portal = 4

// Coaster returns the exits of one coaster turned q quarter turns clockwise, indexed row*3+col
// with row 0 at the top.
func Coaster(q int) [9]Exits {
	var g [3][3]Exits = pattern
	for ; q%4 != 0; q-- {
		var n [3][3]Exits
		for r := 0; r < 3; r++ {
			for c := 0; c < 3; c++ {
				n[c][2-r] = g[r][c].turn()
			}
		}
		g = n
	}
	var out [9]Exits
	for r := 0; r < 3; r++ {
		for c := 0; c < 3; c++ {
			out[r*3+c] = g[r][c]
		}
	}
	return out
}

// Place is one of the four positions a coaster can lie at.
type Place int

const (
	TopLeft Place = iota
	TopRight
	BottomRight
	BottomLeft
)

var placeNames = [...]string{"top_left", "top_right", "bottom_right", "bottom_left"}

func (p Place) String() string { return placeNames[p] }

// origin returns the zero-based file and the top rank of a place's 3x3 block.
func (p Place) origin() (file, topRank int) {
	switch p {
	case TopLeft:
		return 0, 5
	case TopRight:
		return 3, 5
	case BottomRight:
		return 3, 2
	default:
		return 0, 2
	}
}

// Layout says, for each place, how many quarter turns clockwise the coaster there is turned.
type Layout [4]int

// StartLayout has every dot on an outer corner: a6, f6, f1, a1.
var StartLayout = Layout{TopLeft: 0, TopRight: 1, BottomRight: 2, BottomLeft: 3}

// Exits returns the exits of every space of the 6x6 board, indexed rank*6+file.
func (l Layout) Exits() [36]Exits {
	var out [36]Exits
	for p := TopLeft; p <= BottomLeft; p++ {
		f0, top := p.origin()
		c := Coaster(l[p])
		for i, e := range c {
			row, col := i/3, i%3
			out[(top-row)*6+f0+col] = e
		}
	}
	return out
}

// PlaceOf returns the place whose block holds the square at a zero-based file and rank.
func PlaceOf(file, rank int) Place {
	switch {
	case rank >= 3 && file < 3:
		return TopLeft
	case rank >= 3:
		return TopRight
	case file >= 3:
		return BottomRight
	}
	return BottomLeft
}

// Board returns the 6x6 board with the connections of layout l. Regions are the four places.
func Board(l Layout) *engine.Board {
	b := engine.NewBoard(6, 6, func(int, int) bool { return true },
		func(f, r int) string { return PlaceOf(f, r).String() })
	b.LayoutInPosition = true
	ex := l.Exits()
	steps := []struct {
		e      Exits
		df, dr int
		name   string
	}{{North, 0, 1, "n"}, {East, 1, 0, "e"}, {South, 0, -1, "s"}, {West, -1, 0, "w"}}
	for sq := 0; sq < 36; sq++ {
		f, r := sq%6, sq/6
		for _, s := range steps {
			if ex[sq]&s.e == 0 {
				continue
			}
			c := engine.Connection{From: engine.SquareName(f, r), Direction: s.name}
			if nf, nr := f+s.df, r+s.dr; nf >= 0 && nf < 6 && nr >= 0 && nr < 6 {
				c.To = engine.SquareName(nf, nr)
			}
			b.Connections = append(b.Connections, c)
		}
	}
	return b
}

// square names the space at (row, col) of the coaster at place p, row 0 at the top.
func (p Place) square(row, col int) string {
	f0, top := p.origin()
	return engine.SquareName(f0+col, top-row)
}

// PortalSquare names the portal of the coaster lying at place p.
func PortalSquare(p Place) string { return p.square(1, 1) }

// DotSquares names the square of each place's alignment dot, in place order: the dot sits at the
// top-left of an unturned coaster, and each quarter turn clockwise carries (row, col) to
// (col, 2-row).
func DotSquares(l Layout) []string {
	out := make([]string, 0, 4)
	for p := TopLeft; p <= BottomLeft; p++ {
		row, col := 0, 0
		for q := 0; q < l[p]&3; q++ {
			row, col = col, 2-row
		}
		out = append(out, p.square(row, col))
	}
	return out
}
