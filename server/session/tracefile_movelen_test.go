package session

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/pvscope/pvscope/tracer/msg"
)

// An uploaded trace whose move names are longer than the reader allows
// (tracer.MaxMoveBytes, 64 bytes) is refused with the reader's sentence,
// naming the line and the limit (issue 44's outside probe: a 2 MB trace of a
// 20-node chain with 100 KB move names took the tab to 870 MB).
func TestReadTraceRefusesLongMoveNames(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"format":"pvscope-trace","version":1,"meta":{"engine":"probe44"}}` + "\n")
	const n = 20
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, `{"kind":"enter","node":%d,"parent":%d,"move":"%d%s","alpha":-1000,"beta":1000,"depth":%d}`+"\n", i, i-1, i, strings.Repeat("q", 100000), n-i)
	}
	for i := n; i >= 1; i-- {
		fmt.Fprintf(&b, `{"kind":"exit","node":%d,"score":%d}`+"\n", i, 1-2*(i%2))
	}
	o, err := ReadTrace(strings.NewReader(b.String()), roomy{})
	if err == nil {
		t.Fatalf("read a trace of 100 KB move names (%d events); want it refused", o.Rec.Len())
	}
	// Line 2, the first enter, names node 1's move: "1" and 100,000 q's.
	want := `trace line 2: "move": a move name of 100001 bytes; a move name may have at most 64`
	var k *msg.Error
	if !strings.Contains(err.Error(), want) || !errors.As(err, &k) || k.Key != "go-tracer.lineMoveTooLong" {
		t.Errorf("error %v; want the keyed sentence containing %q", err, want)
	}
}
