package chaturaji

import (
	"strings"
	"testing"
)

// board writes a board from square=piece pairs such as "d1=bK a2=bPb d4=bB:r".
func board(pieces string) string {
	var grid [size][size]string
	for _, pair := range strings.Fields(pieces) {
		sq, piece, _ := strings.Cut(pair, "=")
		grid[sq[1]-'1'][sq[0]-'a'] = piece
	}
	var rows []string
	for r := size - 1; r >= 0; r-- {
		var toks []string
		gap := 0
		for f := 0; f < size; f++ {
			if grid[r][f] == "" {
				gap++
				continue
			}
			if gap > 0 {
				toks = append(toks, string(rune('0'+gap)))
				gap = 0
			}
			toks = append(toks, grid[r][f])
		}
		if gap > 0 {
			toks = append(toks, string(rune('0'+gap)))
		}
		rows = append(rows, strings.Join(toks, ","))
	}
	return strings.Join(rows, "/")
}

// rajas on their thrones, the background of many hand positions.
const thronedRajas = "d1=bK a5=gK e8=rK h4=yK "

// mustParse reads a position of the text notation.
func mustParse(t *testing.T, text string) *Position {
	t.Helper()
	p, err := Parse(text)
	if err != nil {
		t.Fatalf("Parse(%q): %v", text, err)
	}
	return &p
}
