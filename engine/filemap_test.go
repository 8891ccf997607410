package engine_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// fileMap is where every game package keeps each part of a variant (see the package doc): the
// methods of its Position and variant types, and its text parser, by name.
var fileMap = map[string]string{
	"Describe": "variant.go", "Start": "variant.go",
	"Variant": "position.go", "ToMove": "position.go", "Seats": "position.go", "Key": "position.go",
	"Parse": "notation.go", "String": "notation.go", "Notation": "notation.go", "ParseMove": "notation.go", "Action": "notation.go",
	"Setup": "setup.go", "FromSetup": "setup.go",
	"Moves": "movegen.go", "CountMoves": "movegen.go",
	"Play": "play.go", "PlayInto": "play.go", "NewNode": "play.go", "Roll": "play.go", "RollMove": "play.go", "Probability": "play.go", "Dice": "play.go",
	"Phase": "outcome.go", "Outcome": "outcome.go", "Utility": "outcome.go",
	"Evaluate": "eval.go", "Terms": "eval.go",
	"Noisy": "tactics.go", "Gain": "tactics.go", "InCheck": "tactics.go",
	"whyIllegal": "reasons.go",
	"BoardNow":   "board.go",
}

// requiredFiles are the files every game package has.
var requiredFiles = []string{"variant.go", "position.go", "notation.go", "setup.go", "movegen.go", "play.go",
	"outcome.go", "eval.go", "tactics.go", "reasons.go"}

// TestFileMap checks that every game package (a directory below engine with a variant.go) keeps
// its methods in the files of the map, so that a reader finds Moves in movegen.go and Key in
// position.go in every game.
func TestFileMap(t *testing.T) {
	dirs, err := filepath.Glob("*/variant.go")
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no game packages: %v", err)
	}
	for _, v := range dirs {
		dir := filepath.Dir(v)
		t.Run(dir, func(t *testing.T) {
			fset := token.NewFileSet()
			pkgs, err := parser.ParseDir(fset, dir, func(fi os.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, 0)
			if err != nil {
				t.Fatal(err)
			}
			var files []string
			for _, pkg := range pkgs {
				for path, f := range pkg.Files {
					file := filepath.Base(path)
					files = append(files, file)
					for _, d := range f.Decls {
						fd, ok := d.(*ast.FuncDecl)
						if !ok {
							continue
						}
						want, mapped := fileMap[fd.Name.Name]
						if !mapped || !ownType(fd) {
							continue
						}
						if file != want {
							t.Errorf("%s is in %s, want %s", fd.Name.Name, file, want)
						}
					}
				}
			}
			for _, f := range requiredFiles {
				if !slices.Contains(files, f) {
					t.Errorf("no %s", f)
				}
			}
		})
	}
}

// ownType reports whether fd belongs to the variant: a method of Position or variant, or the
// package's text parser Parse.
func ownType(fd *ast.FuncDecl) bool {
	if fd.Recv == nil {
		return fd.Name.Name == "Parse"
	}
	t := fd.Recv.List[0].Type
	if st, ok := t.(*ast.StarExpr); ok {
		t = st.X
	}
	id, ok := t.(*ast.Ident)
	return ok && (id.Name == "Position" || id.Name == "variant")
}
