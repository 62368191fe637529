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
