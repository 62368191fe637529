/* Writes, by the name given (iid, singular, razor, probcut), the search of a node's own
 * position in pvscope's tracer/testdata/subsearch/NAME.jsonl, written by hand there:
 * pvscope's TestTraceKitSubSearches holds each kit's events to that file's. */
#include <string.h>

#include "pvscope_trace.h"

int main(int argc, char **argv)
{
    const char *kind = argc > 1 ? argv[1] : "";
    int root = 0;
    if (strcmp(kind, "iid") == 0) {
        PVSCOPE_SEARCH_START(NULL, 2, "fail-soft", 0, 0);
        PVSCOPE_ENTER(0, -100, 100, 2);
        PVSCOPE_SUBSEARCH(0, "iid");
        PVSCOPE_ENTER(0, -100, 100, 1);
        PVSCOPE_MOVE(0, "a");
        PVSCOPE_ENTER(1, -100, 100, 0);
        (void)PVSCOPE_EXIT(1, 20);
        PVSCOPE_MOVE(0, "b");
        PVSCOPE_ENTER(1, -100, 20, 0);
        (void)PVSCOPE_EXIT(1, 15);
        (void)PVSCOPE_EXIT(0, -15);
        PVSCOPE_MOVE(0, "b");
        PVSCOPE_ENTER(1, -100, 100, 1);
        (void)PVSCOPE_EXIT_END(1, -10, "eval");
        PVSCOPE_MOVE(0, "a");
        PVSCOPE_ENTER(1, -11, -10, 1);
        (void)PVSCOPE_EXIT_END(1, -3, "eval");
        root = PVSCOPE_EXIT(0, 10);
    } else if (strcmp(kind, "singular") == 0) {
        PVSCOPE_SEARCH_START(NULL, 3, "fail-soft", 0, 0);
        PVSCOPE_ENTER(0, -100, 100, 3);
        PVSCOPE_SINGULAR(0, "a");
        PVSCOPE_ENTER(0, 29, 30, 1);
        PVSCOPE_MOVE(0, "b");
        PVSCOPE_ENTER(1, -30, -29, 0);
        (void)PVSCOPE_EXIT(1, 50);
        PVSCOPE_MOVE(0, "c");
        PVSCOPE_ENTER(1, -30, -29, 0);
        (void)PVSCOPE_EXIT(1, 60);
        (void)PVSCOPE_EXIT(0, -50);
        PVSCOPE_MOVE(0, "a");
        PVSCOPE_EXTENDED(0, 1, "singular");
        PVSCOPE_ENTER(1, -100, 100, 3);
        (void)PVSCOPE_EXIT_END(1, -40, "eval");
        PVSCOPE_MOVE(0, "b");
        PVSCOPE_ENTER(1, -41, -40, 2);
        (void)PVSCOPE_EXIT_END(1, 35, "eval");
        PVSCOPE_MOVE(0, "c");
        PVSCOPE_ENTER(1, -41, -40, 2);
        (void)PVSCOPE_EXIT_END(1, 45, "eval");
        root = PVSCOPE_EXIT(0, 40);
    } else if (strcmp(kind, "razor") == 0) {
        PVSCOPE_SEARCH_START(NULL, 2, "fail-soft", 0, 0);
        PVSCOPE_ENTER(0, -100, 100, 2);
        PVSCOPE_MOVE(0, "a");
        PVSCOPE_ENTER(1, -100, 100, 1);
        (void)PVSCOPE_EXIT_END(1, -10, "eval");
        PVSCOPE_MOVE(0, "b");
        PVSCOPE_ENTER(1, -11, -10, 1);
        PVSCOPE_SUBSEARCH(1, "razor");
        PVSCOPE_ENTER(1, -11, -10, 0);
        (void)PVSCOPE_EXIT_END(1, -40, "eval");
        (void)PVSCOPE_EXIT(1, -40);
        PVSCOPE_ENTER(1, -100, -10, 1); /* b again: no call names it */
        (void)PVSCOPE_EXIT_END(1, -35, "eval");
        root = PVSCOPE_EXIT(0, 35);
    } else if (strcmp(kind, "probcut") == 0) {
        PVSCOPE_SEARCH_START(NULL, 5, "fail-soft", 0, 0);
        PVSCOPE_ENTER(0, -100, 100, 5);
        PVSCOPE_MOVE(0, "a");
        PVSCOPE_ENTER(1, -100, 100, 4);
        (void)PVSCOPE_EXIT_END(1, -20, "eval");
        PVSCOPE_MOVE(0, "b");
        PVSCOPE_ENTER(1, -21, -20, 4);
        PVSCOPE_SUBSEARCH(1, "probcut");
        PVSCOPE_ENTER(1, 79, 80, 1);
        PVSCOPE_MOVE(1, "m");
        PVSCOPE_ENTER(2, -80, -79, 0);
        (void)PVSCOPE_EXIT_END(2, -90, "eval");
        (void)PVSCOPE_EXIT(1, 90);
        (void)PVSCOPE_EXIT(1, 90);
        root = PVSCOPE_EXIT(0, 20);
    } else {
        return 2;
    }
    PVSCOPE_SEARCH_END(0, root, NULL);
    return root == 0; /* every root here has a value: 0 would be a slip in this file */
}
