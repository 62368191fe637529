package engine

import (
	"github.com/notnil/chess"
	"github.com/pvscope/pvscope/tracer"
)

// Null-move pruning (Options.NullMove): at a node searched with a null window,
// the side to move passes, and the opponent, moving twice, is searched R plies
// shallower than a move would be (R = 2, 3 from depth 7). If even that fails
// high, a real move would too, and the node cuts off without searching one.
// The pass is wrong where moving hurts (zugzwang), so it is never tried in
// check, after another pass, or with only king and pawns left to the side to
// move, nor at a child of the root (node.go, Step 4b); NullMoveVerify also
// checks each cutoff by searching the node's own moves a ply shallower (Tabibi
// and Netanyahu's verified null-move pruning).
//
// In the trace the pass is a child entered with the move tracer.NullMove
// ("0000"), Reduced = R and Why "null-move", and its cutoff a cutoff by "0000".

// nullMove is the pass, as a Move; it is never one of Moves().
const nullMove Move = 1 << 31

// passer is a Position in which the side to move can pass (chess; a teaching
// tree has no pass, so null-move pruning leaves trees alone).
type passer interface {
	// MakeNull passes the move to the opponent; Unmake takes the pass back.
	MakeNull()
	// HasPieces reports whether the side to move has a piece other than king and pawns.
	HasPieces() bool
}

// Null-move reductions, the depth from which the larger applies, and the
// least depth at which to pass (Patricia's NMPMinDepth). At that depth the pass
// is searched at depth-1-R = 0, quiescence alone: it sees captures only, which
// is what a pass at depth 3 is for (a threat to take something); below it the
// pass would have no depth left at all.
const (
	nullMinDepth      = 3
	nullReduction     = 2
	nullReductionDeep = 3
	nullDeepFrom      = 7
)

// nullOutcome is what the pass says about a node.
type nullOutcome int

const (
	nullNoCut  nullOutcome = iota // not tried, or it failed low: search the moves
	nullCut                       // it failed high: the node cuts off
	nullVerify                    // it failed high: verify with the node's own moves a ply shallower
)

// nullMoveCuts tries the pass at node id (depth plies left, window (beta-1,
// beta), static evaluation eval, not in check) and returns its score and what
// it says.
func (s *searcher) nullMoveCuts(id int32, depth, beta, eval int, expect tracer.NodeType) (int, nullOutcome) {
	ply := s.pos.Ply()
	p, ok := s.pos.(passer)
	if !ok || ply < 2 || depth < nullMinDepth || eval < beta || IsMate(beta) || s.edges[ply].move == nullMove || !p.HasPieces() {
		return 0, nullNoCut
	}
	r := nullReduction
	if depth >= nullDeepFrom {
		r = nullReductionDeep
	}
	s.stats.NullMoves++
	p.MakeNull()
	s.onPV[ply+1] = false
	e := edge{parent: id, move: nullMove, index: -1, reduced: int16(r), why: tracer.WhyNullMove}
	score, _ := s.node(depth-1-r, -beta, -beta+1, childType(expect, 0), e, nil)
	s.pos.Unmake()
	score = -score
	if s.stopped != "" || score < beta {
		return 0, nullNoCut
	}
	if IsMate(score) {
		score = beta // a mate found after a pass is not a mate the position has
	}
	if s.opt.NullMoveVerify && s.verifying == 0 {
		return score, nullVerify
	}
	s.nullCutoff(id, score, beta)
	return score, nullCut
}

// nullCutoff counts and reports a cutoff by the pass.
func (s *searcher) nullCutoff(id int32, score, beta int) {
	s.stats.NullCutoffs++
	if s.sink != nil {
		s.emit(tracer.Event{Kind: tracer.Cutoff, Node: id, Move: tracer.NullMove, Index: -1, Score: int32(score), Beta: int32(beta)})
	}
}

// MakeNull implements passer: the same board with the other side to move, no
// en-passant square, and the fifty-move clock at zero, so that repetitions are
// looked for only among positions after the pass.
func (c *ChessPosition) MakeNull() {
	parent := c.stack[c.ply] // a copy: the stack may grow below
	data, err := parent.pos.MarshalBinary()
	if err != nil {
		panic("engine: a position that cannot be encoded: " + err.Error())
	}
	// notnil/chess's binary form: 96 bytes of board, the half-move clock, the
	// move number (2 bytes), the en-passant square, then flags.
	const clock, flags, turn, hasEP = 96, 100, 1 << 4, 1 << 5
	data[clock] = 0
	data[flags] ^= turn
	data[flags] &^= hasEP
	next := new(chess.Position)
	if err := next.UnmarshalBinary(data); err != nil {
		panic("engine: a pass that cannot be decoded: " + err.Error())
	}
	key := parent.key ^ zobristBlack ^ epKey(parent.pos, &parent.squares)
	c.ply++
	if c.ply == len(c.stack) {
		c.stack = append(c.stack, chessPly{})
	}
	top := &c.stack[c.ply]
	top.pos, top.squares, top.key = next, parent.squares, key
	top.eval, top.count, top.phase = parent.eval, parent.count, parent.phase
	top.inCheck = false // the side that passed was not in check, so the other side is not either
	top.generated, top.legal = false, nil
}

// HasPieces implements passer.
func (c *ChessPosition) HasPieces() bool {
	top := &c.stack[c.ply]
	if top.pos.Turn() == chess.White {
		return top.count[chess.WhiteQueen]+top.count[chess.WhiteRook]+top.count[chess.WhiteBishop]+top.count[chess.WhiteKnight] > 0
	}
	return top.count[chess.BlackQueen]+top.count[chess.BlackRook]+top.count[chess.BlackBishop]+top.count[chess.BlackKnight] > 0
}
