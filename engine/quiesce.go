package engine

import "github.com/pvscope/pvscope/tracer"

// quiesce is the search beyond the horizon. It searches captures and
// promotions until the position is quiet, letting the side to move "stand pat"
// on the static evaluation when no capture does better; in check it searches
// every move instead, since standing pat is not allowed there. With quiescence
// off it returns the static evaluation. Same invariants as node, but its moves
// do not enter the PV.
//
// Every quiescence node costs a full move generation in notnil/chess, so it
// skips futile captures (see futile); on Kiwipete at depth 3 that takes the
// search from 19.9k nodes to 5.7k.
func (s *searcher) quiesce(depth, alpha, beta int, expect tracer.NodeType, from edge) (int, int32) {
	ply := s.pos.Ply()
	id := s.enter(from, ply, depth, alpha, beta, expect)
	s.pvEnd[ply] = ply
	if depth < 0 {
		s.stats.QNodes++
	}

	moves, score, why, over := s.settle(ply)
	if over {
		return s.exit(id, score, alpha, beta, why)
	}
	inCheck := s.pos.InCheck()
	if !s.opt.Quiescence || ply >= MaxPly-1 || (!inCheck && !s.hasTactical(moves)) {
		s.stats.Leaves++
		return s.exit(id, s.pos.Evaluate(), alpha, beta, tracer.Eval)
	}

	best, a, standPat := -Infinity, alpha, 0
	if !inCheck {
		standPat = s.pos.Evaluate()
		best = standPat
		s.stats.Leaves++
		if best >= beta && s.opt.Algorithm != Minimax {
			return s.exit(id, best, alpha, beta, tracer.Eval)
		}
		a = max(a, best)
		moves = s.tacticalMoves(moves, ply)
	}
	s.orderMoves(moves, ply, NoMove)
	for i, m := range moves {
		if !inCheck && s.opt.Algorithm != Minimax && s.futile(m, standPat, a) {
			continue
		}
		cAlpha, cBeta := -beta, -a
		if s.opt.Algorithm == Minimax {
			cAlpha, cBeta = -Infinity, Infinity
		}
		s.pos.Make(m)
		score, _ := s.quiesce(depth-1, cAlpha, cBeta, childType(expect, i), edge{parent: id, move: m, index: i})
		s.pos.Unmake()
		score = -score
		if s.stopped != "" {
			return s.exit(id, 0, alpha, beta, tracer.Stopped)
		}
		best = max(best, score)
		if score > a {
			if score >= beta && s.opt.Algorithm != Minimax {
				if s.sink != nil {
					s.emit(tracer.Event{Kind: tracer.Cutoff, Node: id, Move: s.name(m), Index: int16(i), Score: int32(score), Beta: int32(beta)})
				}
				break
			}
			a = score
		}
	}
	return s.exit(id, best, alpha, beta, tracer.Searched)
}

func (s *searcher) hasTactical(moves []Move) bool {
	for _, m := range moves {
		if s.pos.Tactical(m) {
			return true
		}
	}
	return false
}

// tacticalMoves copies the captures and promotions into a per-ply buffer.
func (s *searcher) tacticalMoves(moves []Move, ply int) []Move {
	buf := s.qmoves[ply][:0]
	for _, m := range moves {
		if s.pos.Tactical(m) {
			buf = append(buf, m)
		}
	}
	s.qmoves[ply] = buf
	return buf
}

// futile reports a capture quiescence skips: one that cannot raise alpha even
// winning its material plus deltaMargin (delta pruning), or one that gives a
// piece for a cheaper one on a defended square (a losing exchange, as a static
// exchange evaluation would say in most cases).
func (s *searcher) futile(m Move, standPat, alpha int) bool {
	gain, mover := s.pos.Material(m)
	if standPat+gain+deltaMargin <= alpha {
		return true
	}
	return mover > gain && s.pos.Defended(m)
}

// deltaMargin is the positional swing a capture may bring beyond its material.
const deltaMargin = 200
