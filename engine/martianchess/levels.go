package martianchess

import "github.com/ashtapada/ashtapada/engine"

// levelRatings rate each variant's playing levels on one Elo scale, random play at 0
// (docs/measurements.md, "Playing levels").
var levelRatings = map[string][]engine.LevelRating{
	// 170 games: ashtapada ladder --variant martian_chess --games 10 --movetime 20ms --seed 1
	MartianChess: {
		{Level: 1, Elo: 147, Low: 58, High: 242},
		{Level: 2, Elo: 226, Low: 112, High: 345},
		{Level: 3, Elo: 211, Low: 102, High: 328},
		{Level: 4, Elo: 274, Low: 162, High: 415},
		{Level: 5, Elo: 327, Low: 216, High: 476},
		{Level: 6, Elo: 435, Low: 303, High: 579},
		{Level: 7, Elo: 536, Low: 399, High: 710},
		{Level: 8, Elo: 567, Low: 429, High: 733},
	},
	// 170 games: ashtapada ladder --variant coaster_chess --games 10 --movetime 20ms --seed 1
	CoasterChess: {
		{Level: 1, Elo: 121, Low: 44, High: 220},
		{Level: 2, Elo: 199, Low: 107, High: 308},
		{Level: 3, Elo: 211, Low: 130, High: 320},
		{Level: 4, Elo: 226, Low: 132, High: 329},
		{Level: 5, Elo: 233, Low: 146, High: 335},
		{Level: 6, Elo: 260, Low: 165, High: 377},
		{Level: 7, Elo: 300, Low: 181, High: 445},
		{Level: 8, Elo: 312, Low: 183, High: 462},
	},
}
