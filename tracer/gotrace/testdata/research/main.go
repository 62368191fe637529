// Writes a depth-2 PVS whose second root move b is probed, its child searching
// its own move y, and searched again: the re-search's enter must carry b, the
// probe's move, not y, the last move announced anywhere (the mistake a
// hand-written Go writer made). Scores by hand: a gives 10; b's probe in
// (-11, -10) scores -30 (y gave 30), so 30 lies inside (10, 100) and b is
// searched again, scoring 30, the root's value.
package main

import "github.com/pvscope/pvscope/tracer/gotrace"

func main() {
	tr := gotrace.New("")
	tr.SearchStart("", 2, "fail-soft", 0, 0)
	tr.Enter(0, -100, 100, 2)
	tr.Move(0, "a")
	tr.Enter(1, -100, 100, 1)
	tr.Move(1, "x")
	tr.Enter(2, -100, 100, 0)
	alpha := -tr.Exit(1, -tr.Exit(2, 10)) // 10
	tr.Move(0, "b")
	tr.Enter(1, -alpha-1, -alpha, 1) // the probe
	tr.Move(1, "y")
	tr.Enter(2, alpha, alpha+1, 0)
	v := -tr.Exit(1, -tr.Exit(2, 30))
	if v > alpha && v < 100 {
		tr.Enter(1, -100, -alpha, 1) // the re-search: no call names the move again
		tr.Move(1, "y")
		tr.Enter(2, alpha, 100, 0)
		v = -tr.Exit(1, -tr.Exit(2, 30))
	}
	tr.PVMove("b")
	tr.PVMove("y")
	tr.SearchEnd(2, tr.Exit(0, max(alpha, v)), "b")
}
