/* Writes a depth-1 search of tic-tac-toe after b2 a1 (meta.game "tictactoe", meta.position
 * "b2 a1", x to move): c3 scores 5, a3 2. pvscope's TestTraceKitGame checks it clean, its
 * moves judged by the game: c3 and a3 are empty squares there. */
#include "pvscope_trace.h"

int main(void)
{
    PVSCOPE_GAME("tictactoe", "b2 a1");
    PVSCOPE_SEARCH_START(NULL, 1, NULL, 0, 0);
    PVSCOPE_ITERATION_START(1, -32000, 32000);
    PVSCOPE_ENTER(0, -32000, 32000, 1);
    PVSCOPE_MOVE(0, "c3");
    PVSCOPE_ENTER(1, -32000, 32000, 0);
    (void)PVSCOPE_EXIT(1, -5);
    PVSCOPE_MOVE(0, "a3");
    PVSCOPE_ENTER(1, -32000, -5, 0);
    (void)PVSCOPE_EXIT(1, -2);
    (void)PVSCOPE_EXIT(0, 5);
    PVSCOPE_PV_MOVE("c3");
    PVSCOPE_ROOT_PV(1, 5);
    PVSCOPE_PV_MOVE("c3");
    PVSCOPE_ITERATION_END(1, 5);
    PVSCOPE_PV_MOVE("c3");
    PVSCOPE_SEARCH_END(1, 5, "c3");
    return 0;
}
