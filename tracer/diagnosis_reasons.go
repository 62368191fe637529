package tracer

// Why a short line ended, read from its iteration when nothing at its end
// explains it, and the draw a node's own exit shows. Each relies on one
// convention:
//
//   - mate: a mate score is mate - p for a mate p plies from the root (the
//     header's scale): an iteration that scores a mate as far away as its
//     line is long, or one move further (an engine that sees the mate when it
//     makes the move, without entering the mated position), ends at the mate,
//     whatever the nodes on the way returned.
//   - aspiration-fail, root-bound: the root search that gave the iteration
//     its result failed on its window (an aspiration window, or an MTD
//     driver's one-unit window); its score is a bound, and so is its line,
//     which stops where the bound was proved. The engine that prints no line
//     for such a search leaves pvscope's derived one.
//   - repetition: a node above the horizon that searched no move and
//     returned 0, with no end written and no table answer, returned the draw
//     score without a search: a repetition (or the fifty-move rule, which a
//     FEN would tell).

// iterationReason is the reason the iteration it shows for its short line,
// or NoReason.
func (d *Diagnosis) iterationReason(it *Iteration) Reason {
	if p, ok := d.scale().IsMate(it.Score); ok && (abs(p) == len(it.PV) || abs(p) == len(it.PV)+1) {
		return ReasonMate // at the line's end, or one move on (a mate the engine saw without entering the mated position)
	}
	if len(d.roots) == 0 && !d.hasChosen {
		return NoReason
	}
	switch r := d.rootFor(it.Score); {
	case r.bound != NoBound:
		return AspirationFailAtRoot
	case r.null && r.rank != 3:
		return RootBound
	}
	return NoReason
}

// drawnAbove: f, above the horizon, searched no move and returned 0 with no
// end written and no table answer: a draw by rule, without a search.
func drawnAbove(f *diagFrame, e *Event) bool {
	return f.children == 0 && f.depth > 0 && e.Score == 0 && e.End == Searched && !f.ttCut && !f.ttExact
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
