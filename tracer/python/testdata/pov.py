"""Writes a depth-2 search from White's view with Black to move (meta.pov "white") and a
mate band of 10: pvscope's TestTraceKitPovAndMateBand checks it clean, scoring 30 for Black.
The root's window is float("-inf"), float("inf"): written as the trace's infinity, 32000."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import pvscope_trace  # noqa: E402

INF = float("inf")
trace = pvscope_trace.from_env()
trace.search_start(2, fen="4k3/8/8/8/8/8/8/4K3 b - - 0 1", mate=1000, mate_band=10, pov="white")
trace.iteration_start(2, -INF, INF)
trace.enter(0, -INF, INF, 2)
trace.move(0, "e8d8")
trace.enter(1, -INF, INF, 1)
trace.move(1, "e1d1")
trace.enter(2, -INF, INF, 0)
trace.exit(2, -30)
trace.exit(1, -30)
trace.move(0, "e8f8")
trace.enter(1, -31, -30, 1)
trace.move(1, "e1f1")
trace.enter(2, -31, -30, 0)
trace.exit(2, -20)
trace.exit(1, -20)
trace.exit(0, -30)
trace.root_pv(2, -30, ["e8d8", "e1d1"])
trace.iteration_end(2, -30, ["e8d8", "e1d1"])
trace.search_end(2, -30, ["e8d8", "e1d1"], move="e8d8")
