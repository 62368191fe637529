package tracer

import "fmt"

// The checker's stack of open nodes: entering one, and closing them again.

func (c *Checker) enter(e *Event) string {
	if e.Node <= 0 {
		c.rule = "nesting"
		return fmt.Sprintf("enter of node %d: node ids start at 1", e.Node)
	}
	if c.seen.has(e.Node) {
		c.rule = "nesting"
		return fmt.Sprintf("node %d entered twice: node ids are never reused in a search", e.Node)
	}
	if top := c.top(); e.Parent != top {
		c.rule, c.culprit = "nesting", top
		msg := fmt.Sprintf("enter of node %d names parent %d, but the innermost open node is %d: node %d has not exited", e.Node, e.Parent, top, top)
		if top == 0 {
			msg = fmt.Sprintf("enter of node %d names parent %d, but no node is open", e.Node, e.Parent)
		}
		if c.Report != nil {
			c.resync(e.Parent)
			c.rsSeq = 0
			c.push(e)
		}
		return msg
	}
	// Whatever the rules below find, the node is opened: a broken ref is one
	// violation, not a knock-on nesting error at its exit.
	problem := c.enterRef(e)
	if !c.inIter && problem == "" {
		if c.iterSeen {
			c.rule = "iteration"
			problem = fmt.Sprintf("node %d entered outside any iteration", e.Node)
		} else if c.outside == 0 {
			c.outside = e.Node
		}
	}
	c.owed(e)
	c.push(e)
	return problem
}

// enterRef checks an enter against the re-search announced before it, or
// its Ref against its siblings when none was.
func (c *Checker) enterRef(e *Event) string {
	if c.rsSeq != 0 {
		seq := c.rsSeq
		c.rsSeq = 0
		if e.Parent != c.rsNode || e.Ref != c.rsRef {
			c.rule = "re-search"
			return fmt.Sprintf("enter of node %d (parent %d, ref %d) is not the re-search of ref %d at node %d announced at seq %d",
				e.Node, e.Parent, e.Ref, c.rsRef, c.rsNode, seq)
		}
		r := c.nodes[e.Ref]
		if !(int64(e.Beta)-int64(e.Alpha) > int64(r.beta)-int64(r.alpha) || e.Depth > r.depth) {
			c.rule = "re-search"
			return fmt.Sprintf("re-search node %d searches ref %d again with the same window (%d, %d) and depth %d: neither wider nor deeper",
				e.Node, e.Ref, e.Alpha, e.Beta, e.Depth)
		}
		return ""
	}
	if e.Ref != 0 {
		if c.repeats(e, e.Ref) {
			c.warn(e, e.Node, "repeat", fmt.Sprintf("enter of node %d names ref %d, but searches it again with the same window and depth: a repeat, not a re-search", e.Node, e.Ref))
			return ""
		}
		c.rule = "re-search"
		return fmt.Sprintf("enter of node %d with ref %d, but no re-search announced it", e.Node, e.Ref)
	}
	return ""
}

// push opens e's node.
func (c *Checker) push(e *Event) {
	n := nodeState{move: e.Move, parent: e.Parent, alpha: e.Alpha, beta: e.Beta, depth: e.Depth, reduced: e.Reduced,
		owesReSearch: e.Reduced > 0 && (e.Why == "" || e.Why == WhyLMR)}
	if e.Parent != 0 {
		p := c.nodes[e.Parent]
		switch {
		case p.probing && e.Ref == 0:
			n.probed, n.probeAlpha = true, p.probingAlpha
			p.probing = false
			c.nodes[e.Parent] = p
		case e.Ref != 0 && int64(e.Beta)-int64(e.Alpha) == 1 && int64(p.beta)-int64(p.alpha) > 1:
			// A null-window re-search (a reduced probe searched again at full
			// depth) is a probe of its own that a wider re-search may follow.
			n.probed, n.probeAlpha = true, -e.Beta
		}
		n.repeatOf = c.repeatOf(e)
		if n.repeatOf != 0 {
			c.Repeats++
		}
		c.reopen(e, n.repeatOf)
	}
	if c.nodes == nil {
		c.nodes = make(map[int32]nodeState)
	}
	c.nodes[e.Node] = n
	c.seen.add(e.Node)
	if k := len(c.open); k > 0 {
		c.kids[k-1] = append(c.kids[k-1], e.Node)
	}
	c.open = append(c.open, e.Node)
	if k := len(c.frames); k < cap(c.frames) {
		c.frames = c.frames[:k+1]
		c.frames[k] = openFrame{alpha: e.Alpha, beta: e.Beta, exited: c.frames[k].exited[:0]}
	} else {
		c.frames = append(c.frames, openFrame{alpha: e.Alpha, beta: e.Beta})
	}
	if len(c.kids) < cap(c.kids) {
		c.kids = c.kids[:len(c.kids)+1]
		c.kids[len(c.kids)-1] = c.kids[len(c.kids)-1][:0]
	} else {
		c.kids = append(c.kids, nil)
	}
}

// closeTop closes the innermost open node and forgets its children: no
// re-search can name them once it has exited.
func (c *Checker) closeTop() {
	k := len(c.open) - 1
	for _, id := range c.kids[k] {
		delete(c.nodes, id)
	}
	c.open, c.kids, c.frames = c.open[:k], c.kids[:k], c.frames[:k]
}

// resync closes the open nodes above node, when node is open, so that the
// check goes on after a lost exit. Node 0 closes them all.
func (c *Checker) resync(node int32) bool {
	for i := len(c.open) - 1; i >= 0; i-- {
		if c.open[i] == node {
			for len(c.open) > i+1 {
				c.closeTop()
			}
			return true
		}
	}
	if node == 0 {
		for len(c.open) > 0 {
			c.closeTop()
		}
	}
	return node == 0
}
