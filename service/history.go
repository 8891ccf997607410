package service

import (
	"errors"
	"fmt"
	"strconv"

	"google.golang.org/grpc/codes"

	"github.com/ashtapada/ashtapada/engine"
	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
	"github.com/ashtapada/ashtapada/service/internal/echo"
)

// readHistory reads a request's GameHistory for its position pos, as the game at pos: the keys as
// given, or collected by replaying the actions from the start position, which must lead to pos;
// without a history, a game whose earlier positions are unknown.
func readHistory(h *pb.GameHistory, pos engine.Position, field string) (*engine.Game, error) {
	if h == nil {
		return engine.NewGame(pos), nil
	}
	// A history given empty is a game with no earlier position: the request's is its first.
	if len(h.GetKeys()) > 0 || h.GetStart() == nil && len(h.GetActions()) == 0 {
		if h.GetStart() != nil || len(h.GetActions()) > 0 {
			return nil, invalid("INVALID_HISTORY", field, "give %s.keys or %s.start with its actions, not both", field, field)
		}
		if len(h.GetKeys()) > maxHistory {
			return nil, invalid("HISTORY_TOO_LONG", field+".keys", "at most %d keys, got %d", maxHistory, len(h.GetKeys()))
		}
		return engine.NewGameAfter(pos, h.GetKeys()), nil
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
	cur, keys, err := engine.Replay(cur, len(actions), func(i int, p engine.Position) (engine.Move, error) {
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
	return engine.NewGameAfter(pos, keys), nil
}

// errDrawn is the error for an action asked of a game drawn by repetition.
func errDrawn(g *engine.Game, field string) error {
	return statusError(codes.FailedPrecondition, "GAME_OVER", field,
		fmt.Sprintf("the game is over: the position occurs for the %s time and is drawn by repetition", ordinal(g.Repetition())))
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
