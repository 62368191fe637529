package tracer

// The Deriver at a node's exit and its children's: a re-search or a repeat,
// probes' outcomes, cutoffs, pv-updates, and the line down the children that
// decided each score, up to the root search that gives the iteration its result.

// lineOf is the line from node c as it exits with e: its pv-updates' under
// a wider window, the deciding child's under a null one.
func (d *Deriver) lineOf(c *frame, e *Event) pvLine {
	if int64(c.beta)-int64(c.alpha) != 1 || !c.pv.isNil() {
		return c.pv
	}
	if !c.best.has || c.best.score != e.Score || d.scale.MatedAt(e.Score, int(c.ply)) {
		return pvLine{}
	}
	return c.best.line.prepend(c.best.move, &d.lineBytes)
}

// rootExited weighs a root search against the others of its iteration.
func (d *Deriver) rootExited(c *frame, e *Event) {
	r := rootResult{depth: c.depth, score: e.Score, pv: c.pv, rank: rootRank(e.Score, c.alpha, c.beta)}
	d.roots = keepRoot(d.roots, r)
	if replacesChosen(d.pending, r.rank, r.depth, d.root.rank, d.root.depth) {
		d.root = r
	}
	d.pending = true
}

// pickIterScore: when the trace's iteration-end gives the iteration's score,
// its line is that of the last root search that scored it.
func (d *Deriver) pickIterScore() {
	if !d.pending || d.root.score == d.iterScore {
		return
	}
	for i := len(d.roots) - 1; i >= 0; i-- {
		if d.roots[i].score == d.iterScore {
			d.root = d.roots[i]
			return
		}
	}
}

func (d *Deriver) exit(e *Event) {
	f := d.frameOf(e.Node)
	if f == nil {
		return // the checker reports it
	}
	broken := f != d.top()
	if f.cut != nil {
		d.derive(*f.cut)
		f.cut = nil
	}
	if e.Actual == NoType {
		switch {
		case e.Score <= f.alpha:
			e.Actual = All
		case e.Score >= f.beta:
			e.Actual = Cut
		default:
			e.Actual = PV
		}
	}
	if e.End == Searched && f.children == 0 {
		switch {
		case f.ttCut:
			e.End = TTCut
		case d.scale.MatedAt(e.Score, int(f.ply)): // mated here, not some plies on
			e.End = Mate
		case f.depth <= 0:
			e.End = Eval
		case d.tree:
			e.End = Leaf
		}
	}
	c := f // still valid after the stack shrinks below it: nothing is pushed before its last use
	if !d.full {
		c.pv = d.lineOf(c, e)
	}
	idx := len(d.stack) - 1
	for d.stack[idx].node != e.Node {
		idx--
	}
	d.stack = d.stack[:idx]
	if d.white {
		delete(d.plies, e.Node)
	}
	p := d.top()
	if p == nil || c.ply == 0 {
		d.rootExited(c, e)
		return
	}
	if !broken {
		d.childExited(p, e, c)
	}
}

// childExited: the parent p speaks of its child c, which returned e.Score.
func (d *Deriver) childExited(p *frame, e *Event, c *frame) {
	score := -e.Score
	// A probe: searched with a window one unit wide where the parent's is wider.
	probe := int64(c.beta)-int64(c.alpha) == 1 && int64(p.beta)-int64(p.a) > 1
	l := &p.last
	l.node, l.move, l.index, l.score, l.probe, l.exited, l.pv = e.Node, c.move, c.index, score, probe, true, c.pv
	l.alpha, l.beta, l.depth, l.reduced = c.alpha, c.beta, c.depth, c.reduced
	p.prev = p.best
	// A null move decides only when it cuts; a stopped child never does.
	if e.End != Stopped && !(c.move == NullMove && score < p.beta) && (!p.best.has || score >= p.best.score) {
		p.best = decider{has: true, score: score, move: c.move, line: c.pv}
	}
	if probe {
		win := Event{Node: p.node, Move: c.move, Index: c.index, Score: score, Alpha: p.a, Beta: p.a + 1}
		if score <= p.a {
			win.Kind = FailLow
		} else {
			win.Kind = FailHigh
		}
		d.later = append(d.later, win)
	}
	if score >= p.beta {
		p.cut = &Event{Kind: Cutoff, Node: p.node, Move: c.move, Index: c.index, Score: score, Beta: p.beta}
		return
	}
	if probe || score <= p.a {
		return
	}
	if !d.wrote[PVUpdate] {
		line := c.pv.prepend(c.move, &d.lineBytes)
		d.later = append(d.later, Event{Kind: PVUpdate, Node: p.node, Move: c.move, Index: c.index, Score: score, Alpha: p.a, Beta: p.beta, PV: line.moves()})
		p.pv = line
	}
	p.a = score
}

// flushRoot sends the root-pv of the iteration's chosen root search, when the
// trace writes none.
func (d *Deriver) flushRoot() {
	d.roots = d.roots[:0]
	if !d.pending {
		return
	}
	d.pending = false
	d.derive(Event{Kind: RootPV, Depth: d.root.depth, Score: d.root.score, PV: d.root.pv.moves()})
}
