"""Calls the writer with numbers the trace format cannot hold and prints the ValueError
each raises, one a line: pvscope's TestTraceKitPythonRefusesFractions reads them."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import pvscope_trace  # noqa: E402

trace = pvscope_trace.from_env()
trace.search_start(1)
trace.enter(0, -100, 100, 1)
for call in (lambda: trace.exit(0, 0.5),
             lambda: trace.exit(0, 3.0),
             lambda: trace.exit(0, float("nan")),
             lambda: trace.enter(1, -100, 100, 1.5),
             lambda: trace.enter(1, -100, 100, float("inf")),
             lambda: trace.iteration_start(1, -100, True),
             lambda: trace.exit(0, 1 << 31),
             lambda: pvscope_trace.Trace(trace.path + ".2").search_start(1, mate=30000.5),
             lambda: pvscope_trace.Trace(trace.path + ".3").search_start(1, mate="30000")):
    try:
        call()
        print("no error")
    except ValueError as err:
        print(err)
# A refused enter took no node id: the next child is node 2.
trace.enter(1, -100, 100, 0)
trace.exit(1, -7)
trace.search_end(1, trace.exit(0, 7))
