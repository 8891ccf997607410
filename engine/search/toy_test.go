package search

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/ashtapada/ashtapada/engine"
)

// Toy games small enough to solve by brute force, implementing engine.Position.

// toyBase holds the parts of engine.Position that search never calls.
type toyBase struct{}

func (toyBase) Setup() *engine.Setup                               { return &engine.Setup{} }
func (toyBase) Play(engine.Move) (engine.Position, []engine.Event) { panic("toy: Play") }
func (toyBase) Action(engine.Move) engine.Action                   { return engine.Action{} }
func (toyBase) Notation(m engine.Move) string                      { return strconv.Itoa(int(m)) }
func (toyBase) ParseMove(string) (engine.Move, error)              { return 0, errors.New("toy: no notation") }
func (toyBase) Dice() []engine.DieInfo                             { return nil }
func (toyBase) Perft(int, [][]int) uint64                          { return 0 }
func (toyBase) RollMove([]int) (engine.Move, error)                { return 0, errors.New("toy: no dice values") }
func (toyBase) Terms() []engine.EvalTerm                           { return nil }
func (toyBase) Roll([]int) (engine.Position, []engine.Event, error) {
	return nil, nil, engine.ErrNotRollPhase
}

// toyVariant describes a toy game: its players, and a die when it has chance nodes.
type toyVariant struct{ desc engine.Description }

func newToyVariant(name string, players int, dice bool) *toyVariant {
	v := &toyVariant{desc: engine.Description{Name: name, MinPlayers: players, MaxPlayers: players}}
	for p := range players {
		v.desc.Players = append(v.desc.Players, engine.PlayerInfo{Name: "p" + strconv.Itoa(p)})
	}
	if dice {
		v.desc.Dice = []engine.DieInfo{{Kind: "d3", Count: 1}}
	}
	return v
}

func (v *toyVariant) Describe() *engine.Description { return &v.desc }
func (v *toyVariant) Start(engine.Options) (engine.Position, error) {
	return nil, errors.New("toy: no start")
}
func (v *toyVariant) Parse(string) (engine.Position, error) { return nil, errors.New("toy: no text") }
func (v *toyVariant) FromSetup(*engine.Setup) (engine.Position, error) {
	return nil, errors.New("toy: no setup")
}

// outcomeOf derives an Outcome from Utility: the players with the best positive result win.
func outcomeOf(n engine.Position) engine.Outcome {
	var u [engine.MaxPlayers]float64
	players := engine.Players(n)
	if !n.Utility(u[:players]) {
		return engine.Outcome{}
	}
	var winners []int
	for p := range players {
		if u[p] > 0 {
			winners = append(winners, p)
		}
	}
	return engine.Decided(players, "toy", winners...)
}

func mix64(x uint64) uint64 { return mix(x + 0x9E3779B97F4A7C15) }

// nim: a pile of stones, each player takes 1 to 3, whoever takes the last wins. The player to
// move wins exactly when the pile is not a multiple of 4, by taking pile%4.
type nim struct {
	toyBase
	pile, toMove int
}

var nimVariant = newToyVariant("nim", 2, false)

func (n *nim) Variant() engine.Variant { return nimVariant }
func (n *nim) String() string          { return fmt.Sprintf("nim %d %d", n.pile, n.toMove) }
func (n *nim) Phase() engine.Phase {
	if n.pile == 0 {
		return engine.PhaseFinished
	}
	return engine.PhaseAction
}
func (n *nim) ToMove() int { return n.toMove }
func (n *nim) Moves(buf []engine.Move) []engine.Move {
	for k := 1; k <= 3 && k <= n.pile; k++ {
		buf = append(buf, engine.Move(k))
	}
	return buf
}
func (n *nim) Outcome() engine.Outcome         { return outcomeOf(n) }
func (n *nim) NewNode() engine.Position        { return new(nim) }
func (n *nim) Key() uint64                     { return mix64(uint64(n.pile*2 + n.toMove)) }
func (n *nim) Probability(engine.Move) float64 { return 1 }
func (n *nim) PlayInto(m engine.Move, dst engine.Position) {
	*dst.(*nim) = nim{pile: n.pile - int(m), toMove: 1 - n.toMove}
}
func (n *nim) Utility(u []float64) bool {
	if n.pile > 0 {
		return false
	}
	u[n.toMove], u[1-n.toMove] = -1, 1 // the player who took the last stone won
	return true
}
func (n *nim) Evaluate(e []float64) {
	if n.Utility(e) {
		e[0] *= engine.WinValue
		e[1] *= engine.WinValue
		return
	}
	e[0], e[1] = 0, 0
}

// race: tokens run from 0 to goal. A turn rolls a d3 (a chance node); the mover then runs the
// rolled number of squares, or runs one square and rolls again, or (with push) sends the leading
// opponent back the rolled number. The first home wins; everyone else loses.
type race struct {
	toyBase
	rules  *raceRules
	pos    [engine.MaxPlayers]int8
	toMove int8
	roll   int8 // 0 while waiting for the die
}

type raceRules struct {
	variant *toyVariant
	players int
	goal    int8
	push    bool
}

// Actions of race.
const (
	raceRun engine.Move = iota
	raceStep
	racePush
)

func newRace(players int, goal int8, push bool) *race {
	r := &raceRules{variant: newToyVariant("race", players, true), players: players, goal: goal, push: push}
	return &race{rules: r}
}

func (r *race) Variant() engine.Variant { return r.rules.variant }
func (r *race) String() string {
	return fmt.Sprintf("race %v to move %d roll %d", r.pos[:r.rules.players], r.toMove, r.roll)
}
func (r *race) winner() int {
	for p := range r.rules.players {
		if r.pos[p] >= r.rules.goal {
			return p
		}
	}
	return -1
}
func (r *race) Phase() engine.Phase {
	switch {
	case r.winner() >= 0:
		return engine.PhaseFinished
	case r.roll == 0:
		return engine.PhaseRoll
	}
	return engine.PhaseAction
}
func (r *race) ToMove() int { return int(r.toMove) }

// leader is the opponent furthest ahead, the first of them on a tie.
func (r *race) leader() int {
	best := -1
	for p := range r.rules.players {
		if p != int(r.toMove) && (best < 0 || r.pos[p] > r.pos[best]) {
			best = p
		}
	}
	return best
}

func (r *race) Moves(buf []engine.Move) []engine.Move {
	switch r.Phase() {
	case engine.PhaseRoll:
		return append(buf, 1, 2, 3)
	case engine.PhaseAction:
		buf = append(buf, raceRun)
		if r.roll > 1 {
			buf = append(buf, raceStep)
		}
		if r.rules.push && r.pos[r.leader()] > 0 {
			buf = append(buf, racePush)
		}
	}
	return buf
}
func (r *race) Outcome() engine.Outcome  { return outcomeOf(r) }
func (r *race) NewNode() engine.Position { return &race{rules: r.rules} }
func (r *race) Key() uint64 {
	k := uint64(r.toMove)<<8 | uint64(r.roll)
	for p := range r.rules.players {
		k = k<<8 | uint64(r.pos[p])
	}
	return mix64(k)
}
func (r *race) Probability(m engine.Move) float64 {
	if r.roll == 0 {
		return 1.0 / 3
	}
	return 1
}
func (r *race) PlayInto(m engine.Move, dst engine.Position) {
	d := dst.(*race)
	*d = *r
	if r.roll == 0 {
		d.roll = int8(m)
		return
	}
	d.roll = 0
	switch m {
	case raceRun:
		d.pos[r.toMove] += r.roll
	case raceStep:
		d.pos[r.toMove]++
		return // the same player rolls again
	case racePush:
		l := r.leader()
		d.pos[l] = max(d.pos[l]-r.roll, 0)
	}
	d.toMove = int8((int(r.toMove) + 1) % r.rules.players)
}
func (r *race) Utility(u []float64) bool {
	w := r.winner()
	if w < 0 {
		return false
	}
	for p := range r.rules.players {
		u[p] = -1
	}
	u[w] = 1
	return true
}

// Evaluate counts squares ahead of the mean of the others (zero-sum for two players).
func (r *race) Evaluate(e []float64) {
	if r.Utility(e) {
		for p := range e {
			e[p] *= engine.WinValue
		}
		return
	}
	n := r.rules.players
	var sum float64
	for p := range n {
		sum += float64(r.pos[p])
	}
	for p := range n {
		e[p] = float64(r.pos[p]) - (sum-float64(r.pos[p]))/float64(n-1)
	}
}

// tree is a random game tree: moves, transpositions, turn order, chance nodes, noisy moves and
// values all come from hashing the state, so that a seed gives a whole game. States are few, so
// positions recur along different paths (always at the same number of actions, which keeps the
// table exact for a fixed depth). Rolls come before every action at an odd count of actions.
type tree struct {
	toyBase
	g      *treeRules
	state  uint64
	ply    int // actions so far
	toMove int
	roll   bool
}

type treeRules struct {
	variant *toyVariant
	seed    uint64
	players int
	branch  int    // at most this many actions
	length  int    // the game ends after this many actions, if not earlier
	states  uint64 // distinct states per ply
	chance  bool
	again   bool // sometimes the mover acts again
	tactics bool // offer engine.Tactics through tacticalTree
	nonZero bool // two-player evaluations that do not sum to zero
	noEnd   bool // the game lasts exactly length actions
}

func newTree(seed uint64, players, branch, length int, states uint64, chance, again bool) *tree {
	g := &treeRules{variant: newToyVariant(fmt.Sprintf("tree%d", seed), players, chance), seed: seed,
		players: players, branch: branch, length: length, states: states, chance: chance, again: again}
	return &tree{g: g}
}

func (t *tree) h(salt uint64) uint64 {
	return mix64(t.g.seed ^ mix64(t.state^salt<<40) ^ uint64(t.ply)<<20)
}

func (t *tree) Variant() engine.Variant { return t.g.variant }
func (t *tree) String() string {
	return fmt.Sprintf("tree state %d ply %d to move %d roll %v", t.state, t.ply, t.toMove, t.roll)
}
func (t *tree) finished() bool {
	return !t.roll && (t.ply >= t.g.length || !t.g.noEnd && t.ply >= 2 && t.h(1)%9 == 0)
}
func (t *tree) Phase() engine.Phase {
	switch {
	case t.finished():
		return engine.PhaseFinished
	case t.roll:
		return engine.PhaseRoll
	}
	return engine.PhaseAction
}
func (t *tree) ToMove() int { return t.toMove }
func (t *tree) Moves(buf []engine.Move) []engine.Move {
	if t.finished() {
		return buf
	}
	n := 1 + int(t.h(2)%uint64(t.g.branch))
	if t.roll {
		n = 1 + int(t.h(3)%3)
	}
	for i := range n {
		buf = append(buf, engine.Move(i))
	}
	return buf
}
func (t *tree) Outcome() engine.Outcome  { return outcomeOf(t) }
func (t *tree) NewNode() engine.Position { return &tree{g: t.g} }
func (t *tree) Key() uint64 {
	k := mix64(t.state ^ uint64(t.ply)<<32 ^ uint64(t.toMove)<<48)
	if t.roll {
		k = ^k
	}
	return k
}

// Probability gives the outcomes of a roll weights 1, 2, 3... in a hashed order.
func (t *tree) Probability(m engine.Move) float64 {
	if !t.roll {
		return 1
	}
	n := 1 + t.h(3)%3
	w := 1 + (uint64(m)+t.h(4))%n
	return float64(w) / float64(n*(n+1)/2)
}
func (t *tree) PlayInto(m engine.Move, dst engine.Position) {
	d := dst.(*tree)
	*d = *t
	d.state = mix64(t.state^uint64(m+1)*0x51AF_D7ED_558C_CD1D^t.g.seed) % t.g.states
	if t.roll {
		d.roll = false
		return
	}
	d.ply++
	if !t.g.again || t.h(5)%4 != 0 {
		d.toMove = (t.toMove + 1) % t.g.players
	}
	d.roll = t.g.chance && d.ply%2 == 1
}
func (t *tree) Utility(u []float64) bool {
	if !t.finished() {
		return false
	}
	r := int(t.h(6) % uint64(t.g.players+1))
	for p := range t.g.players {
		u[p] = 0
		if r < t.g.players {
			u[p] = -1
		}
	}
	if r < t.g.players {
		u[r] = 1
	}
	return true
}

// Evaluate gives values in tenths of a pawn, distinct enough that ties are rare.
func (t *tree) Evaluate(e []float64) {
	if t.Utility(e) {
		for p := range e {
			e[p] *= engine.WinValue
		}
		return
	}
	for p := range t.g.players {
		e[p] = float64(int64(t.h(uint64(10+p))%2001)-1000) / 10
	}
	if t.g.players == 2 && !t.g.nonZero {
		e[1] = -e[0]
	}
}

// tacticalTree adds engine.Tactics: moves whose hashed gain is positive are noisy, and some
// positions are in check.
type tacticalTree struct{ tree }

func newTacticalTree(seed uint64, branch, length int, states uint64, chance bool) *tacticalTree {
	t := newTree(seed, 2, branch, length, states, chance, true)
	t.g.tactics = true
	return &tacticalTree{*t}
}

func (t *tacticalTree) NewNode() engine.Position { return &tacticalTree{tree{g: t.g}} }
func (t *tacticalTree) PlayInto(m engine.Move, dst engine.Position) {
	t.tree.PlayInto(m, &dst.(*tacticalTree).tree)
}
func (t *tacticalTree) Gain(m engine.Move) float64 {
	return float64(max(int64(t.h(uint64(20+m))%5)-2, 0))
}
func (t *tacticalTree) InCheck() bool { return !t.roll && t.h(7)%6 == 0 }
func (t *tacticalTree) Noisy(buf []engine.Move) []engine.Move {
	var all [engine.MaxMoves]engine.Move
	for _, m := range t.Moves(all[:0]) {
		if t.Gain(m) > 0 {
			buf = append(buf, m)
		}
	}
	return buf
}

// teamTree is a four-player tree played by two teams, partners two seats apart.
type teamTree struct{ tree }

func newTeamTree(seed uint64, branch, length int, states uint64, chance bool) *teamTree {
	t := newTree(seed, 4, branch, length, states, chance, true)
	return &teamTree{*t}
}

func (t *teamTree) Sides() []int             { return []int{0, 1, 0, 1} }
func (t *teamTree) NewNode() engine.Position { return &teamTree{tree{g: t.g}} }
func (t *teamTree) PlayInto(m engine.Move, dst engine.Position) {
	t.tree.PlayInto(m, &dst.(*teamTree).tree)
}

// shuttle: two players pass back and forth forever, or resign and lose. Player 0 stands
// better (Evaluate +5), so without repetition draws player 1 resigns only at a horizon-free loss.
type shuttle struct {
	toyBase
	toMove   int
	resigned bool
}

var shuttleVariant = newToyVariant("shuttle", 2, false)

func (s *shuttle) Variant() engine.Variant { return shuttleVariant }
func (s *shuttle) String() string          { return fmt.Sprintf("shuttle %d %v", s.toMove, s.resigned) }
func (s *shuttle) Phase() engine.Phase {
	if s.resigned {
		return engine.PhaseFinished
	}
	return engine.PhaseAction
}
func (s *shuttle) ToMove() int { return s.toMove }
func (s *shuttle) Moves(buf []engine.Move) []engine.Move {
	if s.resigned {
		return buf
	}
	return append(buf, 0, 1) // pass, resign
}
func (s *shuttle) Outcome() engine.Outcome         { return outcomeOf(s) }
func (s *shuttle) NewNode() engine.Position        { return new(shuttle) }
func (s *shuttle) Key() uint64                     { return mix64(uint64(s.toMove)<<1 | b2u(s.resigned)) }
func (s *shuttle) Probability(engine.Move) float64 { return 1 }
func (s *shuttle) PlayInto(m engine.Move, dst engine.Position) {
	d := dst.(*shuttle)
	if m == 1 {
		*d = shuttle{toMove: s.toMove, resigned: true}
		return
	}
	*d = shuttle{toMove: 1 - s.toMove}
}
func (s *shuttle) Utility(u []float64) bool {
	if !s.resigned {
		return false
	}
	u[s.toMove], u[1-s.toMove] = -1, 1
	return true
}
func (s *shuttle) Evaluate(e []float64) {
	if s.Utility(e) {
		e[0], e[1] = e[0]*engine.WinValue, e[1]*engine.WinValue
		return
	}
	e[0], e[1] = 5, -5
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}
