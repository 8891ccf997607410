package ramayana

import "github.com/ashtapada/ashtapada/engine"

// The board is the 10x16 grid; sq = rank*files + file. Only the squares of Layout exist.
const (
	files   = 10
	ranks   = 16
	squares = files * ranks
)

// A cell is 0 when empty, else kind | owner<<4 (owner 2 for a Rakshasa).
type cell = uint8

func pieceCell(kind, owner int) cell { return cell(kind | owner<<4) }
func cellKind(c cell) int            { return int(c & 15) }
func cellOwner(c cell) int           { return int(c >> 4) }

// sqset is a set of squares of the grid.
type sqset [3]uint64

func (s *sqset) add(sq int)      { s[sq>>6] |= 1 << (sq & 63) }
func (s *sqset) has(sq int) bool { return s[sq>>6]&(1<<(sq&63)) != 0 }

// Board data derived once from Layout.
var (
	exists   [squares]bool
	island   [squares]bool
	existing []uint8 // every existing square, in index order
	// targets lists, for each kind and square, the squares its leaps reach (Untouchables apart);
	// attacks holds the squares each kind of each player attacks from each square.
	targets      [kinds][squares][]uint8
	attacks      [2][kinds][squares]sqset
	pawnStep     [2][squares]int16 // the forward step square, or -1
	pawnCaps     [2][squares][]uint8
	maharajahSq  [2]int
	rakshasaHome []int
	// attackers lists, for each square, the squares from which some kind attacks it, with the
	// kinds (bit k) that do so for each player: attacked looks outward from the target.
	attackers [squares][]attacker
)

type attacker struct {
	sq    uint8
	kinds [2]uint16
}

func init() {
	for _, r := range Layout {
		for _, s := range r.Squares {
			sq := mustSquare(s)
			exists[sq] = true
			island[sq] = r.Kind != "mainland"
		}
	}
	for sq := 0; sq < squares; sq++ {
		if exists[sq] {
			existing = append(existing, uint8(sq))
		}
	}
	for _, s := range RakshasaStarts {
		rakshasaHome = append(rakshasaHome, mustSquare(s))
	}
	for pl := 0; pl < 2; pl++ {
		maharajahSq[pl] = mustSquare(rajahStart[1-pl])
	}
	for _, from := range existing {
		f, r := int(from)%files, int(from)/files
		for k := 1; k < kinds; k++ {
			var offs [][2]int
			for _, a := range leaps[k] {
				offs = append(offs, images(a)...)
			}
			if k == rakshasa || k == buddha {
				for n := 1; n < ranks; n++ {
					if k == rakshasa {
						offs = append(offs, images([2]int{n, n})...)
					} else {
						offs = append(offs, images([2]int{0, n})...)
					}
				}
			}
			for _, o := range offs {
				if t, ok := at(f+o[0], r+o[1]); ok {
					targets[k][from] = append(targets[k][from], uint8(t))
					attacks[yellow][k][from].add(t)
					attacks[red][k][from].add(t)
				}
			}
		}
		for pl := 0; pl < 2; pl++ {
			dir := 1 - 2*pl
			pawnStep[pl][from] = -1
			if t, ok := at(f, r+dir); ok {
				pawnStep[pl][from] = int16(t)
			}
			for _, df := range []int{-1, 1} {
				if t, ok := at(f+df, r+dir); ok {
					pawnCaps[pl][from] = append(pawnCaps[pl][from], uint8(t))
					attacks[pl][untouchable][from].add(t)
				}
			}
		}
	}
}

func init() {
	for _, t := range existing {
		for _, s := range existing {
			var a attacker
			a.sq = s
			for pl := 0; pl < 2; pl++ {
				for k := 1; k < kinds; k++ {
					if attacks[pl][k][s].has(int(t)) {
						a.kinds[pl] |= 1 << k
					}
				}
			}
			if a.kinds != [2]uint16{} {
				attackers[t] = append(attackers[t], a)
			}
		}
	}
}

// images returns the distinct symmetric images of a leap.
func images(a [2]int) [][2]int {
	var out [][2]int
	for _, o := range [][2]int{{a[0], a[1]}, {a[1], a[0]}} {
		for _, sf := range []int{1, -1} {
			for _, sr := range []int{1, -1} {
				v := [2]int{o[0] * sf, o[1] * sr}
				dup := false
				for _, w := range out {
					dup = dup || w == v
				}
				if !dup {
					out = append(out, v)
				}
			}
		}
	}
	return out
}

func at(f, r int) (int, bool) {
	if f < 0 || f >= files || r < 0 || r >= ranks || !exists[r*files+f] {
		return 0, false
	}
	return r*files + f, true
}

func mustSquare(s string) int {
	f, r, err := engine.ParseSquareName(s, files, ranks)
	if err != nil {
		panic(err)
	}
	return r*files + f
}

func squareName(sq int) string { return engine.SquareName(sq%files, sq/files) }

func lastRank(pl int) int { return (ranks - 1) * (1 - pl) }

// Position is a Ramayana Chess position, a plain value: copying it copies the game.
type Position struct {
	game
	// v is the variant the position belongs to, whose weights Evaluate uses.
	v *variant
}

// game is the position without its variant: a value with no pointer, which play copies as plain
// memory, where a struct holding a pointer is copied through the garbage collector's write
// barrier.
type game struct {
	engine.Diceless
	board [squares]cell
	side  uint8
	// quiet counts plies without a capture (a payer's removal included) or an Untouchable move.
	quiet uint32
	// move is the full-move number, starting at 1 and growing after red's action.
	move uint32
}

// copyTo copies the position into c, its variant only where it differs (the nodes of one search
// share it).
func (p *Position) copyTo(c *Position) {
	c.game = p.game
	if c.v != p.v {
		c.v = p.v
	}
}

func (p *Position) royal(pl int) int {
	for _, sq := range existing {
		if c := p.board[sq]; c != 0 && cellOwner(c) == pl && (cellKind(c) == rajah || cellKind(c) == maharajah) {
			return int(sq)
		}
	}
	return -1
}

// adjacentOwn reports whether player pl has a piece one king step from sq.
func (p *Position) adjacentOwn(sq, pl int) bool {
	for _, t := range targets[rajah][sq] {
		if c := p.board[t]; c != 0 && cellOwner(c) == pl {
			return true
		}
	}
	return false
}

// attacked reports whether player by attacks sq: any of his pieces could capture there, ignoring
// legality, and any Rakshasa on a diagonal of sq to which he has an adjacent piece. It looks out
// from sq through attackers rather than over the whole board.
func (p *Position) attacked(sq, by int) bool {
	for _, a := range attackers[sq] {
		c := p.board[a.sq]
		if c == 0 || a.kinds[by]&(1<<cellKind(c)) == 0 {
			continue
		}
		switch cellOwner(c) {
		case by:
			return true
		case neutral:
			if p.adjacentOwn(int(a.sq), by) {
				return true
			}
		}
	}
	return false
}

// inCheck reports whether player pl's royal is attacked.
func (p *Position) inCheck(pl int) bool {
	r := p.royal(pl)
	return r >= 0 && p.attacked(r, 1-pl)
}

// countRakshasas counts Rakshasas and reports whether a Buddha stands on the board.
func (p *Position) countRakshasas() (n int, buddhaOn bool) {
	for _, s := range existing {
		switch c := p.board[s]; {
		case c == 0:
		case cellKind(c) == rakshasa:
			n++
		case cellKind(c) == buddha:
			buddhaOn = true
		}
	}
	return n, buddhaOn
}

// respawn puts captured Rakshasas back on empty start squares, lower rank first, while the
// conditions of the rules hold.
func (p *Position) respawn() {
	// Nothing can be placed when no start square is empty, the usual case: skip the count.
	empty := false
	for _, h := range rakshasaHome {
		empty = empty || p.board[h] == 0
	}
	if !empty {
		return
	}
	n := 0
	for _, s := range existing {
		switch c := p.board[s]; {
		case c == 0:
		case cellKind(c) == buddha:
			return
		case cellKind(c) == rakshasa:
			if n++; n == 2 {
				return
			}
		}
	}
	for _, h := range rakshasaHome {
		if n >= 2 {
			return
		}
		if p.board[h] == 0 {
			p.board[h] = pieceCell(rakshasa, neutral)
			n++
		}
	}
}

// material counts each player's pieces other than the royal.
func (p *Position) material() (n [2]int) {
	for _, s := range existing {
		c := p.board[s]
		if c != 0 && cellOwner(c) < 2 && cellKind(c) != rajah && cellKind(c) != maharajah {
			n[cellOwner(c)]++
		}
	}
	return n
}

// Zobrist keys: pieces by cell and square, and red to move. The counters are left out so that a
// repeated position has the key it had before: threefold repetition compares keys.
var (
	zobristPiece [3 << 4][squares]uint64
	zobristRed   uint64
)

func init() {
	engine.FillKeys(0x72616d6179616e61, &zobristPiece, &zobristRed) // "ramayana"
}

// Key hashes the board and the side to move.
func (p *Position) Key() uint64 {
	var k uint64
	if p.side == red {
		k ^= zobristRed
	}
	for _, sq := range existing {
		if c := p.board[sq]; c != 0 {
			k ^= zobristPiece[c][sq]
		}
	}
	return k
}

func (p *Position) ToMove() int { return int(p.side) }

func (p *Position) Variant() engine.Variant { return p.v }
