// Writes a trace whose strings need escaping: pvscope's TestTraceKitEscapes reads it back.
package main

import "github.com/pvscope/pvscope/tracer/gotrace"

func main() {
	const s = "q\"u\\o\nt\te\x01\x1f \xc3\xa9"
	tr := gotrace.New("")
	tr.SearchStart(s, 1, "", 0, 0)
	tr.Enter(0, -10, 10, 1)
	tr.Prune(0, s, s)
	tr.Move(0, s)
	tr.Enter(1, -10, 10, 0)
	tr.Exit(1, 3)
	tr.Exit(0, -3)
	tr.SearchEnd(1, -3, "")
}
