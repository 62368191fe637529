package engine

import "github.com/notnil/chess"

// The evaluation is material plus piece-square tables: Tomasz Michniewski's
// "Simplified Evaluation Function" (Chess Programming Wiki), chosen because it
// is small, published and well known, so a teacher can explain every number.
// Values are centipawns from White's point of view; the king's material is not
// counted. The search keeps the sum up to date move by move.

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

// pieceSquare[piece][square] is material plus table, signed for White, with
// squares numbered as notnil/chess does (a1 = 0, h8 = 63).
var pieceSquare [13][64]int

func init() {
	for pt := chess.King; pt <= chess.Pawn; pt++ {
		for sq := 0; sq < 64; sq++ {
			rank, file := sq/8, sq%8
			white := pstPrinted[pt][(7-rank)*8+file] // printed rank 8 first
			black := pstPrinted[pt][rank*8+file]     // mirrored
			pieceSquare[chess.NewPiece(pt, chess.White)][sq] = pieceValue[pt] + white
			pieceSquare[chess.NewPiece(pt, chess.Black)][sq] = -(pieceValue[pt] + black)
		}
	}
}

// evalFromScratch sums the tables over the board, from White's point of view.
func evalFromScratch(b *chess.Board) int {
	e := 0
	for sq := 0; sq < 64; sq++ {
		if p := b.Piece(chess.Square(sq)); p != chess.NoPiece {
			e += pieceSquare[p][sq]
		}
	}
	return e
}
