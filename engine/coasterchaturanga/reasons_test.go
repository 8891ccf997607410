package coasterchaturanga

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
)

// Each illegal action gets its exact reason. Positions are on the start layout, where bl is green
// (the coaster a1-c3, portal b2); exits as in coasters.md.
func TestWhyIllegalCases(t *testing.T) {
	startText := start(defaultRules).String()
	withFace := func(face string) *Position {
		return parse(t, strings.Replace(startText, " bl - 0", " bl "+face+" 0", 1))
	}
	// The start, with the green pawn on the portal b5 and a yellow pawn on e5 (rather than f5's
	// drone), and bl holding the yellow drone.
	portals := func(turn string) *Position {
		return at(t, "yd,-,-,-", turn, "gq a6", "gd b6", "gp b5", "yp e5", "yq f6", "bd a2", "bq a1", "bp b1")
	}
	// bl's blue pawn stands on its portal b2; bl holds the yellow pawn and br the green pawn.
	cleared := func(turn string) *Position {
		return at(t, "yp,gp,-,-", turn, "gq a6", "gd b6", "bp b2", "bq a1", "bd a2")
	}
	// Partners: bl (green) and tr (red); red pieces on the green coaster and beside the drone.
	partners := at(t, "-,-,-,-", "bl aim 0 partnership", "gq a6", "gd b6", "gp a5", "rp c6", "rd a3", "bq a1")
	for _, c := range []struct {
		pos          *Position
		action, want string
	}{
		// The die first, once.
		{parse(t, startText), "b6c6", "roll the Treehouse die first"},
		{parse(t, startText), "end", "roll the Treehouse die first"},
		{withFace("aim"), "roll wild", "the die is rolled already this turn"},
		// Whose pieces.
		{withFace("aim"), "c4c5", "there is no piece on c4"},
		{withFace("aim"), "e1e2", "bl moves pieces of green and pieces on the green coaster, not the red drone on e1"},
		{partners, "a3a4", "the red drone on a3 is your partner's colour: you may not move it"},
		{partners, "hop a3@e5", "the red drone on a3 is your partner's colour: you may not move it"},
		// Along the arrows: b6 (ESW) leads to c6, b5 (a portal) and a6, nowhere near d5.
		{withFace("aim"), "b6d5", "the green drone on b6 cannot reach d5 within 2 steps along the arrows and portal jumps"},
		{withFace("aim"), "b1c2", "the blue pawn on b1 cannot reach c2 in one step along the arrows and portal jumps"},
		{withFace("aim"), "a2a2", "a move must leave its square: the blue drone stays on a2"},
		// The drone reaches b4 only through the portal b5, where the green pawn stands.
		{portals("bl aim 0"), "b6b4", "the green drone on b6 cannot reach b4 within 2 steps: the way is blocked (a move passes only empty squares, and a jump from a portal with pips left must go on)"},
		// Captures.
		{withFace("aim"), "a5a6", "you may not take a piece of your own colour, the green queen on a6"},
		{withFace("aim"), "a2a1", "the blue drone may not take a piece of its own colour, the blue queen on a1"},
		{partners, "b6c6", "you may not take your partner's red pawn on c6"},
		// The turn's move, once; WILD's second move only after it.
		{withFace("aim:m"), "b6c6", "the move of this turn is made"},
		{withFace("tip:m"), "enter gq", "the move of this turn is made"},
		{portals("bl wild:md 0"), "b6c6", "the move of this turn is made, and WILD is used already"},
		// Re-entry.
		{withFace("aim"), "enter yq", "bl does not hold the yellow queen"},
		{at(t, "yp,-,-,-", "bl wild:m 0", "gq a6", "gd b6", "gp a5", "bp b2"), "enter yp",
			"your portal b2 is occupied by the blue pawn: a re-entry needs it empty"},
		{at(t, "gpyp,-,-,-", "bl aim!enter 0", "gq a6", "gd b6"), "enter yp",
			"the compulsory re-entry is of a piece of your colour, green, not the yellow pawn"},
		{at(t, "gpyp,-,-,-", "bl aim!enter 0", "gq a6", "gd b6"), "aim 1",
			"you hold a piece of your colour and your portal b2 is empty: re-enter it first"},
		{at(t, "gpyp,-,-,-", "bl dig:d!enter=gp 0", "gq a6", "gd b6"), "enter yp", "the dug green pawn must be re-entered first, not the yellow pawn"},
		{at(t, "gpyp,-,-,-", "bl dig:d!enter=gp 0", "gq a6", "gd b6"), "b6c6", "re-enter the dug green pawn on your portal b2 first"},
		{at(t, "-,-,-,-", "bl wild:m^gp 0", "gq a6", "gd b6", "gp b2"), "b2b3", "the green pawn was re-entered this turn and may not move again"},
		{at(t, "-,-,-,-", "bl wild:m^gp 0", "gq a6", "gd b6", "gp b2"), "hop b2@e5", "the green pawn was re-entered this turn and may neither move nor hop again"},
		// A compulsory clearing of the portal comes first, and must be a move the piece can make.
		{cleared("bl aim!clear 0"), "enter yp", "your portal is occupied: move the blue pawn off b2 first"},
		{cleared("bl aim!clear 0"), "a2a3", "your portal is occupied: move the blue pawn off b2 first"},
		{cleared("bl aim!clear 0"), "b2f6", "the blue pawn on b2 cannot reach f6 in one step along the arrows and portal jumps"},
		{cleared("bl aim!clear 0"), "b2a2", "the blue pawn may not take a piece of its own colour, the blue drone on a2"},
		// HOP.
		{withFace("aim"), "hop b6@b5", "the die shows aim, not hop"},
		{withFace("hop:d"), "hop b6@b5", "the die action of this turn is done"},
		{withFace("hop"), "hop b6@c4", "c4 is not a portal"},
		{withFace("hop"), "hop a6@b2", "the green queen on a6 has no legal move, so it may not hop"},
		{portals("bl hop 0"), "hop b6@e5", "the portal e5 is occupied: HOP never captures"},
		{portals("bl hop 0"), "hop b5@b5", "the green pawn stands on the portal b5 already"},
		// DIG.
		{cleared("bl dig:m 0"), "end", "DIG is compulsory while a piece of your colour is held by another seat"},
		{cleared("bl dig:m 0"), "dig gq", "the green queen stands on a6, no one holds it"},
		{cleared("bl dig:m 0"), "dig yp", "you may dig only pieces of your colour, green, not the yellow pawn"},
		{at(t, "-,gp,-,-", "bl dig 0", "gq a6", "gd b6"), "tip 1", "DIG is compulsory: take back a piece of green held by another seat first"},
		{at(t, "gp,-,-,-", "bl dig:m 0", "gq a6", "gd b6"), "dig gp", "you hold the green pawn already"},
		{at(t, "-,gp,-,-", "bl wild:m 0", "gq a6", "gd b6"), "dig gp", "DIG through WILD comes only before the move"},
		{at(t, "-,gp,-,-", "bl hop 0", "gq a6", "gd b6"), "dig gp", "the die shows hop, not dig"},
		// The other die actions.
		{withFace("tip"), "swap tl br", "the die shows tip, not swap"},
		{withFace("aim:d"), "aim 2", "the die action of this turn is done"},
		// Ending and passing.
		{withFace("aim"), "end", "make the move or the die action before ending the turn"},
		{withFace("aim"), "pass", "pass only when neither a move nor the die action is possible"},
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

// candidates are the well-formed actions: every move and HOP square pair (a square to itself
// included), every enter and dig of each piece, the turns, swaps, end, pass and the rolls.
func candidates() []engine.Move {
	var out []engine.Move
	for a := 0; a < squares; a++ {
		for b := 0; b < squares; b++ {
			out = append(out, mv(actMove, a, b), mv(actHop, a, b))
		}
	}
	for pc := 0; pc < pieces; pc++ {
		out = append(out, mv(actEnter, pc, 0), mv(actDig, pc, 0))
	}
	out = turns(out, actAim)
	out = turns(out, actTip)
	out = swaps(out)
	out = append(out, mv(actEnd, 0, 0), mv(actPass, 0, 0))
	for f := faceAim; f <= faceWild; f++ {
		out = append(out, mv(actRoll, f, 0))
	}
	return out
}

// reasonPositions are the positions of seeded random games under several option sets, and of
// games from positions with pieces held, portals occupied and a DIG to make, where compulsory
// moves and DIG come up often.
func reasonPositions(t *testing.T) []*Position {
	rng := rand.New(rand.NewPCG(17, 4))
	starts := []*Position{
		start(defaultRules),
		start(&rules{players: 2, partnership: true, colours: defaultColours}),
		start(&rules{players: 4, partnership: true, colours: defaultColours, first: 2}),
		at(t, "yp,gp,-,-", "bl - 0", "gq a6", "gd b6", "bp b2", "bq a1", "bd a2"),
		at(t, "gd,gp,-,-", "bl - 0", "gq a6", "yq f6", "rq e2", "bq e5"),
		at(t, "gpyp,gd,-,-", "bl dig!clear 0", "gq a6", "bp b2", "bq a1", "bd a2"),
		at(t, "-,-,-,-", "bl - 0 partnership", "gq a6", "gd b6", "gp a5", "rp c6", "rd a3", "bq a1"),
	}
	games := 3
	if testing.Short() {
		games = 1
	}
	var out []*Position
	for _, s := range starts {
		for g := 0; g < games; g++ {
			p := s
			for ply := 0; ply < 400 && !p.over; ply++ {
				if ply%4 == g%4 || ply < 6 {
					out = append(out, p)
				}
				moves := p.Moves(nil)
				var next Position
				p.apply(moves[rng.IntN(len(moves))], &next)
				p = &next
			}
		}
	}
	return out
}

// Every well-formed action in every sampled position is legal or has a specific reason; the
// candidates include every legal action, each reads back from its notation, and the reasons say
// true things about the position where that is easy to check.
func TestWhyIllegalEverywhere(t *testing.T) {
	cands := candidates()
	seen := map[string]int{}
	keys := []string{"roll the Treehouse die first", "is rolled already", "there is no piece on", "moves pieces of",
		"partner's colour", "cannot reach", "the way is blocked", "a move must leave its square", "of your own colour",
		"of its own colour", "your partner's", "the move of this turn is made", "does not hold", "a re-entry needs it empty",
		"re-enter it first", "the dug", "your portal is occupied: move", "re-entered this turn", "not hop", "is not a portal",
		"no legal move", "HOP never captures", "stands on the portal", "DIG is compulsory", "no one holds it",
		"you may dig only", "you hold the", "DIG through WILD", "the die shows", "the die action of this turn is done",
		"before ending the turn", "pass only when"}
	positions := reasonPositions(t)
	for i, p := range positions {
		legal := map[engine.Move]bool{}
		for _, m := range p.Moves(nil) {
			legal[m] = true
		}
		found := 0
		for _, m := range cands {
			if back, err := parseAction(p.Notation(m), p.Notation(m)); err != nil || back != m {
				t.Fatalf("%s reads back as %v, %v", p.Notation(m), back, err)
			}
			if legal[m] {
				found++
				continue
			}
			why := p.whyIllegal(m)
			if why == noReason || why == "" {
				t.Fatalf("%s in %s: reason %q", p.Notation(m), p, why)
			}
			checkReason(t, p, m, why)
			for _, k := range keys {
				if strings.Contains(why, k) {
					seen[k]++
				}
			}
			// ParseMove gives the same reason (a sample: it generates the moves each time).
			if i%8 == 0 && (mvAct(m) != actMove && mvAct(m) != actHop || mvA(m) == mvB(m)) {
				_, err := p.ParseMove(p.Notation(m))
				var ill *engine.IllegalError
				if !errors.As(err, &ill) || ill.Reason != why {
					t.Fatalf("%s in %s: ParseMove says %v, want %q", p.Notation(m), p, err, why)
				}
			}
		}
		if found != len(legal) {
			t.Fatalf("%s: only %d of %d legal actions are among the candidates", p, found, len(legal))
		}
	}
	for _, k := range keys {
		if seen[k] == 0 {
			t.Errorf("over %d positions no reason says %q", len(positions), k)
		}
	}
}

// checkReason checks what a reason claims, where the claim is a plain fact of the position.
func checkReason(t *testing.T, p *Position, m engine.Move, why string) {
	t.Helper()
	bad := func() { t.Fatalf("%s in %s: %q is not so", p.Notation(m), p, why) }
	seat := int(p.seat)
	switch {
	case strings.HasPrefix(why, "there is no piece on"):
		if p.pieceOn(mvA(m)) >= 0 {
			bad()
		}
	case strings.HasSuffix(why, "is not a portal"):
		if isPortal(mvB(m)) {
			bad()
		}
	case strings.Contains(why, "does not hold the"):
		if int(p.loc[mvA(m)]) == heldBy+seat {
			bad()
		}
	case strings.HasSuffix(why, "no one holds it"):
		if p.loc[mvA(m)] >= squares {
			bad()
		}
	case strings.Contains(why, "HOP never captures"):
		if p.board[mvB(m)] == 0 {
			bad()
		}
	case strings.Contains(why, "has no legal move"):
		if p.reach(seat, p.pieceOn(mvA(m)), p.occupied()) != 0 {
			bad()
		}
	case strings.HasPrefix(why, "your portal is occupied"):
		if p.board[p.portalOf(seat)] == 0 {
			bad()
		}
	case strings.Contains(why, "re-entered this turn"):
		if p.pieceOn(mvA(m)) != int(p.entered) {
			bad()
		}
	case strings.Contains(why, "cannot reach"):
		if pc := p.pieceOn(mvA(m)); pc < 0 || p.reach(seat, pc, p.occupied())&(1<<mvB(m)) != 0 {
			bad()
		}
	}
}
