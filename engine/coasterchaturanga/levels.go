package coasterchaturanga

import "github.com/ashtapada/ashtapada/engine"

// levelRatings rate the playing levels on one Elo scale, random play at 0, over 56 games:
// ashtapada ladder --variant martian_coaster_chaturanga --games 8 --movetime 20ms --seed 1 (docs/measurements.md, "Playing levels").
var levelRatings = []engine.LevelRating{
	{Level: 1, Elo: 257, Low: 134, High: 479},
	{Level: 2, Elo: 297, Low: 138, High: 564},
	{Level: 3, Elo: 330, Low: 149, High: 596},
	{Level: 4, Elo: 250, Low: 54, High: 538},
	{Level: 5, Elo: 278, Low: 76, High: 555},
	{Level: 6, Elo: 295, Low: 97, High: 565},
	{Level: 7, Elo: 237, Low: 22, High: 540},
	{Level: 8, Elo: 270, Low: -37, High: 676},
}
