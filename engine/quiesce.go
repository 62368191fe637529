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
// skips losing captures (see worthTrying).
func (s *searcher) quiesce(depth, alpha, beta int, expect tracer.NodeType, from edge) (int, int32) {
	if !s.mayEnter() {
		return 0, 0
	}
	ply := s.pos.Ply()
	id := s.enter(from, ply, depth, alpha, beta, expect)
	s.startLines(ply, nil)
	if depth < 0 {
		s.stats.QNodes++
	}

	moves, score, why, over := s.settle(ply)
	if over {
		return s.exit(id, score, alpha, beta, why)
	}
	if !s.opt.Quiescence || ply >= MaxPly-1 {
		s.stats.Leaves++
		return s.exit(id, s.pos.Evaluate(), alpha, beta, tracer.Eval)
	}
	inCheck := s.pos.InCheck()
	if !inCheck {
		if moves = s.worthTrying(moves, ply); len(moves) == 0 {
			s.stats.Leaves++
			return s.exit(id, s.pos.Evaluate(), alpha, beta, tracer.Eval)
		}
	}

	// Stand pat: out of check, the side to move may decline every capture.
	best, a := -Infinity, alpha
	if !inCheck {
		best = s.pos.Evaluate()
		if best >= beta && s.opt.Algorithm != Minimax {
			// A leaf is a node answered by its static evaluation (an exit "eval"), as the
			// page counts them from the trace; a stand pat that goes on to captures is not.
			s.stats.Leaves++
			return s.exit(id, best, alpha, beta, tracer.Eval)
		}
		a = max(a, best)
	}
	s.orderMoves(moves, ply, NoMove)
	for i, m := range moves {
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

// worthTrying copies into a per-ply buffer the captures and promotions
// quiescence searches: all but those that give a piece for a cheaper one on a
// defended square (a losing exchange, as a static exchange evaluation would
// say in most cases). The rule looks at the board only, never at the window,
// so minimax, alpha-beta and PVS search the same quiescence tree and agree.
func (s *searcher) worthTrying(moves []Move, ply int) []Move {
	buf := s.qmoves[ply][:0]
	for _, m := range moves {
		gain, mover := s.pos.Material(m)
		if gain > 0 && !s.losesExchange(m, gain, mover) {
			buf = append(buf, m)
		}
	}
	s.qmoves[ply] = buf
	return buf
}

// losesExchange reports a capture that gives a piece for a cheaper one on a
// square the opponent defends: quiescence skips it, ordering tries it late.
func (s *searcher) losesExchange(m Move, gain, mover int) bool {
	return mover > gain && s.pos.Defended(m)
}
