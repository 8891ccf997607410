package chaturaji

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
)

type perftEntry struct {
	text  string
	rolls [][]int
	nodes []uint64 // by depth, from 1
}

func readPerft(t testing.TB) []perftEntry {
	f, err := os.Open("testdata/perft.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []perftEntry
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		parts := strings.Split(line, "|")
		if len(parts) != 3 {
			t.Fatalf("bad line %q", line)
		}
		e := perftEntry{text: strings.TrimSpace(parts[0])}
		if r := strings.TrimSpace(parts[1]); r != "-" {
			for _, roll := range strings.Fields(r) {
				var values []int
				for _, v := range strings.Split(roll, ",") {
					n, _ := strconv.Atoi(v)
					values = append(values, n)
				}
				e.rolls = append(e.rolls, values)
			}
		}
		for i, dn := range strings.Fields(parts[2]) {
			d, n, _ := strings.Cut(dn, ":")
			if depth, _ := strconv.Atoi(d); depth != i+1 {
				t.Fatalf("depths must run 1, 2, ...: %q", line)
			}
			want, _ := strconv.ParseUint(n, 10, 64)
			e.nodes = append(e.nodes, want)
		}
		out = append(out, e)
	}
	if len(out) == 0 {
		t.Fatal("no perft entries")
	}
	return out
}

func TestPerftTable(t *testing.T) {
	for _, e := range readPerft(t) {
		pos, err := Variant.Parse(e.text)
		if err != nil {
			t.Fatal(err)
		}
		for i, want := range e.nodes {
			if testing.Short() && want > 200_000 {
				continue
			}
			if got := pos.Perft(i+1, e.rolls); got != want {
				t.Errorf("perft(%s, rolls %v, %d) = %d, want %d", e.text, e.rolls, i+1, got, want)
			}
		}
	}
}

// The fast internal perft agrees with a walk through the engine interface on every table position.
func TestPerftThroughInterface(t *testing.T) {
	for _, e := range readPerft(t) {
		if e.rolls != nil {
			continue
		}
		pos, _ := Variant.Parse(e.text)
		if got, want := engine.WalkPerft(pos, 3), pos.Perft(3, nil); got != want {
			t.Errorf("%s: walk = %d, perft = %d", e.text, got, want)
		}
	}
}
