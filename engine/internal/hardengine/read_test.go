package hardengine

import (
	"bytes"
	"io"
	"testing"

	"github.com/pvscope/pvscope/engine"
	"github.com/pvscope/pvscope/tracer"
)

// read is what pvscope makes of a trace, wired as cmd_check.go wires it: the
// checker with the header's conventions and the FEN's chess rules, the
// short-PV diagnosis reporting into the same lists, the Deriver's lines
// handed to it.
type read struct {
	violations, warnings []*tracer.Violation
	diag                 tracer.Diagnosis
	checker              tracer.Checker
	end                  tracer.Event // search-end
}

func readTrace(t *testing.T, fen string, trace []byte) *read {
	t.Helper()
	rd, err := tracer.NewReader(bytes.NewReader(trace))
	if err != nil {
		t.Fatal(err)
	}
	r := &read{}
	r.checker.Report = func(v *tracer.Violation) { r.violations = append(r.violations, v) }
	r.checker.Warn = func(v *tracer.Violation) { r.warnings = append(r.warnings, v) }
	r.diag.Report, r.diag.Warn = r.checker.Report, r.checker.Warn
	r.checker.SetHeader(rd.Header())
	scale, err := tracer.ScaleOf(rd.Header().Meta)
	if err != nil {
		t.Fatal(err)
	}
	r.diag.Scale = scale
	r.diag.EndOfLine = func(pv []string) (tracer.Reason, bool) { return engine.LineEnd(fen, pv) }
	g, err := engine.NewTraceGame(fen)
	if err != nil {
		t.Fatal(err)
	}
	r.checker.Game = g
	d := tracer.NewDeriver(rd.Header(), func(e tracer.Event, _ int) {
		r.checker.Emit(e)
		r.diag.Emit(e)
		if e.Kind == tracer.SearchEnd {
			r.end = e
		}
	})
	d.OnRootLine = r.diag.DerivedLine
	for {
		e, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		d.Add(e, rd.Line())
	}
	d.Finish(rd.Line())
	r.checker.Finish()
	r.diag.Finish()
	return r
}

// traced searches with and without a trace: the trace must change nothing of
// the search (nodes, line, move, score).
func traced(t *testing.T, fen string, opt Options) (Result, []byte) {
	t.Helper()
	var buf bytes.Buffer
	res, err := Search(fen, opt, &buf)
	if err != nil {
		t.Fatal(err)
	}
	plain, err := Search(fen, opt, nil)
	if err != nil {
		t.Fatal(err)
	}
	if plain.Nodes != res.Nodes || plain.Move != res.Move || plain.Score != res.Score || !equal(plain.PV, res.PV) {
		t.Errorf("%s depth %d: traced %d nodes %s %d %v, untraced %d nodes %s %d %v", fen, opt.Depth,
			res.Nodes, res.Move, res.Score, res.PV, plain.Nodes, plain.Move, plain.Score, plain.PV)
	}
	return res, buf.Bytes()
}

func equal(a, b []string) bool {
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
