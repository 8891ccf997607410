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
	initMagics()
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

var (
	rookMagics [64]magic
	rookTable  []bitboard
)

func rookAttacks(sq int, occ bitboard) bitboard {
	m := &rookMagics[sq]
	return rookTable[m.offset+uint32(((occ&m.mask)*m.magic)>>m.shift)]
}

// initMagics finds rook magics with a fixed-seed generator, so start-up is deterministic.
func initMagics() {
	rng := uint64(0x9E3779B97F4A7C15)
	next := func() uint64 { // xorshift64*
		rng ^= rng >> 12
		rng ^= rng << 25
		rng ^= rng >> 27
		return rng * 2685821657736338717
	}
	var occs, refs [4096]bitboard
	var epoch [4096]int
	attempt := 0
	for sq := 0; sq < 64; sq++ {
		f, r := sq%8, sq/8
		edges := ((rank1 | rank8) &^ (rank1 << (8 * r))) | ((fileA | fileH) &^ (fileA << f))
		m := &rookMagics[sq]
		m.mask = rookEmpty[sq] &^ edges
		n := bits.OnesCount64(m.mask)
		m.shift = uint8(64 - n)
		m.offset = uint32(len(rookTable))
		size := 0
		for b := bitboard(0); ; b = (b - m.mask) & m.mask { // every subset of the mask
			occs[size], refs[size] = b, slide(sq, b)
			size++
			if b == m.mask {
				break
			}
		}
		rookTable = append(rookTable, make([]bitboard, size)...)
		table := rookTable[m.offset:]
		for ok := false; !ok; {
			for m.magic = 0; bits.OnesCount64((m.magic*m.mask)>>56) < 6; {
				m.magic = next() & next() & next()
			}
			attempt++
			ok = true
			for i := 0; i < size; i++ {
				idx := (occs[i] * m.magic) >> m.shift
				if epoch[idx] < attempt {
					epoch[idx] = attempt
					table[idx] = refs[i]
				} else if table[idx] != refs[i] {
					ok = false
					break
				}
			}
		}
	}
}

func popcount(b bitboard) int { return bits.OnesCount64(b) }

func trailing(b bitboard) int { return bits.TrailingZeros64(b) }
