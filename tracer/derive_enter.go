package tracer

// The Deriver at a node's enter: its frame, its ply and index from the
// parent, the type it should have (Knuth and Moore's rule), and the
// re-search or probe its enter shows.

func (d *Deriver) frameOf(node int32) *frame {
	for i := d.stack.Len() - 1; i >= 0; i-- {
		if f := d.stack.At(i); f.node == node {
			return f
		}
	}
	return nil
}

func (d *Deriver) enter(e *Event) {
	p := d.frameOf(e.Parent)
	if p != nil && p != d.top() {
		// A node above the parent has not exited: the checker says so, and
		// nothing is derived across the break.
		d.push(e)
		return
	}
	if p == nil {
		// A root (or a node whose parent is not open: the checker says so).
		if e.Parent == 0 && !d.inIter && d.pending && e.Depth != d.root.depth {
			d.flushRoot() // a new depth: the roots before were one iteration
		}
		if e.Expect == NoType && int64(e.Beta)-int64(e.Alpha) != 1 {
			e.Expect = PV
		}
		d.push(e)
		return
	}
	if e.IsSub() {
		d.enterSub(p, e) // derive_subsearch.go
		return
	}
	// A sibling follows: the last child did not cut the node off.
	p.cut = nil
	e.Ply = p.ply + 1
	if p.last.reSearchedBy(e) {
		if p.last.supersededBy(e) {
			p.best = p.prev // the visit searched again no longer decides
		}
		if e.Ref == 0 {
			e.Ref = p.last.node
		}
		if !d.wrote[ReSearch] {
			d.derive(Event{Kind: ReSearch, Node: p.node, Move: e.Move, Index: p.last.index, Ref: e.Ref, Alpha: -e.Beta, Beta: -e.Alpha})
		}
		e.Index = p.last.index
		if e.Expect == NoType && p.expect != NoType {
			e.Expect = PV
		}
	} else {
		if p.last.supersededBy(e) {
			p.best = p.prev // the same search again right after: the move's value is this one's
		}
		if e.Index == 0 {
			e.Index = p.next
		}
		p.next = e.Index + 1
		if e.Expect == NoType && p.expect != NoType {
			e.Expect = childType(p.expect, int(e.Index))
		}
		if isProbe(p, e) {
			d.derive(Event{Kind: Probe, Node: p.node, Move: e.Move, Index: e.Index, Alpha: -e.Beta, Beta: -e.Alpha})
		}
	}
	p.children++
	p.last.exited = false
	d.push(e)
}

// isProbe: a child window one unit wide under a wider parent window.
func isProbe(p *frame, e *Event) bool {
	return int64(e.Beta)-int64(e.Alpha) == 1 && int64(p.beta)-int64(p.a) > 1
}

// childType is Knuth and Moore's rule: the first child of a PV node is PV and
// the rest Cut; the first child of a Cut node is All, and the node, failing
// to cut, becomes All, whose children are Cut.
func childType(t NodeType, i int) NodeType {
	switch {
	case t == PV && i == 0:
		return PV
	case t == Cut && i == 0:
		return All
	}
	return Cut
}

func (d *Deriver) push(e *Event) {
	f := frame{node: e.Node, move: e.Move, index: e.Index, ply: e.Ply, depth: e.Depth, alpha: e.Alpha, beta: e.Beta, a: e.Alpha, expect: e.Expect, reduced: e.Reduced}
	d.stack.Push(f)
	if d.white {
		d.plies[e.Node] = e.Ply
	}
}
