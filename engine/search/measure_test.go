package search

import (
	"context"
	"math"
	"testing"
)

// Two of the measurements behind the choices in doc.go and docs/measurements.md, which need the
// search's switches and counters, are benchmarks that report their figures as metrics; a run
// takes a minute or two:
//
//	go test ./engine/search -run '^$' -bench 'PVS|Effort' -benchtime 1x
//
// The others play games and are commands: go run ./cmd/experiments.

// measureFENs are the chaturanga positions the measurements search: the start, two middlegames
// and two endgames.
var measureFENs = []string{
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
	"r1b1k2r/1pp2ppp/p1n1pn2/3p4/3P1B2/2N1PN2/PPP2PPP/R3KB1R w - - 0 8",
	"r3k2r/1bp2ppp/p1nqpn2/1p1p4/3P1B2/2NQPN1P/PPP2PP1/R3KB1R b - - 3 11",
	"2r1k3/1P4P1/8/3q4/8/8/1p4p1/R3K3 w - - 0 40",
	"r3k3/8/8/8/4b3/8/3n4/R3K2R w - - 12 33",
}

// BenchmarkPVS counts the nodes (nodes/op) chaturanga searches need with and without the null
// windows of principal variation search (the five measureFENs to depth 7), and team chaturaji
// searches with and without Star1 (ten starts to depth 5), each search from a new Searcher.
func BenchmarkPVS(b *testing.B) {
	for _, noPVS := range []bool{false, true} {
		b.Run(map[bool]string{false: "chaturanga/pvs=on", true: "chaturanga/pvs=off"}[noPVS], func(b *testing.B) {
			var nodes uint64
			for b.Loop() {
				for _, fen := range measureFENs {
					b.StopTimer()
					s := NewSearcher(64 << 20)
					s.noPVS = noPVS
					root := parseChaturanga(b, fen)
					b.StartTimer()
					nodes += mustSearch(b, s, root, Options{Limits: Limits{Depth: 7}}).Nodes
				}
			}
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
		})
	}
	for _, noStar1 := range []bool{false, true} {
		b.Run(map[bool]string{false: "team_chaturaji/star1=on", true: "team_chaturaji/star1=off"}[noStar1], func(b *testing.B) {
			var nodes uint64
			for b.Loop() {
				for seed := range uint64(10) {
					b.StopTimer()
					s := NewSearcher(64 << 20)
					s.noStar1 = noStar1
					root := chaturajiStart(b, teamPlay, seed)
					b.StartTimer()
					nodes += mustSearch(b, s, root, Options{Limits: Limits{Depth: 5}}).Nodes
				}
			}
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
		})
	}
}

// BenchmarkEffort shows where a chaturanga search's effort goes: for the five measureFENs
// searched to 3 M nodes each, the depth reached, the effective branching factor (each
// iteration's nodes over the one before's, geometric mean over the last four), the share of
// cut-offs that came on the first action and the aspiration re-searches at the root, logged for
// each position; the metrics are their means (first-cutoffs over all the cut-offs, re-searches
// summed), per op.
func BenchmarkEffort(b *testing.B) {
	const budget = 3_000_000
	var sumDepth, sumEBF float64
	var total searchStats
	logged := false
	for b.Loop() {
		for _, fen := range measureFENs {
			s := NewSearcher(16 << 20)
			var iterNodes []uint64
			r, err := s.Search(context.Background(), parseChaturanga(b, fen), Options{Limits: Limits{Nodes: budget}}, func(r Result) {
				iterNodes = append(iterNodes, r.Nodes)
			})
			if err != nil {
				b.Fatal(err)
			}
			logEBF, k := 0.0, 0
			for i := len(iterNodes) - 1; i >= 1 && k < 4; i-- {
				logEBF += math.Log(float64(iterNodes[i]-iterNodes[i-1]) / float64(max(iterNodes[i-1]-prevOr0(iterNodes, i-2), 1)))
				k++
			}
			ebf := math.Exp(logEBF / float64(max(k, 1)))
			st := s.stats
			if !logged {
				b.Logf("%-70s depth %2d  EBF %.2f  first-action cut-offs %.3f  aspiration re-searches %d in %d iterations  nodes/iteration %v",
					fen, r.Depth, ebf, float64(st.firstCutoffs)/float64(max(st.cutoffs, 1)), st.aspirationFails, st.aspirations, iterNodes)
			}
			sumDepth += float64(r.Depth)
			sumEBF += ebf
			total.cutoffs += st.cutoffs
			total.firstCutoffs += st.firstCutoffs
			total.aspirationFails += st.aspirationFails
		}
		logged = true
	}
	searches := float64(b.N * len(measureFENs))
	b.ReportMetric(sumDepth/searches, "depth")
	b.ReportMetric(sumEBF/searches, "ebf")
	b.ReportMetric(float64(total.firstCutoffs)/float64(max(total.cutoffs, 1)), "first-cutoffs")
	b.ReportMetric(float64(total.aspirationFails)/float64(b.N), "re-searches/op")
}

func prevOr0(x []uint64, i int) uint64 {
	if i < 0 {
		return 0
	}
	return x[i]
}
