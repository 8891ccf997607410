// Package record writes and reads portable game records shaped like PGN, for every variant: tag
// pairs ([Variant "chaturaji"]), then the actions in the variant's own notation, dice rolls
// included, so that a record replays a game exactly. Chaturanga records are standard PGN with
// SAN, as pychess-variants writes them and Fairy-Stockfish reads them.
//
// The movetext of a two-player game numbers its moves as PGN does: "1." before the first seat's
// turn, "1..." before the second seat's when it does not follow the first seat's turn of the same
// move (the record starts with it, or the turn before took several actions). A game of more
// players numbers its turns: "1." before the first turn, "2." before the next, whoever plays it.
// A turn is every action the same player takes in a row (a roll, moves, the end of the turn). An
// action whose notation has several words is written with its words joined by '-' (roll-2-5).
// Reading skips the numbers, comments ({...} and ; to the end of the line), variations in
// parentheses and NAGs ($1), and needs no numbers at all.
package record

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ashtapada/ashtapada/engine"
)

// Bounds on what Read accepts: a record within them costs time in proportion to its actions.
const (
	// MaxBytes bounds a record's text.
	MaxBytes = 1 << 20
	// MaxTags bounds the tag pairs of a record.
	MaxTags = 64
	// MaxTagName bounds a tag's name.
	MaxTagName = 64
	// MaxTagValue bounds a tag's value; a position's text is the longest one written.
	MaxTagValue = 4096
	// MaxActionText bounds one action as written.
	MaxActionText = 64
)

// Tag is one tag pair: [Name "Value"].
type Tag struct{ Name, Value string }

// The tags a record writes from the game itself: Write refuses them from a caller.
var computed = map[string]bool{"Variant": true, "Options": true, "SetUp": true, "FEN": true, "Result": true,
	"Termination": true, "PlyCount": true}

// sevenTags are PGN's Seven Tag Roster, written first and in this order; the players' tags take
// the seats' names where they are not White and Black.
var sevenTags = []string{"Event", "Site", "Date", "Round"}

// Error is a record that cannot be read, or a game that cannot be written: where and why.
type Error struct {
	// Line is the line of the record at fault, from 1; 0 when no one line is.
	Line int
	// Tag is the tag at fault, if one is.
	Tag string
	// Action is the index of the action at fault (dice included), or -1.
	Action int
	// TooLarge marks a record beyond a bound (MaxBytes, the tags' or the actions' count).
	TooLarge bool
	Reason   string
}

func (e *Error) Error() string {
	var b strings.Builder
	if e.Line > 0 {
		b.WriteString("line " + strconv.Itoa(e.Line) + ": ")
	}
	if e.Tag != "" {
		b.WriteString("tag " + e.Tag + ": ")
	}
	if e.Action >= 0 {
		b.WriteString("action " + strconv.Itoa(e.Action) + ": ")
	}
	b.WriteString(e.Reason)
	return b.String()
}

func errorf(line int, tag, format string, args ...any) *Error {
	return &Error{Line: line, Tag: tag, Action: -1, Reason: fmt.Sprintf(format, args...)}
}

// VariantTag is the value of the Variant tag for v: the name other programs' records give it
// (Description.RecordName, as chaturanga's "Chaturanga"), else its registered name.
func VariantTag(v engine.Variant) string {
	if d := v.Describe(); d.RecordName != "" {
		return d.RecordName
	}
	return v.Describe().Name
}

// lookupVariant reads a Variant tag: a registered name in any case, spaces and hyphens read as
// underscores ("Martian Chess").
func lookupVariant(value string) (engine.Variant, bool) {
	name := strings.ToLower(strings.NewReplacer(" ", "_", "-", "_").Replace(strings.TrimSpace(value)))
	return engine.Lookup(name)
}

// ActionText is a legal move m of p as a record writes it: SAN where the variant has it, else its
// notation with the words joined by '-'.
func ActionText(p engine.Position, m engine.Move) string {
	if w, ok := p.(engine.SANWriter); ok {
		return w.SAN(m)
	}
	return strings.Join(strings.Fields(p.Notation(m)), "-")
}

// notationOf is an action as written in a record back in the variant's notation.
func notationOf(p engine.Position, text string) string {
	if _, ok := p.(engine.SANWriter); ok {
		return text
	}
	return strings.ReplaceAll(text, "-", " ")
}

// ResultText is the Result tag for a game's outcome: 1-0, 0-1 or 1/2-1/2 for two players; for
// more, each seat's place in seat order joined by '-' (1-3-1-3); * for a game not over.
func ResultText(o engine.Outcome, players int) string {
	if !o.Finished {
		return "*"
	}
	if players == 2 {
		switch {
		case len(o.Winners) == 1 && o.Winners[0] == 0:
			return "1-0"
		case len(o.Winners) == 1 && o.Winners[0] == 1:
			return "0-1"
		}
		return "1/2-1/2"
	}
	places := make([]string, players)
	for i := range places {
		places[i] = "1"
		if i < len(o.Ranking) {
			places[i] = strconv.Itoa(o.Ranking[i])
		}
	}
	return strings.Join(places, "-")
}

// playerTag is the tag naming the player of a seat: White, Black, Red, ...
func playerTag(seat string) string {
	var b strings.Builder
	up := true
	for _, r := range seat {
		if r == '_' || r == ' ' {
			up = true
			continue
		}
		if up && r >= 'a' && r <= 'z' {
			r -= 'a' - 'A'
		}
		up = false
		b.WriteRune(r)
	}
	return b.String()
}

// validTagName is PGN's tag name: letters, digits and underscores, starting with a letter.
func validTagName(name string) bool {
	if name == "" || len(name) > MaxTagName {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case c >= 'A' && c <= 'Z', c >= 'a' && c <= 'z':
		case i > 0 && (c >= '0' && c <= '9' || c == '_'):
		default:
			return false
		}
	}
	return true
}

// validTagValue refuses control characters, which a record's line cannot hold.
func validTagValue(v string) bool {
	if len(v) > MaxTagValue {
		return false
	}
	for _, r := range v {
		if r < 0x20 || r == 0x7f || r == '\uFFFD' {
			return false
		}
	}
	return true
}

// PlayerTag is the tag naming the player of a seat: White, Black, Red, ...; a tag about the
// player starts with it (WhiteAccuracy).
func PlayerTag(seat string) string { return playerTag(seat) }
