package tracer

import (
	"fmt"
	"strings"
	"testing"
)

// The engine-pv finding about a very long engine line quotes its first 16
// moves and its length, as the illegal-move finding does (lineText), not the
// whole line (issue 44's outside probe: three lines of 2,000,000 moves each
// put 36 MB of sentences in the page's started frame).
func TestEnginePVFindingQuotesALongLineShort(t *testing.T) {
	const m = 2000
	var b strings.Builder
	b.WriteString(hostileHeader)
	b.WriteString(`{"kind":"enter","node":1,"parent":0,"alpha":-1000,"beta":1000,"depth":1}` + "\n")
	b.WriteString(`{"kind":"enter","node":2,"parent":1,"move":"a","alpha":-1000,"beta":1000,"depth":0}` + "\n")
	b.WriteString(`{"kind":"exit","node":2,"score":0}` + "\n")
	b.WriteString(`{"kind":"root-pv","depth":1,"index":0,"score":0,"pv":["a"`)
	for x := 1; x < m; x++ {
		fmt.Fprintf(&b, `,"x%d"`, x)
	}
	b.WriteString("]}\n")
	b.WriteString(`{"kind":"exit","node":1,"score":0}` + "\n")
	var found []*Violation
	keep := func(v *Violation) {
		if v.Rule == "engine-pv" {
			found = append(found, v)
		}
	}
	if _, err := Analyse(strings.NewReader(b.String()), Pipeline{Check: true, Report: keep, Warn: keep, Writer: keep}); err != nil {
		t.Fatal(err)
	}
	if len(found) == 0 {
		t.Fatal("no engine-pv finding about a line that goes 1,999 moves past the leaf")
	}
	for _, v := range found {
		want := "the engine's line a x1 x2 x3 x4 x5 x6 x7 x8 x9 x10 x11 x12 x13 x14 x15 … (2000 moves)"
		if len(v.Problem) > 500 || !strings.Contains(v.Problem, want) {
			t.Errorf("engine-pv finding of %d bytes: %.300q; want it to quote %q", len(v.Problem), v.Problem, want)
		}
	}
}
