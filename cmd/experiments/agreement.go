package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"github.com/ashtapada/ashtapada/engine"
	_ "github.com/ashtapada/ashtapada/engine/games"
	"github.com/ashtapada/ashtapada/engine/record"
	"github.com/ashtapada/ashtapada/engine/review"
	"github.com/ashtapada/ashtapada/engine/search"
)

// reviewAgreement reviews the chaturanga games of a record file and asks Fairy-Stockfish for its
// own evaluation (its info score at a fixed depth) of every position the review values, then
// counts how often the two agree on who stands better where the game is clearly decided: both
// values at least --decided pawns from level (Fairy-Stockfish's in its centipawns, 100 a pawn).
func reviewAgreement(args []string) error {
	fs := flag.NewFlagSet("review-agreement", flag.ContinueOnError)
	records := fs.String("records", "", "file of chaturanga records (ashtapada match --records writes one)")
	fairy := fs.String("fairy", envOr("ASHTAPADA_FAIRY", "/usr/games/fairy-stockfish"), "Fairy-Stockfish binary (env ASHTAPADA_FAIRY)")
	fairyDepth := fs.Int("fairy-depth", 12, "depth of Fairy-Stockfish's search of each position")
	movetime := fs.Duration("movetime", 50*time.Millisecond, "the review's search time per position")
	decided := fs.Float64("decided", 1, "pawns from level from which a position counts as clearly decided")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *records == "" {
		return errors.New("review-agreement: --records FILE is required")
	}
	text, err := os.ReadFile(*records)
	if err != nil {
		return err
	}
	uci, err := startUCI(*fairy)
	if err != nil {
		return err
	}
	defer uci.close()
	if err := uci.send("setoption name UCI_Variant value chaturanga"); err != nil {
		return err
	}
	var both, agree, oursOnly, theirsOnly, positions int
	for g, game := range record.SplitGames(string(text)) {
		rec, err := record.Read(game, 5000)
		if err != nil {
			return fmt.Errorf("game %d: %w", g+1, err)
		}
		steps, fail := rec.Play()
		if fail != nil {
			return fmt.Errorf("game %d: %s", g+1, fail.Reason)
		}
		moves := make([]engine.Move, len(steps))
		for i, s := range steps {
			moves[i] = s.Move
		}
		var reviewed []review.Step
		_, err = review.Review(context.Background(), search.NewSearcher(16<<20), rec.Start, moves,
			review.Options{Search: search.Options{Limits: search.Limits{Time: *movetime}}},
			func(st review.Step) error { reviewed = append(reviewed, st); return nil })
		if err != nil {
			return fmt.Errorf("game %d: %w", g+1, err)
		}
		for i, st := range reviewed {
			after := steps[i].After
			if after.Phase() == engine.PhaseFinished {
				continue
			}
			cp, err := uci.score(after.String(), *fairyDepth)
			if err != nil {
				return err
			}
			if after.ToMove() == 1 {
				cp = -cp // Fairy-Stockfish scores for the side to move, the review for white
			}
			ours := st.After.Values[0]
			positions++
			oursDecided, theirsDecided := math.Abs(ours) >= *decided, math.Abs(cp) >= 100**decided
			switch {
			case oursDecided && theirsDecided:
				both++
				if (ours > 0) == (cp > 0) {
					agree++
				}
			case oursDecided:
				oursOnly++
			case theirsDecided:
				theirsOnly++
			}
		}
		fmt.Fprintf(os.Stderr, "game %d: %d positions\n", g+1, len(reviewed))
	}
	fmt.Printf("%d positions; both clearly decided (|value| >= %.1f pawns) in %d: the same side ahead in %d (%.1f%%); decided for the review alone %d, for Fairy-Stockfish alone %d\n",
		positions, *decided, both, agree, 100*float64(agree)/math.Max(1, float64(both)), oursOnly, theirsOnly)
	return nil
}

func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

// uciEngine is a UCI engine in a child process.
type uciEngine struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Scanner
}

func startUCI(path string) (*uciEngine, error) {
	cmd := exec.Command(path)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	e := &uciEngine{cmd: cmd, in: in, out: bufio.NewScanner(out)}
	if err := e.send("uci"); err != nil {
		return nil, err
	}
	if _, err := e.until("uciok"); err != nil {
		return nil, err
	}
	return e, nil
}

func (e *uciEngine) send(line string) error {
	_, err := io.WriteString(e.in, line+"\n")
	return err
}

// until reads lines up to one starting with prefix, and returns the lines before it.
func (e *uciEngine) until(prefix string) ([]string, error) {
	var lines []string
	for e.out.Scan() {
		l := e.out.Text()
		if strings.HasPrefix(l, prefix) {
			return lines, nil
		}
		lines = append(lines, l)
	}
	return lines, fmt.Errorf("the engine stopped before %q: %v", prefix, e.out.Err())
}

// score is the engine's last score of a position at a depth, in centipawns for the side to move;
// a mate is ±100,000.
func (e *uciEngine) score(fen string, depth int) (float64, error) {
	if err := e.send("position fen " + fen); err != nil {
		return 0, err
	}
	if err := e.send("go depth " + strconv.Itoa(depth)); err != nil {
		return 0, err
	}
	lines, err := e.until("bestmove")
	if err != nil {
		return 0, err
	}
	score, found := 0.0, false
	for _, l := range lines {
		f := strings.Fields(l)
		for i := 0; i+2 < len(f); i++ {
			if f[i] != "score" {
				continue
			}
			n, err := strconv.Atoi(f[i+2])
			if err != nil {
				continue
			}
			switch f[i+1] {
			case "cp":
				score, found = float64(n), true
			case "mate":
				score, found = math.Copysign(100000, float64(n)), true
			}
		}
	}
	if !found {
		return 0, fmt.Errorf("no score for %s", fen)
	}
	return score, nil
}

func (e *uciEngine) close() {
	_ = e.send("quit")
	_ = e.in.Close()
	_ = e.cmd.Wait()
}
