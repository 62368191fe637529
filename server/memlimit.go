package server

// MemoryLimit is the Go runtime's soft memory limit (debug.SetMemoryLimit)
// for a server with these limits: -max-memory and an eighth more. The
// budget counts what the server keeps (recordings, tables, trees, traces);
// the runtime limit makes the collector work harder, and give memory back
// to the system sooner, as the heap nears it, so that a burst of searches
// whose tables and buffers come and go leaves the process near the flag
// rather than at twice it. The eighth is headroom for what the budget does
// not count (buffers of frames on their way, goroutines' stacks) so that the
// collector does not run without end on a full budget.
func MemoryLimit(lim Limits) int64 {
	m := lim.withDefaults().MaxMemory
	return m + m/8
}
