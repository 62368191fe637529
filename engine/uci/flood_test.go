package uci

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/pvscope/pvscope/tracer/msg"
)

// An engine that sends valid lines with a score without end is stopped once
// it has sent maxInfos of them (or maxInfoBytes): the report keeps those
// and says why, and its JSON stays a few MB (the flood's lines are 96 bytes:
// 5000 of them are 480,000 bytes of text, under the byte bound).
func TestInfoFloodIsBounded(t *testing.T) {
	command, pidFile := fakeCommand(t, "info-flood")
	r, err := Inspect(context.Background(), Inspection{Engine: command, Label: "flood", Depth: 5})
	// Deaf to stop, it then floods its grace period too: the sentence is
	// that it sent too many lines (and no bestmove after stop), or too much
	// output while told to stop, whichever comes first.
	m, _ := msg.Keyed(err)
	if m == nil || (m.Key != "go-uci.tooManyLines" && m.Key != "go-uci.tooManyLinesAfterStop" && m.Key != "go-uci.tooMuchOutputWaiting") || !strings.HasPrefix(err.Error(), `engine "flood"`) {
		t.Errorf("err %v (%v): want the sentence that the engine sent too many lines", err, m)
	}
	if len(r.Iterations) != maxInfos {
		t.Errorf("%d lines kept, want %d", len(r.Iterations), maxInfos)
	}
	b, _ := json.Marshal(r)
	if len(b) > 8<<20 {
		t.Errorf("the report is %d bytes in JSON, want at most 8 MB", len(b))
	}
	t.Logf("report: %d lines, %d bytes of JSON", len(r.Iterations), len(b))
	assertReaped(t, pidFile)
}
