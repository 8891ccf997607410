package chaturaji

import "github.com/ashtapada/ashtapada/engine"

// levelRatings rate the playing levels on one Elo scale, random play at 0, over 280 games:
// ashtapada ladder --variant chaturaji --options max_rounds=20 --games 40 --movetime 20ms --seed 1 (docs/measurements.md, "Playing levels").
var levelRatings = []engine.LevelRating{
	{Level: 1, Elo: 394, Low: 288, High: 543},
	{Level: 2, Elo: 553, Low: 436, High: 697},
	{Level: 3, Elo: 563, Low: 449, High: 701},
	{Level: 4, Elo: 651, Low: 535, High: 799},
	{Level: 5, Elo: 621, Low: 502, High: 781},
	{Level: 6, Elo: 649, Low: 522, High: 794},
	{Level: 7, Elo: 656, Low: 516, High: 815},
	{Level: 8, Elo: 648, Low: 489, High: 824},
}
