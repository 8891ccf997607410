package main

import (
	"context"
	"strings"
	"testing"
)

func TestSearchCommand(t *testing.T) {
	var out strings.Builder
	err := run(context.Background(), []string{"search", "--variant", "chaturanga", "--fen", "4k3/8/4K3/8/8/8/8/R7 w - - 0 1", "--depth", "3"}, &out)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 4 || lines[3] != "bestmove a1a8" {
		t.Fatalf("output:\n%s\nwant three info lines and bestmove a1a8", out.String())
	}
	for i, l := range lines[:3] {
		f := strings.Fields(l)
		if len(f) < 14 || f[0] != "info" || f[2] != string(rune('1'+i)) || f[6] != "9999.00" || f[len(f)-1] != "a1a8" {
			t.Errorf("info line %d: %q", i+1, l)
		}
	}

	out.Reset()
	err = run(context.Background(), []string{"search", "--depth", "2", "--multipv", "3", "--algorithm", "paranoid"}, &out)
	if err != nil || strings.Count(out.String(), "multipv 3 ") != 2 || !strings.Contains(out.String(), "bestmove ") {
		t.Errorf("multipv 3 at depth 2: %v\n%s", err, out.String())
	}

	out.Reset()
	err = run(context.Background(), []string{"search", "--variant", "chaturaji", "--movetime", "100ms"}, &out)
	if err == nil || !strings.Contains(err.Error(), "roll") {
		t.Errorf("search of a position waiting for a roll: %v", err)
	}
	for _, args := range [][]string{
		{"search", "--algorithm", "best"},
		{"search", "--depth", "65"},
		{"search", "--fen", "R3k3/8/4K3/8/8/8/8/8 b - - 0 1", "--depth", "1"},
	} {
		if err := run(context.Background(), args, &out); err == nil {
			t.Errorf("%q: no error", args)
		}
	}
}
