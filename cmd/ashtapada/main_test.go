package main

import (
	"context"
	"strings"
	"testing"
)

func TestPerftCommand(t *testing.T) {
	var out strings.Builder
	if err := run(context.Background(), []string{"perft", "--variant", "chaturanga", "--depth", "4"}, &out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "nodes 68122\n") {
		t.Errorf("output %q lacks nodes 68122", out.String())
	}
	out.Reset()
	err := run(context.Background(), []string{"perft", "--depth", "3", "--divide", "--fen", "2r1k3/1P4P1/8/3q4/8/8/1p4p1/R3K3 w - - 0 40"}, &out)
	if err != nil || !strings.Contains(out.String(), "b7b8q: ") || !strings.Contains(out.String(), "nodes 5319\n") {
		t.Errorf("divide output %q, %v; want b7b8q and nodes 5319", out.String(), err)
	}
}

func TestMovesCommand(t *testing.T) {
	var out strings.Builder
	if err := run(context.Background(), []string{"moves", "--variant", "martian_chaturanga", "--fen", "rpmpr/ksksk/5/KSKSK/RPMPR l 2p,4s AEae - 0 1"}, &out); err != nil {
		t.Fatal(err)
	}
	if got := len(strings.Fields(out.String())); got != 7 {
		t.Errorf("%d moves listed, want 7:\n%s", got, out.String())
	}
	if err := run(context.Background(), []string{"moves", "--variant", "nope"}, &out); err == nil {
		t.Error("unknown variant accepted")
	}
}
