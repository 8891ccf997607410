package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/chaturanga"
)

// fairyVariants defines chaturanga for Fairy-Stockfish 11.1, which lacks it; it is the section
// of tools/fairy/variants.ini (a test keeps the two equal).
const fairyVariants = `[chaturanga:shatranj]
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1
extinctionValue = none
`

// defaultFairy is where Debian's fairy-stockfish package installs the engine.
const defaultFairy = "/usr/games/fairy-stockfish"

// Timeouts of the conversation with the engine. A move may take moveGrace beyond what its
// limit asks before the engine is told to stop, and stopGrace more before it is killed.
const (
	moveGrace = 30 * time.Second
	stopGrace = 2 * time.Second
)

// handshakeTimeout bounds each step of the handshake (a variable for the tests).
var handshakeTimeout = 10 * time.Second

// uciBot is a bot that asks an external UCI engine (Fairy-Stockfish, or another ashtapada build
// run as "ashtapada search --uci") for its chaturanga moves, searching to a fixed depth, for a
// fixed time or node count, or on a clock. The engine is started at the first move and restarted
// after any failure; Close stops it and removes the variants file.
type uciBot struct {
	path     string
	args     []string
	depth    int
	movetime time.Duration
	nodes    uint64
	tc       *timeControl
	name     string
	// grace and stopWait are moveGrace and stopGrace, shorter in tests.
	grace, stopWait time.Duration

	mu      sync.Mutex
	eng     *uciEngine
	ini     string // the temporary variants file
	newGame bool   // send ucinewgame before the next search
	clocks  [2]time.Duration
	last    searchInfo // what the engine said of its last search
}

// newFairyBot returns a bot for the spec's options (depth=N, movetime=D or tc=BASE+INC) that runs
// the engine at path.
func newFairyBot(path string, opts map[string]string, name string) (*uciBot, error) {
	return newUCIBot(path, nil, opts, name)
}

// newUCIBot returns a bot that runs path with args. It reads the limits of a fairy spec, and for
// the uci kind path= and args= (words separated by spaces) as well.
func newUCIBot(path string, args []string, opts map[string]string, name string) (*uciBot, error) {
	b := &uciBot{path: path, args: args, name: name, grace: moveGrace, stopWait: stopGrace}
	limits := 0
	for k, v := range opts {
		switch k {
		case "depth":
			d, err := strconv.Atoi(v)
			if err != nil || d < 1 || d > 64 {
				return nil, fmt.Errorf("%s: depth %q, want 1 to 64", name, v)
			}
			b.depth = d
		case "movetime":
			d, err := time.ParseDuration(v)
			if err != nil || d < time.Millisecond {
				return nil, fmt.Errorf("%s: movetime %q, want a duration of at least 1ms such as 50ms", name, v)
			}
			b.movetime = d
		case "nodes":
			n, err := strconv.ParseUint(v, 10, 64)
			if err != nil || n < 1 {
				return nil, fmt.Errorf("%s: nodes %q, want a positive count", name, v)
			}
			b.nodes = n
		case "tc":
			tc, err := parseTimeControl(v)
			if err != nil {
				return nil, fmt.Errorf("%s: tc %q: %v", name, v, err)
			}
			b.tc = &tc
		case "path", "args":
			continue // read by the caller
		default:
			return nil, fmt.Errorf("%s: unknown option %q (want depth, movetime, nodes or tc)", name, k)
		}
		limits++
	}
	switch {
	case limits > 1:
		return nil, fmt.Errorf("%s: give one of depth, movetime, nodes and tc", name)
	case limits == 0:
		b.depth = 1
	}
	return b, nil
}

func (b *uciBot) Name() string { return b.name }

// reset makes the engine forget its hash before the next move, so that a game does not depend
// on the games before it.
func (b *uciBot) reset() {
	b.mu.Lock()
	b.newGame = true
	b.mu.Unlock()
}

// timeControl is the bot's clock, if it plays on one.
func (b *uciBot) timeControl() *timeControl { return b.tc }

// setClocks tells the bot the time left on white's and black's clocks before its next move.
func (b *uciBot) setClocks(white, black time.Duration) {
	b.mu.Lock()
	b.clocks = [2]time.Duration{white, black}
	b.mu.Unlock()
}

// lastSearch is what the engine's last info line said.
func (b *uciBot) lastSearch() searchInfo {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.last
}

// goCommand is the go command of the bot's limits.
func (b *uciBot) goCommand() (string, time.Duration) {
	ms := func(d time.Duration) string { return strconv.FormatInt(max(d.Milliseconds(), 0), 10) }
	switch {
	case b.movetime > 0:
		return "go movetime " + ms(b.movetime), b.movetime
	case b.nodes > 0:
		return "go nodes " + strconv.FormatUint(b.nodes, 10), 0
	case b.tc != nil:
		inc := ms(b.tc.inc)
		return "go wtime " + ms(b.clocks[0]) + " btime " + ms(b.clocks[1]) + " winc " + inc + " binc " + inc,
			max(b.clocks[0], b.clocks[1]) + b.tc.inc
	}
	return "go depth " + strconv.Itoa(b.depth), 0
}

// Choose asks the engine for the move of the chaturanga position n.
func (b *uciBot) Choose(ctx context.Context, n engine.Position, _ *rand.Rand) (engine.Move, error) {
	if name := n.Variant().Describe().Name; name != chaturanga.Name {
		return 0, fmt.Errorf("%s plays only %s, not %s", b.name, chaturanga.Name, name)
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.eng == nil {
		if err := b.start(ctx); err != nil {
			return 0, err
		}
	}
	goCmd, limit := b.goCommand()
	cmds := []string{"position fen " + n.String(), goCmd}
	if b.newGame {
		cmds = append([]string{"ucinewgame"}, cmds...)
		b.newGame = false
	}
	best, info, err := b.eng.bestMove(ctx, cmds, limit+b.grace)
	if err != nil {
		// The conversation is in an unknown state: start afresh at the next move.
		b.eng.kill()
		b.eng = nil
		return 0, fmt.Errorf("%s: %w", b.name, err)
	}
	b.last = parseInfo(info)
	m, err := n.ParseMove(best)
	if err != nil {
		return 0, fmt.Errorf("%s: the engine's move %q in %s: %w", b.name, best, n.String(), err)
	}
	return m, nil
}

// parseInfo reads depth, nodes, time and score (for the side to move; centipawns or moves to
// mate) from an info line.
func parseInfo(line string) searchInfo {
	var si searchInfo
	f := strings.Fields(line)
	num := func(i int) int64 {
		n, _ := strconv.ParseInt(f[i], 10, 64)
		return n
	}
fields:
	for i := 1; i+1 < len(f); i++ {
		switch f[i] {
		case "depth":
			si.depth = int(num(i + 1))
		case "nodes":
			si.nodes = uint64(max(num(i+1), 0))
		case "time":
			si.elapsed = time.Duration(num(i+1)) * time.Millisecond
		case "score":
			if i+2 >= len(f) {
				break fields
			}
			n := num(i + 2)
			switch f[i+1] {
			case "cp":
				si.value, si.hasValue = float64(n)/100, true
			case "mate": // mating in n moves is 2n-1 plies away, being mated in n moves 2n
				plies := float64(2*n - 1)
				if n <= 0 {
					plies = float64(-2 * n)
				}
				si.value, si.hasValue = math.Copysign(engine.WinValue-plies, float64(n)-0.5), true
			}
			i++
		case "pv":
			break fields
		default:
			continue
		}
		i++
	}
	si.ok = si.depth > 0
	return si
}

// start writes the variants file if need be and starts the engine with chaturanga selected.
func (b *uciBot) start(ctx context.Context) error {
	if b.ini == "" {
		f, err := os.CreateTemp("", "ashtapada-variants-*.ini")
		if err != nil {
			return err
		}
		_, err = f.WriteString(fairyVariants)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			os.Remove(f.Name())
			return err
		}
		b.ini = f.Name()
	}
	eng, err := startUCI(ctx, b.path, b.args, b.stopWait, []string{
		"setoption name VariantPath value " + b.ini,
		"setoption name UCI_Variant value " + chaturanga.Name,
		"setoption name Threads value 1",
		"setoption name Hash value 16",
	})
	if err != nil {
		return fmt.Errorf("%s: %w", b.name, err)
	}
	b.eng = eng
	return nil
}

// Close stops the engine and removes the variants file.
func (b *uciBot) Close() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.eng != nil {
		b.eng.quit()
		b.eng = nil
	}
	if b.ini != "" {
		err := os.Remove(b.ini)
		b.ini = ""
		return err
	}
	return nil
}

// uciEngine is a running UCI engine process. Its output is read by one goroutine into lines, so
// that every wait can be bounded.
type uciEngine struct {
	cmd      *exec.Cmd
	in       io.WriteCloser
	lines    chan string
	done     chan struct{} // closed when the process has exited and its output is drained
	err      error         // the process's exit status, once done is closed
	stopWait time.Duration // how long stop and quit are given before a kill
	info     string        // the last info line with a score that await passed over
}

// startUCI starts the engine at path, sends uci, the setup commands and isready, and waits for
// readyok.
func startUCI(ctx context.Context, path string, args []string, stopWait time.Duration, setup []string) (*uciEngine, error) {
	cmd := exec.Command(path, args...)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	cmd.Stderr = io.Discard
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	e := &uciEngine{cmd: cmd, in: in, lines: make(chan string, 256), done: make(chan struct{}), stopWait: stopWait}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			e.lines <- sc.Text()
		}
		e.err = cmd.Wait()
		close(e.lines)
		close(e.done)
	}()
	// The handshake's first error stops it: an engine that never says uciok is no UCI engine,
	// whatever it answers to isready.
	err = e.send("uci")
	if err == nil {
		_, err = e.await(ctx, "uciok", handshakeTimeout)
	}
	if err == nil {
		err = e.send(append(setup, "isready")...)
	}
	if err == nil {
		_, err = e.await(ctx, "readyok", handshakeTimeout)
	}
	if err != nil {
		e.kill()
		return nil, fmt.Errorf("starting %s: %w", path, err)
	}
	return e, nil
}

func (e *uciEngine) send(lines ...string) error {
	_, err := io.WriteString(e.in, strings.Join(lines, "\n")+"\n")
	return err
}

// errNoAnswer is a wait for the engine that timed out.
var errNoAnswer = errors.New("the engine did not answer in time")

// await reads lines up to the first whose first word is word and returns it. It fails when the
// engine exits, ctx ends or the timeout passes.
func (e *uciEngine) await(ctx context.Context, word string, timeout time.Duration) (string, error) {
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	for {
		select {
		case line, ok := <-e.lines:
			if !ok {
				<-e.done
				return "", fmt.Errorf("the engine exited (%v) while we waited for %s", e.err, word)
			}
			f := strings.Fields(line)
			if len(f) > 0 && f[0] == word {
				return line, nil
			}
			if len(f) > 0 && f[0] == "info" && strings.Contains(line, " score ") {
				e.info = line
			}
		case <-ctx.Done():
			return "", ctx.Err()
		case <-timer.C:
			return "", fmt.Errorf("%w: no %s after %v", errNoAnswer, word, timeout)
		}
	}
}

// bestMove sends cmds, which set up the position and start the search, and returns the move of
// bestmove and the last info line with a score before it. The stdin stays open all the while:
// the engine stops searching when it closes. If ctx ends or the timeout passes first, the engine
// is told to stop and its answer awaited a little while.
func (e *uciEngine) bestMove(ctx context.Context, cmds []string, timeout time.Duration) (move, info string, err error) {
	if err := e.send(cmds...); err != nil {
		return "", "", err
	}
	e.info = ""
	line, err := e.await(ctx, "bestmove", timeout)
	if err != nil {
		if errors.Is(err, errNoAnswer) || ctx.Err() != nil {
			if e.send("stop") == nil {
				_, _ = e.await(context.Background(), "bestmove", e.stopWait)
			}
		}
		return "", "", err
	}
	f := strings.Fields(line)
	if len(f) < 2 || f[1] == "(none)" {
		return "", "", fmt.Errorf("the engine found no move: %q", line)
	}
	return f[1], e.info, nil
}

// quit asks the engine to exit and kills it if it does not.
func (e *uciEngine) quit() {
	_ = e.send("quit")
	e.in.Close()
	e.wait(e.stopWait)
}

// kill ends the process at once and waits for it.
func (e *uciEngine) kill() {
	e.in.Close()
	_ = e.cmd.Process.Kill()
	e.wait(e.stopWait)
}

// wait drains the output until the process has exited, killing it after timeout.
func (e *uciEngine) wait(timeout time.Duration) {
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	for {
		select {
		case _, ok := <-e.lines:
			if !ok {
				<-e.done
				return
			}
		case <-timer.C:
			_ = e.cmd.Process.Kill()
			timer.Reset(time.Hour)
		}
	}
}
