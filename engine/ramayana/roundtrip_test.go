package ramayana

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
)

// advanced has two Untouchables of each side one step from an empty last row, so random games
// soon drop them (or, with the islands full, make Buddhas).
const advanced = "10/3U1rU3/3ym1h3/10/10/10/10/1K8/8K1/10/10/10/10/3H1MY3/3uR1u3/10 y 0 1"

// TestRandomGamesRoundTrip plays seeded random games and checks at every position that the text,
// the structured form and every action's notation read back exactly, that the board keeps its
// invariants, and, over all games, that every kind of action and event came up.
func TestRandomGamesRoundTrip(t *testing.T) {
	games := 60
	if testing.Short() {
		games = 24
	}
	seen := map[string]int{}
	rng := rand.New(rand.NewPCG(9, 3))
	for g := range games {
		text := StartText
		if g%2 == 1 {
			text = advanced
		}
		p, err := Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		if g%4 == 3 {
			fillIslands(&p)
		}
		for ply := 0; ply < 400; ply++ {
			checkRoundTrips(t, &p, rng)
			checkInvariants(t, &p)
			moves := p.Moves(nil)
			if len(moves) == 0 {
				if p.Phase() != engine.PhaseFinished {
					t.Fatalf("%s: no action, but the game is not over", p.String())
				}
				seen["end "+p.Outcome().Reason]++
				break
			}
			m := moves[rng.IntN(len(moves))]
			a := p.Action(m)
			seen["action "+a.Name]++
			next, events := p.Play(m)
			for _, e := range events {
				seen["event "+e.Name]++
			}
			p = *next.(*Position)
		}
	}
	for _, want := range []string{"action move", "action drop", "action buddha", "action rakshasa",
		"event capture", "event promotion", "event respawn", "event game_over"} {
		if seen[want] == 0 {
			t.Errorf("no %q in %d random games: %v", want, games, seen)
		}
	}
	t.Logf("%v", seen)
}

// fillIslands puts dropped Untouchables on every empty island square, alternating owners, so that
// an Untouchable reaching its last row often finds no drop square and becomes a Buddha.
func fillIslands(p *Position) {
	owner := yellow
	for _, sq := range existing {
		if island[sq] && p.board[sq] == 0 {
			p.board[sq] = pieceCell(dropped, owner)
			owner = 1 - owner
		}
	}
}

// checkRoundTrips checks the text and the structured form, and the notation of a few actions.
func checkRoundTrips(t *testing.T, p *Position, rng *rand.Rand) {
	t.Helper()
	text := p.String()
	back, err := Parse(text)
	if err != nil || back != *p {
		t.Fatalf("%s does not read back: %v", text, err)
	}
	fromSetup, err := Variant.FromSetup(p.Setup())
	if err != nil || *fromSetup.(*Position) != *p {
		t.Fatalf("%s: the structured form reads back as %v, %v", text, fromSetup, err)
	}
	moves := p.Moves(nil)
	for range min(len(moves), 4) {
		m := moves[rng.IntN(len(moves))]
		n := p.Notation(m)
		if back, err := p.ParseMove(n); err != nil || back != m {
			t.Fatalf("%s: %s reads back as %v, %v", text, n, back, err)
		}
		if up, err := p.ParseMove(strings.ToUpper(n)); err != nil || up != m {
			t.Fatalf("%s: %s in upper case reads back as %v, %v", text, n, up, err)
		}
		a := p.Action(m)
		if !strings.HasPrefix(n, a.From+a.To) {
			t.Fatalf("%s: %s is described as %s to %s", text, n, a.From, a.To)
		}
	}
}

// checkInvariants: one royal per side, at most two Rakshasas, nothing outside the 84 squares,
// and no Untouchable standing on its own last row.
func checkInvariants(t *testing.T, p *Position) {
	t.Helper()
	var royals [2]int
	rakshasas := 0
	for sq, c := range p.board {
		if c == 0 {
			continue
		}
		if !exists[sq] {
			t.Fatalf("%s: a piece on the ocean cell %s", p.String(), squareName(sq))
		}
		switch k := cellKind(c); {
		case k == rakshasa:
			rakshasas++
		case k == rajah || k == maharajah:
			royals[cellOwner(c)]++
		case k == untouchable && sq/files == lastRank(cellOwner(c)):
			t.Fatalf("%s: an Untouchable stays on its last row at %s", p.String(), squareName(sq))
		}
	}
	if royals != [2]int{1, 1} || rakshasas > 2 {
		t.Fatalf("%s: royals %v, Rakshasas %d", p.String(), royals, rakshasas)
	}
}
