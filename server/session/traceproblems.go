package session

import (
	"github.com/pvscope/pvscope/tracer"
	"maps"
)

// A trace that breaks a rule still opens: a debugger that refuses to show a
// wrong search cannot help find what is wrong. The server lists what the
// checker finds beside the events (the started frame's violations and
// warnings), and the page shows the list; only a file that cannot be read is
// refused.

// maxListedProblems bounds the violations (and the warnings) a started frame
// lists; all are counted.
const maxListedProblems = 500

// traceProblems collects a trace's problems as it is read.
type traceProblems struct {
	violations     []TraceProblem
	violationCount int
	rules          map[string]bool // the rules the violations break
	// Warnings: doubtful but legal patterns (tracer.Checker's Warn), and a
	// header whose scale is not one.
	warnings     []TraceProblem
	warningCount int
}

func (p *traceProblems) addViolation(v *tracer.Violation, line, event int, node int32) {
	p.violationCount++
	if !p.rules[v.Rule] {
		if p.rules == nil {
			p.rules = map[string]bool{}
		}
		p.rules[v.Rule] = true
	}
	if len(p.violations) < maxListedProblems {
		p.violations = append(p.violations, TraceProblem{Rule: v.Rule, Line: line, Seq: v.Seq, Event: event, Node: node, Message: v.Problem, Key: v.Key, Args: ClipArgs(v.Args)})
	}
}

func (p *traceProblems) addWarning(w *tracer.Violation, line, event int, node int32) {
	p.warningCount++
	if len(p.warnings) < maxListedProblems {
		p.warnings = append(p.warnings, TraceProblem{Rule: w.Rule, Line: line, Seq: w.Seq, Event: event, Node: node, Message: w.Problem, Key: w.Key, Args: ClipArgs(w.Args)})
	}
}

// setOn puts the problems on the frame that opens the trace.
func (p *traceProblems) setOn(f *Started) {
	f.Violations, f.ViolationCount, f.ViolationRules = p.violations, p.violationCount, len(p.rules)
	f.Warnings, f.WarningCount = p.warnings, p.warningCount
}

// ScoreScaleOf reads the scale from a header's meta: nil when it names none
// (the page takes pvscope's). A key that is not part of a scale (not a
// positive whole number, a band wider than the mate, an infinity not above
// the mate) is left out, err says which, and the other keys stand, as
// pvscope check does.
func ScoreScaleOf(meta map[string]string) (*ScoreScale, error) {
	named := false
	for _, k := range []string{"infinity", "mate", "mateBand"} {
		named = named || meta[k] != ""
	}
	if !named {
		return nil, nil
	}
	s, err := tracer.ScaleOf(meta)
	return &ScoreScale{Infinity: s.Infinity, Mate: s.Mate, MateBand: s.MateBand}, err
}

// ClipArgs shortens the strings among a sentence's parameters as sentence
// clips the quoted ones: a bad line's word can be megabytes long.
func ClipArgs(args map[string]any) map[string]any {
	var out map[string]any // a copy, made only when a string is clipped: the rest are kept as they are
	for k, v := range args {
		if s, ok := v.(string); ok && len(s) > MaxQuoted {
			if out == nil {
				out = maps.Clone(args)
			}
			out[k] = ClipArg(s, MaxQuoted) // no English words added: a French sentence repeats it
		}
	}
	if out == nil {
		return args
	}
	return out
}
