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
	{"west_archipelago", "special", []string{"a8", "b8", "a9", "b9"}},
	{"east_archipelago", "special", []string{"i8", "j8", "i9", "j9"}},
	{"west_square", "island", []string{"a4", "b4", "a5", "b5"}},
	{"east_square", "island", []string{"i12", "j12", "i13", "j13"}},
	{"west_pair", "island", []string{"a12", "b12"}},
	{"east_pair", "island", []string{"i5", "j5"}},
}

// RakshasaStarts are the squares where the neutral Rakshasas start and respawn, lower rank first.
var RakshasaStarts = []string{"i8", "b9"}

func rect(fromFile, toFile string, fromRank, toRank int) []string {
	var out []string
	for r := fromRank - 1; r < toRank; r++ {
		for f := int(fromFile[0] - 'a'); f <= int(toFile[0]-'a'); f++ {
			out = append(out, engine.SquareName(f, r))
		}
	}
	return out
}

// Board builds the 10x16 board of the reconstructed layout.
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
	return b
}
