package engine

import "github.com/pvscope/pvscope/tracer"

// The four ways to collect a principal variation run side by side in one
// search (tracer.Methods). Two are built during the search, here: the
// triangular table (searcher.pv) and the line on the stack (pvLine). The other
// two read a table after the iteration (pvwalk.go). Each line remembers where
// and why it ended, so that a line shorter than the depth can say so.

// maxLine bounds a collected line: the deepest search, plus nothing, since
// quiescence moves never enter a PV.
const maxLine = MaxDepth

// lineEnd is where a line stops and why: the node at which it ended and its
// ply. A line that reaches the horizon has no reason.
type lineEnd struct {
	node   int32
	ply    int
	reason tracer.Reason
}

// pvLine is Bruce Moreland's LINE: each node keeps one for its children on its
// own stack frame, and a move that raises alpha becomes the parent's line
// followed by the child's.
type pvLine struct {
	n     int
	end   lineEnd
	moves [maxLine]Move
}

// set makes the line m followed by child's line.
func (l *pvLine) set(m Move, child *pvLine) {
	l.moves[0] = m
	n := min(child.n, maxLine-1)
	copy(l.moves[1:1+n], child.moves[:n])
	l.n, l.end = n+1, child.end
}

// startLines empties the lines of the node about to be searched at ply: each
// collector's line ends here until a move raises alpha.
func (s *searcher) startLines(ply int, line *pvLine) {
	s.pvEnd[ply] = ply
	s.triEnd[ply] = lineEnd{}
	if line != nil {
		line.n, line.end = 0, lineEnd{}
	}
}

// stopLines records that the node id at ply ends every line through it, for
// reason. A node that reaches the horizon records nothing: its lines are as
// long as the iteration's depth.
func (s *searcher) stopLines(id int32, ply int, line *pvLine, reason tracer.Reason) {
	end := lineEnd{node: id, ply: ply, reason: reason}
	if reason == tracer.SearchStopped && s.stopAt.node == 0 {
		s.stopAt = end // the first to notice is the innermost
	}
	s.triEnd[ply] = end
	if line != nil {
		line.end = end
	}
}

// updatePV makes the node's lines m followed by the child's lines.
func (s *searcher) updatePV(ply int, m Move, line, child *pvLine) {
	s.pv[ply][ply] = m
	end := min(s.pvEnd[ply+1], ply+maxLine)
	copy(s.pv[ply][ply+1:end], s.pv[ply+1][ply+1:end])
	s.pvEnd[ply] = max(end, ply+1)
	s.triEnd[ply] = s.triEnd[ply+1]
	if line != nil {
		line.set(m, child)
	}
}

// graft answers a PV node ended by an exact table hit the way Crafty does:
// the line stored for this position in the PV hash table becomes the node's
// line. Without a stored line, or with grafting off, the lines end here.
func (s *searcher) graft(id int32, ply, depth int, line *pvLine) {
	if s.pvHash != nil && s.opt.PVGraft {
		if e, ok := s.pvHash.get(s.pos.Key(), depth); ok {
			n := min(int(e.n), MaxPly-ply, maxLine)
			copy(s.pv[ply][ply:ply+n], e.moves[:n])
			s.pvEnd[ply] = ply + n
			end := e.end
			end.ply += ply
			s.triEnd[ply] = end
			if line != nil {
				copy(line.moves[:n], e.moves[:n])
				line.n, line.end = n, end
			}
			return
		}
	}
	s.stopLines(id, ply, line, tracer.TTExactCutAtPV)
}
