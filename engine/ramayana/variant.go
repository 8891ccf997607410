package ramayana

import "github.com/ashtapada/ashtapada/engine"

// Name is the variant's registered name.
const Name = "ramayana"

// StartText is the start position in the variant's text notation (see doc.go).
const StartText = "3imbw3/3ydrh3/3uuuu3/10/10/10/10/1K8/8K1/10/10/10/10/3UUUU3/3HRDY3/3WBMI3 y 0 1"

// Players; the Rakshasas belong to neither.
const (
	yellow  = 0
	red     = 1
	neutral = 2
)

var playerNames = [2]string{"yellow", "red"}

// Piece kinds.
const (
	rajah = 1 + iota
	maharajah
	brahmin
	swami
	devapala
	yavana
	muni
	singh
	shikari
	untouchable
	dropped // an Untouchable dropped on an island: never moves, captures as a ferz
	buddha
	rakshasa
	kinds
)

var kindNames = [kinds]string{"", "rajah", "maharajah", "brahmin", "swami", "devapala", "yavana",
	"muni", "singh", "shikari", "untouchable", "dropped_untouchable", "buddha", "rakshasa"}

// letters are the position notation's upper-case letters; promoted forms carry a prefix.
var letters = [kinds]string{"", "R", "+R", "B", "W", "D", "Y", "M", "I", "H", "U", "=U", "+U", "K"}

// Betza atoms as (file, rank) offsets; every atom is used with all its symmetric images.
var (
	atomW = [2]int{0, 1}
	atomF = [2]int{1, 1}
	atomD = [2]int{0, 2}
	atomA = [2]int{2, 2}
	atomN = [2]int{1, 2}
	atomG = [2]int{1, 3} // the seed's "Giraffe"
)

// leaps gives each leaping kind its atoms: the pieces table of the rules, as data. The
// Untouchables, the Rakshasa (any (n,n)) and the Buddha (any (0,n)) are built apart.
var leaps = [kinds][][2]int{
	rajah:     {atomW, atomF},
	maharajah: {atomW, atomF, atomA},
	brahmin:   {atomF, atomA, atomD},
	swami:     {atomD, atomA, atomN},
	devapala:  {atomN, atomF, atomG},
	yavana:    {atomG, atomW},
	muni:      {atomW, atomD},
	singh:     {atomF, atomN},
	shikari:   {atomN, atomA},
	dropped:   {atomF},
}

// variant is the game with the weights its positions evaluate with.
type variant struct {
	desc    *engine.Description
	weights *Weights
}

// registered is Variant, which evaluates with TunedWeights.
var registered = &variant{desc: describe(), weights: ptr(TunedWeights)}

// Variant is the registered ramayana variant.
var Variant engine.Variant = registered

func init() { engine.Register(Variant) }

func describe() *engine.Description {
	return &engine.Description{
		Name:  Name,
		Title: "Ramayana Chess",
		// The selective search: +33 Elo (SPRT, docs/measurements.md).
		Search:     engine.SearchHints{Selective: true},
		Levels:     levelRatings,
		Summary:    "Two players and two neutral Rakshasas on India and its islands (reconstructed board); checkmate, stalemate or bare the enemy Rajah.",
		MinPlayers: 2, MaxPlayers: 2,
		Players: []engine.PlayerInfo{
			{Name: "yellow", Seat: "south", Color: "yellow"},
			{Name: "red", Seat: "north", Color: "red"},
		},
		Board: Board(),
		Pieces: []engine.PieceInfo{
			{Kind: "rajah", Letter: "R", Title: "Rajah", Royal: true, Movement: "K: one step in any direction"},
			{Kind: "maharajah", Letter: "+R", Title: "Maharajah", Royal: true, Movement: "K + A: a Rajah on the enemy Rajah's start square"},
			{Kind: "brahmin", Letter: "B", Title: "Brahmin", Movement: "F + A + D leaps"},
			{Kind: "swami", Letter: "W", Title: "Swami", Movement: "D + A + N leaps"},
			{Kind: "devapala", Letter: "D", Title: "Devapala", Movement: "N + F + (1,3) leaps"},
			{Kind: "yavana", Letter: "Y", Title: "Yavana", Movement: "(1,3) leap + W"},
			{Kind: "muni", Letter: "M", Title: "Muni", Movement: "W + D leaps"},
			{Kind: "singh", Letter: "I", Title: "Singh", Movement: "F + N leaps"},
			{Kind: "shikari", Letter: "H", Title: "Shikari", Movement: "N + A leaps"},
			{Kind: "untouchable", Letter: "U", Title: "Untouchable", Movement: "pawn without double step; on its last row it is dropped on a safe island square, or becomes a Buddha"},
			{Kind: "dropped_untouchable", Letter: "=U", Title: "Dropped Untouchable", Immobile: true, Movement: "never moves; captures as a ferz"},
			{Kind: "buddha", Letter: "+U", Title: "Buddha", Movement: "any (0,n) leap"},
			{Kind: "rakshasa", Letter: "K", Title: "Rakshasa", Neutral: true, Movement: "any (n,n) leap, moved by a player with an adjacent piece, which pays unless royal"},
		},
		ActionsPerTurn:   1,
		PositionNotation: "ranks 16 to 1 over files a-j, digits counting empty or ocean cells; R +R B W D Y M I H U =U +U (upper case yellow), K Rakshasa; side (y/r); plies without capture or Untouchable move; move number",
		ActionNotation:   "d3d4; d15d16@b12 (drop); d15d16=buddha; b9e12^a8 (Rakshasa move paid by a8)",
		Actions: []engine.ActionInfo{
			{Name: "move", Kind: engine.ActionMove, Notation: "d3d4", Description: "a piece leaps, capturing what stands on its target; a Rajah reaching the enemy Rajah's start square becomes a Maharajah"},
			{Name: "drop", Kind: engine.ActionVariant, Notation: "d15d16@b12", Description: "an Untouchable reaching its last row is dropped on an empty island square no enemy piece attacks"},
			{Name: "buddha", Kind: engine.ActionVariant, Notation: "d15d16=buddha", Description: "with no drop square, the Untouchable becomes a Buddha"},
			{Name: "rakshasa", Kind: engine.ActionVariant, Notation: "b9e12^a8", Description: "a Rakshasa leaps, paid by the mover's adjacent piece, removed unless royal"},
		},
		Events: []engine.EventInfo{
			{Name: "capture", Kind: engine.EventCapture, Description: "a piece is captured (also a Rakshasa, and a paying piece)"},
			{Name: "promotion", Kind: engine.EventPromotion, Description: "a Rajah becomes a Maharajah, an Untouchable is dropped or becomes a Buddha"},
			{Name: "respawn", Kind: engine.EventVariant, Description: "a captured Rakshasa returns to a start square"},
			{Name: "game_over", Kind: engine.EventGameOver, Description: "checkmate, stalemate (the stalemated side loses), bare Rajah or 100 plies"},
		},
		Repetition: 3,
	}
}

func (v *variant) Describe() *engine.Description { return v.desc }

func (v *variant) Start(opts engine.Options) (engine.Position, error) {
	if _, err := engine.ResolveOptions(v.desc.Options, opts); err != nil {
		return nil, err
	}
	return v.Parse(StartText)
}

// WithWeights returns ramayana, unregistered, evaluating with w: Variant is not changed.
func WithWeights(w Weights) engine.Variant { return &variant{desc: registered.desc, weights: &w} }
