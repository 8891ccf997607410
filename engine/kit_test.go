package engine

import (
	"slices"
	"strings"
	"testing"
)

var kitSpecs = []OptionSpec{
	{Name: "teams", Kind: OptionBool, Default: OptionValue{Kind: OptionBool}},
	{Name: "dice", Kind: OptionInt, Default: OptionValue{Kind: OptionInt, Int: 1}, Min: 1, Max: 2},
	{Name: "goal", Kind: OptionString, Default: OptionValue{Kind: OptionString, String: "points"}, Allowed: []string{"points", "last"}},
}

func TestOptionWords(t *testing.T) {
	opts, err := ReadOptionWords(kitSpecs, []string{"goal=last", "teams", "dice=2"})
	if err != nil {
		t.Fatal(err)
	}
	if got := OptionWords(kitSpecs, opts); !slices.Equal(got, []string{"teams", "dice=2", "goal=last"}) {
		t.Errorf("written back as %q", got)
	}
	full, err := ResolveOptions(kitSpecs, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := OptionWords(kitSpecs, full); len(got) != 0 {
		t.Errorf("defaults written as %q", got)
	}
	for _, c := range []struct {
		words []string
		says  string
	}{
		{[]string{"tems"}, `unknown option "tems"`},
		{[]string{"teams", "teams"}, "given twice"},
		{[]string{"teams=1"}, "takes no value"},
		{[]string{"dice"}, `want dice=N, got "dice"`},
		{[]string{"dice=x"}, "want dice=N"},
		{[]string{"goal="}, "want goal=VALUE"},
	} {
		_, err := ReadOptionWords(kitSpecs, c.words)
		if err == nil || !strings.Contains(err.Error(), c.says) || !strings.HasPrefix(err.Error(), "options: ") {
			t.Errorf("%q: %v, want an options error saying %q", c.words, err, c.says)
		}
	}
}

func TestReadPieces(t *testing.T) {
	d := &Description{Pieces: []PieceInfo{{Kind: "king"}, {Kind: "pawn"}, {Kind: "rakshasa", Neutral: true}}}
	long := &Description{Pieces: make([]PieceInfo, 12)}
	for i := range long.Pieces {
		long.Pieces[i].Kind = "kind_number_" + string(rune('a'+i))
	}
	if _, err := ReadPieces(long, nil, nil, 8, 8, []PieceSetup{{Square: "a1", Kind: "x"}}); err == nil ||
		!strings.Contains(err.Error(), "kind_number_k or kind_number_l") {
		t.Errorf("the list of kinds is cut: %v", err)
	}
	seats := []PlayerInfo{{Name: "white"}, {Name: "black"}}
	got, err := ReadPieces(d, seats, nil, 8, 8, []PieceSetup{{Square: "e1", Kind: "king", Player: "white"},
		{Square: "e7", Kind: "pawn", Player: "black", Color: "white"}, {Square: "b3", Kind: "rakshasa"}})
	if err != nil {
		t.Fatal(err)
	}
	want := []PlacedPiece{{File: 4, Rank: 0, Kind: 0, Player: 0, Color: 0}, {File: 4, Rank: 6, Kind: 1, Player: 1, Color: 0},
		{File: 1, Rank: 2, Kind: 2, Player: -1, Color: -1}}
	for i := range want {
		want[i].Setup = got[i].Setup
	}
	if !slices.Equal(got, want) {
		t.Errorf("%+v, want %+v", got, want)
	}
	holes := &Board{Squares: []Square{{Name: "a1"}, {Name: "b1"}}}
	for _, c := range []struct {
		pieces []PieceSetup
		field  string
		says   string
	}{
		{[]PieceSetup{{Square: "i1", Kind: "king", Player: "white"}}, "pieces[0].square", "not on the board"},
		{[]PieceSetup{{Square: "a1", Kind: "king", Player: "white"}, {Square: "a1", Kind: "pawn", Player: "black"}}, "pieces[1].square", "holds two pieces"},
		{[]PieceSetup{{Square: "a1", Kind: "queen", Player: "white"}}, "pieces[0].kind", "want king, pawn or rakshasa"},
		{[]PieceSetup{{Square: "a1", Kind: "king", Player: "red"}}, "pieces[0].player", "want white or black"},
		{[]PieceSetup{{Square: "a1", Kind: "king"}}, "pieces[0].player", "unknown player"},
		{[]PieceSetup{{Square: "a1", Kind: "king", Player: "white", Color: "pink"}}, "pieces[0].color", "unknown colour"},
		{[]PieceSetup{{Square: "c1", Kind: "king", Player: "white"}}, "pieces[0].square", "not a square of the board"},
	} {
		b := (*Board)(nil)
		if strings.Contains(c.says, "square of the board") {
			b = holes
		}
		_, err := ReadPieces(d, seats, b, 8, 8, c.pieces)
		pe, ok := err.(*PositionError)
		if !ok || pe.Field != c.field || !strings.Contains(pe.Reason, c.says) {
			t.Errorf("%+v: %v, want %s saying %q", c.pieces, err, c.field, c.says)
		}
	}
}

// FillKeys draws the keys in the order nested loops over the tables would.
func TestFillKeys(t *testing.T) {
	var a [2][3]uint64
	var b [4]uint64
	FillKeys(42, &a, &b)
	keys := KeySource(42)
	for i := range a {
		for j := range a[i] {
			if a[i][j] != keys.Next() {
				t.Fatalf("a[%d][%d] out of order", i, j)
			}
		}
	}
	for i := range b {
		if b[i] != keys.Next() {
			t.Fatalf("b[%d] out of order", i)
		}
	}
}
