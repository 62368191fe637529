"""A reference engine whose table writes its keys: the twin of ../../c/testdata/ttkeys.c
(read its comment for the game), the same trace event for event.

    python3 ttkeys.py [FAULT] [DEPTH]   FAULT: none, store-ply or probe-ply
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import pvscope_trace  # noqa: E402

GOAL, MATE, INF, MATE_BAND, SLOTS = 8, 1000, 2000, 100, 1024
EXACT, LOWER, UPPER = "exact", "lower", "upper"
MOVES = ("0", "1", "2")
MASK = (1 << 64) - 1


def mix(x):
    x ^= x >> 30
    x = (x * 0xBF58476D1CE4E5B9) & MASK
    x ^= x >> 27
    x = (x * 0x94D049BB133111EB) & MASK
    return x ^ (x >> 31)


class Race:
    def __init__(self, trace, fault):
        self.trace, self.count, self.side = trace, [0, 0], 0
        self.table = [None] * SLOTS  # (key, depth, raw, bound, move)
        self.store_ply, self.probe_ply = fault != "store-ply", fault != "probe-ply"

    def key(self):
        return mix(1 + self.count[0] + 16 * self.count[1] + 256 * self.side)

    def to_table(self, score, ply):
        if not self.store_ply:
            return score
        return score + ply if score > MATE - MATE_BAND else score - ply if score < -(MATE - MATE_BAND) else score

    def from_table(self, raw, ply):
        if not self.probe_ply:
            return raw
        return raw - ply if raw > MATE - MATE_BAND else raw + ply if raw < -(MATE - MATE_BAND) else raw

    def search(self, ply, depth, alpha, beta):
        t, k = self.trace, self.key()
        alpha0, best, best_move = alpha, -INF, 0
        t.enter(ply, alpha, beta, depth)
        if self.count[1 - self.side] >= GOAL:
            return t.exit(ply, -(MATE - ply), "mate")
        if depth <= 0:
            return t.exit(ply, 10 * (self.count[self.side] - self.count[1 - self.side]), "eval")
        t.tt_probe(ply, k)
        e = self.table[k % SLOTS]
        if e is not None and e[0] == k:
            _, e_depth, raw, bound, move = e
            score = self.from_table(raw, ply)
            t.tt_hit(ply, bound, e_depth, score, MOVES[move], key=k, raw=raw)
            if ply > 0 and e_depth >= depth and (
                    bound == EXACT or (bound == LOWER and score >= beta) or (bound == UPPER and score <= alpha)):
                return t.exit(ply, score, "tt-cutoff")
        for i in range(3):
            if alpha >= beta:
                break
            t.move(ply, MOVES[i])
            self.count[self.side] += i + 1
            self.side ^= 1
            score = -self.search(ply + 1, depth - 1, -beta, -alpha)
            self.side ^= 1
            self.count[self.side] -= i + 1
            if score > best:
                best, best_move = score, i
            alpha = max(alpha, best)
        bound = UPPER if best <= alpha0 else LOWER if best >= beta else EXACT
        raw = self.to_table(best, ply)
        self.table[k % SLOTS] = (k, depth, raw, bound, best_move)
        t.tt_store(ply, k, bound, depth, best, raw, MOVES[best_move])
        return t.exit(ply, best)


def main():
    fault = sys.argv[1] if len(sys.argv) > 1 else "none"
    depth = int(sys.argv[2]) if len(sys.argv) > 2 else 9
    trace = pvscope_trace.from_env()
    race = Race(trace, fault)
    trace.search_start(depth, bounds="fail-soft", mate=MATE, infinity=INF, mate_band=MATE_BAND, tt_mate="node")
    score = 0
    for d in range(1, depth + 1):
        trace.iteration_start(d, -INF, INF)
        score = race.search(0, d, -INF, INF)
        trace.iteration_end(d, score)
    trace.search_end(depth, score)
    print("depth %d score %d" % (depth, score))


main()
