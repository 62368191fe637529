package engine

// Over 400 lines because the node routine and its PVS ladder read as one story, step by numbered
// step; issue 40, item 4 gives the ladder (searchMove, with reduce.go's) a home of its own.

import "github.com/pvscope/pvscope/tracer"

// edge is how a node was reached: from which node, by which move and its place
// in the parent's search order, and, for a re-search, which probe it repeats.
// reduced and extended are the plies it is searched shallower or deeper than
// the parent's depth minus one, for why (modern search: reduce.go, extend.go,
// nullmove.go).
type edge struct {
	parent   int32
	move     Move
	index    int
	ref      int32
	reduced  int16
	extended int16
	why      string
}

// node searches the current position depth plies deep with the window
// (alpha, beta) and returns its score and its node id.
//
// Invariants (fail-soft; fail-hard clamps the score into [alpha, beta]):
//   - score <= alpha: an upper bound, every move failed low (an All node);
//   - score >= beta: a lower bound, a move cut the search off (a Cut node);
//   - alpha < score < beta: the exact score, and pv[ply] holds its line (a PV node).
//
// With the modern-search options a node may also cut off by a pass (null
// move) or by its evaluation (reverse futility), and its moves may be
// searched shallower (reductions), deeper (extensions) or not at all
// (pruning); the bounds above are then those of the shallower search.
//
// line receives the node's line for the stack collector (nil when only the
// triangular table collects).
func (s *searcher) node(depth, alpha, beta int, expect tracer.NodeType, from edge, line *pvLine) (int, int32) {
	ply := s.pos.Ply()
	s.startLines(ply, line)
	if depth <= 0 {
		score, id := s.quiesce(depth, alpha, beta, expect, from)
		if s.modern && ply < s.iterDepth && id != 0 {
			// A reduction brought the horizon nearer: the lines end here.
			why := s.shallowReason(from, ply)
			s.stopLines(id, ply, line, why)
			if s.opt.PVMethods == AllMethods && beta-alpha > 1 && alpha < score && score < beta {
				s.exact = append(s.exact, exactNode{key: s.pos.Key(), from: from, node: id, shallow: why})
			}
		}
		return score, id
	}
	// Step 1. Stop if the search was cancelled or ran out of nodes.
	if !s.mayEnter() {
		return 0, 0
	}
	// Step 1b. Internal iterative reduction: no table move, a ply shallower (reduce.go).
	if s.modern && from.reduced == 0 && from.extended == 0 && s.iirReduces(depth) {
		s.stats.IIRs++
		depth--
		from.reduced, from.why = 1, tracer.WhyIIR
	}
	id := s.enter(from, ply, depth, alpha, beta, expect)
	s.edges[ply] = from

	// Steps 2-3. A draw by rule; no legal move.
	moves, score, why, over := s.settle(ply)
	if over {
		s.stopLines(id, ply, line, tracer.ReasonOfEnd(why))
		return s.exitPV(id, score, alpha, beta, why, depth, false)
	}
	if ply >= MaxPly-1 {
		s.stats.Leaves++
		return s.exit(id, s.pos.Evaluate(), alpha, beta, tracer.Eval)
	}

	// Step 4. Transposition table probe: a deep enough entry may answer the node.
	hashMove := NoMove
	if s.tt != nil {
		s.stats.TTProbes++
		key := s.ttKey()
		if s.sink != nil {
			s.emit(ttProbeEvent(id, key))
		}
		if e, ok := s.tt.probe(key, ply); ok {
			s.stats.TTHits++
			if s.sink != nil {
				s.emit(s.ttHitEvent(id, key, e))
			}
			hashMove = e.move
			if ply > 0 && s.tt.deepEnough(e, depth) && s.ttAnswers(e, alpha, beta) {
				s.stats.TTCutoffs++
				score := s.bounded(int(e.score), alpha, beta)
				if s.sink != nil {
					s.emit(ttCutoffEvent(id, key, score, e.bound))
				}
				if alpha < score && score < beta {
					s.graft(id, ply, depth, line) // an exact hit inside the window: a PV node without a line
				}
				return s.exitPV(id, score, alpha, beta, tracer.TTCut, depth, true)
			}
		}
	}

	// Step 4b. At a null-window node out of check: reverse futility (prune.go)
	// and the pass (nullmove.go) may answer the node before any move. Not at a
	// child of the root: answering it unsearched would drop a root move, and
	// no root move is pruned (a pass there hid mates in 3 at depth 5).
	var at nodeState
	at.inCheck = s.pos.InCheck()
	verify := false
	if s.modern && !at.inCheck {
		at.eval = s.pos.Evaluate()
		if beta-alpha == 1 && ply > 1 {
			if s.reverseFutility(depth, beta, at.eval) {
				s.stats.ReverseFutility++
				s.stats.Leaves++
				return s.exit(id, at.eval, alpha, beta, tracer.Eval)
			}
			if s.opt.NullMove {
				score, out := s.nullMoveCuts(id, depth, beta, at.eval, expect)
				switch {
				case s.stopped != "":
					s.stopLines(id, ply, line, tracer.SearchStopped)
					return s.exit(id, 0, alpha, beta, tracer.Stopped)
				case out == nullCut:
					return s.exit(id, score, alpha, beta, tracer.Searched)
				}
				verify = out == nullVerify
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
	if ply == 0 && s.opt.MultiPV > 1 {
		return s.rootMultiPV(id, moves, depth, alpha, beta, line)
	}
	var child *pvLine
	if line != nil {
		child = new(pvLine) // on this frame's stack: it does not escape
	}
	if verify {
		// Step 6a. The pass failed high: verify with the node's own moves a
		// ply shallower, where passes cut without verification.
		at.verify = true
		s.verifying++
		// (depth, not depth-1: each move's edge is marked reduced by 1, which takes the ply off.)
		best, bestMove := s.searchMoves(id, moves, depth, alpha, beta, expect, line, child, &at)
		s.verifying--
		if s.stopped != "" {
			s.stopLines(id, ply, line, tracer.SearchStopped)
			return s.exit(id, 0, alpha, beta, tracer.Stopped)
		}
		if best >= beta {
			return s.finish(id, depth-1, best, alpha, beta, bestMove, line, at.pruned)
		}
		at.verify, at.pruned = false, 0 // zugzwang: the pass was wrong, search at full depth
	}
	best, bestMove := s.searchMoves(id, moves, depth, alpha, beta, expect, line, child, &at)
	if s.stopped != "" {
		s.stopLines(id, ply, line, tracer.SearchStopped)
		return s.exit(id, 0, alpha, beta, tracer.Stopped)
	}
	return s.finish(id, depth, best, alpha, beta, bestMove, line, at.pruned)
}

// nodeState is what the move loop needs to know of its node beyond the
// window: for pruning, whether it is in check and its evaluation; whether
// this is the verification of a pass; and how many moves it pruned.
type nodeState struct {
	inCheck bool
	eval    int
	verify  bool
	pruned  int
}

// searchMoves is Steps 6-8: it searches the moves of node id in order until
// one cuts off, and returns the best score and move. When the search stops
// it returns at once (s.stopped says so).
func (s *searcher) searchMoves(id int32, moves []Move, depth, alpha, beta int, expect tracer.NodeType, line, child *pvLine, at *nodeState) (int, Move) {
	ply := s.pos.Ply()
	best, bestMove, a := -Infinity, NoMove, alpha
	for i, m := range moves {
		quiet := false
		if s.modern {
			gain, _ := s.pos.Material(m)
			quiet = gain == 0
		}
		s.pos.Make(m)
		// Step 6b. Pruning: a quiet move skipped without a search (prune.go).
		if quiet && !at.inCheck && !at.verify {
			if why := s.prunes(i, depth, a, best, at.eval); why != "" {
				s.pos.Unmake()
				s.prune(id, m, i, why)
				at.pruned++
				if why == tracer.WhyFutility {
					best = max(best, s.futileHope(depth, at.eval))
				}
				continue
			}
		}
		s.onPV[ply+1] = s.onPV[ply] && ply < len(s.prevPV) && s.prevPV[ply] == m
		// Step 6c. Extension or reduction of the move (extend.go, reduce.go).
		var adj edge
		switch {
		case at.verify:
			adj.reduced, adj.why = 1, whyNullMoveVerify
		case s.modern:
			if ext, why := s.extension(); ext > 0 {
				adj.extended, adj.why = int16(ext), why
			} else if r := s.lateReduction(m, i, depth, a, beta, quiet, at.inCheck); r > 0 {
				adj.reduced, adj.why = int16(r), tracer.WhyLMR
			}
		}
		score := s.searchMove(id, m, i, depth, a, beta, childType(expect, i), i == 0, child, adj)
		s.pos.Unmake()
		if s.stopped != "" {
			return 0, NoMove
		}
		if score > best {
			best, bestMove = score, m
		}
		if score <= a {
			continue
		}
		// Step 7. Cutoff: the move refutes the opponent's last move (strictly past beta
		// under prune=strict; a score equal to beta then narrows the window to nothing).
		if score >= beta+s.cutMargin {
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
		if score >= beta { // prune=strict: equal to beta, not cut, and not inside the window
			a = score
			continue
		}
		// Step 8. PV update: a new best line inside the window.
		s.updatePV(ply, m, line, child)
		if s.sink != nil {
			s.emit(tracer.Event{Kind: tracer.PVUpdate, Node: id, Move: s.name(m), Index: int16(i),
				Score: int32(score), Alpha: int32(a), Beta: int32(beta), PV: s.names(s.pv[ply][ply:s.pvEnd[ply]])})
		}
		a = score
	}
	return best, bestMove
}

// whyNullMoveVerify marks the moves of a pass's verification, searched a ply
// shallower than the node's depth.
const whyNullMoveVerify = "null-move-verify"

// finish ends a node that searched its moves: Step 9 stores the result in the
// transposition table, and a node with an open window that failed low ends
// its lines (it has no move to continue them).
//
// pruned is how many moves the node skipped: a failed-low PV node that
// pruned moves ends its lines for that reason.
func (s *searcher) finish(id int32, depth, best, alpha, beta int, bestMove Move, line *pvLine, pruned int) (int, int32) {
	ply := s.pos.Ply()
	if best <= alpha && beta-alpha > 1 {
		reason := tracer.FailLowAtPV
		if pruned > 0 {
			reason = tracer.PrunedAtPV
		}
		s.stopLines(id, ply, line, reason)
	}
	inTable := false
	if s.tt != nil {
		bound := boundOf(classify(best, alpha, beta))
		stored := s.bounded(best, alpha, beta)
		key := s.ttKey()
		var w ttEntry
		w, inTable = s.tt.store(key, ply, depth, stored, bound, bestMove)
		if s.sink != nil {
			s.emit(s.ttStoreEvent(id, key, stored, w))
		}
	}
	return s.exitPV(id, best, alpha, beta, tracer.Searched, depth, inTable)
}

// exitPV is exit for a node of the main search. A PV node (an open window and
// an exact score) is remembered for the table walk, and when it searched its
// moves its line goes into the PV hash table.
func (s *searcher) exitPV(id int32, score, alpha, beta int, why tracer.End, depth int, inTable bool) (int, int32) {
	if s.opt.PVMethods == AllMethods && beta-alpha > 1 {
		if b := s.bounded(score, alpha, beta); alpha < b && b < beta {
			ply := s.pos.Ply()
			if s.tt != nil {
				s.noteExact(id, inTable)
			}
			if why == tracer.Searched {
				end := s.triEnd[ply]
				end.ply -= ply
				s.pvHash.put(s.pos.Key(), depth, s.pv[ply][ply:s.pvEnd[ply]], end)
			}
		}
	}
	return s.exit(id, score, alpha, beta, why)
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
// the ladder (ladder.go): probe with a null window, and search again with the
// full window only when the probe lands strictly inside (alpha, beta).
//
// first says the move is searched with the full window, as the first move of
// a node is; child receives the child's line for the stack collector. adj is
// the move's extension or reduction: a late move reduction is the ladder's
// reduced probe, the others only change the depth.
func (s *searcher) searchMove(id int32, m Move, i, depth, alpha, beta int, expect tracer.NodeType, first bool, child *pvLine, adj edge) int {
	e := edge{parent: id, move: m, index: i, reduced: adj.reduced, extended: adj.extended, why: adj.why}
	depth += int(adj.extended)
	if adj.reduced > 0 {
		if adj.why == tracer.WhyLMR {
			return s.ladder(e, int(adj.reduced), depth-1, alpha, beta, expect, child) // ladder.go
		}
		depth -= int(adj.reduced)
	}
	switch {
	case s.opt.Algorithm == Minimax:
		score, _ := s.node(depth-1, -Infinity, Infinity, tracer.PV, e, child)
		return -score
	case s.opt.Algorithm == AlphaBeta || first || beta-alpha <= 1:
		score, _ := s.node(depth-1, -beta, -alpha, expect, e, child)
		return -score
	}
	return s.ladder(e, 0, depth-1, alpha, beta, expect, child) // ladder.go
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
