package record

import (
	"errors"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/ashtapada/ashtapada/engine"
)

// Record is a record read: its tags, its variant and start position, and its actions as written.
type Record struct {
	Tags    []Tag
	Variant engine.Variant
	Start   engine.Position
	Actions []Token
	// Result is the movetext's termination marker (1-0, *, ...), "" when it has none.
	Result string
}

// Token is one action as the record writes it, and its line.
type Token struct {
	Text string
	Line int
}

// Tag returns the value of the tag name, and whether the record has it.
func (r *Record) Tag(name string) (string, bool) {
	for _, t := range r.Tags {
		if t.Name == name {
			return t.Value, true
		}
	}
	return "", false
}

// Read reads a record of at most maxActions actions (dice included) and at most MaxBytes. It
// checks the tags and builds the start position; the actions are checked when played (Play).
// A record that cannot be read gives an *Error naming its line and tag.
func Read(text string, maxActions int) (*Record, error) {
	if len(text) > MaxBytes {
		return nil, &Error{Action: -1, TooLarge: true, Reason: "a record is at most " + strconv.Itoa(MaxBytes) + " bytes, got " + strconv.Itoa(len(text))}
	}
	if !utf8.ValidString(text) {
		return nil, errorf(0, "", "a record is UTF-8 text")
	}
	text = strings.TrimPrefix(text, "\uFEFF")
	r := &Record{}
	rest, line, err := r.readTags(text)
	if err != nil {
		return nil, err
	}
	if err := r.readStart(); err != nil {
		return nil, err
	}
	if err := r.readMovetext(rest, line, maxActions); err != nil {
		return nil, err
	}
	return r, nil
}

// readTags reads the tag pairs, one a line, before the movetext: it returns the text after them
// and the line that text starts on.
func (r *Record) readTags(text string) (string, int, error) {
	line := 1
	for text != "" {
		l, next, _ := strings.Cut(text, "\n")
		trimmed := strings.TrimSpace(l)
		switch {
		case trimmed == "" || trimmed[0] == '%':
		case trimmed[0] == '[':
			t, err := readTag(trimmed, line)
			if err != nil {
				return "", 0, err
			}
			if _, dup := r.Tag(t.Name); dup {
				return "", 0, errorf(line, t.Name, "the tag is given twice")
			}
			if len(r.Tags) == MaxTags {
				return "", 0, &Error{Line: line, Action: -1, TooLarge: true, Reason: "at most " + strconv.Itoa(MaxTags) + " tags"}
			}
			r.Tags = append(r.Tags, t)
		default:
			return text, line, nil
		}
		text = next
		line++
	}
	return "", line, nil
}

// readTag reads one tag pair, [Name "value"], the whole of its line.
func readTag(l string, line int) (Tag, error) {
	body, ok := strings.CutPrefix(l, "[")
	if !ok || !strings.HasSuffix(body, "]") {
		return Tag{}, errorf(line, "", "a tag pair is [Name \"value\"] on a line of its own")
	}
	body = strings.TrimSpace(body[:len(body)-1])
	name, value, ok := strings.Cut(body, " ")
	name = strings.TrimSpace(name)
	if !validTagName(name) {
		return Tag{}, errorf(line, "", "a tag name is letters, digits and underscores, starting with a letter, at most %d", MaxTagName)
	}
	value = strings.TrimSpace(value)
	if !ok || len(value) < 2 || value[0] != '"' || value[len(value)-1] != '"' {
		return Tag{}, errorf(line, name, "the value must be in double quotes")
	}
	var b strings.Builder
	inner := value[1 : len(value)-1]
	for i := 0; i < len(inner); i++ {
		c := inner[i]
		switch {
		case c == '\\' && i+1 < len(inner) && (inner[i+1] == '"' || inner[i+1] == '\\'):
			i++
			b.WriteByte(inner[i])
		case c == '"' || c == '\\':
			return Tag{}, errorf(line, name, "a quote or backslash inside the value is written \\\" or \\\\")
		default:
			b.WriteByte(c)
		}
	}
	if !validTagValue(b.String()) {
		return Tag{}, errorf(line, name, "a tag value is at most %d bytes without control characters", MaxTagValue)
	}
	return Tag{Name: name, Value: b.String()}, nil
}

// readStart finds the variant and builds the start position from the Variant, Options, SetUp and
// FEN tags.
func (r *Record) readStart() error {
	name, ok := r.Tag("Variant")
	if !ok {
		return errorf(0, "Variant", "a record names its variant: [Variant \"chaturanga\"]")
	}
	v, ok := lookupVariant(name)
	if !ok {
		names := make([]string, 0, 8)
		for _, v := range engine.Variants() {
			names = append(names, v.Describe().Name)
		}
		return errorf(0, "Variant", "unknown variant %s, want one of %s", strconv.Quote(clip(name)), strings.Join(names, ", "))
	}
	r.Variant = v
	specs := v.Describe().Options
	var opts engine.Options
	optsText, hasOpts := r.Tag("Options")
	if hasOpts {
		var err error
		if opts, err = engine.ReadOptionWords(specs, strings.Fields(optsText)); err != nil {
			return errorf(0, "Options", "%s", reason(err))
		}
	}
	start, err := v.Start(opts)
	if err != nil {
		return errorf(0, "Options", "%s", reason(err))
	}
	setup, hasSetup := r.Tag("SetUp")
	fen, hasFEN := r.Tag("FEN")
	switch {
	case hasSetup && setup != "0" && setup != "1":
		return errorf(0, "SetUp", "want \"1\" with a FEN tag, or \"0\"")
	case setup == "1" && !hasFEN:
		return errorf(0, "SetUp", "SetUp \"1\" needs the start position in a FEN tag")
	case setup == "0" && hasFEN:
		return errorf(0, "FEN", "SetUp \"0\" says the game starts from the standard position; drop the FEN tag or write SetUp \"1\"")
	}
	if hasFEN {
		p, err := v.Parse(fen)
		if err != nil {
			return errorf(0, "FEN", "%s", reason(err))
		}
		if hasOpts {
			want, got := engine.OptionWords(specs, start.Setup().Options), engine.OptionWords(specs, p.Setup().Options)
			if !slices.Equal(want, got) {
				return errorf(0, "Options", "the options %q differ from those of the FEN position %q", strings.Join(want, " "), strings.Join(got, " "))
			}
		}
		start = p
	}
	r.Start = start
	return nil
}

// reason is an engine error's text for a record's error.
func reason(err error) string {
	var pe *engine.PositionError
	if errors.As(err, &pe) {
		if pe.Field == "options" {
			return pe.Reason
		}
		return "invalid position: " + pe.Error()
	}
	return err.Error()
}

// clip shortens a record's own text repeated in an error.
func clip(s string) string {
	if len(s) <= 40 {
		return s
	}
	cut := 40
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "..."
}

var (
	// resultPattern is a termination marker: 1-0, 0-1, 1/2-1/2, *, or places (1-3-1-3).
	resultPattern = regexp.MustCompile(`^(\*|1-0|0-1|1/2-1/2|[0-9]+(-[0-9]+){2,})$`)
	// numberPattern is a move or turn number, with an action glued to it or not (1.e4, 12...).
	numberPattern = regexp.MustCompile(`^[0-9]+\.*`)
	// resultLike is what is written like a result without being one (2-0, 1-1, 0.5-0.5).
	resultLike = regexp.MustCompile(`^[0-9./½]+-[0-9./½-]+$`)
)

// readMovetext reads the actions, skipping numbers, comments, variations and NAGs.
func (r *Record) readMovetext(text string, line, maxActions int) error {
	depth, depthLine := 0, 0
	for i := 0; i < len(text); {
		c := text[i]
		switch {
		case c == '\n':
			line++
			i++
			continue
		case c == ' ' || c == '\t' || c == '\r':
			i++
			continue
		case c == '{':
			end := strings.IndexByte(text[i:], '}')
			if end < 0 {
				return errorf(line, "", "a comment opened with { is never closed")
			}
			line += strings.Count(text[i:i+end], "\n")
			i += end + 1
			continue
		case c == ';':
			end := strings.IndexByte(text[i:], '\n')
			if end < 0 {
				end = len(text) - i
			}
			i += end
			continue
		case c == '%' && (i == 0 || text[i-1] == '\n'):
			end := strings.IndexByte(text[i:], '\n')
			if end < 0 {
				end = len(text) - i
			}
			i += end
			continue
		case c == '(':
			if depth == 0 {
				depthLine = line
			}
			depth++
			i++
			continue
		case c == ')':
			if depth == 0 {
				return errorf(line, "", "a ) closes no variation")
			}
			depth--
			i++
			continue
		case c == '}':
			return errorf(line, "", "a } closes no comment")
		case c == '[':
			return errorf(line, "", "a tag pair after the movetext: one record holds one game")
		}
		end := i
		for end < len(text) && !strings.ContainsRune(" \t\r\n{};()[", rune(text[end])) {
			end++
		}
		word := text[i:end]
		i = end
		if depth > 0 || word[0] == '$' {
			continue
		}
		if resultPattern.MatchString(word) {
			r.Result = word
			if rest := strings.TrimSpace(text[i:]); rest != "" && !onlyComments(rest) {
				return errorf(line, "", "text after the result %s: one record holds one game", word)
			}
			return nil
		}
		if resultLike.MatchString(word) {
			return errorf(line, "", "%s is not a result: want 1-0, 0-1, 1/2-1/2, * or the places of more players (1-2-3-4)", clip(word))
		}
		word = word[len(numberPattern.FindString(word)):]
		word = strings.TrimRight(word, "!?")
		if word == "" {
			continue
		}
		if len(word) > MaxActionText {
			return &Error{Line: line, Action: len(r.Actions), Reason: "an action is at most " + strconv.Itoa(MaxActionText) + " characters"}
		}
		if len(r.Actions) == maxActions {
			return &Error{Line: line, Action: len(r.Actions), TooLarge: true, Reason: "at most " + strconv.Itoa(maxActions) + " actions"}
		}
		r.Actions = append(r.Actions, Token{Text: word, Line: line})
	}
	if depth > 0 {
		return errorf(depthLine, "", "a variation opened with ( is never closed")
	}
	return nil
}

// onlyComments reports whether text holds nothing but comments and blanks.
func onlyComments(text string) bool {
	for text != "" {
		text = strings.TrimSpace(text)
		switch {
		case text == "":
			return true
		case text[0] == '{':
			end := strings.IndexByte(text, '}')
			if end < 0 {
				return false
			}
			text = text[end+1:]
		case text[0] == ';':
			_, text, _ = strings.Cut(text, "\n")
		default:
			return false
		}
	}
	return true
}

// Failure is the action a record's game stops at: its index among the record's actions (dice
// included), the action as written, and why it cannot be played.
type Failure struct {
	Index    int
	Notation string
	Line     int
	Reason   string
}

// Step is one action played: the move, the position it is played in, and the one it leads to.
type Step struct {
	Move          engine.Move
	Before, After engine.Position
}

// Play plays the record's actions from its start, stopping at the first that cannot be played:
// one that is not legal or not readable in the variant's notation, or one after the game ended
// (a draw by repetition included). It returns the actions played and the failure, nil when
// every action was played.
func (r *Record) Play() ([]Step, *Failure) {
	steps := make([]Step, 0, len(r.Actions))
	game := engine.NewGameAfter(r.Start, make([]uint64, 0, len(r.Actions)))
	for i, tok := range r.Actions {
		fail := func(why string) *Failure {
			return &Failure{Index: i, Notation: tok.Text, Line: tok.Line, Reason: why}
		}
		cur := game.Position()
		if cur.Phase() == engine.PhaseFinished {
			return steps, fail("the game is over: " + cur.Outcome().Reason)
		}
		if game.Drawn() {
			return steps, fail("the game is over: drawn by repetition")
		}
		m, err := cur.ParseMove(notationOf(cur, tok.Text))
		if err != nil {
			var illegal *engine.IllegalError
			var syntax *engine.SyntaxError
			switch {
			case errors.As(err, &illegal):
				return steps, fail(illegal.Reason)
			case errors.As(err, &syntax):
				return steps, fail(syntax.Reason)
			}
			return steps, fail(err.Error())
		}
		game.Play(m)
		steps = append(steps, Step{Move: m, Before: cur, After: game.Position()})
	}
	return steps, nil
}

// Disagreements says where a record's results disagree, for a reader to warn of, not to refuse:
// the Result tag against the movetext's marker, and either against the end of the game its
// actions play (steps, as Play gives them) when that game is over.
func (r *Record) Disagreements(steps []Step) []string {
	var out []string
	tag, _ := r.Tag("Result")
	if tag != "" && r.Result != "" && tag != r.Result {
		out = append(out, "the Result tag says "+tag+", the movetext ends with "+r.Result)
	}
	g := engine.NewGameAfter(r.Start, make([]uint64, 0, len(steps)))
	for _, s := range steps {
		g.Play(s.Move)
	}
	if !g.Over() {
		return out
	}
	o := g.Outcome()
	want := ResultText(o, engine.Players(g.Position()))
	for _, said := range []struct{ where, result string }{{"the Result tag", tag}, {"the movetext", r.Result}} {
		if said.result != "" && said.result != want {
			out = append(out, said.where+" says "+said.result+", but the game ends in "+strings.ReplaceAll(o.Reason, "_", " ")+": "+want)
		}
	}
	return out
}

// SplitGames splits a file of records into its games: a game starts at a tag pair that follows
// movetext, outside a comment (a comment's line may start with '[', as [%eval 0.35] does).
func SplitGames(text string) []string {
	var games []string
	start, inMoves, comment := 0, false, false
	lineStart := true
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case comment:
			comment = c != '}'
		case c == '{':
			comment = true
		case c == '[' && lineStart:
			if inMoves {
				games = append(games, text[start:i])
				start, inMoves = i, false
			}
			// A tag pair: skip to its line's end, where a '{' in its value opens nothing.
			if end := strings.IndexByte(text[i:], '\n'); end >= 0 {
				i += end
				lineStart = true
				continue
			}
			i = len(text)
			continue
		case c != ' ' && c != '\t' && c != '\r' && c != '\n':
			inMoves = true
		}
		lineStart = c == '\n' || lineStart && (c == ' ' || c == '\t' || c == '\r')
	}
	if strings.TrimSpace(text[start:]) != "" {
		games = append(games, text[start:])
	}
	return games
}
