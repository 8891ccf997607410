package coasterchaturanga

import (
	"slices"
	"strconv"
	"strings"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/coaster"
)

// Options.
const (
	optPlayers     = "players"
	optPartnership = "partnership"
	optMaxTurns    = "max_turns"
	optFirst       = "first"
	optDroneRight  = "drone_right"
	optColours     = "colours"
)

var optionSpecs = []engine.OptionSpec{
	{Name: optPlayers, Kind: engine.OptionInt, Default: engine.OptionValue{Kind: engine.OptionInt, Int: 4}, Min: 2, Max: 4,
		Description: "4, or 2: the partnership game with one person playing both seats of a side (bl and tr against br and tl)"},
	{Name: optPartnership, Kind: engine.OptionBool, Default: engine.OptionValue{Kind: engine.OptionBool},
		Description: "four players as diagonal partners with a combined score; never moving or capturing the partner's colour"},
	{Name: optMaxTurns, Kind: engine.OptionInt, Default: engine.OptionValue{Kind: engine.OptionInt}, Min: 0, Max: maxTurnsLimit,
		Description: "end the game after this many turns of each seat (0: no limit)"},
	{Name: optFirst, Kind: engine.OptionString, Default: engine.OptionValue{Kind: engine.OptionString, String: "bl"}, Allowed: seatNames[:],
		Description: "the seat that plays first; play passes counter-clockwise"},
	{Name: optDroneRight, Kind: engine.OptionString, Default: engine.OptionValue{Kind: engine.OptionString},
		Description: "seats (comma-separated, such as bl,tr) setting their drone on the queen's right instead of the left"},
	{Name: optColours, Kind: engine.OptionString, Default: engine.OptionValue{Kind: engine.OptionString, String: "yrbg"},
		Description: "the coaster colours at tl, tr, br, bl as letters y r b g"},
}

// textOptions are the options a position text states: drone_right and colours matter only at
// the start.
var textOptions = slices.DeleteFunc(slices.Clone(optionSpecs), func(s engine.OptionSpec) bool {
	return s.Name == optDroneRight || s.Name == optColours
})

// rulesFromOptions reads a complete option set.
func rulesFromOptions(opts engine.Options) (*rules, error) {
	o, err := engine.ResolveOptions(optionSpecs, opts)
	if err != nil {
		return nil, err
	}
	r := &rules{players: int(o[optPlayers].Int), partnership: o[optPartnership].Bool, maxTurns: int(o[optMaxTurns].Int)}
	switch r.players {
	case 2:
		// Two players are always the partnership game; partnership true only says so again (and
		// is how positions and records write it), false asks for a game that does not exist.
		if v, ok := opts[optPartnership]; ok && !v.Bool {
			return nil, &engine.OptionError{Name: optPartnership,
				Reason: "false contradicts players 2, which is the partnership game (one person plays both seats of a side): leave partnership out or set it true"}
		}
		r.partnership = true
	case 4:
	default:
		return nil, &engine.OptionError{Name: optPlayers, Reason: "want 2 or 4"}
	}
	r.first, _ = parseSeat(o[optFirst].String)
	if s := o[optDroneRight].String; s != "" {
		for _, name := range strings.Split(s, ",") {
			seat, ok := parseSeat(name)
			if !ok {
				return nil, &engine.OptionError{Name: optDroneRight, Reason: "want seats among bl br tr tl, comma-separated"}
			}
			// A seat named twice is a slip, not a setting: refuse it rather than guess.
			if r.droneRight[seat] {
				return nil, &engine.OptionError{Name: optDroneRight, Reason: "seat " + name + " is named twice: name each seat at most once"}
			}
			r.droneRight[seat] = true
		}
	}
	c := o[optColours].String
	seen := 0
	for pl := 0; pl < 4 && len(c) == 4; pl++ {
		k := slices.Index(colourLetters[:], c[pl])
		if k < 0 || seen&(1<<k) != 0 {
			break
		}
		seen |= 1 << k
		r.colours[pl] = k
	}
	if seen != 1<<colours-1 {
		return nil, &engine.OptionError{Name: optColours, Reason: "want the four letters y r b g once each, for tl tr br bl"}
	}
	return r, nil
}

// options writes the options that matter after the start.
func (r *rules) options() engine.Options {
	o := engine.Options{
		optPlayers:     {Kind: engine.OptionInt, Int: int64(r.players)},
		optPartnership: {Kind: engine.OptionBool, Bool: r.partnership},
		optMaxTurns:    {Kind: engine.OptionInt, Int: int64(r.maxTurns)},
		optFirst:       {Kind: engine.OptionString, String: seatNames[r.first]},
	}
	return o
}

var compulsoryNames = [3]string{"", "clear_portal", "enter"}

// Setup is the structured form: the layout (which coaster lies at each place, and its quarter
// turns), the pieces by square with their colour (Player is the seat whose colour it is now), each
// seat's held pieces and score, the die, the turn in progress, and the turns played.
func (p *Position) Setup() *engine.Setup {
	s := &engine.Setup{Variant: Name, Options: p.rules.options(), ToMove: seatNames[p.seat], Phase: p.Phase()}
	for pl := 0; pl < 4; pl++ {
		s.Layout = append(s.Layout, engine.LayoutSetup{Position: coaster.Place(pl).String(), Board: colourNames[p.coasterAt[pl]],
			QuarterTurns: (pl + int(p.tip)) & 3})
	}
	var seatOf [colours]int
	for st := 0; st < seats; st++ {
		seatOf[p.colourOf(st)] = st
	}
	for sq := 0; sq < squares; sq++ {
		if pc := p.pieceOn(sq); pc >= 0 {
			s.Pieces = append(s.Pieces, engine.PieceSetup{Square: squareName(sq), Kind: kindNames[pieceKind(pc)],
				Color: colourNames[pieceColour(pc)], Player: seatNames[seatOf[pieceColour(pc)]]})
		}
	}
	var standings [seats]standing
	p.seatStandings(&standings)
	for seat := 0; seat < seats; seat++ {
		st := standings[seat]
		ps := engine.PlayerSetup{Name: seatNames[seat], Score: st.score(), ScoreParts: st.parts(), TieBreaks: st.tieBreaks(),
			Color: colourNames[p.colourOf(seat)]}
		for pc := 0; pc < pieces; pc++ {
			if int(p.loc[pc]) == heldBy+seat {
				ps.Held = append(ps.Held, pieceNames[pc])
				ps.HeldPieces = append(ps.HeldPieces, engine.PieceSetup{Kind: kindNames[pieceKind(pc)], Color: colourNames[pieceColour(pc)]})
			}
		}
		s.Players = append(s.Players, ps)
	}
	if p.face != faceNone {
		s.Dice = []engine.DieSetup{{Kind: "treehouse", Value: int(p.face), Means: faceNames[p.face], Used: p.dieDone}}
		engine.SetState(&s.State, stateMoveDone, engine.StateValue{Kind: engine.StateBool, Bool: p.moveDone})
		engine.SetState(&s.State, stateCompulsory, engine.StateValue{Kind: engine.StateString, String: compulsoryNames[p.must]})
		if p.mustPiece >= 0 {
			engine.SetState(&s.State, stateCompulsoryPiece, engine.StateValue{Kind: engine.StateString, String: pieceNames[p.mustPiece]})
		}
		if p.entered >= 0 {
			engine.SetState(&s.State, stateEntered, engine.StateValue{Kind: engine.StateString, String: pieceNames[p.entered]})
		}
	}
	s.Counters = []engine.Counter{{Name: "turns", Value: int64(p.turns)}}
	return s
}

// FromSetup builds a position from its structured form, through the text notation's checks.
func (v *variant) FromSetup(s *engine.Setup) (engine.Position, error) {
	if err := engine.CheckState(v.Describe(), s); err != nil {
		return nil, err
	}
	r, err := rulesFromOptions(s.Options)
	if err != nil {
		return nil, err
	}
	p := emptyPosition(v, r)
	if err := p.readLayout(s.Layout); err != nil {
		return nil, err
	}
	if err := p.placePieces(s.Pieces); err != nil {
		return nil, err
	}
	if err := p.readHeld(s.Players); err != nil {
		return nil, err
	}
	if err := p.checkEveryPiecePlaced("pieces"); err != nil {
		return nil, err
	}
	seat, ok := parseSeat(s.ToMove)
	if !ok {
		return nil, engine.Positionf("to_move", "want a seat among bl br tr tl, got %q", s.ToMove)
	}
	p.seat = int8(seat)
	for _, c := range s.Counters {
		if c.Name != "turns" || c.Value < 0 || c.Value > engine.MaxCounter {
			return nil, engine.Positionf("counters."+c.Name, "want the counter turns, 0 to %d", engine.MaxCounter)
		}
		p.turns = uint32(c.Value)
	}
	if err := p.readTurn(s.Dice, turnFromState(s.State)); err != nil {
		return nil, err
	}
	p.over = p.endsHere()
	return p, nil
}

// readLayout reads which coaster lies at each place and how it is turned, as the text's coasters.
func (p *Position) readLayout(layout []engine.LayoutSetup) error {
	if len(layout) != 4 {
		return engine.Positionf("layout", "want the four places top_left, top_right, bottom_right, bottom_left, got %d", len(layout))
	}
	var text strings.Builder
	for pl := coaster.TopLeft; pl <= coaster.BottomLeft; pl++ {
		var l *engine.LayoutSetup
		for i := range layout {
			if layout[i].Position == pl.String() {
				l = &layout[i]
			}
		}
		c := -1
		if l != nil {
			c = slices.Index(colourNames[:], l.Board)
		}
		if c < 0 || l.QuarterTurns < 0 || l.QuarterTurns > 3 {
			return engine.Positionf("layout", "place %s needs a coaster colour (yellow red blue green) and 0-3 quarter turns", pl)
		}
		text.WriteByte(colourLetters[c])
		text.WriteByte(byte('0' + l.QuarterTurns))
	}
	return p.parseCoasters(text.String())
}

// describedKinds are the kinds of the description's pieces, in its order.
var describedKinds = [...]int{pawn, drone, queen}

// A piece is known by its colour, and the seat it belongs to follows from the colour and the
// coasters. So engine.ReadPieces reads the colours as its seats, and the kinds as neutral, which
// need no seat.
var (
	colourSeats = func() (out []engine.PlayerInfo) {
		for _, c := range colourNames {
			out = append(out, engine.PlayerInfo{Name: c})
		}
		return out
	}()
	seatlessPieces = func() *engine.Description {
		d := &engine.Description{Pieces: slices.Clone(pieceInfo)}
		for i := range d.Pieces {
			d.Pieces[i].Neutral = true
		}
		return d
	}()
)

// placePieces puts the pieces on the board by square, kind and colour; every piece is unique.
func (p *Position) placePieces(pieces []engine.PieceSetup) error {
	byColour := make([]engine.PieceSetup, len(pieces))
	for i, pc := range pieces {
		byColour[i] = engine.PieceSetup{Square: pc.Square, Kind: pc.Kind, Color: pc.Color}
	}
	placed, err := engine.ReadPieces(seatlessPieces, colourSeats, nil, 6, 6, byColour)
	if err != nil {
		return err
	}
	for i, pc := range placed {
		field := "pieces[" + strconv.Itoa(i) + "]"
		if pc.Color < 0 {
			return engine.Positionf(field+".color", "want the colour of the piece: yellow, red, blue or green")
		}
		sq, id := pc.Rank*6+pc.File, pieceOf(pc.Color, describedKinds[pc.Kind])
		if p.loc[id] != -1 {
			return engine.Positionf(field, "the %s stands on two squares: every piece is unique", describePiece(id))
		}
		p.board[sq], p.loc[id] = int8(id+1), int8(sq)
	}
	return nil
}

// readHeld reads the pieces each seat holds.
func (p *Position) readHeld(players []engine.PlayerSetup) error {
	for i, ps := range players {
		field := "players[" + strconv.Itoa(i) + "]"
		seat, ok := parseSeat(ps.Name)
		if !ok {
			return engine.Positionf(field+".name", "want a seat among bl br tr tl, got %q", ps.Name)
		}
		for j, h := range ps.Held {
			id, ok := parsePiece(h)
			if !ok || p.loc[id] != -1 {
				return engine.Positionf(field+".held["+strconv.Itoa(j)+"]", "%q is not a piece such as gq, or it is elsewhere too", h)
			}
			p.loc[id] = int8(heldBy + seat)
		}
	}
	return nil
}

// The structured form's state of a turn in progress, by name.
const (
	stateMoveDone        = "move_done"
	stateCompulsory      = "compulsory"
	stateCompulsoryPiece = "compulsory_piece"
	stateEntered         = "entered"
)

// turnState is what a turn in progress has done and still owes, as the state gives it.
type turnState struct {
	moveDone                             bool
	compulsory, compulsoryPiece, entered string
}

func turnFromState(state map[string]engine.StateValue) *turnState {
	t := turnState{moveDone: state[stateMoveDone].Bool, compulsory: state[stateCompulsory].String,
		compulsoryPiece: state[stateCompulsoryPiece].String, entered: state[stateEntered].String}
	if t == (turnState{}) {
		return nil
	}
	return &t
}

// readTurn reads the die and the turn in progress, through the text's turn field.
func (p *Position) readTurn(dice []engine.DieSetup, t *turnState) error {
	switch {
	case len(dice) > 1:
		return engine.Positionf("dice", "one Treehouse die at most")
	case len(dice) == 0 && t != nil:
		return engine.Positionf("state", "a turn in progress needs the rolled die")
	case len(dice) == 0:
		return nil
	}
	d := dice[0]
	if d.Value < faceAim || d.Value > faceWild {
		return engine.Positionf("dice[0].value", "want a face 1 (AIM) to 6 (WILD), got %d", d.Value)
	}
	p.face, p.dieDone = int8(d.Value), d.Used
	if t == nil {
		return nil
	}
	must := slices.Index(compulsoryNames[:], t.compulsory)
	if must < 0 {
		return engine.Positionf("state."+stateCompulsory, "want clear_portal, enter or nothing, got %q", t.compulsory)
	}
	mustPiece := ""
	if must == mustEnter {
		mustPiece = t.compulsoryPiece
	}
	return p.parseTurn(turnWord(faceNames[p.face], t.moveDone, p.dieDone, must, mustPiece, t.entered))
}
