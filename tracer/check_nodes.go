package tracer

import "github.com/pvscope/pvscope/tracer/msg"

// The checker's stack of open nodes: entering one, and closing them again.

func (c *Checker) enter(e *Event) *msg.Error {
	if e.Node <= 0 {
		c.rule = "nesting"
		return msg.New("go-tracer.enterIDZero", "enter of node {node}: node ids start at 1", "node", e.Node)
	}
	if c.seen.has(e.Node) {
		c.rule = "nesting"
		return msg.New("go-tracer.enteredTwice", "node {node} entered twice: node ids are never reused in a search", "node", e.Node)
	}
	if top := c.top(); e.Parent != top {
		c.rule, c.culprit = "nesting", top
		m := msg.New("go-tracer.parentNotInnermost", "enter of node {node} names parent {parent}, but the innermost open node is {top}: node {top} has not exited",
			"node", e.Node, "parent", e.Parent, "top", top)
		if top == 0 {
			m = msg.New("go-tracer.parentNoneOpen", "enter of node {node} names parent {parent}, but no node is open", "node", e.Node, "parent", e.Parent)
		}
		if c.Report != nil {
			c.resync(e.Parent)
			c.rsSeq = 0
			c.push(e)
		}
		return m
	}
	if e.IsSub() {
		return c.enterSub(e) // check_subsearch.go
	}
	// Whatever the rules below find, the node is opened: a broken ref is one
	// violation, not a knock-on nesting error at its exit.
	problem := c.excludedMove(e)
	if problem == nil {
		problem = c.enterRef(e)
	}
	if problem == nil {
		problem = c.nullRules(e)
	}
	if e.Parent == 0 {
		c.rootEntered(e)
	}
	if !c.inIter && problem == nil {
		if c.iterSeen {
			c.rule = "iteration"
			problem = msg.New("go-tracer.enteredOutside", "node {node} entered outside any iteration", "node", e.Node)
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
func (c *Checker) enterRef(e *Event) *msg.Error {
	if c.rsSeq != 0 {
		seq := c.rsSeq
		c.rsSeq = 0
		if e.Parent != c.rsNode || e.Ref != c.rsRef {
			c.rule = "re-search"
			return msg.New("go-tracer.notTheReSearch", "enter of node {node} (parent {parent}, ref {ref}) is not the re-search of ref {announcedRef} at node {announcedNode} announced at seq {seq}",
				"node", e.Node, "parent", e.Parent, "ref", e.Ref, "announcedRef", c.rsRef, "announcedNode", c.rsNode, "seq", seq)
		}
		r := c.nodes[e.Ref]
		if !(int64(e.Beta)-int64(e.Alpha) > int64(r.beta)-int64(r.alpha) || e.Depth > r.depth) {
			c.rule = "re-search"
			return msg.New("go-tracer.reSearchNotWider", "re-search node {node} searches ref {ref} again with the same window ({alpha}, {beta}) and depth {depth}: neither wider nor deeper",
				"node", e.Node, "ref", e.Ref, "alpha", e.Alpha, "beta", e.Beta, "depth", e.Depth)
		}
		return nil
	}
	if e.Ref != 0 {
		if c.repeats(e, e.Ref) {
			c.warn(e, e.Node, "repeat", msg.New("go-tracer.refRepeats", "enter of node {node} names ref {ref}, but searches it again with the same window and depth: a repeat, not a re-search", "node", e.Node, "ref", e.Ref))
			return nil
		}
		c.rule = "re-search"
		return msg.New("go-tracer.refUnannounced", "enter of node {node} with ref {ref}, but no re-search announced it", "node", e.Node, "ref", e.Ref)
	}
	return nil
}

// push opens e's node.
func (c *Checker) push(e *Event) {
	n := nodeState{move: e.Move, parent: e.Parent, alpha: e.Alpha, beta: e.Beta, depth: e.Depth, ply: e.Ply, reduced: e.Reduced,
		owesReSearch: e.Reduced > 0 && (e.Why == "" || e.Why == WhyLMR)}
	if e.Parent != 0 && !e.IsSub() { // a sub-search is no probe, re-search or repeat of the parent's
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
		if !c.reopen(e, n.repeatOf) && n.repeatOf == 0 && c.searchedAgainDeeper(e) {
			c.frames.At(len(c.open) - 1).bestUnknown = true // the parent's frame: e is not open yet
		}
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
	c.frames.Grow().reset(e.Alpha, e.Beta)
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
	c.open, c.kids = c.open[:k], c.kids[:k]
	c.frames.Truncate(k)
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
