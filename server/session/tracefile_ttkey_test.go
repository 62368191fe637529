package session

import (
	"strings"
	"testing"
)

// An opened trace is judged by the table's position rules as pvscope check
// judges it: the rooks go out and back, so node 5 is the root's pieces and
// side to move without its castling rights, under the root's key c0
// (docs/trace-checker.md's tt-key example). Before the upload had the
// position game, the page listed nothing.
func TestReadTraceJudgesTableKeys(t *testing.T) {
	const trace = `{"format":"pvscope-trace","version":1,"meta":{"fen":"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"}}
{"kind":"enter","node":1,"parent":0,"alpha":-100,"beta":100,"depth":4}
{"kind":"tt-probe","node":1,"key":"c0"}
{"kind":"enter","node":2,"parent":1,"move":"a1b1","alpha":-100,"beta":100,"depth":3}
{"kind":"enter","node":3,"parent":2,"move":"a8b8","alpha":-100,"beta":100,"depth":2}
{"kind":"enter","node":4,"parent":3,"move":"b1a1","alpha":-100,"beta":100,"depth":1}
{"kind":"enter","node":5,"parent":4,"move":"b8a8","alpha":-100,"beta":100,"depth":0}
{"kind":"tt-probe","node":5,"key":"c0"}
{"kind":"exit","node":5,"score":0,"end":"eval"}
{"kind":"exit","node":4,"score":0}
{"kind":"exit","node":3,"score":0}
{"kind":"exit","node":2,"score":0}
{"kind":"exit","node":1,"score":0}
`
	o, err := ReadTrace(strings.NewReader(trace), roomy{})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, v := range o.Started.Violations {
		found = found || v.Rule == "tt-key" && strings.Contains(v.Message, "castling")
	}
	if !found {
		t.Errorf("violations %+v, want tt-key naming the castling rights", o.Started.Violations)
	}
}
