package martian

import (
	"slices"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
)

func TestDiceCountUpward(t *testing.T) {
	// Light has no paladin: a 2 counts up to raven. No squire either: a 4 is void.
	p := after(t, "2m2/5/5/5/R1M2 l - - PPSS 0 9", "roll 2 4")
	if p.dice[0].means != raven || p.dice[1].means != 0 {
		t.Fatalf("dice mean %v, %v; want raven, void", p.dice[0].means, p.dice[1].means)
	}
	if !strings.Contains(p.String(), " 2r,4- ") {
		t.Errorf("text %q does not show the substitution 2r,4-", p)
	}
	// Counting never wraps from 4 to 1: with only a monarch left, a 4 can move nothing.
	p = after(t, "2m2/5/5/5/2M2 l - - PPRRSS 0 9", "roll 4 4")
	if got := legal(p); !slices.Equal(got, []string{"end"}) {
		t.Errorf("only end should be legal, got %v", got)
	}
	// A 1 with the monarch present stays 1.
	p = after(t, "2m2/5/5/5/2M2 l - - PPRRSS 0 9", "roll 1 4")
	if p.dice[0].means != monarch {
		t.Errorf("die 1 means %d, want monarch", p.dice[0].means)
	}
}

func TestTwoActionsPerTurn(t *testing.T) {
	// 2 and 3 with no paladin: both mean raven. The first raven move uses the lower die (2).
	p := after(t, "2m2/5/5/5/R1M2 l - - PPSS 0 9", "roll 3 2", "a1a2")
	for _, d := range p.dice {
		if d.used != (d.rolled == 2) {
			t.Fatalf("dice after the first move: %+v; want only the rolled 2 used", p.dice)
		}
	}
	if p.side != light {
		t.Fatalf("turn passed after one action")
	}
	// The same piece may take the second move; then the turn passes by itself.
	p2 := after(t, p.String(), "a2a4")
	if p2.side != dark || p2.rolled() || p2.turn != 10 {
		t.Errorf("after both dice: side %d rolled %v turn %d; want dark, not rolled, 10", p2.side, p2.rolled(), p2.turn)
	}
	// End turn forfeits the unused die.
	p3 := after(t, p.String(), "end")
	if p3.side != dark || p3.rolled() {
		t.Errorf("end did not pass the turn: %s", p3)
	}
	// No end action once both dice are used: the turn has already passed.
	for _, m := range legal(p2) {
		if m == "end" {
			t.Errorf("end offered in the roll phase")
		}
	}
}

// The seed's example: light opened 2+4 moving the b1 paladin away, dark followed with 2+3, and
// light's 1+3 on the second turn allows the garrison behind the a2 keep.
func TestGarrisonSeedExample(t *testing.T) {
	p := after(t, StartText, "roll 2 4", "b1a3", "b2b3", "roll 2 3", "d5e3", "a5c3")
	if p.side != light || p.turn != 3 {
		t.Fatalf("light's second turn expected, got %s", p)
	}
	p = after(t, p.String(), "roll 1 3")
	if got := legal(p); !slices.Contains(got, "c1a1") {
		t.Fatalf("garrison c1a1 not offered: %v", got)
	}
	if slices.Contains(legal(p), "c1e1") {
		t.Errorf("garrison on the e side offered with the d1 paladin in between")
	}
	g := after(t, p.String(), "c1a1")
	if g.board[0] != pieceCell(monarch, light) || g.board[1] != pieceCell(raven, light) || g.board[2] != 0 {
		t.Errorf("after the garrison: %s; want monarch a1, raven b1, c1 empty", g)
	}
	if g.side != dark || g.rights&3 != 0 {
		t.Errorf("garrison must use both dice and end the rights: %s", g)
	}
	a := p.Action(mustMove(t, p, "c1a1"))
	if a.Kind != engine.ActionVariant || a.Name != "garrison" {
		t.Errorf("c1a1 is a %v named %q, want the variant action garrison", a.Kind, a.Name)
	}
}

func TestGarrisonConditions(t *testing.T) {
	base := "rpmpr/ksksk/5/KSKSK/R1MPR l - AEae - 0 1"
	tests := []struct {
		name, pos string
		actions   []string
		want      bool
	}{
		{"rolled 1 and 3, both unused", base, []string{"roll 3 1"}, true},
		{"a 2 counted up to 3 is not a thrown 3", "rpmpr/ksksk/5/KSKSK/R1M1R l - AEae PP 0 1", []string{"roll 1 2"}, false},
		{"one die already used", base, []string{"roll 1 3", "a1b1"}, false},
		{"the raven has moved", "rpmpr/ksksk/5/KSKSK/R1MPR l - Eae - 0 1", []string{"roll 1 3"}, false},
		{"the monarch has moved", "rpmpr/ksksk/5/KSKSK/R1MPR l - ae - 0 1", []string{"roll 1 3"}, false},
		{"the square between is occupied", "rpmpr/ksksk/5/KSKSK/RPMPR l - AEae - 0 1", []string{"roll 1 3"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := after(t, tt.pos, tt.actions...)
			if got := slices.Contains(legal(p), "c1a1"); got != tt.want {
				t.Errorf("garrison legal = %v, want %v (moves %v)", got, tt.want, legal(p))
			}
		})
	}
	// Dark garrisons on rank 5, on either side.
	d := after(t, "r1m1r/ksksk/5/KSKSK/RPMPR d - AEae - 0 2", "roll 3 1")
	if got := legal(d); !slices.Contains(got, "c5a5") || !slices.Contains(got, "c5e5") {
		t.Fatalf("dark garrisons missing: %v", got)
	}
	d = after(t, d.String(), "c5e5")
	if d.board[24] != pieceCell(monarch, dark) || d.board[23] != pieceCell(raven, dark) || d.side != light || d.rights&12 != 0 {
		t.Errorf("after c5e5: %s; want the dark monarch on e5, raven d5, light to roll", d)
	}
	// Moving the raven or the monarch removes the right for good.
	p := after(t, "rpmpr/ksksk/5/KSKSK/R1MPR l - AEae - 0 1", "roll 3 4", "a1b1")
	if p.rights&1 != 0 {
		t.Errorf("raven moved but right A kept: %s", p)
	}
}

func TestPromotion(t *testing.T) {
	// Light has lost a raven and a paladin: the squire may promote to either, or stay a squire.
	p := after(t, "4m/1S3/5/5/2M2 l - - PRp 0 9", "roll 4 1")
	want := []string{"b4b5", "b4b5=p", "b4b5=r", "c1a1", "c1a3", "c1b1", "c1b2", "c1c2", "c1c3", "c1c4", "c1c5", "c1d1", "c1d2", "c1e1", "c1e3", "end"}
	if got := legal(p); !slices.Equal(got, want) {
		t.Errorf("got  %v\nwant %v", got, want)
	}
	q := after(t, p.String(), "b4b5=r")
	if q.board[21] != pieceCell(raven, light) || q.lost[light][raven] != 0 || q.lost[light][paladin] != 1 {
		t.Errorf("after b4b5=r: %s; want a light raven on b5 taken back from the captured pieces", q)
	}
	// With nothing captured, the squire arrives and stays a squire.
	p = after(t, "4m/1S3/5/5/2M2 l - - - 0 9", "roll 4 1")
	for _, m := range legal(p) {
		if strings.Contains(m, "=") {
			t.Errorf("promotion %s offered with nothing captured", m)
		}
	}
	// A promotion to a kind never captured is illegal, with the reason.
	_, err := p.ParseMove("b4b5=r")
	if ie, ok := err.(*engine.IllegalError); !ok || !strings.Contains(ie.Reason, "captured") {
		t.Errorf("b4b5=r: err %v, want an IllegalError about captured pieces", err)
	}
}

// Roll keeps the order the dice were thrown in, and its events read in that order too.
func TestRollKeepsThrowOrder(t *testing.T) {
	p, _ := Parse("2m2/5/5/5/R1M2 l - - PPSS 0 9") // no paladin, no squire: a 2 means raven, a 4 nothing
	for _, tt := range []struct {
		values     []int
		dice       string
		rolled     string
		substitute []string
	}{
		{[]int{4, 2}, " 4-,2r ", "rolled 4 and 2", []string{"die 4 counts upward to nothing (void)", "die 2 counts upward to raven"}},
		{[]int{2, 4}, " 2r,4- ", "rolled 2 and 4", []string{"die 2 counts upward to raven", "die 4 counts upward to nothing (void)"}},
	} {
		child, ev, err := p.Roll(tt.values)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(child.String(), tt.dice) {
			t.Errorf("Roll(%v) = %s, want the dice%s", tt.values, child, tt.dice)
		}
		var got []string
		for _, e := range ev[1:] {
			got = append(got, e.Text)
		}
		if ev[0].Text != tt.rolled || !slices.Equal(got, tt.substitute) {
			t.Errorf("Roll(%v) events %q then %q, want %q then %q", tt.values, ev[0].Text, got, tt.rolled, tt.substitute)
		}
	}
}
