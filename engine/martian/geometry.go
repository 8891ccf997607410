package martian

import (
	"github.com/ashtapada/ashtapada/engine"
)

// geometry is what tells Martian Chaturanga from Martian Chaturaji: the board's size, the seats
// and their partnerships, which way each player's squires go, where the keeps or thrones stand
// and where each garrison is made. The rules (movement, dice, counting upward, garrison,
// promotion) are the same code for both.
type geometry struct {
	name    string
	size    int // files and ranks
	squares int
	players int
	// team is each player's partnership; in the two-player game each player is his own.
	team [maxPlayers]int
	foes [maxPlayers]uint8 // the players of the other partnership, bit per player
	// foePair names the two players whose pieces a player may take; with one opponent the second
	// is a seat nobody uses, whose squares are always empty.
	foePair [maxPlayers][2]uint8
	// teamPair names each partnership's two players; a player alone is named twice.
	teamPair [2][2]uint8
	names    [maxPlayers]string
	// teamNames name the partnerships in Martian Chaturaji: blue_green, red_yellow.
	teamNames [2]string
	// sideLetters are the players' letters in the text's side to move (l d, or b r g y).
	sideLetters string
	// keepName is the immobile piece's name, keep or throne, and letters each kind's letter in
	// lower case.
	keepName string
	letters  [kinds]byte
	// exampleMove is a move for syntax errors to show.
	exampleMove string
	// colourPrefix writes each piece as the player's letter and the kind's capital (bR), for four
	// players; two players are told apart by case (R, r).
	colourPrefix bool
	// garrisons lists each player's garrisons, one per raven that may make it.
	garrisons [maxPlayers][]garrison
	// thrones are the squares the keeps stand on in Martian Chaturaji, where they are fixed; 0
	// in Martian Chaturanga, where a position may place its three keeps on any square.
	thrones [maxPlayers]uint64
	// start is the start position's text, and variant the variant played on this geometry.
	start   string
	variant *variant

	// Precomputed movement. Masks have bit sq for square sq (rank*size + file).
	boardMask uint64
	knight    [maxSquares]uint64
	// rays holds the squares in each direction from a square, 0-3 orthogonal and 4-7 diagonal;
	// along the directions in rayUp the square numbers grow.
	rays        [maxSquares][8]uint64
	flights     [maxSquares][]flight // the raven's two-square diagonal flights
	squireStep  [maxPlayers][maxSquares]uint64
	squireTakes [maxPlayers][maxSquares]uint64
	// farEdge is where a player's squires promote and stop; homeEdge the edge behind them, where
	// no squire of his ever stands.
	farEdge, homeEdge [maxPlayers]uint64
	// togo is how many steps a player's squire on a square is from his far edge.
	togo [maxPlayers][maxSquares]int8
	// rightsLost holds the rights a move from or to a square takes away, bit player*2+side.
	rightsLost [maxSquares]uint8
}

const (
	maxPlayers = 4
	maxSquares = 64
)

// rayUp marks the directions of geometry.rays along which square numbers grow: east, north,
// north-east and north-west.
const rayUp = 1<<0 | 1<<2 | 1<<4 | 1<<5

// garrison is one garrison's squares: the raven's start, the square between, the monarch's start.
type garrison struct{ raven, between, monarch int }

type flight struct{ over, to int8 }

// seatSpec places one player: which way his squires move, and his garrisons as (raven, monarch)
// square names.
type seatSpec struct {
	name       string
	df, dr     int
	garrisons  [][2]string
	throneName string // the square of his throne, in Martian Chaturaji
}

func newGeometry(name string, size int, start, sideLetters, keepName string, teams bool, seats []seatSpec) *geometry {
	g := &geometry{name: name, size: size, squares: size * size, players: len(seats), sideLetters: sideLetters,
		keepName: keepName, colourPrefix: len(seats) > 2, start: start,
		letters: [kinds]byte{0, 'm', 'p', 'r', 's', keepName[0]}, exampleMove: "b1c3 or b4b5=r"}
	if size == 8 {
		g.exampleMove = "g1f3 or e7e8=r"
	}
	g.boardMask = 1<<g.squares - 1
	if g.squares == 64 {
		g.boardMask = ^uint64(0)
	}
	sq := func(s string) int {
		f, r, err := engine.ParseSquareName(s, size, size)
		if err != nil {
			panic(err)
		}
		return r*size + f
	}
	for pl, s := range seats {
		g.names[pl] = s.name
		g.team[pl] = pl
		if teams {
			g.team[pl] = pl % 2
		}
		for _, gs := range s.garrisons {
			r, m := sq(gs[0]), sq(gs[1])
			side := len(g.garrisons[pl])
			g.garrisons[pl] = append(g.garrisons[pl], garrison{raven: r, between: (r + m) / 2, monarch: m})
			g.rightsLost[r] |= 1 << (pl*2 + side)
			g.rightsLost[m] |= 1 << (pl*2 + side)
		}
		if s.throneName != "" {
			g.thrones[pl] = 1 << sq(s.throneName)
		}
	}
	for pl := range seats {
		g.teamPair[g.team[pl]][pl/2] = uint8(pl)
		if !teams {
			g.teamPair[pl] = [2]uint8{uint8(pl), uint8(pl)}
		}
	}
	if teams {
		g.teamNames = [2]string{seats[0].name + "_" + seats[2].name, seats[1].name + "_" + seats[3].name}
	}
	for pl := range seats {
		g.foePair[pl] = [2]uint8{maxPlayers - 1, maxPlayers - 1}
		n := 0
		for other := range seats {
			if g.team[other] != g.team[pl] {
				g.foes[pl] |= 1 << other
				g.foePair[pl][n] = uint8(other)
				n++
			}
		}
	}
	on := func(f, r int) bool { return f >= 0 && f < size && r >= 0 && r < size }
	bit := func(f, r int) uint64 { return 1 << (r*size + f) }
	dirs := [8][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, 1}, {-1, -1}, {1, -1}}
	for s := 0; s < g.squares; s++ {
		f, r := s%size, s/size
		for _, d := range [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
			if on(f+d[0], r+d[1]) {
				g.knight[s] |= bit(f+d[0], r+d[1])
			}
		}
		for i, d := range dirs {
			for nf, nr := f+d[0], r+d[1]; on(nf, nr); nf, nr = nf+d[0], nr+d[1] {
				g.rays[s][i] |= bit(nf, nr)
			}
			if i >= 4 && on(f+2*d[0], r+2*d[1]) {
				g.flights[s] = append(g.flights[s], flight{int8((r+d[1])*size + f + d[0]), int8((r+2*d[1])*size + f + 2*d[0])})
			}
		}
		for pl, seat := range seats {
			df, dr := seat.df, seat.dr
			if on(f+df, r+dr) {
				g.squireStep[pl][s] = bit(f+df, r+dr)
			} else {
				g.farEdge[pl] |= bit(f, r)
			}
			if !on(f-df, r-dr) {
				g.homeEdge[pl] |= bit(f, r)
			}
			for nf, nr := f+df, r+dr; on(nf, nr); nf, nr = nf+df, nr+dr {
				g.togo[pl][s]++
			}
			// The two diagonals forward: sideways one square either way across the direction.
			for _, side := range [2]int{-1, 1} {
				tf, tr := f+df+side*dr, r+dr+side*df
				if on(tf, tr) {
					g.squireTakes[pl][s] |= bit(tf, tr)
				}
			}
		}
	}
	return g
}

// chaturanga is Martian Chaturanga's geometry: 5x5, light and dark, a garrison toward each corner.
var chaturanga = newGeometry(Name, 5, StartText, "ld", "keep", false, []seatSpec{
	{name: "light", df: 0, dr: 1, garrisons: [][2]string{{"a1", "c1"}, {"e1", "c1"}}},
	{name: "dark", df: 0, dr: -1, garrisons: [][2]string{{"a5", "c5"}, {"e5", "c5"}}},
})

// chaturaji is Martian Chaturaji's geometry, a reconstruction (docs/rules/martian_chaturaji.md):
// 8x8, blue, red, green and yellow clockwise from the south, blue and green partners against red
// and yellow; each player's half set in his right-hand corner, the throne in front of the raven,
// one garrison toward the corner.
var chaturaji = newGeometry(ChaturajiName, 8, ChaturajiStartText, "brgy", "throne", true, []seatSpec{
	{name: "blue", df: 0, dr: 1, garrisons: [][2]string{{"h1", "f1"}}, throneName: "h2"},
	{name: "red", df: 1, dr: 0, garrisons: [][2]string{{"a1", "a3"}}, throneName: "b1"},
	{name: "green", df: 0, dr: -1, garrisons: [][2]string{{"a8", "c8"}}, throneName: "a7"},
	{name: "yellow", df: -1, dr: 0, garrisons: [][2]string{{"h8", "h6"}}, throneName: "g8"},
})

// kindName is a kind's name: the immobile piece is a keep or a throne.
func (g *geometry) kindName(kind int) string {
	if kind == keep {
		return g.keepName
	}
	return kindNames[kind]
}

func (g *geometry) squareName(sq int) string { return engine.SquareName(sq%g.size, sq/g.size) }

// allThrones is every throne square.
func (g *geometry) allThrones() uint64 {
	return g.thrones[0] | g.thrones[1] | g.thrones[2] | g.thrones[3]
}
