package martian

import "github.com/ashtapada/ashtapada/engine"

// levelRatings rate each variant's playing levels on one Elo scale, random play at 0
// (docs/measurements.md, "Playing levels").
var levelRatings = map[string][]engine.LevelRating{
	// 170 games: ashtapada ladder --variant martian_chaturanga --games 10 --movetime 20ms --seed 1
	Name: {
		{Level: 1, Elo: 615, Low: 524, High: 751},
		{Level: 2, Elo: 576, Low: 455, High: 719},
		{Level: 3, Elo: 677, Low: 518, High: 849},
		{Level: 4, Elo: 672, Low: 496, High: 888},
		{Level: 5, Elo: 782, Low: 589, High: 1012},
		{Level: 6, Elo: 782, Low: 581, High: 1037},
		{Level: 7, Elo: 802, Low: 603, High: 1059},
		{Level: 8, Elo: 943, Low: 713, High: 1239},
	},
	// 56 games: ashtapada ladder --variant martian_chaturaji --games 8 --movetime 20ms --seed 1
	ChaturajiName: {
		{Level: 1, Elo: 12, Low: -95, High: 130},
		{Level: 2, Elo: 61, Low: -110, High: 262},
		{Level: 3, Elo: 31, Low: -130, High: 206},
		{Level: 4, Elo: 31, Low: -143, High: 227},
		{Level: 5, Elo: 42, Low: -122, High: 233},
		{Level: 6, Elo: 70, Low: -113, High: 271},
		{Level: 7, Elo: 42, Low: -135, High: 254},
		{Level: 8, Elo: 157, Low: -59, High: 389},
	},
}
