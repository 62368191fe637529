package engine

import (
	"strings"

	"github.com/notnil/chess"
	"github.com/pvscope/pvscope/tracer/msg"
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
		return nil, msg.New("go-engine.fenFields", "bad FEN \"{fen}\": it has {n} fields, want 6 (board, side, castling, en passant, halfmove clock, move number)",
			"fen", quoted(fen), "n", len(fields))
	}
	if err := checkFENBoard(fen, fields[0]); err != nil {
		return nil, err
	}
	var pos chess.Position
	if err := pos.UnmarshalText([]byte(strings.Join(fields, " "))); err != nil {
		// notnil/chess's own words: the page can only show them as they are.
		return nil, msg.New("go-engine.fenLibrary", "bad FEN \"{fen}\": {reason}",
			"fen", quoted(fen), "reason", strings.TrimPrefix(err.Error(), "chess: "))
	}
	if err := checkPlayable(fen, &pos); err != nil {
		return nil, err
	}
	return &pos, nil
}

// checkFENBoard checks the piece placement field rank by rank, since
// notnil/chess accepts some malformed ranks silently. Its sentences name the
// whole FEN, each one whole, so a translation need not glue pieces.
func checkFENBoard(fen, board string) error {
	ranks := strings.Split(board, "/")
	if len(ranks) != 8 {
		return msg.New("go-engine.fenRanks", "bad FEN \"{fen}\": the board has {n} ranks, want 8", "fen", quoted(fen), "n", len(ranks))
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
				return msg.New("go-engine.fenBadChar", "bad FEN \"{fen}\": rank {rank} has '{char}', which is not a piece or a digit",
					"fen", quoted(fen), "rank", 8-i, "char", quotedRune(c))
			}
		}
		if squares != 8 {
			return msg.New("go-engine.fenRankSquares", "bad FEN \"{fen}\": rank {rank} (\"{text}\") has {n} squares, want 8",
				"fen", quoted(fen), "rank", 8-i, "text", quoted(r), "n", squares)
		}
	}
	return nil
}

func checkPlayable(fen string, pos *chess.Position) error {
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
			return msg.New("go-engine.fenPawnRank", "bad FEN \"{fen}\": a pawn stands on {square}, on the first or last rank",
				"fen", quoted(fen), "square", chess.Square(sq).String())
		}
	}
	if kings[0] != 1 || kings[1] != 1 {
		return msg.New("go-engine.fenKings", "bad FEN \"{fen}\": it has {white} white and {black} black kings, want one each",
			"fen", quoted(fen), "white", kings[0], "black", kings[1])
	}
	if err := checkCastling(fen, pos); err != nil {
		return err
	}
	if err := checkEnPassant(fen, pos); err != nil {
		return err
	}
	if sideNotToMoveInCheck(pos) {
		return msg.New("go-engine.fenOtherSideInCheck", "bad FEN \"{fen}\": the side not to move is in check, so the position cannot arise in a game",
			"fen", quoted(fen))
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
func checkCastling(fen string, pos *chess.Position) error {
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
			if r.color == chess.White {
				return msg.New("go-engine.fenCastlingWhite", "bad FEN \"{fen}\": castling right {right} needs the white king on {king} and a rook on {rook}",
					"fen", quoted(fen), "right", string(r.right), "king", r.king.String(), "rook", r.rook.String())
			}
			return msg.New("go-engine.fenCastlingBlack", "bad FEN \"{fen}\": castling right {right} needs the black king on {king} and a rook on {rook}",
				"fen", quoted(fen), "right", string(r.right), "king", r.king.String(), "rook", r.rook.String())
		}
	}
	return nil
}

// checkEnPassant refuses an en-passant square no double pawn push could have
// left: it lies behind a pawn of the side that just moved, on the third rank
// from that side, with the square the pawn came from empty.
func checkEnPassant(fen string, pos *chess.Position) error {
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
		if pos.Turn().Other() == chess.White {
			return msg.New("go-engine.fenEnPassantWhite", "bad FEN \"{fen}\": en passant square {square} is impossible: no white pawn has just moved two squares past it",
				"fen", quoted(fen), "square", ep.String())
		}
		return msg.New("go-engine.fenEnPassantBlack", "bad FEN \"{fen}\": en passant square {square} is impossible: no black pawn has just moved two squares past it",
			"fen", quoted(fen), "square", ep.String())
	}
	return nil
}
