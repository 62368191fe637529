/* Writes a trace whose strings need escaping: pvscope's TestTraceKitCEscapes reads it back. */
#include "pvscope_trace.h"

int main(void)
{
    const char *s = "q\"u\\o\nt\te\x01\x1f \xc3\xa9";
    PVSCOPE_SEARCH_START(s, 1, NULL, 0, 0);
    PVSCOPE_ENTER(0, -10, 10, 1);
    PVSCOPE_PRUNE(0, s, s);
    PVSCOPE_MOVE(0, s);
    PVSCOPE_ENTER(1, -10, 10, 0);
    (void)PVSCOPE_EXIT(1, 3);
    (void)PVSCOPE_EXIT(0, -3);
    PVSCOPE_SEARCH_END(1, -3, NULL);
    return 0;
}
