package ramayana

import "github.com/ashtapada/ashtapada/engine"

// levelRatings rate the playing levels on one Elo scale, random play at 0, over 680 games:
// ashtapada ladder --variant ramayana --games 40 --movetime 20ms --seed 1 (docs/measurements.md, "Playing levels").
var levelRatings = []engine.LevelRating{
	{Level: 1, Elo: 1083, Low: 975, High: 1207},
	{Level: 2, Elo: 1360, Low: 1236, High: 1536},
	{Level: 3, Elo: 1902, Low: 1761, High: 2107},
	{Level: 4, Elo: 2018, Low: 1874, High: 2238},
	{Level: 5, Elo: 2332, Low: 2181, High: 2558},
	{Level: 6, Elo: 2584, Low: 2433, High: 2805},
	{Level: 7, Elo: 2829, Low: 2670, High: 3069},
	{Level: 8, Elo: 2901, Low: 2740, High: 3153},
}
