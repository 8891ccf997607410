package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/search"
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

// TestSearchUCI talks to search --uci as a match does: a position with moves, searches by depth
// and on a clock, and a stop.
func TestSearchUCI(t *testing.T) {
	v, _ := engine.Lookup("chaturanga")
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	served := make(chan error, 1)
	go func() {
		served <- serveUCI(context.Background(), inR, outW, v)
		outW.Close()
	}()
	lines := bufio.NewScanner(outR)
	send := func(cmds ...string) {
		t.Helper()
		if _, err := io.WriteString(inW, strings.Join(cmds, "\n")+"\n"); err != nil {
			t.Fatal(err)
		}
	}
	// await returns the lines up to and including the first that starts with word.
	await := func(word string) []string {
		t.Helper()
		var got []string
		for lines.Scan() {
			got = append(got, lines.Text())
			if strings.HasPrefix(lines.Text(), word) {
				return got
			}
		}
		t.Fatalf("no %s in %q", word, got)
		return nil
	}
	send("uci")
	if got := await("uciok"); !strings.HasPrefix(got[0], "id name ashtapada") {
		t.Errorf("uci: %q", got)
	}
	send("setoption name UCI_Variant value chaturanga", "setoption name Hash value 8", "ucinewgame", "isready")
	await("readyok")

	send("position fen 4k3/8/4K3/8/8/8/8/R7 w - - 0 1", "go depth 3")
	got := await("bestmove")
	if got[len(got)-1] != "bestmove a1a8" || !strings.Contains(got[len(got)-2], " score mate 1 ") {
		t.Errorf("mate in one: %q", got)
	}
	send("position startpos moves e2e3 e7e6", "go wtime 1000 btime 1000 winc 10 binc 10")
	got = await("bestmove")
	if !strings.Contains(got[len(got)-2], " score cp ") {
		t.Errorf("clock search: %q", got)
	}
	send("position startpos", "go depth 60")
	time.Sleep(20 * time.Millisecond)
	send("stop")
	if got := await("bestmove"); len(got[len(got)-1]) < len("bestmove a2a3") {
		t.Errorf("stopped search: %q", got)
	}
	send("position fen R3k3/8/4K3/8/8/8/8/8 b - - 0 1", "go depth 2")
	if got := await("bestmove"); got[len(got)-1] != "bestmove (none)" {
		t.Errorf("finished game: %q", got)
	}
	// Skill Level: the weakest level plays a legal action within its own depth; an unknown value
	// is refused.
	send("setoption name Threads value 0", "isready")
	if got := await("readyok"); !strings.Contains(strings.Join(got, "\n"), "info string Threads: want 1 to 64") {
		t.Errorf("Threads 0: %q", got)
	}
	send("setoption name UCI_LimitStrength value true", "setoption name UCI_Elo value 1", "isready")
	lo, hi, _ := eloRange(v)
	if got := await("readyok"); !strings.Contains(strings.Join(got, "\n"), fmt.Sprintf("info string UCI_Elo: want %d to %d", lo, hi)) || lo >= hi {
		t.Errorf("UCI_Elo 1: %q", got)
	}
	send("setoption name UCI_LimitStrength value false", "setoption name Skill Level value 9", "isready")
	if got := await("readyok"); !strings.Contains(strings.Join(got, "\n"), "info string Skill Level: want 1 to 8") {
		t.Errorf("Skill Level 9: %q", got)
	}
	send("setoption name Skill Level value 1", "position startpos", "go movetime 200")
	got = await("bestmove")
	if strings.Contains(strings.Join(got, "\n"), " depth 2 ") || got[len(got)-1] == "bestmove (none)" {
		t.Errorf("Skill Level 1: %q", got)
	}
	send("quit")
	if err := <-served; err != nil {
		t.Error(err)
	}
}

// TestUCIScore checks that an info line reports mate only for a proven result: a whole number of
// actions from WinValue, and in a game with dice only a game already over, since values averaged
// over rolls or chances of first place come as near without proving anything.
func TestUCIScore(t *testing.T) {
	start := func(name string) engine.Position {
		v, ok := engine.Lookup(name)
		if !ok {
			t.Fatalf("no variant %s", name)
		}
		p, err := v.Start(nil)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	chaturanga, mcc := start("chaturanga"), start("martian_coaster_chaturanga")
	for _, c := range []struct {
		pos   engine.Position
		value float64
		want  string
	}{
		{chaturanga, 9999, " score mate 1 "},
		{chaturanga, -9996, " score mate -2 "},
		{chaturanga, 1.25, " score cp 125 "},
		{chaturanga, 9000.5, " score cp 900050 "},
		{mcc, 4293.65, " score cp 429365 "},
		{mcc, 9487, " score cp 948700 "},
		{mcc, 10000, " score mate 0 "},
	} {
		r := search.Result{Lines: []search.Line{{Values: []float64{c.value, -c.value, -c.value, -c.value}}}}
		if got := uciInfo(c.pos, 0, r); !strings.Contains(got, c.want) {
			t.Errorf("%s, value %v: %q, want %q", c.pos.Variant().Describe().Name, c.value, got, c.want)
		}
	}
}
