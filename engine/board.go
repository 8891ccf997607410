package engine

import (
	"fmt"
	"strconv"
)

// Board is the geometry of a variant: the squares that exist inside a Files x Ranks grid (holes
// and ocean cells are simply absent), the sub-boards they belong to, and, for boards whose steps
// follow arrows, the directed connections between squares.
type Board struct {
	Files, Ranks int
	Squares      []Square
	Regions      []Region
	// Connections lists directed steps along arrows; empty for boards where pieces move by
	// geometry alone. A step with To == "" is an exit that leads off the board.
	Connections []Connection
	// LayoutInPosition is true when sub-boards can move during play, so the connections of a
	// particular position follow from its layout.
	LayoutInPosition bool
	// Marks names squares that rules single out: start squares of neutral pieces, promotion
	// squares, portals.
	Marks []Mark

	index map[string]int
}

// Square is one square that exists. File and Rank count from 0 at the bottom left.
type Square struct {
	Name       string
	File, Rank int
	Region     string
}

// Region is a named sub-board: an island, a zone, a coaster.
type Region struct {
	Name    string
	Kind    string
	Squares []string
}

// RegionOcean is the kind of a region whose cells are not squares: pieces may leap over them
// but never stop on them. Its Squares name grid cells absent from Board.Squares.
const RegionOcean = "ocean"

// Mark is a set of squares a rule names, for one player or (Player empty) for all.
type Mark struct {
	Name        string // snake_case: rakshasa_start, maharajah_square, ...
	Player      string
	Squares     []string
	Description string
	Shape       MarkShape
}

// MarkShape says how a board draws a mark, which its squares alone do not: a canal's squares and
// coasters' alignment dots may lie side by side across a border alike.
type MarkShape string

const (
	// MarkOnSquares is a sign on each of the mark's squares (the default).
	MarkOnSquares MarkShape = ""
	// MarkBorder is a line along the borders between the mark's squares and another region's.
	MarkBorder MarkShape = "border"
	// MarkCornerDot is a dot in the corner of each square that is a corner of its region (a
	// coaster's alignment dot).
	MarkCornerDot MarkShape = "corner_dot"
)

// Connection is a directed step between squares.
type Connection struct {
	From, To  string
	Direction string
}

// NewBoard returns a board of the given size whose squares are those cells for which exists
// reports true; region names each square's sub-board (it may be nil).
func NewBoard(files, ranks int, exists func(file, rank int) bool, region func(file, rank int) string) *Board {
	b := &Board{Files: files, Ranks: ranks, index: map[string]int{}}
	regions := map[string]int{}
	for r := 0; r < ranks; r++ {
		for f := 0; f < files; f++ {
			if !exists(f, r) {
				continue
			}
			sq := Square{Name: SquareName(f, r), File: f, Rank: r}
			if region != nil {
				sq.Region = region(f, r)
			}
			b.index[sq.Name] = len(b.Squares)
			b.Squares = append(b.Squares, sq)
			if sq.Region != "" {
				i, ok := regions[sq.Region]
				if !ok {
					i = len(b.Regions)
					regions[sq.Region] = i
					b.Regions = append(b.Regions, Region{Name: sq.Region})
				}
				b.Regions[i].Squares = append(b.Regions[i].Squares, sq.Name)
			}
		}
	}
	return b
}

// NewRectBoard returns a full rectangular board.
func NewRectBoard(files, ranks int) *Board {
	return NewBoard(files, ranks, func(int, int) bool { return true }, nil)
}

// Has reports whether a square of that name exists.
func (b *Board) Has(name string) bool {
	_, ok := b.index[name]
	return ok
}

// Lookup returns the square of that name.
func (b *Board) Lookup(name string) (Square, bool) {
	i, ok := b.index[name]
	if !ok {
		return Square{}, false
	}
	return b.Squares[i], true
}

// squareNames caches the names of every square of the largest grid a variant uses.
var squareNames = func() (t [26][26]string) {
	for f := range t {
		for r := range t[f] {
			t[f][r] = string(rune('a'+f)) + strconv.Itoa(r+1)
		}
	}
	return t
}()

// SquareName names the square at a zero-based file and rank: file letters a..z, rank from 1.
func SquareName(file, rank int) string {
	if file >= 0 && file < 26 && rank >= 0 && rank < 26 {
		return squareNames[file][rank]
	}
	return string(rune('a'+file)) + strconv.Itoa(rank+1)
}

// ParseSquareName reads a square name into zero-based file and rank, checking it lies on a
// files x ranks grid. It never allocates.
func ParseSquareName(s string, files, ranks int) (file, rank int, err error) {
	if len(s) < 2 || len(s) > 3 {
		return 0, 0, fmt.Errorf("%q is not a square name", Text(s))
	}
	file = int(s[0]) - 'a'
	if file < 0 || file >= files {
		return 0, 0, fmt.Errorf("%q: file %q is not on the board", Text(s), s[0])
	}
	rank = 0
	for i := 1; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' || (i == 1 && c == '0') {
			return 0, 0, fmt.Errorf("%q is not a square name", Text(s))
		}
		rank = rank*10 + int(c-'0')
	}
	if rank < 1 || rank > ranks {
		return 0, 0, fmt.Errorf("%q: rank %d is not on the board", Text(s), rank)
	}
	return file, rank - 1, nil
}
