package record_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/record"
)

// replayNotation plays actions given in the variant's own notation from start.
func replayNotation(t *testing.T, start engine.Position, actions []string) engine.Position {
	t.Helper()
	cur := start
	for _, a := range actions {
		m, err := cur.ParseMove(a)
		if err != nil {
			t.Fatalf("%s: %v", a, err)
		}
		cur, _ = cur.Play(m)
	}
	return cur
}

// Hand-written records, one a game, with what PGN files carry besides the actions: comments,
// NAGs, annotations, variations, numbers glued to their actions, escape lines.
func TestHandWrittenRecords(t *testing.T) {
	for _, c := range []struct {
		name    string
		record  string
		actions []string // the same game in the variant's notation
	}{
		{"chaturanga", `[Event "Hand written"]
[Site "?"]
[White "Ann"]
[Black "Bo"]
[Result "*"]
[Variant "Chaturanga"]

1.Be3 Na6 2.a3 {a quiet move} Nf6 $1 3.a4!? g6 (3...g5 4.h3) 4.g3 ; the rest
Nd5 5. Bc1 c6 6. g4 Nac7 7. Ra2 d6 *
`, []string{"c1e3", "b8a6", "a2a3", "g8f6", "a3a4", "g7g6", "g2g3", "f6d5", "e3c1", "c7c6", "g3g4", "a6c7", "a1a2", "d7d6"}},
		{"chaturaji", `[Variant "Chaturaji"]
[Red "Ravana"]
% an escape line, skipped
1. roll-2 a1c3 2. roll-2 a8c6 {green} 3. roll-3 g8h6 4. roll-4 pass 5. roll-5 d1e2 *`,
			[]string{"roll 2", "a1c3", "roll 2", "a8c6", "roll 3", "g8h6", "roll 4", "pass", "roll 5", "d1e2"}},
		{"martian_chaturanga", `[Variant "Martian Chaturanga"]

1. roll-3-4 b2b3 a1c3 1... roll-1-3 a5c3 end 2. roll-1-3 e1c3 c1a3 *`,
			[]string{"roll 3 4", "b2b3", "a1c3", "roll 1 3", "a5c3", "end", "roll 1 3", "e1c3", "c1a3"}},
		{"martian_chaturaji", `[Variant "martian_chaturaji"]

1. roll-1-2 f1d1 end 2. roll-4-4 end 3. roll-2-3 b8c6 a8b8 *`,
			[]string{"roll 1 2", "f1d1", "end", "roll 4 4", "end", "roll 2 3", "b8c6", "a8b8"}},
		{"martian_chess", `[Variant "martian_chess"]
[Result "1/2-1/2"]
[Termination "clock"]

1. d3d5+clock d5c5 2. b2a1 c5a5 3. b3a4 c8d8 4. d2d3 1/2-1/2`,
			[]string{"d3d5+clock", "d5c5", "b2a1", "c5a5", "b3a4", "c8d8", "d2d3"}},
		{"coaster_chess", `[Variant "coaster_chess"]

1. f1e1 f5e5 2. a2b2 e5e4 3. b2c2 e4f4 *`, []string{"f1e1", "f5e5", "a2b2", "e5e4", "b2c2", "e4f4"}},
		{"martian_coaster_chaturanga", `[Variant "martian_coaster_chaturanga"]

1. roll-aim a2a4 aim-1 2. roll-swap e1e3 end 3. roll-hop hop-e6@e2 f1e2 *`,
			[]string{"roll aim", "a2a4", "aim 1", "roll swap", "e1e3", "end", "roll hop", "hop e6@e2", "f1e2"}},
		{"ramayana", `[Variant "ramayana"]

1. f2g5 e15f12 2. d2b4 f12e15 *`, []string{"f2g5", "e15f12", "d2b4", "f12e15"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			rec, err := record.Read(c.record, 10000)
			if err != nil {
				t.Fatal(err)
			}
			steps, fail := rec.Play()
			if fail != nil {
				t.Fatalf("action %d %q (line %d): %s", fail.Index, fail.Notation, fail.Line, fail.Reason)
			}
			if len(steps) != len(c.actions) {
				t.Fatalf("%d actions read, want %d", len(steps), len(c.actions))
			}
			want := replayNotation(t, rec.Start, c.actions)
			if got := steps[len(steps)-1].After; got.Key() != want.Key() || got.String() != want.String() {
				t.Fatalf("ends at %s, want %s", got, want)
			}
		})
	}
}

// A game from a set-up position that ends in mate is written with its FEN, result and reason,
// as PGN writes them.
func TestWriteSetUpMate(t *testing.T) {
	v, _ := engine.Lookup("chaturanga")
	start, err := v.Parse("4k3/8/4K3/8/8/8/8/R7 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	m, err := start.ParseMove("a1a8")
	if err != nil {
		t.Fatal(err)
	}
	text, err := record.Write(start, []engine.Move{m}, []record.Tag{{Name: "White", Value: `Ann "the rook"`}, {Name: "Annotator", Value: "X"}})
	if err != nil {
		t.Fatal(err)
	}
	want := `[Event "?"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "Ann \"the rook\""]
[Black "?"]
[Result "1-0"]
[Variant "Chaturanga"]
[SetUp "1"]
[FEN "4k3/8/4K3/8/8/8/8/R7 w - - 0 1"]
[Termination "checkmate"]
[Annotator "X"]

1. Ra8# 1-0
`
	if text != want {
		t.Fatalf("got\n%s\nwant\n%s", text, want)
	}
	rec, err := record.Read(text, 10)
	if err != nil {
		t.Fatal(err)
	}
	if w, _ := rec.Tag("White"); w != `Ann "the rook"` {
		t.Fatalf("White is %q", w)
	}
	steps, fail := rec.Play()
	if fail != nil || len(steps) != 1 || steps[0].After.Outcome().Reason != "checkmate" {
		t.Fatalf("steps %d, failure %+v", len(steps), fail)
	}
	// Black to move first numbers its move 1...; the move number comes from the FEN.
	start, _ = v.Parse("4k3/8/4K3/8/8/8/8/R7 b - - 0 30")
	m, _ = start.ParseMove("e8d8")
	text, _ = record.Write(start, []engine.Move{m}, nil)
	if !strings.HasSuffix(text, "\n30... Kd8 *\n") {
		t.Fatalf("got\n%s", text)
	}
}

// Write refuses the tags the game decides, and tags that cannot be written.
func TestWriteRefusesTags(t *testing.T) {
	v, _ := engine.Lookup("chaturanga")
	start, _ := v.Start(nil)
	for _, tags := range [][]record.Tag{
		{{Name: "Result", Value: "1-0"}},
		{{Name: "Variant", Value: "chess"}},
		{{Name: "FEN", Value: "x"}},
		{{Name: "Bad Name", Value: "x"}},
		{{Name: "Event", Value: "a\nb"}},
		{{Name: "Event", Value: "a"}, {Name: "Event", Value: "b"}},
	} {
		if _, err := record.Write(start, nil, tags); err == nil {
			t.Errorf("%v: written", tags)
		}
	}
}

// Hostile and malformed records: each is refused with an error naming its line, tag or action,
// or, for an action that cannot be played, read up to it with the failure.
func TestHostileRecords(t *testing.T) {
	cases := []struct {
		name, record string
		want         string // in the error
		tooLarge     bool
	}{
		{"huge", "[Variant \"chaturanga\"]\n\n" + strings.Repeat("{comment} ", record.MaxBytes/10+1), "at most 1048576 bytes", true},
		{"too many actions", "[Variant \"martian_chess\"]\n\n" + strings.Repeat("a1a2 ", 101), "at most 100 actions", true},
		{"too many tags", manyTags(record.MaxTags + 1), "at most 64 tags", true},
		{"unterminated tag", "[Variant \"chaturanga\n1. e3 *", "line 1: a tag pair is [Name \"value\"] on a line of its own", false},
		{"tag without quotes", "[Variant chaturanga]\n", "line 1: tag Variant: the value must be in double quotes", false},
		{"nested tags", strings.Repeat("[", 100000) + "\n", "line 1: a tag pair is", false},
		{"stray quote", "[Event \"a\"b\"]\n[Variant \"chaturanga\"]\n", "line 1: tag Event: a quote", false},
		{"tag twice", "[Variant \"chaturanga\"]\n[Variant \"chaturanga\"]\n", "line 2: tag Variant: the tag is given twice", false},
		{"no variant", "[Event \"x\"]\n\n1. e3 *", "tag Variant: a record names its variant", false},
		{"wrong variant", "[Variant \"chess\"]\n\n1. e4 *", "tag Variant: unknown variant \"chess\"", false},
		{"unknown option", "[Variant \"chaturaji\"]\n[Options \"teams castling\"]\n", "tag Options: unknown option \"castling\"", false},
		{"bad option value", "[Variant \"chaturaji\"]\n[Options \"dice=9\"]\n", "tag Options:", false},
		{"bad FEN", "[Variant \"chaturanga\"]\n[SetUp \"1\"]\n[FEN \"8/8 w\"]\n", "tag FEN: invalid position", false},
		{"SetUp without FEN", "[Variant \"chaturanga\"]\n[SetUp \"1\"]\n", "tag SetUp:", false},
		{"options against FEN", "[Variant \"martian_chess\"]\n[Options \"players=4\"]\n[FEN \"qqd1/qdp1/dpp1/4/4/1ppd/1pdq/1dqq s -,- - - 1\"]\n", "tag Options: the options", false},
		{"unterminated comment", "[Variant \"chaturanga\"]\n\n1. e3 e6\n2. {never closed\n" + strings.Repeat("x", 100000), "line 4: a comment opened with { is never closed", false},
		{"deep variations", "[Variant \"chaturanga\"]\n\n1. e3\n" + strings.Repeat("(", 500000), "line 4: a variation opened with ( is never closed", false},
		{"stray close", "[Variant \"chaturanga\"]\n\n1. e3 ) *", "line 3: a ) closes no variation", false},
		{"two games", "[Variant \"chaturanga\"]\n\n1. e3 *\n1. e3 *", "line 3: text after the result *", false},
		{"tag after moves", "[Variant \"chaturanga\"]\n\n1. e3\n[Event \"x\"]\n", "line 4: a tag pair after the movetext", false},
		{"long action", "[Variant \"chaturanga\"]\n\n1. " + strings.Repeat("e", 100) + " *", "line 3: action 0: an action is at most 64 characters", false},
		{"not UTF-8", "[Variant \"chaturanga\"]\n\n1. e3 \xff *", "UTF-8", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := record.Read(c.record, 100)
			var re *record.Error
			if !errors.As(err, &re) {
				t.Fatalf("read without a record error: %v", err)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %q, want it to hold %q", err, c.want)
			}
			if re.TooLarge != c.tooLarge {
				t.Fatalf("TooLarge is %v", re.TooLarge)
			}
		})
	}
	t.Logf("%d hostile records refused", len(cases))
}

func manyTags(n int) string {
	var b strings.Builder
	b.WriteString("[Variant \"chaturanga\"]\n")
	for i := range n {
		b.WriteString("[T" + strings.Repeat("x", i%5) + string(rune('a'+i%26)) + string(rune('a'+i/26)) + " \"v\"]\n")
	}
	return b.String()
}

// An action that cannot be played stops the game there: the record's actions before it are
// played, and the failure names it, its index (dice rolls counted) and line, and why.
func TestIllegalActionInTheMiddle(t *testing.T) {
	for _, c := range []struct {
		record        string
		index, played int
		notation      string
		reason        string
	}{
		{"[Variant \"Chaturanga\"]\n\n1. e3 e6 2. e5 Nf6 *", 2, 2, "e5", "no legal move is written e5"},
		{"[Variant \"chaturaji\"]\n\n1. roll-2 a1c3 2. roll-2\na1c3 *", 3, 3, "a1c3", ""},
		{"[Variant \"chaturaji\"]\n\n1. roll-9 *", 0, 0, "roll-9", ""},
		{"[Variant \"martian_chaturanga\"]\n\n1. roll-3-4 b2b3 a1c3 c3c4 *", 3, 3, "c3c4", ""},
		{"[Variant \"chaturanga\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/4K3/8/8/8/8/R7 w - - 0 1\"]\n\n1. Ra8# Kd7 1-0", 1, 1, "Kd7", "the game is over"},
		{"[Variant \"chaturanga\"]\n\n1. zz9 *", 0, 0, "zz9", "want a UCI move"},
	} {
		rec, err := record.Read(c.record, 100)
		if err != nil {
			t.Fatalf("%q: %v", c.record, err)
		}
		steps, fail := rec.Play()
		if fail == nil {
			t.Fatalf("%q: played through", c.record)
		}
		if fail.Index != c.index || len(steps) != c.played || fail.Notation != c.notation || !strings.Contains(fail.Reason, c.reason) || fail.Reason == "" {
			t.Fatalf("%q: failure %+v after %d actions", c.record, fail, len(steps))
		}
	}
}

// A record as pychess-variants exports one (its FEN and SetUp for the standard start, clock
// comments, tags of its own), with Windows line ends, reads as any other.
func TestPychessStyleRecord(t *testing.T) {
	text := strings.ReplaceAll(`[Event "Casual game"]
[Site "https://www.pychess.org/abcd1234"]
[Date "2026.11.27"]
[Round "-"]
[White "Ann"]
[Black "Bo"]
[Result "*"]
[TimeControl "300+2"]
[WhiteElo "1500"]
[BlackElo "1500?"]
[Variant "Chaturanga"]
[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"]
[SetUp "1"]

1. e3 {[%clk 0:05:00]} e6 {[%clk 0:05:00]} 2. Nf3 {[%clk 0:05:01]} Nf6 {[%clk 0:04:59]}
3. Bd3 Bd6 4. Nc3 Bf4 *
`, "\n", "\r\n")
	rec, err := record.Read(text, 100)
	if err != nil {
		t.Fatal(err)
	}
	steps, fail := rec.Play()
	if fail != nil || len(steps) != 8 {
		t.Fatalf("%d actions, failure %+v", len(steps), fail)
	}
	want := replayNotation(t, rec.Start, []string{"e2e3", "e7e6", "g1f3", "g8f6", "f1d3", "f8d6", "b1c3", "d6f4"})
	if got := steps[7].After; got.String() != want.String() {
		t.Fatalf("ends at %s, want %s", got, want)
	}
	if tc, _ := rec.Tag("TimeControl"); tc != "300+2" || rec.Result != "*" {
		t.Fatalf("TimeControl %q, result %q", tc, rec.Result)
	}
}

// A game drawn by repetition is written with its draw, and an action after it is refused when
// written and stops the game when read.
func TestRepetition(t *testing.T) {
	v, _ := engine.Lookup("chaturanga")
	start, _ := v.Start(nil)
	shuffle := []string{"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"}
	var moves []engine.Move
	cur := start
	for _, n := range append(shuffle, "e2e3") {
		m, err := cur.ParseMove(n)
		if err != nil {
			t.Fatal(err)
		}
		moves = append(moves, m)
		cur, _ = cur.Play(m)
	}
	text, err := record.Write(start, moves[:8], nil)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text, "[Result \"1/2-1/2\"]\n") || !strings.Contains(text, "[Termination \"repetition\"]\n") ||
		!strings.HasSuffix(text, "4. Ng1 Ng8 1/2-1/2\n") {
		t.Fatalf("got\n%s", text)
	}
	var re *record.Error
	if _, err := record.Write(start, moves, nil); !errors.As(err, &re) || re.Action != 8 {
		t.Fatalf("an action after the draw: %v", err)
	}
	rec, err := record.Read(strings.Replace(text, "1/2-1/2\n", "e3 *\n", 1), 100)
	if err != nil {
		t.Fatal(err)
	}
	steps, fail := rec.Play()
	if len(steps) != 8 || fail == nil || fail.Index != 8 || fail.Reason != "the game is over: drawn by repetition" {
		t.Fatalf("%d actions, failure %+v", len(steps), fail)
	}
}

// A record Write accepts, Read reads: the tags given and the record's own make at most MaxTags.
func TestWriteKeepsTagsReadable(t *testing.T) {
	v, _ := engine.Lookup("chaturaji")
	start, _ := v.Start(nil)
	var tags []record.Tag
	for i := range record.MaxTags {
		tags = append(tags, record.Tag{Name: "T" + string(rune('a'+i%26)) + string(rune('a'+i/26)), Value: "x"})
	}
	for n := len(tags); n > 0; n-- {
		text, err := record.Write(start, nil, tags[:n])
		if err != nil {
			var re *record.Error
			if !errors.As(err, &re) || !re.TooLarge {
				t.Fatalf("%d tags: %v", n, err)
			}
			continue
		}
		if _, err := record.Read(text, 10); err != nil {
			t.Fatalf("%d tags written, then %v", n, err)
		}
		// Event, Site, Date, Round, four players, Result and Variant are the record's own ten.
		if n != record.MaxTags-10 {
			t.Fatalf("at most %d tags given, want %d", n, record.MaxTags-10)
		}
		return
	}
	t.Fatal("no record written")
}

// A token written like a result but not one is named as such, not read as an action.
func TestReadUnknownResult(t *testing.T) {
	for _, tok := range []string{"2-0", "1-1", "0.5-0.5"} {
		_, err := record.Read("[Variant \"Chaturanga\"]\n\n1. e3 e6 "+tok, 100)
		if err == nil || !strings.Contains(err.Error(), tok+" is not a result") {
			t.Errorf("%s: %v", tok, err)
		}
	}
}

// A Result tag that disagrees with the movetext, or a result that disagrees with the game's end,
// is said; a record that agrees says nothing.
func TestReadResultDisagreements(t *testing.T) {
	for _, c := range []struct {
		text string
		want []string
	}{
		{"[Variant \"Chaturanga\"]\n[Result \"1-0\"]\n\n1. e3 0-1", []string{"the Result tag says 1-0, the movetext ends with 0-1"}},
		{"[Variant \"Chaturanga\"]\n[Result \"*\"]\n\n1. e3 *", nil},
		{"[Variant \"Chaturanga\"]\n[SetUp \"1\"]\n[FEN \"k7/8/1K6/8/8/8/8/7R w - - 0 1\"]\n[Result \"0-1\"]\n\n1. Rh8# 0-1",
			[]string{"the Result tag says 0-1, but the game ends in checkmate: 1-0", "the movetext says 0-1, but the game ends in checkmate: 1-0"}},
		{"[Variant \"Chaturanga\"]\n[SetUp \"1\"]\n[FEN \"k7/8/1K6/8/8/8/8/7R w - - 0 1\"]\n[Result \"1-0\"]\n\n1. Rh8# 1-0", nil},
	} {
		rec, err := record.Read(c.text, 100)
		if err != nil {
			t.Fatal(err)
		}
		steps, fail := rec.Play()
		if fail != nil {
			t.Fatal(fail.Reason)
		}
		got := rec.Disagreements(steps)
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("%q:\n got %q\nwant %q", c.text, got, c.want)
		}
	}
}

// A file of records splits into its games, a comment's line that starts with '[' staying in its
// game.
func TestSplitGames(t *testing.T) {
	one := "[Event \"a\"]\n[Variant \"Chaturanga\"]\n\n1. e3 { [%eval 0.1]\n[%eval 0.2] } e6 *\n"
	two := "[Event \"b {\"]\n[Variant \"Chaturanga\"]\n\n1. e3 *\n"
	three := "[Event \"c\"]\n[Round \"3\"]\n[Variant \"Chaturanga\"]\n\n1. e3 *\n"
	got := record.SplitGames(one + "\n" + three + two)
	if len(got) != 3 || got[0] != one+"\n" || got[1] != three || got[2] != two {
		t.Fatalf("%q", got)
	}
	for _, g := range got {
		if _, err := record.Read(g, 100); err != nil {
			t.Error(err)
		}
	}
	if n := len(record.SplitGames("  \n")); n != 0 {
		t.Errorf("%d games in blanks", n)
	}
}
