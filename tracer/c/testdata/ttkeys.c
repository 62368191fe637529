/* A reference engine whose table writes its keys, traced with pvscope_trace.h: a fail-soft
 * alpha-beta with iterative deepening and a transposition table that answers nodes, mate
 * scores among them, at plies other than the one that stored them.
 *
 *   ttkeys [FAULT] [DEPTH]   FAULT: none, store-ply or probe-ply (a planted table bug)
 *
 * The game, a race: two counters, 0 at the start; the side to move adds 1, 2 or 3 (moves
 * "0", "1", "2") to its own; a side whose counter reaches GOAL has won, and the other, to
 * move, is mated (scored -(MATE - ply)). At the horizon a node scores 10 points per step
 * its side is ahead. The same counters come back by other orders (1 then 2, 2 then 1) and
 * at other plies (3 in one move, 1 then 2 in two with the other side's moves between).
 * The key is the splitmix64 finalizer of the counters and the side to move; the table
 * keeps a mate counted from the node that stored it (meta.ttMate "node"): it adds the ply
 * on a store, takes it away on a probe. Its twin: ../../python/testdata/ttkeys.py.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pvscope_trace.h"

#define GOAL 8
#define MATE 1000
#define INF 2000
#define MATE_BAND 100
#define SLOTS 1024

enum { EMPTY, EXACT, LOWER, UPPER };
static const char *BOUNDS[] = {"", "exact", "lower", "upper"};
static const char *MOVES[] = {"0", "1", "2"};

struct entry {
    unsigned long long key;
    int depth, raw, bound, move;
};
static struct entry table[SLOTS];
static int count[2], side;
static int store_ply = 1, probe_ply = 1; /* off: the planted faults */

static unsigned long long mix(unsigned long long x)
{
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

static unsigned long long key(void) { return mix(1 + count[0] + 16ULL * count[1] + 256ULL * side); }

static int to_table(int score, int ply)
{
    if (!store_ply) return score;
    return score > MATE - MATE_BAND ? score + ply : score < -(MATE - MATE_BAND) ? score - ply : score;
}

static int from_table(int raw, int ply)
{
    if (!probe_ply) return raw;
    return raw > MATE - MATE_BAND ? raw - ply : raw < -(MATE - MATE_BAND) ? raw + ply : raw;
}

static int search(int ply, int depth, int alpha, int beta)
{
    unsigned long long k = key();
    struct entry *e = &table[k % SLOTS];
    int alpha0 = alpha, best = -INF, best_move = 0, i, score, bound;
    PVSCOPE_ENTER(ply, alpha, beta, depth);
    if (count[!side] >= GOAL) return PVSCOPE_EXIT_END(ply, -(MATE - ply), "mate");
    if (depth <= 0) return PVSCOPE_EXIT_END(ply, 10 * (count[side] - count[!side]), "eval");
    PVSCOPE_TT_PROBE(ply, k);
    if (e->bound != EMPTY && e->key == k) {
        score = from_table(e->raw, ply);
        PVSCOPE_TT_HIT_KEY(ply, k, BOUNDS[e->bound], e->depth, score, e->raw, MOVES[e->move]);
        if (ply > 0 && e->depth >= depth &&
            (e->bound == EXACT || (e->bound == LOWER && score >= beta) || (e->bound == UPPER && score <= alpha)))
            return PVSCOPE_EXIT_END(ply, score, "tt-cutoff");
    }
    for (i = 0; i < 3 && alpha < beta; i++) {
        PVSCOPE_MOVE(ply, MOVES[i]);
        count[side] += i + 1, side ^= 1;
        score = -search(ply + 1, depth - 1, -beta, -alpha);
        side ^= 1, count[side] -= i + 1;
        if (score > best) best = score, best_move = i;
        if (best > alpha) alpha = best;
    }
    bound = best <= alpha0 ? UPPER : best >= beta ? LOWER : EXACT;
    e->key = k, e->depth = depth, e->raw = to_table(best, ply), e->bound = bound, e->move = best_move;
    PVSCOPE_TT_STORE(ply, k, BOUNDS[bound], depth, best, e->raw, MOVES[best_move]);
    return PVSCOPE_EXIT(ply, best);
}

int main(int argc, char **argv)
{
    int depth = argc > 2 ? atoi(argv[2]) : 9, d, score = 0;
    (void)BOUNDS, (void)MOVES; /* read only by the trace */
    if (argc > 1 && strcmp(argv[1], "store-ply") == 0) store_ply = 0;
    if (argc > 1 && strcmp(argv[1], "probe-ply") == 0) probe_ply = 0;
    PVSCOPE_MATE_BAND(MATE_BAND);
    PVSCOPE_TT_MATE("node");
    PVSCOPE_SEARCH_START(NULL, depth, "fail-soft", MATE, INF);
    for (d = 1; d <= depth; d++) {
        PVSCOPE_ITERATION_START(d, -INF, INF);
        score = search(0, d, -INF, INF);
        PVSCOPE_ITERATION_END(d, score);
    }
    PVSCOPE_SEARCH_END(depth, score, NULL);
    printf("depth %d score %d\n", depth, score);
    return 0;
}
