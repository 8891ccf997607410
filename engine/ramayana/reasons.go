package ramayana

import (
	"slices"
	"strconv"
	"strings"

	"github.com/ashtapada/ashtapada/engine"
)

// Reasons for illegal actions, in player language. whyIllegal runs only after an action failed,
// so it may allocate; it reuses apply, pawnMove and the attack tables so that its verdicts agree
// with move generation.

// titles name the kinds as players say them.
var titles = [kinds]string{"", "Rajah", "Maharajah", "Brahmin", "Swami", "Devapala", "Yavana", "Muni",
	"Singh", "Shikari", "Untouchable", "dropped Untouchable", "Buddha", "Rakshasa"}

// moveWords describe each kind's moves, completing "it ...".
var moveWords = [kinds]string{
	rajah:       "steps one square in any direction",
	maharajah:   "steps one square in any direction or leaps two diagonally",
	brahmin:     "steps one square diagonally or leaps two diagonally or orthogonally",
	swami:       "leaps two squares orthogonally or diagonally, or as a knight",
	devapala:    "leaps as a knight or a (1,3) giraffe, or steps one square diagonally",
	yavana:      "leaps as a (1,3) giraffe or steps one square orthogonally",
	muni:        "steps one square orthogonally or leaps two",
	singh:       "steps one square diagonally or leaps as a knight",
	shikari:     "leaps as a knight or two squares diagonally",
	untouchable: "steps one square straight forward and captures one square diagonally forward",
	dropped:     "never moves, and captures one square diagonally",
	buddha:      "leaps any distance along its rank or file",
	rakshasa:    "leaps any distance along a diagonal",
}

func article(title string) string {
	if strings.IndexByte("AEIOU", title[0]) >= 0 {
		return "an " + title
	}
	return "a " + title
}

// pieceName names the piece on sq as the side to move sees it: "your Shikari on d2", "the red
// Swami on f5", "the Rakshasa on i8".
func (p *Position) pieceName(sq int) string {
	c := p.board[sq]
	switch o := cellOwner(c); {
	case o == neutral:
		return "the Rakshasa on " + squareName(sq)
	case o == int(p.side):
		return "your " + titles[cellKind(c)] + " on " + squareName(sq)
	default:
		return "the " + playerNames[o] + " " + titles[cellKind(c)] + " on " + squareName(sq)
	}
}

// attackers appends the squares from which player by attacks sq, by the rule of attacked.
func (p *Position) attackers(sq, by int, out []int) []int {
	for _, s := range existing {
		c := p.board[s]
		switch o := cellOwner(c); {
		case c == 0:
		case o == by && attacks[by][cellKind(c)][s].has(sq):
			out = append(out, int(s))
		case o == neutral && attacks[by][rakshasa][s].has(sq) && p.adjacentOwn(int(s), by):
			out = append(out, int(s))
		}
	}
	return out
}

// list joins phrases as "a", "a and b", "a, b and c".
func list(items []string, last string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " " + last + " " + items[len(items)-1]
}

// completions lists the legal texts of an Untouchable's step to the last row, its drops (legal or
// not: any drop square rules out the Buddha) and all its pseudo-legal completions.
func (p *Position) completions(from, to int) (legal []string, drops []engine.Move, all []engine.Move) {
	var buf [32]engine.Move
	all = p.pawnMove(buf[:0], from, to)
	var next Position
	for _, m := range all {
		if moveAct(m) == actDrop {
			drops = append(drops, m)
		}
		p.apply(m, &next)
		if !next.inCheck(int(p.side)) {
			legal = append(legal, p.Notation(m))
		}
	}
	return legal, drops, all
}

// writeOne suggests legal texts, listing at most three.
func writeOne(legal []string) string {
	if len(legal) <= 3 {
		return "write " + list(legal, "or")
	}
	return "write " + legal[0] + ", " + legal[1] + " or one of " + strconv.Itoa(len(legal)-2) + " more"
}

// whyIllegal explains why the well-formed action m is not legal here.
func (p *Position) whyIllegal(m engine.Move) string {
	act, from, to := moveAct(m), moveFrom(m), moveTo(m)
	if act == actRakshasa {
		if r := p.whyRakshasa(from, to, moveExtra(m)); r != "" {
			return r
		}
		return p.whyCheck(m, p.Notation(m))
	}
	if r := p.whyNotMovable(from, to); r != "" {
		return r
	}
	k := cellKind(p.board[from])
	if k != untouchable && act != actMove {
		return "@ and =buddha are only for an Untouchable reaching its last row, and " + p.pieceName(from) + " is not one"
	}
	if r := p.whyNotReached(m, k); r != "" {
		return r
	}
	if k == untouchable && to/files == lastRank(int(p.side)) && act == actMove {
		// Every completion leaves the royal in check: explain with the first.
		_, _, all := p.completions(from, to)
		return p.whyCheck(all[0], squareName(from)+squareName(to))
	}
	return p.whyCheck(m, p.Notation(m))
}

// whyNotMovable explains why the side to move cannot move the piece on from to to at all: there
// is none, it is a Rakshasa moved without a payer, it is the opponent's, or it stays.
func (p *Position) whyNotMovable(from, to int) string {
	side := int(p.side)
	c := p.board[from]
	switch {
	case c == 0:
		return "there is no piece on " + squareName(from)
	case cellKind(c) == rakshasa:
		return p.whyUnpaid(from, to)
	case cellOwner(c) != side:
		return "the " + titles[cellKind(c)] + " on " + squareName(from) + " is " + playerNames[cellOwner(c)] + "'s, and " + playerNames[side] + " is to move"
	case from == to:
		return "a move must leave its square"
	}
	return ""
}

// whyUnpaid explains a Rakshasa move written without its payer: it suggests a legal paid form,
// else explains the paid form with the first payer.
func (p *Position) whyUnpaid(from, to int) string {
	var first engine.Move
	for _, s := range targets[rajah][from] {
		if pc := p.board[s]; pc != 0 && cellOwner(pc) == int(p.side) {
			paid := newMove(actRakshasa, from, to, int(s))
			if p.isLegal(paid) {
				return "a Rakshasa move names the piece of yours that pays for it: write " + p.Notation(paid)
			}
			if first == 0 {
				first = paid
			}
		}
	}
	if first == 0 {
		return "a Rakshasa move names the piece of yours that pays for it, and the Rakshasa on " +
			squareName(from) + " has no piece of yours beside it"
	}
	return "a Rakshasa move names the piece of yours that pays for it, and " + p.Notation(first) +
		" is not legal either: " + p.whyIllegal(first)
}

// whyNotReached explains why the piece of kind k does not make the move m, or returns "" when
// only the check test remains.
func (p *Position) whyNotReached(m engine.Move, k int) string {
	from, to := moveFrom(m), moveTo(m)
	tc := p.board[to]
	switch k {
	case untouchable:
		if r := p.whyUntouchable(m); r != "" {
			return r
		}
	case dropped:
		if !squareList(targets[dropped][from]).has(to) {
			return p.pieceName(from) + " never moves; it only captures one square diagonally"
		}
		if tc == 0 {
			return p.pieceName(from) + " never moves; it only captures, and " + squareName(to) + " is empty"
		}
	}
	if tc != 0 && cellOwner(tc) == int(p.side) {
		return squareName(to) + " holds your own " + titles[cellKind(tc)]
	}
	if k != untouchable && !squareList(targets[k][from]).has(to) {
		return article(titles[k]) + " on " + squareName(from) + " cannot reach " + squareName(to) + ": it " + moveWords[k]
	}
	return ""
}

// isLegal reports whether m is among the legal actions.
func (p *Position) isLegal(m engine.Move) bool {
	var buf [engine.MaxMoves]engine.Move
	return slices.Contains(p.legal(buf[:0]), m)
}

// squareList is a target list of the board tables.
type squareList []uint8

func (l squareList) has(sq int) bool {
	for _, s := range l {
		if int(s) == sq {
			return true
		}
	}
	return false
}

// whyUntouchable explains an Untouchable's illegal step or capture, or returns "" when the move
// itself is fine and only the final check test can fail.
func (p *Position) whyUntouchable(m engine.Move) string {
	side := int(p.side)
	act, from, to, extra := moveAct(m), moveFrom(m), moveTo(m), moveExtra(m)
	here := article(titles[untouchable]) + " on " + squareName(from)
	tc := p.board[to]
	switch {
	case int(pawnStep[side][from]) == to:
		if tc != 0 {
			return "the Untouchable on " + squareName(from) + " is blocked: " + p.pieceName(to) + " stands in front of it, and an Untouchable captures only diagonally forward"
		}
	case squareList(pawnCaps[side][from]).has(to):
		if tc == 0 {
			return "the Untouchable on " + squareName(from) + " steps only straight forward, and captures diagonally: " + squareName(to) + " is empty"
		}
		if cellOwner(tc) == side {
			return squareName(to) + " holds your own " + titles[cellKind(tc)]
		}
	default:
		return here + " cannot reach " + squareName(to) + ": it " + moveWords[untouchable]
	}
	ft := squareName(from) + squareName(to)
	if to/files != lastRank(side) {
		if act != actMove {
			return "@ and =buddha are only for an Untouchable reaching its last row, and " + ft + " does not"
		}
		return ""
	}
	legal, drops, _ := p.completions(from, to)
	switch act {
	case actMove:
		if len(legal) == 0 {
			return "" // the caller explains the check
		}
		if len(drops) == 0 {
			return "an Untouchable reaching its last row with no free, safe island square becomes a Buddha: " + writeOne(legal)
		}
		return "an Untouchable reaching its last row must be dropped on an island square: " + writeOne(legal)
	case actBuddha:
		if len(drops) == 0 {
			return ""
		}
		why := "the Untouchable becomes a Buddha only when no island square is free and safe"
		if len(legal) == 0 {
			return why + ", and " + squareName(moveExtra(drops[0])) + " is"
		}
		return why + ": " + writeOne(legal)
	}
	// A drop: judged after the capture, before respawn, as pawnMove does.
	after := *p
	after.board[from] = 0
	after.board[to] = pieceCell(untouchable, side)
	d := squareName(extra)
	switch {
	case !island[extra]:
		return d + " is not an island square; an Untouchable is dropped on an island"
	case after.board[extra] != 0:
		return d + " is not empty: " + after.pieceName(extra) + " stands there"
	}
	if at := after.attackers(extra, 1-side, nil); len(at) > 0 {
		names := make([]string, len(at))
		for i, s := range at {
			names[i] = after.pieceName(s)
		}
		return d + " is attacked by " + list(names, "and")
	}
	return ""
}

// whyRakshasa explains an illegal Rakshasa move from from to to paid by pay, or returns "" when only the
// check test remains.
func (p *Position) whyRakshasa(from, to, pay int) string {
	side := int(p.side)
	c := p.board[from]
	switch {
	case c == 0:
		return "there is no Rakshasa on " + squareName(from)
	case cellKind(c) != rakshasa:
		return "^ moves a Rakshasa, and " + p.pieceName(from) + " is not one"
	case !p.adjacentOwn(from, side):
		return "the Rakshasa on " + squareName(from) + " has no piece of yours beside it"
	}
	pc := p.board[pay]
	switch {
	case pc == 0:
		return "there is no piece on " + squareName(pay) + " to pay for the Rakshasa move"
	case cellOwner(pc) != side:
		return p.pieceName(pay) + " is not yours and cannot pay for the Rakshasa move"
	case !squareList(targets[rajah][from]).has(pay):
		return p.pieceName(pay) + " is not beside the Rakshasa on " + squareName(from)
	case !squareList(targets[rakshasa][from]).has(to):
		return "the Rakshasa on " + squareName(from) + " cannot reach " + squareName(to) + ": it " + moveWords[rakshasa]
	case to == pay:
		return squareName(to) + " is the payer's own square, and the payer is still there during the leap"
	}
	switch tc := p.board[to]; {
	case tc == 0:
	case cellOwner(tc) == neutral:
		return "a Rakshasa never lands on the other Rakshasa, on " + squareName(to)
	case cellOwner(tc) == side:
		return squareName(to) + " holds your own " + titles[cellKind(tc)]
	}
	return ""
}

// whyCheck explains a pseudo-legal action written text that leaves the mover's royal in check,
// naming the checkers in the position after the whole action.
func (p *Position) whyCheck(m engine.Move, text string) string {
	side := int(p.side)
	var next Position
	p.apply(m, &next)
	r := next.royal(side)
	if r < 0 || !next.inCheck(side) {
		return "not a legal action in this position"
	}
	// Name pieces from the mover's side; a Rakshasa on a start square it did not hold before the
	// action (or left by this very action) is a respawned one.
	next.side = p.side
	var names []string
	for _, s := range next.attackers(r, 1-side, nil) {
		respawned := false
		for _, h := range rakshasaHome {
			if h == s && cellKind(next.board[s]) == rakshasa && !(moveAct(m) == actRakshasa && h == moveTo(m)) &&
				(cellKind(p.board[h]) != rakshasa || (moveAct(m) == actRakshasa && h == moveFrom(m))) {
				respawned = true
			}
		}
		if respawned {
			names = append(names, "the Rakshasa that would return to "+squareName(s))
		} else {
			names = append(names, next.pieceName(s))
		}
	}
	return text + " would leave your " + titles[cellKind(next.board[r])] + " in check from " + list(names, "and")
}
