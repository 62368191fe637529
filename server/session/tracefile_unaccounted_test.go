package session

import (
	"strings"
	"testing"
)

// unaccountedTrace is docs/trace-checker.md's example of the unaccounted warning:
// move 2 of the root neither searched nor pruned.
const unaccountedTrace = `{"format":"pvscope-trace","version":1,"meta":{"tree":"(1 2 3 4)"}}
{"kind":"enter","node":1,"parent":0,"alpha":-100,"beta":100,"depth":1}
{"kind":"enter","node":2,"parent":1,"move":"0","alpha":-100,"beta":100,"depth":0}
{"kind":"exit","node":2,"score":-1}
{"kind":"enter","node":3,"parent":1,"move":"1","alpha":-100,"beta":-1,"depth":0}
{"kind":"exit","node":3,"score":-2}
{"kind":"prune","node":1,"move":"3","index":2,"why":"futility"}
{"kind":"exit","node":1,"score":2}
`

// An opened trace lists the unaccounted warning as pvscope check does: at the
// root of this tree, searched with a full window and not cut off, move 2 is
// neither a child nor a prune event, in a trace that writes its prunes
// (docs/trace-checker.md's example).
func TestReadTraceUnaccountedWarning(t *testing.T) {
	o, err := ReadTrace(strings.NewReader(unaccountedTrace), roomy{})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, w := range o.Started.Warnings {
		found = found || w.Rule == "unaccounted" && strings.Contains(w.Message, ": 2 (")
	}
	if !found {
		t.Errorf("warnings %+v, want unaccounted naming move 2", o.Started.Warnings)
	}
}
