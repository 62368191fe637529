package engine

import (
	"slices"

	"github.com/pvscope/pvscope/tracer"
)

// rootLine is one MultiPV line while the root is searched: its score and each
// collector's line from the root.
type rootLine struct {
	score  int
	tri    []Move
	triEnd lineEnd
	stack  pvLine
}

// rootMultiPV searches the root's moves for the best MultiPV lines, each a
// different root move with an exact score. Until that many lines are found
// every move gets the full window; after that a move must beat the weakest
// line to enter, so the window's lower edge is that line's score, and in PVS
// the move is probed there. The best line is the root's line for every
// collector.
func (s *searcher) rootMultiPV(id int32, moves []Move, depth, alpha, beta int, line *pvLine) (int, int32) {
	k := s.opt.MultiPV
	s.lines = s.lines[:0]
	var child *pvLine
	if line != nil {
		child = new(pvLine)
	}
	best, bestMove := -Infinity, NoMove
	for i, m := range moves {
		floor, full, expect := alpha, len(s.lines) < k, tracer.PV
		if !full {
			floor, expect = max(alpha, s.lines[k-1].score), tracer.Cut
		}
		s.pos.Make(m)
		s.onPV[1] = s.onPV[0] && len(s.prevPV) > 0 && s.prevPV[0] == m
		score := s.searchMove(id, m, i, depth, floor, beta, expect, full, child, edge{})
		s.pos.Unmake()
		if s.stopped != "" {
			s.stopLines(id, 0, line, tracer.SearchStopped)
			return s.exit(id, 0, alpha, beta, tracer.Stopped)
		}
		if score > best {
			best, bestMove = score, m
		}
		if score <= floor {
			continue
		}
		if score >= beta { // only inside an aspiration window
			s.stats.Cutoffs++
			if i == 0 {
				s.stats.FirstMoveCutoffs++
			}
			if s.sink != nil {
				s.emit(tracer.Event{Kind: tracer.Cutoff, Node: id, Move: s.name(m), Index: int16(i), Score: int32(score), Beta: int32(beta)})
			}
			s.rememberCutoff(m, 0, depth)
			break
		}
		l := s.addLine(m, score, child, k)
		if s.sink != nil {
			s.emit(tracer.Event{Kind: tracer.PVUpdate, Node: id, Move: s.name(m), Index: int16(i),
				Score: int32(score), Alpha: int32(floor), Beta: int32(beta), PV: s.names(l.tri)})
		}
	}
	if len(s.lines) > 0 && best < beta {
		top := &s.lines[0]
		copy(s.pv[0][:], top.tri)
		s.pvEnd[0], s.triEnd[0] = len(top.tri), top.triEnd
		if line != nil {
			*line = top.stack
		}
		bestMove = top.tri[0]
	}
	return s.finish(id, depth, best, alpha, beta, bestMove, line, 0)
}

// addLine puts the line of root move m, which scored score, among the best k,
// after those that scored as much, and drops the weakest beyond k.
func (s *searcher) addLine(m Move, score int, child *pvLine, k int) *rootLine {
	l := rootLine{score: score, triEnd: s.triEnd[1]}
	l.tri = append(append(l.tri, m), s.pv[1][1:s.pvEnd[1]]...)
	if child != nil {
		l.stack.set(m, child)
	}
	at := len(s.lines)
	for at > 0 && s.lines[at-1].score < score {
		at--
	}
	s.lines = slices.Insert(s.lines, at, l)
	if len(s.lines) > k {
		s.lines = s.lines[:k]
	}
	return &s.lines[at]
}

// multiPVLines are an iteration's lines, best first: the MultiPV lines, or
// the one line. A line after the first that is short of the depth has its cut.
func (s *searcher) multiPVLines(depth, score int, pv []Move) []RootLine {
	if s.opt.MultiPV <= 1 {
		return []RootLine{{Score: score, PV: pv}}
	}
	out := make([]RootLine, len(s.lines))
	for i, l := range s.lines {
		out[i] = RootLine{Score: l.score, PV: slices.Clone(l.tri)}
		if i > 0 && len(l.tri) < depth {
			c := l.triEnd.truncation(tracer.Triangular, depth)
			out[i].Cut = &c
		}
	}
	return out
}
