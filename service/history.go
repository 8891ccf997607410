package service

import (
	"errors"
	"fmt"
	"slices"
	"strconv"

	"google.golang.org/grpc/codes"

	"github.com/ashtapada/ashtapada/engine"
	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
	"github.com/ashtapada/ashtapada/service/internal/echo"
)

// history is what a request says of the game before its position: the earlier positions' keys,
// and the variant's repetition rule.
type history struct {
	keys  []uint64
	given bool
	owned bool // keys is this value's own copy, not the request's
	rule  int  // Description.Repetition: occurrences that draw, 0 for none
}

// readHistory reads a request's GameHistory for its position pos: the keys as given, or collected
// by replaying the actions from the start position, which must lead to pos.
func readHistory(h *pb.GameHistory, pos engine.Position, field string) (*history, error) {
	out := &history{rule: pos.Variant().Describe().Repetition}
	if h == nil {
		return out, nil
	}
	// A history given empty is a game with no earlier position: the request's is its first.
	out.given = true
	if len(h.GetKeys()) > 0 || h.GetStart() == nil && len(h.GetActions()) == 0 {
		if h.GetStart() != nil || len(h.GetActions()) > 0 {
			return nil, invalid("INVALID_HISTORY", field, "give %s.keys or %s.start with its actions, not both", field, field)
		}
		if len(h.GetKeys()) > maxHistory {
			return nil, invalid("HISTORY_TOO_LONG", field+".keys", "at most %d keys, got %d", maxHistory, len(h.GetKeys()))
		}
		out.keys = h.GetKeys()
		return out, nil
	}
	if h.GetStart() == nil {
		return nil, invalid("INVALID_HISTORY", field+".start", "%s.actions need the position they start from in %s.start", field, field)
	}
	if len(h.GetActions()) > maxHistory {
		return nil, invalid("HISTORY_TOO_LONG", field+".actions", "at most %d actions, got %d", maxHistory, len(h.GetActions()))
	}
	cur, err := positionFromProto(h.GetStart(), field+".start")
	if err != nil {
		return nil, err
	}
	if cur.Variant() != pos.Variant() {
		return nil, invalid("INVALID_HISTORY", field+".start.variant", "the history's start is a position of %s, the request's of %s",
			cur.Variant().Describe().Name, pos.Variant().Describe().Name)
	}
	actions := h.GetActions()
	cur, out.keys, err = engine.Replay(cur, len(actions), func(i int, p engine.Position) (engine.Move, error) {
		m, reason, err := resolveAction(p, actions[i], field+".actions["+strconv.Itoa(i)+"]")
		if err == nil && reason != "" {
			if n := actions[i].GetNotation(); n != "" {
				reason = echo.Quote(n) + ": " + reason
			}
			err = &engine.IllegalError{Reason: reason}
		}
		return m, err
	})
	var replay *engine.ReplayError
	if errors.As(err, &replay) {
		f := field + ".actions[" + strconv.Itoa(replay.Index) + "]"
		var illegal *engine.IllegalError
		switch {
		case errors.Is(err, engine.ErrDrawnBefore):
			return nil, invalid("INVALID_HISTORY", f, "%s", engine.ErrDrawnBefore.Error())
		case errors.As(err, &illegal):
			return nil, invalid("ILLEGAL_ACTION", f, "%s", illegal.Reason)
		}
		return nil, replay.Err
	}
	if got, want := cur.String(), pos.String(); got != want {
		return nil, invalid("HISTORY_MISMATCH", field+".actions", "the actions lead to %q, not to the request's position %q", got, want)
	}
	return out, nil
}

// checked reports whether an answer accounts for repetition: the history was given, or the
// variant has no repetition rule.
func (h *history) checked() bool { return h.given || h.rule == 0 }

// drawn reports whether pos, reached after the history's positions, is drawn by repetition.
func (h *history) drawn(pos engine.Position) bool {
	if !h.given || h.rule == 0 {
		return false
	}
	return engine.DrawnByRepetition(pos, h.keys)
}

// push records pos as played: it becomes an earlier position of the next.
func (h *history) push(pos engine.Position) {
	if !h.given {
		return
	}
	if !h.owned {
		// The keys may be the request's: copy them once before appending.
		h.keys, h.owned = slices.Clone(h.keys), true
	}
	h.keys = append(h.keys, pos.Key())
}

// after is the history of a position reached from pos by one action: this one with pos pushed.
// The receiver is left as it is.
func (h *history) after(pos engine.Position) *history {
	out := &history{given: h.given, rule: h.rule, keys: h.keys}
	out.push(pos)
	return out
}

// errDrawn is the error for an action asked of a position drawn by repetition.
func (h *history) errDrawn(field string) error {
	return statusError(codes.FailedPrecondition, "GAME_OVER", field,
		fmt.Sprintf("the game is over: the position occurs for the %s time and is drawn by repetition", ordinal(h.rule)))
}

func ordinal(n int) string {
	switch n {
	case 2:
		return "second"
	case 3:
		return "third"
	}
	return strconv.Itoa(n) + "th"
}
