// Writes a depth-1 search of tic-tac-toe after b2 a1 (meta.game "tictactoe", meta.position
// "b2 a1", x to move): c3 scores 5, a3 2. pvscope's TestTraceKitGame checks it clean, its
// moves judged by the game: c3 and a3 are empty squares there.
package main

import "github.com/pvscope/pvscope/tracer/gotrace"

func main() {
	tr := gotrace.New("")
	tr.Game("tictactoe", "b2 a1")
	tr.SearchStart("", 1, "", 0, 0)
	tr.IterationStart(1, -32000, 32000)
	tr.Enter(0, -32000, 32000, 1)
	tr.Move(0, "c3")
	tr.Enter(1, -32000, 32000, 0)
	tr.Exit(1, -5)
	tr.Move(0, "a3")
	tr.Enter(1, -32000, -5, 0)
	tr.Exit(1, -2)
	tr.Exit(0, 5)
	tr.PVMove("c3")
	tr.RootPV(1, 5)
	tr.PVMove("c3")
	tr.IterationEnd(1, 5)
	tr.PVMove("c3")
	tr.SearchEnd(1, 5, "c3")
}
