package engine

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
)

// MaxMoves is a move-buffer capacity large enough for any position of any registered variant.
const MaxMoves = 512

// Move is one action of a position, packed by the variant that produced it. A Move is meaningful
// only together with the position whose Moves returned it.
type Move uint32

// Phase is the part of a turn a position is waiting for.
type Phase int

const (
	// PhaseAction waits for the player to move, drop, pass or end the turn.
	PhaseAction Phase = iota + 1
	// PhaseRoll waits for the dice: a chance node.
	PhaseRoll
	// PhaseResponse waits for a player to answer a proposal made by another.
	PhaseResponse
	// PhaseFinished is a game that is over.
	PhaseFinished
)

var phaseNames = [...]string{PhaseAction: "action", PhaseRoll: "roll", PhaseResponse: "response", PhaseFinished: "finished"}

func (p Phase) String() string {
	if p > 0 && int(p) < len(phaseNames) {
		return phaseNames[p]
	}
	return fmt.Sprintf("Phase(%d)", int(p))
}

// Variant is one playable game: its description and the ways to obtain a position of it.
type Variant interface {
	// Describe returns the variant's static description. Callers must not modify it.
	Describe() *Description
	// Start returns the start position for the given option values (nil means all defaults).
	Start(opts Options) (Position, error)
	// Parse reads a position in the variant's text notation.
	Parse(text string) (Position, error)
	// FromSetup builds a position from its structured form, validating it fully.
	FromSetup(s *Setup) (Position, error)
}

// Position is a complete, immutable game state of one variant. It is also the search contract:
// the allocation-free view that perft, search and rollouts drive (Player, Hasher, Chance, Judge).
// Apart from NewNode and Terms, those methods allocate nothing.
type Position interface {
	Player
	Hasher
	Chance
	Judge

	// Variant returns the variant the position belongs to.
	Variant() Variant
	// String returns the position in the variant's text notation; Parse reads it back.
	String() string
	// Setup returns the structured form of the position; FromSetup reads it back.
	Setup() *Setup
	// Phase reports what the position waits for. It allocates nothing.
	Phase() Phase
	// ToMove returns the index, in Seats(position), of the player who acts next.
	ToMove() int
	// Moves appends every legal action to buf and returns it. In PhaseRoll the actions are the
	// distinct dice outcomes (chance events). It allocates nothing when buf has room.
	Moves(buf []Move) []Move
	// Play applies a move that Moves returned and reports what happened.
	Play(m Move) (Position, []Event)
	// Action describes a move of this position in structured form.
	Action(m Move) Action
	// Notation formats a move of this position in the variant's action notation.
	Notation(m Move) string
	// ParseMove reads an action in the variant's notation and returns the legal move it names.
	// A malformed text yields a *SyntaxError, a well-formed but illegal action an *IllegalError.
	ParseMove(text string) (Move, error)
	// Dice lists the dice the next roll throws: none in a game played without dice.
	Dice() []DieInfo
	// Roll resolves the dice of a position in PhaseRoll with the given face values. Values that
	// do not count return the position unchanged with an EventRollAgain.
	Roll(values []int) (Position, []Event, error)
	// Outcome reports whether the game is over, and if so how.
	Outcome() Outcome
}

// Options holds option values by name, as given by a client.
type Options map[string]OptionValue

// OptionValue is the value of one variant option.
type OptionValue struct {
	Kind   OptionKind
	Bool   bool
	Int    int64
	String string
}

// OptionKind says which field of an OptionValue or OptionSpec is meant.
type OptionKind int

const (
	OptionBool OptionKind = iota + 1
	OptionInt
	OptionString
)

func (v OptionValue) Format() string {
	switch v.Kind {
	case OptionBool:
		return fmt.Sprint(v.Bool)
	case OptionInt:
		return fmt.Sprint(v.Int)
	default:
		return v.String
	}
}

// Outcome is the result of a position.
type Outcome struct {
	Finished bool
	// Winners lists the winning players' indices; empty with Finished means a draw.
	Winners []int
	// Reason says why the game ended, in snake_case (monarch_captured, checkmate, ...).
	Reason string
	// DecidedBy says what ordered the players once the game ended: DecidedByScore where the places
	// follow the scores (and tie-breaks), DecidedByReason where the end itself decides.
	DecidedBy string
	// Scores holds each player's points in variants that count them.
	Scores []int
	// Ranking holds each player's place when finished, in every game alike: 1 plus the number of
	// players who did better, so that equal players share a place and the next one skips (1, 1,
	// 3, 3 for partners who lost). A team's place among teams is TeamResult.Place (1, 2).
	Ranking []int
	// Teams holds the team results in team play.
	Teams []TeamResult
}

// The values of Outcome.DecidedBy.
const (
	DecidedByReason = "reason"
	DecidedByScore  = "score"
)

// TeamResult is one team's part of an outcome.
type TeamResult struct {
	Name    string
	Players []int
	Score   int
	Parts   []ScorePart
	// TieBreaks are the team's values that order equal scores, where the variant breaks ties.
	TieBreaks []ScorePart
	// Place is 1 for the first team (shared on equal results) once the game is finished, else 0.
	Place int
}

var (
	registryMu sync.RWMutex
	registry   = map[string]Variant{}
)

// Register makes a variant available under its description's name. It panics on a duplicate,
// which is a programming error in a variant package's init.
func Register(v Variant) {
	name := v.Describe().Name
	registryMu.Lock()
	defer registryMu.Unlock()
	if _, dup := registry[name]; dup {
		panic("engine: variant registered twice: " + name)
	}
	registry[name] = v
}

// Lookup returns the variant registered under name.
func Lookup(name string) (Variant, bool) {
	registryMu.RLock()
	defer registryMu.RUnlock()
	v, ok := registry[name]
	return v, ok
}

// Variants returns every registered variant, sorted by name.
func Variants() []Variant {
	registryMu.RLock()
	defer registryMu.RUnlock()
	out := make([]Variant, 0, len(registry))
	for _, v := range registry {
		out = append(out, v)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Describe().Name < out[j].Describe().Name })
	return out
}

// ParseLegal is the ParseMove of variants whose notation names one move exactly: parse reads the
// text (lower-cased, runs of blanks made single spaces) into the move it would be, and the move is
// returned if it is legal, else an *IllegalError that why explains.
func ParseLegal(p Position, text string, parse func(norm, text string) (Move, error), why func(Move) string) (Move, error) {
	want, err := parse(strings.ToLower(strings.Join(strings.Fields(text), " ")), text)
	if err != nil {
		return 0, err
	}
	if p.Phase() == PhaseFinished {
		return 0, ErrGameOver
	}
	var buf [MaxMoves]Move
	if slices.Contains(p.Moves(buf[:0]), want) {
		return want, nil
	}
	return 0, &IllegalError{Text: text, Reason: why(want)}
}

// Decided is the outcome of a finished game of n players won by winners (none: a draw): the
// winners share first place, everyone else the place behind them (Outcome.Ranking).
func Decided(n int, reason string, winners ...int) Outcome {
	o := Outcome{Finished: true, Reason: reason, DecidedBy: DecidedByReason, Winners: winners, Ranking: make([]int, n)}
	for i := range o.Ranking {
		o.Ranking[i] = 1
		if len(winners) > 0 && !slices.Contains(winners, i) {
			o.Ranking[i] = 1 + len(winners)
		}
	}
	return o
}
