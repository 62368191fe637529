package server

import (
	"strings"
	"testing"

	"github.com/pvscope/pvscope/tracer"
)

// idTrace is written by hand to break the id rules (issue 32, item 9): node
// 2 is entered twice (line 5), node 3 names itself as its parent (line 7).
const idTrace = `{"format":"pvscope-trace","version":1,"meta":{"engine":"hand"}}
{"kind":"enter","node":1,"parent":0,"alpha":-100,"beta":100,"depth":2}
{"kind":"enter","node":2,"parent":1,"move":"a","alpha":-100,"beta":100,"depth":1}
{"kind":"exit","node":2,"score":1}
{"kind":"enter","node":2,"parent":1,"move":"b","alpha":-100,"beta":-1,"depth":1}
{"kind":"exit","node":2,"score":2}
{"kind":"enter","node":3,"parent":3,"move":"c","alpha":-100,"beta":-1,"depth":1}
{"kind":"exit","node":3,"score":3}
{"kind":"exit","node":1,"score":5}
`

// A trace with a duplicate id and a self-parent opens, both reported as
// violations on their lines, and the events the page gets nest: every enter
// a fresh id under the innermost open node, every exit the innermost's.
func TestReadTraceReportsSelfParentAndDuplicateIDs(t *testing.T) {
	o, err := readTrace(strings.NewReader(idTrace))
	if err != nil {
		t.Fatalf("a trace that breaks id rules is refused: %v", err)
	}
	onLine := map[int]string{}
	for _, v := range o.started.Violations {
		if _, ok := onLine[v.Line]; !ok {
			onLine[v.Line] = v.Rule + ": " + v.Message
		}
	}
	for line, want := range map[int]string{5: "entered twice", 7: "names parent 3"} {
		if !strings.Contains(onLine[line], want) {
			t.Errorf("line %d: violation %q, want one saying %q (all: %v)", line, onLine[line], want, onLine)
		}
	}
	var open []int32
	seen := map[int32]bool{}
	enters := 0
	for _, e := range o.rec.Events() {
		switch e.Kind {
		case tracer.Enter:
			enters++
			top := int32(0)
			if len(open) > 0 {
				top = open[len(open)-1]
			}
			if seen[e.Node] || e.Parent != top {
				t.Fatalf("the page gets enter of %d under %d; open %v, seen again %v", e.Node, e.Parent, open, seen[e.Node])
			}
			seen[e.Node] = true
			open = append(open, e.Node)
		case tracer.Exit:
			if len(open) == 0 || open[len(open)-1] != e.Node {
				t.Fatalf("the page gets exit of %d; open %v", e.Node, open)
			}
			open = open[:len(open)-1]
		}
	}
	if enters != 4 || len(open) != 0 {
		t.Errorf("%d enters reach the page, %v left open; want the 4 nodes entered, all closed", enters, open)
	}
}
