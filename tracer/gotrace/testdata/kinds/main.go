// Writes a one-ply search whose root caps a move's value (min(20, -child)): pvscope's
// TestTraceKitMoveValue checks it clean with the move-value line, and caught by
// best-score without it ("kinds -n"). Move a is extended by a ply, for "check".
package main

import (
	"os"

	"github.com/pvscope/pvscope/tracer/gotrace"
)

func main() {
	sayValue := !(len(os.Args) > 1 && os.Args[1] == "-n")
	best := -100
	tr := gotrace.New("")
	tr.SearchStart("", 1, "fail-soft", 0, 0)
	tr.Enter(0, -100, 100, 1)
	tr.Move(0, "a")
	tr.Extended(0, 1, "check")
	tr.Enter(1, -100, 100, 1)
	best = max(best, -tr.Exit(1, -10))
	tr.Move(0, "b")
	tr.Enter(1, -100, -best, 0)
	v := min(20, -tr.Exit(1, -50)) // the cap
	if sayValue {
		tr.MoveValue(0, v)
	}
	best = max(best, v)
	tr.SearchEnd(1, tr.Exit(0, best), "b")
}
