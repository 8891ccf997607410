package main

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.uber.org/zap"

	"github.com/ashtapada/ashtapada/engine/record"
	"github.com/ashtapada/ashtapada/service"
)

// review writes every game of a record file as an annotated record that reads back with every
// action, in this process and through a server alike; --json prints one line per action and one
// summary per game.
func TestReviewCommand(t *testing.T) {
	ctx := context.Background()
	file := filepath.Join(t.TempDir(), "games.pgn")
	err := run(ctx, []string{"match", "--variant", "chaturaji", "--options", "max_rounds=3", "--players", "search:depth=1,random,random,random",
		"--games", "2", "--records", file}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	text, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	games := record.SplitGames(string(text))
	if len(games) != 2 {
		t.Fatalf("%d games in the match's records", len(games))
	}
	actions := make([]int, len(games))
	for i, g := range games {
		rec, err := record.Read(g, 5000)
		if err != nil {
			t.Fatal(err)
		}
		actions[i] = len(rec.Actions)
	}

	var local strings.Builder
	if err := run(ctx, []string{"review", "--depth", "2", file}, &local); err != nil {
		t.Fatal(err)
	}
	reviewed := record.SplitGames(local.String())
	if len(reviewed) != 2 {
		t.Fatalf("%d reviewed games:\n%s", len(reviewed), local.String())
	}
	for i, g := range reviewed {
		rec, err := record.Read(g, 5000)
		if err != nil {
			t.Fatalf("game %d does not read back: %v\n%s", i+1, err, g)
		}
		steps, fail := rec.Play()
		if fail != nil || len(steps) != actions[i] {
			t.Fatalf("game %d reads back %d actions of %d (%v)", i+1, len(steps), actions[i], fail)
		}
		for _, want := range []string{"[Annotator \"Ashtapada review\"]", "[%chances ", "[%luck ", "Luck \""} {
			if !strings.Contains(g, want) {
				t.Errorf("game %d has no %q", i+1, want)
			}
		}
	}

	var lines strings.Builder
	if err := run(ctx, []string{"review", "--depth", "2", "--json", file}, &lines); err != nil {
		t.Fatal(err)
	}
	perGame := map[int]int{}
	summaries := 0
	for _, l := range strings.Split(strings.TrimSpace(lines.String()), "\n") {
		var m struct {
			Game   int
			Result map[string]json.RawMessage
		}
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("%q: %v", l, err)
		}
		if _, ok := m.Result["summary"]; ok {
			summaries++
		} else {
			perGame[m.Game]++
		}
	}
	if summaries != 2 || perGame[1] != actions[0] || perGame[2] != actions[1] {
		t.Errorf("--json: %d summaries, actions per game %v; want 2 and %v", summaries, perGame, actions)
	}

	// Through a running service, two games at once: the same annotated records.
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	httpLis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	sctx, stop := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- service.Serve(sctx, lis, httpLis, service.Config{Log: zap.NewNop()}) }()
	defer func() { stop(); <-done }()
	var remote strings.Builder
	if err := run(ctx, []string{"review", "--depth", "2", "--jobs", "2", "--server", lis.Addr().String(), file}, &remote); err != nil {
		t.Fatal(err)
	}
	if remote.String() != local.String() {
		t.Errorf("the server's review differs from this process's:\n%s\n---\n%s", remote.String(), local.String())
	}
}
