package main

import (
	"os"
	"runtime/debug"

	"github.com/pvscope/pvscope/server"
)

// setMemoryLimit gives the Go runtime a soft memory limit from -max-memory
// (server.RuntimeMemoryLimit), unless the GOMEMLIMIT environment variable sets one
// already: an administrator's own choice wins. It returns the limit in force.
func setMemoryLimit(lim server.Limits) int64 {
	if os.Getenv("GOMEMLIMIT") != "" {
		return debug.SetMemoryLimit(-1)
	}
	l := server.RuntimeMemoryLimit(lim.MaxMemory)
	debug.SetMemoryLimit(l)
	return l
}
