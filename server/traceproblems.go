package server

import (
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
	// Key and Args say Message in the page's catalogs (go-tracer.*), for a
	// page in another language; none when the sentence has no key.
	Key  string         `json:"key,omitempty"`
	Args map[string]any `json:"args,omitempty"`
}

// traceProblems collects a trace's problems as it is read.
type traceProblems struct {
	violations     []traceProblem
	violationCount int
	// Warnings: doubtful but legal patterns (tracer.Checker's Warn), and a
	// header whose scale is not one.
	warnings     []traceProblem
	warningCount int
}

func (p *traceProblems) addViolation(v *tracer.Violation, line, event int, node int32) {
	p.violationCount++
	if len(p.violations) < maxListedProblems {
		p.violations = append(p.violations, traceProblem{Rule: v.Rule, Line: line, Seq: v.Seq, Event: event, Node: node, Message: v.Problem, Key: v.Key, Args: clipArgs(v.Args)})
	}
}

func (p *traceProblems) addWarning(w *tracer.Violation, line, event int, node int32) {
	p.warningCount++
	if len(p.warnings) < maxListedProblems {
		p.warnings = append(p.warnings, traceProblem{Rule: w.Rule, Line: line, Seq: w.Seq, Event: event, Node: node, Message: w.Problem, Key: w.Key, Args: clipArgs(w.Args)})
	}
}

// setOn puts the problems on the frame that opens the trace.
func (p *traceProblems) setOn(f *startedFrame) {
	f.Violations, f.ViolationCount = p.violations, p.violationCount
	f.Warnings, f.WarningCount = p.warnings, p.warningCount
}

// scoreScale is how a trace's engine writes its scores, as tracer.ScaleOf
// reads the header's meta: infinity (a window edge at or beyond it is open),
// mate (the score of a mate at the root) and mateBand (how many plies below
// mate a score still means mate).
type scoreScale struct {
	Infinity int32 `json:"infinity"`
	Mate     int32 `json:"mate"`
	MateBand int32 `json:"mateBand"`
}

// scoreScaleOf reads the scale from a header's meta: nil when it names none
// (the page takes pvscope's). A key that is not part of a scale (not a
// positive whole number, a band wider than the mate, an infinity not above
// the mate) is left out, err says which, and the other keys stand, as
// pvscope check does.
func scoreScaleOf(meta map[string]string) (*scoreScale, error) {
	named := false
	for _, k := range []string{"infinity", "mate", "mateBand"} {
		named = named || meta[k] != ""
	}
	if !named {
		return nil, nil
	}
	s, err := tracer.ScaleOf(meta)
	return &scoreScale{Infinity: s.Infinity, Mate: s.Mate, MateBand: s.MateBand}, err
}

// mateMoves turns a root score into moves to mate, UCI style (positive when
// the side to move mates), when the score is in the mate band; pvscope's own
// scale when s is nil.
func (s *scoreScale) mateMoves(score int32) (int, bool) {
	sc := tracer.DefaultScale
	if s != nil {
		sc = tracer.Scale{Infinity: s.Infinity, Mate: s.Mate, MateBand: s.MateBand}
	}
	plies, ok := sc.IsMate(score)
	if !ok || sc.IsInfinite(score) {
		return 0, false
	}
	if plies < 0 {
		return -((-plies + 1) / 2), true
	}
	return (plies + 1) / 2, true
}
