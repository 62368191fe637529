package engine

import "github.com/notnil/chess"

// notnil/chess keeps "in check" private and sets it only for positions it
// reached by a move or read with UnmarshalText; the FEN checks need it for the
// side not to move too, so we look at the board ourselves.

var (
	knightSteps = [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
	kingSteps   = [8][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}
	rookRays    = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	bishopRays  = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
)

// kingAttacked reports whether the king of colour c is attacked.
func kingAttacked(b *chess.Board, c chess.Color) bool {
	king := chess.NewPiece(chess.King, c)
	for sq := 0; sq < 64; sq++ {
		if b.Piece(chess.Square(sq)) == king {
			return squareAttacked(b, sq, c.Other())
		}
	}
	return false
}

// squareAttacked reports whether a piece of colour by attacks sq.
func squareAttacked(b *chess.Board, sq int, by chess.Color) bool {
	file, rank := sq%8, sq/8
	at := func(df, dr int) chess.Piece {
		f, r := file+df, rank+dr
		if f < 0 || f > 7 || r < 0 || r > 7 {
			return chess.NoPiece
		}
		return b.Piece(chess.Square(r*8 + f))
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
				if p := b.Piece(chess.Square(r*8 + f)); p != chess.NoPiece {
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
