/* Writes pvscope's tracer/testdata/tthit/tthit.jsonl, written by hand there: table entries
 * that answer a node (deep enough, then too shallow) and one that only orders its moves.
 * pvscope's TestTraceKitTTHit holds each kit's events to that file's. */
#include "pvscope_trace.h"

int main(void)
{
    int root;
    PVSCOPE_SEARCH_START(NULL, 3, "fail-soft", 0, 0);
    PVSCOPE_ENTER(0, -100, 100, 3);
    PVSCOPE_MOVE(0, "a");
    PVSCOPE_ENTER(1, -100, 100, 2);
    PVSCOPE_TT_HIT(1, "exact", 4, 10, "x");
    (void)PVSCOPE_EXIT_END(1, 10, "tt-cutoff");
    PVSCOPE_MOVE(0, "b");
    PVSCOPE_ENTER(1, -100, 10, 2);
    PVSCOPE_TT_HIT(1, "upper", 1, 30, NULL);
    PVSCOPE_MOVE(1, "c");
    PVSCOPE_ENTER(2, -10, 100, 1);
    (void)PVSCOPE_EXIT_END(2, 20, "eval");
    (void)PVSCOPE_EXIT(1, -20);
    PVSCOPE_MOVE(0, "d");
    PVSCOPE_ENTER(1, -100, -20, 2);
    PVSCOPE_TT_HIT(1, "lower", 1, -15, "y");
    (void)PVSCOPE_EXIT_END(1, -15, "tt-cutoff");
    root = PVSCOPE_EXIT(0, 20);
    PVSCOPE_SEARCH_END(0, root, NULL);
    return root != 20; /* 20 is the root's value: anything else would be a slip in this file */
}
