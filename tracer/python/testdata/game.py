"""Writes a depth-1 search of tic-tac-toe after b2 a1 (meta.game "tictactoe", meta.position
"b2 a1", x to move): c3 scores 5, a3 2. pvscope's TestTraceKitGame checks it clean, its moves
judged by the game: c3 and a3 are empty squares there."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import pvscope_trace  # noqa: E402

INF = float("inf")
trace = pvscope_trace.from_env()
trace.search_start(1, game="tictactoe", position="b2 a1")
trace.iteration_start(1, -INF, INF)
trace.enter(0, -INF, INF, 1)
trace.move(0, "c3")
trace.enter(1, -INF, INF, 0)
trace.exit(1, -5)
trace.move(0, "a3")
trace.enter(1, -INF, -5, 0)
trace.exit(1, -2)
trace.exit(0, 5)
trace.root_pv(1, 5, ["c3"])
trace.iteration_end(1, 5, ["c3"])
trace.search_end(1, 5, ["c3"], move="c3")
