package coasterchaturanga

import "github.com/ashtapada/ashtapada/engine"

// levelRatings rate the playing levels on one Elo scale, random play at 0, over 280 games:
// ashtapada ladder --variant martian_coaster_chaturanga --games 40 --movetime 20ms --seed 1 (docs/measurements.md, "Playing levels").
var levelRatings = []engine.LevelRating{
	{Level: 1, Elo: 219, Low: 145, High: 293},
	{Level: 2, Elo: 229, Low: 133, High: 325},
	{Level: 3, Elo: 248, Low: 139, High: 344},
	{Level: 4, Elo: 211, Low: 114, High: 301},
	{Level: 5, Elo: 228, Low: 125, High: 335},
	{Level: 6, Elo: 237, Low: 129, High: 339},
	{Level: 7, Elo: 225, Low: 120, High: 334},
	{Level: 8, Elo: 258, Low: 134, High: 395},
}
