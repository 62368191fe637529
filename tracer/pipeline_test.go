package tracer_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/pvscope/pvscope/tracer"
)

// A tree search of two leaves, written by hand (negamax: the leaves score -3
// and -5 for the side to move there, so the root scores max(3, 5) = 5): line
// 1 the header, lines 2-7 the events.
const pipelineTrace = `{"format":"pvscope-trace","version":1,"meta":{"tree":"(3 5)"}}
{"seq":1,"kind":"enter","node":1,"depth":1,"alpha":-1000,"beta":1000}
{"seq":2,"kind":"enter","node":2,"parent":1,"move":"0","depth":0,"alpha":-1000,"beta":1000}
{"seq":3,"kind":"exit","node":2,"score":-3,"end":"leaf"}
{"seq":4,"kind":"enter","node":3,"parent":1,"move":"1","depth":0,"alpha":-1000,"beta":-3}
{"seq":5,"kind":"exit","node":3,"score":-5,"end":"leaf"}
{"seq":6,"kind":"exit","node":1,"score":5}
`

// Next's error stops the reading at once: no event of a later line is handed
// on, and Run returns that error.
func TestPipelineNextStopsReading(t *testing.T) {
	stop := errors.New("enough")
	lines := 0
	last := 0
	p := tracer.Pipeline{
		Event: func(e tracer.Event, line int) { last = max(last, line) },
		Next: func() error {
			if lines++; lines > 2 { // two lines read, the third refused
				return stop
			}
			return nil
		},
	}
	_, err := tracer.Analyse(strings.NewReader(pipelineTrace), p)
	if !errors.Is(err, stop) {
		t.Fatalf("Analyse: %v, want the Next hook's error", err)
	}
	if last > 3 {
		t.Errorf("an event of line %d was handed on after Next stopped the reading at line 3", last)
	}
}

// The Header hook's error refuses the trace before any event is read.
func TestPipelineHeaderRefuses(t *testing.T) {
	refused := errors.New("no such position")
	events := 0
	p := tracer.Pipeline{
		Check:  true,
		Header: func(*tracer.Analysis) error { return refused },
		Event:  func(tracer.Event, int) { events++ },
	}
	if _, err := tracer.Analyse(strings.NewReader(pipelineTrace), p); !errors.Is(err, refused) {
		t.Fatalf("Analyse: %v, want the Header hook's error", err)
	}
	if events != 0 {
		t.Errorf("%d events handed on after the header was refused", events)
	}
}

// A node left open is found when the trace ends: dated on the last event's
// line (pvscope check), or, through Finishing, on the file's last line (the
// page's upload), blank lines counted.
func TestPipelineDatesTheEndsFindings(t *testing.T) {
	open := `{"format":"pvscope-trace","version":1,"meta":{"tree":"(3 5)"}}
{"seq":1,"kind":"enter","node":1,"depth":1,"alpha":-1000,"beta":1000}


`
	for _, tc := range []struct {
		name      string
		finishing bool
		want      int
	}{{"last event", false, 2}, {"file's end", true, 4}} {
		t.Run(tc.name, func(t *testing.T) {
			var a tracer.Analysis
			var lines []int
			p := tracer.Pipeline{Check: true, Report: func(v *tracer.Violation) { lines = append(lines, a.Line) }}
			if tc.finishing {
				p.Finishing = func() { a.Line = a.FileLine() }
			}
			if err := a.Open(strings.NewReader(open), p); err != nil {
				t.Fatal(err)
			}
			if err := a.Run(); err != nil {
				t.Fatal(err)
			}
			if len(lines) == 0 {
				t.Fatal("no violation for a node never left")
			}
			for _, l := range lines {
				if l != tc.want {
					t.Errorf("a finding at the end dated line %d, want %d", l, tc.want)
				}
			}
		})
	}
}

// With Check, the checker sees what the deriver hands on: a clean search of
// two leaves breaks no rule, and its counts are the diagnosis's.
func TestPipelineChecksAndCounts(t *testing.T) {
	var found []string
	report := func(v *tracer.Violation) { found = append(found, v.Rule+": "+v.Problem) }
	a, err := tracer.Analyse(strings.NewReader(pipelineTrace), tracer.Pipeline{Check: true, Report: report, Warn: report})
	if err != nil {
		t.Fatal(err)
	}
	if len(found) > 0 {
		t.Errorf("findings in a clean trace: %q", found)
	}
	if c := a.Diagnosis.Counts; c.Nodes != 3 || c.Leaves != 2 {
		t.Errorf("counts: %d nodes, %d leaves; want 3 and 2 (the root and its two leaves)", c.Nodes, c.Leaves)
	}
}
