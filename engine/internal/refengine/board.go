package refengine

import (
	"fmt"

	"github.com/notnil/chess"
)

// The board is a 10x12 mailbox seen from the side to move: its pieces are
// upper case and move up the board (towards row 2); after every move the board
// is turned round (rotate) so that the other side is upper case. Squares 21..28
// are the 8th rank from the mover's side, 91..98 its 1st; the rest is padding.
const (
	north, east, south, west = -10, 1, 10, -1
	a1, h1                   = 91, 98
)

var directions = map[byte][]int{
	'P': {north, north + north, north + west, north + east},
	'N': {north + north + east, east + north + east, east + south + east, south + south + east,
		south + south + west, west + south + west, west + north + west, north + north + west},
	'B': {north + east, south + east, south + west, north + west},
	'R': {north, east, south, west},
	'Q': {north, east, south, west, north + east, south + east, south + west, north + west},
	'K': {north, east, south, west, north + east, south + east, south + west, north + west},
}

// position is a board seen from the side to move, with its incremental
// evaluation (material and piece-square values, for the side to move).
type position struct {
	b      [120]byte
	score  int
	castle uint8 // rights by real corner: 1 a1, 2 h1, 4 a8, 8 h8
	ep     int   // the square a pawn passed over on the last move (mover's view), 0 if none
	black  bool  // the side to move is Black: the board is turned round
	rule50 int
}

// move is a from-to pair in the mover's view, with a promotion piece.
type move struct {
	from, to int
	promo    byte
}

func isUpper(c byte) bool { return c >= 'A' && c <= 'Z' }
func isLower(c byte) bool { return c >= 'a' && c <= 'z' }
func isPadding(c byte) bool {
	return c == ' ' || c == '\n'
}
func swapCase(c byte) byte {
	switch {
	case isUpper(c):
		return c + 'a' - 'A'
	case isLower(c):
		return c - 'a' + 'A'
	}
	return c
}

// realSquare is the square in White's view.
func (p *position) realSquare(s int) int {
	if p.black {
		return 119 - s
	}
	return s
}

// squareName is the UCI name of a square in the mover's view.
func (p *position) squareName(s int) string {
	r := p.realSquare(s)
	return fmt.Sprintf("%c%d", 'a'+r%10-1, 10-r/10)
}

func (p *position) uci(m move) string {
	s := p.squareName(m.from) + p.squareName(m.to)
	if m.promo != 0 {
		s += string(swapCase(m.promo))
	}
	return s
}

// fromFEN sets up the position with notnil/chess's FEN parser.
func fromFEN(fen string) (position, error) {
	opt, err := chess.FEN(fen)
	if err != nil {
		return position{}, err
	}
	cp := chess.NewGame(opt).Position()
	var p position
	for i := range p.b {
		p.b[i] = ' '
		if i%10 == 9 {
			p.b[i] = '\n'
		}
	}
	for r := 2; r <= 9; r++ {
		for c := 1; c <= 8; c++ {
			p.b[r*10+c] = '.'
		}
	}
	for sq, pc := range cp.Board().SquareMap() {
		file, rank := int(sq)%8, int(sq)/8
		s := (9-rank)*10 + file + 1
		ch := pc.Type().String()[0] // "k", "q", ... lower case
		if pc.Color() == chess.White {
			ch = swapCase(ch)
		}
		p.b[s] = ch
	}
	cr := cp.CastleRights()
	for _, c := range []struct {
		col  chess.Color
		side chess.Side
		bit  uint8
	}{{chess.White, chess.QueenSide, 1}, {chess.White, chess.KingSide, 2}, {chess.Black, chess.QueenSide, 4}, {chess.Black, chess.KingSide, 8}} {
		if cr.CanCastle(c.col, c.side) {
			p.castle |= c.bit
		}
	}
	if ep := cp.EnPassantSquare(); ep != chess.NoSquare {
		p.ep = (9-int(ep)/8)*10 + int(ep)%8 + 1
	}
	p.rule50 = cp.HalfMoveClock()
	for s := 21; s <= 98; s++ {
		if c := p.b[s]; isUpper(c) {
			p.score += pst[c][s]
		} else if isLower(c) {
			p.score -= pst[swapCase(c)][119-s]
		}
	}
	if cp.Turn() == chess.Black {
		p.rotate() // the count above is White's; rotate turns it to Black's
	}
	return p, nil
}

// rotate turns the board round: the other side moves.
func (p *position) rotate() {
	var n [120]byte
	for i := range p.b {
		n[i] = swapCase(p.b[119-i])
	}
	for i := range n { // padding stays where it is
		if isPadding(p.b[i]) {
			n[i] = p.b[i]
		}
	}
	p.b = n
	p.score = -p.score
	if p.ep != 0 {
		p.ep = 119 - p.ep
	}
	p.black = !p.black
}

// corner is the castling bit of a real corner square, 0 for others.
func corner(real int) uint8 {
	switch real {
	case 91:
		return 1
	case 98:
		return 2
	case 21:
		return 4
	case 28:
		return 8
	}
	return 0
}

// attacked: the side not to move (lower case) attacks square s.
func (p *position) attacked(s int) bool {
	b := &p.b
	if b[s+north+west] == 'p' || b[s+north+east] == 'p' {
		return true
	}
	for _, d := range directions['N'] {
		if j := s + d; j >= 0 && j < 120 && b[j] == 'n' {
			return true
		}
	}
	for i, d := range directions['Q'] {
		straight := i < 4
		for j, n := s+d, 1; j >= 0 && j < 120; j, n = j+d, n+1 {
			c := b[j]
			if c == '.' {
				continue
			}
			if c == 'q' || (c == 'k' && n == 1) || (straight && c == 'r') || (!straight && c == 'b') {
				return true
			}
			break
		}
	}
	return false
}

// kingSquare is where the mover's king stands, 0 if it has none.
func (p *position) kingSquare() int {
	for s := 21; s <= 98; s++ {
		if p.b[s] == 'K' {
			return s
		}
	}
	return 0
}

// inCheck: the mover's king is attacked.
func (p *position) inCheck() bool {
	k := p.kingSquare()
	return k != 0 && p.attacked(k)
}

// canTakeKing: the side to move attacks the other king, so the move that led
// here left its own king in check and was illegal.
func (p *position) canTakeKing() bool {
	q := *p
	q.rotate()
	return q.inCheck()
}

// moves are the pseudo-legal moves: a king may step into check (the reply
// that takes it tells). Castling is checked in full.
func (p *position) moves() []move {
	var ms []move
	b := &p.b
	for i := 21; i <= 98; i++ {
		pc := b[i]
		if !isUpper(pc) {
			continue
		}
		for _, d := range directions[pc] {
			for j := i + d; ; j += d {
				q := b[j]
				if isPadding(q) || isUpper(q) {
					break
				}
				if pc == 'P' {
					if (d == north || d == 2*north) && q != '.' {
						break
					}
					if d == 2*north && (i < 81 || b[i+north] != '.') {
						break
					}
					if (d == north+west || d == north+east) && q == '.' && j != p.ep {
						break
					}
					if j >= 21 && j <= 28 {
						for _, pr := range []byte("QNRB") {
							ms = append(ms, move{i, j, pr})
						}
						break
					}
				}
				ms = append(ms, move{i, j, 0})
				if pc == 'P' || pc == 'N' || pc == 'K' || isLower(q) {
					break
				}
			}
		}
	}
	return append(ms, p.castlings()...)
}

func (p *position) castlings() []move {
	k := p.kingSquare()
	if k != 95 && k != 94 || p.castle == 0 {
		return nil
	}
	var ms []move
	for _, rook := range []int{a1, h1} {
		if p.castle&corner(p.realSquare(rook)) == 0 || p.b[rook] != 'R' {
			continue
		}
		dir := 1
		if rook < k {
			dir = -1
		}
		clear := true
		for s := k + dir; s != rook; s += dir {
			clear = clear && p.b[s] == '.'
		}
		if clear && !p.attacked(k) && !p.attacked(k+dir) && !p.attacked(k+2*dir) {
			ms = append(ms, move{k, k + 2*dir, 0})
		}
	}
	return ms
}

// value is what m gains for the mover by the evaluation.
func (p *position) value(m move) int {
	i, j := m.from, m.to
	pc, q := p.b[i], p.b[j]
	s := pst[pc][j] - pst[pc][i]
	if isLower(q) {
		s += pst[swapCase(q)][119-j]
	}
	if pc == 'K' && (j-i == 2 || i-j == 2) {
		rook, dir := h1, 1
		if j < i {
			rook, dir = a1, -1
		}
		s += pst['R'][i+dir] - pst['R'][rook]
	}
	if pc == 'P' {
		if m.promo != 0 {
			s += pst[m.promo][j] - pst['P'][j]
		}
		if j == p.ep {
			s += pst['P'][119-(j+south)]
		}
	}
	return s
}

func (p *position) isCapture(m move) bool {
	return isLower(p.b[m.to]) || (p.b[m.from] == 'P' && m.to == p.ep) || m.promo != 0
}

// play returns the position after m, seen from the other side.
func (p *position) play(m move) position {
	n := *p
	i, j := m.from, m.to
	pc := n.b[i]
	n.score += p.value(m)
	n.rule50++
	if pc == 'P' || isLower(n.b[j]) {
		n.rule50 = 0
	}
	n.b[j], n.b[i] = pc, '.'
	n.ep = 0
	n.castle &^= corner(p.realSquare(i)) | corner(p.realSquare(j))
	switch pc {
	case 'K':
		n.castle &^= corner(p.realSquare(a1)) | corner(p.realSquare(h1))
		if j-i == 2 || i-j == 2 {
			rook, dir := h1, 1
			if j < i {
				rook, dir = a1, -1
			}
			n.b[rook], n.b[i+dir] = '.', 'R'
		}
	case 'P':
		if m.promo != 0 {
			n.b[j] = m.promo
		}
		if j-i == 2*north {
			n.ep = i + north
		}
		if j == p.ep {
			n.b[j+south] = '.'
		}
	}
	n.rotate()
	return n
}

// pass is the null move: the other side moves in the same position.
func (p *position) pass() position {
	n := *p
	n.ep = 0
	n.rotate()
	return n
}

// key is a hash of the position (FNV-1a over the board and the state).
func (p *position) key() uint64 {
	h := uint64(14695981039346656037)
	for s := 21; s <= 98; s++ {
		h = (h ^ uint64(p.b[s])) * 1099511628211
	}
	for _, v := range []int{int(p.castle), p.ep, btoi(p.black)} {
		h = (h ^ uint64(v)) * 1099511628211
	}
	return h
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
