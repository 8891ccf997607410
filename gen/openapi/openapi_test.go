package openapi

import (
	"bytes"
	"strings"
	"testing"
)

// The document is the same at every build: clients generated from it are compared with what is
// committed.
func TestBuildIsDeterministic(t *testing.T) {
	first := mustBuild(generated)
	for range 5 {
		if !bytes.Equal(mustBuild(generated), first) {
			t.Fatal("two builds of the document differ")
		}
	}
}

// A field in alwaysSet that no answer has (renamed, removed) stops the build instead of going
// unnoticed.
func TestBuildRefusesUnknownAlwaysSet(t *testing.T) {
	saved := alwaysSet
	defer func() { alwaysSet = saved }()
	alwaysSet = append(saved[:len(saved):len(saved)], "ashtapada.v1.Position.nothing")
	if _, err := build(generated); err == nil || !strings.Contains(err.Error(), "Position.nothing") {
		t.Errorf("build with an unknown always-set field: %v", err)
	}
}

func TestWords(t *testing.T) {
	for name, want := range map[string]string{"ListLegalMoves": "List legal moves", "Perft": "Perft", "SearchStream": "Search stream"} {
		if got := words(name); got != want {
			t.Errorf("words(%q) = %q, want %q", name, got, want)
		}
	}
}
