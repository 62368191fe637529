package games

import (
	"fmt"
	"strings"
)

// Othello's notation. A position is written either as the board, rank 8
// first (a8..h8, then rank 7 ...), 64 cells of b (or x, *) for black, w (or
// o) for white and . (or -) for empty, slashes allowed between ranks, then a
// space and the side to move (b or w, black or white); or as the moves played
// from the start ("f5 d6 c3", also "f5d6c3", "pass" for a pass).

// ParseOthello reads a position in Othello's notation ("" is the start).
func ParseOthello(s string) (*OthelloBoard, error) {
	s = strings.TrimSpace(s)
	if len(s) > 1000 {
		return nil, fmt.Errorf("bad Othello position: %d characters, more than any board or game needs (at most 1000)", len(s))
	}
	b := othStart()
	if s == "" {
		return b, nil
	}
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' })
	// A board: a first field of cells only ("- - - ..." spaced too), or one
	// longer than any move that is no run of moves either.
	if first := strings.ReplaceAll(fields[0], "/", ""); strings.Trim(first, "bBxX*wWoO.-") == "" || len(first) > 4 && othPairs(first) == nil {
		return b.readBoard(fields)
	}
	var names []string
	for _, f := range fields {
		if pairs := othPairs(f); len(pairs) > 1 {
			names = append(names, pairs...)
		} else {
			names = append(names, f)
		}
	}
	for i, name := range names {
		m, ok := othParseMove(name)
		if !ok {
			return nil, fmt.Errorf("bad Othello position: move %d, %q, is not a square a1 to h8 or pass", i+1, name)
		}
		if !b.legal(m) {
			return nil, fmt.Errorf("bad Othello position: move %d, %s, is not legal for %s here (%s)", i+1, othMoveName(m), b.Side(), b.why(m))
		}
		b.Play(m)
	}
	b.played = b.played[:0]
	return b, nil
}

// othPairs splits "f5d6c3" into its moves, or is nil when s is not such a run.
func othPairs(s string) []string {
	s = strings.ToLower(s)
	if len(s) == 0 || len(s)%2 != 0 {
		return nil
	}
	var out []string
	for i := 0; i < len(s); i += 2 {
		if s[i] < 'a' || s[i] > 'h' || s[i+1] < '1' || s[i+1] > '8' {
			return nil
		}
		out = append(out, s[i:i+2])
	}
	return out
}

// legal says whether m may be played here; why says why not.
func (b *OthelloBoard) legal(m Move) bool {
	p, o := b.discs[b.toMove], b.discs[1-b.toMove]
	if m == Pass {
		return othMoves(p, o) == 0 && othMoves(o, p) != 0
	}
	return m >= 0 && m < 64 && othMoves(p, o)&(1<<m) != 0
}

func (b *OthelloBoard) why(m Move) string {
	p, o := b.discs[b.toMove], b.discs[1-b.toMove]
	switch {
	case othMoves(p, o) == 0 && othMoves(o, p) == 0:
		return "the game is over"
	case m == Pass:
		return b.Side() + " has a disc to place, so may not pass"
	case othMoves(p, o) == 0:
		return b.Side() + " has no disc to place and must pass"
	case (p|o)&(1<<m) != 0:
		return "the square is taken"
	}
	return "it turns no disc over"
}

// readBoard reads the 64-cell board and the side to move.
func (b *OthelloBoard) readBoard(fields []string) (*OthelloBoard, error) {
	side := ""
	if len(fields) > 1 {
		side = strings.ToLower(fields[len(fields)-1])
		fields = fields[:len(fields)-1]
	}
	cells := strings.ReplaceAll(strings.Join(fields, ""), "/", "")
	if len(cells) != 64 {
		return nil, fmt.Errorf("bad Othello position: the board has %d cells, want 64 (8 ranks of 8, rank 8 first, b, w or .)", len(cells))
	}
	b.discs = [2]uint64{}
	for i := range 64 {
		sq := othSquare(i%8, 7-i/8) // the string starts at rank 8
		switch cells[i] {
		case 'b', 'B', 'x', 'X', '*':
			b.discs[0] |= 1 << sq
		case 'w', 'W', 'o', 'O':
			b.discs[1] |= 1 << sq
		case '.', '-':
		default:
			return nil, fmt.Errorf("bad Othello position: cell %d (%s) is %q; a cell is b (black), w (white) or . (empty)", i+1, othMoveName(Move(sq)), cells[i])
		}
	}
	switch side {
	case "b", "black":
		b.toMove = 0
	case "w", "white":
		b.toMove = 1
	case "":
		return nil, fmt.Errorf("bad Othello position: the side to move is missing; put b or w after the board and a space")
	default:
		return nil, fmt.Errorf("bad Othello position: the side to move is %q; it is b (black) or w (white)", side)
	}
	b.rekey()
	return b, nil
}

func othMoveName(m Move) string {
	switch {
	case m == Pass:
		return "pass"
	case m < 0 || m > 63:
		return fmt.Sprintf("?%d", m)
	}
	return string(rune('a'+m%8)) + string(rune('1'+m/8))
}

func othParseMove(s string) (Move, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "pass" {
		return Pass, true
	}
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return NoMove, false
	}
	return Move(othSquare(int(s[0]-'a'), int(s[1]-'1'))), true
}

// String implements Board: the ranks between slashes, rank 8 first, then the
// side to move.
func (b *OthelloBoard) String() string {
	c := b.Cells()
	var sb strings.Builder
	for r := range 8 {
		if r > 0 {
			sb.WriteByte('/')
		}
		sb.WriteString(c[r*8 : r*8+8])
	}
	sb.WriteString(" " + b.Side()[:1])
	return sb.String()
}
