package engine

import (
	"github.com/notnil/chess"
	"github.com/pvscope/pvscope/engine/games"
)

// Our own 64-bit Zobrist keys. notnil/chess's Hash() is an MD5 of the whole
// position including the move counters, so two visits of the same position
// after different move orders get different hashes: useless for a
// transposition table or a repetition check.
var (
	zobristPiece  [13][64]uint64 // indexed by chess.Piece (1..12) and square
	zobristBlack  uint64         // xored in when Black is to move
	zobristCastle [16]uint64     // indexed by castleMask
	zobristEPFile [8]uint64      // only when an en-passant capture is possible
)

func init() {
	// Fixed seed: keys are the same in every run, so traces are reproducible.
	rng := games.SplitMix64(0x9E3779B97F4A7C15)
	for p := 1; p < 13; p++ {
		for sq := 0; sq < 64; sq++ {
			zobristPiece[p][sq] = rng.Next()
		}
	}
	zobristBlack = rng.Next()
	for i := range zobristCastle {
		zobristCastle[i] = rng.Next()
	}
	for i := range zobristEPFile {
		zobristEPFile[i] = rng.Next()
	}
}

// castleMask packs castling rights into 4 bits: K, Q, k, q.
func castleMask(cr chess.CastleRights) int {
	m := 0
	for _, c := range cr {
		switch c {
		case 'K':
			m |= 1
		case 'Q':
			m |= 2
		case 'k':
			m |= 4
		case 'q':
			m |= 8
		}
	}
	return m
}

// epKey is the en-passant part of the key. notnil/chess sets the square after
// every double pawn push; we count it only when the side to move can legally
// capture en passant, as FIDE's Laws of Chess do for repetition (9.2.3:
// positions are the same when "the possible moves of all the pieces" are). So
// the same position reached with and without a harmless double push, or one
// whose capture would leave the king in check, gets the same key.
func epKey(pos *chess.Position, squares *mailbox) uint64 {
	if f := epFile(pos, squares); f >= 0 {
		return zobristEPFile[f]
	}
	return 0
}

// epFile is the file of the en-passant square when the side to move can
// legally capture there, -1 otherwise.
func epFile(pos *chess.Position, squares *mailbox) int {
	ep := pos.EnPassantSquare()
	if ep == chess.NoSquare {
		return -1
	}
	f := int(ep.File())
	// The capturing pawn stands on the rank of the pawn that just moved.
	rank, pawn := int(ep.Rank())-1, chess.WhitePawn
	if pos.Turn() == chess.Black {
		rank, pawn = int(ep.Rank())+1, chess.BlackPawn
	}
	for _, df := range [2]int{-1, 1} {
		if ff := f + df; ff >= 0 && ff < 8 && squares[rank*8+ff] == pawn && epLegal(squares, rank*8+ff, int(ep), rank*8+f) {
			return f
		}
	}
	return -1
}

// EnPassantCapture reports whether the side to move can legally capture en
// passant: the FEN's en-passant square is set after every double push, this
// only when a pawn beside may take without leaving its king in check.
func (c *ChessPosition) EnPassantCapture() bool {
	top := &c.stack[c.ply]
	return epFile(top.pos, &top.squares) >= 0
}

// epLegal reports whether the pawn on from may take en passant, landing on to
// and removing the pawn on victim: whether its own king is safe afterwards.
// The capture empties two squares of one rank at once, so a pawn that is not
// pinned alone may still be unable to take (a rook and the king on that rank).
// It runs only when a pawn stands beside a pawn that has just moved two squares.
func epLegal(squares *mailbox, from, to, victim int) bool {
	after := *squares
	pawn := after[from]
	after[from], after[victim], after[to] = chess.NoPiece, chess.NoPiece, pawn
	return !kingAttacked(&after, pawn.Color())
}

// keyFromScratch computes a position's key from the library's board, square
// by square. The search updates keys move by move; tests check the two agree.
func keyFromScratch(pos *chess.Position) uint64 {
	var k uint64
	squares := mailboxOf(pos.Board())
	for sq, p := range squares {
		if p != chess.NoPiece {
			k ^= zobristPiece[p][sq]
		}
	}
	if pos.Turn() == chess.Black {
		k ^= zobristBlack
	}
	return k ^ zobristCastle[castleMask(pos.CastleRights())] ^ epKey(pos, &squares)
}
