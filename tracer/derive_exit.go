package tracer

// The Deriver at a node's exit and its children's: a re-search or a repeat,
// probes' outcomes, cutoffs, pv-updates, and the line down the children that
// decided each score, up to the root search that gives the iteration its result.

// lineOf is the line from node c as it exits with e: its pv-updates' under
// a wider window, the deciding child's under a null one.
func (d *Deriver) lineOf(c *frame, e *Event) pvLine {
	if int64(c.beta)-int64(c.alpha) != 1 {
		if c.best.cutOnWide(c.alpha, c.beta, e.Score) {
			// It failed high: its line is the move that cut, whatever raised alpha before.
			return c.best.line.prepend(c.best.move, &d.lineBytes)
		}
		return c.pv
	}
	if !c.pv.isNil() {
		return c.pv
	}
	// A fail-hard node returns its bound, not its best move's value: the move
	// that decided it scored at least its beta, or no more than its alpha.
	decided := c.best.score == e.Score || e.Score >= c.beta && c.best.score >= c.beta
	if !c.best.has || c.best.standPat || !decided || d.scale.MatedAt(e.Score, int(c.ply)) {
		return pvLine{}
	}
	return c.best.line.prepend(c.best.move, &d.lineBytes)
}

// rootExited weighs a root search against the others of its iteration.
func (d *Deriver) rootExited(c *frame, e *Event) {
	r := rootResult{depth: c.depth, score: e.Score, pv: c.pv, rank: rootRank(e.Score, c.alpha, c.beta)}
	if e.End != Stopped && aspirationFailed(d.scale, e.Score, c.alpha, c.beta) {
		r.bound = Upper
		if e.Score >= c.beta {
			r.bound = Lower
		}
	}
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
			if d.game { // a game other than chess is lost here, not checkmated
				e.End = Lost
			}
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
	idx := d.stack.Len() - 1
	for d.stack.At(idx).node != e.Node {
		idx--
	}
	d.stack.Truncate(idx)
	if d.white {
		delete(d.plies, e.Node)
	}
	p := d.top()
	if p == nil || c.ply == 0 && !c.sub {
		d.rootExited(c, e)
		return
	}
	if !broken && !c.sub { // a sub-search is no move of its parent's: nothing follows from its score
		d.childExited(p, e, c)
	}
}

// childExited: the parent p speaks of its child c, which returned e.Score.
func (d *Deriver) childExited(p *frame, e *Event, c *frame) {
	// A probe: searched with a window one unit wide where the parent's is wider.
	probe := int64(c.beta)-int64(c.alpha) == 1 && int64(p.beta)-int64(p.a) > 1
	l := &p.last
	l.node, l.move, l.index, l.probe, l.exited, l.pv = e.Node, c.move, c.index, probe, true, c.pv
	l.alpha, l.beta, l.depth, l.reduced = c.alpha, c.beta, c.depth, c.reduced
	l.stopped, l.boundOnly = e.End == Stopped, boundOnly(d.failHard, e, c.alpha, c.beta) || rejectedBound(p.expect != NoType, e, c.beta)
	p.prev, p.prevA, p.prevPV = p.best, p.a, p.pv
	d.decide(p, -e.Score)
}

// moveValue: the parent took e.Score for its last child's move, not minus
// the child's score. What was derived from that score is derived again.
func (d *Deriver) moveValue(e *Event) {
	p := d.top()
	if p == nil || p.node != e.Node || !p.last.exited || e.Move != "" && e.Move != p.last.move {
		return // the checker says so
	}
	kept := d.later[:0]
	for _, x := range d.later {
		if x.Node != p.node {
			kept = append(kept, x)
		}
	}
	d.later = kept
	p.cut, p.best, p.a, p.pv = nil, p.prev, p.prevA, p.prevPV
	d.decide(p, e.Score)
}

// decide weighs score, the value p took for its last child: the child that
// decides p's line, and the events that follow from it.
func (d *Deriver) decide(p *frame, score int32) {
	l := &p.last
	l.score = score
	c := struct {
		move        string
		index       int16
		pv          pvLine
		alpha, beta int32
	}{l.move, l.index, l.pv, l.alpha, l.beta}
	probe := l.probe
	// A null move decides only when it cuts; a stopped child never does, nor
	// one that returned only a bound; a stand pat yields only to a move that beats it.
	if !l.stopped && !(c.move == NullMove && score < p.beta) && !l.boundOnly {
		if b, ok := p.best.weigh(score, c.move); ok {
			b.line = c.pv
			p.best = b
		}
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
	if d.OnRootLine != nil {
		d.OnRootLine(d.root.pv.moves(), !d.wrote[PVUpdate])
	}
	d.derive(Event{Kind: RootPV, Depth: d.root.depth, Score: d.root.score, PV: d.root.pv.moves(), Bound: d.root.bound})
}

// boundOf is the bound of the iteration's root search that scored score, as
// pickIterScore finds it: NoBound when it did not fail on its aspiration window.
func (d *Deriver) boundOf(score int32) Bound {
	if d.pending && d.root.score == score {
		return d.root.bound
	}
	for i := len(d.roots) - 1; i >= 0; i-- {
		if d.roots[i].score == score {
			return d.roots[i].bound
		}
	}
	return NoBound
}
