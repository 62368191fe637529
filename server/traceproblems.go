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
	// Warnings: doubtful but legal patterns. tracer.Checker reports none yet
	// (issue 16 gives it a Warnings list); addWarning is where they go.
	warnings     []traceProblem
	warningCount int
}

func (p *traceProblems) addViolation(v *tracer.Violation, line, event int, node int32) {
	p.violationCount++
	if len(p.violations) < maxListedProblems {
		p.violations = append(p.violations, traceProblem{Rule: v.Rule, Line: line, Seq: v.Seq, Event: event, Node: node, Message: v.Problem})
	}
}

func (p *traceProblems) addWarning(w traceProblem) {
	p.warningCount++
	if len(p.warnings) < maxListedProblems {
		p.warnings = append(p.warnings, w)
	}
}

// setOn puts the problems on the frame that opens the trace.
func (p *traceProblems) setOn(f *startedFrame) {
	f.Violations, f.ViolationCount = p.violations, p.violationCount
	f.Warnings, f.WarningCount = p.warnings, p.warningCount
}

// scoreScale is how a trace's engine writes its scores, from the header's
// meta: infinity (a window edge at or beyond it is open), mate (the score of
// mate delivered at the root) and mate-band (how far below mate a score still
// means mate in n plies). Fields the header leaves out are omitted, and the
// page takes pvscope's own (32000, 30000, 256).
type scoreScale struct {
	Infinity int32 `json:"infinity,omitempty"`
	Mate     int32 `json:"mate,omitempty"`
	MateBand int32 `json:"mateBand,omitempty"`
}

// scoreMeta are the header's keys scoreScaleOf reads.
var scoreMeta = []string{"infinity", "mate", "mate-band"}

// scoreScaleOf reads the scale from a header's meta; nil when it names none.
func scoreScaleOf(meta map[string]string) *scoreScale {
	num := func(k string) int32 {
		n, err := strconv.ParseInt(meta[k], 10, 32)
		if err != nil || n <= 0 {
			return 0
		}
		return int32(n)
	}
	s := scoreScale{Infinity: num("infinity"), Mate: num("mate"), MateBand: num("mate-band")}
	if s == (scoreScale{}) {
		return nil
	}
	return &s
}

// The mate band when the header gives mate without one: what tracer.Deriver
// takes for a mate (a score within 1000 of it).
const defaultMateBand = 1000

// mateMoves turns a root score into moves to mate, UCI style (positive when
// the side to move mates), when the score is in the mate band; pvscope's own
// scale when s is nil.
func (s *scoreScale) mateMoves(score int32) (int, bool) {
	if s == nil || s.Mate == 0 {
		if !engine.IsMate(int(score)) {
			return 0, false
		}
		return engine.MateMoves(int(score)), true
	}
	band := s.MateBand
	if band == 0 {
		band = defaultMateBand
	}
	if s.Infinity != 0 && (score >= s.Infinity || score <= -s.Infinity) {
		return 0, false
	}
	switch {
	case score > s.Mate-band:
		return int(s.Mate-score+1) / 2, true
	case score < -(s.Mate - band):
		return -int(s.Mate+score+1) / 2, true
	}
	return 0, false
}
