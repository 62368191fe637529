package capacity

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/pvscope/pvscope/server/session"
)

// A refusal's pace is "1.5 s" in the English and 1.5 (seconds) in the args,
// for a page to write as its language does (1,5 s).
func TestLineRefusalArgs(t *testing.T) {
	e := &LineError{why: refusedWait, running: 1, waiting: 1, wait: 2 * time.Minute, pace: 1500 * time.Millisecond,
		slots: 1, maxWait: time.Minute}
	b, _ := json.Marshal(session.Error{Type: "error", Message: e.Error()}.WithKey(e))
	var f struct {
		Message, Key string
		Args         map[string]any
	}
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatal(err)
	}
	want := "The server is running 1 search and 1 more is waiting; at the recent pace (1.5 s a search, 1 at once) yours would wait about 2 min, " +
		"longer than this server keeps a search in line (-max-wait 1 min): try again in about 1 min."
	if f.Message != want || f.Key != "go-server.lineWait" {
		t.Errorf("message %q key %q", f.Message, f.Key)
	}
	for name, v := range map[string]any{"pace": 1.5, "running": 1.0, "searchWord": "search", "waiting": 1.0, "are": "is", "wait": "2 min", "retry": "1 min"} {
		if f.Args[name] != v {
			t.Errorf("args[%s] = %v, want %v", name, f.Args[name], v)
		}
	}
}
