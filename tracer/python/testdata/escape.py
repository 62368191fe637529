"""Writes a trace whose strings need escaping: pvscope's TestTraceKitEscapes reads it back."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import pvscope_trace  # noqa: E402

s = "q\"u\\o\nt\te\x01\x1f \u00e9"
trace = pvscope_trace.from_env()
trace.search_start(1, fen=s)
trace.enter(0, -10, 10, 1)
trace.prune(0, s, s)
trace.move(0, s)
trace.enter(1, -10, 10, 0)
trace.exit(1, 3)
trace.search_end(1, trace.exit(0, -3))
