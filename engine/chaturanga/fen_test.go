package chaturanga

import (
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
)

func TestParseFENErrors(t *testing.T) {
	tests := []struct{ fen, field string }{
		{"", "fen"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w - - 0 1", "board"},
		{"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", "board"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w - - 0 1", "board"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x - - 0 1", "side"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "castling"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - e3 0 1", "en passant"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - x 1", "halfmove clock"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 0", "fullmove number"},
		{"rnbqqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", "board"},
		{"P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "square a8"},
		{"4k3/8/8/8/8/8/8/r3K2R b - - 0 1", "side"},
	}
	for _, tt := range tests {
		_, err := Parse(tt.fen)
		pe, ok := err.(*engine.PositionError)
		if !ok || pe.Field != tt.field {
			t.Errorf("Parse(%q) = %v, want a PositionError on %q", tt.fen, err, tt.field)
		}
	}
}

func TestSetupRoundTrip(t *testing.T) {
	for _, c := range readPerftTable(t) {
		p, _ := Parse(c.fen)
		back, err := Variant.FromSetup(p.Setup())
		if err != nil || back.String() != p.FEN() {
			t.Errorf("setup round trip of %q: %v, %v", c.fen, back, err)
		}
	}
}

func TestOutcome(t *testing.T) {
	tests := []struct {
		fen    string
		winner int
		reason string
	}{
		{"R3k3/8/4K3/8/8/8/8/8 b - - 0 1", white, "checkmate"},
		{"k7/2Q5/1K6/8/8/8/8/8 b - - 0 1", white, "stalemate"}, // the stalemated side loses
		{"4k3/8/8/8/8/8/8/R3K3 b - - 140 90", -1, "move_limit"},
	}
	for _, tt := range tests {
		p, err := Parse(tt.fen)
		if err != nil {
			t.Fatal(err)
		}
		o := p.Outcome()
		won := -1
		if len(o.Winners) == 1 {
			won = o.Winners[0]
		}
		if !o.Finished || won != tt.winner || o.Reason != tt.reason {
			t.Errorf("%s: outcome %+v, want winner %d by %s", tt.fen, o, tt.winner, tt.reason)
		}
	}
	// A game drawn by the 70-move rule offers no moves, and a mate on that ply still wins.
	drawn, _ := Parse("4k3/8/8/8/8/8/8/R3K3 b - - 140 90")
	if n := len(drawn.Moves(nil)); n != 0 {
		t.Errorf("drawn position offers %d moves", n)
	}
	if mate, _ := Parse("R3k3/8/4K3/8/8/8/8/8 b - - 140 90"); mate.Outcome().Reason != "checkmate" {
		t.Errorf("mate on the 140th ply: %+v, want checkmate", mate.Outcome())
	}
	// A lone king is no loss in chaturanga: there is no bare-king rule.
	p, _ := Parse("4k3/8/8/8/8/8/8/R3K3 b - - 0 1")
	if p.Outcome().Finished {
		t.Error("bare king ended the game")
	}
}

func TestIllegalMoveReasons(t *testing.T) {
	p := New()
	tests := []struct{ move, reason string }{
		{"e4e5", "no piece on e4"},
		{"e7e6", "belongs to black"},
		{"e2e4", "cannot move to e4"},
		{"a1a2", "own"},
	}
	for _, tt := range tests {
		_, err := p.ParseMove(tt.move)
		ie, ok := err.(*engine.IllegalError)
		if !ok || !strings.Contains(ie.Reason, tt.reason) {
			t.Errorf("ParseMove(%q) = %v, want an IllegalError mentioning %q", tt.move, err, tt.reason)
		}
	}
	pinned, _ := Parse("3k4/8/8/1r1PK3/8/8/8/8 w - - 0 50")
	if _, err := pinned.ParseMove("d5d6"); err == nil || !strings.Contains(err.Error(), "check") {
		t.Errorf("pinned pawn move: %v, want a reason about check", err)
	}
	for _, text := range []string{"e2-", "hello", "z9z9"} {
		if _, err := p.ParseMove(text); err == nil {
			t.Errorf("malformed move %q accepted", text)
		} else if _, ok := err.(*engine.SyntaxError); !ok {
			t.Errorf("malformed move %q: %T, want *engine.SyntaxError", text, err)
		}
	}
	// "e2" is SAN for a pawn moving to e2: well formed, and illegal here.
	if _, err := p.ParseMove("e2"); err == nil || !strings.Contains(err.Error(), "standard algebraic notation") {
		t.Errorf("e2: %v, want an illegal SAN move", err)
	}
}

// Moves written in standard algebraic notation read as the UCI move they are.
func TestParseSAN(t *testing.T) {
	start, _ := Parse(StartFEN)
	promo, _ := Parse("2r1k3/1P4P1/8/3q4/8/8/1p4p1/R3K3 w - - 0 40")
	for _, c := range []struct {
		p        Position
		san, uci string
	}{
		{start, "Nf3", "g1f3"}, {start, "e3", "e2e3"}, {start, "Nh3", "g1h3"},
		{promo, "g8=Q", "g7g8q"}, {promo, "g8Q", "g7g8q"}, {promo, "bxc8=Q+", "b7c8q"}, {promo, "Ra2", "a1a2"},
		{promo, "Kd2", "e1d2"},
	} {
		m, err := c.p.ParseMove(c.san)
		if err != nil || c.p.Notation(m) != c.uci {
			t.Errorf("%s in %s: %v, %v; want %s", c.san, c.p.String(), c.p.Notation(m), err, c.uci)
		}
	}
	if _, err := start.ParseMove("Nf6"); err == nil || !strings.Contains(err.Error(), "no legal move is written Nf6") {
		t.Errorf("Nf6 for white: %v", err)
	}
}

func FuzzParseFEN(f *testing.F) {
	f.Add(StartFEN)
	f.Add("2r1k3/1P4P1/8/3q4/8/8/1p4p1/R3K3 w - - 0 40")
	f.Add("8/8/8/8/8/8/8/8 w")
	f.Fuzz(func(t *testing.T, fen string) {
		p, err := Parse(fen)
		if err != nil {
			return
		}
		again, err := Parse(p.FEN())
		if err != nil || again != p {
			t.Fatalf("%q -> %q does not parse back the same: %v", fen, p.FEN(), err)
		}
		_ = perft(t, &p, 2)
	})
}
