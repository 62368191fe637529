package session

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/pvscope/pvscope/tracer"
	"github.com/pvscope/pvscope/tracer/msg"
)

// linesTrace is issue 44's outside probe's "lines" trace: a root with one
// child, then k root-pv lines of m distinct moves each, sharing no tail.
func linesTrace(k, m int) string {
	var b strings.Builder
	b.WriteString(`{"format":"pvscope-trace","version":1,"meta":{"engine":"probe44"}}` + "\n")
	b.WriteString(`{"kind":"enter","node":1,"parent":0,"alpha":-1000,"beta":1000,"depth":1}` + "\n")
	b.WriteString(`{"kind":"enter","node":2,"parent":1,"move":"a","alpha":-1000,"beta":1000,"depth":0}` + "\n")
	b.WriteString(`{"kind":"exit","node":2,"score":0}` + "\n")
	for j := range k {
		b.WriteString(`{"kind":"root-pv","depth":1,"index":0,"score":0,"pv":[`)
		for x := range m {
			if x > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `"l%dm%d"`, j, x)
		}
		b.WriteString("]}\n")
	}
	b.WriteString(`{"kind":"exit","node":1,"score":0}` + "\n")
	return b.String()
}

// A trace whose lines hold more moves than the page keeps is refused while it
// is read, with a sentence naming the line and the budget (issue 44's outside
// probe: three lines of 2,000,000 distinct moves were sent as a 142 MB frame,
// and the page ended with 0 events and no sentence). Here the budget is 1,000
// and the lines three of 600: the second (file line 6) brings 1,200 and more.
func TestReadTraceRefusesLinesPastThePagesBudget(t *testing.T) {
	trace := linesTrace(3, 600)
	_, err := readTrace(strings.NewReader(trace), roomy{}, 1000)
	want := "trace line 6: the trace's lines hold more than 1000 moves, more than the page keeps"
	var k *msg.Error
	if err == nil || err.Error() != want || !errors.As(err, &k) || k.Key != "go-server.traceTooManyLineMoves" {
		t.Errorf("error %v; want the keyed sentence %q", err, want)
	}
	// Within the budget (1,800 moves and the derived line "a"), it is read whole.
	o, err := readTrace(strings.NewReader(trace), roomy{}, 2000)
	if err != nil {
		t.Fatalf("within the budget: %v; want the trace read", err)
	}
	var lines []int
	for i := range o.Rec.Len() {
		if e := o.Rec.At(i); e.Kind == tracer.RootPV {
			lines = append(lines, len(e.PV))
		}
	}
	if fmt.Sprint(lines) != "[600 600 600]" {
		t.Errorf("within the budget, root lines of %v moves; want three of 600", lines)
	}
}
