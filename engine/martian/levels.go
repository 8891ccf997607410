package martian

import "github.com/ashtapada/ashtapada/engine"

// levelRatings rate each variant's playing levels on one Elo scale, random play at 0
// (docs/measurements.md, "Playing levels").
var levelRatings = map[string][]engine.LevelRating{
	// 680 games: ashtapada ladder --variant martian_chaturanga --games 40 --movetime 20ms --seed 1
	Name: {
		{Level: 1, Elo: 459, Low: 348, High: 637},
		{Level: 2, Elo: 429, Low: 309, High: 607},
		{Level: 3, Elo: 538, Low: 404, High: 719},
		{Level: 4, Elo: 536, Low: 391, High: 706},
		{Level: 5, Elo: 624, Low: 462, High: 827},
		{Level: 6, Elo: 641, Low: 474, High: 838},
		{Level: 7, Elo: 658, Low: 482, High: 862},
		{Level: 8, Elo: 718, Low: 528, High: 940},
	},
	// 280 games: ashtapada ladder --variant martian_chaturaji --games 40 --movetime 20ms --seed 1
	ChaturajiName: {
		{Level: 1, Elo: 74, Low: 24, High: 134},
		{Level: 2, Elo: 151, Low: 85, High: 237},
		{Level: 3, Elo: 153, Low: 85, High: 229},
		{Level: 4, Elo: 116, Low: 45, High: 201},
		{Level: 5, Elo: 180, Low: 104, High: 261},
		{Level: 6, Elo: 172, Low: 101, High: 265},
		{Level: 7, Elo: 163, Low: 79, High: 254},
		{Level: 8, Elo: 229, Low: 127, High: 358},
	},
}
