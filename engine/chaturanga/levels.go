package chaturanga

import "github.com/ashtapada/ashtapada/engine"

// levelRatings rate the playing levels on one Elo scale, random play at 0, over 1700 games:
// ashtapada ladder --variant chaturanga --games 100 --movetime 20ms --seed 1 (docs/measurements.md, "Playing levels").
var levelRatings = []engine.LevelRating{
	{Level: 1, Elo: 548, Low: 492, High: 624},
	{Level: 2, Elo: 849, Low: 763, High: 955},
	{Level: 3, Elo: 1320, Low: 1210, High: 1462},
	{Level: 4, Elo: 1484, Low: 1379, High: 1617},
	{Level: 5, Elo: 1987, Low: 1869, High: 2141},
	{Level: 6, Elo: 2371, Low: 2236, High: 2530},
	{Level: 7, Elo: 2965, Low: 2802, High: 3170},
	{Level: 8, Elo: 3312, Low: 3145, High: 3551},
}
