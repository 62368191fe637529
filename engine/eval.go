package engine

import "github.com/notnil/chess"

// The evaluation is material plus piece-square tables: Tomasz Michniewski's
// "Simplified Evaluation Function" (Chess Programming Wiki,
// https://www.chessprogramming.org/Simplified_Evaluation_Function), chosen
// because it is small, published and well known, so a teacher can explain
// every number. Values are centipawns from White's point of view; the king's
// material is not counted. The king has two tables, one for the middle game
// and one for the end game. The search keeps both sums up to date move by
// move, with the king on each table, and a count of the pieces; Evaluate picks
// the sum the material calls for (see phaseOf).

var pieceValue = [7]int{chess.King: 0, chess.Queen: 900, chess.Rook: 500,
	chess.Bishop: 330, chess.Knight: 320, chess.Pawn: 100}

// Tables as printed, rank 8 first, from White's side; Black uses the mirror.
var pstPrinted = [7][64]int{
	chess.Pawn: {
		0, 0, 0, 0, 0, 0, 0, 0,
		50, 50, 50, 50, 50, 50, 50, 50,
		10, 10, 20, 30, 30, 20, 10, 10,
		5, 5, 10, 25, 25, 10, 5, 5,
		0, 0, 0, 20, 20, 0, 0, 0,
		5, -5, -10, 0, 0, -10, -5, 5,
		5, 10, 10, -20, -20, 10, 10, 5,
		0, 0, 0, 0, 0, 0, 0, 0},
	chess.Knight: {
		-50, -40, -30, -30, -30, -30, -40, -50,
		-40, -20, 0, 0, 0, 0, -20, -40,
		-30, 0, 10, 15, 15, 10, 0, -30,
		-30, 5, 15, 20, 20, 15, 5, -30,
		-30, 0, 15, 20, 20, 15, 0, -30,
		-30, 5, 10, 15, 15, 10, 5, -30,
		-40, -20, 0, 5, 5, 0, -20, -40,
		-50, -40, -30, -30, -30, -30, -40, -50},
	chess.Bishop: {
		-20, -10, -10, -10, -10, -10, -10, -20,
		-10, 0, 0, 0, 0, 0, 0, -10,
		-10, 0, 5, 10, 10, 5, 0, -10,
		-10, 5, 5, 10, 10, 5, 5, -10,
		-10, 0, 10, 10, 10, 10, 0, -10,
		-10, 10, 10, 10, 10, 10, 10, -10,
		-10, 5, 0, 0, 0, 0, 5, -10,
		-20, -10, -10, -10, -10, -10, -10, -20},
	chess.Rook: {
		0, 0, 0, 0, 0, 0, 0, 0,
		5, 10, 10, 10, 10, 10, 10, 5,
		-5, 0, 0, 0, 0, 0, 0, -5,
		-5, 0, 0, 0, 0, 0, 0, -5,
		-5, 0, 0, 0, 0, 0, 0, -5,
		-5, 0, 0, 0, 0, 0, 0, -5,
		-5, 0, 0, 0, 0, 0, 0, -5,
		0, 0, 0, 5, 5, 0, 0, 0},
	chess.Queen: {
		-20, -10, -10, -5, -5, -10, -10, -20,
		-10, 0, 0, 0, 0, 0, 0, -10,
		-10, 0, 5, 5, 5, 5, 0, -10,
		-5, 0, 5, 5, 5, 5, 0, -5,
		0, 0, 5, 5, 5, 5, 0, -5,
		-10, 5, 5, 5, 5, 5, 0, -10,
		-10, 0, 5, 0, 0, 0, 0, -10,
		-20, -10, -10, -5, -5, -10, -10, -20},
	chess.King: { // middle game
		-30, -40, -40, -50, -50, -40, -40, -30,
		-30, -40, -40, -50, -50, -40, -40, -30,
		-30, -40, -40, -50, -50, -40, -40, -30,
		-30, -40, -40, -50, -50, -40, -40, -30,
		-20, -30, -30, -40, -40, -30, -30, -20,
		-10, -20, -20, -20, -20, -20, -20, -10,
		20, 20, 0, 0, 0, 0, 20, 20,
		20, 30, 10, 0, 0, 10, 30, 20},
}

// kingEndPrinted is the article's "king end game" table, printed like the others.
var kingEndPrinted = [64]int{
	-50, -40, -30, -20, -20, -30, -40, -50,
	-30, -20, -10, 0, 0, -10, -20, -30,
	-30, -10, 20, 30, 30, 20, -10, -30,
	-30, -10, 30, 40, 40, 30, -10, -30,
	-30, -10, 30, 40, 40, 30, -10, -30,
	-30, -10, 20, 30, 30, 20, -10, -30,
	-30, -30, 0, 0, 0, 0, -30, -30,
	-50, -30, -30, -30, -30, -30, -30, -50}

// phase says which king table applies.
type phase int

const (
	middleGame phase = iota
	endGame
)

// pieceCount is how many of each piece stand on the board, indexed by chess.Piece.
type pieceCount [13]int8

// phaseOf applies the article's rule, quoted: "Additionally we should define
// where the ending begins. For me it might be either if: Both sides have no
// queens or Every side which has a queen has additionally no other pieces or
// one minorpiece maximum." Pawns are not pieces here, as in chess usage. The
// second case contains the first (a side without a queen has nothing to
// check), so: every side has no queen, or one queen and, besides it, no rook,
// no second queen and at most one knight or bishop.
func phaseOf(n *pieceCount) phase {
	if sideEnds(n[chess.WhiteQueen], n[chess.WhiteRook], n[chess.WhiteKnight]+n[chess.WhiteBishop]) &&
		sideEnds(n[chess.BlackQueen], n[chess.BlackRook], n[chess.BlackKnight]+n[chess.BlackBishop]) {
		return endGame
	}
	return middleGame
}

// sideEnds is the rule for one side, given its queens, rooks and minor pieces.
func sideEnds(queens, rooks, minors int8) bool {
	return queens == 0 || queens == 1 && rooks == 0 && minors <= 1
}

// pieceSquare[phase][piece][square] is material plus table, signed for White,
// with squares numbered as notnil/chess does (a1 = 0, h8 = 63). The two phases
// differ only for kings.
var pieceSquare [2][13][64]int

func init() {
	for ph := middleGame; ph <= endGame; ph++ {
		for pt := chess.King; pt <= chess.Pawn; pt++ {
			printed := &pstPrinted[pt]
			if pt == chess.King && ph == endGame {
				printed = &kingEndPrinted
			}
			for sq := 0; sq < 64; sq++ {
				rank, file := sq/8, sq%8
				white := printed[(7-rank)*8+file] // printed rank 8 first
				black := printed[rank*8+file]     // mirrored
				pieceSquare[ph][chess.NewPiece(pt, chess.White)][sq] = pieceValue[pt] + white
				pieceSquare[ph][chess.NewPiece(pt, chess.Black)][sq] = -(pieceValue[pt] + black)
			}
		}
	}
}

// tally sums the tables over a board, with the king on each table, and counts
// the pieces: what the search then keeps up to date move by move.
func tally(m *mailbox) (sums [2]int, n pieceCount) {
	for sq, p := range m {
		if p != chess.NoPiece {
			sums[middleGame] += pieceSquare[middleGame][p][sq]
			sums[endGame] += pieceSquare[endGame][p][sq]
			n[p]++
		}
	}
	return sums, n
}

// evalFromScratch is the evaluation of a board from White's point of view,
// computed square by square from the library's board.
func evalFromScratch(b *chess.Board) int {
	squares := mailboxOf(b)
	sums, n := tally(&squares)
	return sums[phaseOf(&n)]
}
