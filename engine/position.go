package engine

import "github.com/pvscope/pvscope/tracer"

// Position is what the searcher walks: a game position with a stack of the moves
// made from the root, so that Make and Unmake move one ply down and up.
// Scores are from the side to move's point of view (negamax).
//
// A Position is used by one goroutine at a time.
type Position interface {
	// Key identifies the position for the transposition table and for repetitions.
	Key() uint64
	// Ply is the number of moves made since the root.
	Ply() int
	// Moves lists the legal moves here. The slice belongs to this ply: the caller
	// may reorder it, and it stays valid while deeper plies are searched.
	Moves() []Move
	// Make plays m, which must be one of Moves(); Unmake takes back the last Make.
	Make(m Move)
	Unmake()
	// Evaluate is the static evaluation for the side to move.
	Evaluate() int
	// NoMoves scores a position without legal moves: mate or stalemate in chess,
	// the given value of a leaf in a teaching tree.
	NoMoves() (score int, why tracer.End)
	// Draw reports a draw by rule before any move is generated: tracer.Repetition
	// or tracer.FiftyMove, tracer.Searched when the game goes on.
	Draw() tracer.End
	// InCheck reports whether the side to move is in check.
	InCheck() bool
	// Material is what m wins in material (the captured piece plus any
	// promotion gain; 0 for a quiet move) and the value of the piece moving:
	// quiescence searches the moves that win material, ordering ranks them.
	Material(m Move) (gain, mover int)
	// Defended reports whether the opponent guards the square m moves to.
	Defended(m Move) bool
	// HistorySlot maps a move to an index below HistorySlots for the history heuristic.
	HistorySlot(m Move) int
	// MoveName is the move as the trace and the command line show it: UCI in
	// chess, the child index in a tree.
	MoveName(m Move) string
}

// HistorySlots is the size of the history table: one slot per (from, to) pair.
const HistorySlots = 64 * 64
