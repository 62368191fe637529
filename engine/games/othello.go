package games

import (
	"fmt"
	"math/bits"
	"strings"
)

// Othello on 8x8, with passes. Squares are named a1..h8 like a chessboard
// (files a-h left to right, ranks 1-8 bottom to top) and numbered rank by
// rank from a1 (0) to h8 (63). The start has white on d4 and e5, black on d5
// and e4; black moves first. A side with no disc to place passes when the
// other side has one; when neither has, the game is over and the side with
// more discs wins. Its notation is in othello_notation.go.

// Discs and moves are bitboards: bit s is square s (a1 = bit 0).
const (
	othFileA = 0x0101010101010101
	othFileH = othFileA << 7
)

// othMoves is the empty squares where the side with discs p may play against
// o: each flanks at least one line of o's discs ending in one of p's. Lines
// along a rank or a diagonal may not pass through o's discs on files a and h,
// or the shifts would wrap around the board's edge.
func othMoves(p, o uint64) uint64 {
	inner := o &^ (othFileA | othFileH)
	return (othUp(p, inner, 1)<<1 | othDown(p, inner, 1)>>1 |
		othUp(p, o, 8)<<8 | othDown(p, o, 8)>>8 |
		othUp(p, inner, 7)<<7 | othDown(p, inner, 7)>>7 |
		othUp(p, inner, 9)<<9 | othDown(p, inner, 9)>>9) &^ (p | o)
}

// othUp is the lines of o's discs (at most six long) that start n bits above
// one of p's discs; othDown the same below.
func othUp(p, o uint64, n uint) uint64 {
	x := p << n & o
	x |= x << n & o
	x |= x << n & o
	x |= x << n & o
	x |= x << n & o
	x |= x << n & o
	return x
}

func othDown(p, o uint64, n uint) uint64 {
	x := p >> n & o
	x |= x >> n & o
	x |= x >> n & o
	x |= x >> n & o
	x |= x >> n & o
	x |= x >> n & o
	return x
}

// othFlips is the discs of o that p's disc on sq turns over: in each of the
// eight directions, the line of o's discs from sq when one of p's ends it.
func othFlips(sq int, p, o uint64) uint64 {
	inner := o &^ (othFileA | othFileH)
	m := uint64(1) << sq
	var flips uint64
	for _, d := range [4]struct {
		n uint
		o uint64
	}{{1, inner}, {8, o}, {7, inner}, {9, inner}} {
		if line := othUp(m, d.o, d.n); line<<d.n&p != 0 {
			flips |= line
		}
		if line := othDown(m, d.o, d.n); line>>d.n&p != 0 {
			flips |= line
		}
	}
	return flips
}

var othKeys = func() (k [2][64]uint64) {
	rng := SplitMix64(0x07E1_1000)
	for c := range k {
		for s := range k[c] {
			k[c][s] = rng.Next()
		}
	}
	return k
}()

var othSideKey = func() uint64 { rng := SplitMix64(0x0B1AC4); return rng.Next() }()

// othWeights is the weighted-squares table of Peter Norvig, Paradigms of
// Artificial Intelligence Programming (1992), section 18.3, *weights* in
// othello.lisp (https://github.com/norvig/paip-lisp/blob/main/lisp/othello.lisp):
// corners 120, the C-squares beside them -20, the X-squares diagonal to them
// -40. The table is symmetric, so rank 1 first or rank 8 first reads the same.
var othWeights = [64]int{
	120, -20, 20, 5, 5, 20, -20, 120,
	-20, -40, -5, -5, -5, -5, -40, -20,
	20, -5, 15, 3, 3, 15, -5, 20,
	5, -5, 3, 3, 3, 3, -5, 5,
	5, -5, 3, 3, 3, 3, -5, 5,
	20, -5, 15, 3, 3, 15, -5, 20,
	-20, -40, -5, -5, -5, -5, -40, -20,
	120, -20, 20, 5, 5, 20, -20, 120,
}

// Othello is the game.
var Othello = &Game{
	Name:      "othello",
	Title:     "Othello",
	Rows:      8,
	Cols:      8,
	Parse:     func(s string) (Board, error) { return ParseOthello(s) },
	MoveName:  othMoveName,
	ParseMove: othParseMove,
	Eval:      "the weighted squares, the sum of the weights of the side to move's discs minus the opponent's: corners 120, C-squares -20, X-squares -40 (Peter Norvig, Paradigms of Artificial Intelligence Programming, chapter 18, *weights*)",
	Notation:  `the board rank 8 first, 64 cells of b, w and . (slashes between ranks allowed), a space and the side to move ("...b w"), or the moves from the start ("f5 d6 c3")`,
}

func init() { register(Othello) }

// othPlayed is one ply of the stack: the move and the discs it turned over.
type othPlayed struct {
	move  Move
	flips uint64
}

// OthelloBoard is an Othello position.
type OthelloBoard struct {
	discs  [2]uint64 // [0] black, [1] white
	toMove int       // 0 black, 1 white
	key    uint64
	played []othPlayed
}

// othStart is the start: white d4 e5, black d5 e4.
func othStart() *OthelloBoard {
	b := &OthelloBoard{played: make([]othPlayed, 0, 64)}
	b.discs[0] = 1<<othSquare(3, 4) | 1<<othSquare(4, 3)
	b.discs[1] = 1<<othSquare(3, 3) | 1<<othSquare(4, 4)
	b.rekey()
	return b
}

func othSquare(file, rank int) int { return rank*8 + file }

// rekey computes the key from the discs and the side to move.
func (b *OthelloBoard) rekey() {
	b.key = 0
	for c := range 2 {
		for d := b.discs[c]; d != 0; d &= d - 1 {
			b.key ^= othKeys[c][bits.TrailingZeros64(d)]
		}
	}
	if b.toMove == 1 {
		b.key ^= othSideKey
	}
}

// Game implements Board.
func (b *OthelloBoard) Game() *Game { return Othello }

// Ply implements Board.
func (b *OthelloBoard) Ply() int { return len(b.played) }

// Key implements Board.
func (b *OthelloBoard) Key() uint64 { return b.key }

// Moves implements Board: the squares to play in order from a1 to h8; Pass
// alone when there is none but the opponent has one; nothing once neither has.
func (b *OthelloBoard) Moves(dst []Move) []Move {
	p, o := b.discs[b.toMove], b.discs[1-b.toMove]
	moves := othMoves(p, o)
	if moves == 0 {
		if othMoves(o, p) != 0 {
			dst = append(dst, Pass)
		}
		return dst
	}
	for ; moves != 0; moves &= moves - 1 {
		dst = append(dst, Move(bits.TrailingZeros64(moves)))
	}
	return dst
}

// Play implements Board.
func (b *OthelloBoard) Play(m Move) {
	me, opp := b.toMove, 1-b.toMove
	var flips uint64
	if m == Pass {
		if othMoves(b.discs[me], b.discs[opp]) != 0 {
			panic("games: Othello pass played with a disc to place")
		}
	} else {
		if m < 0 || m > 63 || (b.discs[0]|b.discs[1])&(1<<m) != 0 {
			panic(fmt.Sprintf("games: Othello move %d is not legal", m))
		}
		flips = othFlips(int(m), b.discs[me], b.discs[opp])
		if flips == 0 {
			panic(fmt.Sprintf("games: Othello move %s turns no disc over", othMoveName(m)))
		}
		b.discs[me] |= flips | 1<<m
		b.discs[opp] &^= flips
		b.key ^= othKeys[me][m]
		for f := flips; f != 0; f &= f - 1 {
			s := bits.TrailingZeros64(f)
			b.key ^= othKeys[me][s] ^ othKeys[opp][s]
		}
	}
	b.key ^= othSideKey
	b.toMove = opp
	b.played = append(b.played, othPlayed{m, flips})
}

// Undo implements Board: the disc taken off and the flipped ones turned back.
func (b *OthelloBoard) Undo() {
	last := b.played[len(b.played)-1]
	b.played = b.played[:len(b.played)-1]
	b.toMove = 1 - b.toMove
	b.key ^= othSideKey
	if last.move == Pass {
		return
	}
	me, opp := b.toMove, 1-b.toMove
	b.discs[me] &^= last.flips | 1<<last.move
	b.discs[opp] |= last.flips
	b.key ^= othKeys[me][last.move]
	for f := last.flips; f != 0; f &= f - 1 {
		s := bits.TrailingZeros64(f)
		b.key ^= othKeys[me][s] ^ othKeys[opp][s]
	}
}

// Outcome implements Board: once neither side can place a disc, more discs win.
func (b *OthelloBoard) Outcome() Outcome {
	p, o := b.discs[b.toMove], b.discs[1-b.toMove]
	if othMoves(p, o) != 0 || othMoves(o, p) != 0 {
		return Ongoing
	}
	switch np, no := bits.OnesCount64(p), bits.OnesCount64(o); {
	case np > no:
		return Win
	case np < no:
		return Loss
	}
	return Draw
}

// Evaluate implements Board with Norvig's weighted squares (Paradigms of AI
// Programming, chapter 18, weighted-squares): the weights of the side to
// move's discs minus the weights of the opponent's.
func (b *OthelloBoard) Evaluate() int {
	score := 0
	for d := b.discs[b.toMove]; d != 0; d &= d - 1 {
		score += othWeights[bits.TrailingZeros64(d)]
	}
	for d := b.discs[1-b.toMove]; d != 0; d &= d - 1 {
		score -= othWeights[bits.TrailingZeros64(d)]
	}
	return score
}

// Prefer implements Board with Norvig's weights themselves: corners first,
// X-squares last.
func (b *OthelloBoard) Prefer(m Move) int {
	if m < 0 || m > 63 {
		return 0
	}
	return othWeights[m]
}

// Side implements Board.
func (b *OthelloBoard) Side() string { return [2]string{"black", "white"}[b.toMove] }

// Discs counts black's and white's discs.
func (b *OthelloBoard) Discs() (black, white int) {
	return bits.OnesCount64(b.discs[0]), bits.OnesCount64(b.discs[1])
}

// Cells implements Board: rank 8 first, b black, w white.
func (b *OthelloBoard) Cells() string {
	var sb strings.Builder
	sb.Grow(64)
	for rank := 7; rank >= 0; rank-- {
		for file := range 8 {
			bit := uint64(1) << othSquare(file, rank)
			switch {
			case b.discs[0]&bit != 0:
				sb.WriteByte('b')
			case b.discs[1]&bit != 0:
				sb.WriteByte('w')
			default:
				sb.WriteByte('.')
			}
		}
	}
	return sb.String()
}
