/* Writes a one-ply search whose root caps a move's value (min(20, -child)): pvscope's
 * TestTraceKitCMoveValue checks it clean with the move-value line, and caught by
 * best-score without it ("kinds -n"). Move a is extended by a ply, for "check". */
#include <string.h>

#include "pvscope_trace.h"

int main(int argc, char **argv)
{
    int say_value = !(argc > 1 && strcmp(argv[1], "-n") == 0), best = -100, v;
    PVSCOPE_SEARCH_START(NULL, 1, "fail-soft", 0, 0);
    PVSCOPE_ENTER(0, -100, 100, 1);
    PVSCOPE_MOVE(0, "a");
    PVSCOPE_EXTENDED(0, 1, "check");
    PVSCOPE_ENTER(1, -100, 100, 1);
    v = -PVSCOPE_EXIT(1, -10);
    if (v > best) best = v;
    PVSCOPE_MOVE(0, "b");
    PVSCOPE_ENTER(1, -100, -best, 0);
    v = -PVSCOPE_EXIT(1, -50);
    if (v > 20) v = 20; /* the cap */
    if (say_value) PVSCOPE_MOVE_VALUE(0, v);
    if (v > best) best = v;
    PVSCOPE_SEARCH_END(1, PVSCOPE_EXIT(0, best), "b");
    return 0;
}
