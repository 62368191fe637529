//go:build unix

package engine

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time the process has used (user and system, every
// thread: the garbage collector's work counts). On a machine shared with other
// work a benchmark's wall time grows with the load, its CPU time much less, so
// nodes per CPU second compare two benchmarks run at different moments better
// than nodes per second do.
func cpuTime() time.Duration {
	var u syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &u) != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
