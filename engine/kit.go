package engine

import (
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// The kit: what every game package would otherwise write again for its text and structured forms
// and its hash keys, driven by the variant's description.

// ReadOptionWords reads the options part of a position text: one word an option, a bool option
// as its bare name ("teams"), an int or string option as name=value ("max_turns=40"). Only the
// options of specs may appear, each once; values are checked against the specs by
// ResolveOptions, which the caller runs on the result.
func ReadOptionWords(specs []OptionSpec, words []string) (Options, error) {
	opts := Options{}
	for _, w := range words {
		name, value, hasValue := strings.Cut(w, "=")
		spec, ok := findSpec(specs, name)
		if !ok {
			return nil, Positionf("options", "unknown option %q", w)
		}
		if _, dup := opts[name]; dup {
			return nil, Positionf("options", "option %s is given twice", name)
		}
		switch spec.Kind {
		case OptionBool:
			if hasValue {
				return nil, Positionf("options", "%s takes no value", name)
			}
			opts[name] = OptionValue{Kind: OptionBool, Bool: true}
		case OptionInt:
			n, err := strconv.ParseInt(value, 10, 64)
			if !hasValue || err != nil {
				return nil, Positionf("options", "want %s=N, got %q", name, w)
			}
			opts[name] = OptionValue{Kind: OptionInt, Int: n}
		case OptionString:
			if !hasValue || value == "" {
				return nil, Positionf("options", "want %s=VALUE, got %q", name, w)
			}
			opts[name] = OptionValue{Kind: OptionString, String: value}
		}
	}
	return opts, nil
}

// OptionWords writes the options of opts that differ from their defaults, in the order of specs,
// as ReadOptionWords reads them. A bool option set false against a true default has no word and
// is left out; no variant has one.
func OptionWords(specs []OptionSpec, opts Options) []string {
	var out []string
	for _, s := range specs {
		v, ok := opts[s.Name]
		if !ok || v == s.Default {
			continue
		}
		switch s.Kind {
		case OptionBool:
			if v.Bool {
				out = append(out, s.Name)
			}
		case OptionInt:
			out = append(out, s.Name+"="+strconv.FormatInt(v.Int, 10))
		case OptionString:
			out = append(out, s.Name+"="+v.String)
		}
	}
	return out
}

// PlacedPiece is one piece of a structured position, checked against the variant's description.
type PlacedPiece struct {
	File, Rank int
	// Kind indexes Description.Pieces; Player and Color index the seats given to ReadPieces
	// (Player is -1 for a neutral piece, and Color is Player when the setup names none).
	Kind, Player, Color int
	// Setup is the piece as given, for what only the variant reads (PromotesTo).
	Setup *PieceSetup
}

// ReadPieces reads the pieces of a structured position on a board of files x ranks: every square
// must be one of the board's (when board lists its squares) and hold one piece, every kind one of
// the description's pieces, every owner and colour one of seats (a neutral piece has no owner).
// Errors name the field at fault (pieces[2].kind) and what it may be.
func ReadPieces(d *Description, seats []PlayerInfo, board *Board, files, ranks int, pieces []PieceSetup) ([]PlacedPiece, error) {
	out := make([]PlacedPiece, 0, len(pieces))
	taken := map[[2]int]bool{}
	for i := range pieces {
		pc := &pieces[i]
		field := "pieces[" + strconv.Itoa(i) + "]"
		f, r, err := ParseSquareName(pc.Square, files, ranks)
		if err == nil && board != nil && len(board.Squares) > 0 && !board.Has(pc.Square) {
			return nil, Positionf(field+".square", "%q is not a square of the board", pc.Square)
		}
		if err != nil {
			return nil, Positionf(field+".square", "%v", err)
		}
		if taken[[2]int{f, r}] {
			return nil, Positionf(field+".square", "%s holds two pieces", pc.Square)
		}
		taken[[2]int{f, r}] = true
		kind := slices.IndexFunc(d.Pieces, func(p PieceInfo) bool { return p.Kind == pc.Kind })
		if kind < 0 {
			return nil, Positionf(field+".kind", "unknown piece kind %q, want %s", pc.Kind, kindList(d.Pieces))
		}
		player := -1
		if !d.Pieces[kind].Neutral || pc.Player != "" {
			if player = seatIndex(seats, pc.Player); player < 0 {
				return nil, Positionf(field+".player", "unknown player %q, want %s", pc.Player, seatList(seats))
			}
		}
		color := player
		if pc.Color != "" {
			if color = seatIndex(seats, pc.Color); color < 0 {
				return nil, Positionf(field+".color", "unknown colour %q, want %s", pc.Color, seatList(seats))
			}
		}
		out = append(out, PlacedPiece{File: f, Rank: r, Kind: kind, Player: player, Color: color, Setup: pc})
	}
	return out, nil
}

// SeatIndex returns the index of the seat named name, or -1.
func SeatIndex(seats []PlayerInfo, name string) int { return seatIndex(seats, name) }

func seatIndex(seats []PlayerInfo, name string) int {
	return slices.IndexFunc(seats, func(s PlayerInfo) bool { return s.Name == name })
}

// choices is the variant's own list of what a field may be: not a client's text, so that Positionf
// does not cut it.
type choices string

// seatList is "black, green, red or yellow".
func seatList(seats []PlayerInfo) choices {
	names := make([]string, len(seats))
	for i, s := range seats {
		names[i] = s.Name
	}
	return choices(orList(names))
}

func kindList(pieces []PieceInfo) choices {
	names := make([]string, len(pieces))
	for i, p := range pieces {
		names[i] = p.Kind
	}
	return choices(orList(names))
}

// orList is "a, b or c".
func orList(s []string) string {
	switch len(s) {
	case 0:
		return "nothing"
	case 1:
		return s[0]
	}
	return strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1]
}

// FillKeys fills every uint64 of the given tables (pointers to arrays of uint64, nested to any
// depth) with Zobrist keys drawn from seed, table after table, each in index order.
func FillKeys(seed uint64, tables ...any) {
	keys := KeySource(seed)
	var fill func(v reflect.Value)
	fill = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.Uint64:
			v.SetUint(keys.Next())
		case reflect.Array, reflect.Slice:
			for i := 0; i < v.Len(); i++ {
				fill(v.Index(i))
			}
		default:
			panic("engine.FillKeys: a table of " + v.Type().String())
		}
	}
	for _, t := range tables {
		v := reflect.ValueOf(t)
		if v.Kind() != reflect.Pointer {
			panic("engine.FillKeys: a table must be given by pointer")
		}
		fill(v.Elem())
	}
}

// ListState is a list of names as a state value: the zero value for none.
func ListState(names []string) StateValue {
	if len(names) == 0 {
		return StateValue{}
	}
	return StateValue{Kind: StateList, List: names}
}

// SetState puts v in *state under name unless v is zero, making the map when needed.
func SetState(state *map[string]StateValue, name string, v StateValue) {
	if v.IsZero() {
		return
	}
	if *state == nil {
		*state = map[string]StateValue{}
	}
	(*state)[name] = v
}

// CheckState checks a structured position's own state against the description: every entry of
// the position's and each player's a state the variant declares there, of the declared kind.
func CheckState(d *Description, s *Setup) error {
	if err := checkStateMap(d.State, false, s.State, "state"); err != nil {
		return err
	}
	for i, ps := range s.Players {
		if err := checkStateMap(d.State, true, ps.State, "players["+strconv.Itoa(i)+"].state"); err != nil {
			return err
		}
	}
	return nil
}

func checkStateMap(infos []StateInfo, perPlayer bool, state map[string]StateValue, field string) error {
	for name, v := range state {
		i := slices.IndexFunc(infos, func(s StateInfo) bool { return s.Name == name && s.PerPlayer == perPlayer })
		if i < 0 {
			return Positionf(field, "%q is no state of this variant", name)
		}
		if v.Kind != infos[i].Kind && !v.IsZero() {
			return Positionf(field+"."+name, "want a %s, got a %s", infos[i].Kind, v.Kind)
		}
	}
	return nil
}
