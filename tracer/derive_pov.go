package tracer

// meta.pov "white": the Deriver turns an engine's White's-view scores and
// windows to negamax (the side to move's view) before anything reads them.

// toNegamax turns a White's-view score and window into the side to move's:
// at the node the event names, or at the root for the events that name none.
func (d *Deriver) toNegamax(e *Event) {
	ply, ok := d.plies[e.Node]
	switch {
	case e.Kind == Enter:
		ply, ok = 0, true
		if f := d.frameOf(e.Parent); f != nil {
			ply = f.ply + subPly(e)
		}
	case aboutRoot(e.Kind):
		ply, ok = 0, true
	}
	if ok {
		d.negateAt(e, ply)
	}
}

// fullToNegamax is toNegamax for a full trace, where no frames are kept:
// the plies of open nodes come from their parents' alone.
func (d *Deriver) fullToNegamax(e *Event) {
	ply, ok := d.plies[e.Node]
	switch {
	case e.Kind == Enter:
		ply, ok = 0, true
		if p, open := d.plies[e.Parent]; open && e.Parent != 0 {
			ply = p + subPly(e)
		}
		d.plies[e.Node] = ply
	case aboutRoot(e.Kind):
		ply, ok = 0, true
	case e.Kind == Exit:
		delete(d.plies, e.Node)
	}
	if ok {
		d.negateAt(e, ply)
	}
}

// aboutRoot: the kinds that name no node, whose scores and windows are the
// root's (search-start and pv-line carry none from an engine, or the root's).
func aboutRoot(k Kind) bool {
	switch k {
	case SearchStart, SearchEnd, IterationStart, IterationEnd, AspirationFail, RootPV, PVLine:
		return true
	}
	return false
}

// negateAt negates a White's-view score and window at a node ply plies from
// the root where Black is to move.
func (d *Deriver) negateAt(e *Event, ply int32) {
	if (ply%2 == 0) == d.rootWhite {
		return
	}
	e.Score = -e.Score
	if e.Alpha != 0 || e.Beta != 0 {
		e.Alpha, e.Beta = -e.Beta, -e.Alpha
	}
	// A bound the engine wrote says what its written score is: at least 50
	// for White is at most -50 for Black.
	switch e.Bound {
	case Lower:
		e.Bound = Upper
	case Upper:
		e.Bound = Lower
	}
}
