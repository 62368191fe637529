package engine

import (
	"math"

	"github.com/pvscope/pvscope/tracer"
)

// Reductions search a move, or a node, fewer plies deep than its depth asks.
//
// Late move reductions (Options.LMR): once the first moves of a node are
// searched, the later quiet ones are unlikely to be best, so they are probed
// with a null window r plies shallower; one that still beats alpha is searched
// again at full depth with the node's window (a re-search whose ref is the
// reduced probe). r comes from the log-log table of Stockfish-style engines,
// here Patricia's (engine/src/params.h: LMRBase 5, LMRRatio 23):
//
//	r = 0.5 + ln(depth) * ln(move number) / 2.3
//
// one less at a node with an open window, never below zero nor so much that
// the probe lands below depth 1. Captures, promotions, killers, moves that
// give check and moves made in check are not reduced, nor any move at depth
// 3: reduced there, a quiet move's probe has one ply, which does not see the
// mate in one it threatens (a mate in 3 searched at depth 5 lost its second
// move so).
//
// Internal iterative reduction (Options.IIR): a node 4 or more plies deep whose
// table entry has no move (Weiss's search.c: depth >= 4 && !ttMove) is searched
// a ply shallower: without a move to try first its search would be slow, and
// the entry it stores gives the next visit that move. (From depth 3, as
// Patricia does, it hid mates in 2 below a depth-3 node.)

// lmrTable[depth][n] is the reduction of the n-th move (1 first) at depth.
var lmrTable [MaxDepth + 1][64]int8

func init() {
	for d := 1; d <= MaxDepth; d++ {
		for n := 1; n < 64; n++ {
			lmrTable[d][n] = int8(0.5 + math.Log(float64(d))*math.Log(float64(n))/2.3)
		}
	}
}

// Where late move reductions start: moves after the first lmrFirst, at depth lmrMinDepth or more.
const (
	lmrFirst    = 2
	lmrMinDepth = 4
	iirMinDepth = 4
)

// lateReduction is how many plies shallower the i-th move (0 first) of a node
// at depth is probed; quiet says it captures and promotes nothing, check that
// it gives check (it is made).
func (s *searcher) lateReduction(m Move, i, depth, alpha, beta int, quiet, inCheck bool) int {
	ply := s.pos.Ply() - 1 // m is made: the node is a ply up
	if !s.opt.LMR || ply == 0 || i < lmrFirst || depth < lmrMinDepth || !quiet || inCheck || s.pos.InCheck() ||
		m == s.killers[ply][0] || m == s.killers[ply][1] {
		return 0
	}
	r := int(lmrTable[min(depth, MaxDepth)][min(i+1, 63)])
	if beta-alpha > 1 {
		r--
	}
	return max(0, min(r, depth-2))
}

// iirReduces reports whether node at depth, about to be entered, is searched a
// ply shallower: its table entry (looked at without counting it) has no move
// and it is not on the previous iteration's line, which gives it one.
func (s *searcher) iirReduces(depth int) bool {
	if !s.opt.IIR || depth < iirMinDepth || s.tt == nil || s.pos.Ply() == 0 {
		return false
	}
	if ply := s.pos.Ply(); s.onPV[ply] && ply < len(s.prevPV) {
		return false
	}
	e, ok := s.tt.probe(s.pos.Key(), s.pos.Ply())
	return !ok || e.move == NoMove
}

// shallowReason is why a line that reaches the horizon at ply, before the
// iteration's depth, is short: the nearest reduction on its path, from the
// edge into the horizon node (from) up.
func (s *searcher) shallowReason(from edge, ply int) tracer.Reason {
	for p := ply; p > 0; p-- {
		e := from
		if p < ply {
			e = s.edges[p]
		}
		if e.reduced > 0 {
			if e.why == tracer.WhyIIR {
				return tracer.IIRAtPV
			}
			return tracer.ReducedAtPV
		}
	}
	return tracer.ReducedAtPV
}
