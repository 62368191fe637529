package tracer

// Over 400 lines because Diagnosis is one sink whose per-iteration state the counts, the root's
// line and the short line's end all read; its reasons are apart (diagnosis_reasons.go,
// diagnosis_enginepv.go).

// Diagnosis is a Sink that summarises a trace as it streams by: counts, and
// per iteration the root's PV, whether it is shorter than the depth and, if
// so, where it ended and why, as far as the trace shows. Root searches
// (parent 0) of one depth are one iteration when no iteration events group
// them, as the Deriver groups them. It keeps a frame per open node and one
// entry per iteration.
type Diagnosis struct {
	Counts     Counts
	Iterations []Iteration
	// Scale reads mate scores; the zero Scale is DefaultScale.
	Scale Scale
	// EndOfLine, when set, says whether the game is over after a short line
	// (mate, stalemate, repetition, fifty moves), or, with NoReason and ok,
	// that it goes on; not ok: it cannot tell. tracer knows no chess, the
	// caller does. Its answer comes before what the trace shows: a game that
	// goes on is neither mate nor stalemate, whatever the trace says (a
	// repetition the trace claims may be of a position before the root, and
	// stays).
	EndOfLine func(pv []string) (Reason, bool)

	stack     deepStack[diagFrame]
	inIter    bool
	cur       *Iteration // the iteration being read, nil between them
	cuts      []Event    // pv-cut events of the current iteration
	roots     []rootEnd  // the iteration's recent root searches: where each one's line ended
	chosen    rootEnd    // the root search that gives the iteration its result, as the Deriver chooses
	hasChosen bool
	rootDepth int16 // the depth of the roots outside iteration events
	ttHit     int32 // the node of the last tt-hit event
	ttCut     int32 // the node of the last tt-cutoff event
	// Report and Warn, when set, receive engine-pv's findings: the engine's
	// line parting from the one the trace's scores derive.
	Report, Warn func(*Violation)
	// Bounds is the header's meta.bounds, read as the Deriver reads it.
	Bounds     string
	derived    []string // the Deriver's line for the iteration (DerivedLine)
	hasDerived bool
	fromScores bool         // the derived line follows the scores, not the engine's own pv-updates
	lines      []engineLine // the engine's own lines of the iteration
}

// Counts are the totals check reports. A node the table answered (an exit
// with end tt-cutoff) is a table hit and a table cutoff, counted once with
// the tt-hit and tt-cutoff events the engine may also write for it.
type Counts struct {
	Events, Nodes, Leaves, Probes, ReSearches, Cutoffs, FirstMoveCutoffs, TTHits, TTCutoffs, Prunes int64
}

// FirstMoveCutoffRate is the share of cutoffs made by the first move searched.
func (c Counts) FirstMoveCutoffRate() float64 {
	if c.Cutoffs == 0 {
		return 0
	}
	return float64(c.FirstMoveCutoffs) / float64(c.Cutoffs)
}

// PVEnd is the node where a line ended, Ply moves from the root, and the
// reason the trace shows; NoReason when nothing in it explains the end.
type PVEnd struct {
	Node   int32
	Reason Reason
	// StandPat: the node's stand pat decided it, no move beat it.
	StandPat bool
	Ply      int
	// path hashes the moves from the root to Node (linePath), so that an
	// engine's line can be matched to it without the moves kept; Iteration.End
	// leaves it zero.
	path uint64
}

// diagFrame's fields are ordered so that none pads another: a chain keeps one
// per open node (100,000 in issue 44's hostile trace), in the static site's
// worker whose memory, once grown, is never given back.
type diagFrame struct {
	node         int32
	depth        int16
	reduced      int16
	alpha, beta  int32
	typed        bool // it expects a Knuth-Moore type: a search under a wider root window, not MTD's (rejectedBound)
	ttExact      bool // an exact table entry was found
	ttCut        bool // and it answered the node
	endSet       bool
	lastDecides  bool // see lastEnd
	move         string
	path         uint64 // linePath of the moves from the root to node
	ply          int
	children     int
	end          PVEnd
	lastChildEnd PVEnd
	last         lastVisit
	// The child that decided its score so far (the last with the highest),
	// and the one before the last child's, as in the Deriver.
	best, prev diagDecider
	// The last child's line end, and whether it may decide (not stopped, not
	// failed high at its own node, not a null move below beta), for a move-value.
	lastEnd  PVEnd
	lastMove string
}

type diagDecider struct {
	d   decider // its line left empty: Diagnosis keeps where it ends
	end PVEnd
}

// Emit implements Sink.
func (d *Diagnosis) Emit(e Event) {
	d.Counts.Events++
	switch e.Kind {
	case IterationStart:
		d.finish()
		d.begin(int(e.Depth))
		d.inIter = true
	case IterationEnd:
		if d.cur != nil && d.cur.Depth == 0 {
			d.cur.Depth = int(e.Depth)
		}
		if d.cur != nil && e.End == Stopped {
			d.cur.Stopped = true
		}
		if d.cur != nil && d.cur.PV == nil {
			d.cur.Score = e.Score
		}
		if d.cur != nil && len(e.PV) > 0 {
			// The engine's own line, wherever a root-pv's counts: a derived
			// root-pv gives way to it.
			if !d.cur.hasRootPV || d.cur.Derived && !e.Derived {
				d.cur.PV, d.cur.Score, d.cur.Derived = e.PV, e.Score, e.Derived
				d.cur.rootEnd, d.cur.hasRootPV = d.rootFor(e.Score).end, true
			}
			d.engineLine(&e)
		}
		d.finish()
		d.inIter = false
	case SearchEnd:
		d.finish()
	case Enter:
		d.Counts.Nodes++
		if d.stack.Len() == 0 && !d.inIter && (d.cur == nil || e.Depth != d.rootDepth) {
			d.finish()
			d.begin(int(e.Depth))
			d.rootDepth = e.Depth
		}
		if d.cur != nil && d.cur.Depth == 0 {
			d.cur.Depth = int(e.Depth)
		}
		path := linePath(nil)
		if p := d.stack.Top(); p != nil {
			path = pathStep(p.path, e.Move)
			p.children++
			if p.last.supersededBy(&e) {
				p.best = p.prev // the visit searched again no longer decides
			}
			p.last.exited = false
		}
		d.stack.Push(diagFrame{node: e.Node, move: e.Move, path: path, ply: int(e.Ply), depth: e.Depth, reduced: e.Reduced, alpha: e.Alpha, beta: e.Beta, typed: e.Expect != NoType})
	case Exit:
		d.exit(&e)
	case Probe:
		d.Counts.Probes++
	case ReSearch:
		d.Counts.ReSearches++
	case Prune:
		d.Counts.Prunes++
	case Cutoff:
		d.Counts.Cutoffs++
		if e.Index == 0 {
			d.Counts.FirstMoveCutoffs++
		}
	case TTHit:
		d.Counts.TTHits++
		d.ttHit = e.Node
		if f := d.top(e.Node); f != nil && e.Bound == Exact {
			f.ttExact = true
		}
	case TTCutoff:
		d.Counts.TTCutoffs++
		d.ttCut = e.Node
		if f := d.top(e.Node); f != nil {
			f.ttCut = true
		}
	case PVUpdate:
		if f := d.top(e.Node); f != nil {
			f.end, f.endSet = f.lastChildEnd, true
		}
	case StandPat:
		if f := d.top(e.Node); f != nil && (!f.best.d.has || e.Score > f.best.d.score) {
			f.best = diagDecider{d: decider{has: true, standPat: true, score: e.Score}}
		}
	case MoveValue:
		if f := d.top(e.Node); f != nil && f.last.exited {
			f.best = f.prev
			f.decide(e.Score, f.lastDecides, f.lastEnd)
		}
	case RootPV:
		if d.cur != nil && e.Index == 0 {
			d.cur.PV, d.cur.Score, d.cur.Derived = e.PV, e.Score, e.Derived
			d.cur.rootEnd, d.cur.hasRootPV = d.rootFor(e.Score).end, true
			if !e.Derived {
				d.engineLine(&e)
			}
			if e.Depth != 0 {
				d.cur.Depth = int(e.Depth)
			}
		}
	case PVCut:
		if e.Index == 0 {
			d.cuts = append(d.cuts, e)
		}
	}
}

func (d *Diagnosis) top(node int32) *diagFrame {
	if f := d.stack.Top(); f != nil && f.node == node {
		return f
	}
	return nil
}

func (d *Diagnosis) exit(e *Event) {
	n := d.stack.Len()
	f := d.stack.Top() // still valid after the stack shrinks: nothing is pushed before its last use
	if f == nil || f.node != e.Node {
		return // unbalanced: the checker reports it
	}
	d.stack.Truncate(n - 1)
	if f.children == 0 {
		d.Counts.Leaves++
	}
	if e.End == TTCut {
		if d.ttHit != e.Node {
			d.Counts.TTHits++
		}
		if d.ttCut != e.Node {
			d.Counts.TTCutoffs++
		}
		f.ttCut = true
	}
	if !f.endSet || f.best.d.cutOnWide(f.alpha, f.beta, e.Score) {
		// A node that failed high on a wider window keeps the move that cut,
		// whatever raised its alpha before (the Deriver's lineOf).
		f.end = d.lineEnd(f, e)
	}
	if n == 1 {
		d.rootExited(f, e)
		return
	}
	p := d.stack.At(n - 2)
	p.lastChildEnd = f.end
	// The deciding child, as the Deriver follows it.
	score := -e.Score
	p.last = lastVisit{node: f.node, move: f.move, alpha: f.alpha, beta: f.beta, depth: f.depth, reduced: f.reduced, exited: true}
	p.prev = p.best
	p.lastEnd = f.end
	// As the Deriver's decide.
	p.lastMove = f.move
	p.lastDecides = e.End != Stopped && !boundOnly(d.Bounds == BoundsFailHard, e, f.alpha, f.beta) && !rejectedBound(p.typed, e, f.beta)
	if f.move == NullMove {
		p.lastDecides = p.lastDecides && score >= p.beta
	}
	p.decide(score, p.lastDecides, f.end)
}

// decide: a child that may decide, worth score, decides f's line as the
// Deriver's decider.weigh says.
func (f *diagFrame) decide(score int32, may bool, end PVEnd) {
	if !may {
		return
	}
	if b, ok := f.best.d.weigh(score, f.lastMove); ok {
		f.best = diagDecider{d: b, end: end}
	}
}

// lineEnd is where the line from f ends: at f itself, or, under a null
// window, where the line of the child that decided its score ends.
func (d *Diagnosis) lineEnd(f *diagFrame, e *Event) PVEnd {
	here := PVEnd{Node: f.node, Ply: f.ply, Reason: endReason(f, e), path: f.path}
	if d.scale().MatedAt(e.Score, f.ply) {
		if e.End != Lost { // a game's loss keeps its own word
			here.Reason = ReasonMate
		}
		return here
	}
	b := &f.best.d
	if b.cutOnWide(f.alpha, f.beta, e.Score) {
		return f.best.end
	}
	decided := b.score == e.Score || e.Score >= f.beta && b.score >= f.beta
	if int64(f.beta)-int64(f.alpha) == 1 && b.has && !b.standPat && decided {
		return f.best.end
	}
	if b.standPat && f.children > 0 && (b.score == e.Score || e.Score >= f.beta) {
		here.StandPat = true // its line stops where its stand pat decided
	}
	return here
}

func (d *Diagnosis) scale() Scale {
	if d.Scale == (Scale{}) {
		return DefaultScale
	}
	return d.Scale
}

// endReason is why a line that stops at f stops, as the trace shows it.
func endReason(f *diagFrame, e *Event) Reason {
	open := int64(f.beta)-int64(f.alpha) > 1
	inside := f.alpha < e.Score && e.Score < f.beta
	switch {
	case e.End.GameOver() || e.End == Repetition || e.End == FiftyMove || e.End == Leaf || e.End == Stopped:
		return ReasonOfEnd(e.End)
	case (e.End == TTCut || f.ttCut) && open && inside:
		return TTExactCutAtPV
	case e.End == TTCut || f.ttCut:
		return ReasonTTCutoff
	case open && e.Score <= f.alpha && f.children > 0:
		return FailLowAtPV
	case e.End == Eval && f.children == 0:
		return ReasonHorizon
	case drawnAbove(f, e):
		return ReasonRepetition
	}
	return NoReason
}
