package tracer

// A Diagnosis's iterations: each one's root line, the root searches that
// may give it its result (as the Deriver picks them, rootpick.go), and, when
// the iteration closes, where a short line ended and why.

// rootEnd is one root search's score and where its line ended.
type rootEnd struct {
	depth int16
	score int32
	rank  int8 // 3 inside its window, 2 failed high, 1 failed low
	end   PVEnd
	bound Bound // Lower or Upper when it failed on a finite edge of a window wider than one unit
	null  bool  // its window was one unit wide (an MTD driver's bound search)
}

// Iteration is one iteration's root line.
type Iteration struct {
	Depth   int
	Score   int32
	PV      []string
	Short   bool  // the PV is shorter than Depth
	Stopped bool  // the search was stopped in this iteration: its line is not a result
	End     PVEnd // where a short PV ended
	Derived bool  // the engine did not write this line: the Deriver followed it through the trace
	// Bound: Lower or Upper when the root search that gave Score failed on its
	// aspiration window (Score is then only a bound); NoBound otherwise.
	Bound Bound

	rootEnd   PVEnd // where the line of the root search that gave the result ended
	hasRootPV bool
}

// rootExited keeps where a root search's line ended, for the iteration's root-pv.
func (d *Diagnosis) rootExited(f *diagFrame, e *Event) {
	r := rootEnd{depth: f.depth, score: e.Score, rank: rootRank(e.Score, f.alpha, f.beta), end: f.end, null: int64(f.beta)-int64(f.alpha) == 1}
	if e.End != Stopped && aspirationFailed(d.scale(), e.Score, f.alpha, f.beta) {
		r.bound = Upper
		if e.Score >= f.beta {
			r.bound = Lower
		}
	}
	d.roots = keepRoot(d.roots, r)
	if replacesChosen(d.hasChosen, r.rank, r.depth, d.chosen.rank, d.chosen.depth) {
		d.chosen, d.hasChosen = r, true
	}
}

// rootFor is where the line of the root search that scored score ended, as
// the Deriver picks it (rootpick.go): the chosen one, or, for another score
// (the iteration-end's), the last recent one that scored it.
func (d *Diagnosis) rootFor(score int32) rootEnd {
	if d.hasChosen && d.chosen.score == score {
		return d.chosen
	}
	for i := len(d.roots) - 1; i >= 0; i-- {
		if d.roots[i].score == score {
			return d.roots[i]
		}
	}
	return d.chosen // none scored it: the Deriver keeps the chosen one (zero when none)
}

func (d *Diagnosis) begin(depth int) {
	d.Iterations = append(d.Iterations, Iteration{Depth: depth})
	d.cur = &d.Iterations[len(d.Iterations)-1]
	d.cuts = d.cuts[:0]
	d.roots = d.roots[:0]
	d.chosen, d.hasChosen = rootEnd{}, false
	d.derived, d.hasDerived, d.lines = nil, false, d.lines[:0]
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
	if it.PV == nil && len(d.roots) > 0 && !it.hasRootPV {
		it.rootEnd = d.roots[len(d.roots)-1].end
	}
	if len(d.roots) > 0 || d.hasChosen {
		it.Bound = d.rootFor(it.Score).bound
	}
	d.compareLines(it)
	it.Short = len(it.PV) < it.Depth && !it.Stopped
	if !it.Short {
		return
	}
	it.End = it.rootEnd
	it.End.path = 0
	if it.End.Ply != len(it.PV) && !goesPast(it.PV, it.rootEnd) {
		// The line the engine reported is not the one the trace decides: its
		// end is at its own length, at a node the trace does not name.
		it.End = PVEnd{Ply: len(it.PV)}
	}
	for i, c := range d.cuts {
		if c.Method == Triangular || i == 0 {
			it.End = PVEnd{Node: c.Node, Ply: int(c.Ply), Reason: c.Reason}
		}
	}
	if it.End.Reason == NoReason {
		it.End.Reason = d.iterationReason(it) // diagnosis_reasons.go
	}
	if d.EndOfLine != nil {
		r, ok := d.EndOfLine(it.PV)
		switch {
		case ok && r != NoReason:
			it.End.Reason = r
		case ok && it.End.Reason.GameOver():
			it.End.Reason = NoReason // the game goes on there
		}
	}
}

// Finish closes the last iteration.
func (d *Diagnosis) Finish() { d.finish() }
