package tracer

// Diagnosis is a Sink that summarises a trace as it streams by: counts, and
// per iteration the root's PV, whether it is shorter than the depth and, if
// so, where it ended and why, as far as the trace shows. It keeps a frame per
// open node and one entry per iteration.
type Diagnosis struct {
	Counts     Counts
	Iterations []Iteration

	stack  []diagFrame
	inIter bool
	cur    *Iteration // the iteration being read, nil between them
	cuts   []Event    // pv-cut events of the current iteration
	root   PVEnd      // where the last root search's line ended
}

// Counts are the totals check reports.
type Counts struct {
	Events, Nodes, Leaves, Probes, ReSearches, Cutoffs, FirstMoveCutoffs, TTHits int64
}

// FirstMoveCutoffRate is the share of cutoffs made by the first move searched.
func (c Counts) FirstMoveCutoffRate() float64 {
	if c.Cutoffs == 0 {
		return 0
	}
	return float64(c.FirstMoveCutoffs) / float64(c.Cutoffs)
}

// Iteration is one iteration's root line.
type Iteration struct {
	Depth   int
	Score   int32
	PV      []string
	Short   bool  // the PV is shorter than Depth
	Stopped bool  // the search was stopped in this iteration: its line is not a result
	End     PVEnd // where a short PV ended
}

// PVEnd is the node where a line ended, Ply moves from the root, and the
// reason the trace shows; NoReason when nothing in it explains the end.
type PVEnd struct {
	Node   int32
	Ply    int
	Reason Reason
}

type diagFrame struct {
	node         int32
	ply          int
	alpha, beta  int32
	children     int
	ttExact      bool // an exact table entry was found
	ttCut        bool // and it answered the node
	end          PVEnd
	endSet       bool
	lastChildEnd PVEnd
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
		d.finish()
		d.inIter = false
	case SearchEnd:
		d.finish()
	case Enter:
		d.Counts.Nodes++
		if len(d.stack) == 0 && !d.inIter {
			d.finish()
			d.begin(int(e.Depth))
		}
		if d.cur != nil && d.cur.Depth == 0 {
			d.cur.Depth = int(e.Depth)
		}
		if n := len(d.stack); n > 0 {
			d.stack[n-1].children++
		}
		d.stack = append(d.stack, diagFrame{node: e.Node, ply: int(e.Ply), alpha: e.Alpha, beta: e.Beta})
	case Exit:
		d.exit(&e)
	case Probe:
		d.Counts.Probes++
	case ReSearch:
		d.Counts.ReSearches++
	case Cutoff:
		d.Counts.Cutoffs++
		if e.Index == 0 {
			d.Counts.FirstMoveCutoffs++
		}
	case TTHit:
		d.Counts.TTHits++
		if f := d.top(e.Node); f != nil && e.Bound == Exact {
			f.ttExact = true
		}
	case TTCutoff:
		if f := d.top(e.Node); f != nil {
			f.ttCut = true
		}
	case PVUpdate:
		if f := d.top(e.Node); f != nil {
			f.end, f.endSet = f.lastChildEnd, true
		}
	case RootPV:
		if d.cur != nil && e.Index == 0 {
			d.cur.PV, d.cur.Score = e.PV, e.Score
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
	if n := len(d.stack); n > 0 && d.stack[n-1].node == node {
		return &d.stack[n-1]
	}
	return nil
}

func (d *Diagnosis) exit(e *Event) {
	n := len(d.stack)
	if n == 0 || d.stack[n-1].node != e.Node {
		return // unbalanced: the checker reports it
	}
	f := d.stack[n-1]
	d.stack = d.stack[:n-1]
	if f.children == 0 {
		d.Counts.Leaves++
	}
	if !f.endSet {
		f.end = PVEnd{Node: f.node, Ply: f.ply, Reason: endReason(&f, e)}
	}
	if n == 1 {
		d.root = f.end
		return
	}
	d.stack[n-2].lastChildEnd = f.end
}

// endReason is why a line that stops at f stops, as the trace shows it.
func endReason(f *diagFrame, e *Event) Reason {
	open := int64(f.beta)-int64(f.alpha) > 1
	inside := f.alpha < e.Score && e.Score < f.beta
	switch {
	case e.End == Mate || e.End == Stalemate || e.End == Repetition || e.End == FiftyMove || e.End == Leaf || e.End == Stopped:
		return ReasonOfEnd(e.End)
	case (e.End == TTCut || f.ttCut) && open && inside:
		return TTExactCutAtPV
	case open && e.Score <= f.alpha && f.children > 0:
		return FailLowAtPV
	}
	return NoReason
}

func (d *Diagnosis) begin(depth int) {
	d.Iterations = append(d.Iterations, Iteration{Depth: depth})
	d.cur = &d.Iterations[len(d.Iterations)-1]
	d.cuts = d.cuts[:0]
	d.root = PVEnd{}
}

// finish closes the current iteration: a line shorter than the depth ends
// where the engine's pv-cut says (the triangular collector's first), or
// else where the derivation from the exits found.
func (d *Diagnosis) finish() {
	it := d.cur
	if it == nil {
		return
	}
	d.cur = nil
	it.Short = len(it.PV) < it.Depth && !it.Stopped
	if !it.Short {
		return
	}
	it.End = d.root
	for i, c := range d.cuts {
		if c.Method == Triangular || i == 0 {
			it.End = PVEnd{Node: c.Node, Ply: int(c.Ply), Reason: c.Reason}
		}
	}
}

// Finish closes the last iteration.
func (d *Diagnosis) Finish() { d.finish() }
