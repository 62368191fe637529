// Writes pvscope's tracer/testdata/tthit/tthit.jsonl, written by hand there: table entries
// that answer a node (deep enough, then too shallow) and one that only orders its moves.
// pvscope's TestTraceKitTTHit holds each kit's events to that file's.
package main

import (
	"os"

	"github.com/pvscope/pvscope/tracer/gotrace"
)

func main() {
	tr := gotrace.New("")
	tr.SearchStart("", 3, "fail-soft", 0, 0)
	tr.Enter(0, -100, 100, 3)
	tr.Move(0, "a")
	tr.Enter(1, -100, 100, 2)
	tr.TTHit(1, "exact", 4, 10, "x")
	tr.ExitEnd(1, 10, "tt-cutoff")
	tr.Move(0, "b")
	tr.Enter(1, -100, 10, 2)
	tr.TTHit(1, "upper", 1, 30, "")
	tr.Move(1, "c")
	tr.Enter(2, -10, 100, 1)
	tr.ExitEnd(2, 20, "eval")
	tr.Exit(1, -20)
	tr.Move(0, "d")
	tr.Enter(1, -100, -20, 2)
	tr.TTHit(1, "lower", 1, -15, "y")
	tr.ExitEnd(1, -15, "tt-cutoff")
	root := tr.Exit(0, 20)
	tr.SearchEnd(0, root, "")
	if root != 20 || tr.Err() != nil { // 20 is the root's value: anything else is a slip here
		os.Exit(1)
	}
}
