package search

import (
	"math/bits"
	"unsafe"

	"github.com/ashtapada/ashtapada/engine"
)

// Bounds of a stored value.
const (
	boundUpper = 1 + iota // the value is at most the stored one (the search failed low)
	boundLower            // at least (failed high)
	boundExact
)

// entry is one transposition-table slot. The scalar searches use vals[0]; max^n stores the whole
// vector, which keeps one entry type for every algorithm.
type entry struct {
	// key is the position's key mixed with the search mode; bound 0 marks an empty slot.
	key   uint64
	vals  [engine.MaxPlayers]float64
	move  engine.Move
	depth int8
	bound uint8
	// solved marks a value that no horizon decided: it holds at any depth.
	solved bool
	gen    uint8
}

// table is a fixed-size transposition table, allocated once.
type table struct {
	entries []entry
	gen     uint8
}

const defaultTableBytes = 16 << 20

func newTable(bytes int) table {
	if bytes <= 0 {
		bytes = defaultTableBytes
	}
	n := bytes / int(unsafe.Sizeof(entry{}))
	if n < 1 {
		n = 1
	}
	return table{entries: make([]entry, n)}
}

// slot maps a key onto the table by multiply-shift, which uses every entry whatever the size.
func (t *table) slot(key uint64) *entry {
	hi, _ := bits.Mul64(key, uint64(len(t.entries)))
	return &t.entries[hi]
}

// probe returns the entry stored for key, if any.
func (t *table) probe(key uint64) (*entry, bool) {
	e := t.slot(key)
	return e, e.key == key && e.bound != 0
}

// noMove stands for no move in the table and the killer slots.
const noMove = engine.Move(1<<32 - 1)

// store claims the slot for a search result and returns it for the values, or nil when the slot
// holds something worth more: an entry of this search that is solved or searched deeper. A move
// of noMove keeps the one stored for the same position.
func (t *table) store(key uint64, depth int, bound uint8, solved bool, move engine.Move) *entry {
	e := t.slot(key)
	if e.key == key {
		if e.solved && e.bound == boundExact && !solved {
			return nil
		}
		if move == noMove {
			move = e.move
		}
		// A much shallower result (quiescence's) does not replace a deeper one of the
		// position; its move still may.
		if int(e.depth) > depth+2 && e.gen == t.gen {
			e.move = move
			return nil
		}
	} else if e.bound != 0 && e.gen == t.gen && (e.solved && !solved || int(e.depth) > depth) {
		return nil
	}
	e.key, e.depth, e.bound, e.solved, e.move, e.gen = key, int8(depth), bound, solved, move, t.gen
	return e
}

// toTable makes a win or loss relative to the node at ply, so that it holds wherever the
// position recurs; fromTable makes it relative to the root again.
func toTable(v float64, ply int) float64 {
	switch {
	case v >= winBound:
		return v + float64(ply)
	case v <= -winBound:
		return v - float64(ply)
	}
	return v
}

func fromTable(v float64, ply int) float64 {
	switch {
	case v >= winBound:
		return v - float64(ply)
	case v <= -winBound:
		return v + float64(ply)
	}
	return v
}

func (t *table) clear() {
	clear(t.entries)
	t.gen = 0
}
