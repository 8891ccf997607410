// Package review analyses a played game action by action, for every variant: what lichess's
// computer analysis gives for chess (each action's value, the actions marked as inaccuracies,
// mistakes and blunders, each player's accuracy) and, in games with dice, what GNU Backgammon's
// analysis gives (skill, what a decision lost against the best one, apart from luck, what a roll
// gave its roller against the average roll).
//
// # Values and chances
//
// Every position gets a value for every player in the game's own scale (pawns, as
// search.Line.Values) and as a chance of winning: first place where more than two sides play.
// Where the search estimates chances (search.Line.Chances) they are used as they are; elsewhere
// they come from the values by lichess's win-chance model, 1 / (1 + exp(-0.00368208 × centipawns))
// for two sides, which for any number of sides is the softmax of 0.00368208 × 50 × value in
// centipawns: the sides' chances add up to 1, partners each show their side's, and two sides
// give lichess's figure exactly. A finished game gives its winners an equal share of 1.
//
// # Judgements
//
// A decision's loss is the chance of winning its player had before it (the best action's
// value) less the chance after it (the next position's value); the best action loses nothing.
// The judgement follows lichess's thresholds in winning chances (its scale of -1 to 1: 0.1, 0.2
// and 0.3), here on the scale of 0 to 1: a loss of at least Inaccuracy is an inaccuracy, Mistake
// a mistake, Blunder a blunder; less is good, the best action is best. The thresholds hold for
// any number of players, a chance of first place being judged as a chance of winning. Actions
// with a single legal choice are not judged.
//
// # Accuracy
//
// An action's accuracy is lichess's: 103.1668 × exp(-0.04354 × loss in percent) - 3.1669, plus
// one for uncertainty, within 0 to 100. A player's accuracy over the game is lichess's too: the
// mean of the weighted mean (each action weighted by the volatility of the player's chances
// around it: their standard deviation over a window of positions, within 0.5 to 12) and the
// harmonic mean of his actions' accuracies. With more players each player's own chances make
// his windows.
//
// # Luck
//
// In a game with dice every roll is valued for every player, as GNU Backgammon does: each of
// its outcomes is searched (Options.Luck) and the roll's luck for a player is his chance after
// the outcome that came less the probability-weighted mean over all outcomes. A player's luck
// is the sum over the game's rolls; his luck-adjusted result is his result (1 for a win, a share
// for a shared first place, 0 otherwise) less his luck.
//
// # Searches
//
// Each position where a player chooses is searched once: that search gives the best action and
// the value before the action, and the value after it is the next position's search, so N
// actions take about N + 1 searches, plus one per roll outcome in games with dice. With more
// than two sides a search values the game from its root player's side (the next player's would
// see it through other eyes), so the action played is valued by the same search as the best
// one, which then reports every root action, and that search is Paranoid alpha-beta unless
// Options names another: it values every root action exactly for the mover, where MCTS's values
// of the actions it rarely visits are too noisy to judge by. A roll's outcomes are then searched
// by max^n, which values the game for every player, as luck is every player's.
package review

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/search"
)

// The judgement thresholds: a decision's loss in the chance of winning, 0 to 1.
const (
	Inaccuracy = 0.05
	Mistake    = 0.10
	Blunder    = 0.15
)

// Judgement is what a decision was, from its loss.
type Judgement int

const (
	// Unjudged is a roll, an action with no other choice, or a player not reviewed.
	Unjudged Judgement = iota
	Best
	Good
	InaccuracyMark
	MistakeMark
	BlunderMark
)

var judgementNames = [...]string{Unjudged: "", Best: "best", Good: "good", InaccuracyMark: "inaccuracy",
	MistakeMark: "mistake", BlunderMark: "blunder"}

func (j Judgement) String() string {
	if j >= 0 && int(j) < len(judgementNames) {
		return judgementNames[j]
	}
	return fmt.Sprintf("Judgement(%d)", int(j))
}

// Symbol is the judgement as PGN writes it after an action: ?!, ? or ??; empty otherwise.
func (j Judgement) Symbol() string {
	switch j {
	case InaccuracyMark:
		return "?!"
	case MistakeMark:
		return "?"
	case BlunderMark:
		return "??"
	}
	return ""
}

// NAG is the judgement as a PGN numeric annotation glyph: 6 (?!), 2 (?) or 4 (??); 0 otherwise.
func (j Judgement) NAG() int {
	switch j {
	case InaccuracyMark:
		return 6
	case MistakeMark:
		return 2
	case BlunderMark:
		return 4
	}
	return 0
}

// judge gives the judgement of a loss.
func judge(loss float64, best bool) Judgement {
	switch {
	case best:
		return Best
	case loss >= Blunder:
		return BlunderMark
	case loss >= Mistake:
		return MistakeMark
	case loss >= Inaccuracy:
		return InaccuracyMark
	}
	return Good
}

// Options shape a review.
type Options struct {
	// Search bounds and shapes the search of every position where a player chooses; its History
	// and Repetition are the review's own.
	Search search.Options
	// Luck bounds the search of every outcome of a roll; zero limits take Search's, its time
	// shared among the outcomes.
	Luck search.Limits
	// Players lists the players (indices in turn order) whose decisions are judged and summed up;
	// empty means everyone.
	Players []int
}

// Values is a position's value for every player.
type Values struct {
	// Values are in the game's scale, as search.Line.Values: pawns, a won game near
	// ±engine.WinValue.
	Values []float64
	// Chances are the chances of winning (first place), 0 to 1, adding up to 1 over the sides.
	Chances []float64
}

// Step is the review of one action of the game.
type Step struct {
	// Index is the action's index in the game, rolls included, and Total the game's actions.
	Index, Total int
	// Player is the index of the player who acted; -1 for a roll.
	Player int
	Move   engine.Move
	// Notation is the action in the variant's notation.
	Notation string
	// Before values the position before the action: the best action's value where a player
	// chose, the mean over the outcomes for a roll.
	Before Values
	// After values the position after the action.
	After Values
	// Best is the search's best action and BestNotation its notation, where a player chose.
	Best         engine.Move
	BestNotation string
	// Loss is the player's loss in the chance of winning, 0 to 1, where a player chose.
	Loss float64
	// Accuracy is the action's accuracy, 0 to 100, where judged.
	Accuracy  float64
	Judgement Judgement
	// Forced marks an action that was the only legal one.
	Forced bool
	// Luck is, for a roll, what it gave every player in the chance of winning: the chance after
	// this outcome less the mean over all outcomes.
	Luck []float64
	// Depth and Nodes are the search's for the position before the action (the roll's outcomes'
	// sum for a roll).
	Depth int
	Nodes uint64
}

// PlayerSummary sums up one player's game.
type PlayerSummary struct {
	Player int
	// Accuracy is the game accuracy, 0 to 100; Judged the actions it counts.
	Accuracy                         float64
	Judged                           int
	Inaccuracies, Mistakes, Blunders int
	// MeanLoss is the mean loss in the chance of winning over the judged actions.
	MeanLoss float64
	// Luck is the sum of the luck of every roll (games with dice); Result the player's result,
	// 1 for a win, a share of a shared first place, 0 otherwise, and 0.5 each for a draw between
	// two (an unfinished game gives the last position's chances); LuckAdjusted is Result less
	// Luck.
	Luck, Result, LuckAdjusted float64
}

// Summary is the whole game's review.
type Summary struct {
	Players []PlayerSummary
	// Dice says whether the game has rolls, and so luck.
	Dice bool
	// Searches counts the searches made, Nodes their nodes.
	Searches int
	Nodes    uint64
	Elapsed  time.Duration
}

// ErrIllegal is returned for a game whose moves are not legal in the positions they are played in.
var ErrIllegal = errors.New("review: an action is not legal in its position")

// Review analyses the game from start through moves, calling each with every action's review in
// order, and returns the summary. s is the searcher it uses; each may stop the review by
// returning an error, which Review returns. Cancelling ctx stops it with ctx's error.
func Review(ctx context.Context, s *search.Searcher, start engine.Position, moves []engine.Move, opts Options, each func(Step) error) (Summary, error) {
	r, err := newReviewer(s, start, moves, opts)
	if err != nil {
		return Summary{}, err
	}
	began := time.Now()
	for k := range moves {
		step, err := r.step(ctx, k)
		if err != nil {
			return Summary{}, err
		}
		r.add(step)
		if each != nil {
			if err := each(step); err != nil {
				return Summary{}, err
			}
		}
	}
	sum, err := r.summary(ctx)
	sum.Elapsed = time.Since(began)
	return sum, err
}

// reviewer holds a review's game and the values found so far.
type reviewer struct {
	s       *search.Searcher
	opts    Options
	games   []*engine.Game // games[k] is the game before action k; games[len(moves)] the end
	moves   []engine.Move
	players int
	sides   []int
	nsides  int
	judged  []bool
	dice    bool
	// paranoid says that the review chose Paranoid for the decisions of more than two sides.
	paranoid bool
	// values[k] is the value of games[k], once found; found[k] says whether it is.
	values []valued
	steps  []Step
	sum    Summary
}

// valued is a position's value and what its search found.
type valued struct {
	found bool
	v     Values
	best  engine.Move
	depth int
	nodes uint64
	// outcomes holds, for a roll, each outcome's value by its move.
	outcomes map[engine.Move]Values
	// lines holds, where the search reported every root action, each action's value.
	lines map[engine.Move]Values
}

func newReviewer(s *search.Searcher, start engine.Position, moves []engine.Move, opts Options) (*reviewer, error) {
	if start == nil {
		return nil, errors.New("review: no start position")
	}
	r := &reviewer{s: s, opts: opts, moves: moves, players: engine.Players(start)}
	sides, err := search.Sides(start)
	if err != nil {
		return nil, err
	}
	r.sides = sides
	for p, side := range sides {
		if side == p {
			r.nsides++
		}
	}
	if r.nsides > 2 && r.opts.Search.Algorithm == search.Auto {
		r.opts.Search.Algorithm, r.paranoid = search.Paranoid, true
	}
	r.judged = make([]bool, r.players)
	for _, p := range opts.Players {
		if p < 0 || p >= r.players {
			return nil, fmt.Errorf("review: player %d is not one of the game's %d", p, r.players)
		}
		r.judged[p] = true
	}
	if len(opts.Players) == 0 {
		for p := range r.judged {
			r.judged[p] = true
		}
	}
	r.games = make([]*engine.Game, 0, len(moves)+1)
	g := engine.NewGameAfter(start, nil)
	var buf [engine.MaxMoves]engine.Move
	for k, m := range moves {
		r.games = append(r.games, g)
		pos := g.Position()
		if g.Over() {
			return nil, fmt.Errorf("%w: action %d follows the end of the game", ErrIllegal, k)
		}
		if !slices.Contains(pos.Moves(buf[:0]), m) {
			return nil, fmt.Errorf("%w: action %d", ErrIllegal, k)
		}
		if pos.Phase() == engine.PhaseRoll {
			r.dice = true
		}
		g, _ = g.After(m)
	}
	r.games = append(r.games, g)
	r.values = make([]valued, len(r.games))
	return r, nil
}

// step reviews action k.
func (r *reviewer) step(ctx context.Context, k int) (Step, error) {
	g := r.games[k]
	pos := g.Position()
	m := r.moves[k]
	st := Step{Index: k, Total: len(r.moves), Player: -1, Move: m, Notation: pos.Notation(m)}
	before, err := r.value(ctx, k)
	if err != nil {
		return st, err
	}
	st.Before, st.Depth, st.Nodes = before.v, before.depth, before.nodes
	if pos.Phase() == engine.PhaseRoll {
		st.After = before.outcomes[m]
		st.Luck = make([]float64, r.players)
		for p := range st.Luck {
			st.Luck[p] = st.After.Chances[p] - st.Before.Chances[p]
		}
		return st, nil
	}
	after, err := r.value(ctx, k+1)
	if err != nil {
		return st, err
	}
	st.After = after.v
	if played, ok := before.lines[m]; ok {
		st.After = played
	}
	st.Player = pos.ToMove()
	st.Best = before.best
	st.BestNotation = pos.Notation(before.best)
	p := st.Player
	if m != before.best {
		st.Loss = max(0, st.Before.Chances[p]-st.After.Chances[p])
	}
	var buf [engine.MaxMoves]engine.Move
	st.Forced = len(pos.Moves(buf[:0])) == 1
	if !st.Forced && r.judged[p] {
		st.Judgement = judge(st.Loss, m == before.best)
		st.Accuracy = actionAccuracy(st.Loss)
	}
	return st, nil
}

// add counts a step into the summary.
func (r *reviewer) add(st Step) {
	r.steps = append(r.steps, st)
}

// value finds the value of games[k] once.
func (r *reviewer) value(ctx context.Context, k int) (valued, error) {
	if r.values[k].found {
		return r.values[k], nil
	}
	g := r.games[k]
	var v valued
	var err error
	switch pos := g.Position(); {
	case g.Over():
		v.v = r.finished(g)
	case pos.Phase() == engine.PhaseRoll:
		v, err = r.roll(ctx, g)
	default:
		v, err = r.search(ctx, g, r.opts.Search.Limits)
	}
	if err != nil {
		return v, err
	}
	v.found = true
	r.values[k] = v
	return v, nil
}

// finished values a game that is over.
func (r *reviewer) finished(g *engine.Game) Values {
	u := make([]float64, r.players) // a draw by repetition is 0 for everyone
	if !g.Drawn() {
		g.Position().Utility(u)
	}
	v := Values{Values: make([]float64, r.players), Chances: make([]float64, r.players)}
	for p := range u {
		v.Values[p] = u[p] * engine.WinValue
	}
	_ = search.FinishedChances(g.Position(), u, v.Chances)
	return v
}

// search values a position where a player chooses by searching it. With more than two sides it
// reports every root action, so that the action played is valued by the same search, from the
// same side, as the best one.
func (r *reviewer) search(ctx context.Context, g *engine.Game, limits search.Limits) (valued, error) {
	opts := r.opts.Search
	opts.Limits = limits
	opts.MultiPV = 1
	if r.nsides > 2 {
		opts.MultiPV = engine.MaxMoves
	}
	opts.History, opts.Repetition = g.History(), g.Repetition()
	res, err := r.s.Search(ctx, g.Position(), opts, nil)
	if err != nil {
		return valued{}, err
	}
	if err := ctx.Err(); err != nil {
		return valued{}, err
	}
	r.sum.Searches++
	r.sum.Nodes += res.Nodes
	if len(res.Lines) == 0 {
		return valued{}, errors.New("review: the search found no action")
	}
	out := valued{v: r.lineValues(res.Lines[0]), best: res.Best, depth: res.Depth, nodes: res.Nodes}
	if len(res.Lines) > 1 {
		out.lines = make(map[engine.Move]Values, len(res.Lines))
		for _, l := range res.Lines {
			out.lines[l.Move] = r.lineValues(l)
		}
	}
	return out, nil
}

// lineValues are a search line's values, with chances.
func (r *reviewer) lineValues(l search.Line) Values {
	v := Values{Values: append([]float64(nil), l.Values...)}
	if len(l.Chances) == r.players {
		v.Chances = append([]float64(nil), l.Chances...)
	} else {
		v.Chances = r.chances(v.Values)
	}
	return v
}

// roll values a roll: every outcome, and their mean.
func (r *reviewer) roll(ctx context.Context, g *engine.Game) (valued, error) {
	pos := g.Position()
	var buf [engine.MaxMoves]engine.Move
	outcomes := pos.Moves(buf[:0])
	v := valued{outcomes: make(map[engine.Move]Values, len(outcomes))}
	v.v = Values{Values: make([]float64, r.players), Chances: make([]float64, r.players)}
	limits := r.luckLimits(len(outcomes))
	for _, o := range outcomes {
		next, _ := g.After(o)
		var ov Values
		switch np := next.Position(); {
		case next.Over():
			ov = r.finished(next)
		case np.Phase() == engine.PhaseRoll:
			ov = r.static(np)
		default:
			sv, err := r.searchOutcome(ctx, next, limits)
			if err != nil {
				return v, err
			}
			ov = sv.v
			v.nodes += sv.nodes
			v.depth = max(v.depth, sv.depth)
		}
		v.outcomes[o] = ov
		prob := pos.Probability(o)
		for p := range r.players {
			v.v.Values[p] += prob * ov.Values[p]
			v.v.Chances[p] += prob * ov.Chances[p]
		}
	}
	return v, nil
}

// searchOutcome values a roll's outcome. With more than two sides, and no algorithm named, it
// searches by max^n, which values the game for every player, where Paranoid values it for the
// roller alone: a roll's luck is every player's.
func (r *reviewer) searchOutcome(ctx context.Context, g *engine.Game, limits search.Limits) (valued, error) {
	if r.nsides <= 2 || !r.paranoid {
		return r.search(ctx, g, limits)
	}
	r.opts.Search.Algorithm = search.MaxN
	defer func() { r.opts.Search.Algorithm = search.Paranoid }()
	return r.search(ctx, g, limits)
}

// static values a position by the variant's evaluation: for a roll that leads to another.
func (r *reviewer) static(pos engine.Position) Values {
	v := Values{Values: make([]float64, r.players)}
	pos.Evaluate(v.Values)
	v.Chances = r.chances(v.Values)
	return v
}

// luckLimits are the limits of the search of each of a roll's n outcomes: Options.Luck, or
// Search's with its time shared among the outcomes, so that a roll takes about an action's time
// and its outcomes are valued as deep as the decisions around them.
func (r *reviewer) luckLimits(n int) search.Limits {
	if r.opts.Luck != (search.Limits{}) {
		return r.opts.Luck
	}
	l := r.opts.Search.Limits
	l.Time /= time.Duration(n)
	l.SoftTime /= time.Duration(n)
	return l
}

// chances gives every player's chance of winning from the values (search.ValueChances).
func (r *reviewer) chances(values []float64) []float64 {
	c := make([]float64, r.players)
	search.ValueChances(r.sides, values, c)
	return c
}

// summary sums up the reviewed steps.
func (r *reviewer) summary(ctx context.Context) (Summary, error) {
	end, err := r.value(ctx, len(r.moves))
	if err != nil {
		return Summary{}, err
	}
	sum := r.sum
	sum.Dice = r.dice
	// Each player's chances at every position, for the volatility windows.
	series := make([][]float64, r.players)
	for k := range r.steps {
		for p := range series {
			series[p] = append(series[p], r.steps[k].Before.Chances[p])
		}
	}
	for p := range series {
		series[p] = append(series[p], end.v.Chances[p])
	}
	for p := range r.players {
		if !r.judged[p] {
			continue
		}
		ps := PlayerSummary{Player: p, Result: end.v.Chances[p]}
		var accs, weights []float64
		loss := 0.0
		for k, st := range r.steps {
			ps.Luck += luckOf(st, p)
			if st.Player != p || st.Judgement == Unjudged {
				continue
			}
			ps.Judged++
			loss += st.Loss
			switch st.Judgement {
			case InaccuracyMark:
				ps.Inaccuracies++
			case MistakeMark:
				ps.Mistakes++
			case BlunderMark:
				ps.Blunders++
			}
			accs = append(accs, st.Accuracy)
			weights = append(weights, volatility(series[p], k+1, len(r.steps)))
		}
		if ps.Judged > 0 {
			ps.MeanLoss = loss / float64(ps.Judged)
			ps.Accuracy = gameAccuracy(accs, weights)
		}
		if r.dice {
			ps.LuckAdjusted = ps.Result - ps.Luck
		} else {
			ps.LuckAdjusted = ps.Result
		}
		sum.Players = append(sum.Players, ps)
	}
	return sum, nil
}

func luckOf(st Step, p int) float64 {
	if p < len(st.Luck) {
		return st.Luck[p]
	}
	return 0
}

// actionAccuracy is lichess's accuracy of an action that lost loss (0 to 1) of the chance of
// winning, with its bonus of one for uncertainty.
func actionAccuracy(loss float64) float64 {
	if loss <= 0 {
		return 100
	}
	a := 103.1668100711649*math.Exp(-0.04354415386753951*loss*100) - 3.166924740191411 + 1
	return max(0, min(100, a))
}

// volatility weighs the action that led to position k of the series: the standard deviation,
// in percent, of the player's chances over the window of positions ending at k, within 0.5 to
// 12. The window is lichess's: a tenth of the game's actions, from 2 to 8 positions.
func volatility(series []float64, k, actions int) float64 {
	w := max(2, min(8, actions/10))
	lo := max(0, k-w+1)
	win := series[lo : k+1]
	mean := 0.0
	for _, x := range win {
		mean += x * 100
	}
	mean /= float64(len(win))
	v := 0.0
	for _, x := range win {
		v += (x*100 - mean) * (x*100 - mean)
	}
	return max(0.5, min(12, math.Sqrt(v/float64(len(win)))))
}

// gameAccuracy is lichess's game accuracy: the mean of the volatility-weighted mean and the
// harmonic mean of the actions' accuracies.
func gameAccuracy(accs, weights []float64) float64 {
	var wsum, wacc, inv float64
	for i, a := range accs {
		wsum += weights[i]
		wacc += weights[i] * a
		inv += 1 / max(a, 1)
	}
	weighted := wacc / wsum
	harmonic := float64(len(accs)) / inv
	return (weighted + harmonic) / 2
}
