package chaturaji

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/ashtapada/ashtapada/engine"
)

const (
	playerLetters = "bgry"
	pieceLetters  = "?PBHEK" // by kind
	maxScore      = 100_000
)

var stageNames = [...]string{exAvailable: "available", exProposed: "proposed", exReturning: "returning"}

// stagePlayers is how many players an exchange stage names in the text (rajas, then responder).
var stagePlayers = [...][2]int{exAvailable: {2, 2}, exProposed: {3, 3}, exReturning: {1, 2}}

// Parse reads a position in the variant's text notation and validates it.
func Parse(text string) (Position, error) {
	var p Position
	f := strings.Fields(text)
	if len(f) < 7 || len(f) > 13 {
		return p, engine.Positionf("text", "want 7 space-separated fields and then options, got %d fields", len(f))
	}
	opts := engine.Options{}
	for _, tok := range f[7:] {
		name, value, hasValue := strings.Cut(tok, "=")
		if _, dup := opts[name]; dup {
			return p, engine.Positionf("options", "option %s is given twice", name)
		}
		switch name {
		case optTeams, optRankRule, optDiceless:
			if hasValue {
				return p, engine.Positionf("options", "%s takes no value", name)
			}
			opts[name] = engine.OptionValue{Kind: engine.OptionBool, Bool: true}
		case optDice, optMaxRounds:
			n, err := strconv.ParseInt(value, 10, 64)
			if !hasValue || err != nil {
				return p, engine.Positionf("options", "want %s=N, got %q", name, tok)
			}
			opts[name] = engine.OptionValue{Kind: engine.OptionInt, Int: n}
		case optGoal:
			opts[name] = engine.OptionValue{Kind: engine.OptionString, String: value}
		default:
			return p, engine.Positionf("options", "unknown option %q", tok)
		}
	}
	r, err := rulesFromOptions(opts)
	if err != nil {
		return p, err
	}
	p.rules = r
	if err := p.parseBoard(f[0]); err != nil {
		return p, err
	}
	side := strings.Index(playerLetters, f[1])
	if len(f[1]) != 1 || side < 0 {
		return p, engine.Positionf("side", "want b, g, r or y, got %q", f[1])
	}
	p.side = uint8(side)
	if err := p.parseDice(f[2]); err != nil {
		return p, err
	}
	if err := p.parseState(f[3]); err != nil {
		return p, err
	}
	if err := p.parseScores(f[4]); err != nil {
		return p, err
	}
	q, err1 := strconv.ParseUint(f[5], 10, 31)
	t, err2 := strconv.ParseUint(f[6], 10, 31)
	if err1 != nil {
		return p, engine.Positionf("quiet turns", "want a number, got %q", f[5])
	}
	if err2 != nil || t == 0 {
		return p, engine.Positionf("turn number", "want a positive number, got %q", f[6])
	}
	p.quiet, p.turn = uint32(q), uint32(t)
	return p, p.validate()
}

func (p *Position) parseBoard(s string) error {
	rows := strings.Split(s, "/")
	if len(rows) != size {
		return engine.Positionf("board", "want %d ranks separated by '/', got %d", size, len(rows))
	}
	for i, row := range rows {
		r, file := size-1-i, 0
		for _, tok := range strings.Split(row, ",") {
			if file >= size {
				return engine.Positionf("board", "rank %d has more than %d squares", r+1, size)
			}
			if n, err := strconv.Atoi(tok); err == nil {
				if n < 1 || n > size-file {
					return engine.Positionf("board", "rank %d: %q empty squares do not fit", r+1, tok)
				}
				file += n
				continue
			}
			c, err := parsePiece(tok)
			if err != nil {
				return engine.Positionf("square "+engine.SquareName(file, r), "%v", err)
			}
			p.set(r*size+file, c)
			file++
		}
		if file != size {
			return engine.Positionf("board", "rank %d has %d squares, want %d", r+1, file, size)
		}
	}
	return nil
}

// parsePiece reads a piece token: owner, kind, a pawn's target, and ':' colour when it differs.
func parsePiece(tok string) (cell, error) {
	body, colourText, hasColour := strings.Cut(tok, ":")
	if len(body) < 2 {
		return 0, fmt.Errorf("want a piece such as bK or bPe, got %q", tok)
	}
	owner := strings.IndexByte(playerLetters, body[0])
	kind := strings.IndexByte(pieceLetters[1:], body[1]) + 1
	if owner < 0 || kind == 0 {
		return 0, fmt.Errorf("want an owner b, g, r or y and a piece K, E, H, B or P, got %q", tok)
	}
	target := 0
	if kind == pawn {
		if len(body) != 3 {
			return 0, fmt.Errorf("a pawn names its promotion target: bPk, bPe, bPh or bPb, got %q", tok)
		}
		target = slices.Index(kindLetters[:], body[2])
		if target < boat {
			return 0, fmt.Errorf("a pawn promotes to k, e, h or b, got %q", tok)
		}
	} else if len(body) != 2 {
		return 0, fmt.Errorf("unexpected %q after the piece letter", body[2:])
	}
	colour := owner
	if hasColour {
		colour = strings.Index(playerLetters, colourText)
		if len(colourText) != 1 || colour < 0 {
			return 0, fmt.Errorf("want a colour b, g, r or y after ':', got %q", tok)
		}
	}
	return newCell(kind, owner, target, colour), nil
}

func (p *Position) parseDice(s string) error {
	if rest, ok := strings.CutSuffix(s, "+"); ok {
		p.captured = true
		s = rest
	}
	if s == "-" {
		return nil
	}
	parts := strings.Split(s, ",")
	if len(parts) > 2 {
		return engine.Positionf("dice", "want '-' or one or two dice such as 3 or 2,5*, got %q", s)
	}
	for i, d := range parts {
		used := strings.HasSuffix(d, "*")
		d = strings.TrimSuffix(d, "*")
		if len(d) != 1 || d[0] < '2' || d[0] > '5' {
			return engine.Positionf("dice", "die %d: want a value from 2 to 5, got %q", i+1, parts[i])
		}
		p.dice[i] = die{value: d[0] - '0', used: used}
	}
	return nil
}

func (p *Position) parseState(s string) error {
	p.commander = [players]int8{-1, -1, -1, -1}
	p.ex = exchange{rajas: [2]int8{-1, -1}, responder: -1}
	if s == "-" {
		p.ex = exchange{}
		return nil
	}
	bad := func(tok string) error {
		return engine.Positionf("state", "want '-' or tokens such as r>b, offer=bg, ask=bgy, return=b, got %q", tok)
	}
	for _, tok := range strings.Split(s, ",") {
		if a, b, ok := strings.Cut(tok, ">"); ok {
			x, y := strings.Index(playerLetters, a), strings.Index(playerLetters, b)
			if len(a) != 1 || len(b) != 1 || x < 0 || y < 0 {
				return bad(tok)
			}
			if p.commander[y] >= 0 {
				return engine.Positionf("state", "%s has two commanders", playerNames[y])
			}
			p.commander[y] = int8(x)
			continue
		}
		name, who, ok := strings.Cut(tok, "=")
		stage := slices.Index([]string{"", "offer", "ask", "return"}, name)
		if !ok || stage <= 0 || p.ex.stage != exNone {
			return bad(tok)
		}
		if len(who) < stagePlayers[stage][0] || len(who) > stagePlayers[stage][1] {
			return bad(tok)
		}
		p.ex.stage = uint8(stage)
		for i := 0; i < len(who); i++ {
			pl := strings.IndexByte(playerLetters, who[i])
			if pl < 0 {
				return bad(tok)
			}
			if i < 2 {
				p.ex.rajas[i] = int8(pl)
			} else {
				p.ex.responder = int8(pl)
			}
		}
	}
	if p.ex.stage == exNone {
		p.ex = exchange{}
	}
	return nil
}

func (p *Position) parseScores(s string) error {
	parts := strings.Split(s, ",")
	if len(parts) != players {
		return engine.Positionf("scores", "want four comma-separated scores, got %q", s)
	}
	for pl, part := range parts {
		rest := part
		for src := fromCaptures; src < sources; src++ {
			if src > fromCaptures {
				var ok bool
				if rest, ok = strings.CutPrefix(rest, "te"[src-1:src]); !ok {
					continue
				}
			}
			n := 0
			for n < len(rest) && rest[n] >= '0' && rest[n] <= '9' {
				n++
			}
			v, err := strconv.Atoi(rest[:n])
			if err != nil || v > maxScore {
				return engine.Positionf("scores", "%s: want points such as 12 or 12t1e2, got %q", playerNames[pl], part)
			}
			p.score[pl][src] = int32(v)
			rest = rest[n:]
		}
		if rest != "" {
			return engine.Positionf("scores", "%s: want points such as 12 or 12t1e2, got %q", playerNames[pl], part)
		}
	}
	return nil
}

// validate checks a position from a client and fills the piece counts.
func (p *Position) validate() error {
	p.count = [players][kinds]uint8{}
	var perColour [players][players][kinds]int
	for sq, c := range p.board {
		if c == 0 {
			continue
		}
		owner, kind, colour := cellOwner(c), cellKind(c), cellColour(c)
		name := "square " + squareName(sq)
		if colour != owner && (kind != boat || !p.rules.teams || colour != partner(owner)) {
			return engine.Positionf(name, "only a boat taken under command in team play has its owner's partner's colour")
		}
		if kind == pawn && lastLine[partner(owner)][sq] {
			return engine.Positionf(name, "a %s pawn never stands on its own back line", playerNames[owner])
		}
		p.count[owner][kind]++
		p.count[owner][0]++
		perColour[owner][colour][kind]++
		perColour[owner][colour][0]++
	}
	for pl := 0; pl < players; pl++ {
		for col := 0; col < players; col++ {
			pc := perColour[pl][col]
			if pc[0] > 8 || pc[pawn] > 4 {
				return engine.Positionf("board", "%s has more %s pieces than a set holds", playerNames[pl], playerNames[col])
			}
			for k := boat; k <= raja; k++ {
				if pc[k] > 1 {
					return engine.Positionf("board", "%s has %d %s %ss; promotion replaces only a lost piece", playerNames[pl], pc[k], playerNames[col], kindNames[k])
				}
			}
		}
	}
	for pl := 0; pl < players; pl++ {
		if c := p.commander[pl]; c >= 0 {
			switch {
			case !p.rules.teams:
				return engine.Positionf("state", "command exists only in team play")
			case int(c) != partner(pl):
				return engine.Positionf("state", "%s can be commanded only by %s", playerNames[pl], playerNames[partner(pl)])
			case p.commander[c] == int8(pl):
				return engine.Positionf("state", "%s and %s cannot command each other", playerNames[pl], playerNames[c])
			}
		}
		if !p.rules.teams && (p.score[pl][fromThrone] != 0 || p.score[pl][fromEmpire] != 0) {
			return engine.Positionf("scores", "throne and empire points exist only in team play")
		}
	}
	if err := p.validateExchange(); err != nil {
		return err
	}
	if err := p.validateDice(); err != nil {
		return err
	}
	if !p.finished() && !p.active(int(p.side)) {
		return engine.Positionf("side", "%s has no pieces that can move and is skipped", playerNames[p.side])
	}
	return nil
}

func (p *Position) validateExchange() error {
	ex := p.ex
	if ex.stage == exNone {
		return nil
	}
	if !p.rules.teams {
		return engine.Positionf("state", "the raja exchange exists only in team play")
	}
	for _, pl := range ex.rajas {
		if pl >= 0 && p.count[pl][raja] != 0 {
			return engine.Positionf("state", "%s's raja is on the board and cannot return", playerNames[pl])
		}
		if ex.stage != exReturning && pl < 0 {
			return engine.Positionf("state", "the exchange needs two rajas")
		}
	}
	if ex.rajas[0] < 0 || ex.rajas[0] == ex.rajas[1] {
		return engine.Positionf("state", "the exchange names its rajas' owners once each")
	}
	if ex.stage == exReturning {
		return nil
	}
	a, b := int(ex.rajas[0]), int(ex.rajas[1])
	if !enemies(a, b) {
		return engine.Positionf("state", "an exchange swaps rajas of the two teams")
	}
	switch ex.stage {
	case exAvailable:
		if enemies(int(p.side), a) {
			return engine.Positionf("state", "the exchange may be proposed only by %s's team, on its own turn", playerNames[a])
		}
	case exProposed:
		if r := int(ex.responder); !enemies(a, r) || !p.active(r) {
			return engine.Positionf("state", "the answer comes from a player of %s's team who still plays", playerNames[b])
		}
	}
	return nil
}

func (p *Position) validateDice() error {
	if p.rules.diceless || p.ex.stage == exProposed || p.ex.stage == exReturning || p.finished() {
		if p.rolled() {
			return engine.Positionf("dice", "no dice may be set here")
		}
		if p.captured && !(p.rules.diceless && p.ex.stage == exAvailable) {
			return engine.Positionf("dice", "a capture this turn needs a turn in progress")
		}
		return nil
	}
	if !p.rolled() {
		if p.captured || p.ex.stage == exAvailable {
			return engine.Positionf("dice", "a capture this turn needs rolled dice")
		}
		return nil
	}
	n := 1
	if p.dice[1].value != 0 {
		n = 2
	}
	if n != int(p.rules.dice) {
		return engine.Positionf("dice", "this game rolls %d dice, got %d", p.rules.dice, n)
	}
	allUsed := p.dice[0].used && (n == 1 || p.dice[1].used)
	if allUsed && p.ex.stage != exAvailable {
		return engine.Positionf("dice", "every die is used: the turn has already passed")
	}
	if p.ex.stage == exAvailable && n == 1 && !allUsed {
		return engine.Positionf("dice", "an exchange can be offered only after the die's move")
	}
	return nil
}

// String returns the position in the variant's text notation.
func (p *Position) String() string {
	var sb strings.Builder
	sb.Grow(160)
	for r := size - 1; r >= 0; r-- {
		gap, first := 0, true
		sep := func() {
			if !first {
				sb.WriteByte(',')
			}
			first = false
		}
		for f := 0; f < size; f++ {
			c := p.board[r*size+f]
			if c == 0 {
				gap++
				continue
			}
			if gap > 0 {
				sep()
				sb.WriteByte(byte('0' + gap))
				gap = 0
			}
			sep()
			sb.WriteString(pieceToken(c))
		}
		if gap > 0 {
			sep()
			sb.WriteByte(byte('0' + gap))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	sb.WriteByte(' ')
	sb.WriteByte(playerLetters[p.side])
	sb.WriteByte(' ')
	if !p.rolled() {
		sb.WriteByte('-')
	}
	for i := 0; i < 2 && p.dice[i].value != 0; i++ {
		if i > 0 {
			sb.WriteByte(',')
		}
		sb.WriteByte('0' + p.dice[i].value)
		if p.dice[i].used {
			sb.WriteByte('*')
		}
	}
	if p.captured {
		sb.WriteByte('+')
	}
	sb.WriteByte(' ')
	sb.WriteString(p.stateText())
	sb.WriteByte(' ')
	for pl := 0; pl < players; pl++ {
		if pl > 0 {
			sb.WriteByte(',')
		}
		sb.WriteString(strconv.Itoa(int(p.score[pl][fromCaptures])))
		for src := fromThrone; src < sources; src++ {
			if v := p.score[pl][src]; v != 0 {
				sb.WriteByte("te"[src-1])
				sb.WriteString(strconv.Itoa(int(v)))
			}
		}
	}
	sb.WriteByte(' ')
	sb.WriteString(strconv.Itoa(int(p.quiet)))
	sb.WriteByte(' ')
	sb.WriteString(strconv.Itoa(int(p.turn)))
	r := p.rules
	for _, opt := range []struct {
		on   bool
		text string
	}{{r.teams && !r.diceless, optTeams}, {r.rankRule, optRankRule}, {r.dice == 2, optDice + "=2"}, {r.diceless, optDiceless},
		{r.lastStanding, optGoal + "=" + goalLastStanding}, {r.maxRounds > 0, optMaxRounds + "=" + strconv.Itoa(int(r.maxRounds))}} {
		if opt.on {
			sb.WriteByte(' ')
			sb.WriteString(opt.text)
		}
	}
	return sb.String()
}

func pieceToken(c cell) string {
	b := []byte{playerLetters[cellOwner(c)], pieceLetters[cellKind(c)]}
	if cellKind(c) == pawn {
		b = append(b, kindLetters[cellTarget(c)])
	}
	if cellColour(c) != cellOwner(c) {
		b = append(b, ':', playerLetters[cellColour(c)])
	}
	return string(b)
}

func (p *Position) stateText() string {
	var toks []string
	for pl, c := range p.commander {
		if c >= 0 {
			toks = append(toks, string(playerLetters[c])+">"+string(playerLetters[pl]))
		}
	}
	if p.ex.stage != exNone {
		who := ""
		for _, pl := range p.ex.rajas {
			if pl >= 0 {
				who += string(playerLetters[pl])
			}
		}
		if p.ex.stage == exProposed {
			who += string(playerLetters[p.ex.responder])
		}
		toks = append(toks, [...]string{exAvailable: "offer", exProposed: "ask", exReturning: "return"}[p.ex.stage]+"="+who)
	}
	if len(toks) == 0 {
		return "-"
	}
	return strings.Join(toks, ",")
}

// Setup returns the structured form of the position.
func (p *Position) Setup() *engine.Setup {
	s := &engine.Setup{Variant: Name, Options: p.rules.options(), ToMove: playerNames[p.side], Phase: p.phase(),
		Counters: engine.TurnCounters{Quiet: p.quiet, Turn: p.turn, Captured: p.captured}.Counters()}
	for sq, c := range p.board {
		if c == 0 {
			continue
		}
		pc := engine.PieceSetup{Square: squareName(sq), Kind: kindNames[cellKind(c)], Player: playerNames[cellOwner(c)]}
		if cellColour(c) != cellOwner(c) {
			pc.Color = playerNames[cellColour(c)]
		}
		if cellKind(c) == pawn {
			pc.PromotesTo = kindNames[cellTarget(c)]
		}
		s.Pieces = append(s.Pieces, pc)
	}
	for i := 0; i < 2 && p.dice[i].value != 0; i++ {
		s.Dice = append(s.Dice, engine.DieSetup{Kind: "d6_reroll", Value: int(p.dice[i].value), Means: dieMeanings[p.dice[i].value], Used: p.dice[i].used})
	}
	for pl, name := range playerNames {
		ps := engine.PlayerSetup{Name: name, Out: !p.active(pl)}
		for src := fromCaptures; src < sources; src++ {
			ps.Score += int(p.score[pl][src])
			ps.ScoreParts = append(ps.ScoreParts, engine.ScorePart{Source: sourceNames[src], Points: int(p.score[pl][src])})
		}
		for x, c := range p.commander {
			if c == int8(pl) {
				ps.Commands = append(ps.Commands, playerNames[x])
			}
		}
		s.Players = append(s.Players, ps)
	}
	if p.ex.stage != exNone {
		prop := &engine.ProposalSetup{Kind: "raja_exchange", Stage: stageNames[p.ex.stage]}
		for _, pl := range p.ex.rajas {
			if pl >= 0 {
				prop.Players = append(prop.Players, playerNames[pl])
			}
		}
		if p.ex.stage == exProposed {
			prop.Responder = playerNames[p.ex.responder]
		}
		s.Proposal = prop
	}
	return s
}

// FromSetup builds a position from its structured form.
func (v *variant) FromSetup(s *engine.Setup) (engine.Position, error) {
	r, err := rulesFromOptions(s.Options)
	if err != nil {
		return nil, err
	}
	p := Position{rules: r, commander: [players]int8{-1, -1, -1, -1}}
	for i, pc := range s.Pieces {
		field := "pieces[" + strconv.Itoa(i) + "]"
		f, rk, err := engine.ParseSquareName(pc.Square, size, size)
		if err != nil {
			return nil, engine.Positionf(field+".square", "%v", err)
		}
		kind := slices.Index(kindNames[1:], pc.Kind) + 1
		if kind == 0 {
			return nil, engine.Positionf(field+".kind", "unknown piece kind %q, want raja, elephant, horse, boat or pawn", pc.Kind)
		}
		owner := slices.Index(playerNames[:], pc.Player)
		if owner < 0 {
			return nil, engine.Positionf(field+".player", "unknown player %q, want black, green, red or yellow", pc.Player)
		}
		colour := owner
		if pc.Color != "" {
			if colour = slices.Index(playerNames[:], pc.Color); colour < 0 {
				return nil, engine.Positionf(field+".color", "unknown colour %q", pc.Color)
			}
		}
		target := 0
		if kind == pawn {
			if target = slices.Index(kindNames[:], pc.PromotesTo); target < boat {
				return nil, engine.Positionf(field+".promotes_to", "a pawn promotes to the raja, elephant, horse or boat it stood in front of, got %q", pc.PromotesTo)
			}
		} else if pc.PromotesTo != "" {
			return nil, engine.Positionf(field+".promotes_to", "only pawns promote")
		}
		if p.board[rk*size+f] != 0 {
			return nil, engine.Positionf(field+".square", "%s holds two pieces", pc.Square)
		}
		p.set(rk*size+f, newCell(kind, owner, target, colour))
	}
	side := slices.Index(playerNames[:], s.ToMove)
	if side < 0 {
		return nil, engine.Positionf("to_move", "want black, green, red or yellow, got %q", s.ToMove)
	}
	p.side = uint8(side)
	if len(s.Dice) > 2 {
		return nil, engine.Positionf("dice", "at most two dice, got %d", len(s.Dice))
	}
	for i, d := range s.Dice {
		if d.Value < 2 || d.Value > 5 || (d.Kind != "" && d.Kind != "d6_reroll") {
			return nil, engine.Positionf("dice["+strconv.Itoa(i)+"]", "want a d6_reroll die showing 2 to 5 (1 and 6 are rolled again)")
		}
		if d.Means != "" && d.Means != dieMeanings[d.Value] {
			return nil, engine.Positionf("dice["+strconv.Itoa(i)+"].means", "%d means %s, not %q", d.Value, dieMeanings[d.Value], d.Means)
		}
		p.dice[i] = die{value: uint8(d.Value), used: d.Used}
	}
	if err := p.playersFromSetup(s.Players); err != nil {
		return nil, err
	}
	if err := p.proposalFromSetup(s.Proposal); err != nil {
		return nil, err
	}
	tc, err := engine.ReadTurnCounters(s.Counters)
	if err != nil {
		return nil, err
	}
	p.quiet, p.turn, p.captured = tc.Quiet, tc.Turn, tc.Captured

	if err := p.validate(); err != nil {
		return nil, err
	}
	for i, ps := range s.Players {
		if ps.Out && p.active(i) {
			return nil, engine.Positionf("players["+strconv.Itoa(i)+"].out", "%s still has pieces that move", ps.Name)
		}
	}
	return &p, nil
}

func (p *Position) playersFromSetup(list []engine.PlayerSetup) error {
	if len(list) != 0 && len(list) != players {
		return engine.Positionf("players", "want black, green, red and yellow in that order, got %d players", len(list))
	}
	for i, ps := range list {
		field := "players[" + strconv.Itoa(i) + "]"
		if ps.Name != playerNames[i] {
			return engine.Positionf(field+".name", "want %s, got %q", playerNames[i], ps.Name)
		}
		if ps.Score < 0 || ps.Score > maxScore {
			return engine.Positionf(field+".score", "%d is out of range", ps.Score)
		}
		if len(ps.ScoreParts) == 0 {
			p.score[i][fromCaptures] = int32(ps.Score)
		}
		sum := 0
		for j, part := range ps.ScoreParts {
			src := slices.Index(sourceNames[:], part.Source)
			if src < 0 {
				return engine.Positionf(field+".score_parts["+strconv.Itoa(j)+"].source", "unknown source %q, want captures, throne or empire", part.Source)
			}
			if part.Points < 0 || part.Points > maxScore {
				return engine.Positionf(field+".score_parts["+strconv.Itoa(j)+"].points", "%d is out of range", part.Points)
			}
			p.score[i][src] += int32(part.Points)
			sum += part.Points
		}
		if len(ps.ScoreParts) > 0 && sum != ps.Score {
			return engine.Positionf(field+".score", "%d is not the sum of its parts, %d", ps.Score, sum)
		}
		if len(ps.Held) > 0 || len(ps.Lost) > 0 || len(ps.Rights) > 0 {
			return engine.Positionf(field, "chaturaji positions have no held pieces, lost lists or rights")
		}
		for _, name := range ps.Commands {
			x := slices.Index(playerNames[:], name)
			if x < 0 {
				return engine.Positionf(field+".commands", "unknown player %q", name)
			}
			if p.commander[x] >= 0 {
				return engine.Positionf(field+".commands", "%s has two commanders", name)
			}
			p.commander[x] = int8(i)
		}
	}
	return nil
}

func (p *Position) proposalFromSetup(s *engine.ProposalSetup) error {
	if s == nil {
		return nil
	}
	if s.Kind != "raja_exchange" {
		return engine.Positionf("proposal.kind", "want raja_exchange, got %q", s.Kind)
	}
	stage := slices.Index(stageNames[:], s.Stage)
	if stage <= 0 {
		return engine.Positionf("proposal.stage", "want available, proposed or returning, got %q", s.Stage)
	}
	lo, hi := 2, 2
	if stage == exReturning {
		lo = 1
	}
	if len(s.Players) < lo || len(s.Players) > hi {
		return engine.Positionf("proposal.players", "want %d to %d players, got %d", lo, hi, len(s.Players))
	}
	p.ex = exchange{stage: uint8(stage), rajas: [2]int8{-1, -1}, responder: -1}
	for i, name := range s.Players {
		pl := slices.Index(playerNames[:], name)
		if pl < 0 {
			return engine.Positionf("proposal.players", "unknown player %q", name)
		}
		p.ex.rajas[i] = int8(pl)
	}
	if stage == exProposed {
		r := slices.Index(playerNames[:], s.Responder)
		if r < 0 {
			return engine.Positionf("proposal.responder", "unknown player %q", s.Responder)
		}
		p.ex.responder = int8(r)
	} else if s.Responder != "" {
		return engine.Positionf("proposal.responder", "only a proposed exchange has a responder")
	}
	return nil
}
