package martianchess

import (
	"sync"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/coaster"
)

// Piece kinds; a kind's number is its pip count and, on the coasters, its number of steps.
const (
	pawn  = 1
	drone = 2
	queen = 3
	kinds = 4
)

var kindNames = [kinds]string{"", "pawn", "drone", "queen"}
var kindLetters = [kinds]byte{0, 'p', 'd', 'q'}

// geometry is one board the rules are played on: which squares exist, which seat owns each
// square's zone, and for every kind of piece and square the paths it may travel. The rules never
// look further than this, so the rectangular grid and the coaster graph share every rule.
type geometry struct {
	files, ranks int
	zoneOf       [64]int8
	zone         [4]uint64 // the squares of each seat's zone
	paths        [kinds][64][]coaster.Path
	board        *engine.Board

	// chains are the paths as chains, built when first needed and shared by the variants of
	// every weights.
	chainsOnce sync.Once
	chains     *chainTable
}

func (g *geometry) squares() int { return g.files * g.ranks }

// Seats in turn order.
var (
	twoSeats  = []string{"south", "north"}
	fourSeats = []string{"south_west", "north_west", "north_east", "south_east"}
)

// zoneSeat returns the seat owning the square at file f, rank r of a files x ranks board split
// into halves (2 players) or quarters (4 players).
func zoneSeat(players, files, ranks, f, r int) int {
	north := r >= ranks/2
	if players == 2 {
		if north {
			return 1
		}
		return 0
	}
	east := f >= files/2
	switch {
	case !east && !north:
		return 0
	case !east:
		return 1
	case north:
		return 2
	}
	return 3
}

func newGeometry(players, files, ranks int) *geometry {
	g := &geometry{files: files, ranks: ranks}
	for sq := 0; sq < files*ranks; sq++ {
		z := zoneSeat(players, files, ranks, sq%files, sq/files)
		g.zoneOf[sq] = int8(z)
		g.zone[z] |= 1 << sq
	}
	seats := twoSeats
	if players == 4 {
		seats = fourSeats
	}
	g.board = engine.NewBoard(files, ranks, func(int, int) bool { return true },
		func(f, r int) string { return seats[zoneSeat(players, files, ranks, f, r)] })
	for i := range g.board.Regions {
		g.board.Regions[i].Kind = "zone"
	}
	return g
}

// gridGeometry is Martian Chess's board: pawns step diagonally, drones slide one or two squares
// orthogonally, queens slide any distance; nothing jumps. Canals separate the zones.
func gridGeometry(players int) *geometry {
	files, ranks := 4, 8
	if players == 4 {
		files = 8
	}
	g := newGeometry(players, files, ranks)
	diagonal := [][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
	orthogonal := [][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}}
	for sq := 0; sq < files*ranks; sq++ {
		g.paths[pawn][sq] = g.rays(sq, diagonal, 1)
		g.paths[drone][sq] = g.rays(sq, orthogonal, 2)
		g.paths[queen][sq] = g.rays(sq, append(diagonal, orthogonal...), max(files, ranks))
	}
	g.board.Marks = append(g.board.Marks, engine.Mark{Name: "canal", Squares: canalSquares(g), Shape: engine.MarkBorder,
		Description: "these squares border a canal: a piece crossing it changes hands"})
	return g
}

// rays lists the slides from sq along dirs of at most n squares, each with the squares passed.
func (g *geometry) rays(sq int, dirs [][2]int, n int) []coaster.Path {
	var out []coaster.Path
	for _, d := range dirs {
		var via uint64
		f, r := sq%g.files, sq/g.files
		for i := 0; i < n; i++ {
			f, r = f+d[0], r+d[1]
			if f < 0 || f >= g.files || r < 0 || r >= g.ranks {
				break
			}
			t := r*g.files + f
			out = append(out, coaster.Path{To: uint8(t), Via: via})
			via |= 1 << t
		}
	}
	return out
}

// canalSquares lists the squares with a neighbour across a zone border.
func canalSquares(g *geometry) []string {
	var out []string
	for sq := 0; sq < g.squares(); sq++ {
		f, r := sq%g.files, sq/g.files
		for _, d := range [][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
			nf, nr := f+d[0], r+d[1]
			if nf >= 0 && nf < g.files && nr >= 0 && nr < g.ranks && g.zoneOf[nr*g.files+nf] != g.zoneOf[sq] {
				out = append(out, engine.SquareName(f, r))
				break
			}
		}
	}
	return out
}

// coasterGeometry is Coaster Chess's board: four coasters in the start layout, moves along the
// arrows of the layout's step graph, zones by coaster (4 players) or by halves (2 players).
func coasterGeometry(players int, layout coaster.Layout) *geometry {
	g := newGeometry(players, 6, 6)
	graph := layout.Graph()
	for sq := 0; sq < 36; sq++ {
		for k := pawn; k <= queen; k++ {
			g.paths[k][sq] = graph.Paths(sq, k)
		}
	}
	b := coaster.Board(layout)
	g.board.Connections = b.Connections
	g.board.LayoutInPosition = false
	var portals []string
	for p := coaster.TopLeft; p <= coaster.BottomLeft; p++ {
		g.board.Regions = append(g.board.Regions, engine.Region{Name: p.String(), Kind: "coaster", Squares: regionSquares(b, p.String())})
		portals = append(portals, coaster.PortalSquare(p))
	}
	g.board.Marks = append(g.board.Marks,
		engine.Mark{Name: "portal", Squares: portals, Description: "the centre of a coaster; it has no special power in Coaster Chess"},
		engine.Mark{Name: "dot", Squares: coaster.DotSquares(layout), Shape: engine.MarkCornerDot, Description: "each coaster's alignment dot"})
	return g
}

func regionSquares(b *engine.Board, name string) []string {
	for _, r := range b.Regions {
		if r.Name == name {
			return r.Squares
		}
	}
	return nil
}

// Geometries, one per game and number of players, built once.
var (
	martian2 = gridGeometry(2)
	martian4 = gridGeometry(4)
	coaster2 = coasterGeometry(2, coaster.StartLayout)
	coaster4 = coasterGeometry(4, coaster.StartLayout)
)
