package ramayana

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
)

// Each illegal action gets its exact reason.
func TestWhyIllegal(t *testing.T) {
	start, err := Parse(StartText)
	if err != nil {
		t.Fatal(err)
	}
	// Yellow's dropped Untouchables a8 a9 stand by the Rakshasa b9; d2 is far from it.
	raks := map[string]string{"e2": "R", "f15": "r", "a8": "=U", "a9": "=U", "b9": "K", "i8": "K", "g14": "m", "d2": "H", "b8": "m"}
	own := map[string]string{"e2": "R", "f15": "r", "a8": "=U", "b9": "K", "e12": "K", "g14": "m", "d7": "M"}
	// TestDrop's position: red attacks i13 (Shikari g12) and a8 (Rakshasa b9 beside red's b8).
	drop := map[string]string{"e2": "R", "d10": "r", "e15": "U", "b9": "K", "i8": "K", "g12": "h", "b8": "=u"}
	buddhas := map[string]string{"e2": "R", "f15": "r", "e15": "U", "a4": "+u", "j12": "+u", "i13": "+u", "b5": "+u"}
	for _, c := range []struct {
		pos    *Position
		action string
		want   string
	}{
		{&start, "e4e5", "there is no piece on e4"},
		{&start, "d14d13", "the Untouchable on d14 is red's, and yellow is to move"},
		{&start, "e2e2", "a move must leave its square"},
		{&start, "d2d3", "d3 holds your own Untouchable"},
		{&start, "f1f4", "a Muni on f1 cannot reach f4: it steps one square orthogonally or leaps two"},
		{&start, "d3d5", "an Untouchable on d3 cannot reach d5: it steps one square straight forward and captures one square diagonally forward"},
		{&start, "d3e4", "the Untouchable on d3 steps only straight forward, and captures diagonally: e4 is empty"},
		{&start, "d3d4@b12", "@ and =buddha are only for an Untouchable reaching its last row, and d3d4 does not"},
		{&start, "d2b4=buddha", "@ and =buddha are only for an Untouchable reaching its last row, and your Shikari on d2 is not one"},
		{&start, "b9e12", "a Rakshasa move names the piece of yours that pays for it, and the Rakshasa on b9 has no piece of yours beside it"},
		{&start, "b9e12^a8", "the Rakshasa on b9 has no piece of yours beside it"},
		{&start, "e2e3^d2", "^ moves a Rakshasa, and your Rajah on e2 is not one"},
		{&start, "a8e12^a9", "there is no Rakshasa on a8"},
		{build(t, "y", raks), "b9e12", "a Rakshasa move names the piece of yours that pays for it: write b9e12^a9"},
		{build(t, "y", raks), "b9e13", "a Rakshasa move names the piece of yours that pays for it, and b9e13^a9 is not legal either: the Rakshasa on b9 cannot reach e13: it leaps any distance along a diagonal"},
		{build(t, "y", raks), "b9e12^d2", "your Shikari on d2 is not beside the Rakshasa on b9"},
		{build(t, "y", raks), "b9e12^a4", "there is no piece on a4 to pay for the Rakshasa move"},
		{build(t, "y", raks), "b9e12^b8", "the red Muni on b8 is not yours and cannot pay for the Rakshasa move"},
		{build(t, "y", raks), "b9a8^a8", "a8 is the payer's own square, and the payer is still there during the leap"},
		{build(t, "y", raks), "b9a8^a9", "a8 holds your own dropped Untouchable"},
		{build(t, "y", own), "b9d7^a8", "d7 holds your own Muni"},
		{build(t, "y", own), "b9e12^a8", "a Rakshasa never lands on the other Rakshasa, on e12"},
		{build(t, "y", drop), "e15e16", "an Untouchable reaching its last row must be dropped on an island square: write e15e16@a4, e15e16@b4 or one of 12 more"},
		{build(t, "y", drop), "e15e16@i13", "i13 is attacked by the red Shikari on g12"},
		{build(t, "y", drop), "e15e16@a8", "a8 is attacked by the Rakshasa on b9"},
		{build(t, "y", drop), "e15e16@b8", "b8 is not empty: the red dropped Untouchable on b8 stands there"},
		{build(t, "y", drop), "e15e16@e12", "e12 is not an island square; an Untouchable is dropped on an island"},
		{build(t, "y", drop), "e15e16=buddha", "the Untouchable becomes a Buddha only when no island square is free and safe: write e15e16@a4, e15e16@b4 or one of 12 more"},
		{build(t, "y", buddhas), "e15e16", "an Untouchable reaching its last row with no free, safe island square becomes a Buddha: write e15e16=buddha"},
		{build(t, "y", buddhas), "e15e16@a5", "a5 is attacked by the red Buddha on a4 and the red Buddha on b5"},
		{build(t, "y", buddhas), "e15e16@a4", "a4 is not empty: the red Buddha on a4 stands there"},
		{build(t, "y", map[string]string{"e2": "R", "f15": "r", "b5": "=U", "a4": "m"}), "b5b4", "your dropped Untouchable on b5 never moves; it only captures one square diagonally"},
		{build(t, "y", map[string]string{"e2": "R", "f15": "r", "b5": "=U", "j13": "m"}), "b5a4", "your dropped Untouchable on b5 never moves; it only captures, and a4 is empty"},
		{build(t, "y", map[string]string{"e2": "R", "f15": "r", "d3": "U", "d4": "K", "e4": "K", "g3": "U", "j13": "m"}), "d3d4",
			"the Untouchable on d3 is blocked: the Rakshasa on d4 stands in front of it, and an Untouchable captures only diagonally forward"},
		{build(t, "y", map[string]string{"e2": "R", "f15": "r", "d3": "U", "d4": "K", "e4": "K", "g3": "U", "j13": "m"}), "d3e3",
			"an Untouchable on d3 cannot reach e3: it steps one square straight forward and captures one square diagonally forward"},
		// Checks: by a piece, by a Rakshasa (a pin), by several, by a respawned Rakshasa.
		{build(t, "y", map[string]string{"e2": "R", "f15": "r", "g4": "w", "j13": "m", "a4": "M"}), "e2e3", "e2e3 would leave your Rajah in check from the red Swami on g4"},
		{build(t, "r", map[string]string{"e2": "R", "g14": "r", "a8": "=U", "b9": "K", "i8": "K", "j13": "m"}), "g14f13", "g14f13 would leave your Rajah in check from the Rakshasa on b9"},
		{build(t, "y", map[string]string{"e3": "R", "f15": "r", "f6": "w", "i8": "K", "j8": "=u", "j13": "m", "a4": "M"}), "e3e4",
			"e3e4 would leave your Rajah in check from the red Swami on f6 and the Rakshasa on i8"},
		{build(t, "y", map[string]string{"e4": "R", "f15": "r", "d3": "M", "d5": "K", "b9": "K", "j8": "=u", "j13": "m"}), "d3d5",
			"d3d5 would leave your Rajah in check from the Rakshasa that would return to i8"},
	} {
		_, err := c.pos.ParseMove(c.action)
		var ill *engine.IllegalError
		if !errors.As(err, &ill) {
			t.Errorf("%s in %s: %v, want an illegal action", c.action, c.pos, err)
			continue
		}
		if ill.Reason != c.want {
			t.Errorf("%s in %s:\n got %q\nwant %q", c.action, c.pos, ill.Reason, c.want)
		}
	}
}

// reasonPositions are positions of seeded random games from the start and from advanced (some
// with full islands), plus hand-built ones with drops, Buddhas and Rakshasa moves.
func reasonPositions(t *testing.T) []*Position {
	var out []*Position
	rng := rand.New(rand.NewPCG(5, 11))
	games := 6
	if testing.Short() {
		games = 3
	}
	for g := range games {
		text := StartText
		if g%2 == 1 {
			text = advanced
		}
		p, err := Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		if g%3 == 2 {
			fillIslands(&p)
		}
		for ply := 0; ply < 200; ply++ {
			if ply%25 == 0 || ply < 3 {
				q := p
				out = append(out, &q)
			}
			moves := p.Moves(nil)
			if len(moves) == 0 {
				break
			}
			p.apply(moves[rng.IntN(len(moves))], &p)
		}
	}
	for _, c := range []struct {
		sides  string
		pieces map[string]string
	}{
		{"yr", map[string]string{"e2": "R", "d10": "r", "e15": "U", "b9": "K", "i8": "K", "g12": "h", "b8": "=u"}},
		{"yr", map[string]string{"e2": "R", "f15": "r", "e15": "U", "a4": "+u", "j12": "+u", "i13": "+u", "b5": "+u"}},
		{"yr", map[string]string{"e2": "R", "f15": "r", "a8": "=U", "a9": "=U", "b9": "K", "i8": "K", "g14": "m", "d2": "H", "b8": "m"}},
		{"yr", map[string]string{"e4": "R", "f15": "r", "d3": "M", "d5": "K", "b9": "K", "j8": "=u", "j13": "m"}},
		{"r", map[string]string{"e2": "R", "g14": "r", "a8": "=U", "b9": "K", "i8": "K", "j13": "m", "f14": "H"}},
	} {
		for _, side := range c.sides {
			out = append(out, build(t, string(side), c.pieces))
		}
	}
	return out
}

// Every well-formed illegal action over a broad sample gets a specific reason, without panics;
// pseudo-legal ones (and only those, Untouchables' plain steps to the last row aside) are
// explained by check; every legal action parses.
func TestWhyIllegalEverywhere(t *testing.T) {
	const generic = "not a legal action in this position"
	rng := rand.New(rand.NewPCG(2, 7))
	seen := map[string]int{}
	for _, p := range reasonPositions(t) {
		if p.Phase() == engine.PhaseFinished {
			continue
		}
		legal := map[engine.Move]bool{}
		for _, m := range p.Moves(nil) {
			legal[m] = true
			if got, err := p.ParseMove(p.Notation(m)); err != nil || got != m {
				t.Fatalf("%s: legal %s reads as %v, %v", p, p.Notation(m), got, err)
			}
		}
		pseudo := map[engine.Move]bool{}
		for _, m := range p.pseudo(nil) {
			pseudo[m] = true
		}
		var texts []string
		for _, f := range existing {
			fs := squareName(int(f))
			c := p.board[f]
			for _, to := range existing {
				ft := fs + squareName(int(to))
				texts = append(texts, ft, ft+"=buddha", ft+"@"+squareName(int(existing[rng.IntN(len(existing))])),
					ft+"^"+squareName(int(existing[rng.IntN(len(existing))])))
				if c != 0 && (cellKind(c) == rakshasa || cellKind(c) == untouchable && int(to)/files == lastRank(int(p.side))) {
					for _, x := range existing {
						texts = append(texts, ft+"^"+squareName(int(x)), ft+"@"+squareName(int(x)))
					}
				}
			}
		}
		for _, text := range texts {
			m, err := parseAction(text)
			if err != nil {
				t.Fatalf("%s does not parse: %v", text, err)
			}
			if legal[m] {
				continue
			}
			why := p.whyIllegal(m)
			if why == generic || why == "" {
				t.Fatalf("%s in %s: reason %q", text, p, why)
			}
			byCheck := strings.HasPrefix(why, p.Notation(m)+" would leave your ")
			plainLastRow := moveAct(m) == actMove && cellKind(p.board[moveFrom(m)]) == untouchable
			if pseudo[m] != byCheck && !(byCheck && plainLastRow) {
				t.Fatalf("%s in %s: pseudo-legal %v, reason %q", text, p, pseudo[m], why)
			}
			for _, key := range []string{"would leave your", "is attacked by", "has no piece of yours beside it",
				"cannot reach", "holds your own", "there is no piece on", "is blocked"} {
				if strings.Contains(why, key) {
					seen[key]++
				}
			}
		}
	}
	for _, key := range []string{"would leave your", "is attacked by", "has no piece of yours beside it",
		"cannot reach", "holds your own", "there is no piece on", "is blocked"} {
		if seen[key] == 0 {
			t.Errorf("no reason with %q came up", key)
		}
	}
}
