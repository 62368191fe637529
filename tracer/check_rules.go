package tracer

import "fmt"

// The checker's rules for re-searches and the collectors' reports.

// pvReport checks a collector's line or cut: it comes inside an iteration,
// after its root has exited, names a method, and a cut names a node the search
// entered and a reason, and ends the line before the depth.
func (c *Checker) pvReport(e *Event) string {
	switch {
	case !c.inIter || len(c.open) > 0:
		c.rule = "pv-report"
		return fmt.Sprintf("%v outside an iteration or with a node open", e.Kind)
	case e.Method == NoMethod || e.Method >= methodEnd:
		c.rule = "pv-report"
		return fmt.Sprintf("%v names no PV method", e.Kind)
	case e.Kind == PVLine:
		return ""
	case e.Reason == NoReason || e.Reason >= reasonEnd:
		c.rule = "pv-report"
		return "pv-cut gives no reason"
	case e.Ply >= e.Depth:
		c.rule = "pv-report"
		return fmt.Sprintf("pv-cut at ply %d of a depth-%d iteration: the line is not short", e.Ply, e.Depth)
	}
	if !c.seen.has(e.Node) {
		c.rule = "pv-report"
		return fmt.Sprintf("pv-cut names node %d, which the search never entered", e.Node)
	}
	return ""
}

func (c *Checker) reSearch(e *Event) string {
	if c.rsSeq != 0 {
		c.rule = "re-search"
		return fmt.Sprintf("re-search while the one announced at seq %d is not yet entered", c.rsSeq)
	}
	r, ok := c.nodes[e.Ref]
	switch {
	case !ok && c.seen.has(e.Ref):
		c.rule = "re-search"
		return fmt.Sprintf("re-search at node %d of ref %d, which is not one of its children", e.Node, e.Ref)
	case !ok:
		c.rule = "re-search"
		return fmt.Sprintf("re-search of ref %d, a node never entered", e.Ref)
	case r.parent != e.Node:
		c.rule = "re-search"
		return fmt.Sprintf("re-search at node %d of ref %d, which is a child of node %d", e.Node, e.Ref, r.parent)
	case !r.exited:
		c.rule = "re-search"
		return fmt.Sprintf("re-search of ref %d, which has not exited", e.Ref)
	case r.reduced > 0:
		// A reduced search searched again, deeper (the enter shows it): once
		// its score beats alpha, whatever the window, that is the engine's
		// call. One that did not beat alpha is searched again for nothing: a
		// doubtful pattern, not a broken rule.
		if s := -int64(r.score); s <= int64(e.Alpha) {
			c.warn(e, e.Node, "re-search", fmt.Sprintf("node %d searches its reduced move %d again, though it scored %d for it, not above alpha %d",
				e.Node, e.Ref, s, e.Alpha))
		}
		c.rsSeq, c.rsNode, c.rsRef = e.Seq, e.Node, e.Ref
		return ""
	}
	if s := -int64(r.score); !(int64(e.Alpha) < s && s < int64(e.Beta)) {
		c.rule = "re-search"
		return fmt.Sprintf("re-search at node %d: its probe %d scored %d for it, not strictly inside the window (%d, %d)",
			e.Node, e.Ref, s, e.Alpha, e.Beta)
	}
	if !r.probed {
		c.rule = "re-search"
		return fmt.Sprintf("re-search of ref %d, which no probe entered", e.Ref)
	}
	if r.probeAlpha != e.Alpha {
		c.rule = "re-search"
		return fmt.Sprintf("re-search window alpha %d is not the alpha %d of the probe it repeats (ref %d)",
			e.Alpha, r.probeAlpha, e.Ref)
	}
	c.rsSeq, c.rsNode, c.rsRef = e.Seq, e.Node, e.Ref
	return ""
}
