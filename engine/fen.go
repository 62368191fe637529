package engine

import (
	"fmt"
	"strings"

	"github.com/notnil/chess"
)

// StartFEN is the initial position of a game of chess.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// parseFEN reads a FEN (or the four fields of an EPD position, the move
// counters defaulting to "0 1") and rejects positions the search cannot play
// from: the wrong number of kings, pawns on the first or last rank, or the side
// not to move in check.
func parseFEN(fen string) (*chess.Position, error) {
	fields := strings.Fields(fen)
	switch len(fields) {
	case 4:
		fields = append(fields, "0", "1")
	case 6:
	default:
		return nil, fmt.Errorf("bad FEN %q: it has %d fields, want 6 (board, side, castling, en passant, halfmove clock, move number)", fen, len(fields))
	}
	if err := checkFENBoard(fields[0]); err != nil {
		return nil, fmt.Errorf("bad FEN %q: %v", fen, err)
	}
	var pos chess.Position
	if err := pos.UnmarshalText([]byte(strings.Join(fields, " "))); err != nil {
		return nil, fmt.Errorf("bad FEN %q: %v", fen, strings.TrimPrefix(err.Error(), "chess: "))
	}
	if err := checkPlayable(&pos); err != nil {
		return nil, fmt.Errorf("bad FEN %q: %v", fen, err)
	}
	return &pos, nil
}

// checkFENBoard checks the piece placement field rank by rank, since
// notnil/chess accepts some malformed ranks silently.
func checkFENBoard(board string) error {
	ranks := strings.Split(board, "/")
	if len(ranks) != 8 {
		return fmt.Errorf("the board has %d ranks, want 8", len(ranks))
	}
	for i, r := range ranks {
		squares := 0
		for _, c := range r {
			switch {
			case c >= '1' && c <= '8':
				squares += int(c - '0')
			case strings.ContainsRune("pnbrqkPNBRQK", c):
				squares++
			default:
				return fmt.Errorf("rank %d has %q, which is not a piece or a digit", 8-i, c)
			}
		}
		if squares != 8 {
			return fmt.Errorf("rank %d (%q) has %d squares, want 8", 8-i, r, squares)
		}
	}
	return nil
}

func checkPlayable(pos *chess.Position) error {
	b := pos.Board()
	var kings [2]int
	for sq := 0; sq < 64; sq++ {
		p := b.Piece(chess.Square(sq))
		switch {
		case p == chess.WhiteKing:
			kings[0]++
		case p == chess.BlackKing:
			kings[1]++
		case p.Type() == chess.Pawn && (sq < 8 || sq >= 56):
			return fmt.Errorf("a pawn stands on %s, on the first or last rank", chess.Square(sq))
		}
	}
	if kings[0] != 1 || kings[1] != 1 {
		return fmt.Errorf("it has %d white and %d black kings, want one each", kings[0], kings[1])
	}
	if err := checkCastling(pos); err != nil {
		return err
	}
	if err := checkEnPassant(pos); err != nil {
		return err
	}
	if sideNotToMoveInCheck(pos) {
		return fmt.Errorf("the side not to move is in check, so the position cannot arise in a game")
	}
	return nil
}

// sideNotToMoveInCheck reports whether the king of the side that just moved
// stands attacked.
func sideNotToMoveInCheck(pos *chess.Position) bool {
	squares := mailboxOf(pos.Board())
	return kingAttacked(&squares, pos.Turn().Other())
}

// checkCastling refuses rights whose king and rook are not on their squares:
// notnil/chess would generate the castle anyway.
func checkCastling(pos *chess.Position) error {
	b := pos.Board()
	for _, r := range []struct {
		right      rune
		king, rook chess.Square
		color      chess.Color
	}{
		{'K', chess.E1, chess.H1, chess.White}, {'Q', chess.E1, chess.A1, chess.White},
		{'k', chess.E8, chess.H8, chess.Black}, {'q', chess.E8, chess.A8, chess.Black},
	} {
		if !strings.ContainsRune(pos.CastleRights().String(), r.right) {
			continue
		}
		if b.Piece(r.king) != chess.NewPiece(chess.King, r.color) || b.Piece(r.rook) != chess.NewPiece(chess.Rook, r.color) {
			return fmt.Errorf("castling right %c needs the %s king on %s and a rook on %s", r.right, strings.ToLower(r.color.Name()), r.king, r.rook)
		}
	}
	return nil
}

// checkEnPassant refuses an en-passant square no double pawn push could have
// left: it lies behind a pawn of the side that just moved, on the third rank
// from that side, with the square the pawn came from empty.
func checkEnPassant(pos *chess.Position) error {
	ep := pos.EnPassantSquare()
	if ep == chess.NoSquare {
		return nil
	}
	b := pos.Board()
	rank, pawn, from, to := chess.Rank6, chess.BlackPawn, ep+8, ep-8
	if pos.Turn() == chess.Black {
		rank, pawn, from, to = chess.Rank3, chess.WhitePawn, ep-8, ep+8
	}
	if ep.Rank() != rank || b.Piece(ep) != chess.NoPiece || b.Piece(from) != chess.NoPiece || b.Piece(to) != pawn {
		return fmt.Errorf("en passant square %s is impossible: no %s pawn has just moved two squares past it", ep, strings.ToLower(pos.Turn().Other().Name()))
	}
	return nil
}
