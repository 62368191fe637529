package engine

import "github.com/pvscope/pvscope/tracer"

// Pruning skips work the static evaluation says cannot matter. Margins are of
// the size Patricia uses (engine/src/params.h: RFPMargin 80 up to depth 9,
// FPMargin 100 and 125, LMPBase 3 up to depth 5).
//
// Reverse futility (Options.Futility): at a null-window node out of check whose
// evaluation beats beta by more than 80 a ply (depth 9 or less), the node
// returns its evaluation without searching a move; the exit says eval.
//
// Futility (Options.Futility): at depth 8 or less, out of check, a quiet move
// that gives no check is skipped when the evaluation plus 100 + 125 a ply
// cannot reach alpha.
//
// Late move pruning (Options.LateMovePruning): at depth 5 or less, out of
// check, quiet moves after the first 3 + depth² are skipped.
//
// Neither prunes the first move, a move of the root, or any move once the node
// is found to be mated; each skipped move is a prune event with its why.
const (
	reverseFutilityMargin = 80
	reverseFutilityDepth  = 9
	futilityBase          = 100
	futilityMargin        = 125
	futilityDepth         = 8
	lateMoveBase          = 3
	lateMoveDepth         = 5
)

// reverseFutility reports whether a null-window node at depth, out of check
// with static evaluation eval, returns eval without a search.
func (s *searcher) reverseFutility(depth, beta, eval int) bool {
	return s.opt.Futility && depth <= reverseFutilityDepth && !IsMate(beta) &&
		eval-reverseFutilityMargin*depth >= beta
}

// futileHope is the futility test of a node at depth out of check: the evaluation
// plus the margin is its hope for a quiet move.
func (s *searcher) futileHope(depth, eval int) int {
	return eval + futilityBase + futilityMargin*depth
}

// prunes says why the i-th move of a node at depth (made, quiet, the node out
// of check, best the best score so far) is skipped, or "" to search it.
func (s *searcher) prunes(i, depth, alpha, best, eval int) string {
	if i == 0 || best <= -mateBound || s.pos.Ply() == 1 || s.pos.InCheck() {
		return ""
	}
	switch {
	case s.opt.LateMovePruning && depth <= lateMoveDepth && i >= lateMoveBase+depth*depth:
		return tracer.WhyLateMove
	case s.opt.Futility && depth <= futilityDepth && s.futileHope(depth, eval) <= alpha:
		return tracer.WhyFutility
	}
	return ""
}

// prune counts and reports the i-th move m of node id as skipped, for why.
func (s *searcher) prune(id int32, m Move, i int, why string) {
	s.stats.Pruned++
	if s.sink != nil {
		s.emit(tracer.Event{Kind: tracer.Prune, Node: id, Move: s.name(m), Index: int16(i), Why: why})
	}
}
