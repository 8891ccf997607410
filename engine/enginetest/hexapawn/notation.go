package hexapawn

import (
	"strings"

	"github.com/ashtapada/ashtapada/engine"
)

// Parse reads a position in the variant's notation (ppp/3/PPP w) and checks it.
func Parse(text string) (Position, error) {
	var p Position
	p.clear()
	fields := strings.Fields(text)
	if len(fields) != 2 {
		return p, engine.Positionf("text", "want the board and the side to move (ppp/3/PPP w), got %d fields", len(fields))
	}
	ranks := strings.Split(fields[0], "/")
	if len(ranks) != size {
		return p, engine.Positionf("board", "want %d ranks separated by '/', got %d", size, len(ranks))
	}
	for i, row := range ranks {
		r, f := size-1-i, 0
		for j := 0; j < len(row); j++ {
			c := row[j]
			var color uint8
			switch {
			case c >= '1' && c <= '3':
				f += int(c - '0')
				if f > size {
					return p, engine.Positionf("board", "rank %d has more than %d squares", r+1, size)
				}
				continue
			case c == 'P':
				color = white
			case c == 'p':
				color = black
			default:
				return p, engine.Positionf("board", "unknown letter %q on rank %d, want P, p or a digit 1 to 3", c, r+1)
			}
			if f >= size {
				return p, engine.Positionf("board", "rank %d has more than %d squares", r+1, size)
			}
			p.put(r*size+f, color)
			f++
		}
		if f != size {
			return p, engine.Positionf("board", "rank %d has %d squares, want %d", r+1, f, size)
		}
	}
	switch fields[1] {
	case "w":
	case "b":
		p.side = black
		p.key ^= zobristBlack[0]
	default:
		return p, engine.Positionf("side", "want w or b, got %q", fields[1])
	}
	return p, p.validate()
}

func (v *variant) Parse(text string) (engine.Position, error) {
	p, err := Parse(text)
	if err != nil {
		return nil, err
	}
	return &p, nil
}

func (p *Position) String() string {
	var sb strings.Builder
	for r := size - 1; r >= 0; r-- {
		gap := 0
		for f := 0; f < size; f++ {
			c := p.board[r*size+f]
			if c == empty {
				gap++
				continue
			}
			if gap > 0 {
				sb.WriteByte(byte('0' + gap))
				gap = 0
			}
			sb.WriteByte("Pp"[c])
		}
		if gap > 0 {
			sb.WriteByte(byte('0' + gap))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	sb.WriteString(" " + "wb"[p.side:p.side+1])
	return sb.String()
}

// notations holds every from-to text, so that formatting a move allocates nothing.
var notations = func() (t [size * size][size * size]string) {
	for from := range t {
		for to := range t[from] {
			t[from][to] = squareName(from) + squareName(to)
		}
	}
	return t
}()

func (p *Position) Notation(m engine.Move) string { return notations[moveFrom(m)][moveTo(m)] }

// ParseMove reads an action, its two squares (a1a2), with engine.ParseLegal.
func (p *Position) ParseMove(text string) (engine.Move, error) {
	return engine.ParseLegal(p, text, func(norm, text string) (engine.Move, error) {
		ff, fr, err1 := engine.ParseSquareName(norm[:min(2, len(norm))], size, size)
		tf, tr, err2 := engine.ParseSquareName(norm[min(2, len(norm)):], size, size)
		if len(norm) != 4 || err1 != nil || err2 != nil {
			return 0, &engine.SyntaxError{Text: text, Reason: "want the from and to squares, a1 to c3, such as a1a2"}
		}
		return newMove(fr*size+ff, tr*size+tf), nil
	}, func(m engine.Move) string { return p.whyIllegal(moveFrom(m), moveTo(m)) })
}

func (p *Position) Action(m engine.Move) engine.Action {
	from, to := moveFrom(m), moveTo(m)
	a := engine.Action{Kind: engine.ActionMove, Name: "move", Player: playerNames[p.side], Piece: "pawn",
		From: squareName(from), To: squareName(to), Die: -1}
	if p.board[to] != empty {
		a.Captured = "pawn"
	}
	return a
}
