package service

import (
	"testing"
	"time"

	"google.golang.org/protobuf/types/known/durationpb"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/enginetest"
	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
)

// Every registered variant answers every analysis call, over gRPC and over JSON, from its start
// position (rolled, for the dice games).
func TestAnalysisEveryVariant(t *testing.T) {
	s := startServer(t)
	for _, v := range enginetest.Registered(t) {
		d := v.Describe()
		t.Run(d.Name, func(t *testing.T) {
			s.overBoth(t, func(t *testing.T, tr transport) {
				pos := startOf(t, d.Name)
				for seed := uint64(1); ; seed++ {
					score := &pb.ScorePositionResponse{}
					if err := tr.call(t, rulesMethod+"ScorePosition", "/v1/positions:score", &pb.ScorePositionRequest{Position: pos}, score); err != nil {
						t.Fatal(err)
					}
					if score.GetPosition().GetKey() == 0 {
						t.Errorf("%s has no key", pos.GetText())
					}
					if score.GetRepetitionChecked() != (d.Repetition == 0) {
						t.Errorf("repetition_checked %v without a history, for a repetition rule of %d", score.GetRepetitionChecked(), d.Repetition)
					}
					if score.GetPosition().GetPhase() != pb.Phase_PHASE_ROLL {
						break
					}
					roll := &pb.RollDiceResponse{}
					if err := tr.call(t, rulesMethod+"RollDice", "/v1/dice:roll", &pb.RollDiceRequest{Position: pos, Seed: &seed}, roll); err != nil {
						t.Fatal(err)
					}
					pos = &pb.Position{Variant: d.Name, Text: roll.GetPosition().GetText()}
				}
				start, err := v.Start(nil)
				if err != nil {
					t.Fatal(err)
				}
				players := engine.Players(start)

				search, err := searchOver(t, tr, &pb.SearchRequest{Position: pos, Depth: 2, MultiPv: 2, TimeLimit: durationpb.New(5 * time.Second)})
				if err != nil {
					t.Fatal(err)
				}
				if search.GetBestAction().GetNotation() == "" || len(search.GetLines()) == 0 || len(search.GetLines()[0].GetValues()) != players {
					t.Errorf("search: %v", search)
				}
				checkLines(t, mustParse(t, d.Name, pos.GetText()), search)

				eval := &pb.EvaluateResponse{}
				if err := tr.call(t, analysisMethod+"Evaluate", "/v1/analysis:evaluate", &pb.EvaluateRequest{Position: pos}, eval); err != nil {
					t.Fatal(err)
				}
				if len(eval.GetValues()) != players {
					t.Errorf("evaluate: %d values for %d players", len(eval.GetValues()), players)
				}
				checkTerms(t, d.Name, eval)

				seed := uint64(5)
				roll, err := rolloutOver(t, tr, &pb.RolloutRequest{Position: pos, Playouts: 5, Seed: &seed})
				if err != nil {
					t.Fatal(err)
				}
				if roll.GetPlayouts() != 5 || len(roll.GetPlayers()) != players {
					t.Errorf("rollout: %v", roll)
				}

				perft := &pb.PerftResponse{}
				if err := tr.call(t, analysisMethod+"Perft", "/v1/analysis:perft", &pb.PerftRequest{Position: pos, Depth: 2, MaxNodes: 1e6}, perft); err != nil {
					t.Fatal(err)
				}
				if perft.GetNodes() == 0 {
					t.Errorf("perft(2) = 0")
				}
			})
		})
	}
}
