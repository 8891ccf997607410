package engine_test

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"os"
	"runtime/debug"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"text/tabwriter"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/enginetest"
	_ "github.com/ashtapada/ashtapada/engine/games"
)

// TestOptionsProperty plays seeded random games of every registered variant under its default
// options, under every option alone set to each value of interest, and under every pair of such
// settings. A combination the variant refuses at Start with an *engine.OptionError is counted as
// refused and skipped: refusing is correct behaviour. Every position of every accepted game is
// checked against invariants written from docs/rules/<game>.md:
//
//   - its text reads back (Variant.Parse) as a position with the same text, phase, player to move
//     and legal actions (the same notations);
//   - the phase, the legal actions and Outcome agree on whether the game is over;
//   - each player's score is what the game's events and pieces say it is, and team totals are the
//     sums of their players' scores, during the game and at its end;
//   - a finished game's winners are the ones the game's rule gives for its reason, its places
//     agree with them, and so does Utility;
//   - an end by a counted limit (max_rounds, max_turns, the clock of Martian Chess, the move rules
//     of Chaturanga and Ramayana) comes exactly at the action where a count kept by the test from
//     the actions and events reaches it, neither before nor after;
//   - nothing panics.
//
// At every position the test picks uniformly among the legal actions, dice outcomes included. With
// -v it logs, per game, a table of the combinations: accepted or refused, games played, how they
// ended, positions checked and failures. CI=true plays more and longer games.
func TestOptionsProperty(t *testing.T) {
	b := propertyBudget()
	var (
		mu     sync.Mutex
		totals []string
	)
	t.Cleanup(func() {
		sort.Strings(totals)
		t.Logf("options property: per accepted combination at least %d games, more up to %d until %d positions are checked; at most %d actions a game\n%s",
			b.minGames, b.maxGames, b.positions, b.maxActions, strings.Join(totals, "\n"))
	})
	for _, v := range enginetest.Registered(t) {
		name := v.Describe().Name
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			rules, ok := propertyRules[name]
			if !ok {
				t.Fatalf("no rules encoded for variant %s: add its entry to propertyRules", name)
			}
			combos, err := optionCombos(v.Describe(), rules.freeForm)
			if err != nil {
				t.Fatal(err)
			}
			rep := &propertyReporter{game: name}
			rows := make([]comboRow, len(combos))
			t.Cleanup(func() {
				t.Log(comboTable(name, rows))
				mu.Lock()
				totals = append(totals, gameTotals(name, rows))
				mu.Unlock()
			})
			for i, c := range combos {
				t.Run(c.String(), func(t *testing.T) {
					t.Parallel()
					rows[i] = runCombo(t, v, rules, c, b, rep)
				})
			}
		})
	}
}

// budget is how much a run plays: per accepted combination at least minGames games, then more,
// up to maxGames, until positions positions have been checked; at most maxActions actions a game.
type budget struct{ minGames, maxGames, positions, maxActions int }

// propertyBudget is small by default and larger under CI=true.
func propertyBudget() budget {
	if os.Getenv("CI") == "true" {
		return budget{minGames: 16, maxGames: 200, positions: 8000, maxActions: 1000}
	}
	return budget{minGames: 4, maxGames: 30, positions: 1000, maxActions: 300}
}

// gameTotals sums a game's rows into one line.
func gameTotals(name string, rows []comboRow) string {
	accepted, refused, played, positions, failures := 0, 0, 0, 0, 0
	failed := map[string]int{}
	for _, r := range rows {
		if r.refused != "" {
			refused++
		} else {
			accepted++
		}
		played += r.games
		positions += r.positions
		failures += r.failures
		for check, n := range r.failed {
			failed[check] += n
		}
	}
	return fmt.Sprintf("  %-27s %3d combinations: %3d accepted, %3d refused; %5d games, %8d positions, %4d games failed %s",
		name, len(rows), accepted, refused, played, positions, failures, counts(failed))
}

// optionSetting is one option set to one value.
type optionSetting struct {
	name  string
	value engine.OptionValue
}

// optionCombo is the options of one run: none (the defaults), one setting or two.
type optionCombo []optionSetting

func (c optionCombo) String() string {
	if len(c) == 0 {
		return "default"
	}
	parts := make([]string, len(c))
	for i, s := range c {
		parts[i] = s.name + "=" + s.value.Format()
	}
	return strings.Join(parts, "&")
}

func (c optionCombo) options() engine.Options {
	if len(c) == 0 {
		return nil
	}
	o := engine.Options{}
	for _, s := range c {
		o[s.name] = s.value
	}
	return o
}

// has reports whether the combination sets name; bool reports a bool option's value, int and str
// the others' (the default when not set).
func (c optionCombo) has(name string) bool {
	return slices.ContainsFunc(c, func(s optionSetting) bool { return s.name == name })
}

func (c optionCombo) bool(name string) bool {
	for _, s := range c {
		if s.name == name {
			return s.value.Bool
		}
	}
	return false
}

func (c optionCombo) int(name string, def int) int {
	for _, s := range c {
		if s.name == name {
			return int(s.value.Int)
		}
	}
	return def
}

func (c optionCombo) str(name, def string) string {
	for _, s := range c {
		if s.name == name {
			return s.value.String
		}
	}
	return def
}

// optionValues lists the values of interest of one option other than its default: true for a
// bool, every allowed value of a string (the game's own list for a free-form one), and for an
// int a few small values in range (Min+1, 1, 2, 3, 5) and Max when the range is that small.
func optionValues(s engine.OptionSpec, freeForm map[string][]string) ([]engine.OptionValue, error) {
	var out []engine.OptionValue
	switch s.Kind {
	case engine.OptionBool:
		out = append(out, engine.OptionValue{Kind: engine.OptionBool, Bool: !s.Default.Bool})
	case engine.OptionString:
		values := s.Allowed
		if len(values) == 0 {
			var ok bool
			if values, ok = freeForm[s.Name]; !ok {
				return nil, fmt.Errorf("option %s is free-form: give its values of interest in propertyRules", s.Name)
			}
		}
		for _, x := range values {
			if x != s.Default.String {
				out = append(out, engine.OptionValue{Kind: engine.OptionString, String: x})
			}
		}
	case engine.OptionInt:
		candidates := []int64{s.Min + 1, 1, 2, 3, 5}
		if s.Max-s.Min <= 4 {
			candidates = append(candidates, s.Max)
		}
		for _, n := range candidates {
			if n >= s.Min && n <= s.Max && n != s.Default.Int &&
				!slices.ContainsFunc(out, func(v engine.OptionValue) bool { return v.Int == n }) {
				out = append(out, engine.OptionValue{Kind: engine.OptionInt, Int: n})
			}
		}
	default:
		return nil, fmt.Errorf("option %s has kind %v", s.Name, s.Kind)
	}
	return out, nil
}

// optionCombos returns the defaults, every single setting and every pair of settings of two
// different options.
func optionCombos(d *engine.Description, freeForm map[string][]string) ([]optionCombo, error) {
	var singles []optionSetting
	for _, s := range d.Options {
		values, err := optionValues(s, freeForm)
		if err != nil {
			return nil, err
		}
		for _, v := range values {
			singles = append(singles, optionSetting{s.Name, v})
		}
	}
	combos := []optionCombo{nil}
	for _, s := range singles {
		combos = append(combos, optionCombo{s})
	}
	for i, a := range singles {
		for _, b := range singles[i+1:] {
			if a.name != b.name {
				combos = append(combos, optionCombo{a, b})
			}
		}
	}
	return combos, nil
}

// comboRow is one line of the table a game logs.
type comboRow struct {
	combo     optionCombo
	refused   string
	games     int
	positions int
	failures  int            // games with a failed check
	failed    map[string]int // games by failed check
	ends      map[string]int // reason, or "cap" for a game stopped at the action cap
}

// counts writes a map of counts as sorted key:count words.
func counts(m map[string]int) string {
	var out []string
	for k, n := range m {
		out = append(out, fmt.Sprintf("%s:%d", k, n))
	}
	sort.Strings(out)
	return strings.Join(out, " ")
}

func comboTable(game string, rows []comboRow) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %d option combinations\n", game, len(rows))
	w := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "  options\tstatus\tgames\tpositions\tends\tfailed games by check")
	for _, r := range rows {
		if r.refused != "" {
			fmt.Fprintf(w, "  %s\trefused: %s\t-\t-\t-\t-\n", r.combo, r.refused)
			continue
		}
		failed := "-"
		if len(r.failed) > 0 {
			failed = counts(r.failed)
		}
		fmt.Fprintf(w, "  %s\taccepted\t%d\t%d\t%s\t%s\n", r.combo, r.games, r.positions, counts(r.ends), failed)
	}
	w.Flush()
	return b.String()
}

// runCombo starts the variant under c and, when it accepts them, plays and checks the games.
func runCombo(t *testing.T, v engine.Variant, rules *gameRules, c optionCombo, b budget, rep *propertyReporter) comboRow {
	row := comboRow{combo: c, ends: map[string]int{}, failed: map[string]int{}}
	start, err := startSafely(v, c.options())
	if err != nil {
		var oe *engine.OptionError
		if asOptionError(err, &oe) {
			row.refused = oe.Error()
			return row
		}
		t.Errorf("%s [%s]: Start: %v (want a position or an *engine.OptionError)", rep.game, c, err)
		row.refused = "error: " + err.Error()
		row.failures++
		return row
	}
	maxActions := b.maxActions
	if rules.longer > 1 {
		maxActions *= rules.longer
	}
	for i := 0; i < b.minGames || i < b.maxGames && row.positions < b.positions; i++ {
		g := newPlayout(v, rules, c, i, start)
		failed := g.play(maxActions, t, rep)
		row.games++
		row.positions += g.checked
		if len(failed) > 0 {
			row.failures++
			for _, check := range failed {
				row.failed[check]++
			}
		}
		if slices.Contains(failed, "panic") {
			row.ends["panic"]++
		} else if o := g.cur.Outcome(); o.Finished {
			row.ends[o.Reason]++
		} else {
			row.ends["cap"]++
		}
	}
	return row
}

func asOptionError(err error, target **engine.OptionError) bool {
	oe, ok := err.(*engine.OptionError)
	if ok {
		*target = oe
	}
	return ok
}

// startSafely is Start with a panic turned into an error.
func startSafely(v engine.Variant, o engine.Options) (p engine.Position, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v\n%s", r, debug.Stack())
		}
	}()
	return v.Start(o)
}

// propertyReporter reports a game's failures: the first of each check in full, with the
// position, the action and the game from its start; later ones in a line each.
type propertyReporter struct {
	game string
	mu   sync.Mutex
	seen map[string]int
}

// maxBrief is how many further failures of one check a game reports, a line each.
const maxBrief = 8

func (r *propertyReporter) report(t *testing.T, g *playout, check, detail string) {
	r.mu.Lock()
	if r.seen == nil {
		r.seen = map[string]int{}
	}
	n := r.seen[check]
	r.seen[check]++
	r.mu.Unlock()
	where := fmt.Sprintf("%s [%s] game %d (seed %#x), after %d actions", r.game, g.combo, g.index, g.seed, len(g.actions))
	switch {
	case n == 0:
		var b strings.Builder
		fmt.Fprintf(&b, "%s: %s: %s\n", where, check, detail)
		if g.prev != nil {
			fmt.Fprintf(&b, "  position before: %s\n  action:          %s\n", g.prev.String(), g.actions[len(g.actions)-1])
		}
		fmt.Fprintf(&b, "  position:        %s\n", safeString(g.cur))
		fmt.Fprintf(&b, "  replay: Start(%s), then: %s", g.combo, strings.Join(g.actions, " | "))
		t.Error(b.String())
	case n <= maxBrief:
		t.Errorf("%s: %s: %s", where, check, detail)
	case n == maxBrief+1:
		t.Errorf("%s: %s: further failures of this check in %s are counted, not shown", where, check, r.game)
	}
}

func safeString(p engine.Position) (s string) {
	defer func() {
		if r := recover(); r != nil {
			s = fmt.Sprintf("(String panics: %v)", r)
		}
	}()
	return p.String()
}

// playout is one seeded random game and what the test keeps of it.
type playout struct {
	v       engine.Variant
	rules   *gameRules
	combo   optionCombo
	index   int
	seed    uint64
	rng     *rand.Rand
	players int
	seats   []engine.PlayerInfo

	prev, cur   engine.Position
	prevSetup   *engine.Setup
	curSetup    *engine.Setup
	move        engine.Move
	events      []engine.Event // the last action's
	lastMover   int            // who chose the last action (prev.ToMove())
	actions     []string       // notations played, in order
	tally       []int          // points per player, from the events
	limit       limitTracker
	checked     int
	pieceValues map[string]int
	royal       map[string]bool
	teamOf      []int   // each seat's team index, -1 without teams
	empire      [2]bool // Chaturaji: the team has created its empire
}

func newPlayout(v engine.Variant, rules *gameRules, c optionCombo, index int, start engine.Position) *playout {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s|%s|%d", v.Describe().Name, c, index)
	seed := h.Sum64()
	g := &playout{v: v, rules: rules, combo: c, index: index, seed: seed, rng: rand.New(rand.NewPCG(seed, 0x6f7074696f6e73)),
		cur: start, lastMover: -1, pieceValues: map[string]int{}, royal: map[string]bool{}}
	g.seats = engine.Seats(start)
	g.players = len(g.seats)
	g.tally = make([]int, g.players)
	for _, pc := range v.Describe().Pieces {
		g.pieceValues[pc.Kind] = pc.Value
		g.royal[pc.Kind] = pc.Royal
	}
	teams := map[string]int{}
	for _, s := range g.seats {
		if s.Team != "" {
			if _, ok := teams[s.Team]; !ok {
				teams[s.Team] = len(teams)
			}
		}
	}
	for _, s := range g.seats {
		t, ok := teams[s.Team]
		if !ok {
			t = -1
		}
		g.teamOf = append(g.teamOf, t)
	}
	if rules.limit != nil {
		g.limit = rules.limit(c, g)
	}
	return g
}

// seatIndex returns the index of the seat named name, or -1.
func (g *playout) seatIndex(name string) int {
	return slices.IndexFunc(g.seats, func(s engine.PlayerInfo) bool { return s.Name == name })
}

// play plays the game to its end or the cap, checking every position. A failed check is reported
// once a game, at its first position, and the game goes on (the test's own counts come from the
// actions and events, not from what failed); a panic ends it. It returns the checks that failed.
func (g *playout) play(maxActions int, t *testing.T, rep *propertyReporter) (failed []string) {
	report := func(problems []problem) {
		for _, p := range problems {
			if !slices.Contains(failed, p.check) {
				failed = append(failed, p.check)
				rep.report(t, g, p.check, p.detail)
			}
		}
	}
	defer func() {
		if r := recover(); r != nil {
			report([]problem{{"panic", fmt.Sprintf("%v\n%s", r, debug.Stack())}})
		}
	}()
	g.curSetup = g.cur.Setup()
	report(g.checkPosition())
	var buf [engine.MaxMoves]engine.Move
	for range maxActions {
		moves := g.cur.Moves(buf[:0])
		if len(moves) == 0 {
			return failed
		}
		if g.rules.avoid != nil && g.index%2 == 1 && len(g.actions) < g.rules.avoidFor {
			kept := moves[:0:0]
			for _, m := range moves {
				if !g.rules.avoid(g.cur.Notation(m)) {
					kept = append(kept, m)
				}
			}
			if len(kept) > 0 {
				moves = kept
			}
		}
		m := moves[g.rng.IntN(len(moves))]
		g.prev, g.prevSetup, g.move = g.cur, g.curSetup, m
		g.lastMover = g.prev.ToMove()
		g.actions = append(g.actions, g.prev.Notation(m))
		g.cur, g.events = g.prev.Play(m)
		g.curSetup = g.cur.Setup()
		report(g.checkAction())
		report(g.checkPosition())
	}
	return failed
}

// problem is a failed check and what was wrong.
type problem struct{ check, detail string }

// checkAction checks what the last action did: a roll played as a move and thrown with Roll give
// the same position, and the events' points are counted.
func (g *playout) checkAction() (out []problem) {
	if g.prev.Phase() == engine.PhaseRoll {
		dice := g.prev.Action(g.move).Dice
		rolled, _, err := g.prev.Roll(dice)
		switch {
		case err != nil:
			out = append(out, problem{"roll", fmt.Sprintf("Roll(%v) of the outcome %q: %v", dice, g.actions[len(g.actions)-1], err)})
		case rolled.String() != g.cur.String():
			out = append(out, problem{"roll", fmt.Sprintf("Roll(%v) gives %q, playing the outcome gives %q", dice, rolled.String(), g.cur.String())})
		}
	}
	earned := make([]int, g.players)
	for _, e := range g.events {
		if e.Points == 0 {
			continue
		}
		i := g.seatIndex(e.Player)
		if i < 0 {
			out = append(out, problem{"event_points", fmt.Sprintf("event %+v gives %d points to %q, no player of the game", e, e.Points, e.Player)})
			continue
		}
		earned[i] += e.Points
		g.tally[i] += e.Points
	}
	if g.rules.points != nil {
		want, err := g.rules.points(g)
		switch {
		case err != "":
			out = append(out, problem{"action_points", err})
		case !slices.Equal(earned, want):
			out = append(out, problem{"action_points", fmt.Sprintf("the action's events give points %v, the rules give %v (events %+v)", earned, want, g.events)})
		}
	}
	return out
}

// checkPosition runs every check on the position reached.
func (g *playout) checkPosition() (out []problem) {
	g.checked++
	add := func(check, detail string) {
		if detail != "" {
			out = append(out, problem{check, detail})
		}
	}
	add("round_trip", g.checkRoundTrip())
	o := g.cur.Outcome()
	add("finished", g.checkFinished(o))
	add("scores", g.checkScores(o))
	add("setup_scores", g.checkSetupScores(o))
	add("team_totals", g.checkTeams(o))
	if o.Finished {
		add("winners", g.checkWinners(o))
		add("places", g.checkPlaces(o))
		add("utility", g.checkUtility(o))
	}
	if g.limit != nil && g.prev != nil {
		add("limit", g.limit.after(g, o))
	}
	return out
}

func notations(p engine.Position) []string {
	var buf [engine.MaxMoves]engine.Move
	moves := p.Moves(buf[:0])
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = p.Notation(m)
	}
	sort.Strings(out)
	return out
}

// checkRoundTrip: the text reads back as the same text, phase, player to move and legal actions.
func (g *playout) checkRoundTrip() string {
	text := g.cur.String()
	back, err := g.v.Parse(text)
	if err != nil {
		return fmt.Sprintf("Parse(%q): %v", text, err)
	}
	if bt := back.String(); bt != text {
		return fmt.Sprintf("%q reads back as %q", text, bt)
	}
	if back.Phase() != g.cur.Phase() {
		return fmt.Sprintf("%q: phase %s, read back %s", text, g.cur.Phase(), back.Phase())
	}
	if back.ToMove() != g.cur.ToMove() || back.Setup().ToMove != g.curSetup.ToMove {
		return fmt.Sprintf("%q: player to move %d (%s), read back %d (%s)", text, g.cur.ToMove(), g.curSetup.ToMove, back.ToMove(), back.Setup().ToMove)
	}
	have, want := notations(back), notations(g.cur)
	if !slices.Equal(have, want) {
		return fmt.Sprintf("%q: legal actions %v, read back %v", text, want, have)
	}
	return ""
}

// checkFinished: phase, legal actions and outcome agree on whether the game is over.
func (g *playout) checkFinished(o engine.Outcome) string {
	finished := g.cur.Phase() == engine.PhaseFinished
	moves := len(g.cur.Moves(nil))
	switch {
	case finished != o.Finished:
		return fmt.Sprintf("phase %s, Outcome.Finished %v", g.cur.Phase(), o.Finished)
	case finished && moves != 0:
		return fmt.Sprintf("a finished game offers %d actions", moves)
	case !finished && moves == 0:
		return "an unfinished game offers no action"
	case !finished && (o.Reason != "" || len(o.Winners) > 0):
		return fmt.Sprintf("an unfinished game has reason %q and winners %v", o.Reason, o.Winners)
	}
	return ""
}

// checkScores: each player's score is the game's own count (scoring), and the structured form
// says the same.
func (g *playout) checkScores(o engine.Outcome) string {
	switch g.rules.scoring {
	case scoreNone:
		for i, s := range o.Scores {
			if s != 0 {
				return fmt.Sprintf("a game without points gives player %d a score of %d (scores %v)", i, s, o.Scores)
			}
		}
		for i, s := range g.tally {
			if s != 0 {
				return fmt.Sprintf("a game without points: its events gave %s %d points", g.seats[i].Name, s)
			}
		}
		return ""
	case scoreEvents:
		if len(o.Scores) != g.players {
			return fmt.Sprintf("%d scores for %d players", len(o.Scores), g.players)
		}
		if !slices.Equal(o.Scores, g.tally) {
			return fmt.Sprintf("scores %v, the events' points add up to %v", o.Scores, g.tally)
		}
	case scoreHeld:
		own := g.heldScores()
		if !slices.Equal(o.Scores, own) {
			return fmt.Sprintf("Outcome.Scores %v, each seat's held pieces by the colours now give %v", o.Scores, own)
		}
	}
	return ""
}

// checkSetupScores: the structured form's scores (which ScorePosition's standings show) are the
// outcome's.
func (g *playout) checkSetupScores(o engine.Outcome) string {
	for i, pl := range g.curSetup.Players {
		if i < len(o.Scores) && pl.Score != o.Scores[i] {
			return fmt.Sprintf("Setup gives %s %d points, Outcome %d (scores %v)", pl.Name, pl.Score, o.Scores[i], o.Scores)
		}
	}
	return ""
}

// checkTeams: in team play the outcome carries the two teams throughout; wherever it carries
// teams, each team's score is its players' sum.
func (g *playout) checkTeams(o engine.Outcome) string {
	teamPlay := g.rules.teams != nil && g.rules.teams(g.combo)
	if teamPlay && len(o.Teams) != 2 {
		return fmt.Sprintf("team play, but the outcome has %d teams (finished %v)", len(o.Teams), o.Finished)
	}
	for _, tr := range o.Teams {
		sum := 0
		for _, pl := range tr.Players {
			if pl < 0 || pl >= g.players {
				return fmt.Sprintf("team %s has player %d of %d", tr.Name, pl, g.players)
			}
			if pl < len(o.Scores) {
				sum += o.Scores[pl]
			}
		}
		if tr.Score != sum {
			return fmt.Sprintf("team %s (players %v) has %d points, its players' scores %v add up to %d", tr.Name, tr.Players, tr.Score, o.Scores, sum)
		}
		for _, pl := range tr.Players {
			if g.teamOf[pl] < 0 || g.seats[pl].Team != tr.Name {
				return fmt.Sprintf("team %s lists %s, whose seat is in team %q", tr.Name, g.seats[pl].Name, g.seats[pl].Team)
			}
		}
	}
	return ""
}

// checkWinners: the winners are the ones the game's rule gives.
func (g *playout) checkWinners(o engine.Outcome) string {
	want, err := g.rules.winners(g, o)
	if err != "" {
		return fmt.Sprintf("reason %q: %s", o.Reason, err)
	}
	have := slices.Clone(o.Winners)
	slices.Sort(have)
	slices.Sort(want)
	if !slices.Equal(have, want) {
		return fmt.Sprintf("reason %q, scores %v, teams %+v: winners %v, the rules give %v", o.Reason, o.Scores, o.Teams, have, want)
	}
	return ""
}

// checkPlaces: winners share first place, everyone else is behind them; a draw puts at least two
// players first (everyone, or the leaders who drew, as at Martian Chess's clock).
func (g *playout) checkPlaces(o engine.Outcome) string {
	if len(o.Ranking) != g.players {
		return fmt.Sprintf("%d places for %d players", len(o.Ranking), g.players)
	}
	first := 0
	for i, place := range o.Ranking {
		if place == 1 {
			first++
		}
		if len(o.Winners) > 0 && slices.Contains(o.Winners, i) != (place == 1) {
			return fmt.Sprintf("winners %v, places %v", o.Winners, o.Ranking)
		}
	}
	if len(o.Winners) == 0 && first < 2 {
		return fmt.Sprintf("a draw, places %v", o.Ranking)
	}
	return ""
}

// checkUtility: Utility says the game is over, values every winner alike and above everyone
// else, and in a draw everyone in first place alike and no one above them.
func (g *playout) checkUtility(o engine.Outcome) string {
	u := make([]float64, engine.MaxPlayers)
	if !g.cur.Utility(u) {
		return "Utility says the finished game goes on"
	}
	u = u[:g.players]
	top := o.Winners
	if len(top) == 0 {
		for i, place := range o.Ranking {
			if place == 1 {
				top = append(top, i)
			}
		}
	}
	if len(top) == 0 {
		return fmt.Sprintf("no one in first place, places %v", o.Ranking)
	}
	best := u[top[0]]
	for i, x := range u {
		first := slices.Contains(top, i)
		if first && x != best || !first && (x > best || len(o.Winners) > 0 && x == best) {
			return fmt.Sprintf("winners %v, places %v, utilities %v", o.Winners, o.Ranking, u)
		}
	}
	return ""
}

// scoring says how a game's scores are checked.
type scoring int

const (
	// scoreNone: the game has no points.
	scoreNone scoring = iota
	// scoreEvents: each player's score is the sum of the points of the events the game produced
	// for him (captures, thrones, empire, pips).
	scoreEvents
	// scoreHeld: Martian Coaster Chaturanga: the pips of the pieces a seat holds, plus for other
	// colours and minus for its own, colours as they are now (AIM, TIP and SWAP change them, so
	// the events cannot say it).
	scoreHeld
)

// gameRules is what the test knows of one game's rules, from its documentation.
type gameRules struct {
	// freeForm lists values of interest of the game's free-form string options.
	freeForm map[string][]string
	scoring  scoring
	// teams reports whether the options make a team game with team totals (nil: never).
	teams func(c optionCombo) bool
	// winners gives the winners of a finished game by the game's rule, or why the end itself is
	// wrong.
	winners func(g *playout, o engine.Outcome) (want []int, err string)
	// limit returns a tracker of the game's counted end, or nil.
	limit func(c optionCombo, g *playout) limitTracker
	// points gives the points each player earns by the last action, by the rules, computed from
	// the positions before and after it (nil: not checked action by action).
	points func(g *playout) (want []int, err string)
	// avoid names actions that every other game (the odd ones) leaves out of its choice while
	// others are legal, for the first avoidFor actions: so that Martian Chess, where half of
	// the moves call the clock, also plays games that end otherwise.
	avoid    func(notation string) bool
	avoidFor int
	// longer multiplies the action cap: for games without options, whose one combination can
	// afford games long enough to reach their move rules.
	longer int
}

// limitTracker follows a count from the actions and events and checks that the game ends by it
// exactly when the count is reached.
type limitTracker interface {
	// after is called after every action with the position's outcome; it returns what is wrong.
	after(g *playout, o engine.Outcome) string
}

// propertyRules holds each registered variant's rules.
var propertyRules = map[string]*gameRules{
	"chaturaji": {
		scoring: scoreEvents,
		teams:   func(c optionCombo) bool { return c.bool("teams") || c.bool("diceless") },
		winners: chaturajiWinners,
		points:  chaturajiPoints,
		limit: func(c optionCombo, _ *playout) limitTracker {
			if n := c.int("max_rounds", 0); n > 0 {
				return &roundsLimit{max: n, diceless: c.bool("diceless")}
			}
			return nil
		},
	},
	"chaturanga": {
		scoring: scoreNone,
		longer:  4,
		winners: func(g *playout, o engine.Outcome) ([]int, string) {
			switch o.Reason {
			case "checkmate", "stalemate": // a stalemated side loses
				return []int{g.lastMover}, ""
			case "move_limit":
				return nil, ""
			}
			return nil, "not a reason of the game"
		},
		limit: func(optionCombo, *playout) limitTracker {
			// 70-move rule: 140 plies without a capture or a pawn move draw; a checkmate or
			// stalemate on that ply still counts.
			return &pliesLimit{max: 140, resets: []string{"pawn"}, before: []string{"checkmate", "stalemate"}}
		},
	},
	"coaster_chess":      martianChessRules(),
	"martian_chess":      martianChessRules(),
	"martian_chaturanga": martianRules(false),
	"martian_chaturaji":  martianRules(true),
	"martian_coaster_chaturanga": {
		freeForm: map[string][]string{
			// Seats, comma-separated, that set the drone on the queen's right.
			"drone_right": {"bl", "tr", "bl,tr", "bl,br,tr,tl"},
			// The coaster colours at tl tr br bl, each of y r b g once.
			"colours": {"rybg", "gbry"},
		},
		scoring: scoreHeld,
		teams:   func(c optionCombo) bool { return c.bool("partnership") || c.int("players", 4) == 2 },
		winners: coasterChaturangaWinners,
		limit: func(c optionCombo, _ *playout) limitTracker {
			if n := c.int("max_turns", 0); n > 0 {
				return &turnsLimit{max: n}
			}
			return nil
		},
	},
	"ramayana": {
		scoring: scoreNone,
		longer:  4,
		winners: ramayanaWinners,
		limit: func(optionCombo, *playout) limitTracker {
			// 100 plies without a capture (a paying piece removed counts as one) or an
			// Untouchable move draw; checkmate, stalemate and bare Rajah are checked first.
			return &pliesLimit{max: 100, resets: []string{"untouchable"}, before: []string{"checkmate", "stalemate", "bare_rajah"}}
		},
	},
}

// chaturajiTeam is a Chaturaji player's team: black and red 0, green and yellow 1.
func chaturajiTeam(pl int) int { return pl % 2 }

// chaturajiWinners: individual play, the top scores; team play by the goal: under goal points
// the higher team score whatever ended the game, a draw when equal, but honourable peace always a
// draw; under goal last_standing and in diceless play the other team wins when a team has no
// pieces or both its rajas are dead, and every other end is a draw.
func chaturajiWinners(g *playout, o engine.Outcome) ([]int, string) {
	var pieces, rajas [4]int
	onlyRajas := true
	for _, pc := range g.curSetup.Pieces {
		pl := g.seatIndex(pc.Player)
		pieces[pl]++
		if pc.Kind == "raja" {
			rajas[pl]++
		} else {
			onlyRajas = false
		}
	}
	with := 0
	for _, n := range pieces {
		if n > 0 {
			with++
		}
	}
	teamPieces := [2]int{pieces[0] + pieces[2], pieces[1] + pieces[3]}
	teamRajas := [2]int{rajas[0] + rajas[2], rajas[1] + rajas[3]}
	teamPlay := g.combo.bool("teams") || g.combo.bool("diceless")
	switch o.Reason {
	case "last_player_standing":
		if teamPlay || with > 1 {
			return nil, fmt.Sprintf("%d players have pieces (team play %v)", with, teamPlay)
		}
	case "honourable_peace":
		if !onlyRajas {
			return nil, "pieces other than rajas remain"
		}
	case "team_eliminated":
		if !teamPlay || teamPieces[0] > 0 && teamPieces[1] > 0 {
			return nil, fmt.Sprintf("team pieces %v (team play %v)", teamPieces, teamPlay)
		}
	case "rajas_killed":
		if !teamPlay || teamRajas[0] > 0 && teamRajas[1] > 0 {
			return nil, fmt.Sprintf("team rajas %v (team play %v)", teamRajas, teamPlay)
		}
	case "move_limit":
		if !g.combo.has("max_rounds") {
			return nil, "no max_rounds"
		}
	default:
		return nil, "not a reason of the game"
	}
	if !teamPlay {
		best := slices.Max(g.tally)
		var want []int
		for pl, s := range g.tally {
			if s == best {
				want = append(want, pl)
			}
		}
		return want, ""
	}
	team := func(t int) []int { return []int{t, t + 2} }
	byPoints := !g.combo.bool("diceless") && g.combo.str("goal", "points") == "points"
	if o.Reason == "honourable_peace" {
		return nil, ""
	}
	if byPoints {
		a, b := g.tally[0]+g.tally[2], g.tally[1]+g.tally[3]
		switch {
		case a > b:
			return team(0), ""
		case b > a:
			return team(1), ""
		}
		return nil, ""
	}
	switch o.Reason {
	case "team_eliminated":
		if teamPieces[0] == 0 {
			return team(1), ""
		}
		return team(0), ""
	case "rajas_killed":
		if teamRajas[0] == 0 {
			return team(1), ""
		}
		return team(0), ""
	}
	return nil, ""
}

// chaturajiThrones are the throne squares of black, green, red and yellow.
var chaturajiThrones = []string{"d1", "a5", "e8", "h4"}

// chaturajiValues are the points of Chaturaji's pieces.
var chaturajiValues = map[string]int{"pawn": 1, "boat": 2, "horse": 3, "elephant": 4, "raja": 5}

// chaturajiPoints: a capture scores the piece's points for the owner of the capturing piece. In
// team play (diceless play included) a raja moving onto an enemy throne earns +1; capturing an
// enemy raja on its own throne +2 besides the 5; and when a capture leaves both enemy rajas dead,
// the player of the capturing team who commands his partner (command as it stands after the
// action: the effects of one move apply together) earns once per team +4 if his own piece made
// that capture on a throne square, else +2 if his own piece made it, else +1.
func chaturajiPoints(g *playout) ([]int, string) {
	want := make([]int, g.players)
	before := map[string]engine.PieceSetup{}
	for _, pc := range g.prevSetup.Pieces {
		before[pc.Square] = pc
	}
	a := g.prev.Action(g.move)
	mover, moving := -1, before[a.From]
	if a.From != "" {
		mover = g.seatIndex(moving.Player)
	}
	teamPlay := g.combo.bool("teams") || g.combo.bool("diceless")
	rajaKilled, killSquare := -1, ""
	for _, e := range g.events {
		if e.Kind != engine.EventCapture {
			continue
		}
		victim, ok := before[e.Square]
		if !ok || mover < 0 {
			return nil, fmt.Sprintf("capture event %+v: no piece on %s before the action %+v", e, e.Square, a)
		}
		if e.Player != moving.Player || e.Piece != victim.Kind {
			return nil, fmt.Sprintf("capture event %+v: the capturing piece is %s's, the piece taken %s's %s", e, moving.Player, victim.Player, victim.Kind)
		}
		want[mover] += chaturajiValues[victim.Kind]
		if teamPlay && victim.Kind == "raja" {
			owner := g.seatIndex(victim.Player)
			if e.Square == chaturajiThrones[owner] {
				want[mover] += 2
			}
			rajaKilled, killSquare = owner, e.Square
		}
	}
	if !teamPlay {
		return want, ""
	}
	if a.Kind == engine.ActionMove && moving.Kind == "raja" {
		if o := slices.Index(chaturajiThrones, a.To); o >= 0 && chaturajiTeam(o) != chaturajiTeam(mover) {
			want[mover]++
		}
	}
	if rajaKilled < 0 || g.empire[chaturajiTeam(mover)] {
		return want, ""
	}
	for _, pc := range g.curSetup.Pieces {
		if pc.Kind == "raja" && chaturajiTeam(g.seatIndex(pc.Player)) == chaturajiTeam(rajaKilled) {
			return want, ""
		}
	}
	for _, x := range []int{mover, (mover + 2) % 4} {
		commands := g.curSetup.Players[x].State["commands"].List
		if !slices.Contains(commands, g.seats[(x+2)%4].Name) {
			continue
		}
		bonus := 1
		if x == mover {
			bonus = 2
			if slices.Contains(chaturajiThrones, killSquare) {
				bonus = 4
			}
		}
		want[x] += bonus
		g.empire[chaturajiTeam(mover)] = true
		break
	}
	return want, ""
}

// roundsLimit is Chaturaji's max_rounds: a turn with a capture sets the count of quiet turns to
// 0, any other turn adds 1, and the game ends (move_limit) when the count reaches max_rounds
// times the number of players still taking turns (with pieces; diceless, with a raja); a turn
// with a capture never ends it.
type roundsLimit struct {
	max      int
	diceless bool
	quiet    int
	captured bool // in the turn in progress
}

func (l *roundsLimit) after(g *playout, o engine.Outcome) string {
	for _, e := range g.events {
		if e.Kind == engine.EventCapture {
			l.captured = true
		}
	}
	// The structured form's to_move is the player whose turn it is (not his commander): it
	// changes exactly when a turn ends.
	turnEnded := g.prevSetup.ToMove != g.curSetup.ToMove
	if turnEnded {
		if l.captured {
			l.quiet = 0
		} else {
			l.quiet++
		}
		l.captured = false
	}
	var pieces, rajas [4]int
	for _, pc := range g.curSetup.Pieces {
		pl := g.seatIndex(pc.Player)
		pieces[pl]++
		if pc.Kind == "raja" {
			rajas[pl]++
		}
	}
	active := 0
	for pl := range pieces {
		if pieces[pl] > 0 && (!l.diceless || rajas[pl] > 0) {
			active++
		}
	}
	reached := !l.captured && l.quiet >= l.max*active
	byLimit := o.Finished && o.Reason == "move_limit"
	switch {
	case byLimit && !reached:
		return fmt.Sprintf("the game ended by move_limit with %d quiet turns counted (a capture this turn: %v; turn ended: %v), max_rounds %d x %d players taking turns = %d",
			l.quiet, l.captured, turnEnded, l.max, active, l.max*active)
	case reached && !o.Finished:
		return fmt.Sprintf("%d quiet turns reach max_rounds %d x %d players taking turns, but the game goes on", l.quiet, l.max, active)
	}
	return ""
}

// pliesLimit is a two-player game's draw after max plies without a capture or a move of one of
// the resets kinds; the reasons in before take precedence on the same ply.
type pliesLimit struct {
	max    int
	resets []string
	before []string
	plies  int
}

func (l *pliesLimit) after(g *playout, o engine.Outcome) string {
	reset := slices.Contains(l.resets, g.prev.Action(g.move).Piece)
	for _, e := range g.events {
		if e.Kind == engine.EventCapture {
			reset = true
		}
	}
	if reset {
		l.plies = 0
	} else {
		l.plies++
	}
	reached := l.plies >= l.max
	switch {
	case o.Finished && o.Reason == "move_limit" && !reached:
		return fmt.Sprintf("the game ended by move_limit after %d plies without a capture or a %s move, the limit is %d", l.plies, strings.Join(l.resets, "/"), l.max)
	case reached && !o.Finished:
		return fmt.Sprintf("%d plies without a capture or a %s move, but the game goes on", l.plies, strings.Join(l.resets, "/"))
	case reached && o.Reason != "move_limit" && !slices.Contains(l.before, o.Reason):
		return fmt.Sprintf("%d plies without a capture reached, but the game ended by %q", l.plies, o.Reason)
	}
	return ""
}

// martianRules are Martian Chaturanga's and Martian Chaturaji's: no points; the capture of a
// side's (last) monarch wins for the capturer's side, and max_turns consecutive turns without a
// capture draw. Martian Chaturaji is always played in partnerships, whose teams the outcome
// carries during the game as well as at its end.
func martianRules(partnerships bool) *gameRules {
	return &gameRules{
		scoring: scoreNone,
		teams:   func(optionCombo) bool { return partnerships },
		winners: func(g *playout, o engine.Outcome) ([]int, string) {
			switch o.Reason {
			case "monarch_captured", "monarchs_captured":
				if !slices.ContainsFunc(g.events, func(e engine.Event) bool { return e.Kind == engine.EventCapture && e.Piece == "monarch" }) {
					return nil, "the last action captured no monarch"
				}
				losers := map[int]bool{}
				for pl := range g.seats {
					if !g.sameSide(pl, g.lastMover) {
						losers[pl] = true
					}
				}
				for _, pc := range g.curSetup.Pieces {
					if pc.Kind == "monarch" && losers[g.seatIndex(pc.Player)] {
						return nil, "the losing side still has a monarch on " + pc.Square
					}
				}
				var want []int
				for pl := range g.seats {
					if !losers[pl] {
						want = append(want, pl)
					}
				}
				return want, ""
			case "move_limit":
				if !g.combo.has("max_turns") {
					return nil, "no max_turns"
				}
				return nil, ""
			}
			return nil, "not a reason of the game"
		},
		limit: func(c optionCombo, _ *playout) limitTracker {
			if n := c.int("max_turns", 0); n > 0 {
				return &quietTurnsLimit{max: n}
			}
			return nil
		},
	}
}

// sameSide reports whether two seats play together: the same seat, or partners.
func (g *playout) sameSide(a, b int) bool {
	return a == b || g.teamOf[a] >= 0 && g.teamOf[a] == g.teamOf[b]
}

// quietTurnsLimit is the Martian games' max_turns: the game is drawn (move_limit) after that many
// consecutive turns without a capture (a skipped player's turn is no turn).
type quietTurnsLimit struct {
	max      int
	quiet    int
	captured bool
}

func (l *quietTurnsLimit) after(g *playout, o engine.Outcome) string {
	for _, e := range g.events {
		if e.Kind == engine.EventCapture {
			l.captured = true
		}
	}
	turnEnded := g.prevSetup.ToMove != g.curSetup.ToMove
	if turnEnded {
		if l.captured {
			l.quiet = 0
		} else {
			l.quiet++
		}
		l.captured = false
	}
	reached := l.quiet >= l.max
	byLimit := o.Finished && o.Reason == "move_limit"
	switch {
	case byLimit && !reached:
		return fmt.Sprintf("the game ended by move_limit after %d quiet turns (turn ended: %v), max_turns %d", l.quiet, turnEnded, l.max)
	case reached && !o.Finished:
		return fmt.Sprintf("%d consecutive turns without a capture reach max_turns %d, but the game goes on", l.quiet, l.max)
	}
	return ""
}

// martianChessRules are Martian Chess's and Coaster Chess's: points are the pips captured; the
// game ends when a zone is empty or the clock runs out. The highest score wins (teams: the
// highest team total). Ties at an emptied zone: the last mover (his team) wins alone if he is
// among the leaders, else the leaders share the win. At the clock's end a tie is a draw.
func martianChessRules() *gameRules {
	return &gameRules{
		scoring:  scoreEvents,
		teams:    func(c optionCombo) bool { return c.bool("teams") },
		points:   martianChessPoints,
		avoid:    func(notation string) bool { return strings.HasSuffix(notation, "+clock") },
		avoidFor: 150,
		winners: func(g *playout, o engine.Outcome) ([]int, string) {
			teams := g.combo.bool("teams")
			points := slices.Clone(g.tally)
			if teams {
				for pl := range points {
					points[pl] = g.tally[pl] + g.tally[(pl+2)%4]
				}
			}
			best := slices.Max(points)
			var leaders []int
			for pl, p := range points {
				if p == best {
					leaders = append(leaders, pl)
				}
			}
			// Distinct leaders: seats, or teams.
			distinct := len(leaders)
			if teams {
				distinct /= 2
			}
			switch o.Reason {
			case "zone_empty":
				empty := false
				for pl := range g.seats {
					if !slices.ContainsFunc(g.curSetup.Pieces, func(pc engine.PieceSetup) bool { return pc.Player == g.seats[pl].Name }) {
						empty = true
					}
				}
				if !empty {
					return nil, "no zone is empty"
				}
				if slices.Contains(leaders, g.lastMover) {
					if teams {
						return []int{g.lastMover, (g.lastMover + 2) % 4}, ""
					}
					return []int{g.lastMover}, ""
				}
				return leaders, ""
			case "clock":
				if distinct > 1 {
					return nil, ""
				}
				return leaders, ""
			}
			return nil, "not a reason of the game"
		},
		limit: func(optionCombo, *playout) limitTracker { return &clockLimit{} },
	}
}

// clockLimit is Martian Chess's clock: once called, the game ends when seven consecutive moves
// (plies of any players, the calling move the first) include no capture; a capture restarts the
// count, and a calling move that captures counts 0. A zone emptied on the seventh move ends the
// game by the zone rule.
type clockLimit struct {
	called bool
	count  int
}

func (l *clockLimit) after(g *playout, o engine.Outcome) string {
	capture := slices.ContainsFunc(g.events, func(e engine.Event) bool { return e.Kind == engine.EventCapture })
	calls := strings.HasSuffix(g.actions[len(g.actions)-1], "+clock")
	switch {
	case calls && l.called:
		return "the clock is called a second time"
	case calls:
		l.called, l.count = true, 1
		if capture {
			l.count = 0
		}
	case l.called && capture:
		l.count = 0
	case l.called:
		l.count++
	}
	reached := l.called && l.count >= 7
	switch {
	case o.Finished && o.Reason == "clock" && !reached:
		return fmt.Sprintf("the game ended by the clock after %d moves without a capture (called %v)", l.count, l.called)
	case reached && !o.Finished:
		return fmt.Sprintf("%d moves without a capture since the clock was called, but the game goes on", l.count)
	}
	return ""
}

// martianChessPoints: a move that ends on a piece in another zone captures it, and the mover
// scores its pips; a merge in his own zone scores nothing.
func martianChessPoints(g *playout) ([]int, string) {
	want := make([]int, g.players)
	a := g.prev.Action(g.move)
	if a.Kind == engine.ActionPass {
		return want, ""
	}
	for _, pc := range g.prevSetup.Pieces {
		if pc.Square == a.To && pc.Player != g.seats[g.lastMover].Name {
			want[g.lastMover] += g.pieceValues[pc.Kind]
		}
	}
	return want, ""
}

// ramayanaWinners: checkmate and stalemate win for the player who moved; a player reduced to
// his royal alone loses, and when both are, the player who just moved wins; 100 quiet plies draw.
func ramayanaWinners(g *playout, o engine.Outcome) ([]int, string) {
	switch o.Reason {
	case "checkmate", "stalemate":
		return []int{g.lastMover}, ""
	case "bare_rajah":
		var others [2]int
		for _, pc := range g.curSetup.Pieces {
			if pl := g.seatIndex(pc.Player); pl >= 0 && !g.royal[pc.Kind] {
				others[pl]++
			}
		}
		mover, other := g.lastMover, 1-g.lastMover
		switch {
		case others[other] == 0:
			return []int{mover}, ""
		case others[mover] == 0:
			return []int{other}, ""
		}
		return nil, fmt.Sprintf("neither player is bare: other pieces %v", others)
	case "move_limit":
		return nil, ""
	}
	return nil, "not a reason of the game"
}

// coasterSeats are Martian Coaster Chaturanga's seats in turn order.
var coasterSeats = []string{"bl", "br", "tr", "tl"}

// heldScores is each seat's own score in Martian Coaster Chaturanga: plus the pips of each held
// piece of another colour, minus those of its own colour, colours as they are now.
func (g *playout) heldScores() []int {
	out := make([]int, len(g.curSetup.Players))
	for i, pl := range g.curSetup.Players {
		for _, h := range pl.HeldPieces {
			if h.Color == pl.Color {
				out[i] -= g.pieceValues[h.Kind]
			} else {
				out[i] += g.pieceValues[h.Kind]
			}
		}
	}
	return out
}

// coasterChaturangaWinners: the game ends at the start of a seat's turn, by the turn limit
// (checked first) or when the seat has no piece of its colour on the board; the most points win,
// ties broken by own-colour pips on the board, the largest own piece, the number of own pieces,
// then the earlier seat in turn order from the first seat. With partners (or two players) the
// sides compare sums (the larger of the largest pieces, the earlier seat).
func coasterChaturangaWinners(g *playout, o engine.Outcome) ([]int, string) {
	st := g.curSetup
	if len(st.Dice) > 0 {
		return nil, "the game ended in the middle of a turn"
	}
	type standing struct{ score, pips, largest, count, order int }
	own := g.heldScores()
	first := slices.Index(coasterSeats, g.combo.str("first", "bl"))
	seatOfColour := map[string]int{}
	var stand [4]standing
	for s, pl := range st.Players {
		seatOfColour[pl.Color] = s
		stand[s] = standing{score: own[s], order: (s - first + 4) % 4}
	}
	for _, pc := range st.Pieces {
		s, ok := seatOfColour[pc.Color]
		if !ok {
			return nil, fmt.Sprintf("piece %+v has the colour of no seat", pc)
		}
		v := g.pieceValues[pc.Kind]
		stand[s].pips += v
		stand[s].count++
		stand[s].largest = max(stand[s].largest, v)
	}
	switch o.Reason {
	case "turn_limit":
		if !g.combo.has("max_turns") {
			return nil, "no max_turns"
		}
	case "colour_gone":
		mover := g.seatIndex(st.ToMove)
		if stand[mover].count > 0 {
			return nil, fmt.Sprintf("%s, to move, has %d pieces of its colour %s on the board", st.ToMove, stand[mover].count, st.Players[mover].Color)
		}
	default:
		return nil, "not a reason of the game"
	}
	sides := [][]int{{0}, {1}, {2}, {3}}
	if g.rules.teams(g.combo) {
		sides = [][]int{{0, 2}, {1, 3}}
	}
	// better is the order of the rules: score, own pips on the board, largest own piece, own
	// pieces, then the earlier seat.
	better := func(a, b standing) bool {
		for _, c := range [][2]int{{a.score, b.score}, {a.pips, b.pips}, {a.largest, b.largest}, {a.count, b.count}, {b.order, a.order}} {
			if c[0] != c[1] {
				return c[0] > c[1]
			}
		}
		return false
	}
	var best []int
	var bestStand standing
	for _, side := range sides {
		sum := standing{order: 4}
		for _, s := range side {
			sum.score += stand[s].score
			sum.pips += stand[s].pips
			sum.count += stand[s].count
			sum.largest = max(sum.largest, stand[s].largest)
			sum.order = min(sum.order, stand[s].order)
		}
		if best == nil || better(sum, bestStand) {
			best, bestStand = side, sum
		}
	}
	return best, ""
}

// turnsLimit is Martian Coaster Chaturanga's max_turns: the game ends (turn_limit), at the start
// of a turn and before any other end, once every seat has played max_turns turns. Every turn
// begins with a roll, so the turns played are the rolls made.
type turnsLimit struct {
	max   int
	turns int
}

func (l *turnsLimit) after(g *playout, o engine.Outcome) string {
	if g.prev.Phase() == engine.PhaseRoll {
		l.turns++
	}
	atStart := g.cur.Phase() == engine.PhaseRoll || o.Finished
	reached := atStart && l.turns >= l.max*g.players
	byLimit := o.Finished && o.Reason == "turn_limit"
	switch {
	case byLimit && !reached:
		return fmt.Sprintf("the game ended by turn_limit after %d turns, max_turns %d x %d seats", l.turns, l.max, g.players)
	case reached && !byLimit:
		return fmt.Sprintf("%d turns played reach max_turns %d x %d seats, but the game goes on or ends otherwise (%q)", l.turns, l.max, g.players, o.Reason)
	}
	return ""
}
