package engine

import "github.com/pvscope/pvscope/tracer"

// Pruning skips work the static evaluation says cannot matter. Margins are of
// the size Patricia uses (engine/src/params.h: RFPMargin 80, FPMargin 100 and
// 125, LMPBase 3). The depths are Heinz's frontier and pre-frontier nodes
// (depth 1 and 2, "Extended Futility Pruning", ICCA Journal 1998), not
// Patricia's 9, 8 and 5: deeper, each hid mates in 2 and 3 from a search of
// depth 2N-1, whose last plies are all needed (docs/measurements.md, Modern search).
//
// Reverse futility (Options.Futility): at a null-window node out of check at
// depth 1 (a frontier node, the child of a pre-frontier node where extended
// futility would have pruned its move) whose evaluation beats beta by more
// than 80, the node returns its evaluation without searching a move; the exit
// says eval. At depth 2 a quiet move threatening mate in one, or a zugzwang,
// looks lost to a side ahead in material; at depth 1 its replies would be
// searched by quiescence alone, which sees no quiet mate either.
//
// Futility (Options.Futility): at depth 2 or less, out of check, a quiet move
// that gives no check is skipped when the evaluation plus 100 + 125 a ply
// cannot reach alpha.
//
// Late move pruning (Options.LateMovePruning): at depth 2 or less, out of
// check, quiet moves after the first 3 + depth² are skipped.
//
// Neither prunes the first move, a move of the root, or any move once the node
// is found to be mated; each skipped move is a prune event with its why.
const (
	reverseFutilityMargin = 80
	reverseFutilityDepth  = 1
	futilityBase          = 100
	futilityMargin        = 125
	futilityDepth         = 2
	lateMoveBase          = 3
	lateMoveDepth         = 2
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
