package engine

import "github.com/notnil/chess"

// notnil/chess keeps "in check" private, and answers "what stands on this
// square?" by scanning twelve bitboards. We keep a mailbox per ply instead and
// look at it for attacks: the FEN checks need "in check" for the side not to
// move, quiescence and move ordering need "is this square defended?".

// mailbox is the board as an array: the piece on each square, a1 = 0, h8 = 63.
type mailbox [64]chess.Piece

// mailboxOf reads a board square by square from the library.
func mailboxOf(b *chess.Board) mailbox {
	var m mailbox
	for sq := range m {
		m[sq] = b.Piece(chess.Square(sq))
	}
	return m
}

var (
	knightSteps = [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
	kingSteps   = [8][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}
	rookRays    = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	bishopRays  = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
)

// kingAttacked reports whether the king of colour c is attacked.
func kingAttacked(b *mailbox, c chess.Color) bool {
	king := chess.NewPiece(chess.King, c)
	for sq := 0; sq < 64; sq++ {
		if b[sq] == king {
			return squareAttacked(b, sq, c.Other())
		}
	}
	return false
}

// squareAttacked reports whether a piece of colour by attacks sq.
func squareAttacked(b *mailbox, sq int, by chess.Color) bool {
	file, rank := sq%8, sq/8
	at := func(df, dr int) chess.Piece {
		f, r := file+df, rank+dr
		if f < 0 || f > 7 || r < 0 || r > 7 {
			return chess.NoPiece
		}
		return b[r*8+f]
	}
	is := func(p chess.Piece, types ...chess.PieceType) bool {
		if p == chess.NoPiece || p.Color() != by {
			return false
		}
		for _, t := range types {
			if p.Type() == t {
				return true
			}
		}
		return false
	}
	pawnDir := -1 // a white pawn attacks upwards, so it stands below
	if by == chess.Black {
		pawnDir = 1
	}
	if is(at(-1, pawnDir), chess.Pawn) || is(at(1, pawnDir), chess.Pawn) {
		return true
	}
	for _, s := range knightSteps {
		if is(at(s[0], s[1]), chess.Knight) {
			return true
		}
	}
	for _, s := range kingSteps {
		if is(at(s[0], s[1]), chess.King) {
			return true
		}
	}
	slide := func(rays [4][2]int, types ...chess.PieceType) bool {
		for _, d := range rays {
			for k := 1; k < 8; k++ {
				f, r := file+k*d[0], rank+k*d[1]
				if f < 0 || f > 7 || r < 0 || r > 7 {
					break
				}
				if p := b[r*8+f]; p != chess.NoPiece {
					if is(p, types...) {
						return true
					}
					break
				}
			}
		}
		return false
	}
	return slide(rookRays, chess.Rook, chess.Queen) || slide(bishopRays, chess.Bishop, chess.Queen)
}
