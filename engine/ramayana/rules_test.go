package ramayana

import (
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/engine"
)

// build makes a position from pieces by square, written as in the position notation, and
// checks that its text reads back.
func build(t *testing.T, side string, pieces map[string]string) *Position {
	t.Helper()
	p := Position{v: registered, game: game{move: 1}}
	if side == "r" {
		p.side = red
	}
	for s, l := range pieces {
		sq := mustSquare(s)
		owner := yellow
		if strings.ToUpper(l) != l {
			owner = red
		}
		k := slices.Index(letters[:], strings.ToUpper(l))
		if k <= 0 {
			t.Fatalf("bad letter %q", l)
		}
		if k == rakshasa {
			owner = neutral
		}
		p.board[sq] = pieceCell(k, owner)
	}
	if err := p.validate(); err != nil {
		t.Fatal(err)
	}
	q, err := Parse(p.String())
	if err != nil || q != p {
		t.Fatalf("%s does not read back: %v", p.String(), err)
	}
	return &p
}

func actions(p *Position) []string {
	var out []string
	for _, m := range p.Moves(nil) {
		out = append(out, p.Notation(m))
	}
	sort.Strings(out)
	return out
}

func play(t *testing.T, p *Position, text string) *Position {
	t.Helper()
	m, err := p.ParseMove(text)
	if err != nil {
		t.Fatalf("%s in %s: %v", text, p, err)
	}
	if p.Notation(m) != text {
		t.Fatalf("%s is written %s", text, p.Notation(m))
	}
	return after(p, m)
}

func has(list []string, s string) bool { return slices.Contains(list, s) }

// An Untouchable steps forward onto an empty square only (a Rakshasa in front blocks it),
// captures diagonally forward (a Rakshasa too), and has no double step.
func TestUntouchable(t *testing.T) {
	p := build(t, "y", map[string]string{"e2": "R", "f15": "r", "d3": "U", "d4": "K", "e4": "K", "g3": "U", "j13": "m"})
	got := actions(p)
	for _, want := range []string{"d3e4", "g3g4"} {
		if !has(got, want) {
			t.Errorf("%s missing from %v", want, got)
		}
	}
	for _, bad := range []string{"d3d4", "g3g5", "d3c4"} {
		if has(got, bad) {
			t.Errorf("%s should not be legal", bad)
		}
	}
}

// On the last row the Untouchable is dropped on an empty island square no enemy piece attacks.
func TestDrop(t *testing.T) {
	// Red attacks i13 (Shikari g12, knight), and a8 through the Rakshasa b9 (red's dropped
	// Untouchable b8 stands next to it), which also attacks a9 as a ferz.
	p := build(t, "y", map[string]string{"e2": "R", "d10": "r", "e15": "U", "b9": "K", "i8": "K",
		"g12": "h", "b8": "=u"})
	var drops []string
	for _, a := range actions(p) {
		if strings.HasPrefix(a, "e15e16") {
			drops = append(drops, strings.TrimPrefix(a, "e15e16@"))
		}
	}
	// 20 island squares, less b8 b9 i8 (occupied), i13 a8 a9 (attacked).
	if len(drops) != 14 || has(drops, "i13") || has(drops, "a8") || has(drops, "a9") || has(drops, "b9") {
		t.Errorf("drops %v", drops)
	}
	q := play(t, p, "e15e16@b5")
	if q.board[mustSquare("b5")] != pieceCell(dropped, yellow) || q.board[mustSquare("e16")] != 0 || q.quiet != 0 {
		t.Errorf("after the drop: %s", q)
	}
	// The dropped Untouchable never moves, but captures as a ferz.
	q.board[mustSquare("a4")] = pieceCell(muni, red)
	q.side = yellow
	got := actions(q)
	if !has(got, "b5a4") || slices.ContainsFunc(got, func(s string) bool { return strings.HasPrefix(s, "b5") && s != "b5a4" }) {
		t.Errorf("dropped Untouchable actions in %v", got)
	}
}

// With every island square taken or attacked the Untouchable becomes a Buddha, and no Rakshasa
// respawns while a Buddha stands.
func TestBuddha(t *testing.T) {
	p := build(t, "y", map[string]string{"e2": "R", "f15": "r", "e15": "U", "a4": "+u", "j12": "+u",
		"i13": "+u", "b5": "+u"})
	got := actions(p)
	if !has(got, "e15e16=buddha") || slices.ContainsFunc(got, func(s string) bool { return strings.Contains(s, "@") }) {
		t.Fatalf("actions %v", got)
	}
	q := play(t, p, "e15e16=buddha")
	if q.board[mustSquare("e16")] != pieceCell(buddha, yellow) {
		t.Errorf("no Buddha: %s", q)
	}
	if n, _ := q.countRakshasas(); n != 0 {
		t.Errorf("a Rakshasa respawned beside a Buddha: %s", q)
	}
}

// A Rajah reaching the enemy Rajah's start square becomes a Maharajah whose Alfil leap checks
// at once.
func TestMaharajah(t *testing.T) {
	p := build(t, "y", map[string]string{"f14": "R", "d13": "r", "b9": "K", "i8": "K", "a4": "M", "j13": "m"})
	q := play(t, p, "f14f15")
	if q.board[mustSquare("f15")] != pieceCell(maharajah, yellow) || !q.inCheck(red) {
		t.Errorf("no Maharajah check: %s", q)
	}
	// The Maharajah's moves: king steps and Alfil leaps (h13 is ocean, d13 is free).
	m := build(t, "y", map[string]string{"f15": "+R", "d10": "r", "a4": "M", "j13": "m"})
	var got []string
	for _, a := range actions(m) {
		if strings.HasPrefix(a, "f15") {
			got = append(got, a)
		}
	}
	if !slices.Equal(got, []string{"f15d13", "f15e14", "f15e15", "f15e16", "f15f14", "f15f16", "f15g14", "f15g15", "f15g16"}) {
		t.Errorf("Maharajah moves %v", got)
	}
	// Promotion also by capture.
	p = build(t, "y", map[string]string{"f14": "R", "d10": "r", "f15": "m", "a4": "M", "j13": "m"})
	if q := play(t, p, "f14f15"); q.board[mustSquare("f15")] != pieceCell(maharajah, yellow) || q.quiet != 0 {
		t.Errorf("after f14f15 capturing: %s", q)
	}
}

func mustMove(t *testing.T, p *Position, s string) engine.Move {
	t.Helper()
	m, err := p.ParseMove(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// A Rakshasa move is paid by an adjacent piece of the mover, removed unless it is his Rajah;
// each payer makes a different action; the payer's square and a Rakshasa are no targets.
func TestRakshasaMove(t *testing.T) {
	p := build(t, "y", map[string]string{"e2": "R", "f15": "r", "a8": "=U", "a9": "=U", "b9": "K", "i8": "K", "g14": "m"})
	var raks []string
	for _, a := range actions(p) {
		if strings.Contains(a, "^") {
			raks = append(raks, a)
		}
	}
	// Targets d7 e6 f5 g4 d11 e12 f13 g14 (a capture), for each of two payers.
	if len(raks) != 16 || !has(raks, "b9g14^a8") || !has(raks, "b9e12^a9") || has(raks, "b9a8^a9") {
		t.Errorf("Rakshasa moves %v", raks)
	}
	q := play(t, p, "b9e12^a8")
	if q.board[mustSquare("a8")] != 0 || q.board[mustSquare("e12")] != pieceCell(rakshasa, neutral) || q.quiet != 0 {
		t.Errorf("after b9e12^a8: %s", q)
	}
	// The Rakshasa left b9 and two are on the board: no respawn.
	if q.board[mustSquare("b9")] != 0 {
		t.Errorf("respawned with two Rakshasas on the board: %s", q)
	}
	// A Rajah pays without leaving.
	r := build(t, "y", map[string]string{"e6": "R", "f15": "r", "f7": "K", "i8": "K", "a4": "M", "j13": "m"})
	s := play(t, r, "f7d9^e6")
	if s.board[mustSquare("e6")] != pieceCell(rajah, yellow) || s.quiet != 1 {
		t.Errorf("after f7d9^e6: %s", s)
	}
}

// A royal on a Rakshasa's diagonal is in check when the other side has a piece next to the
// Rakshasa; moves leaving one's royal so are illegal.
func TestRakshasaCheck(t *testing.T) {
	p := build(t, "r", map[string]string{"e2": "R", "g14": "r", "a8": "=U", "b9": "K", "i8": "K", "j13": "m"})
	if !p.inCheck(red) {
		t.Fatalf("no Rakshasa check in %s", p)
	}
	got := actions(p)
	if has(got, "g14f13") || !has(got, "g14g13") {
		t.Errorf("red's answers %v", got)
	}
	// Without the yellow piece by the Rakshasa there is no check.
	p.board[mustSquare("a8")] = 0
	if p.inCheck(red) {
		t.Errorf("check without a payer")
	}
}

// A captured Rakshasa respawns on i8, else b9; a capture whose respawned Rakshasa would check
// one's own royal is illegal.
func TestRespawn(t *testing.T) {
	p := build(t, "y", map[string]string{"e2": "R", "f15": "r", "e3": "M", "e5": "K", "i8": "K", "j13": "m"})
	q := play(t, p, "e3e5")
	if q.board[mustSquare("b9")] != pieceCell(rakshasa, neutral) || q.board[mustSquare("e5")] != pieceCell(muni, yellow) {
		t.Errorf("after e3e5: %s", q)
	}
	p = build(t, "y", map[string]string{"e2": "R", "f15": "r", "e3": "M", "e5": "K", "j13": "m"})
	// Both are captured now: both come back in the same action.
	if q := play(t, p, "e3e5"); q.board[mustSquare("i8")] != pieceCell(rakshasa, neutral) || q.board[mustSquare("b9")] != pieceCell(rakshasa, neutral) {
		t.Errorf("both Rakshasas respawn: %s", q)
	}
	// Red's dropped Untouchable j8 stands by i8, on whose diagonal the yellow Rajah e4 stands.
	p = build(t, "y", map[string]string{"e4": "R", "f15": "r", "d3": "M", "d5": "K", "b9": "K", "j8": "=u", "j13": "m"})
	// d3d5 brings the Rakshasa back on i8, checking e4; e4d5 leaves that diagonal.
	got := actions(p)
	if has(got, "d3d5") || !has(got, "e4d5") || !has(got, "e4e5") {
		t.Errorf("actions %v", got)
	}
	p.board[mustSquare("j8")] = 0
	if !has(actions(p), "d3d5") {
		t.Errorf("d3d5 illegal without the red piece")
	}
}

func TestEnd(t *testing.T) {
	stale := map[string]string{"e2": "R", "d16": "r", "e14": "M", "d13": "M", "b9": "K", "i8": "K", "g16": "w"}
	p := build(t, "r", stale)
	// The Swami g16 has moves; take it away: red has none, and is not in check.
	p.board[mustSquare("g16")] = 0
	if o := p.Outcome(); !o.Finished || o.Reason != "stalemate" || !slices.Equal(o.Winners, []int{yellow}) {
		t.Errorf("stalemate: %+v", o)
	}
	p.board[mustSquare("f14")] = pieceCell(brahmin, yellow)
	if o := p.Outcome(); o.Reason != "checkmate" || !slices.Equal(o.Winners, []int{yellow}) {
		t.Errorf("checkmate: %+v", o)
	}
	b := build(t, "r", map[string]string{"e2": "R", "f10": "r", "e3": "U", "b9": "K", "i8": "K"})
	if o := b.Outcome(); o.Reason != "bare_rajah" || !slices.Equal(o.Winners, []int{yellow}) || len(b.Moves(nil)) != 0 {
		t.Errorf("bare rajah: %+v", o)
	}
	// Both bare: the side that just moved (red, yellow to move) wins.
	b = build(t, "y", map[string]string{"e2": "R", "f10": "r", "b9": "K", "i8": "K"})
	if o := b.Outcome(); o.Reason != "bare_rajah" || !slices.Equal(o.Winners, []int{red}) {
		t.Errorf("both bare: %+v", o)
	}
	d := build(t, "y", map[string]string{"e2": "R", "f10": "r", "e3": "W", "g12": "w", "b9": "K", "i8": "K"})
	d.quiet = 99
	q := play(t, d, "e3e5")
	if o := q.Outcome(); o.Reason != "move_limit" || len(o.Winners) != 0 || len(q.Moves(nil)) != 0 {
		t.Errorf("100 plies: %+v", o)
	}
	if o := d.Outcome(); o.Finished {
		t.Errorf("finished at 99 plies: %+v", o)
	}
}

func TestNotation(t *testing.T) {
	for _, s := range []string{"d3d4", "d15d16@b12", "d15d16=buddha", "b9e12^a8", "j13i12"} {
		m, err := parseAction(s)
		var p Position
		if err != nil || p.Notation(m) != s {
			t.Errorf("%s: %v, written %s", s, err, p.Notation(m))
		}
	}
	for _, s := range []string{"c3c4", "d3", "d3d17", "d15d16@", "d15d16=queen", "d3d4^h1", "d03d4"} {
		if _, err := parseAction(s); err == nil {
			t.Errorf("%s accepted", s)
		}
	}
	p, _ := Parse(StartText)
	if _, err := p.ParseMove("d3d5"); err == nil {
		t.Errorf("double step accepted")
	}
}

func after(p *Position, m engine.Move) *Position {
	var next Position
	p.apply(m, &next)
	return &next
}

// Drop squares are judged after the capture: taking f16, red's only piece next to the Rakshasa
// g15, frees i13 on its diagonal, which the step to e16 may not use.
func TestDropAfterCapture(t *testing.T) {
	p := build(t, "y", map[string]string{"e2": "R", "d10": "r", "e15": "U", "f16": "m", "g15": "K", "b9": "K", "a4": "m"})
	got := actions(p)
	for _, sq := range []string{"i13", "j12", "a9"} {
		if has(got, "e15e16@"+sq) || !has(got, "e15f16@"+sq) {
			t.Errorf("drop on %s: actions %v", sq, got)
		}
	}
	if !has(got, "e15e16@j13") {
		t.Errorf("actions %v", got)
	}
}

// A dropped Untouchable on an empty Rakshasa start square blocks respawn there.
func TestDropBlocksRespawn(t *testing.T) {
	p := build(t, "y", map[string]string{"e2": "R", "f15": "r", "e3": "M", "e5": "K", "i8": "K", "b9": "=U", "j13": "m"})
	q := play(t, p, "e3e5")
	if n, _ := q.countRakshasas(); n != 1 || q.board[mustSquare("b9")] != pieceCell(dropped, yellow) {
		t.Errorf("after e3e5: %s", q)
	}
	// Once i8 is free again the captured one comes back there, after any action.
	q.board[mustSquare("i8")] = 0
	r := play(t, q, "f15f14")
	if r.board[mustSquare("i8")] != pieceCell(rakshasa, neutral) {
		t.Errorf("no respawn after the start square emptied: %s", r)
	}
}

func TestParseMoveErrors(t *testing.T) {
	p := build(t, "r", map[string]string{"e2": "R", "f10": "r", "e3": "U", "b9": "K", "i8": "K"})
	if _, err := p.ParseMove("f10f9"); err != engine.ErrGameOver {
		t.Errorf("bare game: %v", err)
	}
	s, _ := Parse(StartText)
	_, err := s.ParseMove("e2e3")
	if _, ok := err.(*engine.IllegalError); !ok {
		t.Errorf("e2e3: %v", err)
	}
	_, err = s.ParseMove("e2")
	if _, ok := err.(*engine.SyntaxError); !ok {
		t.Errorf("e2: %v", err)
	}
}
