package record_test

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/record"
)

// Chaturanga records are what Fairy-Stockfish writes and reads: for the random games of
// testdata/chaturanga_games.txt (written by chaturanga_gen.js with ffish), the movetext is the one
// Fairy-Stockfish gives, move numbers and SAN alike, the result agrees where the game is over, and
// the record is, byte for byte but its Termination tag, the one Fairy-Stockfish read back to the
// same moves.
func TestChaturangaRecordsMatchFairyStockfish(t *testing.T) {
	f, err := os.Open("testdata/chaturanga_games.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	v, _ := engine.Lookup("chaturanga")
	blackNumber := regexp.MustCompile(`([0-9]+)\.\.\.(\S)`)
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	games, moves, results, kings, earlier, readBack := 0, 0, 0, 0, 0, 0
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.Split(line, " | ")
		if len(parts) != 5 {
			t.Fatalf("bad line %q", line)
		}
		fen, uci, want, result, hash := parts[0], strings.Fields(parts[1]), parts[2], parts[3], parts[4]
		start, err := v.Parse(fen)
		if err != nil {
			t.Fatal(err)
		}
		// Play the moves until the game ends by this service's rules (checkmate, stalemate, the
		// 70-move rule, threefold repetition), which may come before Fairy-Stockfish's claim.
		cur := start
		var played []engine.Move
		var keys []uint64
		for _, u := range uci {
			if cur.Phase() == engine.PhaseFinished || engine.DrawnByRepetition(cur, keys) {
				break
			}
			m, err := cur.ParseMove(u)
			if err != nil {
				t.Fatalf("%s: %s: %v", fen, u, err)
			}
			played = append(played, m)
			keys = append(keys, cur.Key())
			cur, _ = cur.Play(m)
		}
		text, err := record.Write(start, played, nil)
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		_, movetext, _ := strings.Cut(text, "\n\n")
		words := strings.Fields(movetext)
		got, ours := strings.Join(words[:len(words)-1], " "), words[len(words)-1]
		want = blackNumber.ReplaceAllString(want, "$1... $2")
		if !strings.HasPrefix(want+" ", got+" ") {
			t.Errorf("%s: movetext\n%s\nFairy-Stockfish:\n%s", fen, got, want)
		}
		switch {
		case ours == result && len(played) == len(uci):
			results++
			// The very record, but for its Termination tag, is the one Fairy-Stockfish read back.
			kept := terminationTag.ReplaceAllString(text, "")
			if sum := sha256.Sum256([]byte(kept)); hex.EncodeToString(sum[:]) != hash {
				t.Errorf("%s: the record is not the one Fairy-Stockfish read:\n%s", fen, kept)
			}
			readBack++
		case ours == "*" && result == "1/2-1/2" && len(played) == len(uci) && barekings(cur):
			// Fairy-Stockfish draws king against king at once; here the 70-move rule ends it.
			kings++
		case ours == "1/2-1/2" && len(played) < len(uci):
			// Drawn here (the 70-move rule, repetition) where Fairy-Stockfish needs a claim.
			earlier++
		case result == "*" && ours == "*" || ours == result:
			results++
		default:
			t.Errorf("%s %s: result %s after %d moves, Fairy-Stockfish %s after %d", fen, parts[1], ours, len(played), result, len(uci))
		}
		games++
		moves += len(played)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if games < 200 {
		t.Fatalf("only %d games read", games)
	}
	t.Logf("%d games, %d moves written as Fairy-Stockfish writes them; %d results agree, %d bare-king draws of Fairy-Stockfish, %d draws here before its claim; %d records byte for byte those Fairy-Stockfish read back",
		games, moves, results, kings, earlier, readBack)
}

var terminationTag = regexp.MustCompile(`(?m)^\[Termination "[^"]*"\]\n`)

// barekings reports whether only the two kings are left.
func barekings(p engine.Position) bool {
	board, _, _ := strings.Cut(p.String(), " ")
	return strings.Trim(board, "/12345678kK") == ""
}
