package coaster

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// reachSlow walks every path of up to steps steps afresh: each step follows an exit, never
// revisits a space, and continues only through empty squares.
func reachSlow(ex [36]Exits, sq, steps int, occ uint64) uint64 {
	var out uint64
	var walk func(at, left int, visited uint64)
	walk = func(at, left int, visited uint64) {
		for _, e := range []Exits{North, East, South, West} {
			if ex[at]&e == 0 {
				continue
			}
			t := step(at, e)
			if t < 0 || visited&(1<<t) != 0 {
				continue
			}
			out |= 1 << t
			if left > 1 && occ&(1<<t) == 0 {
				walk(t, left-1, visited|1<<t)
			}
		}
	}
	walk(sq, steps, 1<<sq)
	return out
}

func TestReachMatchesAWalk(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, l := range []Layout{StartLayout, {0, 0, 0, 0}, {1, 3, 0, 2}, {2, 2, 1, 1}} {
		g := l.Graph()
		for range 300 {
			occ := rng.Uint64() & rng.Uint64() & (1<<36 - 1)
			for sq := 0; sq < 36; sq++ {
				for steps := 1; steps <= MaxSteps; steps++ {
					if got, want := g.Reach(sq, steps, occ), reachSlow(g.Exits, sq, steps, occ); got != want {
						t.Fatalf("layout %v, square %d, %d steps, occupied %x: reach %x, want %x", l, sq, steps, occ, got, want)
					}
				}
			}
		}
	}
}

// Hand-checked on the start board (coasters.md): a1 has exits N E W (W leads off the board), so
// one step reaches a2 and b1. a2 (N E S) leads on to a3 and b2, its S back to a1 being a revisit;
// b1 (N S W) leads to b2 only. So two steps reach a2 b1 a3 b2.
func TestStartPathsByHand(t *testing.T) {
	g := StartLayout.Graph()
	sq := func(name string) int { return int(name[1]-'1')*6 + int(name[0]-'a') }
	set := func(names ...string) (s uint64) {
		for _, n := range names {
			s |= 1 << sq(n)
		}
		return s
	}
	if got, want := g.Reach(sq("a1"), 1, 0), set("a2", "b1"); got != want {
		t.Errorf("a1 one step: %x, want %x", got, want)
	}
	if got, want := g.Reach(sq("a1"), 2, 0), set("a2", "b1", "a3", "b2"); got != want {
		t.Errorf("a1 two steps: %x, want %x", got, want)
	}
	// With a2 occupied, a2 itself is still reachable (a capture or merge), a3 is not; b2 is
	// still reached through b1.
	if got, want := g.Reach(sq("a1"), 2, set("a2")), set("a2", "b1", "b2"); got != want {
		t.Errorf("a1 two steps past a busy a2: %x, want %x", got, want)
	}
	if g != StartLayout.Graph() {
		t.Error("a layout's graph is built twice")
	}
}

func TestPortalsAndDots(t *testing.T) {
	var portals []string
	for p := TopLeft; p <= BottomLeft; p++ {
		portals = append(portals, PortalSquare(p))
	}
	// coasters.md: portals b5 e5 e2 b2; dots on the outer corners a6 f6 f1 a1.
	if got := strings.Join(portals, " "); got != "b5 e5 e2 b2" {
		t.Errorf("portals %s", got)
	}
	if got := strings.Join(DotSquares(StartLayout), " "); got != "a6 f6 f1 a1" {
		t.Errorf("dots %s", got)
	}
	if got := strings.Join(DotSquares(Layout{}), " "); got != "a6 d6 d3 a3" {
		t.Errorf("dots of unturned coasters %s", got)
	}
}
