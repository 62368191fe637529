package tracer

import (
	"strings"

	"github.com/pvscope/pvscope/tracer/msg"
)

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
// chosen root search (Deriver.OnRootLine).
func (d *Diagnosis) DerivedLine(pv []string) {
	d.derived, d.hasDerived = pv, true
}

func (d *Diagnosis) engineLine(e *Event) {
	d.lines = append(d.lines, engineLine{seq: e.Seq, kind: e.Kind, depth: e.Depth, pv: e.PV})
}

// pastDerived: the iteration's line goes on past the end of the derived line,
// which it starts with: its end is the derived line's, and the moves beyond
// are engine-pv's to judge.
func (d *Diagnosis) pastDerived(it *Iteration) bool {
	n := len(d.derived)
	return d.hasDerived && n < len(it.PV) && it.rootEnd.Ply == n && slicesEqual(it.PV[:n], d.derived)
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
	if !d.hasDerived || it.Stopped {
		return
	}
	end := d.rootFor(it.Score).end
	for _, l := range d.lines {
		d.compareLine(l, end)
	}
}

func (d *Diagnosis) compareLine(l engineLine, end PVEnd) {
	derived := d.derived
	k := 0
	for k < len(l.pv) && k < len(derived) && l.pv[k] == derived[k] {
		k++
	}
	if k == len(l.pv) {
		return // the same line, or shorter: a short line is diagnosed apart
	}
	line := strings.Join(l.pv, " ")
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
	case end.Ply == k && (end.Reason == ReasonMate || end.Reason == ReasonStalemate):
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
