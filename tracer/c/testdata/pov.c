/* Writes a depth-2 search from White's view with Black to move (meta.pov "white") and a
 * mate band of 10: pvscope's TestTraceKitPovAndMateBand checks it clean, scoring 30 for Black. */
#include "pvscope_trace.h"

int main(void)
{
    PVSCOPE_POV("white");
    PVSCOPE_MATE_BAND(10);
    PVSCOPE_SEARCH_START("4k3/8/8/8/8/8/8/4K3 b - - 0 1", 2, NULL, 1000, 0);
    PVSCOPE_ITERATION_START(2, -32000, 32000);
    PVSCOPE_ENTER(0, -32000, 32000, 2);
    PVSCOPE_MOVE(0, "e8d8");
    PVSCOPE_ENTER(1, -32000, 32000, 1);
    PVSCOPE_MOVE(1, "e1d1");
    PVSCOPE_ENTER(2, -32000, 32000, 0);
    (void)PVSCOPE_EXIT(2, -30);
    (void)PVSCOPE_EXIT(1, -30);
    PVSCOPE_MOVE(0, "e8f8");
    PVSCOPE_ENTER(1, -31, -30, 1);
    PVSCOPE_MOVE(1, "e1f1");
    PVSCOPE_ENTER(2, -31, -30, 0);
    (void)PVSCOPE_EXIT(2, -20);
    (void)PVSCOPE_EXIT(1, -20);
    (void)PVSCOPE_EXIT(0, -30);
    PVSCOPE_PV_MOVE("e8d8");
    PVSCOPE_PV_MOVE("e1d1");
    PVSCOPE_ROOT_PV(2, -30);
    PVSCOPE_PV_MOVE("e8d8");
    PVSCOPE_PV_MOVE("e1d1");
    PVSCOPE_ITERATION_END(2, -30);
    PVSCOPE_PV_MOVE("e8d8");
    PVSCOPE_PV_MOVE("e1d1");
    PVSCOPE_SEARCH_END(2, -30, "e8d8");
    return 0;
}
