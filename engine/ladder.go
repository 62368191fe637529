package engine

import "github.com/pvscope/pvscope/tracer"

// The ladder: a move searched first with a null window (the probe), and again
// with the node's window (the re-search, whose ref is the probe) only when the
// probe's answer cannot be trusted. It is PVS's (a later move of a PV node,
// searched at full depth) and late move reductions' (a quiet late move probed
// r plies shallower, reduce.go); every probe, fail-high, fail-low and
// re-search event of the engine is born here, in ladderEvent.
//
//   - Rung 1. Probe: the window (alpha, alpha+1), r plies shallower than depth.
//   - Rung 2. Fail-low: the probe's score <= alpha; the move is no better, done.
//   - Rung 3. Fail-high: it beat alpha. At full depth a score >= beta is a
//     cutoff the caller takes; a reduced probe's is not trusted.
//   - Rung 4. Re-search: at depth with (alpha, beta), expected a PV node when
//     the window is open.

// ladder searches the child reached by e.move (made) at depth plies with the
// window (alpha, beta) through a probe r plies shallower (0: PVS's probe at
// full depth; e then says why it is reduced, WhyLMR) and returns its score
// from node e.parent's point of view.
func (s *searcher) ladder(e edge, r, depth, alpha, beta int, expect tracer.NodeType, child *pvLine) int {
	// Rung 1. Probe.
	s.stats.Probes++
	if r > 0 {
		s.stats.Reductions++
	}
	if s.sink != nil {
		s.ladderEvent(tracer.Probe, &e, 0, alpha, alpha+1, 0)
	}
	score, probe := s.node(depth-r, -alpha-1, -alpha, expect, e, child)
	score = -score
	if s.stopped != "" {
		return score
	}
	// Rung 2. Fail-low.
	if score <= alpha {
		if s.sink != nil {
			s.ladderEvent(tracer.FailLow, &e, score, alpha, alpha+1, 0)
		}
		return score
	}
	// Rung 3. Fail-high.
	if s.sink != nil {
		s.ladderEvent(tracer.FailHigh, &e, score, alpha, alpha+1, 0)
	}
	if r == 0 && score >= beta {
		return score
	}
	// Rung 4. Re-search.
	if r > 0 {
		s.stats.ReducedReSearches++
		e.reduced, e.why = 0, ""
	} else {
		s.stats.ReSearches++
	}
	if s.sink != nil {
		s.ladderEvent(tracer.ReSearch, &e, 0, alpha, beta, probe)
	}
	e.ref = probe
	if beta-alpha > 1 {
		expect = tracer.PV
	}
	score, _ = s.node(depth, -beta, -alpha, expect, e, child)
	return -score
}

// ladderEvent writes an event of the ladder of move e.move at node e.parent:
// its score (none for a probe or a re-search), the window and, for a
// re-search, the probe it repeats. Called only when a sink listens.
func (s *searcher) ladderEvent(kind tracer.Kind, e *edge, score, alpha, beta int, ref int32) {
	s.emit(tracer.Event{Kind: kind, Node: e.parent, Move: s.name(e.move), Index: int16(e.index), Ref: ref,
		Score: int32(score), Alpha: int32(alpha), Beta: int32(beta)})
}
