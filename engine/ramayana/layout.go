package ramayana

// The board of Ramayana Chess. The seed's board picture is lost; the layout here is the project's
// reconstruction (see the rules documentation), kept as data in this one file so that the true
// layout can replace it in one place.

import "github.com/ashtapada/ashtapada/engine"

// Layout lists every region of the reconstructed board with its squares.
var Layout = []struct {
	Name, Kind string
	Squares    []string
}{
	{"india", "mainland", rect("d", "g", 1, 16)},
	{"west_archipelago", "island", []string{"a8", "b8", "a9", "b9"}},
	{"east_archipelago", "island", []string{"i8", "j8", "i9", "j9"}},
	{"west_square", "island", []string{"a4", "b4", "a5", "b5"}},
	{"east_square", "island", []string{"i12", "j12", "i13", "j13"}},
	{"west_pair", "island", []string{"a12", "b12"}},
	{"east_pair", "island", []string{"i5", "j5"}},
}

// RakshasaStarts are the squares where the neutral Rakshasas start and respawn, lower rank first.
// Each lies on one of the two special four-square boards (the archipelagos).
var RakshasaStarts = []string{"i8", "b9"}

// rajahStart is each player's Rajah start square; the enemy's is the Maharajah square.
var rajahStart = [2]string{"e2", "f15"}

func rect(fromFile, toFile string, fromRank, toRank int) []string {
	var out []string
	for r := fromRank - 1; r < toRank; r++ {
		for f := int(fromFile[0] - 'a'); f <= int(toFile[0]-'a'); f++ {
			out = append(out, engine.SquareName(f, r))
		}
	}
	return out
}

// Board builds the 10x16 board of the reconstructed layout: the squares and regions of Layout,
// the ocean (every other cell of the grid), and the squares the rules single out.
func Board() *engine.Board {
	region := map[string]string{}
	for _, r := range Layout {
		for _, s := range r.Squares {
			region[s] = r.Name
		}
	}
	b := engine.NewBoard(10, 16,
		func(f, r int) bool { _, ok := region[engine.SquareName(f, r)]; return ok },
		func(f, r int) string { return region[engine.SquareName(f, r)] })
	for i := range b.Regions {
		for _, r := range Layout {
			if r.Name == b.Regions[i].Name {
				b.Regions[i].Kind = r.Kind
			}
		}
	}
	ocean := engine.Region{Name: "ocean", Kind: engine.RegionOcean}
	for r := 0; r < b.Ranks; r++ {
		for f := 0; f < b.Files; f++ {
			if name := engine.SquareName(f, r); !b.Has(name) {
				ocean.Squares = append(ocean.Squares, name)
			}
		}
	}
	b.Regions = append(b.Regions, ocean)
	b.Marks = append(b.Marks, engine.Mark{Name: "rakshasa_start", Squares: RakshasaStarts,
		Description: "a Rakshasa starts here; a captured Rakshasa returns to the first empty one of these, in this order"})
	for pl, name := range playerNames {
		b.Marks = append(b.Marks, engine.Mark{Name: "maharajah_square", Player: name, Squares: []string{rajahStart[1-pl]},
			Description: "a Rajah of " + name + " arriving here becomes a Maharajah"})
	}
	for pl, name := range playerNames {
		b.Marks = append(b.Marks, engine.Mark{Name: "last_row", Player: name, Squares: rect("d", "g", 1+15*(1-pl), 1+15*(1-pl)),
			Description: "an Untouchable of " + name + " arriving here is dropped on a safe empty island square, or becomes a Buddha"})
	}
	return b
}
