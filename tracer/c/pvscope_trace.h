/* pvscope_trace.h: write a pvscope trace (JSON Lines) from a C or C++ search.
 *
 * Over 400 lines because a C engine takes the writer as one header to copy, as single-header
 * libraries are; its parts come in the order a search calls them.
 *
 * SPDX-License-Identifier: MIT-0
 * MIT No Attribution. Copyright (c) 2026 the pvscope authors.
 * Permission is hereby granted, free of charge, to any person obtaining a copy of this
 * software and associated documentation files (the "Software"), to deal in the Software
 * without restriction, including without limitation the rights to use, copy, modify,
 * merge, publish, distribute, sublicense, and/or sell copies of the Software, and to
 * permit persons to whom the Software is furnished to do so.
 * THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED,
 * INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A
 * PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT
 * HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF
 * CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE
 * OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.
 * (MIT-0 asks for no notice in your copies: take this file into any engine.)
 *
 * Off by default: unless PVSCOPE_TRACE is defined (-DPVSCOPE_TRACE), every macro below
 * is empty, and PVSCOPE_EXIT(ply, score) is just (score): the engine compiles as if the
 * lines were not there. On, a trace is written only when a file is named, by the
 * environment (PVSCOPE_TRACE_FILE=path) or by PVSCOPE_TRACE_TO(path), and only for one
 * search: the first, or the n-th (PVSCOPE_TRACE_SEARCH=n, PVSCOPE_ONLY_SEARCH(n)), or the
 * first whose requested depth is d (PVSCOPE_TRACE_DEPTH=d, PVSCOPE_ONLY_DEPTH(d)). The
 * environment wins over the calls. The file is closed when that search ends. Off, or
 * in a search not traced, the macros' arguments are not evaluated.
 *
 * Nodes are found by ply (distance from the root), so the search's signature does not
 * change: the parent announces the move it is about to search, the child enters and
 * exits at its ply. Node ids (1, 2, ...) and parents are kept here.
 *
 *   PVSCOPE_SEARCH_START(fen, depth, bounds, mate, infinity)  header and search-start;
 *       fen or bounds ("fail-hard"/"fail-soft") NULL, mate or infinity 0: left out
 *   PVSCOPE_POV(pov)                 before it: "white" when the engine's scores and windows
 *       are White's (meta.pov), NULL to leave it out (the side to move's, the default)
 *   PVSCOPE_MATE_BAND(plies)         before it: how far from the root a mate may lie
 *       (meta.mateBand), 0 to leave it out; both are kept for the searches that follow
 *   PVSCOPE_GAME(game, position)     before it: a game other than chess ("tictactoe",
 *       "connect4", "othello": meta.game) and its root in the game's notation
 *       (meta.position, at most 255 bytes; NULL or "" its start); fen is then NULL.
 *       game NULL leaves both out; kept for the searches that follow
 *   PVSCOPE_ITERATION_START(depth, alpha, beta)  the iteration's root window
 *   PVSCOPE_ASPIRATION_FAIL(depth, score, alpha, beta)  searched again with (alpha, beta)
 *   PVSCOPE_MOVE(ply, move)          the node at ply searches move next (UCI text)
 *   PVSCOPE_REDUCED(ply, plies, why) after it: that search is plies shallower ("lmr",
 *       "null-move"); a search of the same move again is at the depth it is given
 *   PVSCOPE_EXTENDED(ply, plies, why) or deeper ("check")
 *   PVSCOPE_ENTER(ply, alpha, beta, depth)  a node is entered (after its move was announced)
 *   PVSCOPE_EXIT(ply, score)         expression: writes the exit, yields score
 *   PVSCOPE_EXIT_END(ply, score, end) the same with end ("eval", "mate", "repetition", ...; a game: "win", "loss", "draw")
 *   PVSCOPE_STAND_PAT(ply, score)    quiescence takes its static evaluation
 *   PVSCOPE_MOVE_VALUE(ply, score)   the node took score for its last move, not -child
 *   PVSCOPE_PRUNE(ply, move, why)    a move skipped without a search
 *   PVSCOPE_TT_HIT(ply, bound, depth, score, move)  the table holds an entry for the node at
 *       ply: its bound ("exact", "lower", "upper"; another word stops the trace), the depth
 *       it was stored for, its score and move (NULL or "": left out); written just before
 *       the node's use of it, so an exit "tt-cutoff" that follows is judged by its depth
 *   PVSCOPE_TT_MATE(scheme)          before PVSCOPE_SEARCH_START: how the table holds a mate
 *       score (meta.ttMate): "node" (counted from the node that stored it: the engine adds
 *       the ply on a store and takes it away on a probe) or "root" (as the search scores
 *       it, unadjusted); NULL leaves it out
 *   PVSCOPE_TT_PROBE(ply, key)       the node at ply looks its key up (an unsigned 64-bit
 *       integer, the engine's own: its Zobrist hash), hit or miss
 *   PVSCOPE_TT_HIT_KEY(ply, key, bound, depth, score, raw, move)  PVSCOPE_TT_HIT with the
 *       key the entry was found under and raw, the integer the entry holds (score is the
 *       node's, after the engine's mate adjustment)
 *   PVSCOPE_TT_STORE(ply, key, bound, depth, score, raw, move)  the node at ply writes its
 *       entry: score as the node returned it, raw as the table keeps it
 *   PVSCOPE_PV_MOVE(move)            appends a move to the line the next PV event carries
 *   PVSCOPE_ROOT_PV(depth, score)    root-pv with that line
 *   PVSCOPE_ITERATION_END(depth, score)  iteration-end (with the line, if one was given)
 *   PVSCOPE_SEARCH_END(depth, score, bestmove)  search-end (bestmove NULL: left out)
 *   PVSCOPE_PAUSE() ... PVSCOPE_RESUME()  what runs between is not traced (a quiescence
 *       search kept out of the trace: the node that calls it exits with its value)
 *   PVSCOPE_SUBSEARCH(ply, purpose)  the node at ply searches its own position next ("iid",
 *       "razor", "probcut"): the next PVSCOPE_ENTER at ply is that search, a child with no
 *       move, and its exit gives the node back its moves; its score is no move's value
 *   PVSCOPE_SINGULAR(ply, excluded)  the same for the singular verification, which leaves
 *       out the move excluded
 *
 * Several source files: include it plainly in one, and after
 * #define PVSCOPE_TRACE_EXTERN in the others. The format: pvscope's docs/trace-format.md.
 */
#ifndef PVSCOPE_TRACE_H
#define PVSCOPE_TRACE_H

#ifdef PVSCOPE_TRACE

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef PVSCOPE_MAX_PLY
#define PVSCOPE_MAX_PLY 256
#endif
#ifndef PVSCOPE_MAX_PV
#define PVSCOPE_MAX_PV 128
#endif
#define PVSCOPE_WORD 24 /* bytes kept of a move or a why */
#ifndef PVSCOPE_MAX_SUB
#define PVSCOPE_MAX_SUB 64 /* searches of a node's own position open at once */
#endif

extern int pvscope_on; /* this search is traced: the macros' only test */
extern int pvscope_paused;

void pvscope_to(const char *path);
void pvscope_only_search(int n);
void pvscope_only_depth(int depth);
void pvscope_pov(const char *pov);
void pvscope_mate_band(int plies);
void pvscope_game(const char *game, const char *position);
void pvscope_search_start(const char *fen, int depth, const char *bounds, int mate, int infinity);
void pvscope_search_end(int depth, int score, const char *move);
void pvscope_iteration(const char *kind, int depth, int score, int alpha, int beta, int what);
void pvscope_move(int ply, const char *move);
void pvscope_depth_change(int ply, int reduced, int extended, const char *why);
void pvscope_enter(int ply, int alpha, int beta, int depth);
int pvscope_exit(int ply, int score, const char *end);
void pvscope_node_score(const char *kind, int ply, int score);
void pvscope_prune(int ply, const char *move, const char *why);
void pvscope_tt_hit(int ply, const char *bound, int depth, int score, const char *move);
void pvscope_tt_mate(const char *scheme);
void pvscope_tt(const char *kind, int ply, int keyed, unsigned long long key, const char *bound,
                int depth, int score, int raw, const char *move);
void pvscope_pv_move(const char *move);
void pvscope_root_pv(int depth, int score);
void pvscope_subsearch(int ply, const char *purpose, const char *excluded);

#define PVSCOPE_TRACE_TO(path) pvscope_to(path)
#define PVSCOPE_ONLY_SEARCH(n) pvscope_only_search(n)
#define PVSCOPE_ONLY_DEPTH(d) pvscope_only_depth(d)
#define PVSCOPE_POV(pov) pvscope_pov(pov)
#define PVSCOPE_MATE_BAND(plies) pvscope_mate_band(plies)
#define PVSCOPE_GAME(game, position) pvscope_game(game, position)
#define PVSCOPE_SEARCH_START(fen, depth, bounds, mate, inf) pvscope_search_start(fen, depth, bounds, mate, inf)
#define PVSCOPE_SEARCH_END(depth, score, move) \
    do { if (pvscope_on) pvscope_search_end(depth, score, move); } while (0)
#define PVSCOPE_ITERATION_START(depth, alpha, beta) \
    do { if (pvscope_on) pvscope_iteration("iteration-start", depth, 0, alpha, beta, 1); } while (0)
#define PVSCOPE_ASPIRATION_FAIL(depth, score, alpha, beta) \
    do { if (pvscope_on) pvscope_iteration("aspiration-fail", depth, score, alpha, beta, 3); } while (0)
#define PVSCOPE_ITERATION_END(depth, score) \
    do { if (pvscope_on) pvscope_iteration("iteration-end", depth, score, 0, 0, 2); } while (0)
#define PVSCOPE_MOVE(ply, move) do { if (pvscope_on) pvscope_move(ply, move); } while (0)
#define PVSCOPE_REDUCED(ply, plies, why) \
    do { if (pvscope_on) pvscope_depth_change(ply, plies, 0, why); } while (0)
#define PVSCOPE_EXTENDED(ply, plies, why) \
    do { if (pvscope_on) pvscope_depth_change(ply, 0, plies, why); } while (0)
#define PVSCOPE_ENTER(ply, alpha, beta, depth) \
    do { if (pvscope_on) pvscope_enter(ply, alpha, beta, depth); } while (0)
#define PVSCOPE_EXIT(ply, score) (pvscope_on ? pvscope_exit(ply, score, NULL) : (score))
#define PVSCOPE_EXIT_END(ply, score, end) (pvscope_on ? pvscope_exit(ply, score, end) : (score))
#define PVSCOPE_STAND_PAT(ply, score) \
    do { if (pvscope_on) pvscope_node_score("stand-pat", ply, score); } while (0)
#define PVSCOPE_MOVE_VALUE(ply, score) \
    do { if (pvscope_on) pvscope_node_score("move-value", ply, score); } while (0)
#define PVSCOPE_PRUNE(ply, move, why) do { if (pvscope_on) pvscope_prune(ply, move, why); } while (0)
#define PVSCOPE_TT_HIT(ply, bound, depth, score, move) \
    do { if (pvscope_on) pvscope_tt_hit(ply, bound, depth, score, move); } while (0)
#define PVSCOPE_TT_MATE(scheme) pvscope_tt_mate(scheme)
#define PVSCOPE_TT_PROBE(ply, key) \
    do { if (pvscope_on) pvscope_tt("tt-probe", ply, 1, key, NULL, 0, 0, 0, NULL); } while (0)
#define PVSCOPE_TT_HIT_KEY(ply, key, bound, depth, score, raw, move) \
    do { if (pvscope_on) pvscope_tt("tt-hit", ply, 1, key, bound, depth, score, raw, move); } while (0)
#define PVSCOPE_TT_STORE(ply, key, bound, depth, score, raw, move) \
    do { if (pvscope_on) pvscope_tt("tt-store", ply, 1, key, bound, depth, score, raw, move); } while (0)
#define PVSCOPE_PV_MOVE(move) do { if (pvscope_on) pvscope_pv_move(move); } while (0)
#define PVSCOPE_ROOT_PV(depth, score) do { if (pvscope_on) pvscope_root_pv(depth, score); } while (0)
#define PVSCOPE_SUBSEARCH(ply, purpose) do { if (pvscope_on) pvscope_subsearch(ply, purpose, NULL); } while (0)
#define PVSCOPE_SINGULAR(ply, excluded) do { if (pvscope_on) pvscope_subsearch(ply, "singular", excluded); } while (0)
#define PVSCOPE_PAUSE() do { if (pvscope_on) pvscope_on = 0, pvscope_paused = 1; } while (0)
#define PVSCOPE_RESUME() do { if (pvscope_paused) pvscope_on = 1, pvscope_paused = 0; } while (0)

#ifndef PVSCOPE_TRACE_EXTERN

int pvscope_on, pvscope_paused;

struct pvscope_ply {
    int id, index, reduced, extended;
    char move[PVSCOPE_WORD], why[PVSCOPE_WORD];
};

static struct {
    FILE *out;
    char path[1024];
    int env_read, only_search, only_depth, searches, done;
    char pov[PVSCOPE_WORD], tt_mate[PVSCOPE_WORD], game[PVSCOPE_WORD], position[256];
    int mate_band;
    int nodes, depth_asked;
    struct pvscope_ply at[PVSCOPE_MAX_PLY + 2];
    char pv[PVSCOPE_MAX_PV][PVSCOPE_WORD];
    int pv_len;
    /* Searches of a node's own position: the one announced, and those open, each with what
     * it displaced at its ply (the node and the move it announced), given back at its exit. */
    char sub_purpose[PVSCOPE_WORD], sub_excluded[PVSCOPE_WORD];
    int sub_ply, nsub;
    struct { int ply, id; struct pvscope_ply node, next; } sub[PVSCOPE_MAX_SUB];
} pvscope_state; /* only_search 0 and only_depth 0: the first search */

/* pvscope_copy keeps at most PVSCOPE_WORD-1 bytes of s. */
static void pvscope_copy(char *dst, const char *s)
{
    size_t n = s ? strlen(s) : 0;
    if (n >= PVSCOPE_WORD) n = PVSCOPE_WORD - 1;
    if (n) memcpy(dst, s, n);
    dst[n] = '\0';
}

/* pvscope_string writes s as a JSON string: quotes, backslashes and control bytes escaped. */
static void pvscope_string(const char *s)
{
    FILE *f = pvscope_state.out;
    putc('"', f);
    for (; s && *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') { putc('\\', f); putc(c, f); }
        else if (c == '\n') fputs("\\n", f);
        else if (c == '\t') fputs("\\t", f);
        else if (c == '\r') fputs("\\r", f);
        else if (c < 0x20) fprintf(f, "\\u%04x", c);
        else putc(c, f);
    }
    putc('"', f);
}

static void pvscope_field(const char *name, const char *value)
{
    fprintf(pvscope_state.out, ",\"%s\":", name);
    pvscope_string(value);
}

static void pvscope_pv_field(void)
{
    int i;
    fputs(",\"pv\":[", pvscope_state.out);
    for (i = 0; i < pvscope_state.pv_len; i++) {
        if (i) putc(',', pvscope_state.out);
        pvscope_string(pvscope_state.pv[i]);
    }
    putc(']', pvscope_state.out);
    pvscope_state.pv_len = 0;
}

/* pvscope_stop ends the trace: a ply too deep would unbalance it. */
static void pvscope_stop(const char *why)
{
    fprintf(stderr, "pvscope_trace: %s; the trace stops here\n", why);
    fclose(pvscope_state.out);
    pvscope_state.out = NULL;
    pvscope_on = 0;
}

void pvscope_to(const char *path)
{
    pvscope_state.path[0] = '\0';
    strncat(pvscope_state.path, path, sizeof pvscope_state.path - 1);
}
void pvscope_only_search(int n) { pvscope_state.only_search = n, pvscope_state.only_depth = 0; }
void pvscope_only_depth(int depth) { pvscope_state.only_depth = depth, pvscope_state.only_search = 0; }
void pvscope_pov(const char *pov) { pvscope_copy(pvscope_state.pov, pov); }
void pvscope_mate_band(int plies) { pvscope_state.mate_band = plies; }
void pvscope_game(const char *game, const char *position)
{
    pvscope_copy(pvscope_state.game, game);
    pvscope_state.position[0] = '\0';
    if (game && position) strncat(pvscope_state.position, position, sizeof pvscope_state.position - 1);
}
void pvscope_tt_mate(const char *scheme) { pvscope_copy(pvscope_state.tt_mate, scheme); }

static void pvscope_read_env(void)
{
    const char *v;
    pvscope_state.env_read = 1;
    if ((v = getenv("PVSCOPE_TRACE_FILE")) != NULL && *v) pvscope_to(v);
    if ((v = getenv("PVSCOPE_TRACE_SEARCH")) != NULL && atoi(v) > 0) pvscope_only_search(atoi(v));
    if ((v = getenv("PVSCOPE_TRACE_DEPTH")) != NULL && atoi(v) > 0) pvscope_only_depth(atoi(v));
}

void pvscope_search_start(const char *fen, int depth, const char *bounds, int mate, int infinity)
{
    FILE *f;
    int chosen;
    if (!pvscope_state.env_read) pvscope_read_env();
    if (pvscope_state.out) { /* the traced search ended without PVSCOPE_SEARCH_END */
        fclose(pvscope_state.out);
        pvscope_state.out = NULL;
        pvscope_on = pvscope_paused = 0;
    }
    pvscope_state.searches++;
    chosen = pvscope_state.only_depth ? depth == pvscope_state.only_depth
                                      : pvscope_state.searches == (pvscope_state.only_search ? pvscope_state.only_search : 1);
    if (pvscope_state.done || !chosen || !pvscope_state.path[0]) return;
    if ((f = fopen(pvscope_state.path, "w")) == NULL) {
        perror(pvscope_state.path);
        pvscope_state.done = 1;
        return;
    }
    pvscope_state.out = f, pvscope_state.done = 1, pvscope_on = 1;
    pvscope_state.nodes = 0, pvscope_state.pv_len = 0, pvscope_state.depth_asked = depth;
    pvscope_state.nsub = 0, pvscope_state.sub_purpose[0] = '\0';
    memset(pvscope_state.at, 0, sizeof pvscope_state.at);
    fputs("{\"format\":\"pvscope-trace\",\"version\":1,\"meta\":{\"writer\":\"pvscope_trace.h\"", f);
    if (fen && *fen) pvscope_field("fen", fen);
    if (bounds && *bounds) pvscope_field("bounds", bounds);
    if (mate) fprintf(f, ",\"mate\":%d", mate);
    if (infinity) fprintf(f, ",\"infinity\":%d", infinity);
    if (pvscope_state.mate_band) fprintf(f, ",\"mateBand\":%d", pvscope_state.mate_band);
    if (pvscope_state.pov[0]) pvscope_field("pov", pvscope_state.pov);
    if (pvscope_state.game[0]) {
        pvscope_field("game", pvscope_state.game);
        pvscope_field("position", pvscope_state.position);
    }
    if (pvscope_state.tt_mate[0]) pvscope_field("ttMate", pvscope_state.tt_mate);
    fprintf(f, "}}\n{\"kind\":\"search-start\",\"depth\":%d}\n", depth);
}

void pvscope_search_end(int depth, int score, const char *move)
{
    FILE *f = pvscope_state.out;
    fprintf(f, "{\"kind\":\"search-end\",\"depth\":%d,\"score\":%d", depth, score);
    if (move) pvscope_field("move", move);
    pvscope_pv_field();
    fputs("}\n", f);
    fclose(f);
    pvscope_state.out = NULL;
    pvscope_on = pvscope_paused = 0;
}

/* pvscope_iteration writes an iteration's event: what 1 with the window, 2 with the
 * score (and the line, if one was given), 3 with both. */
void pvscope_iteration(const char *kind, int depth, int score, int alpha, int beta, int what)
{
    FILE *f = pvscope_state.out;
    fprintf(f, "{\"kind\":\"%s\",\"depth\":%d", kind, depth);
    if (what & 2) fprintf(f, ",\"score\":%d", score);
    if (what & 1) fprintf(f, ",\"alpha\":%d,\"beta\":%d", alpha, beta);
    if (what == 2 && pvscope_state.pv_len) pvscope_pv_field();
    fputs("}\n", f);
}

void pvscope_move(int ply, const char *move)
{
    if (ply < 0 || ply >= PVSCOPE_MAX_PLY) return;
    if (strncmp(pvscope_state.at[ply + 1].move, move, PVSCOPE_WORD - 1) != 0) pvscope_state.at[ply].index++;
    pvscope_copy(pvscope_state.at[ply + 1].move, move);
    pvscope_state.at[ply + 1].reduced = pvscope_state.at[ply + 1].extended = 0;
}

void pvscope_depth_change(int ply, int reduced, int extended, const char *why)
{
    if (ply < 0 || ply >= PVSCOPE_MAX_PLY) return;
    pvscope_state.at[ply + 1].reduced = reduced, pvscope_state.at[ply + 1].extended = extended;
    pvscope_copy(pvscope_state.at[ply + 1].why, why);
}

void pvscope_enter(int ply, int alpha, int beta, int depth)
{
    FILE *f = pvscope_state.out;
    int sub, parent;
    if (ply < 0 || ply > PVSCOPE_MAX_PLY) {
        pvscope_stop("ply beyond PVSCOPE_MAX_PLY");
        return;
    }
    sub = pvscope_state.sub_purpose[0] && pvscope_state.sub_ply == ply;
    if (sub && pvscope_state.nsub == PVSCOPE_MAX_SUB) {
        pvscope_stop("searches of a node's own position nested beyond PVSCOPE_MAX_SUB");
        return;
    }
    parent = sub ? pvscope_state.at[ply].id : ply ? pvscope_state.at[ply - 1].id : 0;
    if (sub) { /* the node searched for keeps its state here until the sub-search exits */
        int k = pvscope_state.nsub++;
        pvscope_state.sub[k].ply = ply, pvscope_state.sub[k].id = pvscope_state.nodes + 1;
        pvscope_state.sub[k].node = pvscope_state.at[ply], pvscope_state.sub[k].next = pvscope_state.at[ply + 1];
    }
    pvscope_state.at[ply].id = ++pvscope_state.nodes;
    pvscope_state.at[ply].index = 0;
    pvscope_state.at[ply + 1].move[0] = '\0';
    fprintf(f, "{\"kind\":\"enter\",\"node\":%d,\"parent\":%d,\"ply\":%d,\"depth\":%d,\"alpha\":%d,\"beta\":%d",
            pvscope_state.at[ply].id, parent, ply, depth, alpha, beta);
    if (sub) {
        pvscope_field("subsearch", pvscope_state.sub_purpose);
        if (pvscope_state.sub_excluded[0]) pvscope_field("excluded", pvscope_state.sub_excluded);
        pvscope_state.sub_purpose[0] = pvscope_state.sub_excluded[0] = '\0';
        fputs("}\n", f);
        return;
    }
    if (ply) pvscope_field("move", pvscope_state.at[ply].move);
    if (ply && pvscope_state.at[ply].reduced) fprintf(f, ",\"reduced\":%d", pvscope_state.at[ply].reduced);
    if (ply && pvscope_state.at[ply].extended) fprintf(f, ",\"extended\":%d", pvscope_state.at[ply].extended);
    if (ply && (pvscope_state.at[ply].reduced || pvscope_state.at[ply].extended))
        pvscope_field("why", pvscope_state.at[ply].why);
    fputs("}\n", f);
    /* A depth change is the announced move's only: a re-search of it goes at the depth given. */
    pvscope_state.at[ply].reduced = pvscope_state.at[ply].extended = 0;
}

int pvscope_exit(int ply, int score, const char *end)
{
    int k = pvscope_state.nsub - 1;
    if (ply < 0 || ply > PVSCOPE_MAX_PLY) return score;
    fprintf(pvscope_state.out, "{\"kind\":\"exit\",\"node\":%d,\"score\":%d", pvscope_state.at[ply].id, score);
    if (end) pvscope_field("end", end);
    fputs("}\n", pvscope_state.out);
    if (k >= 0 && pvscope_state.sub[k].ply == ply && pvscope_state.sub[k].id == pvscope_state.at[ply].id) {
        /* The sub-search is over: the node it searched for has its moves back. */
        pvscope_state.at[ply] = pvscope_state.sub[k].node, pvscope_state.at[ply + 1] = pvscope_state.sub[k].next;
        pvscope_state.nsub = k;
    }
    return score;
}

void pvscope_subsearch(int ply, const char *purpose, const char *excluded)
{
    pvscope_state.sub_ply = ply;
    pvscope_copy(pvscope_state.sub_purpose, purpose);
    pvscope_copy(pvscope_state.sub_excluded, excluded);
}

/* pvscope_node_score writes stand-pat {node, score} or move-value {node, move, index, score}. */
void pvscope_node_score(const char *kind, int ply, int score)
{
    FILE *f = pvscope_state.out;
    if (ply < 0 || ply >= PVSCOPE_MAX_PLY) return;
    fprintf(f, "{\"kind\":\"%s\",\"node\":%d", kind, pvscope_state.at[ply].id);
    if (kind[0] == 'm') {
        pvscope_field("move", pvscope_state.at[ply + 1].move);
        fprintf(f, ",\"index\":%d", pvscope_state.at[ply].index - 1);
    }
    fprintf(f, ",\"score\":%d}\n", score);
}

void pvscope_prune(int ply, const char *move, const char *why)
{
    if (ply < 0 || ply > PVSCOPE_MAX_PLY) return;
    fprintf(pvscope_state.out, "{\"kind\":\"prune\",\"node\":%d", pvscope_state.at[ply].id);
    pvscope_field("move", move);
    pvscope_field("why", why);
    fputs("}\n", pvscope_state.out);
}

/* pvscope_tt_hit writes tt-hit {node, bound, depth, score, move}: the entry's depth. */
void pvscope_tt_hit(int ply, const char *bound, int depth, int score, const char *move)
{
    pvscope_tt("tt-hit", ply, 0, 0, bound, depth, score, 0, move);
}

/* pvscope_tt writes a tt-probe {node, key}, or a tt-hit or tt-store {node, key, bound, depth,
 * score, raw, move}; keyed 0: without key and raw (PVSCOPE_TT_HIT). */
void pvscope_tt(const char *kind, int ply, int keyed, unsigned long long key, const char *bound,
                int depth, int score, int raw, const char *move)
{
    FILE *f = pvscope_state.out;
    int probe = kind[3] == 'p';
    if (ply < 0 || ply > PVSCOPE_MAX_PLY) return;
    if (!probe && (!bound || (strcmp(bound, "exact") != 0 && strcmp(bound, "lower") != 0 && strcmp(bound, "upper") != 0))) {
        pvscope_stop(kind[3] == 'h' ? "PVSCOPE_TT_HIT: a bound other than exact, lower or upper"
                                    : "PVSCOPE_TT_STORE: a bound other than exact, lower or upper");
        return;
    }
    fprintf(f, "{\"kind\":\"%s\",\"node\":%d", kind, pvscope_state.at[ply].id);
    if (keyed) fprintf(f, ",\"key\":\"%llx\"", key);
    if (!probe) {
        pvscope_field("bound", bound);
        fprintf(f, ",\"depth\":%d,\"score\":%d", depth, score);
        if (keyed) fprintf(f, ",\"raw\":%d", raw);
        if (move && *move) pvscope_field("move", move);
    }
    fputs("}\n", f);
}

void pvscope_pv_move(const char *move)
{
    if (pvscope_state.pv_len < PVSCOPE_MAX_PV) pvscope_copy(pvscope_state.pv[pvscope_state.pv_len++], move);
}

void pvscope_root_pv(int depth, int score)
{
    fprintf(pvscope_state.out, "{\"kind\":\"root-pv\",\"depth\":%d,\"score\":%d", depth, score);
    pvscope_pv_field();
    fputs("}\n", pvscope_state.out);
}

#endif /* PVSCOPE_TRACE_EXTERN */

#else /* tracing off: nothing is compiled */

#define PVSCOPE_TRACE_TO(path) ((void)0)
#define PVSCOPE_ONLY_SEARCH(n) ((void)0)
#define PVSCOPE_ONLY_DEPTH(d) ((void)0)
#define PVSCOPE_POV(pov) ((void)0)
#define PVSCOPE_MATE_BAND(plies) ((void)0)
#define PVSCOPE_GAME(game, position) ((void)0)
#define PVSCOPE_SEARCH_START(fen, depth, bounds, mate, inf) ((void)0)
#define PVSCOPE_SEARCH_END(depth, score, move) ((void)0)
#define PVSCOPE_ITERATION_START(depth, alpha, beta) ((void)0)
#define PVSCOPE_ASPIRATION_FAIL(depth, score, alpha, beta) ((void)0)
#define PVSCOPE_ITERATION_END(depth, score) ((void)0)
#define PVSCOPE_MOVE(ply, move) ((void)0)
#define PVSCOPE_REDUCED(ply, plies, why) ((void)0)
#define PVSCOPE_EXTENDED(ply, plies, why) ((void)0)
#define PVSCOPE_ENTER(ply, alpha, beta, depth) ((void)0)
#define PVSCOPE_EXIT(ply, score) (score)
#define PVSCOPE_EXIT_END(ply, score, end) (score)
#define PVSCOPE_STAND_PAT(ply, score) ((void)0)
#define PVSCOPE_MOVE_VALUE(ply, score) ((void)0)
#define PVSCOPE_PRUNE(ply, move, why) ((void)0)
#define PVSCOPE_TT_HIT(ply, bound, depth, score, move) ((void)0)
#define PVSCOPE_TT_MATE(scheme) ((void)0)
#define PVSCOPE_TT_PROBE(ply, key) ((void)0)
#define PVSCOPE_TT_HIT_KEY(ply, key, bound, depth, score, raw, move) ((void)0)
#define PVSCOPE_TT_STORE(ply, key, bound, depth, score, raw, move) ((void)0)
#define PVSCOPE_PV_MOVE(move) ((void)0)
#define PVSCOPE_ROOT_PV(depth, score) ((void)0)
#define PVSCOPE_PAUSE() ((void)0)
#define PVSCOPE_RESUME() ((void)0)
#define PVSCOPE_SUBSEARCH(ply, purpose) ((void)0)
#define PVSCOPE_SINGULAR(ply, excluded) ((void)0)

#endif /* PVSCOPE_TRACE */
#endif /* PVSCOPE_TRACE_H */
