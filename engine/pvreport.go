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
		l.Cut = &Truncation{Method: method, Depth: depth, Ply: end.ply, Node: end.node, Reason: end.reason}
	}
	if s.sink != nil {
		// The triangular line alone is the root-pv event already.
		if s.opt.PVMethods == AllMethods {
			s.emit(tracer.Event{Kind: tracer.PVLine, Method: method, Depth: int16(depth), Score: int32(score), PV: s.names(line)})
		}
		if c := l.Cut; c != nil {
			s.emit(tracer.Event{Kind: tracer.PVCut, Method: method, Depth: int16(depth),
				Node: c.Node, Ply: int16(c.Ply), Reason: c.Reason})
		}
	}
	return l
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
		c := Truncation{Method: m, Depth: depth, Ply: at.ply, Node: at.node, Reason: tracer.SearchStopped}
		s.stoppedCuts = append(s.stoppedCuts, c)
		if s.sink != nil {
			s.emit(tracer.Event{Kind: tracer.PVCut, Method: m, Depth: int16(depth),
				Node: c.Node, Ply: int16(c.Ply), Reason: c.Reason})
		}
	}
}
