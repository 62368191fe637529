package engine

import "github.com/pvscope/pvscope/tracer"

// edge is how a node was reached: from which node, by which move and its place
// in the parent's search order, and, for a re-search, which probe it repeats.
type edge struct {
	parent int32
	move   Move
	index  int
	ref    int32
}

// node searches the current position depth plies deep with the window
// (alpha, beta) and returns its score and its node id.
//
// Invariants (fail-soft; fail-hard clamps the score into [alpha, beta]):
//   - score <= alpha: an upper bound, every move failed low (an All node);
//   - score >= beta: a lower bound, a move cut the search off (a Cut node);
//   - alpha < score < beta: the exact score, and pv[ply] holds its line (a PV node).
func (s *searcher) node(depth, alpha, beta int, expect tracer.NodeType, from edge) (int, int32) {
	if depth <= 0 {
		return s.quiesce(depth, alpha, beta, expect, from)
	}
	// Step 1. Stop if the search was cancelled or ran out of nodes.
	if !s.mayEnter() {
		return 0, 0
	}
	ply := s.pos.Ply()
	id := s.enter(from, ply, depth, alpha, beta, expect)
	s.pvEnd[ply] = ply

	// Steps 2-3. A draw by rule; no legal move.
	moves, score, why, over := s.settle(ply)
	if over {
		return s.exit(id, score, alpha, beta, why)
	}
	if ply >= MaxPly-1 {
		s.stats.Leaves++
		return s.exit(id, s.pos.Evaluate(), alpha, beta, tracer.Eval)
	}

	// Step 4. Transposition table probe: a deep enough entry may answer the node.
	hashMove := NoMove
	if s.tt != nil {
		s.stats.TTProbes++
		if s.sink != nil {
			s.emit(tracer.Event{Kind: tracer.TTProbe, Node: id})
		}
		if e, ok := s.tt.probe(s.pos.Key(), ply); ok {
			s.stats.TTHits++
			if s.sink != nil {
				s.emit(tracer.Event{Kind: tracer.TTHit, Node: id, Bound: e.bound, Depth: int16(e.depth), Score: int32(e.score), Move: s.name(e.move)})
			}
			hashMove = e.move
			if ply > 0 && int(e.depth) >= depth && s.ttAnswers(e, alpha, beta) {
				s.stats.TTCutoffs++
				score := s.bounded(int(e.score), alpha, beta)
				if s.sink != nil {
					s.emit(tracer.Event{Kind: tracer.TTCutoff, Node: id, Score: int32(score), Bound: e.bound})
				}
				return s.exit(id, score, alpha, beta, tracer.TTCut)
			}
		}
	}

	// Step 5. Order the moves: the previous iteration's PV move on the PV,
	// otherwise the table's move, then captures, killers, history.
	if s.onPV[ply] && ply < len(s.prevPV) {
		hashMove = s.prevPV[ply]
	}
	s.orderMoves(moves, ply, hashMove)

	// Step 6. Search the moves.
	best, bestMove, a := -Infinity, NoMove, alpha
	for i, m := range moves {
		s.pos.Make(m)
		s.onPV[ply+1] = s.onPV[ply] && ply < len(s.prevPV) && s.prevPV[ply] == m
		score := s.searchMove(id, m, i, depth, a, beta, childType(expect, i))
		s.pos.Unmake()
		if s.stopped != "" {
			return s.exit(id, 0, alpha, beta, tracer.Stopped)
		}
		if score > best {
			best, bestMove = score, m
		}
		if score <= a {
			continue
		}
		// Step 7. Cutoff: the move refutes the opponent's last move.
		if score >= beta {
			s.stats.Cutoffs++
			if i == 0 {
				s.stats.FirstMoveCutoffs++
			}
			if s.sink != nil {
				s.emit(tracer.Event{Kind: tracer.Cutoff, Node: id, Move: s.name(m), Index: int16(i), Score: int32(score), Beta: int32(beta)})
			}
			s.rememberCutoff(m, ply, depth)
			break
		}
		// Step 8. PV update: a new best line inside the window.
		s.updatePV(ply, m)
		if s.sink != nil {
			s.emit(tracer.Event{Kind: tracer.PVUpdate, Node: id, Move: s.name(m), Index: int16(i),
				Score: int32(score), Alpha: int32(a), Beta: int32(beta), PV: s.names(s.pv[ply][ply:s.pvEnd[ply]])})
		}
		a = score
	}

	// Step 9. Store the result in the transposition table.
	if s.tt != nil {
		bound := boundOf(classify(best, alpha, beta))
		stored := s.bounded(best, alpha, beta)
		s.tt.store(s.pos.Key(), ply, depth, stored, bound, bestMove)
		if s.sink != nil {
			s.emit(tracer.Event{Kind: tracer.TTStore, Node: id, Bound: bound, Depth: int16(depth), Score: int32(stored), Move: s.name(bestMove)})
		}
	}
	return s.exit(id, best, alpha, beta, tracer.Searched)
}

// settle answers a node before its moves are searched, when it can:
//
//	Step 2. Draw by repetition or the fifty-move rule.
//	Step 3. No legal move: mate, stalemate, or a leaf of a tree (recognised at
//	        every node, the horizon included, so a mate in N is found at depth 2N-1).
//
// Otherwise it returns the moves and over is false.
func (s *searcher) settle(ply int) (moves []Move, score int, why tracer.End, over bool) {
	if ply > 0 {
		if why := s.pos.Draw(); why != tracer.Searched {
			return nil, 0, why, true
		}
	}
	if moves = s.pos.Moves(); len(moves) > 0 {
		return moves, 0, tracer.Searched, false
	}
	score, why = s.pos.NoMoves()
	if why == tracer.Leaf {
		s.stats.Leaves++
	}
	return nil, score, why, true
}

// classify is the type a score makes of a node searched with (alpha, beta).
func classify(score, alpha, beta int) tracer.NodeType {
	switch {
	case score <= alpha:
		return tracer.All
	case score >= beta:
		return tracer.Cut
	}
	return tracer.PV
}

// boundOf is what a node's score says about its true value.
func boundOf(t tracer.NodeType) tracer.Bound {
	switch t {
	case tracer.All:
		return tracer.Upper
	case tracer.Cut:
		return tracer.Lower
	}
	return tracer.Exact
}

// searchMove searches the child reached by m (already made), the i-th move of
// node id, and returns its score from node id's point of view. For PVS this is
// the ladder: probe with a null window, and search again with the full window
// only when the probe lands strictly inside (alpha, beta).
func (s *searcher) searchMove(id int32, m Move, i, depth, alpha, beta int, expect tracer.NodeType) int {
	e := edge{parent: id, move: m, index: i}
	switch {
	case s.opt.Algorithm == Minimax:
		score, _ := s.node(depth-1, -Infinity, Infinity, tracer.PV, e)
		return -score
	case s.opt.Algorithm == AlphaBeta || i == 0 || beta-alpha <= 1:
		score, _ := s.node(depth-1, -beta, -alpha, expect, e)
		return -score
	}
	s.stats.Probes++
	if s.sink != nil {
		s.emit(tracer.Event{Kind: tracer.Probe, Node: id, Move: s.name(m), Index: int16(i), Alpha: int32(alpha), Beta: int32(alpha + 1)})
	}
	score, probe := s.node(depth-1, -alpha-1, -alpha, expect, e)
	score = -score
	if s.stopped != "" {
		return score
	}
	if score <= alpha {
		if s.sink != nil {
			s.emit(tracer.Event{Kind: tracer.FailLow, Node: id, Move: s.name(m), Index: int16(i), Score: int32(score), Alpha: int32(alpha), Beta: int32(alpha + 1)})
		}
		return score
	}
	if s.sink != nil {
		s.emit(tracer.Event{Kind: tracer.FailHigh, Node: id, Move: s.name(m), Index: int16(i), Score: int32(score), Alpha: int32(alpha), Beta: int32(alpha + 1)})
	}
	if score >= beta {
		return score
	}
	s.stats.ReSearches++
	if s.sink != nil {
		s.emit(tracer.Event{Kind: tracer.ReSearch, Node: id, Move: s.name(m), Index: int16(i), Ref: probe, Alpha: int32(alpha), Beta: int32(beta)})
	}
	e.ref = probe
	score, _ = s.node(depth-1, -beta, -alpha, tracer.PV, e)
	return -score
}

// childType is the Knuth-Moore type expected of the i-th child: the first
// child of a PV node is PV and the rest Cut; the first child of a Cut node is
// All, and once it fails to cut the node behaves as an All node, whose
// children are Cut.
func childType(t tracer.NodeType, i int) tracer.NodeType {
	switch {
	case t == tracer.PV && i == 0:
		return tracer.PV
	case t == tracer.Cut && i == 0:
		return tracer.All
	}
	return tracer.Cut
}

// ttAnswers reports whether a table entry settles the node without a search.
// Bounds that fall outside the window settle it: the node fails high or low
// and cannot be on the PV. An exact score inside an open window would make
// this a PV node whose line ends here, so it settles the node only when
// TTPVCuts is on: that is the short-PV trap the option exists to show.
func (s *searcher) ttAnswers(e ttEntry, alpha, beta int) bool {
	score := int(e.score)
	switch e.bound {
	case tracer.Exact:
		return score <= alpha || score >= beta || s.opt.TTPVCuts
	case tracer.Lower:
		return score >= beta
	case tracer.Upper:
		return score <= alpha
	}
	return false
}

// updatePV makes the node's line m followed by the child's line.
func (s *searcher) updatePV(ply int, m Move) {
	s.pv[ply][ply] = m
	end := s.pvEnd[ply+1]
	copy(s.pv[ply][ply+1:end], s.pv[ply+1][ply+1:end])
	s.pvEnd[ply] = max(end, ply+1)
}
