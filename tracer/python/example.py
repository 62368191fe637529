#!/usr/bin/env python3
"""A fail-hard PVS over a synthetic game, traced with pvscope_trace (its lines say trace.).

    example.py [-x] SEED DEPTH [DEPTH ...]   one search per depth, like a UCI session's "go"s

The same search and game as tracer/c/example/search.c (read its comment): iterative
deepening with aspiration windows searched again on failure, a null move that costs the
passer more than any line can swing (so it prunes soundly), quiescence with stand pat,
a triangular PV table. Quiescence is kept out of the trace unless -x, which traces it
with stand-pat and adds each iteration's own line and search-end's move.
"""

import sys

import pvscope_trace

TREE_PLIES, INF, MATE = 8, 32000, 30000
W = (0, 200, 60, 30, 16, 8, 4, 2, 1)
M64 = (1 << 64) - 1
MOVES = ("0", "1", "2", "3", "4")

trace = pvscope_trace.from_env()
extended_kinds = False
nodes = 0
pv = [[0] * (TREE_PLIES + 1) for _ in range(TREE_PLIES + 1)]
pv_len = [0] * (TREE_PLIES + 1)


def mix(x):
    x ^= x >> 30
    x = (x * 0xBF58476D1CE4E5B9) & M64
    x ^= x >> 27
    x = (x * 0x94D049BB133111EB) & M64
    return x ^ (x >> 31)


def child(h, i):
    return mix((h + 0x9E3779B97F4A7C15 * (i + 1)) & M64)


def moves(h, ply):
    return 3 + h % 3 if ply < TREE_PLIES else 0


def capture(c):
    return (c >> 8) % 3 == 0


def child_eval(c, ev, ply):
    w = W[ply + 1]
    return -(ev + (c >> 16) % (2 * w + 1) - w)


def swing(ply):
    return sum(W[ply + 1:])


def qsearch(h, ev, ply, depth, alpha, beta):
    global nodes
    trace.enter(ply, alpha, beta, depth)
    nodes += 1
    if extended_kinds:
        trace.stand_pat(ply, ev)
    if ev >= beta:
        return trace.exit(ply, beta, "eval")
    alpha = max(alpha, ev)
    searched = 0
    for i in range(moves(h, ply)):
        c = child(h, i)
        if not capture(c):
            continue
        trace.move(ply, MOVES[i])
        s = -qsearch(c, child_eval(c, ev, ply), ply + 1, depth - 1, -beta, -alpha)
        searched += 1
        if s >= beta:
            return trace.exit(ply, beta)
        alpha = max(alpha, s)
    return trace.exit(ply, alpha, None if searched else "eval")


def search(h, ev, ply, depth, alpha, beta, null_ok):
    """Fail-hard: the score is within [alpha, beta]; alpha means at most, beta at least."""
    global nodes
    pv_len[ply] = ply
    if depth <= 0 and not extended_kinds:      # the horizon node, its quiescence untraced
        trace.enter(ply, alpha, beta, depth)
        trace.pause()
        s = qsearch(h, ev, ply, depth, alpha, beta)
        trace.resume()
        return trace.exit(ply, s, "eval")
    if depth <= 0:
        return qsearch(h, ev, ply, depth, alpha, beta)
    trace.enter(ply, alpha, beta, depth)
    nodes += 1
    n = moves(h, ply)
    if n == 0:
        return trace.exit(ply, min(max(ev, alpha), beta), "eval")
    if null_ok and ply > 0 and depth >= 3 and beta - alpha == 1 and ev >= beta:
        trace.move(ply, "0000")
        trace.reduced(ply, 2, "null-move")
        s = -search(mix(h ^ 0x6E756C6C6D6F7665), -(ev - swing(ply) - swing(ply + 1) - 1),
                    ply + 1, depth - 3, -beta, -beta + 1, False)
        if s >= beta:
            return trace.exit(ply, beta)
    for i in range(n):
        c = child(h, i)
        ce = child_eval(c, ev, ply)
        trace.move(ply, MOVES[i])
        if i == 0:
            s = -search(c, ce, ply + 1, depth - 1, -beta, -alpha, True)
        else:
            s = -search(c, ce, ply + 1, depth - 1, -alpha - 1, -alpha, True)
            if alpha < s < beta:
                s = -search(c, ce, ply + 1, depth - 1, -beta, -alpha, True)
        if s >= beta:
            return trace.exit(ply, beta)
        if s > alpha:
            alpha = s
            pv[ply][ply] = i
            pv[ply][ply + 1:pv_len[ply + 1]] = pv[ply + 1][ply + 1:pv_len[ply + 1]]
            pv_len[ply] = pv_len[ply + 1]
    return trace.exit(ply, alpha)


def think(seed, depth):
    """Searches to depth, aspiration windows from depth 2, and prints the result."""
    global nodes
    root, score, nodes = mix(seed), 0, 0
    trace.search_start(depth, bounds="fail-hard", mate=MATE, infinity=INF)
    for d in range(1, depth + 1):
        alpha, beta = (score - 25, score + 25) if d > 1 else (-INF, INF)
        trace.iteration_start(d, alpha, beta)
        while True:
            score = search(root, 0, 0, d, alpha, beta, True)
            if score <= alpha and alpha > -INF:
                alpha = -INF
            elif score >= beta and beta < INF:
                beta = INF
            else:
                break
            trace.aspiration_fail(d, score, alpha, beta)
        line = [MOVES[m] for m in pv[0][:pv_len[0]]]
        trace.root_pv(d, score, line)
        trace.iteration_end(d, score, line if extended_kinds else None)
    trace.search_end(depth, score, line, move=line[0] if extended_kinds else None)
    print("depth %d score %d bestmove %s nodes %d pv %s" % (depth, score, line[0], nodes, " ".join(line)))


def main(args):
    global extended_kinds
    if args[:1] == ["-x"]:
        extended_kinds, args = True, args[1:]
    if len(args) < 2:
        sys.exit("usage: example.py [-x] SEED DEPTH [DEPTH ...]")
    for depth in map(int, args[1:]):
        if not 1 <= depth <= TREE_PLIES - 2:
            sys.exit("depth %d: want 1 to %d" % (depth, TREE_PLIES - 2))
        think(int(args[0]), depth)


if __name__ == "__main__":
    main(sys.argv[1:])
