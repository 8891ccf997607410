package ramayana

// Name is the name the variant will be registered under once it is complete.
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

// rajahStart is each player's Rajah start square; the enemy's is the Maharajah square.
var rajahStart = [2]string{"e2", "f15"}
