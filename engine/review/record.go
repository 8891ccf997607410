package review

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/record"
)

// Record writes the reviewed game as a record annotated the way lichess exports an analysed
// game: after each action a comment with the value it leaves, `[%eval 0.35]` from the first
// player's side in pawns or `[%eval #4]` for a won game in 4 moves (`#-4` lost) with two players,
// `[%chances 0.41,0.20,0.19,0.20]` (every player's chance of winning, in turn order) with more;
// after a roll `[%luck ...]`, every player's luck; a marked action gets ?!, ? or ?? and the words
// lichess writes ("Mistake. Nf3 was best."). The summary goes into tags: Annotator, and for every
// reviewed player <Player>Accuracy (when an action of his was judged), and <Player>Luck in games with dice. tags are the caller's,
// as record.Write takes them.
func Record(start engine.Position, moves []engine.Move, steps []Step, sum Summary, tags []record.Tag) (string, error) {
	if len(steps) != len(moves) {
		return "", fmt.Errorf("review: %d steps for %d actions", len(steps), len(moves))
	}
	seats := engine.Seats(start)
	dice := len(start.Variant().Describe().Dice) > 0
	notes := make([]record.Annotation, len(moves))
	pos := start
	for i, st := range steps {
		var words []string
		if len(seats) == 2 {
			if e := evalText(st.After.Values[0], dice); e != "" {
				words = append(words, "[%eval "+e+"]")
			}
		} else {
			words = append(words, "[%chances "+joined(st.After.Chances, "%.3f")+"]")
		}
		if st.Luck != nil {
			words = append(words, "[%luck "+joined(st.Luck, "%+.3f")+"]")
		}
		if sym := st.Judgement.Symbol(); sym != "" {
			notes[i].Mark = sym
			name := st.Judgement.String()
			words = append(words, strings.ToUpper(name[:1])+name[1:]+".", record.ActionText(pos, st.Best)+" was best.")
		}
		notes[i].Comment = strings.Join(words, " ")
		pos, _ = pos.Play(moves[i])
	}
	own := map[string]bool{"Annotator": true}
	out := []record.Tag{{Name: "Annotator", Value: "Ashtapada review"}}
	for _, p := range sum.Players {
		if p.Player < 0 || p.Player >= len(seats) {
			continue
		}
		name := record.PlayerTag(seats[p.Player].Name)
		if p.Judged > 0 {
			out = append(out, record.Tag{Name: name + "Accuracy", Value: strconv.FormatFloat(p.Accuracy, 'f', 1, 64)})
			own[name+"Accuracy"] = true
		}
		if sum.Dice {
			out = append(out, record.Tag{Name: name + "Luck", Value: strconv.FormatFloat(p.Luck, 'f', 3, 64)})
			own[name+"Luck"] = true
		}
	}
	for _, t := range tags {
		if !own[t.Name] {
			out = append(out, t)
		}
	}
	return record.WriteAnnotated(start, moves, out, notes)
}

// evalText is a value as lichess's [%eval] writes it: pawns with two decimals, or #N for a won
// game in N moves of the winner (#-N lost); empty for a game already over.
func evalText(v float64, dice bool) string {
	plies, ok := engine.ProvenIn(v, dice)
	switch {
	case ok && plies == 0:
		return "" // the game is over: lichess writes no value after the last move
	case ok:
		moves := (abs(plies) + 1) / 2
		if plies < 0 {
			return "#-" + strconv.Itoa(moves)
		}
		return "#" + strconv.Itoa(moves)
	}
	return strconv.FormatFloat(v, 'f', 2, 64)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// joined formats values with format, comma-separated.
func joined(values []float64, format string) string {
	parts := make([]string, len(values))
	for i, v := range values {
		parts[i] = fmt.Sprintf(format, v)
	}
	return strings.Join(parts, ",")
}
