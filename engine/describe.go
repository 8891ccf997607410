package engine

// Description is everything a client needs to know about a variant before playing it.
type Description struct {
	Name       string
	Title      string
	Summary    string
	MinPlayers int
	MaxPlayers int
	// Players lists every seat the variant can use, in turn order. Where the number of players is
	// an option, a position's own seats (Seats) are the ones it uses.
	Players []PlayerInfo
	Board   *Board
	// OptionBoards are the boards and seats used under other option values, as when four
	// players play on a larger board; Board is the board of the default options.
	OptionBoards []OptionBoard
	Pieces       []PieceInfo
	Dice         []DieInfo
	Options      []OptionSpec
	// ActionsPerTurn is the most actions one turn may hold (dice games make several).
	ActionsPerTurn int
	// PositionNotation and ActionNotation explain the text forms.
	PositionNotation string
	ActionNotation   string
	// Actions and Events list every action and event name the variant uses, with its kind.
	Actions []ActionInfo
	Events  []EventInfo
	// State lists the parts of a position only this variant has, which Setup.State and
	// PlayerSetup.State carry by name.
	State []StateInfo
	// Repetition is how many occurrences of one position draw the game (3: threefold), or 0 when
	// the rules have no such draw. Applying it needs the game's history.
	Repetition int
	// Search holds what matches found about searching the variant.
	Search SearchHints
	// Levels rates the playing levels (search levels 1 to 8) on one Elo scale with random play
	// at 0, as `ashtapada ladder` measured them; nil where they were not measured.
	Levels []LevelRating
	// RecordName is how other programs' game records name the variant in their Variant tag,
	// where it differs from Name; "" for Name.
	RecordName string
	// UCIVariant is the variant's name for UCI engines (Fairy-Stockfish's UCI_Variant), whose
	// position text and move notation are the variant's own; "" where no UCI engine plays it.
	UCIVariant string
}

// LevelRating is one playing level's strength: its Elo, random play being 0, and the bounds of
// its 95% interval.
type LevelRating struct {
	Level          int
	Elo, Low, High float64
}

// SearchHints are what matches at equal time found about searching a variant (docs/measurements.md
// has them). The search reads them, and never a variant's name, so that a new game's package says
// how it is best searched; a variant without hints is searched by the defaults.
type SearchHints struct {
	// Selective says that the selective parts of the two-sided search (null move, late-move
	// reductions, futility and exchange pruning) gain in this game, where it runs plain
	// alpha-beta (two sides, no dice).
	Selective bool
	// BySides holds the hints that depend on the number of sides playing.
	BySides map[int]SideHints
}

// SideHints are a variant's search hints for one number of sides.
type SideHints struct {
	// Algorithm is the search's name of the algorithm its Auto runs ("mcts", "mcts-greedy"); ""
	// keeps the default (alpha-beta with two sides, paranoid with more).
	Algorithm string
	// Playout is the length in actions of an MCTS playout: 0 for the search's default, -1 to the
	// end of the game.
	Playout int
	// FirstPlace, where MCTS with a greedy playout values positions by the evaluation in a game of
	// more than two sides, reads a side's chance of first place from its mean result: the chances
	// at the means -1, -0.8, ..., 1 (11 values), fitted to self-play. Nil where none was fitted.
	FirstPlace []float64
}

// StateInfo describes one part of a position that only some variants have: declared once in the
// description, carried by name in Setup.State (or each player's PlayerSetup.State), and converted
// by generic code, so that a game's own state touches no other package.
type StateInfo struct {
	Name        string
	Kind        StateKind
	PerPlayer   bool // a value for each player, in PlayerSetup.State
	Description string
}

// StateKind says which field of a StateValue is meant.
type StateKind int

const (
	StateBool   StateKind = iota + 1
	StateInt              // a number
	StateString           // a name: a square, a piece, an action
	StateList             // a list of names
)

var stateKindNames = [...]string{StateBool: "bool", StateInt: "int", StateString: "string", StateList: "list"}

func (k StateKind) String() string {
	if k > 0 && int(k) < len(stateKindNames) {
		return stateKindNames[k]
	}
	return "unknown"
}

// StateValue is the value of one part of a position's state, of the kind its StateInfo says.
// The zero value of each kind (false, 0, "", no names) is the state's absence.
type StateValue struct {
	Kind   StateKind
	Bool   bool
	Int    int64
	String string
	List   []string
}

// IsZero reports whether v is its kind's zero, which Setup leaves out.
func (v StateValue) IsZero() bool { return !v.Bool && v.Int == 0 && v.String == "" && len(v.List) == 0 }

// OptionBoard is the board and the seats a variant uses when its options take these values.
type OptionBoard struct {
	Options Options
	Board   *Board
	Players []PlayerInfo
}

// PlayerInfo describes one seat.
type PlayerInfo struct {
	Name  string // the player's colour, lower case
	Seat  string // where the player sits: south, north, top_left, ...
	Team  string // empty when the variant has no teams
	Color string // the colour of the pieces the player starts with
}

// PieceInfo describes one kind of piece.
type PieceInfo struct {
	Kind     string // snake_case name used in structured positions
	Letter   string // letter in the text notation (upper case for the first player)
	Title    string
	Movement string
	Value    int // points, pips or die number, as Describe's ValueMeaning says
	Royal    bool
	Immobile bool
	Neutral  bool
}

// DieInfo describes one kind of die.
type DieInfo struct {
	Kind  string
	Count int // dice of this kind rolled per turn
	Faces []DieFace
}

// DieFace is one face of a die and what it means.
type DieFace struct {
	Value   int
	Label   string
	Meaning string
}

// OptionSpec describes one variant option.
type OptionSpec struct {
	Name        string
	Kind        OptionKind
	Default     OptionValue
	Description string
	Min, Max    int64    // for OptionInt
	Allowed     []string // for OptionString
}

// Setup is the structured form of a position, independent of any variant's internal layout.
type Setup struct {
	Variant string
	Options Options
	Pieces  []PieceSetup
	ToMove  string
	Phase   Phase
	Dice    []DieSetup
	Players []PlayerSetup
	// Layout places sub-boards (coasters) when the variant's geometry is part of the position.
	Layout   []LayoutSetup
	Counters []Counter
	// Proposal is an offer between players that the position waits on, or that may be made now.
	Proposal *ProposalSetup
	// State holds the parts of the position that only its variant has (Description.State), by
	// name; zero values are left out.
	State map[string]StateValue
}

// ProposalSetup is a pending or possible offer between players, such as Chaturaji's raja exchange.
type ProposalSetup struct {
	Kind string // raja_exchange
	// Stage is available (the mover may propose now), proposed (Responder must answer) or
	// returning (accepted: the listed players still choose squares for their rajas).
	Stage     string
	Players   []string
	Responder string
}

// ScorePart is the points a player earned from one source.
type ScorePart struct {
	Source string // captures, throne, empire
	Points int
}

// PieceSetup is one piece on the board.
type PieceSetup struct {
	Square string
	Kind   string
	Player string // owner; empty for neutral pieces
	Color  string // when a piece's colour differs from its owner's
	// PromotesTo is the piece kind this piece will become on promotion, where it is fixed.
	PromotesTo string
}

// DieSetup is one die of the current turn.
type DieSetup struct {
	Kind  string
	Value int
	// Means is the piece kind or action the die stands for after any substitution; empty when
	// the die can do nothing (void).
	Means string
	Used  bool
}

// PlayerSetup is the per-player part of a position.
type PlayerSetup struct {
	Name  string
	Score int
	// ScoreParts splits Score by where the points came from, in variants that explain it.
	ScoreParts []ScorePart
	// TieBreaks are the values that order equal scores, in the order the rules apply them.
	TieBreaks []ScorePart
	// Held lists pieces the player holds off the board (captured pieces, pieces to re-enter).
	Held []string
	// Color is the player's colour as it stands, where it changes during play; output only.
	Color string
	// HeldPieces are the Held pieces' kinds and colours, for variants where held pieces of
	// several colours are named in their own notation; output only.
	HeldPieces []PieceSetup
	// Lost lists the player's own pieces taken by opponents, where the rules use them.
	Lost []string
	Out  bool
	// State holds the player's part of the variant's own state (Description.State entries with
	// PerPlayer), by name; zero values are left out.
	State map[string]StateValue
}

// LayoutSetup places one sub-board.
type LayoutSetup struct {
	Position     string
	Board        string
	QuarterTurns int
}

// Counter is a named counter of a position (halfmove clock, turn number, ...).
type Counter struct {
	Name  string
	Value int64
}

// Action is the structured description of a move.
type Action struct {
	Kind ActionKind
	// Name is the variant's own name for the action, one of Description.Actions: move, roll,
	// garrison, propose_exchange, ...
	Name      string
	Player    string
	Piece     string
	From      string
	To        string
	Captured  string // kind of the captured piece, if any
	Promotion string // kind promoted to, if any
	Dice      []int  // face values, for a roll
	Die       int    // index of the die the action uses, or -1
}

// ActionKind is the class of an action that any client understands; anything a variant adds is
// ActionVariant, told apart by Action.Name and explained in Description.Actions. The numbers are
// the API's.
type ActionKind int

const (
	ActionMove    ActionKind = 1 // a piece moves, perhaps capturing or promoting
	ActionRoll    ActionKind = 2 // the dice are thrown: a chance event
	ActionEndTurn ActionKind = 3 // the player stops before using every die
	ActionPass    ActionKind = 4 // the player can do nothing and lets the turn go
	ActionDrop    ActionKind = 6 // a piece held off the board is put on it
	ActionResign  ActionKind = 7
	// ActionVariant is an action of the variant's own rules (garrison, raja exchange, ...).
	ActionVariant ActionKind = 13
)

var actionKindNames = [...]string{ActionMove: "move", ActionRoll: "roll", ActionEndTurn: "end_turn",
	ActionPass: "pass", ActionDrop: "drop", ActionResign: "resign", ActionVariant: "variant"}

// ActionKinds lists every action kind.
var ActionKinds = []ActionKind{ActionMove, ActionRoll, ActionEndTurn, ActionPass, ActionDrop, ActionResign, ActionVariant}

func (k ActionKind) String() string {
	if k > 0 && int(k) < len(actionKindNames) && actionKindNames[k] != "" {
		return actionKindNames[k]
	}
	return "unknown"
}

// ActionInfo describes one action a variant's notation and API use.
type ActionInfo struct {
	Name        string // the action's name in Action.Name
	Kind        ActionKind
	Notation    string // how the action is written, with an example
	Description string
}

// Event is something that happened when an action was applied.
type Event struct {
	Kind EventKind
	// Name is the variant's own name for the event, one of Description.Events.
	Name   string
	Player string
	Square string
	Piece  string
	Points int
	Text   string
}

// EventKind is the class of an event that any client understands; anything a variant adds is
// EventVariant, told apart by Event.Name and explained in Description.Events. The numbers are the
// API's.
type EventKind int

const (
	EventCapture    EventKind = 1
	EventPromotion  EventKind = 2
	EventDiceRolled EventKind = 3
	EventTurnPassed EventKind = 5
	EventGameOver   EventKind = 6
	EventPoints     EventKind = 7
	// EventRollAgain is a roll that does not count (a d6 showing 1 or 6): roll again.
	EventRollAgain EventKind = 8
	// EventVariant is an event of the variant's own rules (boat triumph, command, ...).
	EventVariant EventKind = 13
)

var eventKindNames = [...]string{EventCapture: "capture", EventPromotion: "promotion",
	EventDiceRolled: "dice_rolled", EventTurnPassed: "turn_passed", EventGameOver: "game_over",
	EventPoints: "points", EventRollAgain: "roll_again", EventVariant: "variant"}

// EventKinds lists every event kind.
var EventKinds = []EventKind{EventCapture, EventPromotion, EventDiceRolled, EventTurnPassed, EventGameOver, EventPoints, EventRollAgain, EventVariant}

func (k EventKind) String() string {
	if k > 0 && int(k) < len(eventKindNames) && eventKindNames[k] != "" {
		return eventKindNames[k]
	}
	return "unknown"
}

// EventInfo describes one event a variant reports.
type EventInfo struct {
	Name        string // the event's name in Event.Name
	Kind        EventKind
	Description string
}

// NewEvent returns an event whose name is its kind's, for the events every variant shares.
func NewEvent(kind EventKind, player, square, piece, text string) Event {
	return Event{Kind: kind, Name: kind.String(), Player: player, Square: square, Piece: piece, Text: text}
}
