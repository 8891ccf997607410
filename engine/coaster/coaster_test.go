package coaster

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

func TestStartLayoutMatchesRules(t *testing.T) {
	f, err := os.Open("testdata/start_exits.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ex := StartLayout.Exits()
	rows := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 || strings.HasPrefix(fields[0], "#") {
			continue
		}
		rank, err := strconv.Atoi(fields[0])
		if err != nil || len(fields) != 7 {
			t.Fatalf("bad line %q", sc.Text())
		}
		for file, want := range fields[1:] {
			if got := ex[(rank-1)*6+file].String(); got != want {
				t.Errorf("exits of %c%d = %s, want %s", 'a'+file, rank, got, want)
			}
		}
		rows++
	}
	if rows != 6 {
		t.Fatalf("read %d ranks, want 6", rows)
	}
}

func TestStartBoardConnectionCounts(t *testing.T) {
	b := Board(StartLayout)
	if got := len(b.Squares); got != 36 {
		t.Errorf("squares = %d, want 36", got)
	}
	type pair struct{ from, to string }
	directed := map[pair]bool{}
	offBoard := 0
	for _, c := range b.Connections {
		if c.To == "" {
			offBoard++
			continue
		}
		directed[pair{c.From, c.To}] = true
	}
	twoWay, oneWay := 0, 0
	for p := range directed {
		if directed[pair{p.to, p.from}] {
			twoWay++
		} else {
			oneWay++
		}
	}
	twoWay /= 2
	if twoWay != 40 || oneWay != 16 || offBoard != 16 {
		t.Errorf("two-way, one-way, off-board = %d, %d, %d; want 40, 16, 16", twoWay, oneWay, offBoard)
	}
	for _, name := range []string{"top_left", "top_right", "bottom_right", "bottom_left"} {
		found := false
		for _, r := range b.Regions {
			if r.Name == name && len(r.Squares) == 9 {
				found = true
			}
		}
		if !found {
			t.Errorf("region %s with 9 squares missing", name)
		}
	}
}

// The start board looks the same after a quarter turn of the whole board.
func TestStartBoardQuarterTurnSymmetry(t *testing.T) {
	ex := StartLayout.Exits()
	for sq := 0; sq < 36; sq++ {
		f, r := sq%6, sq/6
		// A clockwise quarter turn of the board takes (file, rank) to (rank, 5-file).
		nf, nr := r, 5-f
		if got, want := ex[nr*6+nf], ex[sq].turn(); got != want {
			t.Errorf("square %c%d turned: exits %s, want %s", 'a'+f, r+1, got, want)
		}
	}
}

func TestFourQuarterTurnsAreIdentity(t *testing.T) {
	for q := 0; q < 4; q++ {
		if Coaster(q) != Coaster(q+4) {
			t.Errorf("Coaster(%d) != Coaster(%d)", q, q+4)
		}
	}
	if Coaster(0) == Coaster(1) {
		t.Error("a quarter turn changed nothing")
	}
}
