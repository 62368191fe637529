package session

import (
	"strings"
	"testing"
)

// An uploaded tic-tac-toe trace is judged by the game's rules, as pvscope
// check judges it: x's b2 then o's b2 again is a square already taken.
func TestReadTraceJudgesAGamesMoves(t *testing.T) {
	const head = `{"format":"pvscope-trace","version":1,"meta":{"game":"tictactoe","position":""}}
{"kind":"enter","node":1,"parent":0,"alpha":-100,"beta":100,"depth":2}
{"kind":"enter","node":2,"parent":1,"move":"b2","alpha":-100,"beta":100,"depth":1}
{"kind":"enter","node":3,"parent":2,"move":"%s","alpha":-100,"beta":100,"depth":0}
{"kind":"exit","node":3,"score":0,"end":"eval"}
{"kind":"exit","node":2,"score":0}
{"kind":"exit","node":1,"score":0}
`
	moveRule := func(move string) []string {
		o, err := ReadTrace(strings.NewReader(strings.Replace(head, "%s", move, 1)), roomy{})
		if err != nil {
			t.Fatal(err)
		}
		var named []string
		for _, v := range o.Started.Violations {
			if strings.Contains(v.Message, move) {
				named = append(named, v.Rule+": "+v.Message)
			}
		}
		return named
	}
	if named := moveRule("b2"); len(named) == 0 {
		t.Errorf("o's b2 on x's b2 is not named")
	} else {
		t.Logf("named: %q", named)
	}
	if named := moveRule("a1"); len(named) != 0 {
		t.Errorf("o's a1 is legal, but named: %q", named)
	}
}
