package hexapawn

import "github.com/ashtapada/ashtapada/engine"

// Moves appends every legal action; a finished game has none.
func (p *Position) Moves(buf []engine.Move) []engine.Move {
	if p.over() {
		return buf
	}
	return p.generate(buf)
}

// generate appends the pawn moves of the side to move, whether or not the game is over.
func (p *Position) generate(buf []engine.Move) []engine.Move {
	us := p.side
	dr := forward(us)
	for from, c := range p.board {
		if c != us {
			continue
		}
		f, r := from%size, from/size+dr
		if r < 0 || r >= size {
			continue
		}
		for df := -1; df <= 1; df++ {
			if f+df < 0 || f+df >= size {
				continue
			}
			to := r*size + f + df
			if df == 0 && p.board[to] == empty || df != 0 && p.board[to] == us^1 {
				buf = append(buf, newMove(from, to))
			}
		}
	}
	return buf
}

// hasMove reports whether the side to move has a pawn move, without listing them.
func (p *Position) hasMove() bool {
	var buf [3 * size]engine.Move
	return len(p.generate(buf[:0])) > 0
}
