package engine

import (
	"errors"
	"slices"
	"strconv"
	"strings"
)

// ActionQuery names an action by its structured fields, as a client that does not write the
// variant's notation gives it. An empty field matches any value, except Promotion: an action
// without one matches only a move that does not promote, so that a plain move is never
// ambiguous with its promotions.
type ActionQuery struct {
	Kind      ActionKind // 0: any
	Name      string
	Piece     string
	From, To  string
	Promotion string // a piece kind, or its letter in either case
	Dice      []int  // the faces of a roll, in any order
	Die       int    // the index of the die used, or -1 for any
}

// AmbiguousError is a query that several legal actions match.
type AmbiguousError struct{ Matches int }

func (e *AmbiguousError) Error() string {
	return strconv.Itoa(e.Matches) + " legal actions match; give more fields (promotion, kind)"
}

// FindAction returns the one legal action of p that q describes: an *IllegalError when none
// does, an *AmbiguousError when several do.
func FindAction(p Position, q ActionQuery) (Move, error) {
	if p.Phase() == PhaseFinished {
		return 0, ErrGameOver
	}
	q.Promotion = PromotionKind(p.Variant().Describe(), q.Promotion)
	dice := slices.Clone(q.Dice)
	slices.Sort(dice)
	var buf [MaxMoves]Move
	found, matches := Move(0), 0
	for _, m := range p.Moves(buf[:0]) {
		if q.matches(p.Action(m), dice) {
			found, matches = m, matches+1
		}
	}
	switch matches {
	case 0:
		return 0, &IllegalError{Reason: q.whyNone(p)}
	case 1:
		return found, nil
	}
	return 0, &AmbiguousError{Matches: matches}
}

// whyNone says why no legal action matches q: for a move from one square to another, the reason
// the game gives for that move written in its notation (every game writes a plain move as its
// two squares, e2e4), so that fields and notation are refused alike.
func (q *ActionQuery) whyNone(p Position) string {
	const none = "no legal action matches the fields given"
	if q.From == "" || q.To == "" {
		return none
	}
	text := q.From + q.To
	if _, err := p.ParseMove(text); err != nil {
		var illegal *IllegalError
		if errors.As(err, &illegal) {
			return illegal.Reason
		}
		return none
	}
	return "the move " + text + " is legal, but not with the other fields given (" + q.given() + ")"
}

// given lists the fields q sets beside its squares.
func (q *ActionQuery) given() string {
	var fields []string
	for _, f := range []struct {
		name string
		set  bool
	}{{"kind", q.Kind != 0}, {"name", q.Name != ""}, {"piece", q.Piece != ""}, {"promotion", q.Promotion != ""},
		{"dice", len(q.Dice) > 0}, {"die_index", q.Die >= 0}} {
		if f.set {
			fields = append(fields, f.name)
		}
	}
	if len(fields) == 0 {
		return "none"
	}
	return strings.Join(fields, ", ")
}

// matches reports whether a agrees with every field the query sets; dice are the query's, sorted.
func (q *ActionQuery) matches(a Action, dice []int) bool {
	eq := func(want, have string) bool { return want == "" || want == have }
	if q.Kind != 0 && q.Kind != a.Kind || !eq(q.Name, a.Name) || q.Promotion != a.Promotion {
		return false
	}
	if !eq(q.From, a.From) || !eq(q.To, a.To) || !eq(q.Piece, a.Piece) || q.Die >= 0 && q.Die != a.Die {
		return false
	}
	if len(dice) == 0 {
		return true
	}
	have := slices.Clone(a.Dice)
	slices.Sort(have)
	return slices.Equal(dice, have)
}

// PromotionKind reads a promotion as a client may give it: a piece kind of the variant, or its
// letter in the notation in either case ("mantri", "Q" or "q" in chaturanga). Anything else, a
// letter two kinds share among them, is returned as given and matches no action.
func PromotionKind(d *Description, promo string) string {
	if promo == "" {
		return ""
	}
	for _, p := range d.Pieces {
		if p.Kind == promo {
			return p.Kind
		}
	}
	kind := ""
	for _, p := range d.Pieces {
		if strings.EqualFold(p.Kind, promo) || strings.EqualFold(p.Letter, promo) {
			if kind != "" && kind != p.Kind {
				return promo
			}
			kind = p.Kind
		}
	}
	if kind == "" {
		return promo
	}
	return kind
}
