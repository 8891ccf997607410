package chaturanga

import "math/bits"

// A bitboard holds one bit per square: bit 0 is a1, bit 7 is h1, bit 63 is h8 (square =
// rank*8 + file).
type bitboard = uint64

const (
	fileA bitboard = 0x0101010101010101
	fileH bitboard = fileA << 7
	rank1 bitboard = 0xFF
	rank8 bitboard = rank1 << 56
)

var (
	knightAttacks [64]bitboard
	kingAttacks   [64]bitboard
	ferzAttacks   [64]bitboard // mantri: one step diagonally
	alfilAttacks  [64]bitboard // gaja: a two-square diagonal jump
	pawnAttacks   [2][64]bitboard
	rookEmpty     [64]bitboard     // rook attacks on an empty board
	between       [64][64]bitboard // squares strictly between two squares on a rank or file
	line          [64][64]bitboard // the whole rank or file through two squares, or 0
)

func init() {
	for sq := 0; sq < 64; sq++ {
		knightAttacks[sq] = leaps(sq, [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}})
		kingAttacks[sq] = leaps(sq, [][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}})
		ferzAttacks[sq] = leaps(sq, [][2]int{{1, 1}, {-1, 1}, {-1, -1}, {1, -1}})
		alfilAttacks[sq] = leaps(sq, [][2]int{{2, 2}, {-2, 2}, {-2, -2}, {2, -2}})
		pawnAttacks[white][sq] = leaps(sq, [][2]int{{1, 1}, {-1, 1}})
		pawnAttacks[black][sq] = leaps(sq, [][2]int{{1, -1}, {-1, -1}})
		rookEmpty[sq] = slide(sq, 0)
	}
	for a := 0; a < 64; a++ {
		for b := 0; b < 64; b++ {
			if a == b || rookEmpty[a]&(1<<b) == 0 {
				continue
			}
			between[a][b] = slide(a, 1<<b) & slide(b, 1<<a)
			line[a][b] = (slide(a, 0) & slide(b, 0)) | 1<<a | 1<<b
		}
	}
	initRookTable()
}

func leaps(sq int, deltas [][2]int) bitboard {
	var b bitboard
	f, r := sq%8, sq/8
	for _, d := range deltas {
		if nf, nr := f+d[0], r+d[1]; nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
			b |= 1 << (nr*8 + nf)
		}
	}
	return b
}

// slide returns the rook attacks from sq with the given occupancy, computed square by square.
func slide(sq int, occ bitboard) bitboard {
	var b bitboard
	f, r := sq%8, sq/8
	for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
		for nf, nr := f+d[0], r+d[1]; nf >= 0 && nf < 8 && nr >= 0 && nr < 8; nf, nr = nf+d[0], nr+d[1] {
			b |= 1 << (nr*8 + nf)
			if occ&(1<<(nr*8+nf)) != 0 {
				break
			}
		}
	}
	return b
}

// magic is a fancy magic bitboard entry: attacks = rookTable[offset + (occ&mask)*magic >> shift].
type magic struct {
	mask   bitboard
	magic  uint64
	offset uint32
	shift  uint8
}

// rookMagics and rookTableSize are generated data: searching for the magics at init cost every
// start-up 200 ms.
//go:generate go run ./internal/genmagics -o magics_table.go

// rookTable is filled at init, in under a millisecond, rather than stored as 800 KB of data.
var rookTable [rookTableSize]bitboard

func rookAttacks(sq int, occ bitboard) bitboard {
	m := &rookMagics[sq]
	return rookTable[m.offset+uint32(((occ&m.mask)*m.magic)>>m.shift)]
}

// initRookTable fills rookTable for every subset of every square's mask. It cuts each ray at
// its first blocker with one bit scan instead of walking it square by square, which keeps the
// fill to about 0.3 ms.
func initRookTable() {
	var up, down [2][64]bitboard // rays to higher and to lower squares, along the file and the rank
	for sq := 0; sq < 64; sq++ {
		above, below := ^bitboard(0)<<(sq+1), bitboard(1)<<sq-1
		file, rank := fileA<<(sq%8), rank1<<(8*(sq/8))
		up[0][sq], up[1][sq] = file&above, rank&above
		down[0][sq], down[1][sq] = file&below, rank&below
	}
	for sq := 0; sq < 64; sq++ {
		m := &rookMagics[sq]
		for occ := bitboard(0); ; occ = (occ - m.mask) & m.mask {
			attacks := rookEmpty[sq]
			for d := 0; d < 2; d++ {
				if b := up[d][sq] & occ; b != 0 {
					attacks &^= up[d][bits.TrailingZeros64(b)]
				}
				if b := down[d][sq] & occ; b != 0 {
					attacks &^= down[d][63-bits.LeadingZeros64(b)]
				}
			}
			rookTable[m.offset+uint32((occ*m.magic)>>m.shift)] = attacks
			if occ == m.mask {
				break
			}
		}
	}
}

func popcount(b bitboard) int { return bits.OnesCount64(b) }

func trailing(b bitboard) int { return bits.TrailingZeros64(b) }
