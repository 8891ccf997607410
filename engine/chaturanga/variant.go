// Package chaturanga implements classical Chaturanga as Fairy-Stockfish plays it (chess.com's
// rules): mantri and gaja instead of queen and bishop, no castling or double step, promotion to
// mantri only, and a stalemated side loses. Positions and moves use Fairy-Stockfish's FEN and UCI
// notation, so move lists and perft counts compare one to one with that engine.
package chaturanga

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ashtapada/ashtapada/engine"
)

// StartFEN is the start position in Fairy-Stockfish's notation.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"

// Name is the variant's registered name.
const Name = "chaturanga"

type variant struct{ desc *engine.Description }

// Variant is the registered chaturanga variant.
var Variant engine.Variant = &variant{desc: describe()}

func init() { engine.Register(Variant) }

var (
	kindNames   = [pieceTypes]string{"pawn", "horse", "gaja", "ratha", "mantri", "king"}
	fenLetters  = [pieceTypes]byte{'p', 'n', 'b', 'r', 'q', 'k'}
	playerNames = [2]string{"white", "black"}
)

func describe() *engine.Description {
	return &engine.Description{
		Name:       Name,
		Title:      "Chaturanga",
		Summary:    "The classical two-player ancestor of chess, as played by Fairy-Stockfish and chess.com: checkmate or stalemate the enemy king.",
		MinPlayers: 2, MaxPlayers: 2,
		Players: []engine.PlayerInfo{
			{Name: "white", Seat: "south", Color: "white"},
			{Name: "black", Seat: "north", Color: "black"},
		},
		Board: engine.NewRectBoard(8, 8),
		Pieces: []engine.PieceInfo{
			{Kind: "king", Letter: "K", Title: "King (Raja)", Movement: "one step in any direction", Royal: true},
			{Kind: "mantri", Letter: "Q", Title: "Mantri (Ferz)", Movement: "one step diagonally"},
			{Kind: "gaja", Letter: "B", Title: "Gaja (Alfil)", Movement: "jumps exactly two squares diagonally, over anything"},
			{Kind: "horse", Letter: "N", Title: "Horse (Knight)", Movement: "knight leap"},
			{Kind: "ratha", Letter: "R", Title: "Ratha (Rook)", Movement: "any distance along a rank or file"},
			{Kind: "pawn", Letter: "P", Title: "Pawn", Movement: "one step forward, captures one step diagonally forward; promotes to mantri on the last rank"},
		},
		ActionsPerTurn:   1,
		PositionNotation: "Fairy-Stockfish FEN: board, side (w/b), castling '-', en passant '-', halfmove clock, fullmove number",
		ActionNotation:   "UCI long algebraic as Fairy-Stockfish prints it: e2e3, g7g8q",
		MaxPerftDepth:    7,
	}
}

func (v *variant) Describe() *engine.Description { return v.desc }

func (v *variant) Start(opts engine.Options) (engine.Position, error) {
	if _, err := engine.ResolveOptions(v.desc.Options, opts); err != nil {
		return nil, err
	}
	return v.Parse(StartFEN)
}

// New returns the start position as a concrete value, for callers that want the fast API.
func New() Position {
	p, err := ParseFEN(StartFEN)
	if err != nil {
		panic(err)
	}
	return p
}

func (v *variant) Parse(text string) (engine.Position, error) {
	p, err := ParseFEN(text)
	if err != nil {
		return nil, err
	}
	return &p, nil
}

// ParseFEN reads a Fairy-Stockfish FEN and checks that the position is legal.
func ParseFEN(fen string) (Position, error) {
	var p Position
	for i := range p.board {
		p.board[i] = empty
	}
	fields := strings.Fields(fen)
	if len(fields) < 2 || len(fields) > 6 {
		return p, engine.Positionf("fen", "want 2 to 6 space-separated fields, got %d", len(fields))
	}
	ranks := strings.Split(fields[0], "/")
	if len(ranks) != 8 {
		return p, engine.Positionf("board", "want 8 ranks separated by '/', got %d", len(ranks))
	}
	for i, row := range ranks {
		r := 7 - i
		f := 0
		for j := 0; j < len(row); j++ {
			c := row[j]
			if c >= '1' && c <= '8' {
				f += int(c - '0')
				if f > 8 {
					return p, engine.Positionf("board", "rank %d has more than 8 squares", r+1)
				}
				continue
			}
			typ := strings.IndexByte("pnbrqk", c|0x20)
			if typ < 0 || c == '~' {
				return p, engine.Positionf("board", "unknown piece letter %q on rank %d", c, r+1)
			}
			if f >= 8 {
				return p, engine.Positionf("board", "rank %d has more than 8 squares", r+1)
			}
			color := white
			if c >= 'a' {
				color = black
			}
			p.put(r*8+f, typ, color)
			f++
		}
		if f != 8 {
			return p, engine.Positionf("board", "rank %d has %d squares, want 8", r+1, f)
		}
	}
	switch fields[1] {
	case "w":
		p.side = white
	case "b":
		p.side = black
	default:
		return p, engine.Positionf("side", "want w or b, got %q", fields[1])
	}
	for i, name := range []string{"castling", "en passant"} {
		if len(fields) > 2+i && fields[2+i] != "-" {
			return p, engine.Positionf(name, "chaturanga has no %s: want '-', got %q", name, fields[2+i])
		}
	}
	p.fullmove = 1
	if len(fields) > 4 {
		n, err := strconv.ParseUint(fields[4], 10, 16)
		if err != nil {
			return p, engine.Positionf("halfmove clock", "want a number from 0 to 65535, got %q", fields[4])
		}
		p.halfmove = uint16(n)
	}
	if len(fields) > 5 {
		n, err := strconv.ParseUint(fields[5], 10, 32)
		if err != nil || n == 0 {
			return p, engine.Positionf("fullmove number", "want a positive number, got %q", fields[5])
		}
		p.fullmove = uint32(n)
	}
	return p, p.validate()
}

// validate checks what a FEN or setup cannot guarantee: one king each, pawns that could exist,
// and a side not to move that is not in check.
func (p *Position) validate() error {
	for c := white; c <= black; c++ {
		if n := popcount(p.byType[king] & p.byColor[c]); n != 1 {
			return engine.Positionf("board", "%s has %d kings, want 1", playerNames[c], n)
		}
	}
	if b := p.byType[pawn] & p.byColor[white] & rank8; b != 0 {
		return engine.Positionf("square "+squareName(trailing(b)), "a white pawn on rank 8 would have promoted")
	}
	if b := p.byType[pawn] & p.byColor[black] & rank1; b != 0 {
		return engine.Positionf("square "+squareName(trailing(b)), "a black pawn on rank 1 would have promoted")
	}
	them := int(p.side) ^ 1
	if p.attackers(p.kingSquare(them), them^1, p.occupied()) != 0 {
		return engine.Positionf("side", "%s is to move but %s's king is already in check", playerNames[p.side], playerNames[them])
	}
	return nil
}

// FEN returns the position in Fairy-Stockfish's notation.
func (p *Position) FEN() string {
	var sb strings.Builder
	for r := 7; r >= 0; r-- {
		gap := 0
		for f := 0; f < 8; f++ {
			typ, color, ok := p.pieceAt(r*8 + f)
			if !ok {
				gap++
				continue
			}
			if gap > 0 {
				sb.WriteByte(byte('0' + gap))
				gap = 0
			}
			c := fenLetters[typ]
			if color == white {
				c -= 0x20
			}
			sb.WriteByte(c)
		}
		if gap > 0 {
			sb.WriteByte(byte('0' + gap))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	fmt.Fprintf(&sb, " %c - - %d %d", "wb"[p.side], p.halfmove, p.fullmove)
	return sb.String()
}

func squareName(sq int) string { return engine.SquareName(sq%8, sq/8) }
