package search

import (
	"github.com/ashtapada/ashtapada/engine"
)

// Move ordering scores: the table's move, then actions that win material (more first), then the
// killers and the counter-move, then the rest by history, and last the captures that lose in
// exchange.
const (
	scoreTable   = 1 << 30
	scoreGain    = 1 << 29
	scoreKiller  = 1 << 28
	scoreCounter = scoreKiller - 1
	// historyMax bounds the history counters either way.
	historyMax = 1 << 14
	// scoreBad puts the captures that lose material in exchange after every other action.
	scoreBad = -1 << 29
)

// badExchange reports whether the noisy action m loses material in exchange.
func (s *Searcher) badExchange(f *frame, m engine.Move) bool {
	return f.see != nil && s.plain && f.see.SEE(m) < 0
}

// histIndex hashes a move onto the history counters; moves are packed differently by every
// variant, so no layout is assumed.
func histIndex(m engine.Move) uint32 { return uint32(m) * 0x9E3779B1 >> (32 - histBits) }

// order scores moves for pick.
func (s *Searcher) order(f *frame, moves []engine.Move, ttMove engine.Move, mover int) {
	h := &s.history[uint(mover)%engine.MaxPlayers]
	for i, m := range moves {
		var sc int32
		switch {
		case m == ttMove:
			sc = scoreTable
		case m == f.killers[0]:
			sc = scoreKiller + 1
		case m == f.killers[1]:
			sc = scoreKiller
		case m == f.counter:
			sc = scoreCounter
		default:
			sc = h[histIndex(m)]
		}
		if f.tac != nil && sc < scoreTable {
			if g := f.tac.Gain(m); g > 0 {
				sc = scoreGain + int32(min(g, 1<<18)*1024)
				if s.badExchange(f, m) {
					sc = scoreBad + int32(min(g, 1<<18)*1024)
				}
			}
		}
		f.score[i] = sc
	}
}

// pick moves the best-scored of moves[i:] to i and returns it: a selection sort that stops
// paying once a cut-off comes.
func pick(f *frame, moves []engine.Move, i int) engine.Move {
	best := i
	for j := i + 1; j < len(moves); j++ {
		if f.score[j] > f.score[best] {
			best = j
		}
	}
	moves[i], moves[best] = moves[best], moves[i]
	f.score[i], f.score[best] = f.score[best], f.score[i]
	return moves[i]
}

// orderChance sorts the outcomes of a roll by probability, most likely first (stable), into
// f.prob: Star1 bounds tighten fastest that way, and the principal variation follows the first.
func (s *Searcher) orderChance(f *frame, moves []engine.Move) {
	n := f.pos
	for i, m := range moves {
		p := n.Probability(m)
		j := i
		for j > 0 && f.prob[j-1] < p {
			f.prob[j], moves[j] = f.prob[j-1], moves[j-1]
			j--
		}
		f.prob[j], moves[j] = p, m
	}
}

// cutoff remembers a quiet move that refuted a position: as a killer of its ply, as the
// counter-move of the move before it (prev), and in the history of its player, by depth squared;
// the quiet moves tried before it (tried) lose as much.
func (s *Searcher) cutoff(f *frame, m engine.Move, mover, depth int, prev engine.Move, tried []engine.Move) {
	if f.tac != nil && f.tac.Gain(m) > 0 {
		return
	}
	if f.killers[0] != m {
		f.killers[1], f.killers[0] = f.killers[0], m
	}
	if prev != noMove {
		s.counter[uint(mover)%engine.MaxPlayers][histIndex(prev)] = m
	}
	h := &s.history[uint(mover)%engine.MaxPlayers]
	bonus := int32(min(32*depth*depth, historyMax/2))
	addHistory(&h[histIndex(m)], bonus)
	for _, q := range tried {
		addHistory(&h[histIndex(q)], -bonus)
	}
}

// addHistory moves a history counter by bonus, less as it nears ±historyMax.
func addHistory(h *int32, bonus int32) {
	abs := bonus
	if abs < 0 {
		abs = -abs
	}
	*h += bonus - *h*abs/historyMax
}
