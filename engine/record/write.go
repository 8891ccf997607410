package record

import (
	"slices"
	"strconv"
	"strings"

	"github.com/ashtapada/ashtapada/engine"
)

// escapeValue writes a tag value's quotes and backslashes as PGN escapes them.
var escapeValue = strings.NewReplacer(`\`, `\\`, `"`, `\"`)

// lineWidth is where movetext lines wrap, as PGN's export format asks (under 80 characters).
const lineWidth = 79

// Write writes the game of moves played in turn from start as a record. tags are the caller's
// (Event, Site, Date, Round, the players by seat: White, Black, Red, ...; any other name is
// written after the record's own); the tags the game itself decides (Variant, Options, SetUp,
// FEN, Result, Termination, PlyCount) are refused. Every move must be legal where it is played,
// and none may follow a draw by repetition.
func Write(start engine.Position, moves []engine.Move, tags []Tag) (string, error) {
	return WriteAnnotated(start, moves, tags, nil)
}

// Annotation is what a record writes after one action: a mark (!, ?, !!, ??, !?, ?!) and a
// comment, either of them empty.
type Annotation struct{ Mark, Comment string }

// marks are the annotation marks PGN writes after a move.
var marks = map[string]bool{"": true, "!": true, "?": true, "!!": true, "??": true, "!?": true, "?!": true}

// WriteAnnotated is Write with notes[i] written after action i: notes is nil or holds one
// annotation per move. A comment may not hold '}', which would end it.
func WriteAnnotated(start engine.Position, moves []engine.Move, tags []Tag, notes []Annotation) (string, error) {
	if notes != nil && len(notes) != len(moves) {
		return "", &Error{Action: -1, Reason: "want one annotation per action, got " + strconv.Itoa(len(notes)) + " for " + strconv.Itoa(len(moves))}
	}
	for i, n := range notes {
		switch {
		case !marks[n.Mark]:
			return "", &Error{Action: i, Reason: "the mark " + strconv.Quote(n.Mark) + " is not one of ! ? !! ?? !? ?!"}
		case strings.ContainsRune(n.Comment, '}') || !validTagValue(n.Comment):
			return "", &Error{Action: i, Reason: "a comment is at most " + strconv.Itoa(MaxTagValue) + " bytes of text without control characters or '}'"}
		}
	}
	if len(tags) > MaxTags {
		return "", &Error{Action: -1, TooLarge: true, Reason: "at most " + strconv.Itoa(MaxTags) + " tags, got " + strconv.Itoa(len(tags))}
	}
	given := map[string]string{}
	for _, t := range tags {
		switch {
		case !validTagName(t.Name):
			return "", errorf(0, t.Name, "a tag name is letters, digits and underscores, starting with a letter, at most %d", MaxTagName)
		case computed[t.Name]:
			return "", errorf(0, t.Name, "written from the game itself, not given")
		case !validTagValue(t.Value):
			return "", errorf(0, t.Name, "a tag value is at most %d bytes of UTF-8 text without control characters", MaxTagValue)
		}
		if _, dup := given[t.Name]; dup {
			return "", errorf(0, t.Name, "given twice")
		}
		given[t.Name] = t.Value
	}

	texts, turns, end, err := playThrough(start, moves)
	if err != nil {
		return "", err
	}
	v := start.Variant()
	d := v.Describe()
	seats := engine.Seats(start)
	outcome := end.Outcome()
	result := ResultText(outcome, len(seats))

	var out []Tag
	tag := func(name, value string) { out = append(out, Tag{name, value}) }
	own := map[string]bool{}
	for _, name := range sevenTags {
		value, ok := given[name]
		switch {
		case ok:
		case name == "Date":
			value = "????.??.??"
		default:
			value = "?"
		}
		tag(name, value)
		own[name] = true
	}
	for _, s := range seats {
		name := playerTag(s.Name)
		value, ok := given[name]
		if !ok {
			value = "?"
		}
		tag(name, value)
		own[name] = true
	}
	tag("Result", result)
	tag("Variant", VariantTag(v))
	if words := engine.OptionWords(d.Options, start.Setup().Options); len(words) > 0 {
		tag("Options", strings.Join(words, " "))
	}
	if !standardStart(start) {
		tag("SetUp", "1")
		tag("FEN", start.String())
	}
	if outcome.Finished && outcome.Reason != "" {
		tag("Termination", outcome.Reason)
	}
	for _, t := range tags {
		if !own[t.Name] {
			tag(t.Name, t.Value)
		}
	}
	if len(out) > MaxTags {
		// Read would refuse the record.
		return "", &Error{Action: -1, TooLarge: true, Reason: "a record holds at most " + strconv.Itoa(MaxTags) + " tags; these make " + strconv.Itoa(len(out))}
	}

	var b strings.Builder
	for _, t := range out {
		b.WriteString("[" + t.Name + " \"" + escapeValue.Replace(t.Value) + "\"]\n")
	}
	b.WriteString("\n")

	line := 0
	word := func(w string) {
		if line > 0 && line+1+len(w) > lineWidth {
			b.WriteString("\n")
			line = 0
		}
		if line > 0 {
			b.WriteString(" ")
			line++
		}
		b.WriteString(w)
		line += len(w)
	}
	commented := map[int]bool{} // the actions that follow a comment
	for i, n := range notes {
		if n.Comment != "" {
			commented[i+1] = true
		}
	}
	numbers := moveNumbers(start, turns, commented)
	for i, text := range texts {
		if n, ok := numbers[i]; ok {
			text = n + " " + text // a number stays on the line of its action
		}
		if notes == nil {
			word(text)
			continue
		}
		word(text + notes[i].Mark)
		if c := notes[i].Comment; c != "" {
			word("{")
			for _, w := range commentWords(c) {
				word(w)
			}
			word("}")
		}
	}
	word(result)
	b.WriteString("\n")
	return b.String(), nil
}

// commentWords splits a comment where a line may wrap: at blanks outside the embedded commands
// ([%eval 0.35]), which stay whole for the programs that read them.
func commentWords(c string) []string {
	var out []string
	depth, start := 0, -1
	for i, r := range c + " " {
		switch {
		case r == '[':
			depth++
		case r == ']' && depth > 0:
			depth--
		}
		blank := (r == ' ' || r == '\t' || r == '\n' || r == '\r') && depth == 0
		switch {
		case blank && start >= 0:
			out = append(out, c[start:i])
			start = -1
		case !blank && start < 0:
			start = i
		}
	}
	if start >= 0 {
		out = append(out, c[start:])
	}
	return out
}

// turn is the first action of a turn and the seat that plays it.
type turn struct{ first, seat int }

// playThrough plays moves from start: each one as a record writes it, the turns, and the game
// reached (its outcome says whether it is drawn by repetition).
func playThrough(start engine.Position, moves []engine.Move) ([]string, []turn, *engine.Game, error) {
	texts := make([]string, len(moves))
	var turns []turn
	game := engine.NewGameAfter(start, make([]uint64, 0, len(moves)))
	var buf [engine.MaxMoves]engine.Move
	for i, m := range moves {
		cur := game.Position()
		if game.Drawn() {
			return nil, nil, nil, &Error{Action: i, Reason: engine.ErrDrawnBefore.Error()}
		}
		if !slices.Contains(cur.Moves(buf[:0]), m) {
			return nil, nil, nil, &Error{Action: i, Reason: "not a legal action of the position it is played in"}
		}
		text := ActionText(cur, m)
		if !writable(cur, m, text) {
			return nil, nil, nil, &Error{Action: i, Reason: "the action " + strconv.Quote(cur.Notation(m)) + " cannot be written in a record"}
		}
		texts[i] = text
		if seat := cur.ToMove(); len(turns) == 0 || turns[len(turns)-1].seat != seat {
			turns = append(turns, turn{first: i, seat: seat})
		}
		game.Play(m)
	}
	return texts, turns, game, nil
}

// moveNumbers gives the numbers written before actions, by the action's index: full moves in a
// two-player game, turns in a game of more players. In a two-player game the second seat's turn
// is numbered ("5...") where it does not follow the first seat's action at once, or follows a
// comment (commented).
func moveNumbers(start engine.Position, turns []turn, commented map[int]bool) map[int]string {
	out := make(map[int]string, len(turns))
	if engine.Players(start) != 2 {
		for i, t := range turns {
			out[t.first] = strconv.Itoa(i+1) + "."
		}
		return out
	}
	move := 1
	for _, c := range start.Setup().Counters {
		if c.Name == "fullmove_number" && c.Value > 0 {
			move = int(c.Value)
		}
	}
	for i, t := range turns {
		if i > 0 && t.seat == 0 {
			move++
		}
		switch {
		case t.seat == 0:
			out[t.first] = strconv.Itoa(move) + "."
		case i == 0 || t.first-turns[i-1].first != 1 || commented[t.first]:
			out[t.first] = strconv.Itoa(move) + "..."
		}
	}
	return out
}

// standardStart reports whether p is the start position of its options.
func standardStart(p engine.Position) bool {
	s, err := p.Variant().Start(p.Setup().Options)
	return err == nil && s.String() == p.String()
}

// writable reports whether an action written text reads back as one action: it starts with no
// digit (a move number), holds none of the characters that mean something else in a record, and
// its notation has no '-', which joins words.
func writable(p engine.Position, m engine.Move, text string) bool {
	if text == "" || text[0] >= '0' && text[0] <= '9' || strings.ContainsAny(text, "{}();$\"[]!?*%") {
		return false
	}
	_, san := p.(engine.SANWriter)
	return san || !strings.Contains(p.Notation(m), "-")
}
