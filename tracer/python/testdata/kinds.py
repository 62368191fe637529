"""Writes a one-ply search whose root caps a move's value (min(20, -child)): pvscope's
TestTraceKitMoveValue checks it clean with the move-value line, and caught by best-score
without it ("kinds.py -n"). Move a is extended by a ply, for "check"."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import pvscope_trace  # noqa: E402

say_value = sys.argv[1:] != ["-n"]
trace = pvscope_trace.from_env()
trace.search_start(1, bounds="fail-soft")
trace.enter(0, -100, 100, 1)
trace.move(0, "a")
trace.extended(0, 1, "check")
trace.enter(1, -100, 100, 1)
best = -trace.exit(1, -10)
trace.move(0, "b")
trace.enter(1, -100, -best, 0)
v = min(20, -trace.exit(1, -50))  # the cap
if say_value:
    trace.move_value(0, v)
best = max(best, v)
trace.search_end(1, trace.exit(0, best), move="b")
