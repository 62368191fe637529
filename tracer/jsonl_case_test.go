package tracer

import (
	"strings"
	"testing"
)

// Field names are case-sensitive: a key that differs from a field's name only
// in case is an unknown key, ignored like any other, whatever its value.
func TestReaderKeysAreCaseSensitive(t *testing.T) {
	const header = `{"format":"pvscope-trace","version":1}` + "\n"
	for _, tc := range []struct {
		name, line  string
		node, score int32
		move        string
	}{
		{"Score after score", `{"kind":"exit","node":3,"score":5,"Score":9}`, 3, 5, ""},
		{"Score before score", `{"kind":"exit","Score":9,"node":3,"score":5}`, 3, 5, ""},
		{"Score alone", `{"kind":"exit","node":3,"Score":9}`, 3, 0, ""},
		{"SCORE a string", `{"kind":"exit","node":3,"score":5,"SCORE":"high"}`, 3, 5, ""},
		{"NODE an object", `{"kind":"exit","node":3,"score":5,"NODE":{"id":7}}`, 3, 5, ""},
		{"escaped move and Score", `{"kind":"exit","node":3,"move":"e2\u0065","score":5,"Score":9}`, 3, 5, "e2e"},
		{"Move", `{"kind":"exit","node":3,"score":5,"Move":"e2e4"}`, 3, 5, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, events, err := ReadAll(strings.NewReader(header + tc.line + "\n"))
			if err != nil {
				t.Fatal(err)
			}
			if len(events) != 1 {
				t.Fatalf("%d events, want 1", len(events))
			}
			e := events[0]
			if e.Kind != Exit || e.Node != tc.node || e.Score != tc.score || e.Move != tc.move {
				t.Errorf("read kind %v node %d score %d move %q, want exit node %d score %d move %q",
					e.Kind, e.Node, e.Score, e.Move, tc.node, tc.score, tc.move)
			}
		})
	}
	_, _, err := ReadAll(strings.NewReader(header + `{"Kind":"exit","node":3}` + "\n"))
	if want := `tracer: trace line 2: event has no "kind"`; err == nil || err.Error() != want {
		t.Errorf(`a line with "Kind" only: error = %v, want %q`, err, want)
	}
	// The header's keys too.
	_, err = NewReader(strings.NewReader(`{"Format":"pvscope-trace","version":1}` + "\n"))
	if want := `tracer: not a pvscope trace: header format is "", want "pvscope-trace"`; err == nil || err.Error() != want {
		t.Errorf(`a header with "Format": error = %v, want %q`, err, want)
	}
	r, err := NewReader(strings.NewReader(`{"format":"pvscope-trace","version":1,"Version":2}` + "\n"))
	if err != nil || r.Header().Version != 1 {
		t.Errorf(`a header with "version":1 and "Version":2: %v, want version 1 read`, err)
	}
}
