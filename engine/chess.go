package engine

import (
	"fmt"

	"github.com/notnil/chess"
	"github.com/pvscope/pvscope/tracer"
	"github.com/pvscope/pvscope/tracer/msg"
)

// ChessPosition is a Position on notnil/chess. The library's positions are
// immutable (Update returns a new one), so we keep one per ply on a stack,
// along with our own Zobrist key, the incrementally updated evaluation and the
// legal moves once generated.
//
// A *chess.Position caches its moves when first asked, so a ChessPosition, like
// the library's positions inside it, belongs to one goroutine.
type ChessPosition struct {
	stack []chessPly
	ply   int
}

type chessPly struct {
	pos       *chess.Position
	squares   mailbox // what stands where, so we never ask the library square by square
	key       uint64
	eval      [2]int     // material + piece-square, White's point of view, by phase (king table)
	count     pieceCount // pieces on the board, to choose the phase
	phase     phase      // which of the two sums Evaluate reads: phaseOf(&count)
	inCheck   bool
	generated bool
	legal     []*chess.Move // the library's moves, to play them
	moves     []Move        // the same moves in our encoding, reused across visits
}

// NewChessPosition reads a FEN (four EPD fields are accepted too).
func NewChessPosition(fen string) (*ChessPosition, error) {
	pos, err := parseFEN(fen)
	if err != nil {
		return nil, err
	}
	c := &ChessPosition{stack: make([]chessPly, 1, 64)}
	squares := mailboxOf(pos.Board())
	sums, count := tally(&squares)
	c.stack[0] = chessPly{
		pos:     pos,
		squares: squares,
		key:     keyFromScratch(pos),
		eval:    sums,
		count:   count,
		phase:   phaseOf(&count),
		inCheck: kingAttacked(&squares, pos.Turn()),
	}
	return c, nil
}

// FEN is the current position in Forsyth-Edwards notation.
func (c *ChessPosition) FEN() string { return c.stack[c.ply].pos.String() }

// Key implements Position.
func (c *ChessPosition) Key() uint64 { return c.stack[c.ply].key }

// Ply implements Position.
func (c *ChessPosition) Ply() int { return c.ply }

// InCheck implements Position.
func (c *ChessPosition) InCheck() bool { return c.stack[c.ply].inCheck }

// Evaluate implements Position: the sum for the phase the material calls for.
func (c *ChessPosition) Evaluate() int {
	top := &c.stack[c.ply]
	e := top.whiteEval()
	if top.pos.Turn() == chess.Black {
		return -e
	}
	return e
}

// whiteEval is the evaluation from White's point of view.
func (p *chessPly) whiteEval() int { return p.eval[p.phase] }

// Moves implements Position.
func (c *ChessPosition) Moves() []Move {
	top := &c.stack[c.ply]
	if !top.generated {
		top.legal = top.pos.ValidMoves()
		top.moves = top.moves[:0]
		for _, m := range top.legal {
			top.moves = append(top.moves, encodeChessMove(m))
		}
		top.generated = true
	}
	return top.moves
}

func encodeChessMove(m *chess.Move) Move {
	return 1<<15 | Move(m.S1()) | Move(m.S2())<<6 | Move(m.Promo())<<12
}

func moveFrom(m Move) chess.Square     { return chess.Square(m & 63) }
func moveTo(m Move) chess.Square       { return chess.Square(m >> 6 & 63) }
func movePromo(m Move) chess.PieceType { return chess.PieceType(m >> 12 & 7) }

// libraryMove finds the library's move for m among this ply's legal moves.
// It matches on the encoding, not the position in the list: the searcher
// reorders the list it was given.
func (c *ChessPosition) libraryMove(m Move) *chess.Move {
	c.Moves()
	top := &c.stack[c.ply]
	for _, cm := range top.legal {
		if encodeChessMove(cm) == m {
			return cm
		}
	}
	panic(fmt.Sprintf("engine: move %s is not legal in %s", UCI(m), top.pos))
}

// Make implements Position.
func (c *ChessPosition) Make(m Move) {
	cm := c.libraryMove(m)
	parent := &c.stack[c.ply]
	next := parent.pos.Update(cm)
	key, eval, count, squares := parent.key, parent.eval, parent.count, parent.squares
	mover := squares[cm.S1()]
	// toggle takes a piece off (sign -1) or puts it on a square (+1): the key
	// flips either way, both evaluations move by the piece's value there.
	toggle := func(p chess.Piece, sq chess.Square, sign int) {
		key ^= zobristPiece[p][sq]
		eval[middleGame] += sign * pieceSquare[middleGame][p][sq]
		eval[endGame] += sign * pieceSquare[endGame][p][sq]
		count[p] += int8(sign)
		if sign < 0 {
			squares[sq] = chess.NoPiece
		} else {
			squares[sq] = p
		}
	}
	toggle(mover, cm.S1(), -1)
	ph := parent.phase // only a capture or a promotion changes the pieces
	if captured := squares[cm.S2()]; captured != chess.NoPiece {
		toggle(captured, cm.S2(), -1)
		ph = -1
	}
	placed := mover
	if cm.Promo() != chess.NoPieceType {
		placed = chess.NewPiece(cm.Promo(), mover.Color())
		ph = -1
	}
	toggle(placed, cm.S2(), +1)
	if cm.HasTag(chess.EnPassant) {
		victim, sq := chess.BlackPawn, cm.S2()-8
		if mover.Color() == chess.Black {
			victim, sq = chess.WhitePawn, cm.S2()+8
		}
		toggle(victim, sq, -1)
	}
	if cm.HasTag(chess.KingSideCastle) || cm.HasTag(chess.QueenSideCastle) {
		rook := chess.NewPiece(chess.Rook, mover.Color())
		base := cm.S1() - 4 // a1 or a8
		from, to := base+7, base+5
		if cm.HasTag(chess.QueenSideCastle) {
			from, to = base, base+3
		}
		toggle(rook, from, -1)
		toggle(rook, to, +1)
	}
	if ph < 0 {
		ph = phaseOf(&count)
	}
	key ^= zobristBlack
	key ^= zobristCastle[castleMask(parent.pos.CastleRights())] ^ zobristCastle[castleMask(next.CastleRights())]
	key ^= epKey(parent.pos, &parent.squares) ^ epKey(next, &squares)

	c.ply++
	if c.ply == len(c.stack) {
		c.stack = append(c.stack, chessPly{})
	}
	top := &c.stack[c.ply]
	top.pos, top.squares, top.key = next, squares, key
	top.eval, top.count, top.phase = eval, count, ph
	top.inCheck = cm.HasTag(chess.Check)
	top.generated, top.legal = false, nil
}

// Unmake implements Position.
func (c *ChessPosition) Unmake() {
	if c.ply == 0 {
		panic("engine: Unmake at the root")
	}
	c.stack[c.ply].pos, c.stack[c.ply].legal = nil, nil
	c.ply--
}

// NoMoves implements Position: checkmate scores as a loss at this ply, so
// that nearer mates score higher; stalemate is a draw.
func (c *ChessPosition) NoMoves() (int, tracer.End) {
	if c.InCheck() {
		return -MateIn(c.ply), tracer.Mate
	}
	return 0, tracer.Stalemate
}

// Draw implements Position. A position repeated once on the line from the root
// already scores as a draw: if it is good to repeat once, it is good to repeat
// again. Only positions since the last capture or pawn move can repeat.
func (c *ChessPosition) Draw() tracer.End {
	top := &c.stack[c.ply]
	clock := top.pos.HalfMoveClock()
	if clock >= 100 && !(top.inCheck && len(c.Moves()) == 0) {
		return tracer.FiftyMove
	}
	for i := c.ply - 2; i >= 0 && i >= c.ply-clock; i -= 2 {
		if c.stack[i].key == top.key {
			return tracer.Repetition
		}
	}
	return tracer.Searched
}

// Material implements Position: the value captured plus what a promotion
// adds, and the value of the moving piece. An en-passant capture lands on an
// empty square and takes a pawn.
func (c *ChessPosition) Material(m Move) (gain, mover int) {
	squares := &c.stack[c.ply].squares
	attacker := squares[moveFrom(m)].Type()
	victim := squares[moveTo(m)].Type()
	if victim == chess.NoPieceType && attacker == chess.Pawn && moveTo(m) == c.stack[c.ply].pos.EnPassantSquare() {
		victim = chess.Pawn
	}
	gain = pieceValue[victim]
	if p := movePromo(m); p != chess.NoPieceType {
		gain += pieceValue[p] - pieceValue[chess.Pawn]
	}
	return gain, pieceValue[attacker]
}

// Defended implements Position.
func (c *ChessPosition) Defended(m Move) bool {
	top := &c.stack[c.ply]
	return squareAttacked(&top.squares, int(moveTo(m)), top.pos.Turn().Other())
}

// HistorySlot implements Position.
func (c *ChessPosition) HistorySlot(m Move) int { return int(m & 4095) }

// MoveName implements Position: UCI notation, e.g. "e2e4", "e7e8q".
func (c *ChessPosition) MoveName(m Move) string { return UCI(m) }

// UCI names a chess move in UCI notation.
func UCI(m Move) string {
	s := uciSquares[moveFrom(m)][moveTo(m)]
	if p := movePromo(m); p != chess.NoPieceType {
		s += p.String()
	}
	return s
}

// uciSquares holds every from-to string once, so naming a move for the trace
// does not allocate.
var uciSquares [64][64]string

func init() {
	for f := 0; f < 64; f++ {
		for t := 0; t < 64; t++ {
			uciSquares[f][t] = chess.Square(f).String() + chess.Square(t).String()
		}
	}
}

// SAN names m, played from the current position, in standard algebraic notation.
func (c *ChessPosition) SAN(m Move) string {
	return chess.AlgebraicNotation{}.Encode(c.stack[c.ply].pos, c.libraryMove(m))
}

// ParseMove reads a move in UCI notation, legal in the current position.
func (c *ChessPosition) ParseMove(uci string) (Move, error) {
	for _, m := range c.Moves() {
		if UCI(m) == uci {
			return m, nil
		}
	}
	return NoMove, msg.New("go-engine.illegalMove", "\"{move}\" is not a legal move in {fen}", "move", quoted(uci), "fen", c.FEN())
}
