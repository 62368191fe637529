"""Writes pvscope's tracer/testdata/tthit/tthit.jsonl, written by hand there: table entries
that answer a node (deep enough, then too shallow) and one that only orders its moves.
pvscope's TestTraceKitTTHit holds each kit's events to that file's."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import pvscope_trace  # noqa: E402

trace = pvscope_trace.from_env()
trace.search_start(3, bounds="fail-soft")
trace.enter(0, -100, 100, 3)
trace.move(0, "a")
trace.enter(1, -100, 100, 2)
trace.tt_hit(1, "exact", 4, 10, "x")
trace.exit(1, 10, "tt-cutoff")
trace.move(0, "b")
trace.enter(1, -100, 10, 2)
trace.tt_hit(1, "upper", 1, 30)
trace.move(1, "c")
trace.enter(2, -10, 100, 1)
trace.exit(2, 20, "eval")
trace.exit(1, -20)
trace.move(0, "d")
trace.enter(1, -100, -20, 2)
trace.tt_hit(1, "lower", 1, -15, "y")
trace.exit(1, -15, "tt-cutoff")
root = trace.exit(0, 20)
trace.search_end(0, root)
sys.exit(root != 20)
