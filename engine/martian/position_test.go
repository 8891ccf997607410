package martian

import (
	"errors"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
)

// The key covers what decides the legal actions and the outcome, and nothing else.
func TestKey(t *testing.T) {
	const base = "r1mpr/ksksk/p4/KSKSK/R1MPR l 2p,4s AEae - 0 3"
	tests := []struct {
		name string
		a, b string
		same bool
	}{
		{"the turn number is a clock", base, "r1mpr/ksksk/p4/KSKSK/R1MPR l 2p,4s AEae - 0 9", true},
		{"without a turn limit the quiet turns decide nothing", base, "r1mpr/ksksk/p4/KSKSK/R1MPR l 2p,4s AEae - 7 3", true},
		{"nor does a capture this turn", base, "r1mpr/ksksk/p4/KSKSK/R1MPR l 2p,4s+ AEae - 0 3", true},
		{"the order the dice were thrown in", base, "r1mpr/ksksk/p4/KSKSK/R1MPR l 4s,2p AEae - 0 3", true},
		{"the quiet turns left under a limit", "r1mpr/ksksk/p4/KSKSK/R1MPR l 2p,4s AEae - 2 3 max_turns=5",
			"r1mpr/ksksk/p4/KSKSK/R1MPR l 2p,4s AEae - 0 3 max_turns=3", true},
		{"fewer quiet turns left", "r1mpr/ksksk/p4/KSKSK/R1MPR l 2p,4s AEae - 2 3 max_turns=5",
			"r1mpr/ksksk/p4/KSKSK/R1MPR l 2p,4s AEae - 3 3 max_turns=5", false},
		{"a capture this turn under a limit", "r1mpr/ksksk/p4/KSKSK/R1MPR l 2p,4s AEae - 2 3 max_turns=5",
			"r1mpr/ksksk/p4/KSKSK/R1MPR l 2p,4s+ AEae - 2 3 max_turns=5", false},
		{"a limit or none", base, "r1mpr/ksksk/p4/KSKSK/R1MPR l 2p,4s AEae - 0 3 max_turns=1000", false},
		{"side to move", "r1mpr/ksksk/p4/KSKSK/R1MPR l - AEae - 0 3", "r1mpr/ksksk/p4/KSKSK/R1MPR d - AEae - 0 3", false},
		{"dice rolled or not", base, "r1mpr/ksksk/p4/KSKSK/R1MPR l - AEae - 0 3", false},
		{"a die used", base, "r1mpr/ksksk/p4/KSKSK/R1MPR l 2p*,4s AEae - 0 3", false},
		{"which die is used", "r1mpr/ksksk/p4/KSKSK/R1MPR l 2p*,4s AEae - 0 3", "r1mpr/ksksk/p4/KSKSK/R1MPR l 2p,4s* AEae - 0 3", false},
		{"a die's meaning", "2m2/5/5/5/R1M2 l 2r,4- - PPSS 0 9", "2m2/5/5/5/R1M2 l 3r,4- - PPSS 0 9", false},
		{"garrison rights", base, "r1mpr/ksksk/p4/KSKSK/R1MPR l 2p,4s Eae - 0 3", false},
		{"the promotion pool", base, "r1mpr/ksksk/p4/KSKSK/R1MPR l 2p,4s AEae P 0 3", false},
		{"whose pool", "2m2/5/5/5/R1M2 l 3r,4- - P 0 9", "2m2/5/5/5/R1M2 l 3r,4- - p 0 9", false},
		{"the board", base, "r1mpr/ksksk/1p3/KSKSK/R1MPR l 2p,4s AEae - 0 3", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, err1 := Parse(tt.a)
			b, err2 := Parse(tt.b)
			if err1 != nil || err2 != nil {
				t.Fatal(err1, err2)
			}
			if got := a.Key() == b.Key(); got != tt.same {
				t.Errorf("keys of %q and %q equal = %v, want %v", tt.a, tt.b, got, tt.same)
			}
		})
	}
}

// Play keeps the key up to date: it is the key computed from scratch.
func TestKeyIncremental(t *testing.T) {
	var walk func(p *Position, depth int)
	walk = func(p *Position, depth int) {
		if p.key != p.computeKey() {
			t.Fatalf("%s: key %x, from scratch %x", p, p.key, p.computeKey())
		}
		if depth == 0 {
			return
		}
		var child Position
		for _, m := range p.Moves(nil) {
			p.play(m, &child)
			walk(&child, depth-1)
		}
	}
	for _, text := range []string{StartText, "4m/1S3/5/5/2M2 l 4s,1m - PRp 0 9", "rpmpr/ksksk/5/KSKSK/R1M1R l 1m,3r AEae PP 0 4"} {
		p, err := Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		walk(&p, 4)
	}
}

// The dice keep the meanings they were given when set, though a promotion has since changed the
// pieces; the text and the structured form the engine writes then read back.
func TestDiceMeaningsAsRecorded(t *testing.T) {
	for _, tt := range []struct{ text, action, want string }{
		// No raven at the roll: the 3 counts up to squire; the squire comes back as a raven.
		{"4m/1S3/5/5/M4 l 3s,4s - R 0 1", "b4b5=r", "1R2m/5/5/5/M4 l 3s*,4s - - 0 1"},
		{"4m/1S3/5/5/M4 l 4s,3s - R 0 1", "b4b5=r", "1R2m/5/5/5/M4 l 4s,3s* - - 0 1"},
		// The last squire promotes: the unused 4 still means squire, and moves nothing.
		{"4m/1S3/5/5/M1P2 l 2p,4s - R 0 1", "b4b5=r", "1R2m/5/5/5/M1P2 l 2p,4s* - - 0 1"},
		// No paladin nor raven at the roll: the 2 meant squire too.
		{"m4/5/5/1s3/4M d 2s,3s - pr 0 1", "b2b1=p", "m4/5/5/5/1p2M d 2s*,3s - r 0 1"},
	} {
		p := after(t, tt.text, tt.action)
		if p.String() != tt.want {
			t.Fatalf("%s after %s: %s, want %s", tt.text, tt.action, p, tt.want)
		}
		back, err := Parse(p.String())
		if err != nil || back != *p {
			t.Errorf("%s does not parse back the same: %v", p, err)
		}
		fromSetup, err := Variant.FromSetup(p.Setup())
		if err != nil || fromSetup.String() != p.String() {
			t.Errorf("the setup of %s does not read back: %v, %v", p, fromSetup, err)
		}
	}
}

// Dice that no pieces at the roll could have given are refused, saying why.
func TestDiceMeaningsInconsistent(t *testing.T) {
	for _, tt := range []struct{ text, reason string }{
		{"1R2m/5/5/5/M4 l 3s,4s - - 0 1", "die 1 rolled 3 means raven by the count-upward rule for light's pieces, not squire"},
		{"1RP1m/5/5/5/M4 l 2s*,3s - - 0 1", "die 1 rolled 2 means paladin by the count-upward rule for light's pieces, not squire; nor does a promotion this turn explain it"},
		{"4m/1S3/5/5/M4 l 3s,4r - R 0 1", "die 2 rolled 4 cannot mean raven: a die counts upward, never down"},
		{"4m/1S3/5/1R3/M4 l 2r,3s - - 0 1", "the dice disagree on whether light had a raven when they were set"},
		{"4m/1S3/5/5/M4 l 1-,4s - R 0 1", "the dice disagree on whether light had a squire"},
		{"4m/1S3/5/5/M4 l 1-,1- - R 0 1", "die 1 rolled 1 means monarch by the count-upward rule for light's pieces, not nothing (void)"},
	} {
		_, err := Parse(tt.text)
		var pe *engine.PositionError
		if !errors.As(err, &pe) || pe.Field != "dice" || !strings.HasPrefix(pe.Reason, tt.reason) {
			t.Errorf("Parse(%q) = %v, want dice: %s", tt.text, err, tt.reason)
		}
	}
	// The structured form is held to the same rule.
	p, _ := Parse("1R2m/5/5/5/M4 l 3s*,4s - - 0 1")
	s := p.Setup()
	s.Dice[0].Used = false
	if _, err := Variant.FromSetup(s); err == nil || !strings.Contains(err.Error(), "die 1 rolled 3 means raven") {
		t.Errorf("FromSetup with no die used = %v, want the 3 to mean raven", err)
	}
}
