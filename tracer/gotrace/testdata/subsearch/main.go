// Writes, by the name given (iid, singular, razor, probcut), the search of a node's own
// position in pvscope's tracer/testdata/subsearch/NAME.jsonl, written by hand there:
// pvscope's TestTraceKitSubSearches holds each kit's events to that file's.
package main

import (
	"os"

	"github.com/pvscope/pvscope/tracer/gotrace"
)

func main() {
	tr := gotrace.New("")
	kind := ""
	if len(os.Args) > 1 {
		kind = os.Args[1]
	}
	var root int
	switch kind {
	case "iid":
		tr.SearchStart("", 2, "fail-soft", 0, 0)
		tr.Enter(0, -100, 100, 2)
		tr.SubSearch(0, "iid")
		tr.Enter(0, -100, 100, 1)
		tr.Move(0, "a")
		tr.Enter(1, -100, 100, 0)
		tr.Exit(1, 20)
		tr.Move(0, "b")
		tr.Enter(1, -100, 20, 0)
		tr.Exit(1, 15)
		tr.Exit(0, -15)
		tr.Move(0, "b")
		tr.Enter(1, -100, 100, 1)
		tr.ExitEnd(1, -10, "eval")
		tr.Move(0, "a")
		tr.Enter(1, -11, -10, 1)
		tr.ExitEnd(1, -3, "eval")
		root = tr.Exit(0, 10)
	case "singular":
		tr.SearchStart("", 3, "fail-soft", 0, 0)
		tr.Enter(0, -100, 100, 3)
		tr.Singular(0, "a")
		tr.Enter(0, 29, 30, 1)
		tr.Move(0, "b")
		tr.Enter(1, -30, -29, 0)
		tr.Exit(1, 50)
		tr.Move(0, "c")
		tr.Enter(1, -30, -29, 0)
		tr.Exit(1, 60)
		tr.Exit(0, -50)
		tr.Move(0, "a")
		tr.Extended(0, 1, "singular")
		tr.Enter(1, -100, 100, 3)
		tr.ExitEnd(1, -40, "eval")
		tr.Move(0, "b")
		tr.Enter(1, -41, -40, 2)
		tr.ExitEnd(1, 35, "eval")
		tr.Move(0, "c")
		tr.Enter(1, -41, -40, 2)
		tr.ExitEnd(1, 45, "eval")
		root = tr.Exit(0, 40)
	case "razor":
		tr.SearchStart("", 2, "fail-soft", 0, 0)
		tr.Enter(0, -100, 100, 2)
		tr.Move(0, "a")
		tr.Enter(1, -100, 100, 1)
		tr.ExitEnd(1, -10, "eval")
		tr.Move(0, "b")
		tr.Enter(1, -11, -10, 1)
		tr.SubSearch(1, "razor")
		tr.Enter(1, -11, -10, 0)
		tr.ExitEnd(1, -40, "eval")
		tr.Exit(1, -40)
		tr.Enter(1, -100, -10, 1) // b again: no call names it
		tr.ExitEnd(1, -35, "eval")
		root = tr.Exit(0, 35)
	case "probcut":
		tr.SearchStart("", 5, "fail-soft", 0, 0)
		tr.Enter(0, -100, 100, 5)
		tr.Move(0, "a")
		tr.Enter(1, -100, 100, 4)
		tr.ExitEnd(1, -20, "eval")
		tr.Move(0, "b")
		tr.Enter(1, -21, -20, 4)
		tr.SubSearch(1, "probcut")
		tr.Enter(1, 79, 80, 1)
		tr.Move(1, "m")
		tr.Enter(2, -80, -79, 0)
		tr.ExitEnd(2, -90, "eval")
		tr.Exit(1, 90)
		tr.Exit(1, 90)
		root = tr.Exit(0, 20)
	default:
		os.Exit(2)
	}
	tr.SearchEnd(0, root, "")
}
