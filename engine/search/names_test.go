package search_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/engine/enginetest"
	_ "github.com/ashtapada/ashtapada/engine/games"
)

// The search reads what it knows of a game from the variant's search hints, never from its name:
// no string in the package's code names a variant, so that a new game needs no edit here.
func TestSearchNamesNoVariant(t *testing.T) {
	names := map[string]bool{}
	for _, v := range enginetest.Registered(t) {
		names[v.Describe().Name] = true
	}
	if len(names) < 8 {
		t.Fatalf("%d variants registered, want every game", len(names))
	}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	checked := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		checked++
		ast.Inspect(file, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if s, err := strconv.Unquote(lit.Value); err == nil && names[s] {
					t.Errorf("%s: the variant name %q", fset.Position(lit.Pos()), s)
				}
			}
			return true
		})
	}
	if checked == 0 {
		t.Fatal("no source file checked")
	}
}
