package coaster

import "sync"

// MaxSteps is the longest move along arrows: a queen's three steps.
const MaxSteps = 3

// Path is one way to travel along arrows: the square it ends on and the squares it passes
// through, which must be empty, as a set of bits indexed rank*6+file.
type Path struct {
	To  uint8
	Via uint64
}

// Graph is the step graph of one layout, precomputed: for every square and every step limit, the
// paths of one to that many steps that visit no space twice, leaving out any path whose passed
// squares include all those of another path to the same square.
type Graph struct {
	Exits [36]Exits
	paths [MaxSteps][36][]Path
}

// Paths returns the paths from sq of at most steps steps (1 to MaxSteps).
func (g *Graph) Paths(sq, steps int) []Path { return g.paths[steps-1][sq] }

var (
	graphsMu sync.Mutex
	graphs   [256]*Graph
)

// Graph returns the step graph of the layout, built on first use and shared afterwards: the
// geometry of a game whose coasters turn comes from one of 256 graphs, never rebuilt per move.
func (l Layout) Graph() *Graph {
	key := 0
	for p, q := range l {
		key |= (q & 3) << (2 * p)
	}
	graphsMu.Lock()
	defer graphsMu.Unlock()
	if graphs[key] == nil {
		graphs[key] = buildGraph(l.Exits())
	}
	return graphs[key]
}

var stepOffsets = [4]struct {
	e      Exits
	df, dr int
}{{North, 0, 1}, {East, 1, 0}, {South, 0, -1}, {West, -1, 0}}

// step returns the square one exit e leads to from sq, or -1 off the board.
func step(sq int, e Exits) int {
	for _, s := range stepOffsets {
		if s.e == e {
			f, r := sq%6+s.df, sq/6+s.dr
			if f < 0 || f >= 6 || r < 0 || r >= 6 {
				return -1
			}
			return r*6 + f
		}
	}
	return -1
}

func buildGraph(ex [36]Exits) *Graph {
	g := &Graph{Exits: ex}
	for from := 0; from < 36; from++ {
		var all [MaxSteps][]Path
		var walk func(sq, depth int, visited, via uint64)
		walk = func(sq, depth int, visited, via uint64) {
			for _, s := range stepOffsets {
				if ex[sq]&s.e == 0 {
					continue
				}
				t := step(sq, s.e)
				if t < 0 || visited&(1<<t) != 0 {
					continue
				}
				for limit := depth; limit < MaxSteps; limit++ {
					all[limit] = append(all[limit], Path{To: uint8(t), Via: via})
				}
				if depth+1 < MaxSteps {
					walk(t, depth+1, visited|1<<t, via|1<<t)
				}
			}
		}
		walk(from, 0, 1<<from, 0)
		for limit := range all {
			g.paths[limit][from] = MinimalPaths(all[limit])
		}
	}
	return g
}

// MinimalPaths drops duplicate paths and those that need more empty squares than another path to
// the same square: they never allow a move the other does not.
func MinimalPaths(paths []Path) []Path {
	var out []Path
	for i, p := range paths {
		keep := true
		for j, q := range paths {
			if i == j || p.To != q.To || q.Via&^p.Via != 0 {
				continue
			}
			// q's squares are a subset of p's: p is redundant, unless they are equal and p comes first.
			if q.Via != p.Via || j < i {
				keep = false
				break
			}
		}
		if keep {
			out = append(out, p)
		}
	}
	return out
}

// Reach returns the squares a piece on sq can end on within steps steps when the squares in occ
// are occupied: passed squares must be empty, the last one may be occupied.
func (g *Graph) Reach(sq, steps int, occ uint64) uint64 {
	var out uint64
	for _, p := range g.paths[steps-1][sq] {
		if p.Via&occ == 0 {
			out |= 1 << p.To
		}
	}
	return out
}
