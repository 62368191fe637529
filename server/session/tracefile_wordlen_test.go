package session

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/pvscope/pvscope/tracer/msg"
)

// An uploaded trace whose free text is longer than the reader allows (a
// "why" or a "subsearch" of more than tracer.MaxWordBytes, 64 bytes) is
// refused with the reader's sentence, naming the line, the field and the
// limit (issue 44: each was kept and sent to the page whatever its size).
func TestReadTraceRefusesLongWords(t *testing.T) {
	for _, field := range []string{"why", "subsearch"} {
		var b strings.Builder
		b.WriteString(`{"format":"pvscope-trace","version":1,"meta":{"engine":"probe44"}}` + "\n")
		const n = 20
		for i := 1; i <= n; i++ {
			extra := ""
			if i == 5 {
				extra = fmt.Sprintf(`,"reduced":1,"%s":"%s"`, field, strings.Repeat("x", 100000))
			}
			fmt.Fprintf(&b, `{"kind":"enter","node":%d,"parent":%d,"move":"m%d","alpha":-1000,"beta":1000,"depth":%d%s}`+"\n", i, i-1, i, n-i, extra)
		}
		for i := n; i >= 1; i-- {
			fmt.Fprintf(&b, `{"kind":"exit","node":%d,"score":%d}`+"\n", i, 1-2*(i%2))
		}
		o, err := ReadTrace(strings.NewReader(b.String()), roomy{})
		if err == nil {
			t.Fatalf("%s: read a trace with 100 KB of text (%d events); want it refused", field, o.Rec.Len())
		}
		// Line 6, the fifth enter.
		want := fmt.Sprintf(`trace line 6: "%s": 100000 bytes of text; a "%s" may have at most 64`, field, field)
		var k *msg.Error
		if !strings.Contains(err.Error(), want) || !errors.As(err, &k) || k.Key != "go-tracer.lineWordTooLong" {
			t.Errorf("%s: error %v; want the keyed sentence containing %q", field, err, want)
		}
	}
}
