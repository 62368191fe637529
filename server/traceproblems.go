package server

import (
	"strconv"

	"github.com/pvscope/pvscope/engine"
	"github.com/pvscope/pvscope/tracer"
)

// A trace that breaks a rule still opens: a debugger that refuses to show a
// wrong search cannot help find what is wrong. The server lists what the
// checker finds beside the events (the started frame's violations and
// warnings), and the page shows the list; only a file that cannot be read is
// refused.

// maxListedProblems bounds the violations (and the warnings) a started frame
// lists; all are counted.
const maxListedProblems = 500

// traceProblem is one broken rule (or doubtful pattern) as the page lists it.
type traceProblem struct {
	Rule    string `json:"rule"`
	Line    int    `json:"line"`  // the trace file's line
	Seq     int64  `json:"seq"`   // the offending event's seq, as the file numbers them
	Event   int    `json:"event"` // its index among the events the page receives
	Node    int32  `json:"node"`  // the node it is about, as the page numbers nodes; 0 for none
	Message string `json:"message"`
}

// traceProblems collects a trace's problems as it is read.
type traceProblems struct {
	violations     []traceProblem
	violationCount int
	// Warnings: doubtful but legal patterns. tracer.Checker reports none in
	// main yet; its Warn hook (issue 16, branch i16core) is wired in readTrace
	// with addWarning once it is.
	warnings     []traceProblem
	warningCount int
}

func (p *traceProblems) addViolation(v *tracer.Violation, line, event int, node int32) {
	p.violationCount++
	if len(p.violations) < maxListedProblems {
		p.violations = append(p.violations, traceProblem{Rule: v.Rule, Line: line, Seq: v.Seq, Event: event, Node: node, Message: v.Problem})
	}
}

func (p *traceProblems) addWarning(w *tracer.Violation, line, event int, node int32) {
	p.warningCount++
	if len(p.warnings) < maxListedProblems {
		p.warnings = append(p.warnings, traceProblem{Rule: w.Rule, Line: line, Seq: w.Seq, Event: event, Node: node, Message: w.Problem})
	}
}

// setOn puts the problems on the frame that opens the trace.
func (p *traceProblems) setOn(f *startedFrame) {
	f.Violations, f.ViolationCount = p.violations, p.violationCount
	f.Warnings, f.WarningCount = p.warnings, p.warningCount
}

// scoreScale is how a trace's engine writes its scores, from the header's
// meta: infinity (a window edge at or beyond it is open), mate (the score of a
// mate at the root) and mateBand (how many plies below mate a score still
// means mate), each defaulting to pvscope's (32000, 30000, 256); without an
// infinity, one above a mate that reaches it. The rules are tracer.ScaleOf's
// (issue 16, branch i16core): once that is in main, this reads it.
type scoreScale struct {
	Infinity int32 `json:"infinity"`
	Mate     int32 `json:"mate"`
	MateBand int32 `json:"mateBand"`
}

// scoreMeta are the header's keys scoreScaleOf reads.
var scoreMeta = []string{"infinity", "mate", "mateBand"}

// scoreScaleOf reads the scale from a header's meta; nil when it names none,
// or names one that is not a scale (a value that is not a positive whole
// number, a band wider than the mate): the page then takes pvscope's.
func scoreScaleOf(meta map[string]string) *scoreScale {
	s := scoreScale{Infinity: engine.Infinity, Mate: engine.Mate, MateBand: engine.MaxPly}
	named := false
	for _, f := range []struct {
		key string
		dst *int32
	}{{"infinity", &s.Infinity}, {"mate", &s.Mate}, {"mateBand", &s.MateBand}} {
		v := meta[f.key]
		if v == "" {
			continue
		}
		n, err := strconv.ParseInt(v, 10, 32)
		if err != nil || n <= 0 {
			return nil
		}
		*f.dst, named = int32(n), true
	}
	if !named || s.MateBand > s.Mate {
		return nil
	}
	if meta["infinity"] == "" && s.Infinity <= s.Mate {
		s.Infinity = s.Mate + 1
	}
	return &s
}

// mateMoves turns a root score into moves to mate, UCI style (positive when
// the side to move mates), when the score is in the mate band; pvscope's own
// scale when s is nil.
func (s *scoreScale) mateMoves(score int32) (int, bool) {
	if s == nil {
		s = &scoreScale{Infinity: engine.Infinity, Mate: engine.Mate, MateBand: engine.MaxPly}
	}
	a := int64(score)
	if a < 0 {
		a = -a
	}
	if a >= int64(s.Infinity) || a > int64(s.Mate) || a <= int64(s.Mate)-int64(s.MateBand) {
		return 0, false
	}
	moves := int((int64(s.Mate) - a + 1) / 2)
	if score < 0 {
		return -moves, true
	}
	return moves, true
}
