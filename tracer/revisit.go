package tracer

// lastVisit is a node's last child, once it exited: enough to tell whether
// the next enter searches it again. The Deriver and Diagnosis share it, so
// they agree on which visit no longer decides its parent's score.
type lastVisit struct {
	node        int32
	move        string
	alpha, beta int32 // its window
	depth       int16
	reduced     int16
	exited      bool // and no child entered since
}

// reSearchedBy: e searches the last child's move again, right after it, with
// a wider window, or deeper after a reduced search. The same window and
// depth again is a repeat (a killer met again in the move list, say).
func (l *lastVisit) reSearchedBy(e *Event) bool {
	if !l.exited || l.move != e.Move || e.Move == "" {
		return false
	}
	wider := int64(e.Beta)-int64(e.Alpha) > int64(l.beta)-int64(l.alpha)
	deeper := l.reduced > 0 && e.Depth > l.depth
	return wider || deeper
}

// repeatedBy: e searches the last child's move again, right after it, with
// the same window and depth: LMR's "full window" search at a null-window
// node, or a repeat its table answers.
func (l *lastVisit) repeatedBy(e *Event) bool {
	return l.exited && l.move == e.Move && e.Move != "" && l.alpha == e.Alpha && l.beta == e.Beta &&
		l.depth == e.Depth && l.reduced == e.Reduced
}

// deepenedBy: e searches the last child's move again, right after it, with
// the same window and more depth, naming no visit: LMR's full-depth search
// after a reduced one the trace could not write as reduced (a check
// extension that LMR absorbed).
func (l *lastVisit) deepenedBy(e *Event) bool {
	return l.exited && l.move == e.Move && e.Move != "" && e.Ref == 0 && l.alpha == e.Alpha && l.beta == e.Beta &&
		e.Depth > l.depth
}

// supersededBy: e is a re-search of that very visit (its ref names it, or it
// names none), the same search of it again right after, or a deeper one with
// the same window, so the visit no longer decides: a node is judged by what
// it kept, the move's last search.
func (l *lastVisit) supersededBy(e *Event) bool {
	return (l.reSearchedBy(e) || l.repeatedBy(e) || l.deepenedBy(e)) && (e.Ref == 0 || e.Ref == l.node)
}
