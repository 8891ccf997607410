package coasterchaturanga

import (
	"github.com/ashtapada/ashtapada/engine"
)

// Name is the variant's name.
const Name = "martian_coaster_chaturanga"

// defaultColours are the coasters at the places tl tr br bl at the start.
var defaultColours = [4]int{yellow, red, blue, green}

// trioSquares are each seat's queen, drone and pawn squares with the drone on the left, as seen
// from the seat: bl a1 a2 b1, br f1 e1 f2, tr f6 f5 e6, tl a6 b6 a5. With the drone on the right
// the drone and pawn change places.
var trioSquares = [seats][3]string{{"a1", "a2", "b1"}, {"f1", "e1", "f2"}, {"f6", "f5", "e6"}, {"a6", "b6", "a5"}}

// start builds the start position of the rules: every seat's trio, of the next seat's colour, on
// its own coaster.
func start(r *rules) *Position {
	p := &Position{v: registered, rules: r, seat: int8(r.first), mustPiece: -1, entered: -1}
	for pl := range p.coasterAt {
		p.coasterAt[pl] = int8(r.colours[pl])
	}
	for i := range p.loc {
		p.loc[i] = -1
	}
	for s := 0; s < seats; s++ {
		colour := p.colourOf((s + 1) % seats)
		q, d, pw := trioSquares[s][0], trioSquares[s][1], trioSquares[s][2]
		if r.droneRight[s] {
			d, pw = pw, d
		}
		for kind, name := range map[int]string{queen: q, drone: d, pawn: pw} {
			sq, pc := mustSquare(name), pieceOf(colour, kind)
			p.board[sq], p.loc[pc] = int8(pc+1), int8(sq)
		}
	}
	return p
}

var pieceInfo = []engine.PieceInfo{
	{Kind: "pawn", Letter: "p", Title: "Pawn", Value: 1, Movement: "one step along the arrows"},
	{Kind: "drone", Letter: "d", Title: "Drone", Value: 2, Movement: "up to two steps along the arrows"},
	{Kind: "queen", Letter: "q", Title: "Queen", Value: 3, Movement: "up to three steps along the arrows"},
}

var defaultRules = &rules{players: 4, colours: defaultColours, first: 0}

// variant is the game with the weights its positions evaluate with.
type variant struct {
	desc    *engine.Description
	weights *Weights
}

// registered is Variant, which evaluates with TunedWeights.
var registered = &variant{desc: describe(), weights: ptr(TunedWeights)}

// Variant is Martian Coaster Chaturanga.
var Variant engine.Variant = registered

func init() { engine.Register(Variant) }

func describe() *engine.Description {
	var colours [4]int8
	for pl, c := range defaultColours {
		colours[pl] = int8(c)
	}
	b := tableBoard(colours, 0)
	return &engine.Description{
		Name:  Name,
		Title: "Martian Coaster Chaturanga",
		// Four sides: MCTS with greedy playouts to the end of the game (docs/measurements.md).
		Search:     engine.SearchHints{BySides: map[int]engine.SideHints{4: {Algorithm: "mcts-greedy", Playout: -1}}},
		Levels:     levelRatings,
		Summary:    "Four Martian Coasters that turn and swap, portals and the Treehouse die; a seat's colour is the coaster in front of it; most points wins.",
		MinPlayers: 2, MaxPlayers: 4,
		Players:        seatInfo(false),
		Board:          b,
		Pieces:         pieceInfo,
		Dice:           dieInfo,
		Options:        optionSpecs,
		ActionsPerTurn: 3,
		PositionNotation: "coasters at tl tr br bl as colour and quarter turns (y0r1b2g3); board, ranks 6 to 1, pieces as colour+kind (gq); " +
			"held pieces per seat bl,br,tr,tl ('-' for none); seat to move; the turn ('-' before the roll, else the face with :m, :d, " +
			"!clear, !enter[=piece], ^piece); turns played; options players=2, partnership, max_turns=N, first=SEAT",
		ActionNotation: "roll aim; b6e2; enter gq; aim 2; tip 1; swap tl br; dig gp; hop a5@b2; end; pass",
		Actions: []engine.ActionInfo{
			{Name: "roll", Kind: engine.ActionRoll, Notation: "roll hop", Description: "throw the Treehouse die (a chance event)"},
			{Name: "move", Kind: engine.ActionMove, Notation: "b6e2", Description: "a piece moves along the arrows, up to its pips, jumping between portals; ending on a piece captures it"},
			{Name: "enter", Kind: engine.ActionDrop, Notation: "enter gq", Description: "a held piece is placed on the mover's portal"},
			{Name: "aim", Kind: engine.ActionVariant, Notation: "aim 2", Description: "the whole board turns clockwise by quarter turns; every seat's colour changes"},
			{Name: "tip", Kind: engine.ActionVariant, Notation: "tip 1", Description: "every coaster turns in place clockwise by quarter turns"},
			{Name: "swap", Kind: engine.ActionVariant, Notation: "swap tl br", Description: "two coasters exchange places with their pieces"},
			{Name: "dig", Kind: engine.ActionVariant, Notation: "dig gp", Description: "take back a piece of one's colour held by another seat"},
			{Name: "hop", Kind: engine.ActionVariant, Notation: "hop a5@b2", Description: "put a piece one may move onto an empty portal"},
			{Name: "end", Kind: engine.ActionEndTurn, Notation: "end", Description: "end the turn with the move or the die action left undone"},
			{Name: "pass", Kind: engine.ActionPass, Notation: "pass", Description: "neither a move nor the die action is possible"},
		},
		State: []engine.StateInfo{
			{Name: stateMoveDone, Kind: engine.StateBool, Description: "the turn's move is made"},
			{Name: stateCompulsory, Kind: engine.StateString,
				Description: "a move the player owes before anything else: clear_portal or enter"},
			{Name: stateCompulsoryPiece, Kind: engine.StateString, Description: "the piece to enter, when only that one may be (gq)"},
			{Name: stateEntered, Kind: engine.StateString, Description: "the piece re-entered this turn, which may not move again"},
		},
		Events: []engine.EventInfo{
			{Name: "dice_rolled", Kind: engine.EventDiceRolled, Description: "the Treehouse die shows a face, 1 AIM to 6 WILD"},
			{Name: "capture", Kind: engine.EventCapture, Description: "a piece is captured and held by the mover"},
			{Name: "colour_changed", Kind: engine.EventVariant, Description: "a seat's colour changed with the coaster in front of it"},
			{Name: "turn_passed", Kind: engine.EventTurnPassed, Description: "the turn passes to the next seat"},
			{Name: "game_over", Kind: engine.EventGameOver, Description: "a seat began its turn with no piece of its colour on the board, or the turn limit"},
		},
	}
}

func (v *variant) Describe() *engine.Description { return v.desc }

func (v *variant) Start(opts engine.Options) (engine.Position, error) {
	r, err := rulesFromOptions(opts)
	if err != nil {
		return nil, err
	}
	p := start(r)
	p.v = v
	return p, nil
}

// WithWeights returns Martian Coaster Chaturanga, unregistered, evaluating with w: Variant is not changed.
func WithWeights(w Weights) engine.Variant { return &variant{desc: registered.desc, weights: &w} }
