package chaturaji

import "github.com/ashtapada/ashtapada/engine"

// levelRatings rate the playing levels on one Elo scale, random play at 0, over 56 games:
// ashtapada ladder --variant chaturaji --options max_rounds=20 --games 8 --movetime 20ms --seed 1 (docs/measurements.md, "Playing levels").
var levelRatings = []engine.LevelRating{
	{Level: 1, Elo: 298, Low: 133, High: 511},
	{Level: 2, Elo: 412, Low: 251, High: 603},
	{Level: 3, Elo: 384, Low: 202, High: 597},
	{Level: 4, Elo: 520, Low: 338, High: 745},
	{Level: 5, Elo: 472, Low: 277, High: 714},
	{Level: 6, Elo: 537, Low: 301, High: 775},
	{Level: 7, Elo: 597, Low: 375, High: 862},
	{Level: 8, Elo: 549, Low: 319, High: 842},
}
