// Mates harvests chaturanga positions with a forced mate in 1, 2 and 3 for the side to move and
// writes engine/chaturanga/testdata/mates.txt. It plays games from varied openings in which each
// side mixes random moves with Fairy-Stockfish's moves at a low depth, asks Fairy-Stockfish at
// -scan depth for the score of every position, and keeps those it scores as mate in 3 or less
// once a deeper MultiPV search (-verify depth) reports the same mate length. Where the side to
// move mates within 6, it also follows Fairy-Stockfish's move and three random replies, which
// reach mates the games alone rarely meet. Each game gives at most one position per length; then
// -per positions per length are picked for variety: a mantri checkmate and a promotion first,
// then round robin over the kinds of mate (at most a third stalemates), alternating the side.
// Positions are written with the halfmove clock at 0, so that no mate hangs on the 70-move rule.
//
// Run from the repository root (it needs Fairy-Stockfish; the tests that read its output do not):
//
//	go run ./cmd/fairymates [-fairy /usr/games/fairy-stockfish] [-seed 1] [-per 12]
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/chaturanga"
)

func main() {
	fairy := flag.String("fairy", envOr("ASHTAPADA_FAIRY", "/usr/games/fairy-stockfish"), "Fairy-Stockfish binary")
	variants := flag.String("variants", "tools/fairy/variants.ini", "variants file defining chaturanga")
	out := flag.String("out", "engine/chaturanga/testdata/mates.txt", "output file")
	seed := flag.Uint64("seed", 1, "random seed of the games")
	per := flag.Int("per", 12, "positions per mate length")
	scan := flag.Int("scan", 9, "depth of the search that scores every position")
	verify := flag.Int("verify", 18, "depth of the MultiPV search that confirms a mate")
	maxGames := flag.Int("games", 400, "most games to play")
	flag.Parse()
	log.SetFlags(0)

	ini, err := filepath.Abs(*variants)
	if err != nil {
		log.Fatal(err)
	}
	fs, err := startFairy(*fairy, ini)
	if err != nil {
		log.Fatal(err)
	}
	defer fs.close()
	version := fs.name

	rng := rand.New(rand.NewPCG(*seed, 0))
	found := map[int][]candidate{}
	seen := map[string]bool{}
	enough := func() bool {
		for n := 1; n <= 3; n++ {
			if !ready(found[n], *per) {
				return false
			}
		}
		return true
	}
	games := 0
	for ; games < *maxGames && !enough(); games++ {
		if err := playGame(fs, rng, *scan, *verify, seen, found); err != nil {
			log.Fatal(err)
		}
		log.Printf("game %d: mate in 1/2/3 found %d/%d/%d", games+1, len(found[1]), len(found[2]), len(found[3]))
	}
	if !enough() {
		log.Fatalf("after %d games too few positions of some length", games)
	}

	var b strings.Builder
	fmt.Fprintf(&b, "# Chaturanga positions with a forced mate for the side to move: FEN | mate N | Fairy-Stockfish's mating moves.\n")
	fmt.Fprintf(&b, "# Made by `go run ./cmd/fairymates -seed %d -per %d -scan %d -verify %d` with %s and\n", *seed, *per, *scan, *verify, version)
	fmt.Fprintf(&b, "# tools/fairy/variants.ini ([chaturanga:shatranj], extinctionValue = none): positions from %d games\n", games)
	fmt.Fprintf(&b, "# mixing random moves with Fairy-Stockfish at depth 1-4, each scored mate N (N <= 3) by `go depth %d`\n", *scan)
	fmt.Fprintf(&b, "# and again by `go depth %d` with MultiPV 8, whose mate-in-N moves are listed (they may not be all).\n", *verify)
	fmt.Fprintf(&b, "# The comment after each line says how Fairy-Stockfish's main line ends (a stalemated side loses)\n# and which piece makes its last move.\n")
	for n := 1; n <= 3; n++ {
		for _, c := range pick(found[n], *per) {
			fmt.Fprintf(&b, "%s | mate %d | %s # %s\n", c.fen, n, strings.Join(c.moves, " "), c.label())
		}
	}
	if err := os.WriteFile(*out, []byte(b.String()), 0o644); err != nil {
		log.Fatal(err)
	}
	log.Printf("wrote %s", *out)
}

func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

// candidate is a position Fairy-Stockfish scores as a forced mate for the side to move.
type candidate struct {
	fen     string
	side    string // w or b
	moves   []string
	piece   string // the kind that gives mate on the main line
	promote bool   // the main line promotes a pawn of the winner
	reason  string // checkmate or stalemate (which loses)
}

func (c candidate) label() string {
	s := map[string]string{"w": "white", "b": "black"}[c.side] + " " + c.reason + "s with " + c.piece
	if c.promote {
		s += ", promoting"
	}
	return s
}

func (c candidate) group() string { return fmt.Sprintf("%s/%s/%v", c.reason, c.piece, c.promote) }

// ready reports whether cands offer enough to pick per positions: twice as many, both sides,
// checkmates by at least three kinds of piece including the mantri, and a promotion.
func ready(cands []candidate, per int) bool {
	sides, mates := map[string]int{}, map[string]bool{}
	promote := false
	for _, c := range cands {
		sides[c.side]++
		if c.reason == "checkmate" {
			mates[c.piece] = true
		}
		promote = promote || c.promote
	}
	return len(cands) >= 2*per && sides["w"] >= per/3 && sides["b"] >= per/3 && len(mates) >= 3 && mates["mantri"] && promote
}

// pick chooses per candidates for variety: first a mantri checkmate and a promotion, then round
// robin over the kinds of mate (at most a third of them stalemates), alternating the side.
func pick(cands []candidate, per int) []candidate {
	cands = slices.Clone(cands)
	var out []candidate
	side := "w"
	take := func(ok func(candidate) bool) bool {
		i := slices.IndexFunc(cands, func(c candidate) bool { return ok(c) && c.side == side })
		if i < 0 {
			i = slices.IndexFunc(cands, ok)
		}
		if i < 0 || len(out) == per {
			return false
		}
		out = append(out, cands[i])
		cands = slices.Delete(cands, i, i+1)
		side = map[string]string{"w": "b", "b": "w"}[out[len(out)-1].side]
		return true
	}
	take(func(c candidate) bool { return c.reason == "checkmate" && c.piece == "mantri" })
	take(func(c candidate) bool { return c.promote })
	stalemates := 0
	for len(out) < per {
		var groups []string
		for _, c := range cands {
			if !slices.Contains(groups, c.group()) && (c.reason == "checkmate" || stalemates < per/3) {
				groups = append(groups, c.group())
			}
		}
		if len(groups) == 0 {
			break
		}
		slices.Sort(groups)
		for _, g := range groups {
			if take(func(c candidate) bool { return c.group() == g }) && strings.HasPrefix(g, "stalemate") {
				stalemates++
			}
		}
	}
	return out
}

// perGame is the most positions of each mate length one game contributes, for variety.
const perGame = 1

// playGame plays one game and adds to found some of the mates it meets.
func playGame(fs *fairy, rng *rand.Rand, scan, verify int, seen map[string]bool, found map[int][]candidate) error {
	mates := map[int][]candidate{}
	defer func() {
		for n, cands := range mates {
			found[n] = append(found[n], pick(cands, perGame)...)
		}
	}()
	pos := chaturanga.New()
	eps := []float64{0.15, 0.3, 0.5}[rng.IntN(3)]
	depth := [2]int{1 + rng.IntN(4), 1 + rng.IntN(4)}
	opening := 2 + rng.IntN(10)
	var buf [engine.MaxMoves]engine.Move
	for ply := 0; ply < 300; ply++ {
		moves := pos.Moves(buf[:0])
		if len(moves) == 0 {
			return nil
		}
		fen := zeroClock(pos.FEN())
		if ply >= opening {
			if err := explore(fs, rng, &pos, scan, verify, seen, mates); err != nil {
				return err
			}
		}
		m := moves[rng.IntN(len(moves))]
		if ply >= opening && rng.Float64() >= eps {
			r, err := fs.search(fen, depth[pos.ToMove()], 1)
			if err != nil {
				return err
			}
			if m, err = pos.ParseMove(r.best); err != nil {
				return fmt.Errorf("%s: Fairy-Stockfish's move %s: %v", fen, r.best, err)
			}
		}
		var next chaturanga.Position
		pos.PlayInto(m, &next)
		pos = next
	}
	return nil
}

// explore considers pos and, when its side to move mates in a few moves, the positions after
// Fairy-Stockfish's mating move and up to three random replies, and so on down to mate in 1:
// the replies lead to mates that the games alone would rarely meet.
func explore(fs *fairy, rng *rand.Rand, pos *chaturanga.Position, scan, verify int, seen map[string]bool, found map[int][]candidate) error {
	fen := zeroClock(pos.FEN())
	if seen[board(fen)] {
		return nil
	}
	seen[board(fen)] = true
	r, err := fs.search(fen, scan, 1)
	if err != nil {
		return err
	}
	n := r.lines[1].mate
	if n < 1 || n > 6 {
		return nil
	}
	if n <= 3 {
		if err := consider(fs, fen, n, verify, found); err != nil {
			return err
		}
	}
	if n == 1 {
		return nil
	}
	m, err := pos.ParseMove(r.best)
	if err != nil {
		return fmt.Errorf("%s: Fairy-Stockfish's move %s: %v", fen, r.best, err)
	}
	var mid chaturanga.Position
	pos.PlayInto(m, &mid)
	var buf [engine.MaxMoves]engine.Move
	replies := mid.Moves(buf[:0])
	rng.Shuffle(len(replies), func(i, j int) { replies[i], replies[j] = replies[j], replies[i] })
	for _, reply := range replies[:min(3, len(replies))] {
		var next chaturanga.Position
		mid.PlayInto(reply, &next)
		if err := explore(fs, rng, &next, scan, verify, seen, found); err != nil {
			return err
		}
	}
	return nil
}

// consider confirms that fen, scored mate in n, is one with a deeper search, and records it.
func consider(fs *fairy, fen string, n, verify int, found map[int][]candidate) error {
	deep, err := fs.search(fen, verify, 8)
	if err != nil {
		return err
	}
	if deep.lines[1].mate != n {
		log.Printf("%s: mate %d on the scan but %d at depth %d; skipped", fen, n, deep.lines[1].mate, verify)
		return nil
	}
	c := candidate{fen: fen, side: strings.Fields(fen)[1]}
	for k := 1; k <= 8; k++ {
		if l, ok := deep.lines[k]; ok && l.mate == n && len(l.pv) > 0 {
			c.moves = append(c.moves, l.pv[0])
		}
	}
	pos, err := chaturanga.Parse(fen)
	if err != nil {
		return fmt.Errorf("%s: %v", fen, err)
	}
	for i, mv := range deep.lines[1].pv {
		if i >= 2*n-1 {
			break
		}
		m, err := pos.ParseMove(mv)
		if err != nil {
			return fmt.Errorf("%s: main line move %s: %v", fen, mv, err)
		}
		if i%2 == 0 {
			a := pos.Action(m)
			c.piece = a.Piece
			c.promote = c.promote || a.Promotion != ""
		}
		var next chaturanga.Position
		pos.PlayInto(m, &next)
		pos = next
	}
	o := pos.Outcome()
	if !o.Finished || len(o.Winners) != 1 {
		return fmt.Errorf("%s: Fairy-Stockfish's mating line %v does not end the game in our engine", fen, deep.lines[1].pv)
	}
	c.reason = o.Reason
	slices.Sort(c.moves)
	found[n] = append(found[n], c)
	return nil
}

// zeroClock sets the halfmove clock of a FEN to 0, so that no mate depends on the 70-move rule.
func zeroClock(fen string) string {
	f := strings.Fields(fen)
	f[4] = "0"
	return strings.Join(f, " ")
}

// board is the board and side of a FEN, to meet every position once.
func board(fen string) string {
	f := strings.Fields(fen)
	return f[0] + " " + f[1]
}

// fairy is a Fairy-Stockfish process playing chaturanga.
type fairy struct {
	cmd  *exec.Cmd
	in   io.WriteCloser
	out  *bufio.Scanner
	name string
}

func startFairy(path, ini string) (*fairy, error) {
	cmd := exec.Command(path)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	f := &fairy{cmd: cmd, in: in, out: bufio.NewScanner(stdout)}
	f.out.Buffer(make([]byte, 1<<20), 1<<20)
	f.send("uci")
	if _, err := f.until("uciok", func(line string) {
		if name, ok := strings.CutPrefix(line, "id name "); ok {
			f.name = name
		}
	}); err != nil {
		return nil, err
	}
	f.send("setoption name VariantPath value " + ini)
	f.send("setoption name UCI_Variant value chaturanga")
	f.send("setoption name Threads value 1")
	f.send("setoption name Hash value 64")
	f.send("isready")
	variant := false
	if _, err := f.until("readyok", func(line string) {
		variant = variant || strings.HasPrefix(line, "info string variant chaturanga ")
	}); err != nil {
		return nil, err
	}
	if !variant {
		f.close()
		return nil, errors.New("Fairy-Stockfish did not load chaturanga from " + ini)
	}
	return f, nil
}

func (f *fairy) send(line string) { fmt.Fprintln(f.in, line) }

// until reads lines up to one starting with stop, which it returns, passing the others to each.
func (f *fairy) until(stop string, each func(string)) (string, error) {
	for f.out.Scan() {
		line := f.out.Text()
		if strings.HasPrefix(line, stop) {
			return line, nil
		}
		each(line)
	}
	if err := f.out.Err(); err != nil {
		return "", err
	}
	return "", errors.New("Fairy-Stockfish exited")
}

func (f *fairy) close() {
	f.send("quit")
	f.in.Close()
	done := make(chan struct{})
	go func() { f.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(2 * time.Second):
		f.cmd.Process.Kill()
		<-done
	}
}

// line is one MultiPV line of the last completed depth.
type line struct {
	mate int // moves to mate for the side to move; negative when it is mated, 0 without mate
	pv   []string
}

type result struct {
	best  string
	lines map[int]line // by MultiPV index
}

// search runs `go depth` on fen with multipv lines.
func (f *fairy) search(fen string, depth, multipv int) (result, error) {
	f.send("setoption name MultiPV value " + strconv.Itoa(multipv))
	f.send("position fen " + fen)
	f.send("go depth " + strconv.Itoa(depth))
	r := result{lines: map[int]line{}}
	last := 0
	bm, err := f.until("bestmove", func(s string) {
		fields := strings.Fields(s)
		if len(fields) == 0 || fields[0] != "info" {
			return
		}
		var l line
		d, k := 0, 1
		for i := 1; i+1 < len(fields); i++ {
			switch fields[i] {
			case "depth":
				d, _ = strconv.Atoi(fields[i+1])
			case "multipv":
				k, _ = strconv.Atoi(fields[i+1])
			case "score":
				if fields[i+1] == "mate" && i+2 < len(fields) {
					l.mate, _ = strconv.Atoi(fields[i+2])
				}
			case "pv":
				l.pv = fields[i+1:]
				i = len(fields)
			}
		}
		if d == 0 || l.pv == nil {
			return
		}
		if d > last {
			last = d
			clear(r.lines)
		}
		r.lines[k] = l
	})
	if err != nil {
		return r, err
	}
	if fields := strings.Fields(bm); len(fields) > 1 {
		r.best = fields[1]
	}
	if r.best == "" || r.best == "(none)" {
		return r, fmt.Errorf("%s: Fairy-Stockfish found no move: %q", fen, bm)
	}
	return r, nil
}
