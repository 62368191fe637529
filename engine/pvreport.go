package engine

import "github.com/pvscope/pvscope/tracer"

// collectedLines gathers each method's root line at the end of an iteration
// of depth plies and reports it, with a cut for each line shorter than depth.
func (s *searcher) collectedLines(depth, score int) []MethodLine {
	tri := append([]Move(nil), s.pv[0][:s.pvEnd[0]]...)
	lines := []MethodLine{s.report(tracer.Triangular, depth, score, tri, s.triEnd[0])}
	if s.opt.PVMethods != AllMethods {
		return lines
	}
	stack := append([]Move(nil), s.rootLine.moves[:s.rootLine.n]...)
	lines = append(lines, s.report(tracer.Stack, depth, score, stack, s.rootLine.end))
	if s.tt != nil {
		walk, end := s.walkTT(depth, s.rootID)
		lines = append(lines, s.report(tracer.TTWalk, depth, score, walk, end))
	}
	stored, end := s.walkPVHash(depth, s.rootID)
	return append(lines, s.report(tracer.PVHash, depth, score, stored, end))
}

// report makes a method's line, with its cut when it is short, and sends both.
func (s *searcher) report(method tracer.Method, depth, score int, line []Move, end lineEnd) MethodLine {
	l := MethodLine{Method: method, PV: line}
	if len(line) < depth {
		c := end.truncation(method, depth)
		l.Cut = &c
	}
	if s.sink != nil {
		// The triangular line alone is the root-pv event already.
		if s.opt.PVMethods == AllMethods {
			s.emit(tracer.Event{Kind: tracer.PVLine, Method: method, Depth: int16(depth), Score: int32(score), PV: s.names(line)})
		}
		if l.Cut != nil {
			s.emitCut(*l.Cut, 0)
		}
	}
	return l
}

// truncation is the cut of method's line in an iteration of depth plies,
// ending at e.
func (e lineEnd) truncation(method tracer.Method, depth int) Truncation {
	return Truncation{Method: method, Depth: depth, Ply: e.ply, Node: e.node, Reason: e.reason}
}

// emitCut sends a pv-cut; line is the MultiPV line's place, 0 for the best.
func (s *searcher) emitCut(c Truncation, line int) {
	s.emit(tracer.Event{Kind: tracer.PVCut, Method: c.Method, Depth: int16(c.Depth), Index: int16(line),
		Node: c.Node, Ply: int32(c.Ply), Reason: c.Reason})
}

// stoppedLines reports, for an iteration the search stopped in, that every
// method's line was cut where the search stopped.
func (s *searcher) stoppedLines(depth int) {
	at := s.stopAt
	if at.node == 0 {
		return // stopped before the iteration entered a node
	}
	methods := tracer.Methods()
	if s.opt.PVMethods != AllMethods {
		methods = methods[:1]
	}
	for _, m := range methods {
		if m == tracer.TTWalk && s.tt == nil {
			continue
		}
		c := at.truncation(m, depth)
		s.stoppedCuts = append(s.stoppedCuts, c)
		if s.sink != nil {
			s.emitCut(c, 0)
		}
	}
}
