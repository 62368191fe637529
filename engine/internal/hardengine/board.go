package hardengine

// Over 400 lines because its 0x88 board, move generator and FEN reader are one reference engine's
// own, kept apart from pvscope's chess on purpose, and the generator reads as one piece.

import (
	"fmt"
	"strconv"
	"strings"
)

// The board is 0x88: square = rank*16 + file, rank 0 being White's first,
// and sq&0x88 != 0 off the board. A piece is a signed kind: positive White,
// negative Black.
const (
	empty int8 = iota
	pawn
	knight
	bishop
	rook
	queen
	king
)

const (
	castleWK uint8 = 1 << iota
	castleWQ
	castleBK
	castleBQ
)

const noSquare = -1

var (
	knightSteps = []int{33, 31, 18, 14, -33, -31, -18, -14}
	kingSteps   = []int{1, -1, 16, -16, 17, 15, -17, -15}
	bishopSteps = []int{17, 15, -17, -15}
	rookSteps   = []int{1, -1, 16, -16}
)

// board is a position with what make needs to unmake.
type board struct {
	sq     [128]int8
	side   int8 // 1 White to move, -1 Black
	castle uint8
	ep     int // the square a double pawn push passed over, or noSquare
	half   int // plies since the last capture or pawn move
	kings  [2]int
	hash   uint64
}

// move is a from-to pair; promo is the promoted kind (positive), flags say
// what make must do besides moving the piece.
type move struct {
	from, to int8
	promo    int8
	flags    uint8
}

const (
	flagCapture uint8 = 1 << iota
	flagEP
	flagCastle
	flagDouble
)

func (m move) isCapture() bool { return m.flags&(flagCapture|flagEP) != 0 }

// undo is what make changed that unmake cannot recompute.
type undo struct {
	captured int8
	castle   uint8
	ep, half int
	hash     uint64
}

func sideIndex(side int8) int {
	if side > 0 {
		return 0
	}
	return 1
}

func squareName(s int) string {
	return string([]byte{byte('a' + s&7), byte('1' + s>>4)})
}

// uci names m in UCI notation.
func (m move) uci() string {
	s := squareName(int(m.from)) + squareName(int(m.to))
	if m.promo != 0 {
		s += string(" pnbrqk"[m.promo])
	}
	return s
}

// parseFEN reads the first four fields of a FEN, and the halfmove clock when given.
func parseFEN(fen string) (*board, error) {
	f := strings.Fields(fen)
	if len(f) < 4 {
		return nil, fmt.Errorf("FEN %q: want at least 4 fields", fen)
	}
	b := &board{ep: noSquare, kings: [2]int{noSquare, noSquare}}
	rank, file := 7, 0
	for _, c := range f[0] {
		switch {
		case c == '/':
			rank, file = rank-1, 0
		case c >= '1' && c <= '8':
			file += int(c - '0')
		default:
			k := int8(strings.IndexRune(" pnbrqk", c|0x20))
			if k <= 0 || rank < 0 || file > 7 {
				return nil, fmt.Errorf("FEN %q: bad board at %q", fen, c)
			}
			if c < 'a' {
				b.sq[rank*16+file] = k
			} else {
				b.sq[rank*16+file] = -k
			}
			if k == king {
				b.kings[sideIndex(b.sq[rank*16+file])] = rank*16 + file
			}
			file++
		}
	}
	if b.kings[0] == noSquare || b.kings[1] == noSquare {
		return nil, fmt.Errorf("FEN %q: a king is missing", fen)
	}
	b.side = 1
	if f[1] == "b" {
		b.side = -1
	}
	for _, c := range f[2] {
		switch c {
		case 'K':
			b.castle |= castleWK
		case 'Q':
			b.castle |= castleWQ
		case 'k':
			b.castle |= castleBK
		case 'q':
			b.castle |= castleBQ
		}
	}
	if f[3] != "-" && len(f[3]) == 2 {
		b.ep = int(f[3][1]-'1')*16 + int(f[3][0]-'a')
	}
	if len(f) > 4 {
		b.half, _ = strconv.Atoi(f[4])
	}
	b.hash = b.computeHash()
	return b, nil
}

// attacked: a piece of side by attacks s.
func (b *board) attacked(s int, by int8) bool {
	// Pawns of side by attack from one rank behind s (from by's view).
	for _, d := range []int{15, 17} {
		from := s - d
		if by < 0 {
			from = s + d
		}
		if from&0x88 == 0 && b.sq[from] == by*pawn {
			return true
		}
	}
	for _, d := range knightSteps {
		if t := s + d; t&0x88 == 0 && b.sq[t] == by*knight {
			return true
		}
	}
	for _, d := range kingSteps {
		if t := s + d; t&0x88 == 0 && b.sq[t] == by*king {
			return true
		}
	}
	for _, d := range bishopSteps {
		for t := s + d; t&0x88 == 0; t += d {
			if p := b.sq[t]; p != empty {
				if p == by*bishop || p == by*queen {
					return true
				}
				break
			}
		}
	}
	for _, d := range rookSteps {
		for t := s + d; t&0x88 == 0; t += d {
			if p := b.sq[t]; p != empty {
				if p == by*rook || p == by*queen {
					return true
				}
				break
			}
		}
	}
	return false
}

// inCheck: the side to move's king is attacked.
func (b *board) inCheck() bool {
	return b.attacked(b.kings[sideIndex(b.side)], -b.side)
}

// pseudoMoves appends the side to move's moves, some of which may leave its
// king attacked (make's caller checks); captures only when capturesOnly.
func (b *board) pseudoMoves(ms []move, capturesOnly bool) []move {
	us := b.side
	for from := 0; from < 128; from++ {
		if from&0x88 != 0 {
			from += 7
			continue
		}
		p := b.sq[from] * us
		if p <= 0 {
			continue
		}
		switch p {
		case pawn:
			ms = b.pawnMoves(ms, from, capturesOnly)
		case knight:
			ms = b.steps(ms, from, knightSteps, false, capturesOnly)
		case bishop:
			ms = b.steps(ms, from, bishopSteps, true, capturesOnly)
		case rook:
			ms = b.steps(ms, from, rookSteps, true, capturesOnly)
		case queen:
			ms = b.steps(ms, from, kingSteps, true, capturesOnly)
		case king:
			ms = b.steps(ms, from, kingSteps, false, capturesOnly)
			if !capturesOnly {
				ms = b.castles(ms, from)
			}
		}
	}
	return ms
}

func (b *board) steps(ms []move, from int, dirs []int, slide, capturesOnly bool) []move {
	for _, d := range dirs {
		for t := from + d; t&0x88 == 0; t += d {
			p := b.sq[t]
			if p == empty {
				if !capturesOnly {
					ms = append(ms, move{from: int8(from), to: int8(t)})
				}
			} else {
				if p*b.side < 0 {
					ms = append(ms, move{from: int8(from), to: int8(t), flags: flagCapture})
				}
				break
			}
			if !slide {
				break
			}
		}
	}
	return ms
}

func (b *board) pawnMoves(ms []move, from int, capturesOnly bool) []move {
	fwd, startRank, lastRank := 16, 1, 7
	if b.side < 0 {
		fwd, startRank, lastRank = -16, 6, 0
	}
	add := func(to int, flags uint8) {
		if to>>4 == lastRank {
			for _, k := range []int8{queen, rook, bishop, knight} {
				ms = append(ms, move{from: int8(from), to: int8(to), promo: k, flags: flags})
			}
			return
		}
		ms = append(ms, move{from: int8(from), to: int8(to), flags: flags})
	}
	for _, d := range []int{fwd - 1, fwd + 1} {
		t := from + d
		if t&0x88 != 0 {
			continue
		}
		if b.sq[t]*b.side < 0 {
			add(t, flagCapture)
		} else if t == b.ep {
			ms = append(ms, move{from: int8(from), to: int8(t), flags: flagEP})
		}
	}
	if capturesOnly {
		return ms
	}
	if t := from + fwd; t&0x88 == 0 && b.sq[t] == empty {
		add(t, 0)
		if from>>4 == startRank && b.sq[t+fwd] == empty {
			ms = append(ms, move{from: int8(from), to: int8(t + fwd), flags: flagDouble})
		}
	}
	return ms
}

func (b *board) castles(ms []move, from int) []move {
	them := -b.side
	ks, qs, home := castleWK, castleWQ, 4
	if b.side < 0 {
		ks, qs, home = castleBK, castleBQ, 7*16+4
	}
	if from != home || b.attacked(home, them) {
		return ms
	}
	if b.castle&ks != 0 && b.sq[home+1] == empty && b.sq[home+2] == empty && b.sq[home+3] == b.side*rook &&
		!b.attacked(home+1, them) && !b.attacked(home+2, them) {
		ms = append(ms, move{from: int8(home), to: int8(home + 2), flags: flagCastle})
	}
	if b.castle&qs != 0 && b.sq[home-1] == empty && b.sq[home-2] == empty && b.sq[home-3] == empty && b.sq[home-4] == b.side*rook &&
		!b.attacked(home-1, them) && !b.attacked(home-2, them) {
		ms = append(ms, move{from: int8(home), to: int8(home - 2), flags: flagCastle})
	}
	return ms
}

// castleMask keeps the rights a move from or to a square leaves.
var castleMask = func() [128]uint8 {
	var m [128]uint8
	for i := range m {
		m[i] = 0xf
	}
	m[0], m[4], m[7] = 0xf&^castleWQ, 0xf&^(castleWK|castleWQ), 0xf&^castleWK
	m[112], m[116], m[119] = 0xf&^castleBQ, 0xf&^(castleBK|castleBQ), 0xf&^castleBK
	return m
}()

// make plays m and says whether it was legal (the mover's king not left
// attacked); either way unmake(m, u) takes it back.
func (b *board) make(m move) (undo, bool) {
	u := undo{captured: b.sq[m.to], castle: b.castle, ep: b.ep, half: b.half, hash: b.hash}
	from, to := int(m.from), int(m.to)
	p := b.sq[from]
	b.hash ^= zobristPiece(p, from)
	if u.captured != empty {
		b.hash ^= zobristPiece(u.captured, to)
	}
	b.sq[to], b.sq[from] = p, empty
	if m.promo != 0 {
		b.sq[to] = m.promo * b.side
	}
	b.hash ^= zobristPiece(b.sq[to], to)
	switch {
	case m.flags&flagEP != 0:
		cap := to - 16*int(b.side)
		b.hash ^= zobristPiece(b.sq[cap], cap)
		b.sq[cap] = empty
	case m.flags&flagCastle != 0:
		rf, rt := from+3, from+1
		if to < from {
			rf, rt = from-4, from-1
		}
		b.hash ^= zobristPiece(b.sq[rf], rf) ^ zobristPiece(b.sq[rf], rt)
		b.sq[rt], b.sq[rf] = b.sq[rf], empty
	}
	if p*b.side == king {
		b.kings[sideIndex(b.side)] = to
	}
	b.hash ^= zobristCastle[b.castle] ^ zobristEP(b.ep)
	b.castle &= castleMask[from] & castleMask[to]
	b.ep = noSquare
	if m.flags&flagDouble != 0 {
		b.ep = (from + to) / 2
	}
	b.hash ^= zobristCastle[b.castle] ^ zobristEP(b.ep) ^ zobristSide
	b.half++
	if p*b.side == pawn || m.isCapture() {
		b.half = 0
	}
	b.side = -b.side
	return u, !b.attacked(b.kings[sideIndex(-b.side)], b.side)
}

func (b *board) unmake(m move, u undo) {
	b.side = -b.side
	from, to := int(m.from), int(m.to)
	p := b.sq[to]
	if m.promo != 0 {
		p = pawn * b.side
	}
	b.sq[from], b.sq[to] = p, u.captured
	switch {
	case m.flags&flagEP != 0:
		b.sq[to-16*int(b.side)] = -b.side * pawn
	case m.flags&flagCastle != 0:
		rf, rt := from+3, from+1
		if to < from {
			rf, rt = from-4, from-1
		}
		b.sq[rf], b.sq[rt] = b.sq[rt], empty
	}
	if p*b.side == king {
		b.kings[sideIndex(b.side)] = from
	}
	b.castle, b.ep, b.half, b.hash = u.castle, u.ep, u.half, u.hash
}

// makeNull passes: the other side moves in the same position.
func (b *board) makeNull() undo {
	u := undo{castle: b.castle, ep: b.ep, half: b.half, hash: b.hash}
	b.hash ^= zobristEP(b.ep) ^ zobristSide
	b.ep = noSquare
	b.half++
	b.side = -b.side
	return u
}

func (b *board) unmakeNull(u undo) {
	b.side = -b.side
	b.castle, b.ep, b.half, b.hash = u.castle, u.ep, u.half, u.hash
}

// hasPieces: the side to move has a piece other than pawns and king (null
// move is unsafe in pawn endings, where zugzwang is common).
func (b *board) hasPieces() bool {
	for s := 0; s < 128; s++ {
		if k := b.sq[s] * b.side; s&0x88 == 0 && k >= knight && k <= queen {
			return true
		}
	}
	return false
}
