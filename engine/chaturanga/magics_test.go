package chaturanga

import "testing"

// TestRookAttacksMatchSlide checks the magic lookup against slide for every occupancy of the
// squares that can block a rook on every square, with the squares that cannot block empty and
// full, so a wrong magic, mask, shift or offset in magics_table.go shows.
func TestRookAttacksMatchSlide(t *testing.T) {
	wantOffset := uint32(0)
	for sq := 0; sq < 64; sq++ {
		f, r := sq%8, sq/8
		edges := ((rank1 | rank8) &^ (rank1 << (8 * r))) | ((fileA | fileH) &^ (fileA << f))
		blockers := rookEmpty[sq] &^ edges
		m := rookMagics[sq]
		if m.mask != blockers {
			t.Errorf("square %d: mask %#x, want %#x", sq, m.mask, blockers)
		}
		if m.offset != wantOffset {
			t.Errorf("square %d: offset %d, want %d", sq, m.offset, wantOffset)
		}
		wantOffset += 1 << popcount(blockers)
		for occ := bitboard(0); ; occ = (occ - blockers) & blockers {
			for _, rest := range []bitboard{0, ^blockers &^ (1 << sq)} {
				if got, want := rookAttacks(sq, occ|rest), slide(sq, occ|rest); got != want {
					t.Fatalf("rookAttacks(%d, %#x) = %#x, want %#x", sq, occ|rest, got, want)
				}
			}
			if occ == blockers {
				break
			}
		}
	}
	if wantOffset != rookTableSize {
		t.Errorf("rookTableSize = %d, want %d", rookTableSize, wantOffset)
	}
}
