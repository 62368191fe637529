package tracer

import "github.com/pvscope/pvscope/tracer/msg"

// The checker's rules for re-searches and the collectors' reports.

// pvReport checks a collector's line or cut: it comes inside an iteration,
// after its root has exited, names a method, and a cut names a node the search
// entered and a reason, and ends the line before the depth.
func (c *Checker) pvReport(e *Event) *msg.Error {
	switch {
	case !c.inIter || len(c.open) > 0:
		c.rule = "pv-report"
		return msg.New("go-tracer.pvReportOutside", "{kind} outside an iteration or with a node open", "kind", e.Kind.String())
	case e.Method == NoMethod || e.Method >= methodEnd:
		c.rule = "pv-report"
		return msg.New("go-tracer.pvReportNoMethod", "{kind} names no PV method", "kind", e.Kind.String())
	case e.Kind == PVLine:
		return nil
	case e.Reason == NoReason || e.Reason >= reasonEnd:
		c.rule = "pv-report"
		return msg.New("go-tracer.pvCutNoReason", "pv-cut gives no reason")
	case e.Ply >= int32(e.Depth):
		c.rule = "pv-report"
		return msg.New("go-tracer.pvCutNotShort", "pv-cut at ply {ply} of a depth-{depth} iteration: the line is not short", "ply", e.Ply, "depth", e.Depth)
	}
	if !c.seen.has(e.Node) {
		c.rule = "pv-report"
		return msg.New("go-tracer.pvCutNeverEntered", "pv-cut names node {node}, which the search never entered", "node", e.Node)
	}
	return nil
}

func (c *Checker) reSearch(e *Event) *msg.Error {
	if c.rsSeq != 0 {
		c.rule = "re-search"
		return msg.New("go-tracer.reSearchPending", "re-search while the one announced at seq {seq} is not yet entered", "seq", c.rsSeq)
	}
	r, ok := c.nodes[e.Ref]
	switch {
	case !ok && c.seen.has(e.Ref):
		c.rule = "re-search"
		return msg.New("go-tracer.reSearchNotChild", "re-search at node {node} of ref {ref}, which is not one of its children", "node", e.Node, "ref", e.Ref)
	case !ok:
		c.rule = "re-search"
		return msg.New("go-tracer.reSearchNeverEntered", "re-search of ref {ref}, a node never entered", "ref", e.Ref)
	case r.parent != e.Node:
		c.rule = "re-search"
		return msg.New("go-tracer.reSearchOthersChild", "re-search at node {node} of ref {ref}, which is a child of node {parent}", "node", e.Node, "ref", e.Ref, "parent", r.parent)
	case !r.exited:
		c.rule = "re-search"
		return msg.New("go-tracer.reSearchNotExited", "re-search of ref {ref}, which has not exited", "ref", e.Ref)
	case r.reduced > 0:
		// A reduced search searched again, deeper (the enter shows it): once
		// its score beats alpha, whatever the window, that is the engine's
		// call. One that did not beat alpha is searched again for nothing: a
		// doubtful pattern, not a broken rule.
		if s := -int64(r.score); s <= int64(e.Alpha) {
			c.warn(e, e.Node, "re-search", msg.New("go-tracer.reducedReSearchedLow", "node {node} searches its reduced move {ref} again, though it scored {score} for it, not above alpha {alpha}",
				"node", e.Node, "ref", e.Ref, "score", s, "alpha", e.Alpha))
		}
		c.rsSeq, c.rsNode, c.rsRef = e.Seq, e.Node, e.Ref
		return nil
	}
	// A probe that failed high, at or beyond the re-search's beta too, may be
	// searched again with the full window ("if score > alpha, search again",
	// as Stockfish's and CounterGo's PVS do): wasteful, not wrong, and the
	// node keeps the re-search's value. One that failed low owes nothing, and
	// one at or above beta is not searched again with no wider window.
	wider := int64(e.Beta)-int64(e.Alpha) > int64(r.beta)-int64(r.alpha)
	if s := -int64(r.score); s <= int64(e.Alpha) || s >= int64(e.Beta) && !wider {
		c.rule = "re-search"
		return msg.New("go-tracer.probeScoreOutside", "re-search at node {node}: its probe {ref} scored {score} for it, not strictly inside the window ({alpha}, {beta})",
			"node", e.Node, "ref", e.Ref, "score", s, "alpha", e.Alpha, "beta", e.Beta)
	}
	if !r.probed {
		c.rule = "re-search"
		return msg.New("go-tracer.reSearchNotProbed", "re-search of ref {ref}, which no probe entered", "ref", e.Ref)
	}
	if r.probeAlpha != e.Alpha {
		c.rule = "re-search"
		return msg.New("go-tracer.reSearchAlpha", "re-search window alpha {alpha} is not the alpha {probeAlpha} of the probe it repeats (ref {ref})",
			"alpha", e.Alpha, "probeAlpha", r.probeAlpha, "ref", e.Ref)
	}
	c.rsSeq, c.rsNode, c.rsRef = e.Seq, e.Node, e.Ref
	return nil
}
