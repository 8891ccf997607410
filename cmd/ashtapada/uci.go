package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
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
	handshakeTimeout = 10 * time.Second
	moveGrace        = 30 * time.Second
	stopGrace        = 2 * time.Second
)

// uciBot is a bot that asks an external UCI engine, Fairy-Stockfish, for its chaturanga moves,
// searching to a fixed depth (or for a fixed time). The engine is started at the first move and
// restarted after any failure; Close stops it and removes the variants file.
type uciBot struct {
	path     string
	depth    int
	movetime time.Duration
	name     string
	// grace and stopWait are moveGrace and stopGrace, shorter in tests.
	grace, stopWait time.Duration

	mu      sync.Mutex
	eng     *uciEngine
	ini     string // the temporary variants file
	newGame bool   // send ucinewgame before the next search
}

// newFairyBot returns a bot for the spec's options (depth=N or movetime=D) that runs the engine
// at path.
func newFairyBot(path string, opts map[string]string, name string) (*uciBot, error) {
	b := &uciBot{path: path, name: name, grace: moveGrace, stopWait: stopGrace}
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
		default:
			return nil, fmt.Errorf("%s: unknown option %q (want depth or movetime)", name, k)
		}
	}
	switch {
	case b.depth > 0 && b.movetime > 0:
		return nil, fmt.Errorf("%s: give depth or movetime, not both", name)
	case b.depth == 0 && b.movetime == 0:
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
	goCmd := "go depth " + strconv.Itoa(b.depth)
	limit := time.Duration(0)
	if b.movetime > 0 {
		goCmd = "go movetime " + strconv.FormatInt(b.movetime.Milliseconds(), 10)
		limit = b.movetime
	}
	cmds := []string{"position fen " + n.String(), goCmd}
	if b.newGame {
		cmds = append([]string{"ucinewgame"}, cmds...)
		b.newGame = false
	}
	best, err := b.eng.bestMove(ctx, cmds, limit+b.grace)
	if err != nil {
		// The conversation is in an unknown state: start afresh at the next move.
		b.eng.kill()
		b.eng = nil
		return 0, fmt.Errorf("%s: %w", b.name, err)
	}
	m, err := n.ParseMove(best)
	if err != nil {
		return 0, fmt.Errorf("%s: the engine's move %q in %s: %w", b.name, best, n.String(), err)
	}
	return m, nil
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
	eng, err := startUCI(ctx, b.path, b.stopWait, []string{
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
}

// startUCI starts the engine at path, sends uci, the setup commands and isready, and waits for
// readyok.
func startUCI(ctx context.Context, path string, stopWait time.Duration, setup []string) (*uciEngine, error) {
	cmd := exec.Command(path)
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
	if err := e.send("uci"); err == nil {
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
			if f := strings.Fields(line); len(f) > 0 && f[0] == word {
				return line, nil
			}
		case <-ctx.Done():
			return "", ctx.Err()
		case <-timer.C:
			return "", fmt.Errorf("%w: no %s after %v", errNoAnswer, word, timeout)
		}
	}
}

// bestMove sends cmds, which set up the position and start the search, and returns the move of
// bestmove. The stdin stays open all the while: the engine stops searching when it closes. If
// ctx ends or the timeout passes first, the engine is told to stop and its answer awaited a
// little while.
func (e *uciEngine) bestMove(ctx context.Context, cmds []string, timeout time.Duration) (string, error) {
	if err := e.send(cmds...); err != nil {
		return "", err
	}
	line, err := e.await(ctx, "bestmove", timeout)
	if err != nil {
		if errors.Is(err, errNoAnswer) || ctx.Err() != nil {
			if e.send("stop") == nil {
				_, _ = e.await(context.Background(), "bestmove", e.stopWait)
			}
		}
		return "", err
	}
	f := strings.Fields(line)
	if len(f) < 2 || f[1] == "(none)" {
		return "", fmt.Errorf("the engine found no move: %q", line)
	}
	return f[1], nil
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
