package ramayana

import "github.com/ashtapada/ashtapada/engine"

// levelRatings rate the playing levels on one Elo scale, random play at 0, over 170 games:
// ashtapada ladder --variant ramayana --games 10 --movetime 20ms --seed 1 (docs/measurements.md, "Playing levels").
var levelRatings = []engine.LevelRating{
	{Level: 1, Elo: 694, Low: 593, High: 832},
	{Level: 2, Elo: 905, Low: 789, High: 1079},
	{Level: 3, Elo: 1336, Low: 1230, High: 1497},
	{Level: 4, Elo: 1482, Low: 1351, High: 1678},
	{Level: 5, Elo: 1778, Low: 1643, High: 2003},
	{Level: 6, Elo: 2011, Low: 1845, High: 2274},
	{Level: 7, Elo: 2240, Low: 2086, High: 2505},
	{Level: 8, Elo: 2335, Low: 2168, High: 2625},
}
