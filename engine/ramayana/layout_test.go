package ramayana

import (
	"fmt"
	"testing"
)

func TestBoardMatchesRules(t *testing.T) {
	b := Board()
	if got := len(b.Squares); got != 84 {
		t.Errorf("squares = %d, want 84", got)
	}
	want := map[string]int{"india": 64, "west_archipelago": 4, "east_archipelago": 4,
		"west_square": 4, "east_square": 4, "west_pair": 2, "east_pair": 2, "ocean": 160 - 84}
	if len(b.Regions) != len(want) {
		t.Errorf("regions = %d, want %d", len(b.Regions), len(want))
	}
	for _, r := range b.Regions {
		if got := len(r.Squares); got != want[r.Name] {
			t.Errorf("region %s has %d squares, want %d", r.Name, got, want[r.Name])
		}
	}
	for _, name := range []string{"c1", "h8", "a1", "j16", "e17", "k1"} {
		if b.Has(name) {
			t.Errorf("%s exists, want ocean or off the grid", name)
		}
	}
	for _, r := range b.Regions {
		for _, s := range r.Squares {
			if b.Has(s) == (r.Kind == "ocean") {
				t.Errorf("region %s (%s) lists %s, which exists: %v", r.Name, r.Kind, s, b.Has(s))
			}
		}
	}
	marks := map[string][]string{}
	for _, m := range b.Marks {
		marks[m.Name+"/"+m.Player] = m.Squares
	}
	for key, want := range map[string]string{"rakshasa_start/": "[i8 b9]", "maharajah_square/yellow": "[f15]",
		"maharajah_square/red": "[e2]", "last_row/yellow": "[d16 e16 f16 g16]", "last_row/red": "[d1 e1 f1 g1]"} {
		if got := fmt.Sprint(marks[key]); got != want {
			t.Errorf("mark %s = %s, want %s", key, got, want)
		}
	}
	for _, s := range RakshasaStarts {
		if sq, _ := b.Lookup(s); sq.Region != "west_archipelago" && sq.Region != "east_archipelago" {
			t.Errorf("rakshasa start %s lies in %q, want a special board", s, sq.Region)
		}
	}
}

// Symmetric under a half turn, and no king step joins an island to India.
func TestBoardShape(t *testing.T) {
	b := Board()
	for _, sq := range b.Squares {
		if !b.Has(nameAt(9-sq.File, 15-sq.Rank)) {
			t.Errorf("%s has no half-turn image", sq.Name)
		}
		if sq.Region == "india" {
			continue
		}
		for df := -1; df <= 1; df++ {
			for dr := -1; dr <= 1; dr++ {
				n, ok := b.Lookup(nameAt(sq.File+df, sq.Rank+dr))
				if ok && n.Region == "india" {
					t.Errorf("island square %s touches India at %s", sq.Name, n.Name)
				}
			}
		}
	}
}

func nameAt(f, r int) string {
	if f < 0 || r < 0 {
		return "-"
	}
	return string(rune('a'+f)) + itoa(r+1)
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}
