package coasterchaturanga

import (
	"strconv"

	"github.com/ashtapada/ashtapada/engine"
)

var dieInfo = []engine.DieInfo{{Kind: "treehouse", Count: 1, Faces: []engine.DieFace{
	{Value: faceAim, Label: "AIM", Meaning: "aim"}, {Value: faceDig, Label: "DIG", Meaning: "dig"},
	{Value: faceHop, Label: "HOP", Meaning: "hop"}, {Value: faceSwap, Label: "SWAP", Meaning: "swap"},
	{Value: faceTip, Label: "TIP", Meaning: "tip"}, {Value: faceWild, Label: "WILD", Meaning: "wild"},
}}}

// Dice is the Treehouse die, thrown once a turn.
func (p *Position) Dice() []engine.DieInfo { return dieInfo }

// RollMove returns the roll of one die showing values[0] (1 AIM .. 6 WILD).
func (p *Position) RollMove(values []int) (engine.Move, error) {
	if p.Phase() != engine.PhaseRoll {
		return 0, engine.ErrNotRollPhase
	}
	if len(values) != 1 || values[0] < faceAim || values[0] > faceWild {
		return 0, &engine.SyntaxError{Text: "dice", Reason: "want one Treehouse die, 1 (AIM) to 6 (WILD)"}
	}
	return mv(actRoll, values[0], 0), nil
}

func (p *Position) Roll(values []int) (engine.Position, []engine.Event, error) {
	m, err := p.RollMove(values)
	if err != nil {
		return nil, nil, err
	}
	next, ev := p.Play(m)
	return next, ev, nil
}

// Probability: each face of the die is equally likely.
func (p *Position) Probability(m engine.Move) float64 {
	if mvAct(m) == actRoll {
		return 1.0 / 6
	}
	return 1
}

var actionNames = [...]string{actMove: "move", actEnter: "enter", actAim: "aim", actTip: "tip", actSwap: "swap",
	actDig: "dig", actHop: "hop", actEnd: "end", actPass: "pass", actRoll: "roll"}

// Play applies a legal action and reports what happened.
func (p *Position) Play(m engine.Move) (engine.Position, []engine.Event) {
	next := new(Position)
	p.apply(m, next)
	me := seatNames[p.seat]
	var ev []engine.Event
	switch mvAct(m) {
	case actRoll:
		ev = append(ev, engine.NewEvent(engine.EventDiceRolled, me, "", "", "rolled "+strconv.Itoa(mvA(m))))
	case actMove:
		if t := p.pieceOn(mvB(m)); t >= 0 {
			ev = append(ev, engine.NewEvent(engine.EventCapture, me, squareName(mvB(m)), pieceNames[t], "held by "+me))
		}
	case actAim, actTip, actSwap:
		for s := 0; s < seats; s++ {
			if before, after := p.colourOf(s), next.colourOf(s); before != after {
				e := engine.NewEvent(engine.EventVariant, seatNames[s], "", "", colourNames[before]+" to "+colourNames[after])
				e.Name = "colour_changed"
				ev = append(ev, e)
			}
		}
	}
	if next.seat != p.seat || next.over {
		if !next.over {
			ev = append(ev, engine.NewEvent(engine.EventTurnPassed, seatNames[next.seat], "", "", ""))
		} else {
			ev = append(ev, engine.NewEvent(engine.EventGameOver, "", "", "", next.Outcome().Reason))
		}
	}
	return next, ev
}

func (p *Position) NewNode() engine.Position { return new(Position) }

func (p *Position) PlayInto(m engine.Move, dst engine.Position) { p.apply(m, dst.(*Position)) }

var (
	soloSeats    = seatInfo(false)
	partnerSeats = seatInfo(true)
	teamNames    = [2]string{"bl_tr", "br_tl"}
)

func seatInfo(partners bool) []engine.PlayerInfo {
	out := make([]engine.PlayerInfo, seats)
	for s := range out {
		out[s] = engine.PlayerInfo{Name: seatNames[s], Seat: placeNames[placeOf(s)]}
		if partners {
			out[s].Team = teamNames[s&1]
		}
	}
	return out
}
