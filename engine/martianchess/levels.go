package martianchess

import "github.com/ashtapada/ashtapada/engine"

// levelRatings rate each variant's playing levels on one Elo scale, random play at 0
// (docs/measurements.md, "Playing levels").
var levelRatings = map[string][]engine.LevelRating{
	// 1700 games: ashtapada ladder --variant martian_chess --games 100 --movetime 20ms --seed 1
	MartianChess: {
		{Level: 1, Elo: 156, Low: 125, High: 191},
		{Level: 2, Elo: 260, Low: 221, High: 302},
		{Level: 3, Elo: 278, Low: 236, High: 326},
		{Level: 4, Elo: 333, Low: 288, High: 380},
		{Level: 5, Elo: 394, Low: 344, High: 447},
		{Level: 6, Elo: 472, Low: 422, High: 525},
		{Level: 7, Elo: 537, Low: 483, High: 600},
		{Level: 8, Elo: 578, Low: 512, High: 640},
	},
	// 1700 games: ashtapada ladder --variant coaster_chess --games 100 --movetime 20ms --seed 1
	CoasterChess: {
		{Level: 1, Elo: 118, Low: 91, High: 148},
		{Level: 2, Elo: 168, Low: 135, High: 204},
		{Level: 3, Elo: 192, Low: 154, High: 228},
		{Level: 4, Elo: 224, Low: 186, High: 263},
		{Level: 5, Elo: 266, Low: 226, High: 307},
		{Level: 6, Elo: 275, Low: 232, High: 322},
		{Level: 7, Elo: 313, Low: 271, High: 362},
		{Level: 8, Elo: 322, Low: 270, High: 375},
	},
}
