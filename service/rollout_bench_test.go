//go:build unix

package service

import (
	"context"
	"testing"
	"time"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/engine/search"
	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
)

// BenchmarkRolloutAPI measures Chaturaji rollouts of 200 playouts per call over loopback gRPC,
// in playout actions per second, against search.Rollout called directly on the same seeds in the
// same run. An iteration is one call of each, alternating, so that a change in the machine's load
// falls on both. Rates are per second of wall time (api-actions/s, direct-actions/s) and per
// second of this process's CPU time (api-actions/cpu-s, direct-actions/cpu-s: client and server
// for the API), which a shared machine's load disturbs less. api/direct is the CPU-time ratio:
// the share of the engine's speed a client gets through the API.
func BenchmarkRolloutAPI(b *testing.B) {
	const playouts = 200
	s := startServerQuiet(b)
	pos := startOf(b, "chaturaji")
	start := mustParseTB(b, "chaturaji", pos.GetText())
	ctx := context.Background()
	var seed, apiActions, directActions uint64
	var apiWall, directWall, apiCPU, directCPU time.Duration
	for b.Loop() {
		seed++
		w, c := time.Now(), cpuTime(b)
		resp, err := s.analysis.Rollout(ctx, &pb.RolloutRequest{Position: pos, Playouts: playouts, Seed: &seed})
		if err != nil {
			b.Fatal(err)
		}
		apiWall, apiCPU = apiWall+time.Since(w), apiCPU+cpuTime(b)-c
		apiActions += resp.GetActions()

		w, c = time.Now(), cpuTime(b)
		res, err := search.Rollout(ctx, start, search.RolloutOptions{Playouts: playouts, Seed: seed})
		if err != nil {
			b.Fatal(err)
		}
		directWall, directCPU = directWall+time.Since(w), directCPU+cpuTime(b)-c
		directActions += res.Actions
	}
	if apiActions != directActions {
		b.Errorf("the API played %d actions, search.Rollout %d on the same seeds", apiActions, directActions)
	}
	b.ReportMetric(perSecond(apiActions, apiWall), "api-actions/s")
	b.ReportMetric(perSecond(directActions, directWall), "direct-actions/s")
	b.ReportMetric(perSecond(apiActions, apiCPU), "api-actions/cpu-s")
	b.ReportMetric(perSecond(directActions, directCPU), "direct-actions/cpu-s")
	b.ReportMetric(perSecond(apiActions, apiCPU)/perSecond(directActions, directCPU), "api/direct")
}

func mustParseTB(tb testing.TB, variant, text string) engine.Position {
	tb.Helper()
	v, _ := engine.Lookup(variant)
	pos, err := v.Parse(text)
	if err != nil {
		tb.Fatal(err)
	}
	return pos
}
