package engine

import "github.com/pvscope/pvscope/tracer"

// Every call of these helpers sits behind "if s.sink != nil" at the call site,
// except enter and exit, which must number nodes and clamp scores anyway.

// emit stamps the next sequence number on e and sends it.
func (s *searcher) emit(e tracer.Event) {
	s.seq++
	e.Seq = s.seq
	s.sink.Emit(e)
}

// enter numbers a new node and reports it.
func (s *searcher) enter(from edge, ply, depth, alpha, beta int, expect tracer.NodeType) int32 {
	s.lastID++
	id := s.lastID
	if ply > s.stats.SelDepth {
		s.stats.SelDepth = ply
	}
	if s.sink != nil {
		s.emit(tracer.Event{Kind: tracer.Enter, Node: id, Parent: from.parent, Ref: from.ref,
			Ply: int32(ply), Depth: int16(depth), Index: int16(from.index), Move: s.name(from.move),
			Alpha: int32(alpha), Beta: int32(beta), Expect: expect,
			Reduced: from.reduced, Extended: from.extended, Why: from.why})
	}
	return id
}

// exit reports a node's score (clamped into the window when failing hard) and
// the type the score makes of it; a stopped node has neither.
func (s *searcher) exit(id int32, score, alpha, beta int, why tracer.End) (int, int32) {
	score = s.bounded(score, alpha, beta)
	if s.sink != nil {
		actual := classify(score, alpha, beta)
		if why == tracer.Stopped {
			score, actual = 0, tracer.NoType
		}
		s.emit(tracer.Event{Kind: tracer.Exit, Node: id, Score: int32(score), Actual: actual, End: why})
	}
	return score, id
}

// bounded is a score as this search returns it: clamped into [alpha, beta]
// when failing hard, as it is when failing soft.
func (s *searcher) bounded(score, alpha, beta int) int {
	if s.opt.FailHard {
		return max(alpha, min(score, beta))
	}
	return score
}

func (s *searcher) name(m Move) string {
	switch m {
	case NoMove:
		return ""
	case nullMove:
		return tracer.NullMove
	}
	return s.pos.MoveName(m)
}

// names copies a line into move names, for an event to keep.
func (s *searcher) names(line []Move) []string { return MoveNames(s.pos, line) }

// MoveNames names each move of a line played from pos's current position.
func MoveNames(pos Position, line []Move) []string {
	out := make([]string, len(line))
	for i, m := range line {
		out[i] = pos.MoveName(m)
	}
	return out
}
