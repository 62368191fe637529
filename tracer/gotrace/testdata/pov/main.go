// Writes a depth-2 search from White's view with Black to move (meta.pov "white") and a
// mate band of 10: pvscope's TestTraceKitPovAndMateBand checks it clean, scoring 30 for Black.
package main

import "github.com/pvscope/pvscope/tracer/gotrace"

func main() {
	tr := gotrace.New("")
	tr.Pov("white")
	tr.MateBand(10)
	tr.SearchStart("4k3/8/8/8/8/8/8/4K3 b - - 0 1", 2, "", 1000, 0)
	tr.IterationStart(2, -32000, 32000)
	tr.Enter(0, -32000, 32000, 2)
	tr.Move(0, "e8d8")
	tr.Enter(1, -32000, 32000, 1)
	tr.Move(1, "e1d1")
	tr.Enter(2, -32000, 32000, 0)
	tr.Exit(2, -30)
	tr.Exit(1, -30)
	tr.Move(0, "e8f8")
	tr.Enter(1, -31, -30, 1)
	tr.Move(1, "e1f1")
	tr.Enter(2, -31, -30, 0)
	tr.Exit(2, -20)
	tr.Exit(1, -20)
	tr.Exit(0, -30)
	line := func() { tr.PVMove("e8d8"); tr.PVMove("e1d1") }
	line()
	tr.RootPV(2, -30)
	line()
	tr.IterationEnd(2, -30)
	line()
	tr.SearchEnd(2, -30, "e8d8")
}
