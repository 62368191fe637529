package tracer

import "github.com/pvscope/pvscope/tracer/msg"

// engine-pv, comparison: the engine's own line (root-pv, iteration-end's pv)
// against the line the trace's scores derive (the Deriver's, handed over by
// DerivedLine). It relies on one convention: the engine's line is the moves
// its nodes kept as best, so where it goes on past the node where the
// derived line ends, the reason at that node says what the extra moves are:
// a node its table answered, a leaf (a static evaluation, a stand pat) or the
// end of the game: a PV-table row the engine did not reset (a violation); a
// repetition or nothing the trace shows (a warning). A line that plays
// another move than the derived one at some ply is a warning: the trace's
// scores do not say the engine's line is wrong, only other.

// engineLine is one of the engine's lines and the event that carried it.
type engineLine struct {
	seq   int64
	kind  Kind
	depth int16
	pv    []string
}

// DerivedLine takes the line the Deriver derives for the current iteration's
// chosen root search (Deriver.OnRootLine). A line made of the engine's own
// pv-updates (not fromScores) is the engine's word as much as its root-pv:
// a move where the two differ is not judged, only a line that goes on past
// where the other ends.
func (d *Diagnosis) DerivedLine(pv []string, fromScores bool) {
	d.derived, d.hasDerived, d.fromScores = pv, true, fromScores
}

func (d *Diagnosis) engineLine(e *Event) {
	for _, l := range d.lines {
		if slicesEqual(l.pv, e.PV) {
			return // root-pv and iteration-end with the same line: judged once
		}
	}
	d.lines = append(d.lines, engineLine{seq: e.Seq, kind: e.Kind, depth: e.Depth, pv: e.PV})
}

// goesPast: line starts with the moves from the root to end's node and goes
// on past it: its end is end's, and the moves beyond are engine-pv's to judge.
func goesPast(line []string, end PVEnd) bool {
	return end.Ply < len(line) && linePath(line[:end.Ply]) == end.path
}

// linePath hashes a line of moves from the root (FNV-1a, each move closed by
// a zero byte): the Diagnosis keeps the hash of each open node's path, not
// its moves.
func linePath(line []string) uint64 {
	h := uint64(14695981039346656037)
	for _, m := range line {
		h = pathStep(h, m)
	}
	return h
}

// pathStep is linePath of a line one move longer than the one h hashes.
func pathStep(h uint64, move string) uint64 {
	for i := 0; i < len(move); i++ {
		h = (h ^ uint64(move[i])) * 1099511628211
	}
	return (h ^ 0) * 1099511628211
}

func slicesEqual(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// compareLines judges each of the iteration's engine lines against the derived one.
func (d *Diagnosis) compareLines(it *Iteration) {
	if it.Stopped {
		return
	}
	end := d.rootFor(it.Score).end
	for _, l := range d.lines {
		d.compareLine(l, end)
	}
}

// compareLine: where l goes on past end (it starts with the moves to end's
// node), the reason at that node says what the extra moves are, whether the
// derived line is the trace's scores', the engine's own pv-updates' (the
// same stale row as its root-pv) or none (a full trace). Otherwise, against
// a line the scores derive, the ply where the two part.
func (d *Diagnosis) compareLine(l engineLine, end PVEnd) {
	derived := d.derived
	k := 0
	switch {
	case goesPast(l.pv, end):
		k = end.Ply
		derived = l.pv[:k]
	case !d.hasDerived || !d.fromScores:
		return
	default:
		for k < len(l.pv) && k < len(derived) && l.pv[k] == derived[k] {
			k++
		}
	}
	if k == len(l.pv) {
		return // the same line, or shorter: a short line is diagnosed apart
	}
	line := lineText(l.pv) // a line of millions of moves is no sentence
	src, depth := l.kind.String(), l.depth
	var m *msg.Error
	bug := true
	switch {
	case k < len(derived):
		bug = false
		m = msg.New("go-tracer.enginePVParts", "the engine's line {line} ({source}, depth {depth}) parts at ply {ply} from the line the trace's scores derive: it plays {move} where the trace's scores lead to {derivedMove}",
			"line", line, "source", src, "depth", depth, "ply", k, "move", l.pv[k], "derivedMove", derived[k])
	case end.Ply == k && (end.Reason == ReasonTTCutoff || end.Reason == TTExactCutAtPV):
		m = msg.New("go-tracer.enginePVPastTable", "the engine's line {line} ({source}, depth {depth}) goes on past ply {ply}, where its table answered node {node}: a stale PV-table row (the row is not reset when a node returns early)",
			"line", line, "source", src, "depth", depth, "ply", k, "node", end.Node)
	case end.Ply == k && end.StandPat:
		m = msg.New("go-tracer.enginePVPastStandPat", "the engine's line {line} ({source}, depth {depth}) goes on past ply {ply}, where node {node} stood pat (no move beat its evaluation): a stale PV-table row",
			"line", line, "source", src, "depth", depth, "ply", k, "node", end.Node)
	case end.Ply == k && (end.Reason == ReasonHorizon || end.Reason == ReasonLeaf):
		m = msg.New("go-tracer.enginePVPastLeaf", "the engine's line {line} ({source}, depth {depth}) goes on past ply {ply}, where node {node} is a leaf (a static evaluation): a stale PV-table row",
			"line", line, "source", src, "depth", depth, "ply", k, "node", end.Node)
	case end.Ply == k && end.Reason.GameOver():
		m = msg.New("go-tracer.enginePVPastGameEnd", "the engine's line {line} ({source}, depth {depth}) goes on past ply {ply}, where the game is over at node {node} ({reason})",
			"line", line, "source", src, "depth", depth, "ply", k, "node", end.Node, "reason", end.Reason.String())
	case end.Ply == k && (end.Reason == ReasonRepetition || end.Reason == ReasonFiftyMove):
		bug = false
		m = msg.New("go-tracer.enginePVPastDraw", "the engine's line {line} ({source}, depth {depth}) goes on past ply {ply}, where node {node} is a draw ({reason}) that the search did not search on",
			"line", line, "source", src, "depth", depth, "ply", k, "node", end.Node, "reason", end.Reason.String())
	default:
		bug = false
		m = msg.New("go-tracer.enginePVPastUnexplained", "the engine's line {line} ({source}, depth {depth}) goes on past ply {ply}, where the line the trace's scores derive ends; nothing in the trace explains the moves beyond",
			"line", line, "source", src, "depth", depth, "ply", k)
	}
	v := violation(l.seq, end.Node, "engine-pv", m)
	switch {
	case bug && d.Report != nil:
		d.Report(v)
	case !bug && d.Warn != nil:
		d.Warn(v)
	}
}

// SetHeader takes the conventions a trace's header names, as the Deriver
// reads them: its scale and meta.bounds.
func (d *Diagnosis) SetHeader(h Header) {
	d.Scale, _ = ScaleOf(h.Meta)
	d.Bounds = h.Meta["bounds"]
}
