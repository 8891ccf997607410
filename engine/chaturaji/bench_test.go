package chaturaji

import (
	"math/rand/v2"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
)

// A midgame from the perft table, team play with a commander.
const benchMidgame = "1,gPb,3,rE,2/1,gPh,3,rPe,1,rPb/gE,gPe,gB,2,rK,rPh,1/5,rH,2/2,gPk,rB,2,yPk,yK/" +
	"2,bB,2,yB,yPe,yE/bPb,bPh,bPe,bPk,2,yPh,yH/bE,2,bK,1,yPb,2 r - y>g 5t2,4,3,0 4 31 teams"

func BenchmarkGenerate(b *testing.B) {
	p, err := Parse(benchMidgame)
	if err != nil {
		b.Fatal(err)
	}
	var rolled Position
	p.play(rollMove(5, 0), &rolled, nil)
	var buf [engine.MaxMoves]engine.Move
	b.ReportAllocs()
	for b.Loop() {
		_ = rolled.Moves(buf[:0])
	}
}

// BenchmarkPlayout plays complete random games from the start, one thread: every roll drawn and
// every action chosen at random. max_rounds=50 ends games that would otherwise pass forever.
func BenchmarkPlayout(b *testing.B) {
	for _, c := range []struct {
		name string
		opts engine.Options
	}{
		{"individual", engine.Options{optMaxRounds: {Kind: engine.OptionInt, Int: 50}}},
		{"teams", engine.Options{optTeams: {Kind: engine.OptionBool, Bool: true}, optMaxRounds: {Kind: engine.OptionInt, Int: 50}}},
	} {
		b.Run(c.name, func(b *testing.B) {
			start, _ := Variant.Start(c.opts)
			rng := rand.New(rand.NewPCG(1, 2))
			actions, games := 0, 0
			b.ReportAllocs()
			for b.Loop() {
				end, n := playout(start.(*Position), rng, 1_000_000, nil)
				if !end.finished() {
					b.Fatal("a playout did not finish")
				}
				actions += n
				games++
			}
			b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
			b.ReportMetric(float64(actions)/b.Elapsed().Seconds(), "actions/s")
			b.ReportMetric(float64(actions)/float64(games), "actions/game")
		})
	}
}
