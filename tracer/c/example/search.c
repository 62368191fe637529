/* A fail-hard PVS over a synthetic game, traced with pvscope_trace.h (its lines say PVSCOPE).
 *
 *   search [-x] SEED DEPTH [DEPTH ...]   one search per depth, like a UCI session's "go"s
 *
 * Iterative deepening with aspiration windows searched again on failure, null move
 * (R=2), quiescence with stand pat, a triangular PV table. Its quiescence is kept out
 * of the trace (the horizon node exits with its value) unless -x, which traces it with
 * the kinds added for issue 27 (stand-pat), the iteration's own line and search-end's move.
 *
 * The game: a node is a 64-bit hash of its path. Below ply TREE_PLIES it has 3-5 moves;
 * move i leads to mix(h + GOLDEN*(i+1)) and gains its mover (c>>16) % (2W+1) - W points,
 * W shrinking with the ply; a third of the moves are captures ((c>>8) % 3 == 0). The
 * static evaluation is the points so far, for the side to move. A null move at ply p
 * costs the passer R(p) + R(p+1) + 1 points, R(p) being the most the plies after p can
 * still swing a line: so a null-move search never scores above the node's true value,
 * the null move prunes soundly, and the result is plain negamax's (pvscope's test
 * checks it in Go).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pvscope_trace.h"

#define TREE_PLIES 8
#define INF 32000
#define MATE 30000
#define MAX_PLY (TREE_PLIES + 1)

static const int W[TREE_PLIES + 1] = {0, 200, 60, 30, 16, 8, 4, 2, 1};
static const char *MOVES[] = {"0", "1", "2", "3", "4"};
static int extended_kinds; /* -x */
static long nodes;
static int pv[MAX_PLY][MAX_PLY], pv_len[MAX_PLY];

static uint64_t mix(uint64_t x)
{
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

static uint64_t child(uint64_t h, int i) { return mix(h + 0x9e3779b97f4a7c15ULL * (uint64_t)(i + 1)); }
static int moves(uint64_t h, int ply) { return ply < TREE_PLIES ? 3 + (int)(h % 3) : 0; }
static int capture(uint64_t c) { return (c >> 8) % 3 == 0; }

/* child_eval: the child's evaluation, for its side to move, after the mover gained. */
static int child_eval(uint64_t c, int eval, int ply)
{
    int w = W[ply + 1];
    return -(eval + (int)((c >> 16) % (uint64_t)(2 * w + 1)) - w);
}

/* swing: the most the plies after ply can change a line's points. */
static int swing(int ply)
{
    int r = 0, k;
    for (k = ply + 1; k <= TREE_PLIES; k++) r += W[k];
    return r;
}

static int qsearch(uint64_t h, int eval, int ply, int depth, int alpha, int beta)
{
    int i, n = moves(h, ply), searched = 0;
    PVSCOPE_ENTER(ply, alpha, beta, depth);
    nodes++;
    if (extended_kinds) PVSCOPE_STAND_PAT(ply, eval);
    if (eval >= beta) return PVSCOPE_EXIT_END(ply, beta, "eval");
    if (eval > alpha) alpha = eval;
    for (i = 0; i < n; i++) {
        uint64_t c = child(h, i);
        int s;
        if (!capture(c)) continue;
        PVSCOPE_MOVE(ply, MOVES[i]);
        s = -qsearch(c, child_eval(c, eval, ply), ply + 1, depth - 1, -beta, -alpha);
        searched++;
        if (s >= beta) return PVSCOPE_EXIT(ply, beta);
        if (s > alpha) alpha = s;
    }
    return searched ? PVSCOPE_EXIT(ply, alpha) : PVSCOPE_EXIT_END(ply, alpha, "eval");
}

/* search is fail-hard: it returns a score within [alpha, beta]; alpha means at most
 * alpha, beta at least beta. */
static int search(uint64_t h, int eval, int ply, int depth, int alpha, int beta, int null_ok)
{
    int i, n, s;
    pv_len[ply] = ply;
    if (depth <= 0 && !extended_kinds) { /* the horizon node, its quiescence untraced */
        PVSCOPE_ENTER(ply, alpha, beta, depth);
        PVSCOPE_PAUSE();
        s = qsearch(h, eval, ply, depth, alpha, beta);
        PVSCOPE_RESUME();
        return PVSCOPE_EXIT_END(ply, s, "eval");
    }
    if (depth <= 0) return qsearch(h, eval, ply, depth, alpha, beta);
    PVSCOPE_ENTER(ply, alpha, beta, depth);
    nodes++;
    n = moves(h, ply);
    if (n == 0) return PVSCOPE_EXIT_END(ply, eval <= alpha ? alpha : eval >= beta ? beta : eval, "eval");
    if (null_ok && ply > 0 && depth >= 3 && beta - alpha == 1 && eval >= beta) {
        PVSCOPE_MOVE(ply, "0000");
        PVSCOPE_REDUCED(ply, 2, "null-move");
        s = -search(mix(h ^ 0x6e756c6c6d6f7665ULL), -(eval - swing(ply) - swing(ply + 1) - 1), ply + 1, depth - 3, -beta, -beta + 1, 0);
        if (s >= beta) return PVSCOPE_EXIT(ply, beta);
    }
    for (i = 0; i < n; i++) {
        uint64_t c = child(h, i);
        int ce = child_eval(c, eval, ply);
        PVSCOPE_MOVE(ply, MOVES[i]);
        if (i == 0) {
            s = -search(c, ce, ply + 1, depth - 1, -beta, -alpha, 1);
        } else {
            s = -search(c, ce, ply + 1, depth - 1, -alpha - 1, -alpha, 1);
            if (s > alpha && s < beta) s = -search(c, ce, ply + 1, depth - 1, -beta, -alpha, 1);
        }
        if (s >= beta) return PVSCOPE_EXIT(ply, beta);
        if (s > alpha) {
            alpha = s;
            pv[ply][ply] = i;
            memcpy(&pv[ply][ply + 1], &pv[ply + 1][ply + 1], sizeof(int) * (size_t)(pv_len[ply + 1] - ply - 1));
            pv_len[ply] = pv_len[ply + 1];
        }
    }
    return PVSCOPE_EXIT(ply, alpha);
}

/* think searches to depth, aspiration windows from depth 2, and prints the result. */
static void think(uint64_t seed, int depth)
{
    uint64_t root = mix(seed);
    int d, i, score = 0, alpha, beta;
    nodes = 0;
    PVSCOPE_SEARCH_START(NULL, depth, "fail-hard", MATE, INF);
    for (d = 1; d <= depth; d++) {
        alpha = d > 1 ? score - 25 : -INF;
        beta = d > 1 ? score + 25 : INF;
        PVSCOPE_ITERATION_START(d, alpha, beta);
        for (;;) {
            score = search(root, 0, 0, d, alpha, beta, 1);
            if (score <= alpha && alpha > -INF) alpha = -INF;
            else if (score >= beta && beta < INF) beta = INF;
            else break;
            PVSCOPE_ASPIRATION_FAIL(d, score, alpha, beta);
        }
        for (i = 0; i < pv_len[0]; i++) PVSCOPE_PV_MOVE(MOVES[pv[0][i]]);
        PVSCOPE_ROOT_PV(d, score);
        for (i = 0; extended_kinds && i < pv_len[0]; i++) PVSCOPE_PV_MOVE(MOVES[pv[0][i]]);
        PVSCOPE_ITERATION_END(d, score);
    }
    for (i = 0; i < pv_len[0]; i++) PVSCOPE_PV_MOVE(MOVES[pv[0][i]]);
    PVSCOPE_SEARCH_END(depth, score, extended_kinds ? MOVES[pv[0][0]] : NULL);
    printf("depth %d score %d bestmove %s nodes %ld pv", depth, score, MOVES[pv[0][0]], nodes);
    for (i = 0; i < pv_len[0]; i++) printf(" %s", MOVES[pv[0][i]]);
    printf("\n");
}

int main(int argc, char **argv)
{
    int a = 1;
    uint64_t seed;
    if (a < argc && strcmp(argv[a], "-x") == 0) extended_kinds = 1, a++;
    if (argc - a < 2) {
        fprintf(stderr, "usage: search [-x] SEED DEPTH [DEPTH ...]\n");
        return 2;
    }
    seed = strtoull(argv[a++], NULL, 10);
    for (; a < argc; a++) {
        int depth = atoi(argv[a]);
        if (depth < 1 || depth > TREE_PLIES - 2) {
            fprintf(stderr, "depth %d: want 1 to %d\n", depth, TREE_PLIES - 2);
            return 2;
        }
        think(seed, depth);
    }
    return 0;
}
