package docs

import (
	"fmt"
	"regexp"
	"strings"
)

// A block is one fenced code block of a document that the test runs.
type block struct {
	line int    // of the block's first code line, counted from 1
	lang string // "shell", "python" or "typescript"

	// shell
	transcript bool           // the block is written as `$ command` lines followed by their output
	commands   []shellCommand // in order
	answer     *shownAnswer   // a json block right after a script block: the answers it prints

	// python, typescript
	code string
}

type shellCommand struct {
	line int
	text string
	want string // a transcript's output lines, joined with newlines
}

type shownAnswer struct {
	line int
	text string
}

var fence = regexp.MustCompile("^(\\s*)(```+)\\s*([A-Za-z]*)\\s*$")

// parseMarkdown returns the runnable blocks of a document, in order.
func parseMarkdown(text string) ([]block, error) {
	lines := strings.Split(text, "\n")
	var blocks []block
	// The index in blocks of the last shell script block, while only blank lines follow it.
	lastScript := -1
	for i := 0; i < len(lines); i++ {
		m := fence.FindStringSubmatch(lines[i])
		if m == nil {
			if strings.TrimSpace(lines[i]) != "" {
				lastScript = -1
			}
			continue
		}
		indent, ticks, info := m[1], m[2], strings.ToLower(m[3])
		start := i + 2 // the first code line, counted from 1
		var body []string
		for i++; i < len(lines); i++ {
			if strings.TrimSpace(lines[i]) == ticks {
				break
			}
			// Code in a list item is indented like its fence.
			body = append(body, strings.TrimPrefix(lines[i], indent))
		}
		if i == len(lines) {
			return nil, fmt.Errorf("line %d: the code block never closes", start-1)
		}
		transcript := false
		for _, l := range body {
			if strings.HasPrefix(l, "$ ") {
				transcript = true
			}
		}
		switch {
		case info == "json" && lastScript >= 0:
			blocks[lastScript].answer = &shownAnswer{line: start, text: strings.Join(body, "\n")}
			lastScript = -1
			continue
		case transcript && (info == "" || isShell(info)):
			b := block{line: start, lang: "shell", transcript: true}
			cmds, err := splitTranscript(body, start)
			if err != nil {
				return nil, err
			}
			b.commands = cmds
			blocks = append(blocks, b)
		case isShell(info):
			cmds, err := splitScript(body, start)
			if err != nil {
				return nil, err
			}
			blocks = append(blocks, block{line: start, lang: "shell", commands: cmds})
			lastScript = len(blocks) - 1
			continue
		case info == "python" || info == "py":
			blocks = append(blocks, block{line: start, lang: "python", code: strings.Join(body, "\n")})
		case info == "ts" || info == "typescript":
			blocks = append(blocks, block{line: start, lang: "typescript", code: strings.Join(body, "\n")})
		}
		lastScript = -1
	}
	return blocks, nil
}

func isShell(info string) bool {
	return info == "sh" || info == "bash" || info == "shell" || info == "console"
}

// splitScript cuts a script block into its commands; comment lines and blank lines are no commands.
func splitScript(body []string, first int) ([]shellCommand, error) {
	var cmds []shellCommand
	for i := 0; i < len(body); i++ {
		t := strings.TrimSpace(body[i])
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		start := i
		for shellIncomplete(strings.Join(body[start:i+1], "\n")) {
			if i++; i == len(body) {
				return nil, fmt.Errorf("line %d: the command never ends (an open quote?)", first+start)
			}
		}
		cmds = append(cmds, shellCommand{line: first + start, text: strings.Join(body[start:i+1], "\n")})
	}
	return cmds, nil
}

// splitTranscript cuts a transcript block into commands (lines from `$ ` on, with their
// continuation lines) and the output lines shown after each. Lines starting with # are comments.
func splitTranscript(body []string, first int) ([]shellCommand, error) {
	var cmds []shellCommand
	var out []string
	flush := func() {
		if len(cmds) > 0 {
			cmds[len(cmds)-1].want = strings.TrimRight(strings.Join(out, "\n"), "\n \t")
		}
		out = nil
	}
	for i := 0; i < len(body); i++ {
		l := body[i]
		switch {
		case strings.HasPrefix(l, "$ "):
			flush()
			start := i
			text := []string{strings.TrimPrefix(l, "$ ")}
			for shellIncomplete(strings.Join(text, "\n")) {
				if i++; i == len(body) {
					return nil, fmt.Errorf("line %d: the command never ends (an open quote?)", first+start)
				}
				text = append(text, body[i])
			}
			cmds = append(cmds, shellCommand{line: first + start, text: strings.Join(text, "\n")})
		case strings.HasPrefix(l, "#"):
		case len(cmds) == 0 && strings.TrimSpace(l) != "":
			return nil, fmt.Errorf("line %d: output before any `$ ` command", first+i)
		default:
			out = append(out, l)
		}
	}
	flush()
	return cmds, nil
}

// shellIncomplete reports whether a command goes on past its last line: inside quotes, or after a
// trailing backslash, pipe, && or ||. Comments do not count.
func shellIncomplete(s string) bool {
	const (
		plain = iota
		single
		double
	)
	state := plain
	var code strings.Builder // s without quotes' contents and comments
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch state {
		case plain:
			switch {
			case c == '\\' && i+1 < len(s):
				code.WriteString("x")
				i++
				continue
			case c == '\'':
				state = single
			case c == '"':
				state = double
			case c == '#' && (i == 0 || s[i-1] == ' ' || s[i-1] == '\t' || s[i-1] == '\n'):
				for i < len(s) && s[i] != '\n' {
					i++
				}
				if i < len(s) {
					code.WriteByte('\n')
				}
				continue
			}
			code.WriteByte(c)
		case single:
			if c == '\'' {
				state = plain
			}
		case double:
			if c == '\\' {
				i++
			} else if c == '"' {
				state = plain
			}
		}
	}
	if state != plain {
		return true
	}
	t := strings.TrimRight(code.String(), " \t\n")
	return strings.HasSuffix(t, "\\") || strings.HasSuffix(t, "|") || strings.HasSuffix(t, "&&")
}

var assignment = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*=('[^']*'|"[^"]*"|[^\s'"]*)\s*(#.*)?$`)

// isAssignment reports whether a command only sets a shell variable (H=localhost:8080).
func isAssignment(cmd string) bool { return assignment.MatchString(strings.TrimSpace(cmd)) }

// runnable reports whether the test runs a command: calls of the server and jq over saved answers.
// Commands that build, install or start things (go, make, apt-get, npm) are shown for readers;
// the test does those itself.
func runnable(cmd string) bool {
	f := strings.Fields(cmd)
	return len(f) > 0 && (f[0] == "curl" || f[0] == "grpcurl" || f[0] == "jq")
}

// shownOutput returns what a Python or TypeScript snippet shows it prints: for each line that
// prints (print(...) or console.log(...)), in order, the comment that ends it or, failing that,
// the comment line right after it. A printing line without either is an error.
func shownOutput(code, lang string) (string, error) {
	call, comment := "print(", "#"
	if lang == "typescript" {
		call, comment = "console.log(", "//"
	}
	lines := strings.Split(code, "\n")
	var want []string
	for n, l := range lines {
		if !strings.Contains(l, call) {
			continue
		}
		c, ok := trailingComment(l, comment)
		if !ok && n+1 < len(lines) && strings.HasPrefix(strings.TrimSpace(lines[n+1]), comment) {
			c, ok = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(lines[n+1]), comment)), true
		}
		if !ok {
			return "", fmt.Errorf("line %d of the snippet prints but shows no output in a %s comment", n+1, comment)
		}
		want = append(want, c)
	}
	return strings.Join(want, "\n"), nil
}

// trailingComment returns the comment that ends a line of code, outside string literals.
func trailingComment(l, comment string) (string, bool) {
	var quote byte
	for i := 0; i < len(l); i++ {
		c := l[i]
		switch {
		case quote != 0:
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'' || c == '`':
			quote = c
		case strings.HasPrefix(l[i:], comment):
			return strings.TrimSpace(l[i+len(comment):]), true
		}
	}
	return "", false
}
