package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/chaturanga"
	"github.com/ashtapada/ashtapada/engine/search"
)

// fakeEnv makes the test binary a fake UCI engine instead of running the tests: "ok" answers
// every search with the first legal move, "hang" never answers a search (nor stop), "die"
// exits when asked to search; "search" is ashtapada search --uci itself.
const fakeEnv = "ASHTAPADA_FAKE_UCI"

func TestMain(m *testing.M) {
	switch mode := os.Getenv(fakeEnv); mode {
	case "":
	case "search":
		if err := run(context.Background(), []string{"search", "--uci"}, os.Stdout); err != nil {
			os.Exit(1)
		}
		os.Exit(0)
	default:
		fakeUCI(mode)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func fakeUCI(mode string) {
	var pos chaturanga.Position
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		cmd, arg, _ := strings.Cut(sc.Text(), " ")
		switch cmd {
		case "uci":
			fmt.Println("id name fake\nuciok")
		case "isready":
			fmt.Println("readyok")
		case "position":
			p, err := chaturanga.Parse(strings.TrimPrefix(arg, "fen "))
			if err != nil {
				os.Exit(2)
			}
			pos = p
		case "go":
			switch mode {
			case "die":
				os.Exit(3)
			case "hang":
				continue
			}
			moves := pos.Moves(nil)
			fmt.Printf("info depth 1 score cp 0 pv %s\nbestmove %s\n", pos.Notation(moves[0]), pos.Notation(moves[0]))
		case "quit":
			return
		}
	}
}

// fakeBot returns a bot that runs this test binary as a fake engine in mode.
func fakeBot(t *testing.T, mode string) *uciBot {
	t.Helper()
	t.Setenv(fakeEnv, mode)
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	b, err := newFairyBot(exe, map[string]string{"depth": "3"}, "fake")
	if err != nil {
		t.Fatal(err)
	}
	b.grace, b.stopWait = 200*time.Millisecond, 200*time.Millisecond
	t.Cleanup(func() { b.Close() })
	return b
}

func start(t *testing.T) *chaturanga.Position {
	t.Helper()
	p := chaturanga.New()
	return &p
}

func TestUCIBotPlaysTheEnginesMove(t *testing.T) {
	b := fakeBot(t, "ok")
	pos := start(t)
	var want [engine.MaxMoves]engine.Move
	for range 3 { // the engine is started once and answers every move
		m, err := b.Choose(context.Background(), pos, nil)
		if err != nil {
			t.Fatal(err)
		}
		if first := pos.Moves(want[:0])[0]; m != first {
			t.Fatalf("Choose = %s, want the fake engine's %s", pos.Notation(m), pos.Notation(first))
		}
		var next chaturanga.Position
		pos.PlayInto(m, &next)
		pos = &next
	}
	ini := b.ini
	if _, err := os.Stat(ini); err != nil {
		t.Fatalf("variants file: %v", err)
	}
	if err := b.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(ini); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("variants file %s left behind: %v", ini, err)
	}
}

func TestUCIBotTimesOutAndRestarts(t *testing.T) {
	b := fakeBot(t, "hang")
	began := time.Now()
	if _, err := b.Choose(context.Background(), start(t), nil); err == nil {
		t.Fatal("no error from an engine that never answers")
	}
	if d := time.Since(began); d > 5*time.Second {
		t.Errorf("gave up after %v", d)
	}
	if b.eng != nil {
		t.Error("the hung engine was kept")
	}
	t.Setenv(fakeEnv, "ok")
	if _, err := b.Choose(context.Background(), start(t), nil); err != nil {
		t.Errorf("after a restart: %v", err)
	}
}

func TestUCIBotCancelled(t *testing.T) {
	b := fakeBot(t, "hang")
	b.grace = time.Hour
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	if _, err := b.Choose(ctx, start(t), nil); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Choose = %v, want the context's deadline", err)
	}
}

func TestUCIBotEngineDies(t *testing.T) {
	b := fakeBot(t, "die")
	_, err := b.Choose(context.Background(), start(t), nil)
	if err == nil || !strings.Contains(err.Error(), "exited") {
		t.Errorf("Choose = %v, want an error saying the engine exited", err)
	}
}

func TestUCIBotRefusesOtherVariants(t *testing.T) {
	b := fakeBot(t, "ok")
	v, _ := engine.Lookup("martian_chaturanga")
	p, err := v.Start(nil)
	if err != nil {
		t.Fatal(err)
	}
	n := p
	if _, err := b.Choose(context.Background(), n, nil); err == nil {
		t.Error("a chaturanga engine was asked to play martian_chaturanga")
	}
}

// TestFairyVariantsFile keeps the variants written for the bot equal to tools/fairy/variants.ini.
func TestFairyVariantsFile(t *testing.T) {
	data, err := os.ReadFile("../../tools/fairy/variants.ini")
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, l := range strings.Split(string(data), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			lines = append(lines, l)
		}
	}
	if got, want := strings.Join(lines, "\n")+"\n", fairyVariants; got != want {
		t.Errorf("tools/fairy/variants.ini defines\n%s\nbut the bot writes\n%s", got, want)
	}
}

// TestFairyStockfish plays a short game against the real engine where it is installed (CI does
// not have it).
func TestFairyStockfish(t *testing.T) {
	path := envOr("ASHTAPADA_FAIRY", defaultFairy)
	if _, err := os.Stat(path); err != nil {
		t.Skipf("Fairy-Stockfish not installed at %s (set ASHTAPADA_FAIRY): %v", path, err)
	}
	b, err := newFairyBot(path, map[string]string{"depth": "2"}, "fairy:depth=2")
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	root := chaturanga.New()
	_, n, err := search.PlayGame(context.Background(), &root, []search.Bot{b, search.RandomBot()}, rand.New(rand.NewPCG(1, 0)), 40)
	if err != nil {
		t.Fatal(err)
	}
	if n < 1 {
		t.Errorf("the game lasted %d actions", n)
	}
}

func TestParseInfo(t *testing.T) {
	for _, c := range []struct {
		line string
		want searchInfo
	}{
		{"info depth 12 seldepth 15 multipv 1 score cp -37 nodes 109902 nps 1207714 tbhits 0 time 91 pv b1c3 b8c6",
			searchInfo{ok: true, depth: 12, nodes: 109902, elapsed: 91 * time.Millisecond, value: -0.37, hasValue: true}},
		{"info depth 7 seldepth 8 score mate 1 nodes 44895 nps 2996104 time 14 pv a1a8",
			searchInfo{ok: true, depth: 7, nodes: 44895, elapsed: 14 * time.Millisecond, value: engine.WinValue - 1, hasValue: true}},
		{"info depth 4 score mate -2 nodes 682 time 0 pv e8d8 a1c1 d8e8 c1c8",
			searchInfo{ok: true, depth: 4, nodes: 682, value: -(engine.WinValue - 4), hasValue: true}},
		{"info string classical evaluation enabled", searchInfo{}},
	} {
		if got := parseInfo(c.line); got != c.want {
			t.Errorf("parseInfo(%q) = %+v, want %+v", c.line, got, c.want)
		}
	}
}

func TestUCIBotGoCommand(t *testing.T) {
	for _, c := range []struct {
		opts map[string]string
		want string
	}{
		{map[string]string{"depth": "5"}, "go depth 5"},
		{map[string]string{"movetime": "50ms"}, "go movetime 50"},
		{map[string]string{"nodes": "1000"}, "go nodes 1000"},
		{map[string]string{"tc": "10s+100ms"}, "go wtime 9000 btime 8000 winc 100 binc 100"},
		{nil, "go depth 1"},
	} {
		b, err := newUCIBot("engine", nil, c.opts, "test")
		if err != nil {
			t.Fatal(err)
		}
		b.setClocks(9*time.Second, 8*time.Second)
		if got, _ := b.goCommand(); got != c.want {
			t.Errorf("%v: %q, want %q", c.opts, got, c.want)
		}
	}
	for _, opts := range []map[string]string{{"tc": "0s"}, {"tc": "1s+x"}, {"nodes": "0"}, {"depth": "3", "tc": "1s"}} {
		if _, err := newUCIBot("engine", nil, opts, "test"); err == nil {
			t.Errorf("%v: no error", opts)
		}
	}
}

// An engine that answers isready but never uciok is no UCI engine: the handshake fails, however
// it answers afterwards.
func TestUCIHandshakeNeedsUCIOK(t *testing.T) {
	prev := handshakeTimeout
	handshakeTimeout = 300 * time.Millisecond
	defer func() { handshakeTimeout = prev }()
	e, err := startUCI(context.Background(), "/bin/sh", []string{"-c", "while read l; do echo readyok; done"}, time.Second, nil)
	if err == nil {
		e.kill()
		t.Fatal("the handshake passed without uciok")
	}
}
